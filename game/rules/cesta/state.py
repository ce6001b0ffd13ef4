"""The Cesta state: an immutable value object of ints and tuples.

``ev`` and ``act`` hold one tuple per (milestone, seat) side at index ``2 * m + seat``,
cards in the order they were played. ``table`` (mask of event cards on the table) and
``used`` (action kinds each seat has played) are derived data kept for speed. ``view_of``
is None for a full state and the viewing seat for a view.
"""

from __future__ import annotations

PLAY_STEP, DRAW_STEP, OVER_STEP = 0, 1, 2
STEP_NAMES = ("play", "draw", "over")


class CestaState:
    """One position. Never mutated after construction (the engine builds new ones)."""

    __slots__ = ("to_move", "step", "passes", "hands", "event_deck", "action_deck", "ev",
                 "act", "owner", "winners", "reason", "rng", "view_of", "table", "used",
                 "_legal", "_lmask")

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

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CestaState is immutable")

    def __repr__(self) -> str:
        return (f"CestaState(to_move={self.to_move}, step={STEP_NAMES[self.step]}, "
                f"owner={self.owner}, view_of={self.view_of})")


_set = object.__setattr__


def make_state(to_move: int | None, step: int, passes: int,
               hands: tuple[tuple[int, ...], tuple[int, ...]], event_deck: tuple[int, ...],
               action_deck: tuple[int, ...], ev: tuple[tuple[int, ...], ...],
               act: tuple[tuple[int, ...], ...], owner: tuple[int | None, ...],
               winners: tuple[int, ...], reason: str | None, rng: int | None,
               view_of: int | None, table: int, used: tuple[int, int]) -> CestaState:
    """Build a state without the per-attribute immutability guard (the one constructor)."""
    s = object.__new__(CestaState)
    _set(s, "to_move", to_move)
    _set(s, "step", step)
    _set(s, "passes", passes)
    _set(s, "hands", hands)
    _set(s, "event_deck", event_deck)
    _set(s, "action_deck", action_deck)
    _set(s, "ev", ev)
    _set(s, "act", act)
    _set(s, "owner", owner)
    _set(s, "winners", winners)
    _set(s, "reason", reason)
    _set(s, "rng", rng)
    _set(s, "view_of", view_of)
    _set(s, "table", table)
    _set(s, "used", used)
    _set(s, "_legal", None)
    _set(s, "_lmask", 0)
    return s


def set_cache(state: CestaState, legal: tuple, lmask: int) -> None:
    """Remember the legal moves of a state (derived data, so immutability is kept)."""
    _set(state, "_legal", legal)
    _set(state, "_lmask", lmask)
