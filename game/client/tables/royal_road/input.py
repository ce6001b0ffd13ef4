"""Mouse and keyboard on the Královská cesta table: every action has a click and a key, and
each becomes one of the engine's Move values (``game.rules.royal_road.moves``), checked by
membership in the legal moves before it is handed to the scene to play.

``TableInput`` keeps the person's half-made choices in the ``TableModel`` (the picked
pyramid, the cards marked for a swap or to keep) and reads everything else from the
``TableView`` the scene builds for it; it never sees the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.i18n import t
from game.client.tables.common.keys import CONFIRM_KEYS, ENTER_KEYS, cycle, digit_index, key_step
from game.client.tables.royal_road.layout import RoyalLayout
from game.client.tables.royal_road.model import TableModel, TableView, pick_order
from game.client.tables.royal_road.screens import keep_button_rect, keep_card_rect
from game.rules.royal_road.moves import NOSWAP, REPORT, REUSE, ROLL, Keep, MovePyramid, Swap


class TableInput:
    """Clicks and keys: colour step, picking a pyramid and its landing, bonus swaps,
    reports, the drawer and the setup choice.

    ``play(move)`` plays a legal Move value and says whether the match took it;
    ``sound(name)`` gives feedback."""

    def __init__(self, model: TableModel, layout: RoyalLayout, shown: Callable[[], TableView],
                 play: Callable[[Any], bool], sound: Callable[[str], None]) -> None:
        self.model = model
        self.layout = layout
        self.shown = shown
        self.play = play
        self.sound = sound

    def submit(self, move: Any) -> bool:
        """Play ``move`` if it is one of the legal moves now (else a refusal sound)."""
        view = self.shown()
        if not view.waiting_for_human:
            return False
        if move not in view.legal:
            self.sound("error")
            return False
        return self.play(move)

    # --- events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.shown().concealed:
            return
        if event.type == pygame.MOUSEMOTION:
            self.model.mouse = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.model.mouse = event.pos
            self.click(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event.key)

    def click(self, pos: tuple[int, int]) -> None:
        layout, view = self.layout, self.shown()
        legal = view.legal
        if view.keep_open:
            self.click_keep(pos)
            return
        if layout.drawer_tab.collidepoint(pos) and view.viewer is not None:
            self.toggle_drawer()
            return
        if legal.roll and (layout.roll_button.collidepoint(pos)
                           or layout.die_rect.collidepoint(pos)):
            self.submit(ROLL)
            return
        if legal.reuse and layout.reuse_button.collidepoint(pos):
            self.submit(REUSE)
            return
        if view.report_visible and layout.report_button.collidepoint(pos):
            self.press_report()
            return
        if legal.noswap and layout.noswap_button.collidepoint(pos):
            self.submit(NOSWAP)
            return
        if legal.moves:
            code = view.pyramid_at(pos)
            if code is not None and code in legal.moves:
                if code != self.model.selected:
                    self.select(code)
                return
            q = layout.card_at(pos)
            if q is not None:
                self.click_landing(q)
            elif len(legal.moves) > 1:
                self.select(None)  # a click on the bare table lets go of the pyramid
            return
        if legal.swaps:
            q = layout.card_at(pos)
            if q is not None:
                self.pick_swap(q)

    def select(self, code: str | None) -> None:
        """Pick the pyramid to move; the keyboard cursor starts on its furthest landing that
        passes no stop."""
        ui = self.model
        ui.selected = code
        ui.target = None
        ui.armed = None
        if code is not None:
            view = self.shown()
            landings = sorted(view.legal.moves.get(code, []))
            over = view.overstep_targets(code)
            normal = [q for q in landings if q not in over]
            ui.target = (normal or landings)[-1] if landings else None
            self.sound("tap")

    def click_landing(self, q: int) -> None:
        """A click on a card: land the picked pyramid there; with none picked, a card only
        one pyramid can reach moves that pyramid (a shortcut, never a surprise)."""
        legal = self.shown().legal
        selected = self.model.selected
        if selected is not None:
            self.submit(MovePyramid(selected, q))
            return
        able = [code for code in legal.moves if MovePyramid(code, q) in legal]
        if len(able) == 1:
            self.submit(MovePyramid(able[0], q))
        elif able:
            self.model.say(t("Several pyramids can land there: pick one first."), 1.6)
            self.sound("error")
        else:
            self.sound("error")

    def pick_swap(self, q: int) -> None:
        ui, legal = self.model, self.shown().legal
        if q not in legal.swappable():
            self.sound("error")
            return
        if q in ui.swap_pick:
            ui.swap_pick.remove(q)
            return
        ui.swap_pick.append(q)
        self.sound("tap")
        if len(ui.swap_pick) == 2:
            a, b = sorted(ui.swap_pick)
            if Swap(a, b) in legal:
                self.submit(Swap(a, b))
            else:
                ui.swap_pick = [q]
                self.sound("error")

    def press_report(self) -> None:
        if REPORT in self.shown().legal:
            self.submit(REPORT)
        else:
            self.model.say(t("No violation: the last move was fair."), 2.0)
            self.sound("error")

    def toggle_drawer(self) -> None:
        self.model.drawer_open = not self.model.drawer_open
        self.sound("flip")

    # --- the setup choice ("keep 2 of 5") ------------------------------------------------------
    def click_keep(self, pos: tuple[int, int]) -> None:
        count = len(self.shown().dealt)
        for i in range(count):
            if keep_card_rect(self.layout, i, count, self.model.keep_pick).collidepoint(pos):
                self.toggle_keep(i)
                return
        if keep_button_rect(self.layout).collidepoint(pos):
            self.confirm_keep()

    def toggle_keep(self, index: int) -> None:
        ui = self.model
        if index in ui.keep_pick:
            ui.keep_pick.remove(index)
        elif len(ui.keep_pick) < self.shown().keep_count:
            ui.keep_pick.append(index)
        else:
            ui.keep_pick = ui.keep_pick[1:] + [index]
        ui.keep_cursor = index
        self.sound("flip")

    def keep_move(self) -> Keep | None:
        """The Keep move of the marked cards, in the order dealt (None until enough)."""
        view = self.shown()
        if len(self.model.keep_pick) != view.keep_count:
            return None
        return Keep(tuple(view.dealt[i] for i in sorted(self.model.keep_pick)))

    def confirm_keep(self) -> None:
        move = self.keep_move()
        if move is None:
            self.sound("error")
            return
        if self.submit(move):
            self.model.keep_pick = []

    # --- keyboard ------------------------------------------------------------------------------
    def handle_key(self, key: int) -> None:
        view = self.shown()
        legal = view.legal
        if view.keep_open:
            self.key_keep(key, len(view.dealt))
            return
        if key not in CONFIRM_KEYS:
            self.model.armed = None
        if key == pygame.K_c and view.viewer is not None:
            self.toggle_drawer()
        elif key == pygame.K_x and view.report_visible:
            self.press_report()
        elif legal.roll and key in (pygame.K_r, *CONFIRM_KEYS):
            self.submit(ROLL)
        elif legal.reuse and key == pygame.K_u:
            self.submit(REUSE)
        elif legal.moves:
            self.key_move(key)
        elif legal.swaps or legal.noswap:
            self.key_swap(key)

    def key_keep(self, key: int, count: int) -> None:
        ui = self.model
        if (index := digit_index(key)) is not None and index < count:
            self.toggle_keep(index)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            ui.keep_cursor = (ui.keep_cursor + (1 if key == pygame.K_RIGHT else -1)) % count
        elif key == pygame.K_SPACE:
            self.toggle_keep(ui.keep_cursor)
        elif key in ENTER_KEYS:
            self.confirm_keep()

    def key_move(self, key: int) -> None:
        ui, moves = self.model, self.shown().legal.moves
        order = pick_order(moves)
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.select(cycle(order, ui.selected, key_step(key)))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if ui.selected is None:
                self.select(order[0])
                return
            landings = sorted(moves[ui.selected])
            ui.target = cycle(landings, ui.target, key_step(key), missing=0)
            ui.armed = None
        elif key in CONFIRM_KEYS:
            if ui.selected is None:
                self.select(order[0])
            elif ui.target is not None:
                self.confirm_move(ui.selected, ui.target, len(moves[ui.selected]))

    def confirm_move(self, code: str, q: int, landings: int) -> None:
        """Enter plays the picked move, but a pyramid with a single landing (nothing left
        to choose, so a newcomer's Enter after picking it would move it at once) first
        asks for a second Enter; any other key or pick disarms it."""
        ui = self.model
        if landings == 1 and ui.armed != (code, q):
            ui.armed = (code, q)
            self.sound("tap")
            return
        ui.armed = None
        self.submit(MovePyramid(code, q))

    def key_swap(self, key: int) -> None:
        ui = self.model
        places = sorted(self.shown().legal.swappable())
        if key == pygame.K_n:
            self.submit(NOSWAP)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and places:
            ui.cursor = cycle(places, ui.cursor, key_step(key))
        elif key in CONFIRM_KEYS and ui.cursor is not None:
            self.pick_swap(ui.cursor)
