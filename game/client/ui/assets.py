"""Sprites, fonts and rendered text, all cached so no frame ever re-renders them.

SVGs are rasterised at the size a scene asks for (``pygame.image.load_sized_svg``) and kept
per (name, size). A missing or unreadable sprite is replaced by a fallback drawn by the
caller's ``fallback(size)`` function, so tables work while the art is still being drawn.

Every cache of surfaces is a ``SurfaceCache``: least recently used first out once its
pictures pass a budget in *bytes*. A count alone did not bound memory — three thousand
log lines are a few MB, three thousand window-sized veils are gigabytes — and a key that
varies where nobody expected (a fade's alpha, a text's width) must cost a re-render, never
a leak. Budgets hold a whole table's working set at 1920×1080 several times over.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, ItemsView, Iterator, MutableMapping, ValuesView
from pathlib import Path
from typing import Any

import pygame

from game.client.ui import probe
from game.paths import asset_dir

Fallback = Callable[[tuple[int, int]], pygame.Surface]

_TEXT_CACHE_LIMIT = 3000            # entries; and at most this many bytes of pictures:
TEXT_BUDGET = 16 * 2**20
SPRITE_BUDGET = 48 * 2**20


def surface_bytes(surface: pygame.Surface) -> int:
    """Memory of a surface's pixels (what a cache's budget counts)."""
    return surface.get_pitch() * surface.get_height()


class AssetMissing(FileNotFoundError):
    """A file the game ships is not where it should be: a broken installation."""


class SurfaceCache(MutableMapping[Any, pygame.Surface]):
    """A mapping of surfaces that drops the least recently used once they pass ``budget``
    bytes (or ``limit`` entries). ``get`` and ``[]`` count as use. Code that takes the
    app's cache as a mapping (``fx.glow``, the tables' kits) uses it unchanged."""

    def __init__(self, budget: int, limit: int = 0) -> None:
        self.budget = budget
        self.limit = limit
        self.bytes = 0
        self._items: OrderedDict[Any, pygame.Surface] = OrderedDict()

    def get(self, key: Any, default: pygame.Surface | None = None  # type: ignore[override]
            ) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is None:
            return default
        self._items.move_to_end(key)
        return surface

    def __getitem__(self, key: Any) -> pygame.Surface:
        surface = self._items[key]
        self._items.move_to_end(key)
        return surface

    def __setitem__(self, key: Any, surface: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surface
        self.bytes += surface_bytes(surface)
        while len(self._items) > 1 and (self.bytes > self.budget
                                        or (self.limit and len(self._items) > self.limit)):
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def __delitem__(self, key: Any) -> None:
        self.bytes -= surface_bytes(self._items.pop(key))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    # looking through the cache is not using its pictures (and must not reorder it)
    def items(self) -> ItemsView[Any, pygame.Surface]:
        return self._items.items()

    def values(self) -> ValuesView[pygame.Surface]:
        return self._items.values()

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class Assets:
    """One per App: owns every cached surface and font."""

    def __init__(self) -> None:
        self.sprite_root: Path = asset_dir("sprites")
        self.font_root: Path = asset_dir("fonts")
        self._sprites = SurfaceCache(SPRITE_BUDGET)   # (name, size) -> picture
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text = SurfaceCache(TEXT_BUDGET, _TEXT_CACHE_LIMIT)

    def forget_sizes(self) -> None:
        """The window changed size: sprites and texts drawn for the old size will not be
        asked for again (fonts stay, they are per point size and cheap to keep)."""
        self._sprites.clear()
        self._text.clear()

    def forget_texts(self) -> None:
        """A game ended: its log lines, names and banners will not be asked for again."""
        self._text.clear()

    # --- sprites ------------------------------------------------------------------------
    def exists(self, name: str) -> bool:
        return (self.sprite_root / name).is_file()

    def sprite(self, name: str, size: tuple[int, int],
               fallback: Fallback | None = None, optional: bool = False) -> pygame.Surface:
        """``name`` (e.g. ``"cesta/card_R.svg"``) rendered at ``size``; cached per size.

        A missing or unreadable file is an error naming it (a broken install must not play
        on placeholder art); only art a caller marks ``optional`` is drawn by ``fallback``."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (name, size)
        cached = self._sprites.get(key)
        if cached is not None:
            return cached
        path = self.sprite_root / name
        if not path.is_file():
            if fallback is None or not optional:
                raise AssetMissing(f"a picture of the game is missing: {path}")
            surface = fallback(size)
        else:
            try:
                if path.suffix == ".svg":
                    surface = pygame.image.load_sized_svg(str(path), size)
                else:
                    surface = pygame.image.load(str(path))
            except (OSError, pygame.error) as error:
                raise AssetMissing(f"a picture of the game cannot be read: {path} "
                                   f"({error})") from None
            if surface.get_size() != size:
                surface = pygame.transform.smoothscale(surface.convert_alpha()
                                                       if pygame.display.get_surface()
                                                       else surface, size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        self._sprites[key] = surface
        return surface

    def forget_missing(self) -> None:
        """Read the sprites again (art may land while the game runs in development)."""
        self._sprites.clear()

    # --- fonts and text -------------------------------------------------------------------
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            path = self.font_root / name
            if not path.is_file():  # pygame's own font lacks Czech and German letters
                raise AssetMissing(f"a font of the game is missing: {path}")
            font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour: tuple[int, int, int] = (255, 255, 255),
             bold: bool = False, wrap: int = 0, align: str = "left") -> pygame.Surface:
        """Rendered, anti-aliased text; cached, so calling it every frame costs a lookup."""
        key = (text, int(size), tuple(colour), bold, int(wrap), align)
        surface = self._text.get(key)
        if surface is not None:
            return surface
        font = self.font(size, bold)
        if wrap > 0:
            font.align = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER,
                          "right": pygame.FONT_RIGHT}[align]
            surface = font.render(text, True, colour, None, int(wrap))
            font.align = pygame.FONT_LEFT
        else:
            surface = font.render(text, True, colour)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        if probe.recorder is not None:
            surface = probe.text(surface, text)
        self._text[key] = surface
        return surface

    def outlined_text(self, text: str, size: int, colour: tuple[int, int, int],
                      outline: tuple[int, int, int] = (0, 0, 0), bold: bool = True,
                      width: int = 2) -> pygame.Surface:
        """Text with a dark rim, readable over any felt or card."""
        key = ("__outline__", text, int(size), tuple(colour), tuple(outline), bold, width)
        surface = self._text.get(key)
        if surface is not None:
            return surface
        inner = self.text(text, size, colour, bold)
        rim = self.text(text, size, outline, bold)
        w, h = inner.get_size()
        surface = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        for dx in range(-width, width + 1):
            for dy in range(-width, width + 1):
                if dx * dx + dy * dy <= width * width + 1:
                    surface.blit(rim, (dx + width, dy + width))
        surface.blit(inner, (width, width))
        if probe.recorder is not None:
            surface = probe.text(surface, text)
        self._text[key] = surface
        return surface
