"""The OpenSpiel face of Cesta (``tools/ai/openspiel_cesta.py``) and its match harness.

They run where the optional ``open-spiel`` package is installed (the ``[test]`` extra
installs it on Linux x86-64, where its wheel exists); elsewhere the module is skipped.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from game.rules import get_game  # noqa: E402
from tools.ai import openspiel_cesta as oc  # noqa: E402
from tools.ai.openspiel_match import play_game, summarise  # noqa: E402


@pytest.fixture(scope="module")
def spiel_game() -> oc.CestaSpielGame:
    game = pyspiel.load_game(oc.SHORT_NAME, {"seed": 4})
    assert isinstance(game, oc.CestaSpielGame)
    return game


def _midgame(game: oc.CestaSpielGame, plies: int, seed: int) -> oc.CestaSpielState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_load_game_deals_the_engines_game(spiel_game: oc.CestaSpielGame) -> None:
    engine = get_game("cesta")
    ours = engine.new_game(2, 4)
    state = spiel_game.new_initial_state()
    assert state.current_player() == engine.current_player(ours)
    assert state.legal_actions() == sorted(m.idx for m in engine.legal_moves(ours))
    assert spiel_game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_actions_are_the_engines_moves(spiel_game: oc.CestaSpielGame) -> None:
    """Applying an action is applying the engine's move with that idx, step for step."""
    engine = spiel_game.engine
    ours = engine.new_game(2, 4)
    state = spiel_game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        move = next(m for m in engine.legal_moves(ours) if m.idx == action)
        assert state.action_to_string(state.current_player(), action) == engine.format_move(move)
        ours = engine.apply(ours, move)[0]
        state.apply_action(action)
        assert engine.to_dict(state.inner) == engine.to_dict(ours)
    winners = engine.result(ours).winners
    returns = state.returns()
    assert sum(returns) == 0.0
    if winners:
        assert returns[winners[0]] == 1.0 and returns[1 - winners[0]] == -1.0
    else:
        assert returns == [0.0, 0.0]


def test_an_illegal_action_is_refused(spiel_game: oc.CestaSpielGame) -> None:
    state = spiel_game.new_initial_state()
    illegal = next(a for a in range(spiel_game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(illegal)


def test_clone_is_independent(spiel_game: oc.CestaSpielGame) -> None:
    state = _midgame(spiel_game, 6, 1)
    before = spiel_game.engine.to_dict(state.inner)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert spiel_game.engine.to_dict(state.inner) == before
    assert spiel_game.engine.to_dict(copy.inner) != before


def test_resampling_keeps_the_information_state_and_redeals_the_hidden(
        spiel_game: oc.CestaSpielGame) -> None:
    state = _midgame(spiel_game, 10, 2)
    player = state.current_player()
    other = 1 - player
    key = state.information_state_string(player)
    hidden = set()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(12):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == key
        assert sample.inner.hands[player] == state.inner.hands[player]
        assert sample.inner.ev == state.inner.ev
        hidden.add(tuple(sorted(sample.inner.hands[other])))
    assert len(hidden) > 1  # the other hand really is dealt anew
    # the two players' information states differ (each sees its own hand)
    assert state.information_state_string(other) != key


def test_the_bot_plays_only_from_the_view(spiel_game: oc.CestaSpielGame) -> None:
    """Two deals its player cannot tell apart get the same move from equally seeded bots:
    the search reads nothing but the view (our determinize deals the hidden cards)."""
    state = _midgame(spiel_game, 8, 5)
    player = state.current_player()
    twin = oc.resample(spiel_game, state, player, random.Random(99))
    assert twin.inner.hands[1 - player] != state.inner.hands[1 - player] or \
        twin.inner.event_deck != state.inner.event_deck
    first = oc.make_bot(spiel_game, 40, seed=7).step(state)
    second = oc.make_bot(spiel_game, 40, seed=7).step(twin)
    assert first == second
    assert first in state.legal_actions()


def test_match_game_and_summary() -> None:
    """The harness plays a whole game between our agent and the bot and counts it."""
    records = [play_game(index, 3, 8, agent="heuristic") for index in range(2)]
    assert [r["hard_seat"] for r in records] == [0, 1]
    for record in records:
        assert record["winner"] in ("hard", "bot", "draw")
        assert record["moves"]["hard"] + record["moves"]["bot"] == record["length"]
    report = summarise(records, 8, 3, "heuristic")
    assert report["games"] == 2
    assert report["hard_wins"] == sum(r["winner"] == "hard" for r in records)
    low, high = report["ci95"]
    assert 0.0 <= low <= report["hard_win_rate"] <= high <= 1.0
