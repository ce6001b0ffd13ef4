"""Cesta moves: ``play CARD M``, ``draw event`` / ``draw action`` and ``pass``.

Each move carries a small ``idx`` (not part of equality) so the engine can test legality
against a per-state bit mask in O(1); the engine hands out interned instances.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.cesta.cards import CODES, IDS

MAX_MILESTONES = 16
DRAW_EVENT_IDX = 35 * MAX_MILESTONES
DRAW_ACTION_IDX = DRAW_EVENT_IDX + 1
PASS_IDX = DRAW_EVENT_IDX + 2
NO_IDX = DRAW_EVENT_IDX + 3  # never legal


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (a code such as "R7" or "RUST") to milestone ``milestone`` (1-based)."""

    card: str
    milestone: int
    idx: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        card = IDS.get(self.card, -1) if isinstance(self.card, str) else -1
        ok = card >= 0 and isinstance(self.milestone, int) and 1 <= self.milestone <= 9
        object.__setattr__(self, "idx", card * MAX_MILESTONES + self.milestone - 1 if ok
                           else NO_IDX)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the "event" or the "action" deck."""

    deck: str
    idx: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        idx = {"event": DRAW_EVENT_IDX, "action": DRAW_ACTION_IDX}.get(self.deck, NO_IDX)
        object.__setattr__(self, "idx", idx)


@dataclass(frozen=True, slots=True)
class Pass:
    """No card can be played this turn."""

    idx: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "idx", PASS_IDX)


Move = Play | Draw | Pass

# Interned instances: PLAY[card id][milestone index].
PLAY: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(CODES[card], m + 1) for m in range(9)) for card in range(35))
DRAW_EVENT = Draw("event")
DRAW_ACTION = Draw("action")
PASS = Pass()


def format_move(move: Move) -> str:
    """The notation of the rules page."""
    if isinstance(move, Play):
        return f"play {move.card} {move.milestone}"
    if isinstance(move, Draw):
        return f"draw {move.deck}"
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"not a Cesta move: {move!r}")
