"""Shown when a game's table is not built yet: friendly, never a crash."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client import theme
from game.client.i18n import t
from game.client.scenes.common import MenuScene, draw_heading

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import Match


class ComingSoonScene(MenuScene):
    def __init__(self, app: App, game: str, match: Match | None = None) -> None:
        self.game = game
        if match is not None:
            match.close()
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        self.focus.set(self.column([(lambda: t("menu.back"), self.back)], int(420 * u),
                                   primary_first=True))

    def back(self) -> None:
        if len(self.app.stack) > 1:
            self.app.stack.pop()
        else:
            self.app.go_to_title()

    def draw_content(self, surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("coming.title", game=t(f"game.{self.game}")),
                     int(200 * u))
        body = self.app.assets.text(t("coming.body"), int(22 * u), theme.WHITE,
                                    wrap=int(surface.get_width() * 0.6), align="center")
        surface.blit(body, body.get_rect(midtop=(surface.get_width() // 2, int(300 * u))))
