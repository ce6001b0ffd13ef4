"""Where the lesson's box goes: off everything the lesson points at, hiding the least.

The table names what must stay visible (the highlighted cards and places, what the words
talk about, its own prompt and banner strips) and what is better left visible, with a
cost per area (``Table.coach_soft_areas``). The box tries its sizes widest first and, for
each, the positions that touch the window's edges or the areas' edges; a position that
covers no must-see rect and hides the least wins, nearer the top centre on a tie.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def place_box(window: pygame.Rect, sizes: Sequence[tuple[int, int]],
              avoid: Sequence[pygame.Rect], soft: Sequence[tuple[pygame.Rect, float]],
              gap: int) -> tuple[pygame.Rect, bool]:
    """The box's rectangle, and whether it keeps off every ``avoid`` rect. ``sizes`` are
    its possible (width, height), preferred first; ``avoid`` must stay uncovered (``gap``
    pixels around them too); covering an area of ``soft`` costs its pixels times its
    weight. When no size fits off every ``avoid`` rect, the position that covers the
    least of them is given, with False (the caller may try a smaller box)."""
    padded = [rect.inflate(2 * gap, 2 * gap) for rect in avoid]
    edges = [*avoid, *(rect for rect, _ in soft)]
    best: tuple[float, pygame.Rect] | None = None
    fallback: tuple[float, pygame.Rect] | None = None
    for order, (w, h) in enumerate(sizes):
        w, h = min(w, window.width), min(h, window.height)
        xs = {window.x, window.right - w, window.centerx - w // 2}
        ys = {window.y, window.bottom - h, window.centery - h // 2}
        for rect in edges:
            xs |= {rect.right + gap, rect.left - gap - w, rect.left, rect.right - w}
            ys |= {rect.bottom + gap, rect.top - gap - h, rect.top, rect.bottom - h}
        for x in xs:
            for y in ys:
                box = pygame.Rect(x, y, w, h)
                if not window.contains(box):
                    continue
                # a narrower box is a little worse; so is one far from the top centre
                cost = sum(weight * _area(box.clip(rect)) for rect, weight in soft)
                cost += 0.08 * order * w * h
                cost += 0.02 * h * (abs(box.centerx - window.centerx) + (box.y - window.y))
                if box.collidelist(padded) == -1:
                    if best is None or cost < best[0]:
                        best = (cost, box)
                elif best is None:
                    covered = sum(_area(box.clip(rect)) for rect in padded)
                    if fallback is None or covered < fallback[0]:
                        fallback = (covered, box)
    if best is not None:
        return best[1], True
    assert fallback is not None, "some size fits in the window"
    return fallback[1], False


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
