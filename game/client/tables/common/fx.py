"""Cached glows and veils, outlines and the breathing pulse every table draws with.

Each table keeps its own numbers (how wide a halo, how dark a veil, how round a corner) and
passes them in; what is shared is how the surfaces are made and cached. A cache key holds
every number that shapes the surface, so two tables sharing the app's overlay cache never
get each other's picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any, Generic, TypeVar

import pygame

from game.client.ui import probe
from game.client.ui.display import set_surface_alpha
from game.client.ui.widgets import glow_ring

Surfaces = MutableMapping[tuple[Any, ...], pygame.Surface]
Colour = tuple[int, int, int]
K = TypeVar("K")


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
LAST_MOVE_EDGE = (20, 34, 60)

# Who played it: every seat has a colour AND a symbol (never a colour alone), the same on
# its name plate, its log lines and the tags of its last move. Gold is left out: a pulsing
# gold frame means "a legal target".
SEAT_SYMBOLS = ("●", "▲", "■", "◆", "★", "✚")
SEAT_TAG_COLOURS: tuple[Colour, ...] = ((240, 120, 96), (90, 170, 255), (110, 206, 124),
                                        (196, 146, 255), (255, 132, 196), (222, 222, 222))


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def seat_colour(seat: int) -> Colour:
    return SEAT_TAG_COLOURS[seat % len(SEAT_TAG_COLOURS)]


def seat_tag(cache: Surfaces, assets: Any, seat: int, height: int,
             colour: Colour | None = None) -> pygame.Surface:
    """A seat's tag: a small rounded flag in the seat's colour with its symbol in dark
    ink and a dark rim, so it reads on light cards and dark felt alike (cached)."""
    height = max(12, int(height))
    colour = colour or seat_colour(seat)
    key = ("seat_tag", seat, height, colour)
    tag = cache.get(key)
    if tag is None:
        glyph = assets.text(seat_symbol(seat), max(8, int(height * 0.72)), LAST_MOVE_EDGE,
                            bold=True)
        width = max(height, glyph.get_width() + height // 2)
        tag = pygame.Surface((width, height), pygame.SRCALPHA)
        rect = tag.get_rect()
        pygame.draw.rect(tag, LAST_MOVE_EDGE, rect, border_radius=height // 3)
        pygame.draw.rect(tag, colour, rect.inflate(-2, -2), border_radius=height // 3)
        tag.blit(glyph, glyph.get_rect(center=rect.center))
        cache[key] = tag
    return tag


def tag_height(u: float) -> int:
    """How tall a seat tag is on the table: readable at 960×540 (u = 0.75), not huge at 4K."""
    return max(13, int(17 * u))


def last_move(surface: pygame.Surface, rect: pygame.Rect, u: float,
              tags: Sequence[pygame.Surface] = (), roundness: int = 9) -> None:
    """The last move's look on every table: a steady blue-white double outline and, hanging
    over the card's top-left corner, one seat tag (colour + symbol) per seat whose last move
    this was. A legal target is a pulsing gold glow/frame with no tag, so the two never read
    alike — by colour, by motion and by the tag's shape and symbol."""
    width = max(2, int(2 * u))
    radius = max(4, rect.width // roundness)
    with probe.decoration():   # a mark on a card wherever it lies, its tags astride it
        pygame.draw.rect(surface, LAST_MOVE_EDGE, rect.inflate(8, 8), width=width,
                         border_radius=radius)
        pygame.draw.rect(surface, LAST_MOVE, rect.inflate(4, 4), width=width,
                         border_radius=radius)
        x = rect.left - int(4 * u)
        for tag in tags:
            surface.blit(tag, (x, rect.top - tag.get_height() // 2))
            x += tag.get_width() + max(1, int(2 * u))


class SeatMarks(Generic[K]):
    """Each seat's last move as the places it touched, kept until that seat moves again.

    ``touch(seat, place)`` is called by a presenter for every card or piece a move puts
    somewhere. A seat's earlier marks are dropped when it acts after another seat did (a
    turn of several moves — a roll, a move, a swap; a chain of builds — is one "last
    move"), so everybody's last move stays marked until their next turn."""

    def __init__(self) -> None:
        self.by_seat: dict[int, list[K]] = {}
        self.actor: int | None = None

    def act(self, seat: int | None) -> None:
        """``seat`` acts now: a new turn of its own forgets its previous marks."""
        if seat is None or seat == self.actor:
            return
        self.actor = seat
        self.by_seat[seat] = []

    def touch(self, seat: int | None, place: K) -> None:
        if seat is None:
            return
        self.act(seat)
        if place not in self.by_seat[seat]:
            self.by_seat[seat].append(place)

    def drop(self, gone: Callable[[K], bool]) -> None:
        """Forget places that no longer hold what was marked (a completed row left)."""
        for seat, places in self.by_seat.items():
            self.by_seat[seat] = [p for p in places if not gone(p)]

    def seats_at(self, place: K) -> list[int]:
        return [seat for seat, places in sorted(self.by_seat.items()) if place in places]

    def places(self, seat: int) -> list[K]:
        return list(self.by_seat.get(seat, ()))

    def key(self) -> tuple[Any, ...]:
        """A hashable picture of every mark, for the static layers' cache keys."""
        return tuple((seat, tuple(places)) for seat, places in sorted(self.by_seat.items()))


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
        layer.fill((0, 0, 0))   # nothing of the last board survives (a base with holes too)
        layer.blit(base, (0, 0))
        return layer
    return base.copy()


def blit_faded(surface: pygame.Surface, image: pygame.Surface, where: Any, alpha: int
               ) -> pygame.Rect:
    """Blit a cached ``image`` at ``alpha`` without copying it: the surface alpha is set
    for the one blit and put back (a copy per frame of every fading sprite was a new
    surface per frame on the hot path)."""
    previous = image.get_alpha()
    set_surface_alpha(image, int(alpha))
    try:
        return surface.blit(image, where)
    finally:
        set_surface_alpha(image, previous)
