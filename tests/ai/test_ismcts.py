"""ISMCTS mechanics: budgets, availability, tree depth, the heuristic anchor, playouts."""

from __future__ import annotations

import random

import pytest

from ai import make_agent
from ai.ismcts import ISMCTSAgent, SearchConfig
from tests.support.ai_support import default_engine, random_positions


def choice_positions(game, count, seed=1):
    return [s for s in random_positions(game, count * 3, seed=seed)
            if len(game.legal_moves(s)) > 1][:count]


@pytest.mark.parametrize("name", ["cesta", "royal_road", "cut_the_rope"])
def test_iteration_budget_is_exact_and_root_visits_add_up(name):
    game = default_engine(name)
    state = choice_positions(game, 1, seed=3)[0]
    seat = game.current_player(state)
    agent = ISMCTSAgent(game, 1, SearchConfig(seconds=None, iterations=60))
    root = agent.search(game.view(state, seat), seat)
    assert agent.stats.iterations == 60
    assert root.visits == 60
    assert sum(child.visits for child in root.children.values()) == 60
    legal = set(game.legal_moves(state))
    assert set(root.children) <= legal
    for child in root.children.values():
        assert child.player == seat
        assert 0.0 <= child.reward <= child.visits
        assert child.avail >= child.visits


def test_a_budget_is_required():
    game = default_engine("cesta")
    with pytest.raises(ValueError):
        ISMCTSAgent(game, 0, SearchConfig(seconds=None, iterations=None))


def test_time_budget_is_kept():
    game = default_engine("cesta")
    state = choice_positions(game, 1)[0]
    agent = ISMCTSAgent(game, 1, SearchConfig(seconds=0.05))
    agent.choose(game.view(state, game.current_player(state)))
    assert agent.stats.iterations > 0
    assert agent.stats.seconds < 0.5


def test_forced_move_needs_no_search():
    game = default_engine("cesta")
    for state in random_positions(game, 200, seed=5):
        moves = game.legal_moves(state)
        if len(moves) == 1:
            agent = ISMCTSAgent(game, 1, SearchConfig(seconds=None, iterations=10**9))
            assert agent.choose(game.view(state, game.current_player(state))) == moves[0]
            assert agent.stats.iterations == 0
            return
    pytest.skip("no forced move met")


def test_tree_depth_one_is_flat_monte_carlo():
    game = default_engine("cut_the_rope")
    state = choice_positions(game, 1, seed=4)[0]
    seat = game.current_player(state)
    agent = ISMCTSAgent(game, 2, SearchConfig(seconds=None, iterations=80, tree_depth=1))
    root = agent.search(game.view(state, seat), seat)
    assert root.children and all(not c.children for c in root.children.values())


@pytest.mark.parametrize("name", ["cesta", "royal_road", "cut_the_rope"])
def test_strict_anchor_plays_the_heuristic_move(name):
    """With an unreachable z-score the search can never overrule the heuristic."""
    game = default_engine(name)
    for k, state in enumerate(choice_positions(game, 6, seed=6)):
        view = game.view(state, game.current_player(state))
        agent = ISMCTSAgent(game, k, SearchConfig(seconds=None, iterations=30, anchor=1e9))
        expected = make_agent("heuristic", game, seed=k).choose(view)
        assert agent.choose(view) == expected


def test_playout_rewards_are_probabilities_for_every_seat():
    game = default_engine("royal_road")
    agent = ISMCTSAgent(game, 3, SearchConfig(seconds=None, iterations=1, horizon=3))
    rng = random.Random(4)
    for state in random_positions(game, 20, seed=8):
        reward = agent._playout(state, rng, 0, game.current_player(state))
        values = [reward(seat) for seat in range(3)]
        assert all(0.0 <= v <= 1.0 for v in values)


def test_ismcts_beats_random_at_cesta_with_a_small_budget():
    """Search must be worth something even with 60 iterations a move."""
    game = default_engine("cesta")
    wins = 0
    for seed in range(4):
        state = game.new_game(2, seed)
        agents = [ISMCTSAgent(game, seed, SearchConfig(seconds=None, iterations=60)),
                  make_agent("random", game, seed=seed)]
        order = [0, 1] if seed % 2 == 0 else [1, 0]
        while not game.is_over(state):
            seat = game.current_player(state)
            move = agents[order[seat]].choose(game.view(state, seat))
            state = game.apply(state, move)[0]
        winners = game.result(state).winners
        wins += order.index(0) in winners and len(winners) == 1
    assert wins >= 3
