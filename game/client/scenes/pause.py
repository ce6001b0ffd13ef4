"""Pause overlay over a table: resume, rules, settings, quit to title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.i18n import language, pt, t
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
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
        items = [(lambda: t("Resume"), self.back),
                 (lambda: pt("menu", "Undo"), self.undo),
                 (lambda: t("House rules"), self.house_rules),
                 (lambda: t("Rules"), self.rules),
                 (lambda: t("Settings"), self.settings),
                 (lambda: t("Quit to title"), self.app.go_to_title)]
        buttons = self.column(items, int(200 * u), height=int(48 * u), primary_first=True)
        buttons[1].enabled = undo.available(self.table)  # only when a move may be taken back
        for button, name in zip(buttons, ("resume", "undo", "house_rules", "rules", "settings",
                                          "quit_to_title"), strict=True):
            button.name = name
        self.focus.set(buttons)

    def undo(self) -> None:
        undo.undo(self.table)

    def house_rules(self) -> None:
        self.app.stack.push(HouseRulesScene(self.app, self.table.match.game_name,
                                            table=self.table))

    def rules(self) -> None:
        self.app.stack.push(RulesScene(self.app, self.table.match.game_name,
                                       self.table.match.game.rules))

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
