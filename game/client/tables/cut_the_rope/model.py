"""The Cut the Rope table's state, in small objects that the scene owns and the others read.

``Focus`` is what the person at the screen has picked (a source, a keyboard target, a drag,
the scissors' direction chooser), ``Motion`` the cards and tweens in flight, ``HudState``
the log, banner and toast. ``LegalMoves`` indexes the engine's legal ``Move`` values, and
``Board`` bundles the visible position with them: "what can be done now" for input and
"what to light up" for the renderer. Nothing here imports the scene.

A *source* is a tuple: ``("pile",)``, ``("hand", index)`` or ``("aux", k)`` (k from 1). A
*place* is a screen spot a source may go to: ``"row:K"``, ``"new"`` (the free row),
``"aux:K"`` or ``"aux:new"``; a place and a source together make a ``Move`` value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client.match.match import Presence
from game.client.tables.common.banner import Banner, Toast, tick
from game.client.tables.common.flying import FlyingCard, still_flying
from game.client.tables.common.fx import SeatMarks
from game.client.tables.common.legal import LegalIndex
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.tables.common.pointer import topmost
from game.client.tables.cut_the_rope.layout import SeatGeometry
from game.client.ui import anim
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.serial import row_need

Source = tuple[Any, ...]
NEW_ROW = "new"
NEW_AUX = "aux:new"


def row_place(k: int) -> str:
    return f"row:{k}"


def aux_place(k: int) -> str:
    return f"aux:{k}"


# --- what the person has picked -------------------------------------------------------------
@dataclass
class Drag:
    src: Source
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


@dataclass
class Chooser:
    """The two buttons that ask which way a row started by scissors runs."""

    source: Source
    slot: int
    up: pygame.Rect
    down: pygame.Rect
    focus: str = "up"

    def rect(self, direction: str) -> pygame.Rect:
        return self.up if direction == "up" else self.down


@dataclass
class Focus:
    selected: Source | None = None
    kb_target: str | None = None
    hover_target: str | None = None
    drag: Drag | None = None
    chooser: Chooser | None = None
    end_mode: bool = False      # End turn pressed: the next hand card goes to an aux row
    mouse: tuple[int, int] = (0, 0)

    def clear(self) -> None:
        self.selected = None
        self.kb_target = None
        self.chooser = None
        self.end_mode = False

    @property
    def dragged(self) -> Source | None:
        """The source being dragged, once the pointer has really moved."""
        return self.drag.src if self.drag is not None and self.drag.moved else None


# --- log, banner, toast ---------------------------------------------------------------------
@dataclass
class CutLogEntry(LogEntry):
    """One line of the Cut the Rope log: a kind (build, end, draw, done, …), the card
    shown as a chip and the sentence."""

    kind: str
    card: str = ""
    text: str = ""


@dataclass
class HudState:
    entries: list[CutLogEntry] = field(default_factory=list)
    scroll: LogScroll = field(default_factory=LogScroll)
    log_open: bool = True
    banner: Banner | None = None
    toast: Toast | None = None

    def update(self, dt: float) -> None:
        self.banner = tick(self.banner, dt)
        if self.toast is not None:
            self.toast = self.toast.after(dt)


# --- things in flight -----------------------------------------------------------------------
class Flying(FlyingCard[tuple[Any, ...] | None]):
    """A card moving between two rects; ``hold`` keeps it visible at its start while it
    waits for its delay (a completed row waiting its turn to leave)."""

    def __init__(self, code: str, start: pygame.Rect, end: pygame.Rect, tween: anim.Tween,
                 hide: tuple[Any, ...] | None = None, back: bool = False, hold: bool = False,
                 dest: str = "") -> None:
        super().__init__(code, start, end, tween, hide)
        self.back = back
        self.hold = hold
        self.hold_from = 0.0   # seconds (scaled) before a held card starts to show
        self.dest = dest


@dataclass
class Motion:
    flying: list[Flying] = field(default_factory=list)
    flips: dict[tuple[str, int], anim.Tween] = field(default_factory=dict)
    clearing: dict[int, anim.Tween] = field(default_factory=dict)      # rows leaving
    candy_drops: dict[int, anim.Tween] = field(default_factory=dict)
    # each seat's last turn, kept until its next one: ("row", slot, i) and
    # ("aux", seat, k, i) the cards it laid, ("discard",) a row it completed
    marks: SeatMarks[tuple[Any, ...]] = field(default_factory=SeatMarks)
    chain: bool = False        # the move being shown continues a chain of builds

    def prune(self) -> None:
        """Forget finished tweens (once per frame)."""
        self.flying = still_flying(self.flying)
        for key in [k for k, tween in self.flips.items() if tween.done]:
            del self.flips[key]
        for tweens in (self.clearing, self.candy_drops):
            for slot in [k for k, tween in tweens.items() if tween.done]:
                del tweens[slot]

    def hidden(self) -> set[tuple[Any, ...]]:
        """Places whose card is drawn by its flight, not at its place."""
        return {f.hide for f in self.flying if f.hide is not None}

    def incoming(self, dest: str) -> int:
        return sum(1 for f in self.flying if f.dest == dest and not f.tween.done)


class HandSlide:
    """Shown x of the bottom hand's cards: a card keeps its key (code, n-th copy) while
    others leave or arrive, so it slides to its new place instead of jumping."""

    def __init__(self) -> None:
        self.x: dict[tuple[str, int], float] = {}
        self.seat: int | None = None

    @staticmethod
    def keys(hand: list[str]) -> list[tuple[str, int]]:
        seen: dict[str, int] = {}
        keys = []
        for code in hand:
            n = seen.get(code, 0)
            seen[code] = n + 1
            keys.append((code, n))
        return keys

    def update(self, seat: int, hand: list[str], slots: list[tuple[pygame.Rect, float]],
               dt: float, speed: float) -> None:
        if self.seat != seat:
            self.x.clear()
            self.seat = seat
        k = 1.0 if speed <= 0 else 1.0 - math.exp(-dt * 14.0 / speed)
        shown = {}
        for key, (rect, _angle) in zip(self.keys(hand), slots, strict=True):
            x = self.x.get(key)
            shown[key] = float(rect.x) if x is None else x + (rect.x - x) * k
        self.x = shown

    def shown(self, hand: list[str], index: int, rect: pygame.Rect) -> pygame.Rect:
        """Where hand card ``index`` is drawn now (sliding toward ``rect``)."""
        keys = self.keys(hand)
        if index < len(keys):
            x = self.x.get(keys[index])
            if x is not None:
                return pygame.Rect(int(x), rect.y, rect.w, rect.h)
        return rect


# --- legal moves ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SourceRef:
    """A source as the engine's ``Move`` names it: ``source`` with ``card`` or ``index``."""

    source: str
    card: str = ""
    index: int = 0


