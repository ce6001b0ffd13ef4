"""Input of the Cut the Rope table: click or drag a source onto a target, or the keyboard.

A source is the top of the person's pile, a hand card or the top of an auxiliary row; a
target is a main row (its next slot), the free slot for a new row, or an auxiliary row (the
end-of-turn placement). A refused target gets a short reason where the person clicked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.client.i18n import t
from game.client.tables.base import TableScene

DRAG_THRESHOLD = 6
AUX_KEYS = (pygame.K_z, pygame.K_x, pygame.K_c, pygame.K_v, pygame.K_b, pygame.K_g)


@dataclass
class Toast:
    text: str
    pos: tuple[int, int]
    left: float



class InputMixin:
    """Mouse and keyboard handling of a ``CutTheRopeTable`` (mixed into the table)."""

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.selected is not None or self.chooser is not None or self.end_mode):
            self.clear_selection()
            return
        TableScene.handle_event(self, event)

    def clear_selection(self) -> None:
        self.selected = None
        self.kb_target = None
        self.chooser = None
        self.end_mode = False

    def source_at(self, pos: tuple[int, int]) -> tuple | None:
        """The bottom seat's playable card under ``pos`` (hand, pile top, aux tops)."""
        if not self.view_dict:
            return None
        seat = self.bottom
        slots = self.layout.hand_slots(len(self.hand(seat)))
        for index in range(len(slots) - 1, -1, -1):
            if slots[index][0].move(0, -self._lift(("hand", index))).collidepoint(pos):
                return ("hand", index)
        if self.view_dict["piles"][seat] and self.layout.own_pile.collidepoint(pos):
            return ("pile",)
        rects = self.aux_rects(seat, self.view_dict["aux"][seat])
        for k, column in enumerate(rects):
            if column and column[-1].collidepoint(pos):
                return ("aux", k + 1)
        return None

    def target_at(self, pos: tuple[int, int]) -> str | None:
        if not self.view_dict:
            return None
        rows = self.view_dict["rows"]
        for slot in range(len(rows)):
            band = self.layout.row_rect(slot)
            band = pygame.Rect(self.layout.row_start - int(6 * self.layout.u), band.y,
                               self.layout.rows_area.right - self.layout.row_start, band.h)
            if band.collidepoint(pos) or self.layout.row_label(slot).collidepoint(pos):
                return f"row:{slot + 1}" if rows[slot] is not None else "new"
        count = len(self.view_dict["aux"][self.bottom])
        for k in range(self.layout.aux_rows):
            if self.aux_column(k).collidepoint(pos):
                if k < count:
                    return f"aux:{k + 1}"
                if k == count:
                    return "aux:new"
                return None
        return None

    def handle_table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                if math.dist(event.pos, self.drag["from"]) > DRAG_THRESHOLD:
                    self.drag["moved"] = True
                self.drag["pos"] = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.mouse_down(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                target = self.target_at(event.pos)
                if target is not None:
                    self.selected = drag["src"]
                    self.try_target(target, event.pos)
                return
            if self.selected == drag["src"]:
                self.clear_selection()
            else:
                self.select(drag["src"])
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        layout = self.layout
        if self.chooser is not None:
            for direction in ("up", "down"):
                if self.chooser[direction].collidepoint(pos):
                    self.choose_direction(direction)
                    return
            self.chooser = None
        if layout.log_button.collidepoint(pos):
            self.log_open = not self.log_open
            self.app.audio.play("button")
            return
        if layout.end_button.collidepoint(pos) and self.my_turn():
            self.press_end()
            return
        if not self.view_dict:
            return
        target = self.target_at(pos)
        if (self.selected is not None and self.selected[0] == "hand" and target
                and target.startswith("aux")):
            self.try_target(target, pos)
            return
        source = self.source_at(pos)
        if source is not None:
            self.drag = {"src": source, "from": pos, "pos": pos, "moved": False}
            return
        if target is not None:
            if self.selected is None:
                if self.my_turn():
                    self.refuse(t("ctr.refuse.nothing"), pos)
                return
            self.try_target(target, pos)
            return
        self.clear_selection()

    def select(self, source: tuple | None) -> None:
        self.selected = source
        self.chooser = None
        targets = self.targets_of(source)
        self.kb_target = targets[0] if targets else None
        if source is not None:
            self.app.audio.play("flip")

    def press_end(self) -> None:
        legal = self.legal()
        if legal["empty"]:
            self.try_play("end")
            return
        self.end_mode = not self.end_mode
        if self.end_mode and (self.selected is None or self.selected[0] != "hand"):
            self.select(None)   # the person now picks the hand card to put away
        else:
            self.select(self.selected)
        self.app.audio.play("button")

    def try_target(self, target: str, pos: tuple[int, int] | None = None) -> None:
        """Play the selected source onto ``target`` or refuse with a short reason."""
        pos = pos or self.mouse
        if not self.my_turn():
            self.refuse(t("ctr.refuse.not_now"), pos)
            return
        src = self.source_key(self.selected)
        if src is None:
            self.refuse(t("ctr.refuse.nothing"), pos)
            return
        legal = self.legal()
        builds = legal["build"].get(src, {})
        card = self.source_card(self.selected) or ""
        if target.startswith("row:"):
            notation = builds.get(target)
            if notation:
                self.try_play(notation)
            else:
                need = self.row_need(int(target[4:]) - 1)
                self.refuse(t("ctr.refuse.needs", n=need), pos)
            return
        if target == "new":
            dirs = [d for d in ("up", "down") if f"new:{d}" in builds]
            if len(dirs) == 2:
                self.open_chooser(src)
            elif dirs:
                self.try_play(builds[f"new:{dirs[0]}"])
            elif None not in self.view_dict["rows"]:
                self.refuse(t("ctr.refuse.full"), pos)
            else:
                self.refuse(t("ctr.refuse.start", n=self.row_length), pos)
            return
        if not src.startswith("hand:"):
            self.refuse(t("ctr.refuse.aux_hand"), pos)
            return
        ends = legal["end"].get(card, {})
        notation = ends.get(target)
        if notation:
            self.try_play(notation)
        else:
            self.refuse(t("ctr.refuse.aux_full"), pos)

    def open_chooser(self, src: str) -> None:
        rows = self.view_dict["rows"]
        slot = rows.index(None)
        anchor = self.layout.row_card(slot, 0)
        u = self.layout.u
        w, h = int(200 * u), int(36 * u)
        up = pygame.Rect(anchor.right + int(14 * u), anchor.centery - h - int(3 * u), w, h)
        down = pygame.Rect(up.x, anchor.centery + int(3 * u), w, h)
        self.chooser = {"src": src, "slot": slot, "up": up, "down": down, "focus": "up"}
        self.app.audio.play("button")

    def choose_direction(self, direction: str) -> None:
        if self.chooser is None:
            return
        src = self.chooser["src"]
        self.chooser = None
        notation = self.legal()["build"].get(src, {}).get(f"new:{direction}")
        if notation:
            self.try_play(notation)

    def refuse(self, text: str, pos: tuple[int, int]) -> None:
        self.toast = Toast(text, (int(pos[0]), int(pos[1])), 1.8)
        self.app.audio.play("error")

    def try_play(self, notation: str) -> bool:
        if not self.match.waiting_for_human:
            self.refuse(t("ctr.refuse.not_now"), self.mouse)
            return False
        try:
            self.match.play_text(notation)
        except Exception as error:  # noqa: BLE001 - IllegalMove: a refused move, not a crash
            self.refuse(str(getattr(error, "reason", error)), self.mouse)
            return False
        return True

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if not self.view_dict:
            return
        if key == pygame.K_l:
            self.log_open = not self.log_open
            return
        if self.chooser is not None:
            if key in (pygame.K_u, pygame.K_UP):
                self.choose_direction("up")
            elif key in (pygame.K_d, pygame.K_DOWN):
                self.choose_direction("down")
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose_direction(self.chooser["focus"])
            elif key == pygame.K_BACKSPACE:
                self.chooser = None
            return
        hand = self.hand(self.bottom)
        if pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if index < len(hand):
                again = self.selected == ("hand", index) and not self.end_mode
                self.select(None if again else ("hand", index))
        elif key in (pygame.K_0, pygame.K_q):
            if self.view_dict["piles"][self.bottom]:
                self.select(None if self.selected == ("pile",) else ("pile",))
        elif key in AUX_KEYS:
            k = AUX_KEYS.index(key) + 1
            if k <= len(self.view_dict["aux"][self.bottom]):
                self.select(None if self.selected == ("aux", k) else ("aux", k))
        elif key == pygame.K_TAB:
            sources = self.all_sources()
            if sources:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                index = sources.index(self.selected) if self.selected in sources else -step
                self.select(sources[(index + step) % len(sources)])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            targets = self.targets_of(self.selected)
            if self.selected is None:
                sources = self.all_sources()
                if sources:
                    self.select(sources[0])
            elif targets:
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
                index = targets.index(self.kb_target) if self.kb_target in targets else -step
                self.kb_target = targets[(index + step) % len(targets)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is None:
                sources = self.all_sources()
                if sources:
                    self.select(sources[0])
            elif self.kb_target is not None:
                self.try_target(self.kb_target, self.target_point(self.kb_target))
            else:
                self.refuse(t("ctr.refuse.nowhere"), self.source_point(self.selected))
        elif key in (pygame.K_u, pygame.K_d):
            src = self.source_key(self.selected)
            builds = self.legal()["build"].get(src or "", {})
            notation = builds.get("new:up" if key == pygame.K_u else "new:down")
            if notation:
                self.try_play(notation)
        elif key in (pygame.K_n, pygame.K_e):
            if self.my_turn():
                self.press_end()
        elif key == pygame.K_BACKSPACE:
            self.clear_selection()

    def all_sources(self) -> list[tuple]:
        """Sources with at least one legal target, in screen order."""
        out: list[tuple] = []
        seat = self.bottom
        if self.view_dict["piles"][seat]:
            out.append(("pile",))
        out += [("hand", i) for i in range(len(self.hand(seat)))]
        out += [("aux", k) for k in range(1, len(self.view_dict["aux"][seat]) + 1)]
        return [s for s in out if self.targets_of(s)] or out

    def source_point(self, source: tuple | None) -> tuple[int, int]:
        """The centre of a source card of the bottom seat (where a refusal is shown)."""
        if source is None or not self.view_dict:
            return self.mouse
        if source[0] == "pile":
            return self.layout.own_pile.center
        if source[0] == "hand":
            slots = self.layout.hand_slots(len(self.hand(self.bottom)))
            return slots[source[1]][0].center if source[1] < len(slots) else self.mouse
        rects = self.aux_rects(self.bottom, self.view_dict["aux"][self.bottom])
        k = source[1] - 1
        return rects[k][-1].center if k < len(rects) and rects[k] else self.mouse

    def target_point(self, target: str) -> tuple[int, int]:
        rect = self.target_rect(target)
        return rect.center if rect is not None else self.mouse

    def target_rect(self, target: str) -> pygame.Rect | None:
        """The glowing place of a target: the next slot of a row, an aux top or new slot."""
        if not self.view_dict:
            return None
        rows = self.view_dict["rows"]
        if target.startswith("row:"):
            slot = int(target[4:]) - 1
            return self.layout.row_card(slot, len(rows[slot]["cards"]))
        if target == "new":
            return self.layout.row_card(rows.index(None), 0) if None in rows else None
        aux = self.view_dict["aux"][self.bottom]
        if target == "aux:new":
            return self.aux_slot(self.bottom, len(aux))
        k = int(target[4:]) - 1
        rects = self.aux_rects(self.bottom, aux)
        return rects[k][-1] if k < len(rects) and rects[k] else None

