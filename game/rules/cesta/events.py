"""What ``apply`` reports in Cesta, in the order things happen (milestones numbered from 1).

The dict forms (``to_dict``) are the ones logs and saves have always held; see the engine's
module docstring for the meaning of each claim field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, get_args

from game.rules.events import Event, key, omitted_when, record_dict


@dataclass(frozen=True, slots=True, kw_only=True)
class Strength:
    """How strong a side's three events are: category, sum of values, heart; ``rusted``
    only in comparisons (whether a RUST lowered it)."""

    category: str
    total: int = key("sum")
    heart: bool
    rusted: bool | None = omitted_when(None)

    def to_dict(self) -> dict[str, Any]:
        """``category``, ``sum``, ``heart`` and, in comparisons, ``rusted``."""
        return record_dict(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """An event or action card played to a milestone."""

    type: ClassVar[str] = "play"
    seat: int
    card: str
    milestone: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """No card could be played."""

    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """A card drawn; ``view_events`` shows others "??" / "?A" (the deck stays public)."""

    type: ClassVar[str] = "draw"
    reveals: ClassVar[bool] = True
    seat: int
    deck: str
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimByComparison(Event):
    """A milestone claimed with both sides complete: compared, ``decided_by`` category,
    sum, heart or time; ``deed`` is the seat whose DEED cancelled the other's actions."""

    type: ClassVar[str] = "claim"
    seat: int
    milestone: int
    how: str = "comparison"
    decided_by: str
    cards: tuple[str, ...]
    opponent_cards: tuple[str, ...]
    claimant: Strength
    opponent: Strength
    time: int | None
    deed: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimByProof(Event):
    """A milestone claimed early: no completion left to the opponent beats the claimant."""

    type: ClassVar[str] = "claim"
    seat: int
    milestone: int
    how: str = "proof"
    cards: tuple[str, ...]
    opponent_cards: tuple[str, ...]
    claimant: Strength
    opponent_best: Strength | None
    best_completion: tuple[str, ...]
    needed: int
    available: int
    time: int | None
    opponent_actions: tuple[str, ...]
    ignored_actions: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """The end: ``reason`` is "win_any", "win_ends" or "stalemate" (no winners: a draw)."""

    type: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    reason: str


CestaEvent = Played | Passed | Drew | ClaimByComparison | ClaimByProof | GameOver
# Every kind, for ``Game.event_from_dict``: the two ``claim`` forms differ in their keys.
EVENT_TYPES: tuple[type[Event], ...] = get_args(CestaEvent)
