"""What ``apply`` reports in Cut the Rope, in the order things happen.

Rows and auxiliary rows are numbered from 1; cards are their codes ("1".."10", "S").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, get_args

from game.rules.events import Event, omitted_when


@dataclass(frozen=True, slots=True, kw_only=True)
class RowStarted(Event):
    """A new main row opened, running ``dir`` ("up" from 1 or "down" from the top)."""

    type: ClassVar[str] = "row_started"
    seat: int
    row: int
    dir: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Built(Event):
    """A card from ``source`` ("pile", "hand" or "aux") laid on main row ``row`` as
    ``value``; from an auxiliary row also which one (``aux``) and whether it emptied."""

    type: ClassVar[str] = "build"
    seat: int
    source: str
    card: str
    row: int
    value: int
    aux: int | None = omitted_when(None)
    aux_removed: bool = omitted_when(False)


@dataclass(frozen=True, slots=True, kw_only=True)
class RowCompleted(Event):
    """A main row reached its end: its cards go to the discard pile."""

    type: ClassVar[str] = "row_completed"
    row: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PileRevealed(Event):
    """The new top card of a personal pile is turned face up."""

    type: ClassVar[str] = "pile_revealed"
    reveals: ClassVar[bool] = True
    seat: int
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    """The ``end`` move: ``card`` put on auxiliary row ``aux`` (``new`` if it opened that
    row), or no card at all (an empty hand)."""

    type: ClassVar[str] = "end"
    seat: int
    card: str | None
    aux: int | None
    new: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """Cards drawn into a hand; ``view_events`` shows other seats "??"."""

    type: ClassVar[str] = "draw"
    reveals: ClassVar[bool] = True
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """The discard pile (``cards`` of them) shuffled into a new draw pile: chance."""

    type: ClassVar[str] = "reshuffle"
    reveals: ClassVar[bool] = True
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NextTurn(Event):
    """Play passes to ``seat``."""

    type: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """The end: ``seat`` emptied its personal pile (the only winner, ``reason``
    "pile_emptied"), or the stalemate left the seats with the fewest cards in their piles
    (``piles``: each pile's size) winning (``reason`` "stalemate")."""

    type: ClassVar[str] = "game_over"
    seat: int | None = omitted_when(None)
    winners: tuple[int, ...]
    piles: tuple[int, ...] | None = omitted_when(None)
    reason: str


CutTheRopeEvent = (RowStarted | Built | RowCompleted | PileRevealed | TurnEnded | Drew
                   | Reshuffled | NextTurn | GameOver)
# Every kind, for ``Game.event_from_dict``.
EVENT_TYPES: tuple[type[Event], ...] = get_args(CutTheRopeEvent)
