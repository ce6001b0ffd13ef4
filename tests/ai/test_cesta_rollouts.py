"""Cesta's expert rollout search: legal, view-only, repeatable, a fixed budget, and never
worse-chosen than the heuristic when the rollouts cannot tell the candidates apart."""

from __future__ import annotations

import random
from dataclasses import replace

from ai.cesta.heuristic import HeuristicAgent
from ai.cesta.judge import DRAW_SHARE
from ai.cesta.rollouts import QuickHeuristic, RolloutConfig, RolloutSearch
from game.rules.cesta.moves import Draw
from tests.support.ai_support import default_engine, random_positions

SMALL = RolloutConfig(rollouts=24, candidates=4, horizon=2, rounds=2)


def decisions(game, count: int, seed: int) -> list:
    return [s for s in random_positions(game, count, seed=seed) if len(game.legal_moves(s)) > 1]


def test_legal_moves_on_many_positions():
    game = default_engine("cesta")
    agent = RolloutSearch(game, 2, SMALL)
    for state in decisions(game, 50, seed=31):
        view = game.view(state, game.current_player(state))
        assert agent.choose(view) in game.legal_moves(state)


def test_same_view_and_seed_give_the_same_move_whatever_is_hidden():
    game = default_engine("cesta")
    checked = 0
    for state in decisions(game, 30, seed=8):
        seat = game.current_player(state)
        view = game.view(state, seat)
        twin = None
        for k in range(10):
            other = game.determinize(view, seat, random.Random(700 + k))
            if game.to_dict(other) != game.to_dict(state):
                twin = other
                break
        if twin is None:
            continue
        moves = [RolloutSearch(game, 9, SMALL).choose(game.view(full, seat))
                 for full in (state, twin)]
        assert moves[0] == moves[1]
        checked += 1
    assert checked >= 10


def test_budget_is_a_fixed_count_of_rollouts():
    """Plays spend the whole count (split over the candidates), draws their share; the
    count does not depend on how long anything took."""
    game = default_engine("cesta")
    cfg = RolloutConfig(rollouts=30, candidates=5, horizon=2, rounds=3)
    seen = {"draw": 0, "play": 0}
    for state in decisions(game, 24, seed=14):
        agent = RolloutSearch(game, 3, cfg)
        agent.choose(game.view(state, state.to_move))
        candidates = len(agent.last_candidates)
        if candidates < 2:
            assert agent.last_rollouts == 0
            continue
        if isinstance(game.legal_moves(state)[0], Draw):
            assert agent.last_rollouts <= max(2, round(30 * DRAW_SHARE))
            seen["draw"] += 1
        else:
            assert candidates <= 5
            assert 30 - candidates < agent.last_rollouts <= 30
            seen["play"] += 1
        again = RolloutSearch(game, 3, cfg)
        again.choose(game.view(state, state.to_move))
        assert again.last_rollouts == agent.last_rollouts
    assert seen["draw"] and seen["play"]


def test_candidates_are_the_heuristics_best_plays_its_own_first():
    game = default_engine("cesta")
    for state in decisions(game, 30, seed=5):
        if isinstance(game.legal_moves(state)[0], Draw):
            continue
        view = game.view(state, state.to_move)
        agent = RolloutSearch(game, 4, SMALL)
        agent.choose(view)
        assert agent.last_candidates[0] == HeuristicAgent(game, seed=4).choose(view)
        assert len(set(agent.last_candidates)) == len(agent.last_candidates)


def test_an_unbeatable_anchor_plays_the_heuristics_move():
    """With the anchor test out of reach the search only confirms the heuristic: the
    safety net that keeps noisy rollouts from making play worse."""
    game = default_engine("cesta")
    cfg = replace(SMALL, anchor=1e9)
    for state in decisions(game, 30, seed=12):
        view = game.view(state, state.to_move)
        assert RolloutSearch(game, 6, cfg).choose(view) == \
            HeuristicAgent(game, seed=6).choose(view)


def test_rollout_policy_plays_like_the_heuristic_on_draws():
    """The quick policy shares the heuristic's deck choice exactly (it only samples
    completions faster for plays)."""
    game = default_engine("cesta")
    checked = 0
    for state in random_positions(game, 60, seed=17):
        moves = game.legal_moves(state)
        if len(moves) < 2 or not isinstance(moves[0], Draw):
            continue
        view = game.view(state, state.to_move)
        assert QuickHeuristic(game, 1).choose(view) == HeuristicAgent(game, 1).choose(view)
        checked += 1
    assert checked


