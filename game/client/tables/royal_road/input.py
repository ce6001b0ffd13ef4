"""Mouse and keyboard on the Královská cesta table (a mixin of ``RoyalRoadTable``): every
action has a click and a key, and each becomes move notation for the match."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.i18n import t
from game.client.tables.royal_road import screens


class TableInput:
    """Clicks and keys: colour step, picking a pyramid and its landing, bonus swaps,
    reports, the drawer and the setup choice."""

    view_dict: dict[str, Any]

    # --- input --------------------------------------------------------------------------------
    def handle_table_event(self, event: pygame.event.Event) -> None:
        if not self.view_dict:
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.click(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event.key)

    def click(self, pos: tuple[int, int]) -> None:
        layout = self.layout
        legal = self.legal()
        if self.keep_screen_open():
            self.click_keep(pos)
            return
        if layout.drawer_tab.collidepoint(pos) and self.viewer is not None:
            self.toggle_drawer()
            return
        if legal["roll"] and (layout.roll_button.collidepoint(pos)
                              or layout.die_rect.collidepoint(pos)):
            self.try_move("roll")
            return
        if legal["reuse"] and layout.reuse_button.collidepoint(pos):
            self.try_move("reuse")
            return
        if self.report_visible() and layout.report_button.collidepoint(pos):
            self.press_report()
            return
        if legal["noswap"] and layout.noswap_button.collidepoint(pos):
            self.try_move("noswap")
            return
        if legal["moves"]:
            code = self.pyramid_at(pos)
            if code is not None and code in legal["moves"]:
                if code != self.selected:
                    self.select(code)
                return
            q = layout.card_at(pos)
            if q is not None:
                self.click_landing(q)
            elif len(legal["moves"]) > 1:
                self.select(None)  # a click on the bare table lets go of the pyramid
            return
        if legal["swaps"]:
            q = layout.card_at(pos)
            if q is not None:
                self.pick_swap(q)

    def pyramid_at(self, pos: tuple[int, int]) -> str | None:
        for rect, code in reversed(self.pyr_hits):
            if rect.collidepoint(pos):
                return code
        return None

    def select(self, code: str | None) -> None:
        self.selected = code
        self.target = None
        if code is not None:
            landings = sorted(self.legal()["moves"].get(code, []))
            normal = [q for q in landings if q not in self.overstep_targets(code)]
            self.target = (normal or landings)[-1] if landings else None
            self.app.audio.play("tap")

    def click_landing(self, q: int) -> None:
        """A click on a card: land the picked pyramid there; with none picked, a card only
        one pyramid can reach moves that pyramid (a shortcut, never a surprise)."""
        moves = self.legal()["moves"]
        if self.selected is not None:
            if q in moves.get(self.selected, []):
                self.try_move(f"move {self.selected} {q}")
            else:
                self.app.audio.play("error")
            return
        able = [code for code, landings in moves.items() if q in landings]
        if len(able) == 1:
            self.try_move(f"move {able[0]} {q}")
        elif able:
            self._say(t("rr.hint.which"), 1.6)
            self.app.audio.play("error")
        else:
            self.app.audio.play("error")

    def pick_swap(self, q: int) -> None:
        if q not in self.swappable():
            self.app.audio.play("error")
            return
        if q in self.swap_pick:
            self.swap_pick.remove(q)
            return
        self.swap_pick.append(q)
        self.app.audio.play("tap")
        if len(self.swap_pick) == 2:
            a, b = sorted(self.swap_pick)
            if (a, b) in self.legal()["swaps"]:
                self.try_move(f"swap {a} {b}")
            else:
                self.swap_pick = [q]
                self.app.audio.play("error")

    def report_visible(self) -> bool:
        """The Report button is offered to the person choosing a colour after any move by
        someone else, so pressing it reveals nothing about whether a stop was passed."""
        if not self.overstep_rule or not self.match.waiting_for_human:
            return False
        history = self.match.history
        if self.view_dict.get("step") != "color" or not history:
            return False
        last = history[-1]
        return last.seat != self.match.to_move and not last.notation.startswith("keep")

    def press_report(self) -> None:
        if self.legal()["report"]:
            self.try_move("report")
        else:
            self._say(t("rr.banner.no_violation"), 2.0)
            self.app.audio.play("error")

    def toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open
        self.app.audio.play("flip")

    # --- the setup choice ("keep 2 of 5") ------------------------------------------------------
    def keep_screen_open(self) -> bool:
        return bool(self.legal()["keep"]) and self.view_dict.get("step") == "keep"

    def dealt(self) -> list[str]:
        seat = self.viewer if self.viewer is not None else self.match.to_move
        rows = self.view_dict.get("dealt", [])
        return list(rows[seat]) if seat is not None and seat < len(rows) else []

    def keep_count(self) -> int:
        return int(self.match.game.rules["keep"])

    def click_keep(self, pos: tuple[int, int]) -> None:
        cards = self.dealt()
        for i in range(len(cards)):
            if screens.keep_card_rect(self, i, len(cards)).collidepoint(pos):
                self.toggle_keep(i)
                return
        if screens.keep_button_rect(self).collidepoint(pos):
            self.confirm_keep()

    def toggle_keep(self, index: int) -> None:
        if index in self.keep_pick:
            self.keep_pick.remove(index)
        elif len(self.keep_pick) < self.keep_count():
            self.keep_pick.append(index)
        else:
            self.keep_pick = self.keep_pick[1:] + [index]
        self.keep_cursor = index
        self.app.audio.play("flip")

    def confirm_keep(self) -> None:
        cards = self.dealt()
        if len(self.keep_pick) != self.keep_count():
            self.app.audio.play("error")
            return
        chosen = [cards[i] for i in sorted(self.keep_pick)]
        if self.try_move("keep " + " ".join(chosen)):
            self.keep_pick = []

    # --- keyboard ------------------------------------------------------------------------------
    def handle_key(self, key: int) -> None:
        legal = self.legal()
        if self.keep_screen_open():
            count = len(self.dealt())
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < count:
                self.toggle_keep(key - pygame.K_1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
                self.keep_cursor = (self.keep_cursor + (1 if key == pygame.K_RIGHT else -1)) \
                    % count
            elif key == pygame.K_SPACE:
                self.toggle_keep(self.keep_cursor)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm_keep()
            return
        if key == pygame.K_c and self.viewer is not None:
            self.toggle_drawer()
        elif key == pygame.K_x and self.report_visible():
            self.press_report()
        elif legal["roll"] and key in (pygame.K_r, pygame.K_SPACE, pygame.K_RETURN,
                                       pygame.K_KP_ENTER):
            self.try_move("roll")
        elif legal["reuse"] and key == pygame.K_u:
            self.try_move("reuse")
        elif legal["moves"]:
            self.key_move(key)
        elif legal["swaps"] or legal["noswap"]:
            self.key_swap(key)

    def key_move(self, key: int) -> None:
        moves = self.legal()["moves"]
        order = sorted(moves, key=lambda c: ("rygbk".index(c[0]), c[1] != "S", c[1] == "L"))
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            i = order.index(self.selected) if self.selected in order else -1
            self.select(order[(i + step) % len(order)])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.selected is None:
                self.select(order[0])
                return
            landings = sorted(moves[self.selected])
            i = landings.index(self.target) if self.target in landings else 0
            self.target = landings[(i + (1 if key == pygame.K_RIGHT else -1)) % len(landings)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is None:
                self.select(order[0])
            elif self.target is not None:
                self.try_move(f"move {self.selected} {self.target}")

    def key_swap(self, key: int) -> None:
        places = sorted(self.swappable())
        if key == pygame.K_n:
            self.try_move("noswap")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and places:
            step = -1 if key == pygame.K_LEFT else 1
            i = places.index(self.cursor) if self.cursor in places else -1
            self.cursor = places[(i + step) % len(places)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.cursor is not None:
            self.pick_swap(self.cursor)

    def try_move(self, notation: str) -> bool:
        if not self.match.waiting_for_human:
            return False
        try:
            self.match.play_text(notation)
        except Exception:  # noqa: BLE001 - IllegalMove: a refused click, not a crash
            self.app.audio.play("error")
            return False
        return True