class LegalMoves(LegalIndex[Move]):
    """The legal ``Move`` values of this moment; "is it legal" is a membership test."""

    def __init__(self, moves: Sequence[Move]) -> None:
        super().__init__(moves)
        self.builds = [move for move in moves if move.kind == "build"]
        self.empty_end = next((m for m in moves if m.kind == "end" and not m.source), None)
        self._sources = {SourceRef(m.source, m.card, m.index) for m in self.builds}

    def builds_from(self, ref: SourceRef | None) -> bool:
        return ref in self._sources


def move_for(ref: SourceRef, place: str, direction: str = "") -> Move | None:
    """The move that takes ``ref`` to ``place`` (None: no move has that shape)."""
    if place.startswith("row:"):
        return Move("build", ref.source, ref.card, ref.index, int(place[4:]), "")
    if place == NEW_ROW:
        return Move("build", ref.source, ref.card, ref.index, 0, direction)
    if ref.source != "hand":
        return None    # only hand cards end a turn on an aux row
    if place == NEW_AUX:
        return Move("end", "hand", ref.card, 0, 0, "")
    return Move("end", "hand", ref.card, 0, int(place[4:]), "")


# --- the position the person acts on ----------------------------------------------------------
@dataclass(eq=False)
class Board:
    """The visible position (contract format), whose seat is at the screen, where things
    lie and which moves are legal: everything input needs, rebuilt for each use."""

    state: dict[str, Any]
    viewer: int | None
    bottom: int
    row_length: int
    aux_rows: int
    geometry: SeatGeometry
    legal: LegalMoves
    my_turn: bool
    focus: Focus

    @property
    def players(self) -> int:
        return self.geometry.players

    def hand(self, seat: int) -> list[str]:
        return list(self.state["hands"][seat]) if self.state else []

    def open_hand(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    @property
    def end_step(self) -> bool:
        """The last step of the turn: chosen with End turn, or nothing is left to build."""
        if not self.my_turn:
            return False
        legal = self.legal
        return legal.empty_end is None and (self.focus.end_mode or not legal.builds)

    def source_ref(self, selected: Source | None) -> SourceRef | None:
        if selected is None:
            return None
        if selected[0] == "pile":
            return SourceRef("pile")
        if selected[0] == "hand":
            hand = self.hand(self.bottom)
            return SourceRef("hand", hand[selected[1]]) if selected[1] < len(hand) else None
        return SourceRef("aux", index=selected[1])

    def source_card(self, selected: Source | None) -> str | None:
        if selected is None or not self.state:
            return None
        seat = self.bottom
        if selected[0] == "pile":
            pile = self.state["piles"][seat]
            return pile[-1] if pile else None
        if selected[0] == "hand":
            hand = self.hand(seat)
            return hand[selected[1]] if selected[1] < len(hand) else None
        rows = self.state["aux"][seat]
        k = selected[1] - 1
        return rows[k][-1] if 0 <= k < len(rows) and rows[k] else None

    def move_to(self, selected: Source | None, place: str, direction: str = "") -> Move | None:
        """The legal move taking ``selected`` to ``place``, or None."""
        ref = self.source_ref(selected)
        return self.legal.get(move_for(ref, place, direction)) if ref is not None else None

    def directions(self, selected: Source | None) -> list[str]:
        """The ways a new row may run when ``selected`` starts it."""
        return [d for d in ("up", "down") if self.move_to(selected, NEW_ROW, d) is not None]

    def targets_of(self, selected: Source | None) -> list[str]:
        """Legal places of a source, in screen order: rows, a new row, aux rows."""
        ref = self.source_ref(selected)
        if ref is None:
            return []
        out: list[str] = []
        if not self.end_step:
            out = [row_place(k) for k in range(1, len(self.state["rows"]) + 1)
                   if self.move_to(selected, row_place(k)) is not None]
            if self.directions(selected):
                out.append(NEW_ROW)
        if ref.source == "hand":
            out += [aux_place(k) for k in range(1, self.aux_rows + 1)
                    if self.move_to(selected, aux_place(k)) is not None]
            if self.move_to(selected, NEW_AUX) is not None:
                out.append(NEW_AUX)
        return out

    def playable(self, selected: Source) -> bool:
        """The source has a legal build (it gets a soft outline)."""
        return self.legal.builds_from(self.source_ref(selected))

    def row_need(self, slot: int) -> int | None:
        return row_need(self.state["rows"][slot], self.row_length)

    def lift(self, source: Source) -> int:
        """How far a bottom card is raised: the selected one, or a hand card under the mouse."""
        focus, layout = self.focus, self.geometry.layout
        u = layout.u
        if focus.selected == source:
            return int(16 * u)
        if focus.drag is None and self.my_turn and source[0] == "hand":
            slots = layout.hand_slots(len(self.hand(self.bottom)))
            index = source[1]
            if index < len(slots) and \
                    topmost([rect for rect, _angle in slots], focus.mouse) == index:
                return int(7 * u)
        return 0

    def target_rect(self, place: str) -> pygame.Rect | None:
        """The glowing spot of a place: the next slot of a row, an aux top or new slot."""
        if not self.state:
            return None
        layout, geometry = self.geometry.layout, self.geometry
        rows = self.state["rows"]
        if place.startswith("row:"):
            slot = int(place[4:]) - 1
            return layout.row_card(slot, len(rows[slot]["cards"]))
        if place == NEW_ROW:
            return layout.row_card(rows.index(None), 0) if None in rows else None
        aux = self.state["aux"][self.bottom]
        if place == NEW_AUX:
            return geometry.aux_slot(self.bottom, len(aux))
        k = int(place[4:]) - 1
        rects = geometry.aux_rects(self.bottom, aux)
        return rects[k][-1] if k < len(rects) and rects[k] else None


# --- what the table shows now ---------------------------------------------------------------
@dataclass(eq=False)
class SeatPlate:
    name: str
    is_ai: bool
    presence: Presence | None = None   # online: where the seat's person is


@dataclass(eq=False)
class TableShows:
    """Everything the renderer draws in one frame, built by the scene: the board, the
    things in flight, the log and banners, the seats' names and whose turn it is."""

    board: Board
    motion: Motion
    hud: HudState
    hand_slide: HandSlide
    plates: list[SeatPlate]
    to_move: int | None
    thinking: int | None
    over: bool
    time: float
    view_version: int

    @property
    def focus(self) -> Focus:
        return self.board.focus

    def targets(self) -> list[str]:
        """The places the picked (or dragged) source may go to, lit on the table."""
        source = self.focus.dragged or self.focus.selected
        if source is None or not self.board.my_turn:
            return []
        return self.board.targets_of(source)
