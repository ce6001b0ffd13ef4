"""Events are typed frozen values: one name for one thing, a ``reveals`` flag, a dict form.

The dict form (``to_dict``) is what logs, saves and the network carry, so it must be JSON
text; the transitional mapping face must answer exactly as that dict does.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.rules import GAME_NAMES, get_game
from game.rules.cut_the_rope.events import Built
from game.rules.events import Event
from game.rules.royal_road.events import PyramidMoved

PLAYERS = {"cesta": 2, "royal_road": 3, "cut_the_rope": 2}
# what a player learns from these that was hidden (or chance) before: undo stops there
REVEALING = {"draw", "roll", "reshuffle", "pile_revealed"}


def _events_of_games(name: str, games: int = 6) -> list[Event]:
    game = get_game(name)
    out: list[Event] = []
    for seed in range(games):
        state = game.new_game(PLAYERS[name], seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.is_over(state):
                break
            state, events = game.apply(state, rng.choice(game.legal_moves(state)))
            out += events
    return out


@pytest.mark.parametrize("name", GAME_NAMES)
def test_events_are_frozen_typed_values_with_a_json_dict_form(name: str) -> None:
    events = _events_of_games(name)
    assert events[-1].type == "game_over" and events[-1].reason
    for event in events:
        assert isinstance(event, Event) and dataclasses.is_dataclass(event)
        data = event.to_dict()
        assert data["type"] == event.type and next(iter(data)) == "type"
        assert json.loads(json.dumps(data)) == data
        assert event.reveals == (event.type in REVEALING), event
        hash(event)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, dataclasses.fields(event)[0].name, None)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_events_are_values_not_mappings(name: str) -> None:
    """Events are read by attribute; the dict is only their JSON form (``to_dict``)."""
    for event in _events_of_games(name, games=1)[:200]:
        assert not hasattr(event, "__getitem__") and not hasattr(event, "get")
        assert event.to_dict()["type"] == event.type


def test_the_end_is_game_over_in_every_game_with_winners_and_a_reason() -> None:
    for name in GAME_NAMES:
        last = _events_of_games(name, games=1)[-1]
        assert last.type == "game_over", name
        assert set(last.to_dict()) >= {"type", "winners", "reason"}


def test_dict_keys_that_are_not_identifiers_or_are_left_out() -> None:
    moved = PyramidMoved(seat=0, pyramid="rS", from_=0, to=3, path=(1, 2, 3))
    assert moved.to_dict() == {"type": "move", "seat": 0, "pyramid": "rS", "from": 0, "to": 3,
                               "path": [1, 2, 3]}
    assert moved.from_ == 0
    hand = Built(seat=1, source="hand", card="S", row=2, value=4)
    assert "aux" not in hand.to_dict() and "aux_removed" not in hand.to_dict()
    aux = Built(seat=1, source="aux", card="4", row=2, value=4, aux=1, aux_removed=True)
    assert aux.to_dict()["aux"] == 1 and aux.aux_removed is True


def test_game_over_reasons_are_short_codes_shared_between_games() -> None:
    """A stalemate is "stalemate" in Cesta and Cut the Rope alike (the Result keeps its
    sentence); a pile win is "pile_emptied", a royal_road win "trio_in_goal"."""
    reasons = {name: {e.reason for e in _events_of_games(name, games=12)
                      if e.type == "game_over"} for name in GAME_NAMES}
    assert reasons["cut_the_rope"] <= {"pile_emptied", "stalemate"}
    assert reasons["royal_road"] == {"trio_in_goal"}
    assert reasons["cesta"] <= {"win_any", "win_ends", "stalemate"}
