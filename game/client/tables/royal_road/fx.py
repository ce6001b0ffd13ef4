"""Small cached effects shared by the Královská cesta drawing modules: glows, tints, pulse."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.widgets import glow_ring

if TYPE_CHECKING:
    from game.client.tables.royal_road.scene import RoyalRoadTable

WOOD = (62, 38, 24)
OVERSTEP = (236, 92, 60)
TEXT_SOFT = (232, 220, 200)
SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")


def plain(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface


def glow(table: RoyalRoadTable, size: tuple[int, int],
         colour: tuple[int, int, int] = theme.GOLD) -> pygame.Surface:
    key = ("rr-glow", size, colour)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        surface = cache[key] = glow_ring(size, colour, int(12 * table.layout.u), peak=150,
                                         floor=25, radius=int(size[0] * 0.12))
    return surface


def tint(table: RoyalRoadTable, size: tuple[int, int], colour: tuple[int, int, int],
         alpha: int) -> pygame.Surface:
    key = ("rr-tint", size, colour, alpha)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*colour, alpha), surface.get_rect(),
                         border_radius=max(3, size[0] // 10))
        cache[key] = surface
    return surface


def pulse(table: RoyalRoadTable, speed: float = 5.0) -> float:
    return 0.55 + 0.45 * math.sin(table.time * speed)


def button(table: RoyalRoadTable, surface: pygame.Surface, rect: pygame.Rect, label: str,
            key: str, enabled: bool, primary: bool = False, swatch: str | None = None,
            colour: tuple[int, int, int] | None = None) -> None:
    app, u = table.app, table.layout.u
    hovered = enabled and rect.collidepoint(table.mouse)
    lift = 2 if hovered else 0
    r = rect.move(0, -lift)
    surface.blit(app.shadow(rect.size, rect.height // 3), rect.move(0, 4))
    face = app.assets.sprite("ui/button_hover.svg" if hovered else "ui/button.svg", rect.size)
    surface.blit(face, r)
    if colour is not None:
        surface.blit(tint(table, rect.size, colour, 150), r)
    if primary:
        pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4), width=3,
                         border_radius=rect.height // 3)
    x = r.x + int(10 * u)
    if swatch:
        chip = table.art.die(swatch, int(rect.height * 0.62))
        surface.blit(chip, chip.get_rect(midleft=(x, r.centery)))
        x += chip.get_width() + int(6 * u)
    ink = theme.INK if colour is None else theme.WHITE
    text = app.assets.text(label, int(14 * u), ink, bold=True)
    if text.get_width() > r.right - x - int(30 * u):
        text = app.assets.text(label, int(11 * u), ink, bold=True)
    surface.blit(text, text.get_rect(midleft=(x, r.centery)))
    hint = app.assets.text(key, int(11 * u), (110, 96, 80) if colour is None else theme.WHITE,
                           bold=True)
    surface.blit(hint, hint.get_rect(midright=(r.right - int(10 * u), r.centery)))
    if not enabled:
        surface.blit(tint(table, rect.size, (30, 24, 20), 140), rect)
