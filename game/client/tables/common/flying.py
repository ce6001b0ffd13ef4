"""A card in flight: from one rect to another, driven by one tween of the table's
``anim.Animator`` (so the animation-speed setting and the table's ``busy`` apply).

The tables add what their flights need besides (a back to flip from, a card held at its
start while it waits, where it lands) and draw it their own way; where a card is at a
moment and when it has landed is the same on every table and lives here.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

import pygame

from game.client.ui import anim

K = TypeVar("K", bound=Hashable | None)
F = TypeVar("F", bound="FlyingCard[Any]")


class FlyingCard(Generic[K]):
    """Card ``code`` moving from ``start`` to ``end``; ``hide`` names the place whose own
    card is not drawn while this one is in the air (the table's key for it)."""

    def __init__(self, code: str, start: pygame.Rect | pygame.FRect,
                 end: pygame.Rect | pygame.FRect, tween: anim.Tween, hide: K) -> None:
        self.code = code
        self.start = pygame.FRect(start)
        self.end = pygame.FRect(end)
        self.tween = tween
        self.hide = hide

    @property
    def started(self) -> bool:
        return self.tween.started

    @property
    def landed(self) -> bool:
        return self.tween.done

    def rect_now(self) -> tuple[float, float, float, float]:
        """Where the card is now (x, y, w, h), eased along the tween: ``start`` before it
        starts, ``end`` once it has landed."""
        v = self.tween.value
        start, end = self.start, self.end
        return (start.x + (end.x - start.x) * v, start.y + (end.y - start.y) * v,
                start.w + (end.w - start.w) * v, start.h + (end.h - start.h) * v)

    def lift(self) -> float:
        """0 at both ends of the flight, 1 half-way: scaled by the table into its arc."""
        return math.sin(math.pi * self.tween.raw)


def still_flying(cards: list[F]) -> list[F]:
    """The cards not yet landed (the same list when none has, to spare a copy a frame)."""
    if any(card.landed for card in cards):
        return [card for card in cards if not card.landed]
    return cards
