"""Cut the Rope card pictures: candy-and-rope SVG frames with numbers drawn in fonts.

Every surface is cached per (card, size), so the table only blits. Codes follow the rules:
``1``..``10`` numbers, ``S`` scissors, ``??`` a face-down card. A card is readable from its
top-left corner alone, because main and auxiliary rows overlap cards.
"""

from __future__ import annotations

import math

import pygame

from game.client.tables.common import fx
from game.client.ui import theme
from game.client.ui.assets import Assets

# one candy colour per number (colour plus the number itself: never colour alone)
NUMBER_COLOURS = (
    (228, 52, 120),   # 1 raspberry
    (240, 110, 30),   # 2 orange
    (206, 150, 0),    # 3 honey
    (104, 160, 24),   # 4 lime
    (20, 146, 84),    # 5 mint
    (0, 140, 160),    # 6 teal
    (36, 104, 214),   # 7 blueberry
    (96, 72, 204),    # 8 grape
    (160, 60, 190),   # 9 plum
    (176, 44, 36),    # 10 cherry
)
SCISSORS_COLOUR = (214, 140, 10)
ROPE = (176, 124, 70)
ROPE_DARK = (122, 80, 40)
SKY = (206, 228, 246)
INK = (40, 44, 70)


def number_colour(value: int) -> tuple[int, int, int]:
    return NUMBER_COLOURS[(max(1, value) - 1) % len(NUMBER_COLOURS)]


def value_of(code: str) -> int | None:
    return int(code) if code.isdigit() else None


