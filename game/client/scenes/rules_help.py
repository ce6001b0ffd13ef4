"""Rules help: each game's rules in our own words, with small pictures.

Pages come from ``game.client.tables.<game>.help`` (``pages() -> list[RulesPage]``), so
each table's author writes its own help beside it. A page holds English message ids (marked
with ``N_`` where they are written) and translates them as it is drawn, so a language switch
shows on the next frame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import N_, t
from game.client.i18n.rule_words import house_rule_lines
from game.client.i18n.words import game_title
from game.client.scenes.common import MenuScene, draw_heading, draw_hint, draw_panel
from game.client.tutorial.scene import TutorialMenuScene
from game.client.ui import theme
from game.client.ui.widgets import Button
from game.rules import GAME_NAMES

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext

Picture = Callable[[object, pygame.Surface, pygame.Rect], None]  # (app, surface, rect)
# A paragraph: a message id marked with N_, or a function that puts one together in the
# active language (when it needs values: names, counts).
Paragraph = str | Callable[[], str]


@dataclass
class RulesPage:
    title: str                    # message id of the heading, marked with N_
    body: tuple[Paragraph, ...]   # one entry per paragraph
    picture: Picture | None = None

    def heading(self) -> str:
        """The heading in the active language."""
        return t(self.title)

    def paragraphs(self) -> list[str]:
        """The paragraphs in the active language."""
        return [t(part) if isinstance(part, str) else part() for part in self.body]

    def text(self) -> str:
        """The whole text in the active language, a blank line between two paragraphs."""
        return "\n\n".join(self.paragraphs())


def pages_for(game: str, rules: Mapping[str, Any] | None = None) -> list[RulesPage]:
    """The rules pages of ``game`` for ``rules`` (the rules in play: the pages name their
    counts, keys and options; None: the original rules), from its table package's
    ``help`` module (imported when asked: the pages draw with the table's art)."""
    module = import_module(f"game.client.tables.{game}.help")
    pages: list[RulesPage] = list(module.pages(rules))
    lines = house_rule_lines(game, rules)
    if lines:   # first of all: what is not as the original rules say
        pages.insert(0, RulesPage(N_("The house rules of this game"),
                                  (N_("This game is played by house rules. They change:"),
                                   lambda: "\n".join("• " + line for line in lines))))
    return pages


class RulesScene(MenuScene):
    """The rules of a game; opened from a table or the setup, they follow the rules in
    play there (``rules``), and say what those change from the original ones."""

    def __init__(self, app: AppContext, game: str = "cesta",
                 rules: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.page = 0
        self.played = (game, dict(rules)) if rules is not None else None
        self.pages = pages_for(game, rules)
        super().__init__(app)

    def rules(self) -> dict[str, Any] | None:
        """The rules shown: those in play for the game it was opened for, else None."""
        if self.played is not None and self.played[0] == self.game:
            return self.played[1]
        return None

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        bw, bh = int(150 * u), int(48 * u)
        y = h - int(110 * u)
        widgets = [
            Button(self.app, pygame.Rect(w // 2 - int(330 * u), y, bw, bh), "◀",
                   lambda: self.turn(-1), name="prev"),
            Button(self.app, pygame.Rect(w // 2 - bw // 2, y, bw, bh), lambda: t("Back"),
                   self.back, primary=True, name="back"),
            Button(self.app, pygame.Rect(w // 2 + int(330 * u) - bw, y, bw, bh), "▶",
                   lambda: self.turn(1), name="next"),
        ]
        gx = int(30 * u)
        for i, game in enumerate(GAME_NAMES):
            widgets.append(Button(self.app, pygame.Rect(gx + i * int(190 * u), int(20 * u),
                                                        int(180 * u), int(40 * u)),
                                  partial(game_title, game),
                                  partial(self.choose, game), name=f"game_{game}",
                                  primary=game == self.game))
        widgets.append(Button(self.app, pygame.Rect(w - int(210 * u), int(20 * u),
                                                    int(180 * u), int(40 * u)),
                              lambda: t("Tutorial"), self.open_tutorial,
                              name="tutorial"))
        self.focus.set(widgets)
        self.focus.focus = 1

    def open_tutorial(self) -> None:
        """The lessons of the game whose rules are open: learning by playing, any time."""
        self.app.stack.push(TutorialMenuScene(self.app, self.game))

    def choose(self, game: str) -> None:
        self.game = game
        self.pages = pages_for(game, self.rules())
        self.page = 0
        self.build()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key in (pygame.K_LEFT, pygame.K_PAGEUP) else 1)
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        w, h = surface.get_size()
        page = self.pages[self.page]
        draw_heading(self.app, surface, t("Rules: {game}", game=game_title(self.game)),
                     int(70 * u), size=int(36 * u))
        panel = pygame.Rect(int(60 * u), int(130 * u), w - int(120 * u), h - int(260 * u))
        draw_panel(self.app, surface, panel)
        pad = int(24 * u)
        head = self.app.assets.text(page.heading(), int(26 * u), theme.INK, bold=True)
        surface.blit(head, (panel.x + pad, panel.y + pad))
        text_w = int(panel.width * (0.56 if page.picture else 0.92))
        top = panel.y + pad + head.get_height() + int(14 * u)
        room = panel.bottom - int(40 * u) - top   # above the page counter
        body = self.body_image(page.text(), text_w, room, u)
        surface.blit(body, (panel.x + pad, top))
        if page.picture is not None:
            area = pygame.Rect(panel.x + text_w + 2 * pad, panel.y + pad,
                               panel.width - text_w - 3 * pad, panel.height - 2 * pad)
            page.picture(self.app, surface, area)
        counter = self.app.assets.text(f"{self.page + 1} / {len(self.pages)}", int(16 * u),
                                       (120, 110, 100), bold=True)
        surface.blit(counter, counter.get_rect(bottomright=(panel.right - pad,
                                                            panel.bottom - int(14 * u))))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))

    def body_image(self, text: str, width: int, room: int, u: float) -> pygame.Surface:
        """The page's text at the largest size up to the usual one that fits ``room``
        (a longer language gets a slightly smaller type rather than run off the panel)."""
        size = int(18 * u)
        floor = max(9, int(13 * u))
        while True:
            image = self.app.assets.text(text, size, (40, 36, 40), wrap=width)
            if image.get_height() <= room or size <= floor:
                return image
            size -= 1
