"""Events read back from their dict forms: ``Game.event_from_dict`` inverts ``to_dict``.

Every event ``apply`` returns, and every copy ``view_events`` makes for each seat, must come
back equal from its dict (and from that dict's JSON text); anything else is network input
gone wrong and must raise ``StateError``, never another exception.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import random
import typing
from collections.abc import Iterator
from importlib import import_module
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import GAME_NAMES, AnyGame, Event, StateError, get_game
from game.rules.cesta.events import ClaimByComparison
from game.rules.cut_the_rope.events import Built
from game.rules.royal_road.events import PyramidMoved

# (house rules, player counts, games per count): variants reach the rarer kinds of event
PLAYS: dict[str, list[tuple[dict[str, Any], tuple[int, ...], int]]] = {
    "cesta": [({}, (2,), 12), ({"action_cards": False, "proof_claims": False}, (2,), 4)],
    "royal_road": [({}, (2, 3, 4, 5), 3),
                   ({"overstep": True, "overstep_penalty_turns": 2}, (2, 3, 4, 5), 2)],
    "cut_the_rope": [({}, (2, 3, 4, 5, 6), 2), ({"reshuffle": False}, (2, 3, 6), 2)],
}


@functools.cache
def _engine(name: str) -> AnyGame:
    return get_game(name)


def _module_event_classes(name: str) -> set[type[Event]]:
    module = import_module(f"game.rules.{name}.events")
    return {cls for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, Event) and cls.__module__ == module.__name__}


def _plays(name: str) -> Iterator[tuple[AnyGame, int, list[Event]]]:
    """(engine, seats, events of one ``apply``) for seeded random games."""
    for overrides, counts, games in PLAYS[name]:
        game = get_game(name, overrides)
        for players in counts:
            for seed in range(games):
                rng = random.Random(seed * 10 + players)
                state = game.new_game(players, seed)
                for _ in range(5000):
                    if game.is_over(state):
                        break
                    state, events = game.apply(state, rng.choice(game.legal_moves(state)))
                    yield game, players, events
                assert game.is_over(state)


def _same(game: AnyGame, event: Event) -> Event:
    data = event.to_dict()
    back = game.event_from_dict(data)
    assert back == event, (data, back)
    assert type(back) is type(event)
    assert back.type == event.type and back.reveals == event.reveals
    assert game.event_from_dict(json.loads(json.dumps(data))) == event
    return back


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_event_and_every_view_of_it_reads_back(name: str) -> None:
    seen: set[type[Event]] = set()
    for game, players, events in _plays(name):
        for event in events:
            seen.add(type(_same(game, event)))
        for seat in range(players):
            shown = game.view_events(events, seat)
            for view in shown:
                _same(game, view)
            assert game.events_from_dicts([v.to_dict() for v in shown]) == shown
    # the random games reach every kind, so the views of each are covered too
    assert seen == _module_event_classes(name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_event_class_of_the_game_is_known_to_the_decoder(name: str) -> None:
    game = get_game(name)
    classes = _module_event_classes(name)
    assert set(game.event_types) == classes
    assert len(game.event_types) == len(classes)


def _strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a field's type (events' fields: str, int, bool, None, tuples, records)."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_strategy(args[0]), max_size=4).map(tuple)
        return st.tuples(*(_strategy(arg) for arg in args))
    if origin is not None:  # a union
        return st.one_of(*(_strategy(arg) for arg in typing.get_args(hint)))
    if hint is type(None):
        return st.none()
    if dataclasses.is_dataclass(hint):
        return _builds(hint)
    return {str: st.text(max_size=4), int: st.integers(), bool: st.booleans()}[hint]


def _builds(cls: Any) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    # a field with a default that is never omitted tells same-type forms apart ("how")
    chosen = {spec.name: _strategy(hints[spec.name]) for spec in dataclasses.fields(cls)
              if spec.default is dataclasses.MISSING or "omit" in spec.metadata}
    return st.builds(cls, **chosen)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_any_value_of_every_event_class_reads_back(name: str) -> None:
    game = get_game(name)
    for cls in sorted(_module_event_classes(name), key=lambda c: c.__name__):
        @settings(max_examples=15, deadline=None, database=None)
        @given(_builds(cls))
        def reads_back(event: Event) -> None:
            _same(game, event)
        reads_back()


CESTA_PLAY = {"type": "play", "seat": 0, "card": "7h", "milestone": 1}
STRENGTH = {"category": "run", "sum": 24, "heart": True}
CLAIM = {"type": "claim", "seat": 1, "milestone": 2, "how": "comparison", "decided_by": "sum",
         "cards": ["7h", "8h", "9h"], "opponent_cards": ["7s", "8s", "9s"],
         "claimant": STRENGTH, "opponent": dict(STRENGTH, heart=False, rusted=False),
         "time": None, "deed": None}
MOVE = {"type": "move", "seat": 0, "pyramid": "r1", "from": 0, "to": 3, "path": [1, 2, 3]}
SWAP = {"type": "swap", "seat": 0, "positions": [2, 5]}
BUILD = {"type": "build", "seat": 0, "source": "hand", "card": "S", "row": 1, "value": 4}
END = {"type": "end", "seat": 0, "card": None, "aux": None, "new": False}


def test_the_examples_read_back_as_their_classes() -> None:
    """The bad inputs below are each one change away from these good ones."""
    cesta, road, rope = get_game("cesta"), get_game("royal_road"), get_game("cut_the_rope")
    claim = cesta.event_from_dict(CLAIM)
    assert isinstance(claim, ClaimByComparison) and claim.to_dict() == CLAIM
    assert claim.claimant.total == 24 and claim.opponent.rusted is False
    assert cesta.event_from_dict(CESTA_PLAY).to_dict() == CESTA_PLAY
    moved = road.event_from_dict(MOVE)
    assert isinstance(moved, PyramidMoved) and moved.from_ == 0 and moved.path == (1, 2, 3)
    assert road.event_from_dict(SWAP).to_dict() == SWAP
    built = rope.event_from_dict(BUILD)
    assert isinstance(built, Built) and built.aux is None and built.aux_removed is False
    assert rope.event_from_dict(dict(BUILD, aux=2, aux_removed=True)).to_dict() \
        == dict(BUILD, aux=2, aux_removed=True)
    assert rope.event_from_dict(END).to_dict() == END


BAD: list[tuple[str, Any, str]] = [
    # not a dict at all
    ("cesta", None, "must be a dict"),
    ("cesta", [CESTA_PLAY], "must be a dict"),
    ("cesta", "play", "must be a dict"),
    ("cesta", 7, "must be a dict"),
    # the type
    ("cesta", {k: v for k, v in CESTA_PLAY.items() if k != "type"}, "string 'type'"),
    ("cesta", dict(CESTA_PLAY, type=["play"]), "string 'type'"),
    ("cesta", dict(CESTA_PLAY, type={"a": 1}), "string 'type'"),
    ("cesta", dict(CESTA_PLAY, type="roll"), "unknown event type 'roll'"),
    ("royal_road", dict(CESTA_PLAY), "unknown event type 'play'"),
    # missing and extra keys
    ("cesta", {k: v for k, v in CESTA_PLAY.items() if k != "card"}, "missing 'card'"),
    ("cesta", dict(CESTA_PLAY, extra=1), "unknown 'extra'"),
    ("cesta", {**CESTA_PLAY, 3: 1}, "unknown 3"),
    ("royal_road", {k: v for k, v in MOVE.items() if k != "from"}, "missing 'from'"),
    ("royal_road", dict(MOVE, from_=0), "unknown 'from_'"),
    ("cesta", {k: v for k, v in CLAIM.items() if k != "how"}, "fits none"),
    ("cesta", dict(CLAIM, needed=1), "fits none"),
    ("cesta", dict(CLAIM, claimant={"category": "run", "total": 24, "heart": True}),
     "missing 'sum'"),
    # values of the wrong type
    ("cesta", dict(CESTA_PLAY, seat="0"), "'seat' must be an int, not str"),
    ("cesta", dict(CESTA_PLAY, seat=True), "'seat' must be an int, not bool"),
    ("cesta", dict(CESTA_PLAY, seat=0.0), "'seat' must be an int, not float"),
    ("cesta", dict(CESTA_PLAY, seat=None), "'seat' must be an int, not NoneType"),
    ("cesta", dict(CESTA_PLAY, card=7), "'card' must be a string"),
    ("cesta", dict(CLAIM, cards="7h 8h 9h"), "'cards' must be a list"),
    ("cesta", dict(CLAIM, cards=["7h", 8, "9h"]), "'cards'[1] must be a string"),
    ("cesta", dict(CLAIM, claimant=None), "'claimant' must be a dict"),
    ("cesta", dict(CLAIM, claimant=[1]), "'claimant' must be a dict"),
    ("cesta", dict(CLAIM, claimant=dict(STRENGTH, heart=1)), "'heart' must be a bool"),
    ("cesta", dict(CLAIM, opponent=dict(STRENGTH, rusted="no")), "'rusted' must be a bool"),
    ("cesta", dict(CLAIM, time="1"), "'time' must be an int"),
    ("royal_road", dict(SWAP, positions=[1, 2, 3]), "must be a list of 2, not 3"),
    ("royal_road", dict(SWAP, positions=[1]), "must be a list of 2, not 1"),
    ("royal_road", dict(MOVE, path={"a": 1}), "'path' must be a list"),
    ("royal_road", dict(MOVE, path=[[1]]), "'path'[0] must be an int"),
    ("cut_the_rope", dict(BUILD, aux="1"), "'aux' must be an int"),
    ("cut_the_rope", dict(BUILD, aux_removed=None), "'aux_removed' must be a bool"),
    ("cut_the_rope", dict(END, new=0), "'new' must be a bool"),
    ("cut_the_rope", dict(END, card=["S"]), "'card' must be a string"),
]


@pytest.mark.parametrize(("name", "data", "reason"), BAD)
def test_bad_data_raises_state_error_with_the_reason(name: str, data: Any, reason: str) -> None:
    with pytest.raises(StateError) as caught:
        _engine(name).event_from_dict(data)
    assert reason in caught.value.reason


def test_a_bad_list_of_events_names_the_bad_one() -> None:
    game = get_game("cesta")
    with pytest.raises(StateError, match="events must be a list"):
        game.events_from_dicts({"type": "play"})  # type: ignore[arg-type]
    with pytest.raises(StateError, match="event 1: .*'seat'"):
        game.events_from_dicts([CESTA_PLAY, dict(CESTA_PLAY, seat="x")])


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
GOOD = [("cesta", CESTA_PLAY), ("cesta", CLAIM), ("royal_road", MOVE), ("royal_road", SWAP),
        ("cut_the_rope", BUILD), ("cut_the_rope", END)]


@settings(max_examples=300, deadline=None, database=None)
@given(st.sampled_from(GOOD), st.data())
def test_any_damaged_event_reads_back_or_raises_state_error(
        example: tuple[str, dict[str, Any]], data: st.DataObject) -> None:
    name, good = example
    damaged = dict(good)
    for _ in range(data.draw(st.integers(1, 3))):
        field = data.draw(st.sampled_from([*good, "new"]))
        if data.draw(st.booleans()):
            damaged.pop(field, None)
        else:
            damaged[field] = data.draw(JSON)
    game = _engine(name)
    try:
        event = game.event_from_dict(damaged)
    except StateError:
        return
    assert isinstance(event, Event) and game.event_from_dict(event.to_dict()) == event
