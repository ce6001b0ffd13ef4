"""The hint's look on every table: where the expert would play, marked on the cards and
places of its move.

It must never be mistaken for the other marks a table draws: a legal target is a pulsing
gold glow, the last move a steady blue-white outline with a round marker at its top-left,
the tutorial's coach a gold ring. The hint is a violet *dashed* double outline with a
diamond marker holding "?" at the top-right corner — another colour, another line and
another marker shape, so it reads apart even without colour vision.
"""

from __future__ import annotations

import math

import pygame

HINT = (196, 120, 255)        # violet: no table uses it for anything else
HINT_DARK = (46, 18, 74)


def _dashed_rect(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect,
                 width: int, dash: int) -> None:
    """A rectangle outline drawn as dashes (pygame has no dashed lines)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // (2 * dash)))
        for i in range(steps):
            a = i * 2 * dash / length
            b = min(1.0, (i * 2 * dash + dash) / length)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def hint_mark(surface: pygame.Surface, rect: pygame.Rect, u: float,
              badge: pygame.Surface | None = None) -> None:
    """One place of the hinted move: dashed violet outline, "?" diamond top-right."""
    width = max(2, int(3 * u))
    dash = max(5, int(9 * u))
    _dashed_rect(surface, HINT_DARK, rect.inflate(14, 14), width + 2, dash)
    _dashed_rect(surface, HINT, rect.inflate(12, 12), width, dash)
    size = max(8, int(12 * u))
    cx, cy = rect.right + 6, rect.top - 6
    outer = [(cx, cy - size - 2), (cx + size + 2, cy), (cx, cy + size + 2), (cx - size - 2, cy)]
    inner = [(cx, cy - size), (cx + size, cy), (cx, cy + size), (cx - size, cy)]
    pygame.draw.polygon(surface, HINT_DARK, outer)
    pygame.draw.polygon(surface, HINT, inner)
    if badge is not None:
        surface.blit(badge, badge.get_rect(center=(cx, cy)))
