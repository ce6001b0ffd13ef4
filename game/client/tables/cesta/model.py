"""What the Cesta table holds between frames, and what it shows in one frame.

The scene owns one of each long-lived piece: the ``Pointer`` (the person's selection and
drag), the ``Stage`` (cards in flight, sliding stones, the banner, the log) and a ``Legal``
index of the moves the person may make. Each frame it packs them with the visible state
into a ``TableShows``, the one value the renderer and the HUD draw from, so neither needs
the scene and every field they read is written here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client.tables.common.banner import Banner, tick
from game.client.tables.common.flying import FlyingCard, still_flying
from game.client.tables.common.legal import LegalIndex
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.ui import anim
from game.rules.cesta import Draw, Move, Pass, Play

if TYPE_CHECKING:
    from game.client.match.match import Presence, SeatInfo

Key = tuple[Any, ...]  # what a flying card hides while in the air: ("h"|"m", ...)


@dataclass(frozen=True)
class Perspective:
    """Whose eyes the table uses: that seat sits at the bottom (a spectator sees seat 0
    there) and only its hand is face up, unless nobody's eyes (a spectator) see all."""

    viewer: int | None

    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def top(self) -> int:
        return 1 - self.bottom

    def open_hand(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    def colour(self, seat: int) -> int:
        """Index into ``paint.SEAT_COLOURS``: the bottom seat gold, the top one blue."""
        return 0 if seat == self.bottom else 1


class Legal(LegalIndex[Move]):
    """The legal moves of the person to move, indexed for the questions the table asks.

    Whether a move is legal is a membership test on the engine's own ``Move`` values;
    ``play``/``draw`` hand back the engine's instance of a legal move (or None)."""

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        super().__init__(moves)
        targets: dict[str, list[int]] = {}
        draws: set[str] = set()
        for move in self:
            if isinstance(move, Play):
                targets.setdefault(move.card, []).append(move.milestone - 1)
            elif isinstance(move, Draw):
                draws.add(move.deck)
        self._targets = {card: tuple(sorted(ms)) for card, ms in targets.items()}
        self.draws = frozenset(draws)
        self.can_pass = any(isinstance(move, Pass) for move in self)

    def __repr__(self) -> str:
        return f"Legal({sorted(map(repr, self))})"

    @property
    def any_play(self) -> bool:
        return bool(self._targets)

    def targets(self, code: str) -> tuple[int, ...]:
        """Milestones (0-based, ascending) where card ``code`` may be played now."""
        return self._targets.get(code, ())

    def play(self, code: str, milestone: int) -> Move | None:
        """The legal move playing ``code`` to milestone ``milestone`` (0-based), if any."""
        return self.get(Play(code, milestone + 1))

    def draw(self, deck: str) -> Move | None:
        return self.get(Draw(deck))


@dataclass
class Drag:
    index: int                    # hand position of the dragged card
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False           # past the threshold: a drag, not a click


@dataclass
class Pointer:
    """The person's hand of focus: selected card, the milestone Enter or a drop plays to."""

    selected: int | None = None
    target: int | None = None     # 0-based milestone
    drag: Drag | None = None
    mouse: tuple[int, int] = (0, 0)

    def lift(self, index: int, hover: int | None, u: float) -> int:
        """How far a hand card rises: a lot when selected, a little under the mouse."""
        if self.selected == index:
            return int(18 * u)
        if hover == index and self.drag is None:
            return int(8 * u)
        return 0

    def dragged(self) -> int | None:
        """The hand position being dragged (past the threshold), if any."""
        return self.drag.index if self.drag is not None and self.drag.moved else None


class Flying(FlyingCard[Key]):
    """A card moving from one rect to another (optionally flipping from its back)."""

    def __init__(self, code: str, start: pygame.Rect, end: pygame.Rect, tween: anim.Tween,
                 hide: Key, back: str | None = None) -> None:
        super().__init__(code, start, end, tween, hide)
        self.back = back  # show this back first, flip to the face half-way


@dataclass
class CestaLogEntry(LogEntry):
    """One line of the Cesta move log: a seat's move, or news of an online room (seat
    None, kind ``note``, the words in ``note``)."""

    seat: int | None
    kind: str                 # play | draw | pass | claim | note
    card: str = ""
    milestone: int = 0
    deck: str = ""
    note: str = ""


@dataclass
class Stage:
    """Everything on the table that moves or fades, driven by the presenter's tweens."""

    flying: list[Flying] = field(default_factory=list)
    stone_offsets: dict[int, float] = field(default_factory=dict)
    stone_moving: dict[int, anim.Tween] = field(default_factory=dict)
    banner: Banner | None = None
    last_play: tuple[int, int, str, int] | None = None  # (milestone, seat, kind, index)
    # each seat's last card played, marked until that seat plays again
    last_plays: dict[int, tuple[int, int, str, int]] = field(default_factory=dict)
    entries: list[CestaLogEntry] = field(default_factory=list)
    scroll: LogScroll = field(default_factory=LogScroll)

    def hidden(self) -> set[Key]:
        """Places whose card is drawn in flight instead of in its place."""
        return {f.hide for f in self.flying}

    def stone_offset(self, m: int) -> float:
        moving = self.stone_moving.get(m)
        if moving is not None:
            return moving.data["distance"] * moving.value if moving.started else 0.0
        return self.stone_offsets.get(m, 0.0)

    def update(self, dt: float) -> None:
        self.banner = tick(self.banner, dt)
        self.flying = still_flying(self.flying)
        for m, tween in list(self.stone_moving.items()):
            if tween.done:
                self.stone_offsets[m] = tween.data["distance"]
                del self.stone_moving[m]


@dataclass(frozen=True)
class TableShows:
    """What the table shows this frame: all the renderer and the HUD may read."""

    state: dict[str, Any]              # game.to_dict(view) for the viewer
    seats: Sequence[SeatInfo]
    eyes: Perspective
    hands: dict[int, list[str]]        # per seat, in display order
    legal: Legal
    pointer: Pointer
    hover: int | None                  # hand position under the mouse
    stage: Stage
    time: float
    move_number: int                   # the round in progress (every seat once)
    to_move: int | None
    thinking: int | None
    over: bool
    waiting: bool                      # a person may act now
    sort_mode: str | None
    log_open: bool
    tracker_open: bool
    tracker_enabled: bool
    colourblind: bool
    presence: Sequence[Presence | None] = ()   # online: where each seat's person is

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def used_kinds(self, seat: int) -> set[str]:
        """Action kinds the seat has laid: a second copy in hand is dead."""
        kinds: set[str] = set()
        for milestone in self.state.get("milestones", []):
            kinds.update(milestone["sides"][seat]["actions"])
        return kinds

    def chosen_card(self) -> str | None:
        """The card the person is aiming with: the dragged one, else the selected one."""
        hand = self.hands.get(self.eyes.bottom, [])
        drag = self.pointer.drag
        if drag is not None and drag.moved:
            return hand[drag.index] if drag.index < len(hand) else None
        selected = self.pointer.selected
        if selected is not None and selected < len(hand):
            return hand[selected]
        return None
