"""The immutable state of a Cut the Rope game.

Cards are small ints inside the engine: 0 = scissors, 1..row_length = numbers, -1 = a card
this view does not know. Hands are count vectors (hand order carries no information) of
length ``row_length + 2`` whose last slot counts unknown cards, so ``hand[card]`` works for
every card int including -1. Every other stack is a tuple listed bottom first, top last.
"""

from __future__ import annotations

from typing import Any

Row = tuple[tuple[int, ...], bool]  # (cards bottom first, True = up)


class State:
    """One position. Never mutated after the engine hands it out."""

    __slots__ = ("players", "to_move", "winners", "piles", "hands", "aux", "rows", "needs",
                 "draw", "discard", "rng", "stall", "began_empty", "built", "viewer", "_legal")

    players: int
    to_move: int | None
    winners: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    aux: tuple[tuple[tuple[int, ...], ...], ...]
    rows: tuple[Row | None, ...]
    # what each main row needs next (None = a free slot), derived from ``rows`` and kept
    # beside it because move generation keys its tables on it; see ``needs_of``
    needs: tuple[int | None, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    rng: int | None
    stall: int          # consecutive finished turns that began with no draw/discard, no build
    began_empty: bool   # this turn began with the draw and discard piles both empty
    built: bool         # a card went to a main row during this turn
    viewer: int | None  # None for a full state, else the seat whose view this is
    _legal: Any

    def copy(self) -> State:
        """A shallow copy for ``apply`` to change a few fields of (tuples are shared)."""
        new = State.__new__(State)
        new.players = self.players
        new.to_move = self.to_move
        new.winners = self.winners
        new.piles = self.piles
        new.hands = self.hands
        new.aux = self.aux
        new.rows = self.rows
        new.needs = self.needs
        new.draw = self.draw
        new.discard = self.discard
        new.rng = self.rng
        new.stall = self.stall
        new.began_empty = self.began_empty
        new.built = self.built
        new.viewer = self.viewer
        new._legal = None
        return new

    def __repr__(self) -> str:
        return (f"<cut_the_rope State players={self.players} to_move={self.to_move} "
                f"winners={self.winners} viewer={self.viewer}>")


def number_at(index: int, up: bool, length: int) -> int:
    """The number the card at ``index`` (from 0) of a main row stands for: counting up from
    1, or down from ``length``. ``number_at(cards in the row)`` is what the row needs next,
    and a scissors card on it stands for its own place's number."""
    return index + 1 if up else length - index


def needs_of(rows: tuple[Row | None, ...], length: int) -> tuple[int | None, ...]:
    """The number each main row needs next; None for a free slot."""
    return tuple(None if row is None else number_at(len(row[0]), row[1], length)
                 for row in rows)
