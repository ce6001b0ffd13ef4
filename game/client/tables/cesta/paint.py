"""Small drawing pieces the board and the HUD share: seat colours, and Cesta's look of
the common glow, dim and outline; ``Painter`` is Cesta's ``TableKit``, the bundle of
tools both draw with (so the renderer's signature says what it depends on).
"""

from __future__ import annotations

import pygame

from game.client.tables.cesta.art import CestaArt
from game.client.tables.cesta.layout import CestaLayout
from game.client.tables.common import fx
from game.client.tables.common.kit import TableKit
from game.client.ui import theme

Colour = tuple[int, int, int]
SEAT_COLOURS: tuple[Colour, Colour] = (theme.GOLD, (120, 200, 255))  # bottom seat, top seat


# The tools every drawing function of the table takes: the app's shared surfaces and
# assets, the card art and the layout (the layout also fixes the unit ``u``).
Painter = TableKit[CestaArt, CestaLayout]


def glow(kit: Painter, u: float, size: tuple[int, int], colour: Colour = theme.GOLD
         ) -> pygame.Surface:
    """The soft halo of a legal target or the player to move (cached per size)."""
    return fx.glow(kit.cache, size, colour, pad=int(10 * u), peak=120, floor=20,
                   radius=int(size[0] * 0.12))


def dim(kit: Painter, size: tuple[int, int], alpha: int = 120) -> pygame.Surface:
    """A dark veil over a card that no longer counts (a lost milestone, a dead action)."""
    return fx.veil(kit.cache, size, (10, 14, 18, alpha), roundness=10)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 3
            ) -> None:
    fx.outline(surface, rect, colour, width, roundness=9)
