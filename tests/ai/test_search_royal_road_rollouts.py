"""Královská cesta rollout search (ai/search/royal_road_rollouts.py): the rollout player,
legality, view-only determinism and a hand-built position where only a rollout sees that
the greedy's move hands an opponent the game."""

from __future__ import annotations

import random

import pytest

from ai import make_agent
from ai.search import royal_road as rr
from ai.search import royal_road_rollouts as rro
from tests.rules.test_royal_road_helpers import build
from tests.rules.test_royal_road_helpers import game as rules_game
from tests.support.ai_support import engine_or_skip, random_positions


def _twin(game, state, seat):
    """Another full state with the same view for ``seat`` but other hidden cards."""
    want = game.to_dict(game.view(state, seat))
    full = game.to_dict(state)
    for k in range(20):
        other = game.determinize(game.view(state, seat), seat, random.Random(700 + k))
        assert game.to_dict(game.view(other, seat)) == want
        if game.to_dict(other) != full:
            return other
    return None


def _small(agent, rollouts=12):
    """A cheap budget, and no wall-clock cap to make the result depend on the machine."""
    agent.rollouts = rollouts
    agent.seconds = 60.0
    return agent


class _Oracle:
    """A belief stub that deals every world as the true state, with fresh dice: the test
    position's outcome then depends on the candidate move and the dice only."""

    def __init__(self, state):
        self.state = state

    def observe(self, view, seat):
        pass

    def sample(self, view, seat, rng):
        world = self.state.clone()
        world.rng = rng.getrandbits(64)
        return world


@pytest.fixture(autouse=True)
def _expert_plays_rollouts(monkeypatch):
    """No level plays the rollout search by default (see ROLLOUT_SETTINGS): these tests
    opt expert in, as the screens did."""
    monkeypatch.setitem(rro.ROLLOUT_SETTINGS, "expert", dict(rro.ROLLOUT_EXPERT))


def test_levels_with_rollout_settings_use_the_rollout_search():
    game = engine_or_skip("royal_road")
    for level in rro.ROLLOUT_SETTINGS:
        agent = make_agent("ismcts", game, level, seed=1)
        assert isinstance(agent, rro.RolloutSearch) and isinstance(agent, rr.RaceGreedy)
        assert agent.rollouts == rro.ROLLOUT_SETTINGS[level]["rollouts"]
        assert agent.belief is not None  # worlds drawn by belief, not uniformly


def test_rollout_player_finishes_games_and_takes_a_win():
    game = engine_or_skip("royal_road")
    for state in random_positions(game, 12, seed=51):
        if state.step == "keep":
            continue
        trios = [rro._trios_of(state.kept[s]) for s in range(state.players)]
        policy = rro.RacePolicy(game, trios)
        moves = 0
        while state.to_move is not None and moves < 3000:
            move = policy.choose(state)
            assert move in game.legal_moves(state)
            state = game.apply(state, move)[0]
            moves += 1
        assert state.winners
    g = rules_game()
    kept = [["rS-gM-bL", "yS-kM-gL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, color="w", pyramids={"gM": 14, "bL": 14, "rS": 11}, kept=kept)
    policy = rro.RacePolicy(g, [rro._trios_of(row) for row in kept])
    assert g.format_move(policy.choose(s)) == "move rS 14"


def test_plays_legal_moves_on_random_positions():
    game = engine_or_skip("royal_road")
    searched = 0
    for k, state in enumerate(random_positions(game, 24, seed=21)):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "expert", seed=k))
        move = agent.choose(view)
        assert move in game.legal_moves(view)
        if agent.last_rollouts:
            assert move in agent.last_candidates
            assert len(agent.last_candidates) >= 2
            assert agent.last_rollouts >= agent.rollouts // 2
            assert all(0.0 <= v <= 1.0 for v in agent.last_means.values())
            searched += 1
    assert searched >= 3


def test_same_view_and_seed_give_the_same_move_whatever_is_hidden():
    """Agents get views only: two full states with the same view give the same move."""
    game = engine_or_skip("royal_road")
    checked = 0
    for state in random_positions(game, 40, seed=17):
        seat = game.current_player(state)
        if len(game.legal_moves(state)) < 2:
            continue
        twin = _twin(game, state, seat)
        if twin is None:
            continue
        moves = [_small(make_agent("ismcts", game, "expert", seed=3)).choose(
            game.view(full, seat)) for full in (state, twin)]
        assert moves[0] == moves[1]
        checked += 1
    assert checked >= 3


def test_rollouts_see_that_a_push_hands_the_opponent_the_game():
    """Seat 1 holds rS-gM-bL with gM and bL in GOAL; seat 0 (to move, red) needs only yS,
    one hop from GOAL. Pushing rS into GOAL (the anchor here) completes seat 1's trio, and
    seat 1 wins at the end of its next turn: every rollout of it scores 0. Dropping rS
    through the trapdoor keeps the race open, and the search must overrule the anchor."""
    g = rules_game()
    kept = [["yS-kM-gL", "gS-yM-kL"], ["rS-gM-bL", "kS-bM-yL"]]
    s = build(g, color="r", kept=kept,
              pyramids={"gM": 14, "bL": 14, "rS": 11, "kM": 14, "gL": 14, "yS": 12})
    view = g.view(s, 0)
    legal = {g.format_move(m): m for m in g.legal_moves(view)}
    bad, trapdoor = legal["move rS 14"], legal["move rS 13"]
    agent = rro.RolloutSearch(g, 2, rollouts=40, belief=_Oracle(s), seconds=60.0)
    assert agent._decide(view, [bad, trapdoor]) == trapdoor
    assert agent.last_means[bad] == 0.0
    assert agent.last_means[trapdoor] > 0.5
    assert agent.last_rollouts == 40


def test_explain_works_for_the_rollout_level():
    game = engine_or_skip("royal_road")
    for state in random_positions(game, 6, seed=61):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "expert", seed=4))
        move = agent.choose(view)
        for lang in ("en", "cs"):
            text = agent.explain(view, move, lang)
            assert isinstance(text, str) and text.strip()
