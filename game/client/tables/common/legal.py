"""The legal moves of this moment, indexed by value: "is this move legal" is ``move in
legal`` on the engine's own frozen ``Move`` values, never a comparison of notation.

Each table subclasses ``LegalIndex`` to add the questions its screen asks (which cards
may go where, which buttons are live); the membership test and the look-up of the
engine's instance live here once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

M = TypeVar("M", bound=Hashable)


class LegalIndex(Generic[M]):
    """The engine's legal ``Move`` values, in the engine's order; empty when nobody at
    the screen may act."""

    def __init__(self, moves: Iterable[M] = ()) -> None:
        self._moves: dict[M, M] = {move: move for move in moves}

    def __contains__(self, move: object) -> bool:
        return move in self._moves

    def __iter__(self) -> Iterator[M]:
        return iter(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    @property
    def any(self) -> bool:
        """Some move may be made now (the person is to act)."""
        return bool(self._moves)

    def get(self, move: M | None) -> M | None:
        """The engine's own value of ``move`` when it is legal, else None (so a move built
        from a click is checked and handed on in one step)."""
        return self._moves.get(move) if move is not None else None
