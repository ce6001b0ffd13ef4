"""The drawing kit of the Královská cesta table (``Paint``, its ``TableKit``: pictures,
layout, the app's cached shadows and veils) and the table's look of the common effects
every drawing module shares: glows, tints, the tray buttons."""

from __future__ import annotations

import pygame

from game.client.tables.common import fx
from game.client.tables.common.kit import TableKit
from game.client.tables.royal_road.art import RoyalArt
from game.client.tables.royal_road.layout import RoyalLayout
from game.client.ui import theme

WOOD = (62, 38, 24)
OVERSTEP = (236, 92, 60)
TEXT_SOFT = (232, 220, 200)

Colour = tuple[int, int, int]


Paint = TableKit[RoyalArt, RoyalLayout]   # what drawing needs besides the ``TableView``


def plain(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface


def glow(paint: Paint, size: tuple[int, int], colour: Colour = theme.GOLD) -> pygame.Surface:
    return fx.glow(paint.cache, size, colour, pad=int(12 * paint.layout.u), peak=150,
                   floor=25, radius=int(size[0] * 0.12))


def tint(paint: Paint, size: tuple[int, int], colour: Colour, alpha: int) -> pygame.Surface:
    return fx.veil(paint.cache, size, (*colour, alpha), roundness=10)


def button(paint: Paint, surface: pygame.Surface, rect: pygame.Rect, label: str, key: str,
           enabled: bool, mouse: tuple[int, int], primary: bool = False,
           swatch: str | None = None, colour: Colour | None = None) -> None:
    assets, u = paint.assets, paint.layout.u
    hovered = enabled and rect.collidepoint(mouse)
    lift = 2 if hovered else 0
    r = rect.move(0, -lift)
    surface.blit(paint.shadow(rect.size, rect.height // 3), rect.move(0, 4))
    face = assets.sprite("ui/button_hover.svg" if hovered else "ui/button.svg", rect.size)
    surface.blit(face, r)
    if colour is not None:
        surface.blit(tint(paint, rect.size, colour, 150), r)
    if primary:
        pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4), width=3,
                         border_radius=rect.height // 3)
    x = r.x + int(10 * u)
    if swatch:
        chip = paint.art.die(swatch, int(rect.height * 0.62))
        surface.blit(chip, chip.get_rect(midleft=(x, r.centery)))
        x += chip.get_width() + int(6 * u)
    ink = theme.INK if colour is None else theme.WHITE
    text = assets.text(label, int(14 * u), ink, bold=True)
    if text.get_width() > r.right - x - int(30 * u):
        text = assets.text(label, int(11 * u), ink, bold=True)
    surface.blit(text, text.get_rect(midleft=(x, r.centery)))
    hint = assets.text(key, int(11 * u), (110, 96, 80) if colour is None else theme.WHITE,
                       bold=True)
    surface.blit(hint, hint.get_rect(midright=(r.right - int(10 * u), r.centery)))
    if not enabled:
        surface.blit(tint(paint, rect.size, (30, 24, 20), 140), rect)


def seat_tag(paint: Paint, seat: int, small: bool = False) -> pygame.Surface:
    """The seat's tag (colour and symbol, as on its plate) on what its last turn touched."""
    height = fx.tag_height(paint.layout.u)
    return fx.seat_tag(paint.cache, paint.assets, seat, int(height * 0.8) if small else height)
