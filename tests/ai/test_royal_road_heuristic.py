"""The Královská cesta heuristic: legal, blind to hidden cards, strategic, beats random."""

from __future__ import annotations

import random

import pytest

from ai.royal_road.heuristic import HeuristicAgent, evaluate, rollout_move
from game.rules import get_game
from tests.rules.test_royal_road_helpers import build, game, play


def _random_positions(g, count: int, seed: int):
    rng = random.Random(seed)
    out = []
    game_no = 0
    while len(out) < count:
        s = g.new_game(2 + game_no % 4, seed * 1000 + game_no)
        game_no += 1
        while not g.is_over(s):
            if rng.random() < 0.15:
                out.append(s)
            s, _ = g.apply(s, rng.choice(g.legal_moves(s)))
    return out[:count]


@pytest.mark.parametrize("overrides", [{}, {"overstep": True, "bonus_swap": "face-up-only"}])
def test_always_returns_a_legal_move(overrides):
    g = get_game("royal_road", overrides)
    for i, s in enumerate(_random_positions(g, 150, 3)):
        seat = g.current_player(s)
        view = g.view(s, seat)
        move = HeuristicAgent(g, seed=i).choose(view)
        assert move in g.legal_moves(s)
        assert rollout_move(g, s, random.Random(i)) in g.legal_moves(s)
        assert rollout_move(g, view, random.Random(i)) in g.legal_moves(s)
        for who in range(s.players):
            assert 0.0 <= evaluate(g, s, who) <= 1.0


def test_mistakes_level_still_legal():
    g = get_game("royal_road")
    for i, s in enumerate(_random_positions(g, 40, 4)):
        move = HeuristicAgent(g, seed=i, mistakes=1.0).choose(g.view(s, g.current_player(s)))
        assert move in g.legal_moves(s)


def test_choice_never_depends_on_hidden_cards():
    g = get_game("royal_road")
    checked = 0
    for i, s in enumerate(_random_positions(g, 80, 5)):
        seat = g.current_player(s)
        view = g.view(s, seat)
        a = g.determinize(view, seat, random.Random(1))
        b = g.determinize(view, seat, random.Random(2))
        va, vb = g.view(a, seat), g.view(b, seat)
        assert g.to_dict(va) == g.to_dict(vb)
        ma = HeuristicAgent(g, seed=i).choose(va)
        mb = HeuristicAgent(g, seed=i).choose(vb)
        assert ma == mb
        checked += g.to_dict(a)["kept"] != g.to_dict(b)["kept"]
    assert checked > 40   # the hidden goals really differed


def test_keeps_cards_sharing_pyramids():
    g = game()
    hand = ["rS-yM-gL", "bS-kM-gL", "rS-yM-bL", "kS-gM-yL", "yS-bM-rL"]
    others = set(hand)
    seed = next(n for n in range(100)
                if not others & set(g.to_dict(g.new_game(2, n))["track"]))
    d = g.to_dict(g.new_game(2, seed))
    d["dealt"][0] = hand
    d["dealt"][1] = [c for c in d["deck"] if c not in others][:5]
    d["deck"] = [c for c in d["deck"] if c not in others and c not in d["dealt"][1]]
    s = g.from_dict(d)
    move = HeuristicAgent(g).choose(g.view(s, 0))
    # rS-yM-gL and rS-yM-bL share two pyramids (rS, yM): the most compact pair
    assert g.format_move(move) == "keep rS-yM-gL rS-yM-bL"


