"""The interface every game of the rules core implements (see architecture.md).

``Game[S, M]`` is generic in the engine's state type ``S`` and move type ``M``: each engine
subclasses it with its own immutable state class and frozen move values, so code written
against the base (the AI's search, the arena) keeps the two apart from other games' and a
type checker sees a state of one game passed to another. Events are typed values on the
common ``Event`` base (``game.rules.events``); ``event_from_dict`` reads their dict forms back.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from game.rules.common import N_, IllegalMove, Result, StateError
from game.rules.events import Event, EventDecoder

S = TypeVar("S")
M = TypeVar("M")


class Game(ABC, Generic[S, M]):
    """One game under one validated house-rule set. Instances are shareable: they hold the
    rules and derived tables, never a position."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # every kind of event ``apply`` can return (``<game>.events.EVENT_TYPES``)
    event_types: ClassVar[tuple[type[Event], ...]] = ()

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules: dict[str, Any] = dict(rules)
        self._event_decoder = EventDecoder(self.event_types)

    def player_range(self) -> range:
        """Seat counts this rule set allows (house rules may narrow the game's own range)."""
        low: int = self.rules.get("players_min", self.min_players)
        high: int = self.rules.get("players_max", self.max_players)
        return range(low, high + 1)

    @abstractmethod
    def new_game(self, players: int, seed: int) -> S: ...

    @abstractmethod
    def current_player(self, state: S) -> int | None: ...

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]: ...

    @abstractmethod
    def apply(self, state: S, move: M) -> tuple[S, list[Event]]: ...

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result: ...

    @abstractmethod
    def view(self, state: S, seat: int) -> S: ...

    @abstractmethod
    def determinize(self, view: S, seat: int, rng: random.Random) -> S: ...

    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def format_move(self, move: M) -> str: ...

    @abstractmethod
    def players(self, state: S) -> int:
        """The number of seats (a view knows it too): callers need not serialise a state."""

    @abstractmethod
    def step(self, state: S) -> str:
        """The state's step as ``to_dict`` names it; "over" once the game has ended."""

    @abstractmethod
    def view_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        """What ``seat`` may see of the events ``apply`` returned (hidden cards unknown)."""

    def event_from_dict(self, data: Mapping[str, Any]) -> Event:
        """The typed event whose ``to_dict()`` is ``data`` (the inverse of ``to_dict``).

        Reads every event this game's ``apply`` returns and every copy ``view_events`` makes
        of one (hidden cards stay the unknowns the view put there): the ``type`` picks the
        class (of two with one ``type``, the one whose keys ``data`` has), renamed keys
        (``"from"``) go back to their fields, omitted fields take their defaults, lists
        become tuples and nested dicts their values (Cesta's ``Strength``), so
        ``event_from_dict(e.to_dict()) == e``. The JSON text of ``to_dict()`` reads the
        same. Since ``data`` may come from the network, anything else raises
        ``StateError`` with the reason: not a dict, an unknown ``type``, a missing or
        unknown key, or a value not of its field's type (``True`` is not an int here).
        """
        return self._event_decoder.decode(data)

    def events_from_dicts(self, data: Sequence[Mapping[str, Any]]) -> list[Event]:
        """``event_from_dict`` for each item of a list; the ``StateError`` names the index."""
        if not isinstance(data, list | tuple):
            raise StateError(f"events must be a list, not {type(data).__name__}")
        out: list[Event] = []
        for index, item in enumerate(data):
            try:
                out.append(self._event_decoder.decode(item))
            except StateError as error:
                raise StateError(f"event {index}: {error.reason}") from None
        return out

    def parse_move(self, state: S, text: str) -> M:
        """Find the legal move whose notation is ``text`` (whitespace-insensitive)."""
        wanted = " ".join(str(text).split())
        for move in self.legal_moves(state):
            if self.format_move(move) == wanted:
                return move
        raise IllegalMove.because(N_("That is not a legal move here."), wanted)
