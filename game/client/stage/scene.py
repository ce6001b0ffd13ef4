"""Scenes, the scene stack and the scene registry.

A scene draws the whole screen unless it is an overlay (``opaque = False``), in which case
the scene below is drawn first (dimmed by the overlay itself). Only the top scene receives
events and updates, so a pause overlay really pauses the table under it.

The ``App`` knows scenes only through this interface and a ``SceneRegistry``: a table of
named factories ("title", "message", "table") filled by the scenes package
(``scenes.registry``) and handed to the App when it is built. So the loop never imports a
concrete scene. Scenes in turn know the App only as ``AppContext``, the services it offers
them (window, settings, assets, sound, the stack, starting a match), declared here; so no
module below the App refers to ``game.client.app``, not even for type hints.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.client.match.match import Match, SeatInfo
    from game.client.match.protocol import MatchLike
    from game.client.options import Options
    from game.client.storage.settings import Settings
    from game.client.ui.assets import Assets
    from game.client.ui.audio import Audio


class NoticeBoard(Protocol):
    """The App's short lines over every scene, as scenes use them (``app.notices``)."""

    def show(self, text: str, seconds: float = ...) -> None: ...


class AppContext(Protocol):
    """What scenes may use of the running App (``game.client.app.loop.App`` provides it)."""

    options: Options
    scenes: SceneRegistry
    settings: Settings
    assets: Assets
    audio: Audio
    stack: SceneStack
    screen: pygame.Surface
    size: tuple[int, int]
    headless: bool
    fullscreen: bool
    inline_ai: bool
    offer_tutorials: bool
    time: float
    surface_cache: MutableMapping[tuple[Any, ...], pygame.Surface]  # overlays/glows

    @property
    def notices(self) -> NoticeBoard:  # short lines over every scene (failed writes, news)
        ...

    @property
    def animation_speed(self) -> float: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def resize_window(self, size: tuple[int, int]) -> None: ...

    def apply_settings(self) -> None: ...

    def choose_language(self, lang: str) -> None: ...

    def shadow(self, size: tuple[int, int], radius: int = 10,
               alpha: int = 70) -> pygame.Surface: ...

    def overlay(self, size: tuple[int, int], alpha: int = 150,
                colour: tuple[int, int, int] = (6, 12, 16)) -> pygame.Surface: ...

    def menu_background(self, size: tuple[int, int]) -> pygame.Surface: ...

    def new_seed(self) -> int: ...

    def start_match(self, game_name: str, seats: list[SeatInfo], rules: Any = None,
                    seed: int | None = None, replace: bool = True) -> Match | None: ...

    def go_to_title(self) -> None: ...

    def quit(self, code: int = 0) -> None: ...

    def request_redraw(self) -> None: ...


class Scene:
    """Base class: override what you need. ``self.app`` gives settings, assets, audio, stack."""

    opaque: bool = True
    is_title: bool = False       # the title menu (where "quit to title" lands)

    def __init__(self, app: AppContext) -> None:
        self.app = app

    @property
    def shown_match(self) -> MatchLike | None:
        """The match this scene shows (a table does); headless runs ask it."""
        return None

    @property
    def ends_headless_run(self) -> bool:
        """True once a headless run of AI seats has shown what it came for (the results)."""
        return False

    # --- what the windowed loop needs to draw (``game.client.app.pacing``) ---------------------
    @property
    def animating(self) -> bool:
        """True while this scene, on top, changes by itself and needs every frame drawn.

        The default is True so a scene that does not say otherwise is never left stale;
        scenes that change only on input (menus) or can say when they move (tables) return
        False when still, and the loop then sleeps instead of redrawing the same picture.
        """
        return True

    def look(self) -> object:
        """A cheap value that changes whenever what this scene draws changes without input
        or animation (a move arrived, a notice appeared); the loop redraws when it differs
        from the one of the last drawn frame."""
        return None

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """Where the frame just drawn differs from the one drawn before it, so the window
        loop may push only those rectangles to the screen. ``None`` (the default) means
        "do not know": the whole window is pushed, so a scene that says nothing is never
        left with stale pixels. A scene that reports must cover *everything* that changed
        without input (old and new places of what moved); the loop pushes whole frames
        itself after input, a new look, a fade, a notice or a resize."""
        return None

    def warm(self, budget: float) -> None:
        """Spare time of the loop (``game.client.ui.warm``): render pictures needed later for
        about ``budget`` seconds. Called when no frame is being drawn (the window loop's
        idle turns) and with a small budget per headless frame; the default does nothing."""

    # lifecycle hooks
    def on_enter(self) -> None:
        """Called when the scene is pushed (or replaces another)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack for good."""

    def on_pause(self) -> None:
        """Another scene was pushed over this one."""

    def on_resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The drawing surface changed size; layouts recompute here."""

    # per frame
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    """push / pop / replace; draws from the topmost opaque scene upward."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0  # counts push/pop/replace/reset: the loop redraws after each


    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].on_pause()
        self.scenes.append(scene)
        self.changes += 1
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self.changes += 1
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (e.g. setup → table) without resuming the one below."""
        if self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        self.changes += 1
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start over from ``scene`` (quit to title)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        self.changes += 1
        scene.on_enter()

    def pop_to(self, kind: type) -> None:
        """Pop until a scene of class ``kind`` is on top (or the stack has one scene)."""
        while len(self.scenes) > 1 and not isinstance(self.scenes[-1], kind):
            self.pop()

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)


SceneFactory = Callable[..., Scene]


class SceneRegistry:
    """Named scene factories: ``make("title", app)``, ``make("table", app, match)``…

    Filled once by ``game.client.scenes.registry.default_registry``; tests may register a
    stand-in. An unknown name is a programming error (``KeyError`` naming it).
    """

    def __init__(self) -> None:
        self._factories: dict[str, SceneFactory] = {}

    def register(self, name: str, factory: SceneFactory) -> None:
        self._factories[name] = factory

    def make(self, name: str, app: AppContext, *args: Any) -> Scene:
        try:
            factory = self._factories[name]
        except KeyError:
            raise KeyError(f"no scene registered as {name!r}") from None
        return factory(app, *args)

    def __contains__(self, name: str) -> bool:
        return name in self._factories
