"""Cesta card pictures: SVG faces with ranks drawn by the client, backs, fallbacks.

Every surface is cached per (card, size, colour-blind flag), so the table blits only.
Card codes are those of ``cards``.
"""

from __future__ import annotations

import math

import pygame

from game.client.tables.cesta.cards import is_action, is_event, split
from game.client.ui import theme
from game.client.ui.assets import Assets

RANK_LABELS = {"7": "7", "8": "8", "9": "9", "10": "10", "U": "U", "O": "O", "K": "K",
               "A": "A"}
ACTION_COLOUR = (118, 64, 168)


class CestaArt:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def card(self, code: str, size: tuple[int, int], big_symbols: bool = False
             ) -> pygame.Surface:
        key = (code, size, big_symbols)
        surface = self._cache.get(key)
        if surface is None:
            if code == "??":
                surface = self.assets.sprite("cesta/back_event.svg", size,
                                             lambda s: _back_fallback(s, (30, 52, 100)))
            elif code == "?A":
                surface = self.assets.sprite("cesta/back_action.svg", size,
                                             lambda s: _back_fallback(s, ACTION_COLOUR))
            elif is_action(code):
                surface = self._action(code, size)
            elif is_event(code):
                surface = self._event(code, size, big_symbols)
            else:
                surface = self.assets.sprite("cesta/back_event.svg", size)
            self._cache[key] = surface
        return surface

    def suit(self, colour: str, size: int) -> pygame.Surface:
        return self.assets.sprite(f"cesta/suit_{colour}.svg", (size, size),
                                  lambda s: _suit_fallback(s, colour))

    def _event(self, code: str, size: tuple[int, int], big: bool) -> pygame.Surface:
        colour, rank = split(code)
        w, h = size
        base = self.assets.sprite(f"cesta/card_{colour}.svg", size,
                                  lambda s: _face_fallback(s, colour, self))
        surface = base.copy()
        ink = _darker(theme.SUIT_COLOURS[colour])
        label = self.assets.outlined_text(RANK_LABELS[rank], max(8, int(h * 0.2)), ink,
                                          (255, 255, 255), bold=True, width=max(1, h // 60))
        surface.blit(label, (int(w * 0.06), int(h * 0.02)))
        flipped = pygame.transform.rotate(label, 180)
        surface.blit(flipped, (w - flipped.get_width() - int(w * 0.06),
                               h - flipped.get_height() - int(h * 0.02)))
        if big:
            s = int(w * 0.42)
            symbol = self.suit(colour, s)
            surface.blit(symbol, (w - s - int(w * 0.05), int(h * 0.04)))
        return surface

    def _action(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        base = self.assets.sprite(f"cesta/action_{code}.svg", size,
                                  lambda s: _back_fallback(s, ACTION_COLOUR))
        return base.copy()


def _darker(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = (max(0, int(c * 0.75)) for c in colour)
    return r, g, b


def _back_fallback(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size[0] // 10)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, (240, 230, 210), rect.inflate(-size[0] // 8, -size[0] // 8),
                     width=2, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=radius)
    return surface


def _face_fallback(size: tuple[int, int], colour: str, art: CestaArt) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size[0] // 10)
    pygame.draw.rect(surface, (252, 248, 238), rect, border_radius=radius)
    pygame.draw.rect(surface, theme.SUIT_COLOURS[colour], rect.inflate(-6, -6), width=3,
                     border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=radius)
    s = int(size[0] * 0.55)
    symbol = art.suit(colour, s)
    surface.blit(symbol, symbol.get_rect(center=rect.center))
    return surface


def _suit_fallback(size: tuple[int, int], colour: str) -> pygame.Surface:
    """Heart, bell, leaf, acorn in plain shapes (colour plus shape, also without art)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    c = theme.SUIT_COLOURS[colour]
    if colour == "R":
        r = w // 4
        pygame.draw.circle(surface, c, (w // 2 - r + 1, h // 3), r)
        pygame.draw.circle(surface, c, (w // 2 + r - 1, h // 3), r)
        pygame.draw.polygon(surface, c, [(w // 2 - 2 * r + 1, h // 3 + 2),
                                         (w // 2 + 2 * r - 1, h // 3 + 2), (w // 2, h - 2)])
    elif colour == "Y":
        pygame.draw.circle(surface, c, (w // 2, h // 2), w // 3)
        pygame.draw.rect(surface, c, (w // 6, h // 2, w * 2 // 3, h // 6))
        pygame.draw.circle(surface, theme.INK, (w // 2, h * 3 // 4), max(2, w // 12))
    elif colour == "G":
        points = [(w // 2 + int(math.cos(a / 20 * math.tau) * w * 0.3),
                   h // 2 + int(math.sin(a / 20 * math.tau) * h * 0.42)) for a in range(20)]
        pygame.draw.polygon(surface, c, points)
        pygame.draw.line(surface, theme.INK, (w // 2, h // 6), (w // 2, h - 2), 2)
    else:
        pygame.draw.ellipse(surface, c, (w // 4, h // 3, w // 2, h * 3 // 5))
        pygame.draw.rect(surface, (120, 80, 40), (w // 5, h // 5, w * 3 // 5, h // 5),
                         border_radius=4)
    return surface
