"""Moves of Královská cesta: small frozen values, one class per kind of decision.

The engine hands out shared instances (one per distinct move) so that checking a move
against the cached legal list is mostly an identity test; equal instances built elsewhere
(by ``parse_move`` or by hand) compare equal and work the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.royal_road.cards import PYRAMIDS


@dataclass(frozen=True, slots=True)
class Keep:
    """Setup: the dealt cards a seat keeps as secret goals, in the order dealt."""

    cards: tuple[str, ...]
    kind: ClassVar[int] = 0

    def text(self) -> str:
        return "keep " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the colour die (a chance step resolved by the state's generator)."""

    kind: ClassVar[int] = 1

    def text(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Reuse:
    """Take the colour the previous turn used instead of rolling."""

    kind: ClassVar[int] = 2

    def text(self) -> str:
        return "reuse"


@dataclass(frozen=True, slots=True)
class MovePyramid:
    """Move ``pyramid`` (a code such as "rS") to track position ``to``."""

    pyramid: str
    to: int
    kind: ClassVar[int] = 3

    def text(self) -> str:
        return f"move {self.pyramid} {self.to}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No pyramid of the turn's colour can move: the turn goes by."""

    kind: ClassVar[int] = 4

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Swap:
    """Bonus: swap the track cards at positions ``a`` < ``b``, pyramids included."""

    a: int
    b: int
    kind: ClassVar[int] = 5

    def text(self) -> str:
        return f"swap {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class NoSwap:
    """Decline the bonus swap."""

    kind: ClassVar[int] = 6

    def text(self) -> str:
        return "noswap"


@dataclass(frozen=True, slots=True)
class Report:
    """Report the previous move as an overstep (only with the ``overstep`` house rule)."""

    kind: ClassVar[int] = 7

    def text(self) -> str:
        return "report"


Move = Keep | Roll | Reuse | MovePyramid | Pass | Swap | NoSwap | Report

ROLL = Roll()
REUSE = Reuse()
PASS = Pass()
NOSWAP = NoSwap()
REPORT = Report()

MAX_TRACK = 40
# MOVES[p][q]: the shared move of pyramid number p to position q
MOVES: tuple[tuple[MovePyramid, ...], ...] = tuple(
    tuple(MovePyramid(code, q) for q in range(MAX_TRACK)) for code in PYRAMIDS)
# SWAPS[a][b] for a < b
SWAPS: tuple[tuple[Swap | None, ...], ...] = tuple(
    tuple(Swap(a, b) if a < b else None for b in range(MAX_TRACK)) for a in range(MAX_TRACK))
