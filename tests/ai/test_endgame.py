"""Exact endgames: once a view pins down every hidden card, hard and
expert search the rest exactly; what they find must agree with a plain minimax, and a
position an exact search wins must be won."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ai import agent_for_level, make_agent
from ai.endgame import determined_state, exact_move, solve
from game.rules import get_game

# Seat 1 to move, both decks empty; only "play YO 1" wins (the normal heuristic played
# "play DEED 1" here). Found by playing seeded games to the empty decks.
CESTA_ONE_WIN: dict[str, Any] = {
    "game": "cesta", "version": 1, "players": 2, "to_move": 1, "winners": [],
    "rules": {"hand_size": 5, "milestones": 5, "win_any": 3, "win_ends": True,
              "ranking": ["colour_run", "three_of_a_kind", "colour", "run", "sum"],
              "heart_tiebreak": True, "proof_claims": True, "action_cards": True,
              "action_copies": 2},
    "step": "play", "passes": 0,
    "hands": [["GO", "RUST", "RUST", "GA", "TIME"], ["DEED", "G8", "Y10", "YO", "R8"]],
    "event_deck": [], "action_deck": [],
    "milestones": [
        {"sides": [{"events": ["Y7", "Y8", "Y9"], "actions": []},
                   {"events": ["GU", "GK"], "actions": []}], "owner": None},
        {"sides": [{"events": ["YK", "RA", "G7"], "actions": []},
                   {"events": ["BO", "BK", "RU"], "actions": []}], "owner": 1},
        {"sides": [{"events": ["G10", "G9", "BU"], "actions": []},
                   {"events": ["R9", "R10", "RK"], "actions": []}], "owner": 1},
        {"sides": [{"events": ["RO"], "actions": []},
                   {"events": ["B7", "B10", "BA"], "actions": []}], "owner": None},
        {"sides": [{"events": ["YA", "YU"], "actions": ["DEED", "TIME"]},
                   {"events": ["B9", "R7", "B8"], "actions": []}], "owner": None}],
    "reason": None, "view_of": None, "rng": 13014006648051235788}


def minimax(game: Any, state: Any, seat: int) -> float:
    """``seat``'s score under best play, by brute force (no pruning, no table)."""
    if game.is_over(state):
        winners = game.result(state).winners
        return 0.5 if len(winners) != 1 else float(seat in winners)
    values = [minimax(game, game.apply(state, m)[0], seat) for m in game.legal_moves(state)]
    return max(values) if game.current_player(state) == seat else min(values)


def late_cesta(seed: int) -> Any:
    """A seeded random Cesta game played until both decks are empty (None if it ended)."""
    game = get_game("cesta")
    rng = random.Random(seed)
    state = game.new_game(2, seed)
    while not game.is_over(state):
        if not state.event_deck and not state.action_deck and state.step == 0:
            return state
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])[0]
    return None


def test_cesta_hidden_hand_follows_from_elimination_once_decks_are_empty() -> None:
    game = get_game("cesta")
    state = game.from_dict(CESTA_ONE_WIN)
    view = game.view(state, 1)
    assert set(view.hands[0]) == {-1, -2}  # the view really hides the other hand
    known = determined_state(game, view, 1)
    assert known is not None
    assert sorted(known.hands[0]) == sorted(state.hands[0])
    assert known.hands[1] == state.hands[1]


def test_cesta_not_determined_while_a_deck_has_cards() -> None:
    game = get_game("cesta")
    state = game.new_game(2, 3)
    seat = game.current_player(state)
    assert determined_state(game, game.view(state, seat), seat) is None
    assert exact_move(game, game.view(state, seat), seat) is None


def test_cesta_exact_search_finds_the_only_winning_move() -> None:
    game = get_game("cesta")
    state = game.from_dict(CESTA_ONE_WIN)
    winning = [m for m in game.legal_moves(state)
               if minimax(game, game.apply(state, m)[0], 1) == 1.0]
    assert [game.format_move(m) for m in winning] == ["play YO 1"]
    solution = solve(game, state, seconds=10.0)
    assert solution is not None and solution.value == 1.0
    assert game.format_move(solution.move) == "play YO 1"
    for level in ("hard", "expert"):
        agent = make_agent("ismcts", game, level, seed=2)
        assert game.format_move(agent.choose(game.view(state, 1))) == "play YO 1"
        assert agent.last_exact is not None and agent.last_exact.value == 1.0


@pytest.mark.parametrize("seed", [1, 9, 21])
def test_cesta_exact_value_agrees_with_brute_force(seed: int) -> None:
    game = get_game("cesta")
    state = late_cesta(seed)
    assert state is not None
    seat = game.current_player(state)
    solution = solve(game, state, seconds=10.0)
    assert solution is not None
    assert solution.value == minimax(game, state, seat)
    # and the move it gives achieves that value
    assert minimax(game, game.apply(state, solution.move)[0], seat) == solution.value