class CutArt:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.big = False   # the colour-blind setting: larger corner numbers

    # --- cards -------------------------------------------------------------------------------
    def card(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        key = (code, size, self.big)
        surface = self._cache.get(key)
        if surface is None:
            if code == "S":
                surface = self._scissors(size)
            elif code.isdigit():
                surface = self._number(int(code), size)
            else:
                surface = self.assets.sprite("cut_the_rope/card_back.svg", size, _back_fallback)
            self._cache[key] = surface
        return surface

    def rotated(self, code: str, size: tuple[int, int], angle: float) -> pygame.Surface:
        """A card turned by ``angle`` degrees (hand fan); cached per angle."""
        key = ("rot", code, size, round(angle, 1), self.big)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.transform.rotozoom(self.card(code, size), angle, 1.0)
            self._cache[key] = surface
        return surface

    def flipped(self, code: str, size: tuple[int, int], width: int) -> pygame.Surface:
        """The card squeezed to ``width`` (a flip in progress), cached per width."""
        width = max(1, int(width))
        key = ("flip", code, size, width, self.big)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.transform.smoothscale(self.card(code, size), (width, size[1]))
            if len(self._cache) > 4000:
                self._cache.clear()
            self._cache[key] = surface
        return surface

    def _corner(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        w, h = surface.get_size()
        size = max(8, int(h * (0.26 if self.big else 0.2)))
        label = self.assets.outlined_text(text, size, colour, (255, 255, 255), bold=True,
                                          width=max(1, h // 55))
        surface.blit(label, (int(w * 0.07), int(h * 0.025)))

    def _number(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        base = self.assets.sprite("cut_the_rope/card_face.svg", size, _face_fallback)
        surface = base.copy()
        colour = number_colour(value)
        # the big number sits in the bubble of the frame (lower middle of the card)
        big = self.assets.outlined_text(str(value), max(10, int(h * (0.34 if value < 10
                                                                   else 0.3))),
                                        colour, (255, 255, 255), bold=True,
                                        width=max(1, h // 40))
        centre = (int(w * 0.56), int(h * 0.6))
        surface.blit(big, big.get_rect(center=centre))
        self._corner(surface, str(value), colour)
        return surface

    def _scissors(self, size: tuple[int, int]) -> pygame.Surface:
        base = self.assets.sprite("cut_the_rope/card_scissors.svg", size, _scissors_fallback)
        surface = base.copy()
        self._corner(surface, "✂", SCISSORS_COLOUR)
        return surface

    # --- decorations -------------------------------------------------------------------------
    def slot(self, size: tuple[int, int], text: str, colour: tuple[int, int, int],
             sub: str = "") -> pygame.Surface:
        """A dashed empty place with the number (or hint) it waits for."""
        key = ("slot", size, text, colour, sub)
        surface = self._cache.get(key)
        if surface is None:
            w, h = size
            surface = pygame.Surface(size, pygame.SRCALPHA)
            rect = surface.get_rect()
            radius = max(4, w // 8)
            pygame.draw.rect(surface, (255, 255, 255, 120), rect, border_radius=radius)
            _dashed_rect(surface, rect.inflate(-2, -2), (*colour, 230), max(2, w // 28),
                         max(5, w // 7))
            if text:
                font = max(9, int(h * (0.38 if len(text) <= 2 else 0.16)))
                image = self.assets.text(text, font, colour, bold=True)
                if image.get_width() > w - 4:
                    image = self.assets.text(text, max(8, int(font * (w - 4) /
                                                              image.get_width())),
                                             colour, bold=True)
                surface.blit(image, image.get_rect(center=(w // 2, int(h * 0.45))))
            if sub:
                image = self.assets.text(sub, max(8, int(h * 0.13)), colour, bold=True)
                if image.get_width() > w - 4:
                    image = self.assets.text(sub, max(7, int(h * 0.1)), colour, bold=True)
                surface.blit(image, image.get_rect(center=(w // 2, int(h * 0.8))))
            self._cache[key] = surface
        return surface

    def chip(self, text: str, size: int, colour: tuple[int, int, int],
             fill: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
        """A round badge (counts, the value a scissors card stands for)."""
        key = ("chip", text, size, colour, fill)
        surface = self._cache.get(key)
        if surface is None:
            image = self.assets.text(text, size, colour, bold=True)
            h = image.get_height() + 2
            w = max(h, image.get_width() + h // 2 + 2)
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=h // 2)
            pygame.draw.rect(surface, colour, surface.get_rect(), width=max(1, h // 10),
                             border_radius=h // 2)
            surface.blit(image, image.get_rect(center=(w // 2, h // 2)))
            self._cache[key] = surface
        return surface

    def glow(self, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
        return fx.glow(self._cache, size, colour, pad=max(4, size[0] // 7), peak=150,
                       floor=12, radius=max(4, size[0] // 8), step=1, curve=1.6)

    def dim(self, size: tuple[int, int], alpha: int = 110) -> pygame.Surface:
        return fx.veil(self._cache, size, (30, 40, 60, alpha), roundness=8)

    def rope(self, length: int, thickness: int) -> pygame.Surface:
        """A horizontal rope (the rope sprite turned on its side)."""
        key = ("rope", length, thickness)
        surface = self._cache.get(key)
        if surface is None:
            upright = self.assets.sprite("cut_the_rope/rope.svg", (thickness, length),
                                         _rope_fallback)
            surface = pygame.transform.rotate(upright, 90)
            self._cache[key] = surface
        return surface

    def sprite(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        return self.assets.sprite(f"cut_the_rope/{name}.svg", size,
                                  lambda s: _blob_fallback(s))


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int,
                 dash: int) -> None:
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for a, b, horizontal, fixed in ((x0, x1, True, y0), (x0, x1, True, y1),
                                    (y0, y1, False, x0), (y0, y1, False, x1)):
        pos = a
        while pos < b:
            end = min(b, pos + dash)
            if horizontal:
                pygame.draw.line(surface, colour, (pos, fixed), (end, fixed), width)
            else:
                pygame.draw.line(surface, colour, (fixed, pos), (fixed, end), width)
            pos += dash * 2


def _back_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size[0] // 9)
    pygame.draw.rect(surface, (40, 110, 150), rect, border_radius=radius)
    pygame.draw.rect(surface, (250, 200, 220), rect.inflate(-size[0] // 7, -size[0] // 7),
                     width=2, border_radius=radius)
    pygame.draw.circle(surface, (236, 90, 150), rect.center, size[0] // 5)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=radius)
    return surface


def _face_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size[0] // 9)
    pygame.draw.rect(surface, (252, 252, 255), rect, border_radius=radius)
    pygame.draw.rect(surface, (236, 90, 150), rect.inflate(-4, -4), width=3,
                     border_radius=radius)
    pygame.draw.circle(surface, (220, 236, 250), (int(size[0] * 0.56), int(size[1] * 0.6)),
                       int(size[0] * 0.3))
    pygame.draw.rect(surface, theme.INK, rect, width=1, border_radius=radius)
    return surface


def _scissors_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = _face_fallback(size)
    w, h = size
    c = (120, 120, 130)
    pygame.draw.line(surface, c, (w * 0.3, h * 0.3), (w * 0.7, h * 0.7), max(2, w // 15))
    pygame.draw.line(surface, c, (w * 0.7, h * 0.3), (w * 0.3, h * 0.7), max(2, w // 15))
    pygame.draw.circle(surface, SCISSORS_COLOUR, (int(w * 0.3), int(h * 0.72)), w // 9, 3)
    pygame.draw.circle(surface, SCISSORS_COLOUR, (int(w * 0.7), int(h * 0.72)), w // 9, 3)
    return surface


def _rope_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    pygame.draw.rect(surface, ROPE, (w // 4, 0, w // 2, h))
    for y in range(0, h, max(4, w)):
        pygame.draw.line(surface, ROPE_DARK, (w // 4, y), (3 * w // 4, y + w // 2), 1)
    return surface


def _blob_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (120, 200, 90), surface.get_rect().inflate(-4, -4))
    return surface


def paper(assets: Assets, size: tuple[int, int]) -> pygame.Surface:
    """The pale sky-blue paper table (rendered at half size and scaled: it is soft)."""
    half = (max(1, size[0] // 2), max(1, size[1] // 2))

    def plain(s: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(s)
        surface.fill(SKY)
        return surface

    image = assets.sprite("cut_the_rope/paper.svg", half, plain)
    return pygame.transform.smoothscale(image, size)


def wobble(t: float, seed: int) -> float:
    """A small, smooth sway (candy on the rope ends)."""
    return math.sin(t * 1.7 + seed * 1.3) * 0.5 + math.sin(t * 2.9 + seed) * 0.5
