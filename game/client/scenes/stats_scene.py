"""The statistics screen: per person and game, a row of figures and a chart of the last
games; Reset (pressed twice) empties the file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import nt, percent, t
from game.client.i18n.words import game_title, level_name
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
from game.client.storage.stats import Stats, average_length, win_rate
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext

ROWS_SHOWN = 7


def figures_line(record: dict[str, Any]) -> str:
    """One person's figures in one game: "3 games · 2 wins (67 %) · …", every count in the
    plural form its number takes."""
    parts = [
        nt("{n} game", "{n} games", record["games"]),
        nt("{n} win ({rate})", "{n} wins ({rate})", record["wins"],
           rate=percent(win_rate(record))),
        nt("best streak: {n} win in a row", "best streak: {n} wins in a row",
           record["best_streak"]),
        nt("{n} move a game on average", "{n} moves a game on average",
           round(average_length(record))),
        nt("{n} hint", "{n} hints", record["hints"]),
    ]
    levels = ", ".join(f"{level_name(lv)} {wins}/{games}"
                       for lv, (games, wins) in sorted(record["vs_level"].items()))
    if levels:
        parts.append(t("against the computer: {levels}", levels=levels))
    return " · ".join(parts)


class StatsScene(MenuScene):
    def __init__(self, app: AppContext) -> None:
        self.stats = Stats.load()
        self.confirm = False
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        bw, bh = int(200 * u), int(50 * u)
        y = h - int(80 * u)
        back = Button(self.app, pygame.Rect(w // 2 - bw - int(10 * u), y, bw, bh),
                      lambda: t("Back"), self.back, primary=True, name="back")
        reset = Button(self.app, pygame.Rect(w // 2 + int(10 * u), y, bw, bh),
                       lambda: t("Really reset?") if self.confirm else t("Reset"),
                       self.reset, name="reset")
        self.focus.set([back, reset])

    def reset(self) -> None:
        if not self.confirm:
            self.confirm = True
            return
        self.stats.reset()
        self.confirm = False

    def rows(self) -> list[tuple[str, str, dict[str, Any]]]:
        return [(name, game, record) for name, games in sorted(self.stats.people.items())
                for game, record in sorted(games.items())]

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        w = surface.get_width()
        draw_heading(self.app, surface, t("Statistics"), int(40 * u))
        panel = pygame.Rect(int(40 * u), int(100 * u), w - int(80 * u), int(500 * u))
        draw_panel(self.app, surface, panel, colour=(36, 48, 58), border=theme.GOLD)
        size = max(9, int(15 * u))
        rows = self.rows()
        if self.stats.problem:
            note = self.app.assets.text(t("The statistics file cannot be read and is left as "
                                          "it is: {problem}", problem=self.stats.problem), size,
                                        (255, 200, 170), wrap=panel.width - int(40 * u))
            surface.blit(note, (panel.x + int(20 * u), panel.y + int(20 * u)))
            return
        if not rows:
            empty = self.app.assets.text(t("No games counted yet (games of computers alone do "
                                           "not count)."), size, theme.PAPER_DIM)
            surface.blit(empty, empty.get_rect(center=panel.center))
            return
        line_h = int(66 * u)
        for i, (name, game, record) in enumerate(rows[:ROWS_SHOWN]):
            y = panel.y + int(14 * u) + i * line_h
            x = panel.x + int(20 * u)
            head = self.app.assets.text(f"{name} · {game_title(game)}", size, theme.GOLD,
                                        bold=True)
            surface.blit(head, (x, y))
            figures = figures_line(record)
            body = self.app.assets.text(figures, max(8, int(13 * u)), theme.WHITE,
                                        wrap=int(panel.width * 0.62))
            surface.blit(body, (x, y + head.get_height() + int(2 * u)))
            self._chart(surface, record["recent"],
                        pygame.Rect(panel.right - int(330 * u), y, int(310 * u),
                                    line_h - int(12 * u)))

    def _chart(self, surface: pygame.Surface, recent: list[dict[str, Any]], area: pygame.Rect
               ) -> None:
        """The last games as bars: a win tall and green, a loss short and red."""
        if not recent:
            return
        gap = max(1, area.width // 80)
        bar = max(2, area.width // max(20, len(recent)) - gap)
        for i, game in enumerate(recent):
            height = area.height if game["won"] else area.height // 3
            rect = pygame.Rect(area.x + i * (bar + gap), area.bottom - height, bar, height)
            pygame.draw.rect(surface, (90, 196, 110) if game["won"] else (214, 86, 70), rect,
                             border_radius=2)
            if bar >= 7:   # a win or a loss by its sign too, not by colour and height alone
                sign = self.app.assets.text("✓" if game["won"] else "✗", max(7, bar - 2),
                                            theme.WHITE, bold=True)
                surface.blit(sign, sign.get_rect(midtop=(rect.centerx, rect.y + 1)))
