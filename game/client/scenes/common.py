"""Helpers shared by menu scenes: background, title, panels, a vertical button menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.client.stage.scene import Scene
from game.client.ui import theme
from game.client.ui.widgets import Button, FocusGroup, Label, draw_panel

__all__ = ["MenuScene", "draw_heading", "draw_hint", "draw_panel"]

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


def draw_heading(app: AppContext, surface: pygame.Surface, text: str, y: int,
                 size: int | None = None,
                 colour: tuple[int, int, int] = theme.GOLD) -> pygame.Rect:
    u = theme.unit(surface)
    image = app.assets.outlined_text(text, size or int(44 * u), colour, (20, 16, 24),
                                     width=max(2, int(3 * u)))
    rect = image.get_rect(midtop=(surface.get_width() // 2, y))
    surface.blit(image, rect)
    return rect


def draw_hint(app: AppContext, surface: pygame.Surface, text: str) -> None:
    u = theme.unit(surface)
    image = app.assets.text(text, int(15 * u), (210, 220, 214))
    surface.blit(image, image.get_rect(midbottom=(surface.get_width() // 2,
                                                  surface.get_height() - int(12 * u))))


class MenuScene(Scene):
    """A scene with a column of buttons; Esc goes back (pops)."""

    title_key: str = ""

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.focus = FocusGroup()
        self.size = app.screen.get_size()
        self.build()

    def build(self) -> None:
        """Create ``self.focus`` widgets for the current window size."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: the widgets again, for the new size, focus kept."""
        focused = self.focus.focus
        self.size = size
        self.focus = FocusGroup()
        self.build()
        if self.focus.widgets:
            self.focus.focus = min(focused, len(self.focus.widgets) - 1)

    @property
    def animating(self) -> bool:
        """A menu changes on input only (the loop keeps drawing a moment after input for
        hover and presses): when the mouse rests, the window loop sleeps."""
        return False

    def column(self, items: Sequence[tuple[Label, Callable[[], None]]], top: int,
               width: int | None = None, height: int | None = None,
               primary_first: bool = False) -> list[Button]:
        u = theme.unit(self.size)
        width = width or int(340 * u)
        height = height or int(54 * u)
        gap = int(14 * u)
        x = self.size[0] // 2 - width // 2
        buttons = []
        for index, (label, action) in enumerate(items):
            rect = pygame.Rect(x, top + index * (height + gap), width, height)
            buttons.append(Button(self.app, rect, label, action,
                                  primary=primary_first and index == 0))
        return buttons

    def back(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.focus.handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.menu_background(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.focus.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass
