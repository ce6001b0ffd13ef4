"""What ``apply`` reports in Královská cesta, in the order things happen.

Positions are track indices (START = 0); pyramids and cards are their codes. ``from`` is a
Python keyword, so that field is ``from_`` here and ``"from"`` in the dict form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, get_args

from game.rules.events import Event, key


@dataclass(frozen=True, slots=True, kw_only=True)
class Kept(Event):
    """A seat kept its secret cards (``view_events`` shows others "??"; hiding one's own
    choice reveals nothing to anyone)."""

    type: ClassVar[str] = "keep"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rolled(Event):
    """The die rolled ``face`` (a colour code, "w" for white): chance, so undo stops."""

    type: ClassVar[str] = "roll"
    reveals: ClassVar[bool] = True
    seat: int
    face: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reused(Event):
    """The previous turn's colour used again instead of rolling."""

    type: ClassVar[str] = "reuse"
    seat: int
    color: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """No pyramid of the colour could move."""

    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PyramidMoved(Event):
    """A pyramid moved from ``from_`` to ``to`` over the free cards of ``path``."""

    type: ClassVar[str] = "move"
    seat: int
    pyramid: str
    from_: int = key("from")
    to: int
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class FellThroughTrapdoor(Event):
    """A pyramid landed on TRAPDOOR and fell to JAIL."""

    type: ClassVar[str] = "trapdoor_fall"
    pyramid: str
    from_: int = key("from")
    to: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Jailed(Event):
    """A pyramid lies in JAIL at ``position``."""

    type: ClassVar[str] = "jail"
    pyramid: str
    position: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Amnesty(Event):
    """Jailed pyramids stand up again: ``cause`` is "goal" or "all_jailed"."""

    type: ClassVar[str] = "amnesty"
    cause: str
    pyramids: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusOffered(Event):
    """The mover completed a card with all three sizes: a bonus swap follows."""

    type: ClassVar[str] = "bonus_offer"
    seat: int
    position: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Swapped(Event):
    """The bonus swap exchanged the track cards at two positions."""

    type: ClassVar[str] = "swap"
    seat: int
    positions: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapDeclined(Event):
    """The bonus swap declined."""

    type: ClassVar[str] = "noswap"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped(Event):
    """A seat's turn skipped (overstep penalty); ``remaining`` skips left after this one."""

    type: ClassVar[str] = "skip"
    seat: int
    remaining: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reported(Event):
    """An overstep reported: the pyramid goes back, the mover skips ``skips`` turns."""

    type: ClassVar[str] = "report"
    seat: int
    against: int
    pyramid: str
    from_: int = key("from")
    to: int
    skips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """``seat`` brought the trio of its kept ``card`` into GOAL and won."""

    type: ClassVar[str] = "game_over"
    seat: int
    card: str
    winners: tuple[int, ...]
    reason: str = "trio_in_goal"


RoyalRoadEvent = (Kept | Rolled | Reused | Passed | PyramidMoved | FellThroughTrapdoor | Jailed
                  | Amnesty | BonusOffered | Swapped | SwapDeclined | Skipped | Reported | GameOver)
# Every kind, for ``Game.event_from_dict``.
EVENT_TYPES: tuple[type[Event], ...] = get_args(RoyalRoadEvent)
