"""A small driver that feeds synthetic input to the real App (tests and tools only).

Events are posted to pygame's queue and consumed by ``App.step`` exactly like a player's,
so tests exercise the real scenes, hit-testing included.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.main import build_app, build_first_scene
from game.client.options import Options
from game.client.stage.scene import Scene
from game.client.storage.settings import Settings, load_settings
from game.client.ui.widgets import Widget

DT = 1.0 / 60.0


class Driver:
    def __init__(self, options: Options | None = None, settings: Settings | None = None,
                 inline_ai: bool = True, offer_tutorials: bool = False) -> None:
        options = options or Options(headless=True)
        options.headless = True
        self.app = build_app(options, settings if settings is not None else load_settings())
        self.app.inline_ai = inline_ai
        self.app.offer_tutorials = offer_tutorials  # menus as before unless a test asks
        self.frames = 0
        build_first_scene(self.app)

    @property
    def top(self) -> Scene | None:
        return self.app.stack.top

    def step(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.step(DT)
            self.frames += 1

    def click(self, pos: tuple[int, int], frames: int = 2) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], frames: int = 2) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.step(1)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for pos in (mid, end):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            self.step(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.step(frames)

    def key(self, key: int, frames: int = 2, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                             scancode=0))
        self.step(frames)

    def run_until(self, condition: Callable[[], bool], limit: int = 20000) -> bool:
        for _ in range(limit):
            if condition():
                return True
            self.step()
        return condition()

    def widget(self, name: str) -> Widget:
        """A widget of the top scene by name (buttons of menus)."""
        focus = getattr(self.top, "focus", None)  # menus have one; tables do not
        widgets: list[Widget] = focus.widgets if focus is not None else []
        for widget in widgets:
            if getattr(widget, "name", None) == name:
                return widget
        raise LookupError(f"no widget {name!r} on {type(self.top).__name__}")

    def click_widget(self, name: str, frames: int = 2) -> None:
        self.click(self.widget(name).rect.center, frames)

    def close(self) -> None:
        self.app.close()
