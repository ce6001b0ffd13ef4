"""Small drawing helpers shared by the Cut the Rope table's drawing modules."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import theme

if TYPE_CHECKING:
    from game.client.tables.cut_the_rope import CutTheRopeTable

PANEL_EDGE = (70, 90, 130, 120)
GOLD = theme.GOLD
AUX_BLUE = (60, 150, 230)
ACTIVE = (255, 190, 40)
SOFT_GOLD = (250, 210, 120)


def pulse(table: CutTheRopeTable, speed: float = 5.0) -> float:
    return 0.55 + 0.45 * math.sin(table.time * speed)


def blit_card(table: CutTheRopeTable, surface: pygame.Surface, code: str, rect: pygame.Rect,
              shadow: int = 3) -> None:
    if shadow:
        surface.blit(table.app.shadow(rect.size, max(3, rect.width // 8), 60),
                     rect.move(shadow // 2 + 1, shadow))
    surface.blit(table.art.card(code, rect.size), rect)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple,
            width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width,
                     border_radius=max(4, rect.width // 8))


def active_frame(table: CutTheRopeTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A warm, softly breathing frame around the seat on turn (cheap: two outlines)."""
    u = table.layout.u
    p = pulse(table, 3.5)
    soft = tuple(int(255 - (255 - c) * (0.35 + 0.3 * p)) for c in ACTIVE)
    pygame.draw.rect(surface, soft, rect.inflate(int(6 * u), int(6 * u)),
                     width=max(2, int(3 * u)), border_radius=int(16 * u))
    pygame.draw.rect(surface, ACTIVE, rect, width=max(2, int(3 * u)), border_radius=int(14 * u))


def draw_glow(table: CutTheRopeTable, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple, strength: float) -> None:
    glow = table.art.glow(rect.size, colour)
    glow.set_alpha(int(255 * strength))
    surface.blit(glow, glow.get_rect(center=rect.center))
