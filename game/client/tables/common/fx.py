"""Cached glows and veils, outlines and the breathing pulse every table draws with.

Each table keeps its own numbers (how wide a halo, how dark a veil, how round a corner) and
passes them in; what is shared is how the surfaces are made and cached. A cache key holds
every number that shapes the surface, so two tables sharing the app's overlay cache never
get each other's picture.
"""

from __future__ import annotations

import math
from collections.abc import MutableMapping
from typing import Any

import pygame

from game.client.widgets import glow_ring

Surfaces = MutableMapping[tuple[Any, ...], pygame.Surface]
Colour = tuple[int, int, int]


def pulse(time: float, speed: float = 5.0) -> float:
    """0.1 … 1.0 and back, ``speed`` radians a second: how a lit thing breathes."""
    return 0.55 + 0.45 * math.sin(time * speed)


def glow(cache: Surfaces, size: tuple[int, int], colour: Colour, *, pad: int, peak: int,
         floor: int, radius: int, step: int = 2, curve: float = 1.0) -> pygame.Surface:
    """The soft halo around a ``size`` rectangle (``widgets.glow_ring``), made once per
    size and look: a glow is asked for every frame."""
    key = ("glow", size, colour, pad, peak, floor, radius, step, curve)
    surface = cache.get(key)
    if surface is None:
        surface = cache[key] = glow_ring(size, colour, pad, peak=peak, floor=floor,
                                         radius=radius, step=step, curve=curve)
    return surface


def veil(cache: Surfaces, size: tuple[int, int], rgba: tuple[int, int, int, int],
         roundness: int = 10) -> pygame.Surface:
    """A translucent rounded rectangle laid over a card (a dimmed card, a tinted button);
    the corner radius is the width / ``roundness`` (at least 3 px), like the cards'."""
    key = ("veil", size, rgba, roundness)
    surface = cache.get(key)
    if surface is None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, rgba, surface.get_rect(),
                         border_radius=max(3, size[0] // roundness))
        cache[key] = surface
    return surface


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...],
            width: int = 3, roundness: int = 9) -> None:
    """A frame 2 px outside a card's edge, its corners as round as the card's."""
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width,
                     border_radius=max(4, rect.width // roundness))


LAST_MOVE = (196, 228, 255)   # steady blue-white: "played last", never a gold "you may"


def last_move(surface: pygame.Surface, rect: pygame.Rect, u: float,
              badge: pygame.Surface | None = None, roundness: int = 9) -> None:
    """The last move's look on every table: a steady blue-white double outline with a
    small round marker at the top-left corner holding ``badge`` (who played it). A legal
    target is a pulsing gold glow instead, so the two never read alike — by colour, by
    motion and by the marker's shape."""
    width = max(2, int(2 * u))
    radius = max(4, rect.width // roundness)
    pygame.draw.rect(surface, (20, 34, 60), rect.inflate(8, 8), width=width, border_radius=radius)
    pygame.draw.rect(surface, LAST_MOVE, rect.inflate(4, 4), width=width, border_radius=radius)
    size = max(7, int(9 * u))
    centre = (rect.left + size // 2, rect.top + size // 2)
    pygame.draw.circle(surface, (20, 34, 60), centre, size + 1)
    pygame.draw.circle(surface, LAST_MOVE, centre, size)
    if badge is not None:
        surface.blit(badge, badge.get_rect(center=centre))


def blit_centred(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
                 alpha: int) -> None:
    """Blit a halo centred on ``rect`` at ``alpha`` (the image is shared: its alpha is
    set for this blit, as each caller does before drawing it)."""
    image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=rect.center))


def refill(layer: pygame.Surface | None, base: pygame.Surface) -> pygame.Surface:
    """``base`` painted into ``layer`` when it has the same size, else a copy of ``base``.

    A table's baked board is rebuilt whenever a move lands; ``base.copy()`` each time
    allocated a new full-window surface (8 MB at 1920×1080), and the page faults of that
    allocation cost a loaded machine up to 35 ms in one frame. Reusing the one surface
    costs a blit. The caller must own ``layer`` (nothing else may keep showing it)."""
    if layer is not None and layer.get_size() == base.get_size():
        layer.blit(base, (0, 0))
        return layer
    return base.copy()


def blit_faded(surface: pygame.Surface, image: pygame.Surface, where: Any, alpha: int
               ) -> pygame.Rect:
    """Blit a cached ``image`` at ``alpha`` without copying it: the surface alpha is set
    for the one blit and put back (a copy per frame of every fading sprite was a new
    surface per frame on the hot path)."""
    previous = image.get_alpha()
    image.set_alpha(max(0, min(255, int(alpha))))
    try:
        return surface.blit(image, where)
    finally:
        image.set_alpha(previous)
