"""Pointer hit tests the tables share: which of overlapping cards (a fanned hand, a stack
of pieces) is under the mouse — the one drawn last, on top.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

RectLike = pygame.Rect | pygame.FRect


def topmost(rects: Sequence[RectLike], pos: tuple[float, float]) -> int | None:
    """The index of the last rect (the one drawn on top) containing ``pos``, or None."""
    for index in range(len(rects) - 1, -1, -1):
        if rects[index].collidepoint(pos):
            return index
    return None
