"""The Cut the Rope heuristic: legal, view-only, recognisable strategy, beats random."""

from __future__ import annotations

import random

import pytest

from ai.agents import RandomAgent
from ai.cut_the_rope.heuristic import HeuristicAgent, evaluate, rollout_move
from game.rules import get_game
from tests.rules.test_cut_the_rope_rules import table

GAME = get_game("cut_the_rope")


def random_positions(count: int, seed: int = 0):
    """Positions along building-biased random games for 2..6 players."""
    rng = random.Random(seed)
    out = []
    game_no = 0
    while len(out) < count:
        players = 2 + game_no % 5
        state = GAME.new_game(players, seed * 1000 + game_no)
        game_no += 1
        while not GAME.is_over(state) and len(out) < count:
            if rng.random() < 0.1:
                out.append(state)
            moves = GAME.legal_moves(state)
            builds = [m for m in moves if m.kind == "build"]
            move = rng.choice(builds) if builds and rng.random() < 0.85 else rng.choice(
                [m for m in moves if m.kind == "end"])
            state, _ = GAME.apply(state, move)
    return out


def test_always_returns_a_legal_move() -> None:
    agent = HeuristicAgent(GAME, seed=1)
    for state in random_positions(300):
        view = GAME.view(state, state.to_move)
        move = agent.choose(view)
        assert move in GAME.legal_moves(state)
        assert rollout_move(GAME, view, random.Random(0)) in GAME.legal_moves(state)
        assert rollout_move(GAME, state, random.Random(0)) in GAME.legal_moves(state)


def test_easy_level_mistakes_still_legal_and_sometimes_different() -> None:
    clumsy = HeuristicAgent(GAME, seed=3, mistakes=1.0)
    careful = HeuristicAgent(GAME, seed=3)
    differ = 0
    for state in random_positions(80, seed=2):
        view = GAME.view(state, state.to_move)
        move = clumsy.choose(view)
        assert move in GAME.legal_moves(state)
        differ += move != careful.choose(view)
    assert differ > 10


def test_choice_never_depends_on_hidden_cards() -> None:
    for state in random_positions(60, seed=4):
        seat = state.to_move
        view = GAME.view(state, seat)
        chosen = set()
        for k in range(4):
            other = GAME.determinize(view, seat, random.Random(k))  # other hidden cards
            chosen.add(HeuristicAgent(GAME, seed=9).choose(GAME.view(other, seat)))
        assert len(chosen) == 1


def test_plays_the_chain_that_reaches_the_pile_card() -> None:
    state = GAME.from_dict(table(piles=[["9", "5"], ["8"]], hands=[["3", "4", "7"], []],
                                 rows=[("up", ["1", "2"])]))
    agent = HeuristicAgent(GAME)
    line = []
    for _ in range(3):
        move = agent.choose(GAME.view(state, 0))
        line.append(GAME.format_move(move))
        state, _ = GAME.apply(state, move)
    assert line == ["build hand:3 row:1", "build hand:4 row:1", "build pile row:1"]


def test_spends_scissors_when_they_reach_the_pile() -> None:
    state = GAME.from_dict(table(piles=[["9", "9"], ["7", "6"]], hands=[["S", "8"], []],
                                 rows=[("up", ["1", "2", "3"])]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert GAME.format_move(move) == "build hand:S new:down"  # then the pile's 9


def test_plays_the_pile_card_before_other_builds() -> None:
    state = GAME.from_dict(table(piles=[["9", "4"], ["8"]], hands=[["1", "10"], []],
                                 rows=[("up", ["1", "2", "3"])]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert GAME.format_move(move) == "build pile row:1"


def test_plays_the_last_pile_card_to_win() -> None:
    state = GAME.from_dict(table(piles=[["S"], ["8"]], hands=[["1", "10"], []]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert GAME.format_move(move).startswith("build pile")


def test_does_not_feed_the_next_players_pile_card() -> None:
    # building the 4 gains one hand card but lets seat 1 play its open 5 at once
    state = GAME.from_dict(table(piles=[["9", "9"], ["7", "5"]], hands=[["4", "8"], []],
                                 rows=[("up", ["1", "2", "3"])],
                                 aux=[[["2"], ["6"], ["7"]], []]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert move.kind == "end"


def test_keeps_scissors_for_the_pile() -> None:
    # no line reaches the pile's 7, so the scissors stay in hand
    state = GAME.from_dict(table(piles=[["9", "7"], ["7", "6"]], hands=[["S", "8"], []],
                                 rows=[("up", ["1", "2", "3"])]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert GAME.format_move(move) == "end hand:8 aux:new"


def test_end_card_keeps_aux_rows_in_sequence() -> None:
    state = GAME.from_dict(table(piles=[["9", "9"], ["7", "7"]], hands=[["6"], []],
                                 aux=[[["3"], ["7"]], []], rows=[("up", ["1"])]))
    move = HeuristicAgent(GAME).choose(GAME.view(state, 0))
    assert GAME.format_move(move) == "end hand:6 aux:2"


def test_evaluate_is_a_probability_that_favours_the_smaller_pile() -> None:
    ahead = GAME.from_dict(table(piles=[["9"], ["7"] * 10], hands=[[], []]))
    assert evaluate(GAME, ahead, 0) > 0.5 > evaluate(GAME, ahead, 1)
    assert evaluate(GAME, ahead, 0) + evaluate(GAME, ahead, 1) == pytest.approx(1.0)
    state = GAME.new_game(4, 3)
    assert sum(evaluate(GAME, state, s) for s in range(4)) == pytest.approx(1.0)
    won = GAME.from_dict(table(piles=[[], ["7"]], hands=[[], []], to_move=None, winners=[0]))
    assert evaluate(GAME, won, 0) == 1.0 and evaluate(GAME, won, 1) == 0.0


def test_beats_random_in_a_seeded_match() -> None:
    wins = 0
    games = 16
    for i in range(games):
        hero = HeuristicAgent(GAME, seed=i)
        other = RandomAgent(GAME, seed=i)
        seat = i % 2
        state = GAME.new_game(2, 700 + i)
        for _ in range(5000):
            if GAME.is_over(state):
                break
            agent = hero if state.to_move == seat else other
            state, _ = GAME.apply(state, agent.choose(GAME.view(state, state.to_move)))
        wins += GAME.is_over(state) and seat in GAME.result(state).winners
    assert wins >= 15


@pytest.mark.parametrize("players", [3, 6])
def test_multiplayer_games_finish_with_heuristic_seats(players: int) -> None:
    agents = [HeuristicAgent(GAME, seed=s) for s in range(players)]
    state = GAME.new_game(players, 42)
    for _ in range(5000):
        if GAME.is_over(state):
            break
        state, _ = GAME.apply(state, agents[state.to_move].choose(
            GAME.view(state, state.to_move)))
    assert GAME.is_over(state)
