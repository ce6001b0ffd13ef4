"""Královská cesta search shaping (ai/search/royal_road.py): hop counts, the race value,
legality and view-only determinism of the hard agent with a small budget."""

from __future__ import annotations

import random
from dataclasses import replace

from ai_support import engine_or_skip, random_positions

from ai import make_agent
from ai.levels import search_config
from ai.search import royal_road as rr


def _twin(game, state, seat):
    """Another full state with the same view for ``seat`` but other hidden cards."""
    want = game.to_dict(game.view(state, seat))
    full = game.to_dict(state)
    for k in range(20):
        other = game.determinize(game.view(state, seat), seat, random.Random(500 + k))
        assert game.to_dict(game.view(other, seat)) == want
        if game.to_dict(other) != full:
            return other
    return None


def _small(agent, iterations=40):
    agent.config = replace(agent.config, iterations=iterations, seconds=30.0)
    return agent


def test_hard_uses_the_royal_road_search():
    game = engine_or_skip("royal_road")
    agent = make_agent("ismcts", game, "hard", seed=1)
    assert isinstance(agent, rr.PairedSearch)
    assert isinstance(agent.anchor_agent, rr.RaceGreedy)
    assert agent.config.iterations == rr.PLAYOUTS["hard"]
    assert make_agent("ismcts", game, "expert", seed=1).config.iterations \
        == rr.PLAYOUTS["expert"]


def test_hops_count_stops_ahead():
    """At the start every pyramid needs one hop per card of its colour ahead, plus one."""
    game = engine_or_skip("royal_road")
    state = game.new_game(3, 4)
    hops = rr.pyramid_hops(state)
    ti = state.ti
    for p, h in enumerate(hops):
        stops = sum(1 for q in range(1, ti.goal) if ti.stops[p // 3] >> q & 1)
        assert h == stops + 1


def test_race_evaluate_is_a_share():
    game = engine_or_skip("royal_road")
    for state in random_positions(game, 30, seed=3):
        if state.step == "keep":
            continue
        values = [rr.race_evaluate(game, state, s) for s in range(state.players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9 or state.winners


def test_hard_plays_legal_moves_on_random_positions():
    game = engine_or_skip("royal_road")
    for k, state in enumerate(random_positions(game, 24, seed=21)):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "hard", seed=k))
        assert agent.choose(view) in game.legal_moves(view)
        greedy = rr.RaceGreedy(game, seed=k)
        assert greedy.choose(view) in game.legal_moves(view)


def test_same_view_and_seed_give_the_same_move_whatever_is_hidden():
    game = engine_or_skip("royal_road")
    checked = 0
    for state in random_positions(game, 24, seed=17):
        seat = game.current_player(state)
        if len(game.legal_moves(state)) < 2:
            continue
        twin = _twin(game, state, seat)
        if twin is None:
            continue
        moves = [_small(make_agent("ismcts", game, "hard", seed=3)).choose(
            game.view(full, seat)) for full in (state, twin)]
        assert moves[0] == moves[1]
        checked += 1
    assert checked >= 3


def test_tree_variant_plays_legal_moves():
    """RoyalRoadSearch (the tree search with the race value) stays usable on its own."""
    game = engine_or_skip("royal_road")
    config = replace(search_config("royal_road", "hard"), iterations=30, seconds=30.0)
    for k, state in enumerate(random_positions(game, 8, seed=5)):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = rr.RoyalRoadSearch(game, k, config)
        assert agent.choose(view) in game.legal_moves(view)


def test_paired_search_spends_its_budget_on_real_choices_only():
    game = engine_or_skip("royal_road")
    searched = 0
    for state in random_positions(game, 30, seed=9):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "hard", seed=2))
        agent.choose(view)
        if len(game.legal_moves(view)) == 1 or view.step in ("keep", "bonus"):
            assert agent.stats.iterations == 0
        else:
            assert agent.stats.iterations >= len(game.legal_moves(view)) * 4
            searched += 1
    assert searched >= 5