def test_takes_the_winning_move():
    g = game()
    kept = [["rS-gM-bL", "yS-kM-gL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, color="w", pyramids={"gM": 14, "bL": 14, "rS": 11}, kept=kept)
    move = HeuristicAgent(g).choose(g.view(s, 0))
    assert g.format_move(move) == "move rS 14"


def test_does_not_complete_a_trio_the_opponent_has_been_pushing():
    g = game()
    kept = [["yS-kM-gL", "gS-yM-kL"], ["rS-gM-bL", "kS-bM-yL"]]
    s = build(g, color="r", pyramids={"gM": 14, "bL": 14, "rS": 11, "rM": 2}, kept=kept)
    d = g.to_dict(s)
    d["history"] = [[1, "gM", 0, 7], [1, "gM", 7, 14], [1, "bL", 0, 9], [1, "bL", 9, 14],
                    [1, "rS", 0, 11]]
    s = g.from_dict(d)
    move = HeuristicAgent(g).choose(g.view(s, 0))
    assert g.format_move(move) != "move rS 14"


def test_sends_the_leaders_pyramid_through_the_trapdoor():
    g = game()
    kept = [["yS-kM-gL", "gS-yM-kL"], ["rS-gM-bL", "kS-bM-yL"]]
    s = build(g, color="r", pyramids={"gM": 14, "bL": 14, "rS": 12}, kept=kept)
    d = g.to_dict(s)
    d["history"] = [[1, "gM", 0, 7], [1, "gM", 7, 14], [1, "bL", 0, 9], [1, "bL", 9, 14],
                    [1, "rS", 0, 12]]
    s = g.from_dict(d)
    move = HeuristicAgent(g).choose(g.view(s, 0))
    assert g.format_move(move) == "move rS 13"


def test_reports_an_opponents_overstep():
    g = game(overstep=True)
    kept = [["rS-gM-bL", "yS-kM-bL"], ["yS-kM-gL", "gS-yM-kL"]]
    s = build(g, color="r", cards={3: "rS-yM-gL"}, pyramids={"rM": 14, "rL": 14}, kept=kept)
    s2, _ = play(g, s, "move rS 12")
    move = HeuristicAgent(g).choose(g.view(s2, 1))
    assert g.format_move(move) == "report"


def test_reuses_a_colour_that_finishes_its_trio():
    g = game()
    kept = [["rS-gM-bL", "yS-kM-gL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, step="color", color=None, prev="r", kept=kept,
              pyramids={"gM": 14, "bL": 14, "rS": 11})
    move = HeuristicAgent(g).choose(g.view(s, 0))
    assert g.format_move(move) == "reuse"


def test_wins_a_seeded_match_against_random():
    from ai.agents import RandomAgent

    g = get_game("royal_road")
    wins = 0
    games = 15
    for i in range(games):
        hseat = i % 3
        agents = [HeuristicAgent(g, seed=i) if s == hseat else RandomAgent(g, seed=10 * i + s)
                  for s in range(3)]
        s = g.new_game(3, 500 + i)
        while not g.is_over(s):
            seat = g.current_player(s)
            s, _ = g.apply(s, agents[seat].choose(g.view(s, seat)))
        wins += g.result(s).winners == (hseat,)
    assert wins >= 11   # random seats win 1/3 each; the heuristic wins ~95 % or more


def test_never_reuses_a_colour_that_can_only_pass():
    # if every seat reused a dead colour the game would stall forever
    g = game()
    lying = ("rS", "rM", "rL", "yS")
    s = build(g, step="color", color=None, prev="r", players=3, lying=lying,
              pyramids={"rS": 5, "rM": 5, "rL": 5, "yS": 5})
    move = HeuristicAgent(g).choose(g.view(s, 0))
    assert g.format_move(move) == "roll"


def test_self_play_games_end():
    g = get_game("royal_road")
    for i in range(3):
        agents = [HeuristicAgent(g, seed=100 * i + s) for s in range(3)]
        s = g.new_game(3, 31337 + i)
        while not g.is_over(s):
            assert s.turn < 1000, "heuristic self-play stalled"
            seat = g.current_player(s)
            s, _ = g.apply(s, agents[seat].choose(g.view(s, seat)))


def test_rolls_rather_than_reuse_round_a_loop():
    # Three heuristics once reused blue for ever: each pushed its blue pyramid from card 1
    # to card 9, the third push filled card 9, and its bonus swap sent the card back to 1.
    # Once this seat has made one of the reused colour's pushes twice, it rolls.
    from game.rules.royal_road.cards import PYR_INDEX

    g = game()
    kept = [["bS-kM-rL", "kS-bM-rL"], ["gS-kM-bL", "rS-kM-bL"], ["kS-bM-gL", "kS-gM-rL"]]
    s = build(g, step="color", color=None, prev="b", players=3, kept=kept,
              pyramids={"bS": 1, "bM": 1, "bL": 1, "kM": 14, "rL": 14})
    agent = HeuristicAgent(g)
    assert not agent._reuse_repeats(g.view(s, 0), 0)
    assert g.format_move(agent.choose(g.view(s, 0))) == "reuse"  # blue finishes a trio
    reused = s.clone()
    reused.color, reused.step = PYR_INDEX["bS"] // 3, "move"
    target = max(m.to for m in g.legal_moves(reused) if getattr(m, "pyramid", "") == "bS")
    once = (0, PYR_INDEX["bS"], 1, target, None)
    s.log = once
    assert not agent._reuse_repeats(g.view(s, 0), 0)   # once is a game, twice a loop
    s.log = (0, PYR_INDEX["bS"], 1, target, once)
    assert agent._reuse_repeats(g.view(s, 0), 0)
    assert g.format_move(agent.choose(g.view(s, 0))) == "roll"


def test_the_looping_three_heuristic_game_now_ends():
    from ai.arena import GameJob, play_game

    # seed 5001, game 7 of the arena: before the loop breaker it ran past 3,000 moves
    report = play_game(GameJob(7, "royal_road", None, ("heuristic",) * 3, 5001, 3000))
    assert report["winners"], report["reason"]
