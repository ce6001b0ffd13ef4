"""The Cesta state: an immutable value object of ints and tuples.

``ev`` and ``act`` hold one tuple per (milestone, seat) side at index ``2 * m + seat``,
cards in the order they were played. ``table`` (mask of event cards on the table) and
``used`` (action kinds each seat has played) are derived data kept for speed. ``view_of``
is None for a full state and the viewing seat for a view.
"""

from __future__ import annotations

from game.rules.cesta.moves import Move

PLAY_STEP, DRAW_STEP, OVER_STEP = 0, 1, 2
STEP_NAMES = ("play", "draw", "over")


class CestaState:
    """One position. Treat as immutable: the engine never changes a state once built (only
    the lazily computed legal-move cache is filled in), it builds new ones."""

    __slots__ = ("to_move", "step", "passes", "hands", "event_deck", "action_deck", "ev",
                 "act", "owner", "winners", "reason", "rng", "view_of", "table", "used",
                 "full", "open", "_legal", "_lmask")

    to_move: int | None
    step: int
    passes: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    event_deck: tuple[int, ...]
    action_deck: tuple[int, ...]
    ev: tuple[tuple[int, ...], ...]
    act: tuple[tuple[int, ...], ...]
    owner: tuple[int | None, ...]
    winners: tuple[int, ...]
    reason: str | None
    rng: int | None
    view_of: int | None
    table: int
    used: tuple[int, int]
    full: tuple[int, int]
    open: int
    _legal: tuple[Move, ...] | None   # the legal moves, filled in on first use
    _lmask: int                       # bit ``idx`` set for each legal move

    def __repr__(self) -> str:
        return (f"CestaState(to_move={self.to_move}, step={STEP_NAMES[self.step]}, "
                f"owner={self.owner}, view_of={self.view_of})")


_new = object.__new__


def make_state(to_move: int | None, step: int, passes: int,
               hands: tuple[tuple[int, ...], tuple[int, ...]], event_deck: tuple[int, ...],
               action_deck: tuple[int, ...], ev: tuple[tuple[int, ...], ...],
               act: tuple[tuple[int, ...], ...], owner: tuple[int | None, ...],
               winners: tuple[int, ...], reason: str | None, rng: int | None,
               view_of: int | None, table: int, used: tuple[int, int],
               full: tuple[int, int] | None = None, open_: int | None = None) -> CestaState:
    """The one constructor (plain slot stores: states are built often in playouts).

    ``full`` (per seat, milestones whose side holds 3 event cards) and ``open_``
    (unclaimed milestones) are bit masks derived from ``ev`` and ``owner``; the engine
    passes them along, other callers let them be computed here.
    """
    if full is None:
        full = (sum(1 << (k >> 1) for k in range(0, len(ev), 2) if len(ev[k]) == 3),
                sum(1 << (k >> 1) for k in range(1, len(ev), 2) if len(ev[k]) == 3))
    if open_ is None:
        open_ = sum(1 << m for m, o in enumerate(owner) if o is None)
    s = _new(CestaState)
    s.to_move = to_move
    s.step = step
    s.passes = passes
    s.hands = hands
    s.event_deck = event_deck
    s.action_deck = action_deck
    s.ev = ev
    s.act = act
    s.owner = owner
    s.winners = winners
    s.reason = reason
    s.rng = rng
    s.view_of = view_of
    s.table = table
    s.used = used
    s.full = full
    s.open = open_
    s._legal = None
    s._lmask = 0
    return s
