"""A modal message over the current screen (a broken save, a problem in a file)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.scenes.common import MenuScene, draw_panel
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


class MessageScene(MenuScene):
    opaque = False

    def __init__(self, app: AppContext, title: str, body: str) -> None:
        self.title = title
        self.body = body
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - 20, int(760 * u)), min(h - 20, int(340 * u)))
        self.panel.center = (w // 2, h // 2)
        bw, bh = int(180 * u), int(50 * u)
        ok = Button(self.app, pygame.Rect(self.panel.centerx - bw // 2,
                                          self.panel.bottom - bh - int(22 * u), bw, bh),
                    lambda: t("OK"), self.back, primary=True, name="ok")
        self.focus.set([ok])

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 170), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_panel(self.app, surface, self.panel, colour=(40, 52, 60), border=theme.GOLD)
        pad = int(24 * u)
        head = self.app.assets.text(self.title, max(10, int(28 * u)), theme.GOLD, bold=True,
                                    wrap=max(40, self.panel.width - 2 * pad), align="center")
        surface.blit(head, head.get_rect(midtop=(self.panel.centerx, self.panel.y + pad)))
        body = self.app.assets.text(self.body, max(9, int(17 * u)), theme.WHITE,
                                    wrap=max(40, self.panel.width - 2 * pad), align="center")
        surface.blit(body, body.get_rect(midtop=(self.panel.centerx,
                                                 self.panel.y + pad + head.get_height()
                                                 + int(16 * u))))


class ConfirmScene(MessageScene):
    """A yes/no question over the current screen (quit the game?). Esc or "No" keeps
    everything as it was; only "Yes" runs ``on_yes``, so one stray key never loses a
    session."""

    def __init__(self, app: AppContext, title: str, body: str,
                 on_yes: Callable[[], None]) -> None:
        self.on_yes = on_yes
        super().__init__(app, title, body)

    def build(self) -> None:
        super().build()
        u = theme.unit(self.size)
        bw, bh = int(180 * u), int(50 * u)
        gap = int(24 * u)
        y = self.panel.bottom - bh - int(22 * u)
        yes = Button(self.app, pygame.Rect(self.panel.centerx - bw - gap // 2, y, bw, bh),
                     lambda: t("Yes"), self.confirm, name="yes")
        no = Button(self.app, pygame.Rect(self.panel.centerx + gap // 2, y, bw, bh),
                    lambda: t("No"), self.back, primary=True, name="no")
        self.focus.set([yes, no])
        self.focus.focus = 1  # Enter right away answers "no": quitting takes a decision

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_yes()
