"""Short lines over whatever is on screen: a write that failed, saving that works again.

A disk that refuses a write must never end the game, nor be silent: the player would
believe a game or a setting is kept when it is not. ``Notices`` is the one place such news
reaches the screen, drawn above every scene for a few seconds. It hears of failed settings
writes through ``Settings.on_write_error`` and of the autosave's failures and recoveries by
draining the current match's ``Autosaver.take_news()`` once a frame, so neither the
settings nor the saves need to know about the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import printable, t
from game.client.match.match import Match
from game.client.storage.save_folder import autosaver_of
from game.client.ui import theme
from game.client.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext

__all__ = ["Notices", "printable"]

SECONDS = 6.0  # long enough to read a file name and a reason
MAX_SHOWN = 3
MAX_CHARS = 200


@dataclass
class Notice:
    text: str
    left: float


class Notices:
    """The notice lines of one ``App``; ``frame`` is called once per frame after drawing."""

    def __init__(self) -> None:
        self.items: list[Notice] = []

    @classmethod
    def attach(cls, app: AppContext) -> Notices:
        """Notices for ``app``, listening to its settings' write failures."""
        notices = cls()
        app.settings.on_write_error.append(
            lambda reason: notices.show(t("Settings could not be saved: {reason}", reason=reason)))
        return notices

    def show(self, text: str, seconds: float = SECONDS) -> None:
        text = printable(text)
        self.items = [n for n in self.items if n.text != text][-(MAX_SHOWN - 1):]
        self.items.append(Notice(text, seconds))

    @property
    def texts(self) -> list[str]:
        return [n.text for n in self.items]

    def frame(self, app: AppContext, dt: float, surface: pygame.Surface) -> None:
        self.tick(app, dt)
        self.draw(app, surface)

    def tick(self, app: AppContext, dt: float) -> None:
        """News and countdowns, once a frame whether or not the frame is drawn (the
        windowed loop skips drawing while nothing changes)."""
        self.collect(app)
        if not self.items:
            return
        for notice in self.items:
            notice.left -= dt
        self.items = [n for n in self.items if n.left > 0]

    def collect(self, app: AppContext) -> None:
        """News from the autosave of the match on screen (failed / works again)."""
        for scene in app.stack.scenes:
            match = scene.shown_match
            saver = autosaver_of(match) if isinstance(match, Match) else None
            if saver is None:
                continue
            for failed, reason in saver.take_news():
                self.show(t("The game could not be saved: {reason}", reason=reason) if failed
                          else t("Saving works again: the game is safe on disk."))

    def draw(self, app: AppContext, surface: pygame.Surface) -> None:
        if not self.items:
            return
        u = theme.unit(surface)
        width = surface.get_width()
        y = surface.get_height() - max(8, int(90 * u))
        pad = max(4, int(10 * u))
        for notice in reversed(self.items):
            size = max(9, int(16 * u))
            image = app.assets.text(notice.text, size, theme.WHITE, bold=True)
            if image.get_width() > width * 0.8:   # only a long line wraps: a short one stays narrow
                image = app.assets.text(notice.text, size, theme.WHITE, bold=True,
                                        wrap=int(width * 0.8), align="center")
            rect = image.get_rect(midbottom=(width // 2, y)).inflate(2 * pad, pad)
            draw_panel(app, surface, rect, colour=(120, 44, 40), border=theme.GOLD,
                       radius=max(4, int(10 * u)))
            surface.blit(image, image.get_rect(center=rect.center))
            y = rect.top - pad
