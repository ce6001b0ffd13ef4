"""The rules at a glance over a table (key I, or the pause menu): one short card of the
game's rules as this table plays them, with the way on to the full rules pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.i18n.words import game_title
from game.client.scenes.common import MenuScene, draw_panel
from game.client.scenes.rules_help import RulesScene
from game.client.tutorial.glance import glance_lines
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.match.types import AnyGame
    from game.client.stage.scene import AppContext


class GlanceScene(MenuScene):
    opaque = False

    def __init__(self, app: AppContext, game_name: str, game: AnyGame) -> None:
        self.game_name = game_name
        self.game = game    # the engine with the rules in play (house rules included)
        self.panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - int(20 * u), int(900 * u)),
                                 min(h - int(20 * u), int(640 * u)))
        self.panel.center = (w // 2, h // 2)
        bw, bh, gap = int(200 * u), int(46 * u), int(20 * u)
        y = self.panel.bottom - bh - int(16 * u)
        rules = Button(self.app, pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh),
                       lambda: t("All the rules"), self.all_rules, name="glance.rules")
        back = Button(self.app, pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh),
                      lambda: t("Back"), self.back, primary=True, name="glance.back")
        self.focus.set([back, rules])

    def all_rules(self) -> None:
        self.app.stack.replace(RulesScene(self.app, self.game_name))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_i:
            self.back()   # the key that opened the card closes it
            return
        super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 170), (0, 0))

    def text_blocks(self, wrap: int, size: int) -> list[pygame.Surface]:
        """The heading and one block per line of the card, at ``size`` pixels."""
        head = self.app.assets.text(t("{game} at a glance", game=game_title(self.game_name)),
                                    max(10, int(size * 1.5)), theme.GOLD, bold=True,
                                    wrap=wrap)
        return [head, *(self.app.assets.text(f"• {line}", size, theme.WHITE, wrap=wrap)
                        for line in glance_lines(self.game))]

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_panel(self.app, surface, self.panel, colour=(40, 52, 60), border=theme.GOLD)
        pad = int(22 * u)
        wrap = max(60, self.panel.width - 2 * pad)
        room = self.panel.height - 2 * pad - int(66 * u)   # the buttons' row below
        size = max(9, int(17 * u))
        blocks = self.text_blocks(wrap, size)
        # a long language on a small window: the letters shrink until every line fits
        while size > 9 and sum(b.get_height() for b in blocks) + len(blocks) * int(8 * u) > room:
            size -= 1
            blocks = self.text_blocks(wrap, size)
        y = self.panel.y + pad
        for block in blocks:
            surface.blit(block, (self.panel.x + pad, y))
            y += block.get_height() + int(8 * u)
