"""Hand-off screen between two different people sharing the screen.

It is opaque, so the table under it is not drawn at all: no hidden card can show while
it is up. Confirming makes the next person the screen's owner and reveals their hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.scenes.pause import PauseScene
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table


class HandoffScene(MenuScene):
    opaque = True

    def __init__(self, app: AppContext, table: Table) -> None:
        self.table = table
        self.seat = table.match.to_move
        super().__init__(app)

    @property
    def person(self) -> str:
        return self.table.seat_name(self.seat) if self.seat is not None else ""

    def build(self) -> None:
        u = theme.unit(self.size)
        rect = pygame.Rect(0, 0, int(520 * u), int(64 * u))
        rect.center = (self.size[0] // 2, int(500 * u))
        self.focus.set([Button(self.app, rect, lambda: t("I am {name} — show "
                                                         "my cards", name=self.person),
                               self.confirm, primary=True, name="confirm")])

    def confirm(self) -> None:
        self.table.match.confirm_handoff()
        self.app.stack.pop()  # the table resumes and refreshes its view for the new owner

    def back(self) -> None:
        self.app.stack.push(PauseScene(self.app, self.table))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("Pass the screen to "
                                          "{name}", name=self.person), int(180 * u))
        body = self.app.assets.text(t("{name}, it is your turn. "
                                      "Others, please look away.", name=self.person), int(22 * u),
                                    theme.WHITE, wrap=int(surface.get_width() * 0.6),
                                    align="center")
        surface.blit(body, body.get_rect(midtop=(surface.get_width() // 2, int(280 * u))))
        size = int(120 * u)
        sprite = self.table.handoff_sprite
        back = self.app.assets.sprite(sprite, (int(size * 5 / 7), size))
        for i in range(3):
            rect = back.get_rect(center=(surface.get_width() // 2 + (i - 1) * int(40 * u),
                                         int(372 * u)))
            rotated = pygame.transform.rotate(back, (1 - i) * 12)
            surface.blit(rotated, rotated.get_rect(center=rect.center))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
