"""What every drawing module of the Cut the Rope table paints with, and small helpers.

``Kit`` is the table's ``TableKit``, the renderer's toolbox: assets (text, sprites),
card art, the layout and the app's shadow and overlay caches. Drawing functions receive a
kit and the things they draw, never the scene.
"""

from __future__ import annotations

import pygame

from game.client.tables.common import fx
from game.client.tables.common.fx import pulse
from game.client.tables.common.kit import TableKit
from game.client.tables.cut_the_rope.art import CutArt
from game.client.tables.cut_the_rope.layout import CutLayout
from game.client.ui import theme

PANEL_EDGE = (70, 90, 130, 120)
GOLD = theme.GOLD
AUX_BLUE = (60, 150, 230)
ACTIVE = (255, 190, 40)
SOFT_GOLD = (250, 210, 120)

Colour = tuple[int, ...]
Kit = TableKit[CutArt, CutLayout]


def blit_card(kit: Kit, surface: pygame.Surface, code: str, rect: pygame.Rect,
              shadow: int = 3) -> None:
    if shadow:
        surface.blit(kit.shadow(rect.size, max(3, rect.width // 8), 60),
                     rect.move(shadow // 2 + 1, shadow))
    surface.blit(kit.art.card(code, rect.size), rect)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour,
            width: int = 3) -> None:
    fx.outline(surface, rect, colour, width, roundness=8)


def active_frame(kit: Kit, time: float, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A warm, softly breathing frame around the seat on turn (cheap: two outlines)."""
    u = kit.u
    p = pulse(time, 3.5)
    soft = tuple(int(255 - (255 - c) * (0.35 + 0.3 * p)) for c in ACTIVE)
    pygame.draw.rect(surface, soft, rect.inflate(int(6 * u), int(6 * u)),
                     width=max(2, int(3 * u)), border_radius=int(16 * u))
    pygame.draw.rect(surface, ACTIVE, rect, width=max(2, int(3 * u)), border_radius=int(14 * u))


def draw_glow(kit: Kit, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple[int, int, int], strength: float) -> None:
    fx.blit_centred(surface, kit.art.glow(rect.size, colour), rect, int(255 * strength))


def seat_tags(kit: Kit, seats: list[int]) -> list[pygame.Surface]:
    """The tags (colour and symbol, as on the plates) of the seats whose last turn this was."""
    height = fx.tag_height(kit.u)
    return [fx.seat_tag(kit.cache, kit.assets, seat, height) for seat in seats]
