"""The bundle every drawing function of a table takes: the app's asset cache, the
table's card art and layout, and the app's shared shadow and overlay caches.

It names what drawing depends on instead of handing the whole ``App`` or scene to the
renderers; ``TableKit.of(app, art, layout)`` is how a scene makes one.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.client.ui.assets import Assets


class Measured(Protocol):
    """A table layout: everything in it scales with ``u`` (1.0 at 1280×720)."""

    @property
    def u(self) -> float: ...


class Refittable(Protocol):
    """A table layout made as a dataclass from the window ``size``: every rect is derived
    in ``__post_init__``."""

    size: tuple[int, int]

    def __post_init__(self) -> None: ...


def refit(layout: Refittable, size: tuple[int, int]) -> None:
    """Lay ``layout`` out again for a window of ``size``, in place: the renderer, the input
    and the presenter of a table all hold this one object, so a live resize reaches them
    all without rebuilding the scene (which would lose the log and the animations)."""
    layout.size = (int(size[0]), int(size[1]))
    layout.__post_init__()


class AppSurfaces(Protocol):
    """What a kit takes from the app (``App`` satisfies it)."""

    assets: Assets
    surface_cache: MutableMapping[tuple[Any, ...], pygame.Surface]

    def shadow(self, size: tuple[int, int], radius: int = 10, alpha: int = 70
               ) -> pygame.Surface: ...

    def overlay(self, size: tuple[int, int], alpha: int = 150,
                colour: tuple[int, int, int] = (6, 12, 16)) -> pygame.Surface: ...


A = TypeVar("A")
L = TypeVar("L", bound=Measured)


@dataclass(frozen=True, eq=False)
class TableKit(Generic[A, L]):
    """Pictures and places: ``shadow``/``overlay`` are the app's cached decorations and
    ``cache`` its overlay cache, shared so that a glow of one size is made once for every
    scene."""

    assets: Assets
    art: A
    layout: L
    shadow: Callable[..., pygame.Surface]
    overlay: Callable[..., pygame.Surface]
    cache: MutableMapping[tuple[Any, ...], pygame.Surface]

    @property
    def u(self) -> float:
        return self.layout.u

    @classmethod
    def of(cls, app: AppSurfaces, art: A, layout: L) -> TableKit[A, L]:
        return cls(app.assets, art, layout, app.shadow, app.overlay, app.surface_cache)
