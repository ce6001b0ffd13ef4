"""Input of the Cut the Rope table: click or drag a source onto a place, or the keyboard.

A source is the top of the person's pile, a hand card or the top of an auxiliary row; a
place is a main row (its next slot), the free slot for a new row, or an auxiliary row (the
end-of-turn placement). A source and a place make an engine ``Move`` value, played when it
is among the legal moves; otherwise the person gets a short reason where they clicked.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import N_, t
from game.client.tables.common.banner import Toast
from game.client.tables.common.keys import CONFIRM_KEYS, cycle, digit_index, key_step
from game.client.tables.common.moves import play_move
from game.client.tables.common.pointer import topmost
from game.client.tables.cut_the_rope.layout import CutLayout
from game.client.tables.cut_the_rope.model import (
    NEW_AUX,
    NEW_ROW,
    Board,
    Chooser,
    Drag,
    Focus,
    HudState,
    Source,
    aux_place,
    row_place,
)
from game.rules.cut_the_rope.moves import Move

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike

DRAG_THRESHOLD = 6
AUX_KEYS = (pygame.K_z, pygame.K_x, pygame.K_c, pygame.K_v, pygame.K_b, pygame.K_g)
Sound = Callable[[str], None]


def aux_key_names(count: int) -> str:
    """The keys of the auxiliary rows' tops, as the key help names them ("Z X C")."""
    return " ".join(pygame.key.name(key).upper() for key in AUX_KEYS[:count])


PICK_FIRST = N_("Pick a card first: from your pile, your hand or the top of an aux row")


