"""Královská cesta search shaping (ai/royal_road/reply_search.py): hop counts, the race value,
legality, view-only determinism and the close-call comparison of the hard agent."""

from __future__ import annotations

import random

from ai import make_agent
from ai.royal_road import reply_search as rr
from tests.support.ai_support import default_engine, random_positions


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


def _small(agent, samples=4):
    """A cheap budget, and no wall-clock cap to make the result depend on the machine."""
    agent.samples = samples
    agent.seconds = 60.0
    return agent


def test_hard_and_expert_use_the_reply_search():
    game = default_engine("royal_road")
    hard = make_agent("ismcts", game, "hard", seed=1)
    expert = make_agent("ismcts", game, "expert", seed=1)
    assert isinstance(hard, rr.ReplySearch) and isinstance(hard, rr.RaceGreedy)
    assert hard.samples == rr.SAMPLES["hard"] < expert.samples == rr.SAMPLES["expert"]
    assert hard.belief is not None  # hidden cards drawn by belief, not uniformly
    assert expert.leaf == "belief" and expert.colour  # see LEVEL_SETTINGS


def test_hops_count_stops_ahead():
    """At the start every pyramid needs one hop per card of its colour ahead, plus one."""
    game = default_engine("royal_road")
    state = game.new_game(3, 4)
    hops = rr.pyramid_hops(state)
    ti = state.ti
    for p, h in enumerate(hops):
        stops = sum(1 for q in range(1, ti.goal) if ti.stops[p // 3] >> q & 1)
        assert h == stops + 1


def test_trio_strength_prefers_fewer_hops_and_counts_a_backup():
    hops = [3.0] * 15
    one = rr.trio_strength(hops, [(0, 4, 8)])
    hops[0] = 1.0
    better = rr.trio_strength(hops, [(0, 4, 8)])
    assert better > one
    assert rr.trio_strength(hops, [(0, 4, 8), (1, 5, 9)]) > better


def test_race_reading_is_a_share_and_exact_at_the_end():
    game = default_engine("royal_road")
    for state in random_positions(game, 30, seed=3):
        if state.step == "keep":
            continue
        seat = game.current_player(state)
        reading = rr._RaceReading(game, game.view(state, seat), seat)
        value = reading.value(state)
        if state.winners:
            assert abs(value) == rr.WIN
        else:
            assert 0.0 <= value <= 1.0


def test_hard_plays_legal_moves_on_random_positions():
    game = default_engine("royal_road")
    for k, state in enumerate(random_positions(game, 24, seed=21)):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "hard", seed=k))
        assert agent.choose(view) in game.legal_moves(view)
        greedy = rr.RaceGreedy(game, seed=k)
        assert greedy.choose(view) in game.legal_moves(view)


def test_same_view_and_seed_give_the_same_move_whatever_is_hidden():
    game = default_engine("royal_road")
    checked = 0
    for state in random_positions(game, 40, seed=17):
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


def test_close_calls_are_compared_and_the_rest_left_to_the_greedy():
    """Only move steps whose best greedy values lie within the margin are simulated; the
    choice is always one of those close moves, every draw playing each of them."""
    game = default_engine("royal_road")
    compared = 0
    for k, state in enumerate(random_positions(game, 60, seed=9)):
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(make_agent("ismcts", game, "hard", seed=k), samples=3)
        move = agent.choose(view)
        if view.step == "color" and agent.colour:
            assert agent.last_compared in (0, 2)  # roll against reuse, when close
            continue
        if view.step != "move" or len(game.legal_moves(view)) < 2:
            assert agent.last_compared == 0
        if agent.last_compared:
            assert 2 <= agent.last_compared <= agent.top_k
            assert agent.last_samples == 3
            assert move in game.legal_moves(view)
            compared += 1
    assert compared >= 3


def test_a_simulated_round_scores_wins_losses_and_shares():
    """A simulated round scores 1 or 0 once someone has won, else a race share."""
    game = default_engine("royal_road")
    agent = _small(make_agent("ismcts", game, "hard", seed=5))
    for state in random_positions(game, 80, seed=31):
        if state.step != "move":
            continue
        seat = game.current_player(state)
        reading = rr._RaceReading(game, game.view(state, seat), seat)
        for move in game.legal_moves(state):
            value = agent._after_replies(state, move, seat, reading, 7)
            after = game.apply(state, move)[0]
            assert 0.0 <= value <= 1.0
            if after.winners:
                assert value == (1.0 if seat in after.winners else 0.0)


def test_belief_leaf_scores_the_trios_the_draw_dealt():
    """The expert's leaf: my share of the race against the kept cards of the state it is
    given, so a state where an opponent's kept trio stands nearer GOAL scores lower."""
    game = default_engine("royal_road")
    for state in random_positions(game, 40, seed=41):
        if state.step == "keep" or state.winners:
            continue
        seat = game.current_player(state)
        share = rr.belief_share(state, seat)
        assert 0.0 < share < 1.0
        hops = rr.pyramid_hops(state)
        strengths = [rr.trio_strength(hops, rr._trios_of(state.kept[s]))
                     for s in range(state.players)]
        assert abs(share - strengths[seat] / sum(strengths)) < 1e-9
        if strengths[seat] == max(strengths):
            assert share >= 1.0 / state.players - 1e-9


def test_unknown_leaf_is_refused():
    game = default_engine("royal_road")
    try:
        rr.ReplySearch(game, 1, leaf="playout")
    except ValueError as exc:
        assert "playout" in str(exc)
    else:
        raise AssertionError("an unknown leaf was accepted")


def test_colour_search_settles_close_roll_or_reuse_calls():
    """With ``colour``, a close roll-or-reuse choice is played out both ways on the same
    draws; the answer is one of the two, and other colour steps stay the greedy's."""
    game = default_engine("royal_road")
    searched = 0
    for k, state in enumerate(random_positions(game, 80, seed=13)):
        if state.step != "color":
            continue
        seat = game.current_player(state)
        view = game.view(state, seat)
        agent = _small(rr.ReplySearch(game, k, samples=2, colour=True, leaf="belief"), 2)
        move = agent.choose(view)
        texts = [game.format_move(m) for m in game.legal_moves(view)]
        assert game.format_move(move) in texts
        if agent.last_compared:
            assert agent.last_compared == 2 and "reuse" in texts
            assert game.format_move(move) in ("roll", "reuse")
            searched += 1
        plain = _small(rr.ReplySearch(game, k, samples=2), 2)
        plain.choose(view)
        assert plain.last_compared == 0
    assert searched >= 1