def test_a_rollout_that_ends_the_game_scores_the_result():
    """A play that wins at once is found and kept: its rollouts score 1 in every world."""
    game = default_engine("cesta")
    found = 0
    rng = random.Random(4)
    for seed in range(200):
        state = game.new_game(2, seed)
        while not game.is_over(state) and found < 3:
            moves = game.legal_moves(state)
            winning = [m for m in moves if _wins_next(game, state, m)]
            if winning and not isinstance(moves[0], Draw) and len(moves) > 1:
                agent = RolloutSearch(game, 1, replace(SMALL, candidates=len(moves)))
                move = agent.choose(game.view(state, state.to_move))
                assert _wins_next(game, state, move)
                found += 1
            state = game.apply(state, moves[rng.randrange(len(moves))])[0]
        if found >= 3:
            break
    assert found >= 1


def _wins_next(game, state, move) -> bool:
    """``move`` (a play) makes the mover win at the start of its next turn whatever the
    draws and the opponent's reply (checked over every reply in this world)."""
    seat = state.to_move
    after = game.apply(state, move)[0]
    while not game.is_over(after) and after.to_move == seat:
        after = game.apply(after, game.legal_moves(after)[0])[0]
    if game.is_over(after):
        return seat in game.result(after).winners
    for reply in game.legal_moves(after):
        line = game.apply(after, reply)[0]
        while not game.is_over(line) and line.to_move != seat:
            line = game.apply(line, game.legal_moves(line)[0])[0]
        if not game.is_over(line) or seat not in game.result(line).winners:
            return False
    return True


def test_rollouts_are_judged_two_own_turns_deep(monkeypatch):
    """With the expert's horizon the judge sees the position at the start of the player's
    turn after next: each seat has laid exactly two more cards (the candidate included)."""
    import ai.cesta.rollouts as rollouts

    game = default_engine("cesta")
    judged: list = []

    def spy(game_, state, seat, rng=None):
        judged.append(state)
        return 0.5

    monkeypatch.setattr(rollouts, "judged_value", spy)
    checked = 0
    for state in decisions(game, 40, seed=23):
        laid = [sum(len(state.ev[2 * m + s]) + len(state.act[2 * m + s])
                    for m in range(game.milestones)) for s in (0, 1)]
        if isinstance(game.legal_moves(state)[0], Draw) or max(laid) > 4:
            continue  # an early play: nobody passes or wins within two turns
        seat = state.to_move
        judged.clear()
        RolloutSearch(game, 5, replace(SMALL, horizon=4)).choose(game.view(state, seat))
        assert judged
        for end in judged:
            assert end.to_move == seat and end.step == 0
            now = [sum(len(end.ev[2 * m + s]) + len(end.act[2 * m + s])
                       for m in range(game.milestones)) for s in (0, 1)]
            assert now == [laid[0] + 2, laid[1] + 2]
        checked += 1
    assert checked >= 3




def test_a_passed_deadline_decides_at_once_with_the_heuristics_move():
    """The hint worker's wall-clock guard (``Agent.deadline``): once it has passed, the
    search stops and the heuristic's move stands (no candidate has beaten it yet)."""
    import time

    game = default_engine("cesta")
    state = next(s for s in decisions(game, 30, seed=12)
                 if not isinstance(game.legal_moves(s)[0], Draw))
    seat = game.current_player(state)
    view = game.view(state, seat)
    agent = RolloutSearch(game, 4, SMALL)
    agent.deadline = time.perf_counter() - 1.0
    move = agent.choose(view)
    assert agent.last_rollouts == 0
    assert move == agent.last_candidates[0]   # the anchor: the heuristic's own choice


def test_the_hint_agent_is_the_expert_search_on_a_smaller_count():
    from ai import hint_agent, make_agent
    from ai.levels import HINT, HINT_SECONDS

    game = default_engine("cesta")
    hint = hint_agent(game, 1)
    expert = make_agent("ismcts", game, "expert", seed=1)
    assert isinstance(hint, RolloutSearch) and hint.exact_endgames and hint.deadline is None
    assert hint.config.horizon == expert.config.horizon
    assert hint.config.rollouts < expert.config.rollouts
    assert HINT not in ("easy", "normal", "hard", "expert") and 0 < HINT_SECONDS <= 2.0
