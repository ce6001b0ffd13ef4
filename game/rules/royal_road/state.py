"""The immutable state value of Královská cesta and the per-track lookup masks.

A state keeps pyramid places as a tuple of 15 positions (pyramid number -> position),
lying pyramids as a bit mask of pyramid numbers, and, per size, a bit mask of the
ordinary (face-up) track positions holding a pyramid of that size. Movement is then a few
integer operations per pyramid. ``TrackInfo`` derives the masks of one track layout; it is
shared by every state until a bonus swap changes the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from game.rules.royal_road.cards import COLOURS, GOAL, JAIL, START, TRAPDOOR, TRIO_COLOURS
from game.rules.royal_road.moves import Move, Swap
from game.rules.royal_road.progress import goal_position

# The public record of pyramid moves, newest first: (seat, pyramid, from, to, older).
Log: TypeAlias = "tuple[int, int, int, int, Log] | None"

STEPS = ("keep", "color", "move", "bonus", "over")
KEEP, COLOR, MOVE, BONUS, OVER = STEPS


class TrackInfo:
    """Masks of one track layout (bit q = track position q)."""

    __slots__ = ("track", "n", "goal", "jail", "trap", "ordinary", "stops", "ahead",
                 "swaps")

    def __init__(self, track: tuple[str, ...]) -> None:
        self.track = track
        n = self.n = len(track)
        self.goal = goal_position(track)
        self.jail = -1
        self.trap = -1
        ordinary = 0
        stops = [0, 0, 0, 0, 0]
        for q, card in enumerate(track):
            if card == JAIL:
                self.jail = q
            elif card == TRAPDOOR:
                self.trap = q
            elif card != START and card != GOAL:
                ordinary |= 1 << q
                colours = TRIO_COLOURS[card]
                for c in range(5):
                    if colours >> c & 1:
                        stops[c] |= 1 << q
        self.ordinary = ordinary
        self.stops = tuple(stops)
        self.ahead = _ahead(n)
        self.swaps: list[Swap] | None = None  # bonus-swap moves, filled by the engine

    def swapped(self, a: int, b: int) -> TrackInfo:
        """The layout after swapping the cards at ``a`` and ``b`` (bits exchanged in place)."""
        t = _new(TrackInfo)
        track = list(self.track)
        track[a], track[b] = track[b], track[a]
        t.track = tuple(track)
        t.n = self.n
        t.goal = self.goal
        t.jail = b if self.jail == a else a if self.jail == b else self.jail
        t.trap = b if self.trap == a else a if self.trap == b else self.trap
        t.ordinary = _swap_bits(self.ordinary, a, b)
        t.stops = tuple(_swap_bits(m, a, b) for m in self.stops)
        t.ahead = self.ahead
        t.swaps = self.swaps  # the swap moves depend on n and the card kinds' places only
        if (self.ordinary >> a & 1) != (self.ordinary >> b & 1):
            t.swaps = None
        return t


class State:
    """One position. Treat as immutable: the engine builds a new one for every move.

    ``view_of`` is None for a full state and the viewing seat for a view (then ``rng`` is
    None and hidden cards are "??"). ``pending`` is ``(mover, pyramid, stop position)`` of
    a reportable overstep, else None. ``log`` is the public record of pyramid moves as a
    linked list ``(seat, pyramid, from, to, older)`` (newest first, None when empty), so
    appending is O(1). ``legal`` caches the legal move list.
    """

    __slots__ = ("players", "step", "to_move", "ti", "pos", "lying", "occ", "dealt",
                 "kept", "discarded", "deck", "color", "prev", "skips", "rng", "turn",
                 "winners", "first", "pending", "win_card", "view_of", "log", "legal")

    players: int
    step: str
    to_move: int | None
    ti: TrackInfo
    pos: tuple[int, ...]
    lying: int
    occ: tuple[int, int, int]
    dealt: tuple[tuple[str, ...], ...]
    kept: tuple[tuple[str, ...], ...]
    discarded: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    color: int | None
    prev: int | None
    skips: tuple[int, ...]
    rng: int | None
    turn: int
    winners: tuple[int, ...]
    first: int
    pending: tuple[int, int, int] | None
    log: Log
    win_card: str | None
    view_of: int | None
    legal: Sequence[Move] | None

    def clone(self) -> State:
        """A copy sharing every (immutable) field, with the legal-move cache cleared."""
        s = _new(State)
        s.players = self.players
        s.step = self.step
        s.to_move = self.to_move
        s.ti = self.ti
        s.pos = self.pos
        s.lying = self.lying
        s.occ = self.occ
        s.dealt = self.dealt
        s.kept = self.kept
        s.discarded = self.discarded
        s.deck = self.deck
        s.color = self.color
        s.prev = self.prev
        s.skips = self.skips
        s.rng = self.rng
        s.turn = self.turn
        s.winners = self.winners
        s.first = self.first
        s.pending = self.pending
        s.log = self.log
        s.win_card = self.win_card
        s.view_of = self.view_of
        s.legal = None
        return s

    @property
    def track(self) -> tuple[str, ...]:
        return self.ti.track

    def __repr__(self) -> str:
        return (f"<royal_road State step={self.step} to_move={self.to_move} "
                f"turn={self.turn} pos={self.pos}>")


_new = object.__new__
def stop_positions(track: Sequence[str], pyramid: str) -> frozenset[int]:
    """The track positions that are stops for ``pyramid`` (face-up cards whose trio shows
    its colour), as the engine's movement reads them, for tables that mark them."""
    colour = COLOURS.index(pyramid[0])
    mask = TrackInfo(tuple(track)).stops[colour]
    return frozenset(q for q in range(len(track)) if mask >> q & 1)


def _ahead(n: int) -> tuple[int, ...]:
    """For each position, the mask of the positions strictly ahead of it (a few
    microseconds per track layout; swapped layouts share their parent's)."""
    full = (1 << n) - 1
    return tuple(full & ~((2 << q) - 1) for q in range(n))


def _swap_bits(mask: int, a: int, b: int) -> int:
    if (mask >> a & 1) != (mask >> b & 1):
        mask ^= (1 << a) | (1 << b)
    return mask


def log_entries(log: Log) -> list[tuple[int, int, int, int]]:
    """The move record oldest first: ``(seat, pyramid number, from, to)``."""
    out = []
    while log is not None:
        seat, pyramid, start, end, log = log
        out.append((seat, pyramid, start, end))
    out.reverse()
    return out


def occupancy(ti: TrackInfo, pos: tuple[int, ...]) -> tuple[int, int, int]:
    """Per size, the ordinary positions that hold a pyramid of that size."""
    occ = [0, 0, 0]
    ordinary = ti.ordinary
    for p, q in enumerate(pos):
        bit = 1 << q
        if ordinary & bit:
            occ[p % 3] |= bit
    return occ[0], occ[1], occ[2]