class TableInput:
    """Turns mouse and keyboard events into a picked source, lit places and Move values."""

    def __init__(self, focus: Focus, hud: HudState, layout: CutLayout, match: MatchLike,
                 sound: Sound) -> None:
        self.focus = focus
        self.hud = hud
        self.layout = layout
        self.match = match
        self.sound = sound

    # --- playing ------------------------------------------------------------------------------
    def refuse(self, text: str, pos: tuple[int, int]) -> None:
        self.hud.toast = Toast(text, (int(pos[0]), int(pos[1])), 1.8)
        self.sound("error")

    def try_move(self, move: Move) -> bool:
        """Play ``move``; a move the rules refuse becomes a short message, not a crash."""
        return play_move(self.match, move, self._refused)

    def _refused(self, reason: str | None) -> None:
        self.refuse(t("Wait for your turn") if reason is None else reason, self.focus.mouse)

    # --- events -------------------------------------------------------------------------------
    def wants_escape(self, event: pygame.event.Event) -> bool:
        """Esc first drops what is picked; only with nothing picked does it pause."""
        focus = self.focus
        return (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and (focus.selected is not None or focus.chooser is not None
                     or focus.end_mode))

    def handle(self, event: pygame.event.Event, board: Board) -> None:
        focus = self.focus
        if event.type == pygame.MOUSEMOTION:
            focus.mouse = event.pos
            if focus.drag is not None:
                if math.dist(event.pos, focus.drag.start) > DRAG_THRESHOLD:
                    focus.drag.moved = True
                focus.drag.pos = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            focus.mouse = event.pos
            self.mouse_down(event.pos, board)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            focus.clear()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and focus.drag is not None:
            drag, focus.drag = focus.drag, None
            if drag.moved:
                target = self.target_at(event.pos, board)
                if target is not None:
                    focus.selected = drag.src
                    self.try_target(target, board, event.pos)
                return
            if focus.selected == drag.src:
                focus.clear()
            else:
                self.choose(drag.src, board)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event, board)

    def mouse_down(self, pos: tuple[int, int], board: Board) -> None:
        layout, focus = self.layout, self.focus
        if focus.chooser is not None:
            for direction in ("up", "down"):
                if focus.chooser.rect(direction).collidepoint(pos):
                    self.choose_direction(direction, board)
                    return
            focus.chooser = None
        if layout.log_button.collidepoint(pos):
            self.hud.log_open = not self.hud.log_open
            self.sound("button")
            return
        if layout.end_button.collidepoint(pos) and board.my_turn:
            self.press_end(board)
            return
        if not board.state:
            return
        target = self.target_at(pos, board)
        if (focus.selected is not None and focus.selected[0] == "hand" and target
                and target.startswith("aux")):
            self.try_target(target, board, pos)
            return
        source = self.source_at(pos, board)
        if source is not None:
            focus.drag = Drag(source, pos, pos)
            return
        if target is not None:
            if focus.selected is None:
                if board.my_turn:
                    self.refuse(t(PICK_FIRST), pos)
                return
            self.try_target(target, board, pos)
            return
        focus.clear()

    # --- picking ------------------------------------------------------------------------------
    def select(self, source: Source | None, board: Board) -> None:
        focus = self.focus
        focus.selected = source
        focus.chooser = None
        targets = board.targets_of(source)
        focus.kb_target = targets[0] if targets else None
        if source is not None:
            self.sound("flip")

    def choose(self, source: Source, board: Board) -> None:
        """A card the person picked. After End turn with nothing picked, the hand card
        chosen completes the move when it has one place (else its places light up)."""
        focus = self.focus
        if focus.end_mode and focus.selected is None and source[0] == "hand" \
                and board.end_step:
            places = board.targets_of(source)
            move = board.move_to(source, places[0]) if len(places) == 1 else None
            if move is not None:
                focus.selected = source
                self.try_move(move)
                return
        self.select(source, board)

    def press_end(self, board: Board) -> None:
        focus = self.focus
        if board.legal.empty_end is not None:
            self.try_move(board.legal.empty_end)
            return
        focus.end_mode = not focus.end_mode
        if focus.end_mode and (focus.selected is None or focus.selected[0] != "hand"):
            self.select(None, board)   # the person now picks the hand card to put away
        else:
            self.select(focus.selected, board)
        self.sound("button")

    def try_target(self, target: str, board: Board, pos: tuple[int, int] | None = None) -> None:
        """Play the picked source onto ``target`` or refuse with a short reason."""
        pos = pos or self.focus.mouse
        selected = self.focus.selected
        if not board.my_turn:
            self.refuse(t("Wait for your turn"), pos)
            return
        ref = board.source_ref(selected)
        if ref is None:
            self.refuse(t(PICK_FIRST), pos)
            return
        if target.startswith("row:"):
            move = board.move_to(selected, target)
            if move is not None:
                self.try_move(move)
            else:
                need = board.row_need(int(target[4:]) - 1)
                self.refuse(t("Next on this row: {n}", n=need), pos)
            return
        if target == NEW_ROW:
            directions = board.directions(selected)
            first = board.move_to(selected, NEW_ROW, directions[0]) if directions else None
            if len(directions) == 2:
                self.open_chooser(board)
            elif first is not None:
                self.try_move(first)
            elif None not in board.state["rows"]:
                self.refuse(t("All main rows are in use"), pos)
            else:
                self.refuse(t("A new row starts with 1, {n} or scissors",
                              n=board.row_length), pos)
            return
        if ref.source != "hand":
            self.refuse(t("Only a hand card goes onto an aux row (it ends the turn)"), pos)
            return
        move = board.move_to(selected, target)
        if move is not None:
            self.try_move(move)
        else:
            self.refuse(t("You have all your aux rows: put the card on one of them"), pos)

    def open_chooser(self, board: Board) -> None:
        if self.focus.selected is None:
            return
        slot = board.state["rows"].index(None)
        anchor = self.layout.row_card(slot, 0)
        u = self.layout.u
        w, h = int(200 * u), int(36 * u)
        up = pygame.Rect(anchor.right + int(14 * u), anchor.centery - h - int(3 * u), w, h)
        down = pygame.Rect(up.x, anchor.centery + int(3 * u), w, h)
        self.focus.chooser = Chooser(self.focus.selected, slot, up, down)
        self.sound("button")

    def choose_direction(self, direction: str, board: Board) -> None:
        chooser = self.focus.chooser
        if chooser is None:
            return
        self.focus.chooser = None
        move = board.move_to(chooser.source, NEW_ROW, direction)
        if move is not None:
            self.try_move(move)

    # --- keyboard -----------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event, board: Board) -> None:
        key, focus = event.key, self.focus
        if not board.state:
            return
        if key == pygame.K_l:
            self.hud.log_open = not self.hud.log_open
            return
        if focus.chooser is not None:
            if key in (pygame.K_u, pygame.K_UP):
                self.choose_direction("up", board)
            elif key in (pygame.K_d, pygame.K_DOWN):
                self.choose_direction("down", board)
            elif key in CONFIRM_KEYS:
                self.choose_direction(focus.chooser.focus, board)
            elif key == pygame.K_BACKSPACE:
                focus.chooser = None
            return
        seat = board.bottom
        if (index := digit_index(key)) is not None:
            if index < len(board.hand(seat)):
                again = focus.selected == ("hand", index) and not focus.end_mode
                if again:
                    self.select(None, board)
                else:
                    self.choose(("hand", index), board)
        elif key in (pygame.K_0, pygame.K_q):
            if board.state["piles"][seat]:
                self.select(None if focus.selected == ("pile",) else ("pile",), board)
        elif key in AUX_KEYS:
            k = AUX_KEYS.index(key) + 1
            if k <= len(board.state["aux"][seat]):
                self.select(None if focus.selected == ("aux", k) else ("aux", k), board)
        elif key == pygame.K_TAB:
            sources = self.all_sources(board)
            if sources:
                step = key_step(key, event.mod)
                self.select(cycle(sources, focus.selected, step, missing=-step), board)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.step_target(key, board)
        elif key in CONFIRM_KEYS:
            if focus.selected is None and board.end_step:
                # putting a card away ends the turn: Enter never picks that card by itself
                self.refuse(t("Pick the hand card to put away "
                              "first (1–9 or a click)"), self.hand_point())
            elif focus.selected is None:
                sources = self.all_sources(board)
                if sources:
                    self.select(sources[0], board)
            elif focus.kb_target is not None:
                self.try_target(focus.kb_target, board, self.target_point(focus.kb_target, board))
            else:
                self.refuse(t("This card fits on no main row now"),
                            self.source_point(focus.selected, board))
        elif key in (pygame.K_u, pygame.K_d):
            move = board.move_to(focus.selected, NEW_ROW, "up" if key == pygame.K_u else "down")
            if move is not None:
                self.try_move(move)
        elif key in (pygame.K_n, pygame.K_e):
            if board.my_turn:
                self.press_end(board)
        elif key == pygame.K_BACKSPACE:
            focus.clear()

    def step_target(self, key: int, board: Board) -> None:
        """Arrows: pick the first source, then walk the lit places of the picked one."""
        focus = self.focus
        if focus.selected is None:
            sources = self.all_sources(board)
            if sources:
                self.select(sources[0], board)
            return
        targets = board.targets_of(focus.selected)
        if targets:
            step = key_step(key)
            focus.kb_target = cycle(targets, focus.kb_target, step, missing=-step)

    def all_sources(self, board: Board) -> list[Source]:
        """Sources with at least one legal place, in screen order (else all of them)."""
        seat = board.bottom
        out: list[Source] = []
        if board.state["piles"][seat]:
            out.append(("pile",))
        out += [("hand", i) for i in range(len(board.hand(seat)))]
        out += [("aux", k) for k in range(1, len(board.state["aux"][seat]) + 1)]
        return [s for s in out if board.targets_of(s)] or out

    # --- where things are ---------------------------------------------------------------------
    def source_at(self, pos: tuple[int, int], board: Board) -> Source | None:
        """The bottom seat's playable card under ``pos`` (hand, pile top, aux tops)."""
        if not board.state:
            return None
        seat = board.bottom
        slots = self.layout.hand_slots(len(board.hand(seat)))
        index = topmost([rect.move(0, -board.lift(("hand", i)))
                         for i, (rect, _angle) in enumerate(slots)], pos)
        if index is not None:
            return ("hand", index)
        if board.state["piles"][seat] and self.layout.own_pile.collidepoint(pos):
            return ("pile",)
        rects = board.geometry.aux_rects(seat, board.state["aux"][seat])
        for k, column in enumerate(rects):
            if column and column[-1].collidepoint(pos):
                return ("aux", k + 1)
        return None

    def target_at(self, pos: tuple[int, int], board: Board) -> str | None:
        if not board.state:
            return None
        layout = self.layout
        rows = board.state["rows"]
        for slot in range(len(rows)):
            band = layout.row_rect(slot)
            band = pygame.Rect(layout.row_start - int(6 * layout.u), band.y,
                               layout.rows_area.right - layout.row_start, band.h)
            if band.collidepoint(pos) or layout.row_label(slot).collidepoint(pos):
                return row_place(slot + 1) if rows[slot] is not None else NEW_ROW
        count = len(board.state["aux"][board.bottom])
        for k in range(layout.aux_rows):
            if board.geometry.aux_column(k).collidepoint(pos):
                if k < count:
                    return aux_place(k + 1)
                if k == count:
                    return NEW_AUX
                return None
        return None

    def source_point(self, source: Source | None, board: Board) -> tuple[int, int]:
        """The centre of a source card of the bottom seat (where a refusal is shown)."""
        mouse = self.focus.mouse
        if source is None or not board.state:
            return mouse
        if source[0] == "pile":
            return self.layout.own_pile.center
        if source[0] == "hand":
            slots = self.layout.hand_slots(len(board.hand(board.bottom)))
            return slots[source[1]][0].center if source[1] < len(slots) else mouse
        rects = board.geometry.aux_rects(board.bottom, board.state["aux"][board.bottom])
        k = source[1] - 1
        return rects[k][-1].center if k < len(rects) and rects[k] else mouse

    def hand_point(self) -> tuple[int, int]:
        """Above the middle of the bottom hand (a message about picking a hand card)."""
        area = self.layout.hand_area
        return (area.centerx, area.y + area.height // 4)

    def target_point(self, target: str, board: Board) -> tuple[int, int]:
        rect = board.target_rect(target)
        return rect.center if rect is not None else self.focus.mouse