def test_hard_agent_wins_every_won_late_position_against_the_heuristic() -> None:
    game = get_game("cesta")
    checked = 0
    for seed in range(20):
        state = late_cesta(seed)
        if state is None:
            continue
        seat = game.current_player(state)
        solution = solve(game, state, seconds=10.0)
        if solution is None or solution.value != 1.0:
            continue
        hard = make_agent("ismcts", game, "hard", seed=seed)
        other = make_agent("heuristic", game, "normal", seed=seed)
        while not game.is_over(state):
            mover = game.current_player(state)
            agent = hard if mover == seat else other
            state = game.apply(state, agent.choose(game.view(state, mover)))[0]
        assert game.result(state).winners == (seat,), seed
        checked += 1
    assert checked >= 5


def test_time_cap_gives_up_instead_of_guessing() -> None:
    game = get_game("cesta")
    state = late_cesta(5)
    assert state is not None
    full = solve(game, state, seconds=10.0)
    assert full is not None and full.nodes > 256  # more nodes than one look at the clock
    assert solve(game, state, seconds=0.0) is None
    seat = game.current_player(state)
    agent = make_agent("ismcts", game, "hard", seed=1)
    agent.exact_seconds = 0.0
    move = agent.choose(game.view(state, seat))  # falls back to its ordinary search
    assert move in game.legal_moves(state) and agent.last_exact is None


# ---------------------------------------------------------------------------- Cut the Rope

def rope_position(piles: list[list[str]], hands: list[list[str]],
                  rows: list[tuple[list[str], bool] | None], aux: list[list[list[str]]],
                  draw: list[str] | None = None, to_move: int = 0) -> dict[str, Any]:
    """A hand-built two-player position; every card not placed lies on the discard pile."""
    game = get_game("cut_the_rope")
    used: Counter[str] = Counter()
    for group in (*piles, *hands, *(r[0] for r in rows if r), *(c for a in aux for c in a),
                  draw or []):
        used.update(group)
    discard = [code for code, n in [*((str(v), 14) for v in range(1, 11)), ("S", 20)]
               for _ in range(n - used[code])]
    data = game.to_dict(game.new_game(2, 0))
    data.update(piles=piles, hands=hands, aux=aux, discard=discard, draw=draw or [],
                to_move=to_move, stall=0, began_empty=False, built=False,
                rows=[None if r is None else {"cards": r[0], "dir": "up" if r[1] else "down"}
                      for r in rows])
    return data


def test_cut_the_rope_exact_search_wins_through_the_auxiliary_row() -> None:
    # Seat 0 wins this turn only by 5, 6 from hand, 7 from its auxiliary row, 8 from hand
    # and its last pile card 9 onto the up row.
    game = get_game("cut_the_rope")
    state = game.from_dict(rope_position(
        [["9"], ["3"]], [["5", "6", "8", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3", "4"], True), None, None], [[["7"]], []]))
    view = game.view(state, 0)
    known = determined_state(game, view, 0)
    assert known is not None and known.hands == state.hands
    solution = exact_move(game, view, 0)
    assert solution is not None and solution.value == 1.0
    start = state
    # the search's hard settings, and the client's hard seat (the ladder's heuristic with a
    # few random moves: in a solved endgame the exact search plays, never a random move)
    for agent in (make_agent("ismcts", game, "hard", seed=4),
                  agent_for_level(game, "hard", seed=4)):
        state = start
        while not game.is_over(state) and game.current_player(state) == 0:
            state = game.apply(state, agent.choose(game.view(state, 0)))[0]
            assert agent.last_exact is not None
        assert game.is_over(state) and game.result(state).winners == (0,)


def test_cut_the_rope_not_determined_while_cards_can_be_drawn_or_piles_hide_values() -> None:
    game = get_game("cut_the_rope")
    drawing = game.from_dict(rope_position(
        [["9"], ["3"]], [["5", "6", "8", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3", "4"], True), None, None], [[["7"]], []], draw=["7", "2"]))
    assert determined_state(game, game.view(drawing, 0), 0) is None
    hidden_pile = game.from_dict(rope_position(
        [["2", "9"], ["5", "3"]], [["5", "6", "8", "2", "3", "3"],
                                   ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3", "4"], True), None, None], [[["7"]], []]))
    assert determined_state(game, game.view(hidden_pile, 0), 0) is None


def test_cut_the_rope_reshuffle_makes_a_line_inexact() -> None:
    # No win this turn and the next refill shuffles the discard pile: no exact answer.
    game = get_game("cut_the_rope")
    state = game.from_dict(rope_position(
        [["9"], ["3"]], [["5", "2", "2", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3"], True), None, None], [[["7"]], []]))
    assert solve(game, state, seconds=5.0) is None
