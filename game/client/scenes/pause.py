"""Pause overlay over a table: resume, rules, settings, quit to title.

An online table has no undo (moves are final there); its match's ``controls`` put their own
entries in its place (resign, offer to end the game, decide about an empty seat) and ask
before Quit to title, which also tells the server how the player leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import language, pt, t
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
from game.client.scenes.glance import GlanceScene
from game.client.scenes.house_rules import HouseRulesScene
from game.client.scenes.rules_help import RulesScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.stage import undo
from game.client.stage.rebuild import build_table
from game.client.ui import theme

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table


class PauseScene(MenuScene):
    opaque = False

    def __init__(self, app: AppContext, table: Table) -> None:
        self.table = table
        self.language = language()
        super().__init__(app)

    def on_resume(self) -> None:
        """Back from Settings: a new language redraws the table in it, the log included.
        Tables keep some lines as text written when the move was made, so the table is
        rebuilt from the match's moves (the honest way, as undo and resume do)."""
        if language() != self.language:
            self.language = language()
            self._rebuild_table()

    def _rebuild_table(self) -> None:
        old = self.table
        match = old.match
        new = build_table(self.app, match, [entry.played for entry in match.history],
                          table_cls=type(old), keep_owner=True)
        old.owns_match = False  # the match lives on in the new table
        scenes = self.app.stack.scenes
        if old in scenes:
            scenes[scenes.index(old)] = new
        self.table = new

    def build(self) -> None:
        u = theme.unit(self.size)
        controls = self.table.match.controls
        own = controls.pause_items(self.table) if controls is not None else None
        entries: list[tuple[Callable[[], str], Callable[[], None], str]] = [
            (lambda: t("Resume"), self.back, "resume")]
        if own is None:
            entries.append((lambda: pt("menu", "Undo"), self.undo, "undo"))
        entries += [(lambda: t("House rules"), self.house_rules, "house_rules"),
                    (lambda: t("Rules"), self.rules, "rules"),
                    (lambda: t("Rules at a glance"), self.glance, "glance"),
                    (lambda: t("Settings"), self.settings, "settings"),
                    *(own or []),
                    (lambda: t("Quit to title"), self.quit, "quit_to_title")]
        # an online table's longer list: the buttons a little lower, closer together
        height = int(48 * u) if len(entries) <= 6 else int(40 * u)
        buttons = self.column([(label, action) for label, action, _name in entries],
                              int(200 * u) if len(entries) <= 6 else int(180 * u),
                              height=height, primary_first=True)
        for button, (_label, _action, name) in zip(buttons, entries, strict=True):
            button.name = name
            if name == "undo":
                button.enabled = undo.available(self.table)  # only when a move may go back
        self.focus.set(buttons)

    def quit(self) -> None:
        controls = self.table.match.controls
        if controls is not None:   # online: say how the seat is left first
            controls.quit(self.table)
            return
        self.app.go_to_title()

    def undo(self) -> None:
        undo.undo(self.table)

    def house_rules(self) -> None:
        self.app.stack.push(HouseRulesScene(self.app, self.table.match.game_name,
                                            table=self.table))

    def rules(self) -> None:
        self.app.stack.push(RulesScene(self.app, self.table.match.game_name,
                                       self.table.match.game.rules))

    def glance(self) -> None:
        match = self.table.match
        self.app.stack.push(GlanceScene(self.app, match.game_name, match.game))

    def settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.back()
            return
        super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 160), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        panel = pygame.Rect(0, 0, int(440 * u), int(530 * u))
        panel.center = (surface.get_width() // 2, int(375 * u))
        draw_panel(self.app, surface, panel, colour=(40, 52, 60), border=theme.GOLD)
        draw_heading(self.app, surface, t("Paused"), panel.y + int(14 * u))
