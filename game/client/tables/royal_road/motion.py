"""Motion on the Královská cesta table: pyramids hopping card by card, falling through the
trapdoor, lying down in JAIL, sliding back after a report; cards trading places.

A ``Mover`` is a list of segments in unscaled seconds driven by one linear tween of the
table's animator (so the animation-speed setting and ``busy`` work as for every tween).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.client.ui import anim

Point = tuple[float, float]


@dataclass
class Segment:
    kind: str            # hop | slide | fall | drop | lie
    a: Point
    b: Point
    duration: float
    angle: tuple[float, float] = (0.0, 0.0)
    boxes: tuple[float, float] = (1.0, 1.0)   # pyramid scale at the start and the end


@dataclass
class Pose:
    point: Point
    angle: float = 0.0
    scale: float = 1.0
    alpha: int = 255


@dataclass
class Mover:
    code: str
    segments: list[Segment]
    tween: anim.Tween
    hop_height: float
    last_index: int = -1
    taps: list[int] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(s.duration for s in self.segments) or 1e-6

    def index_and_local(self) -> tuple[int, float]:
        elapsed = self.tween.raw * self.total
        for i, seg in enumerate(self.segments):
            if elapsed < seg.duration or i == len(self.segments) - 1:
                return i, min(1.0, elapsed / seg.duration) if seg.duration > 0 else 1.0
            elapsed -= seg.duration
        return len(self.segments) - 1, 1.0

    def pose(self) -> Pose:
        i, f = self.index_and_local()
        seg = self.segments[i]
        angle = anim.lerp(seg.angle[0], seg.angle[1], anim.ease_out_cubic(f))
        scale = anim.lerp(seg.boxes[0], seg.boxes[1], f)
        if seg.kind == "hop":
            x, y = anim.lerp_point(seg.a, seg.b, anim.ease_in_out_cubic(f))
            return Pose((x, y - math.sin(f * math.pi) * self.hop_height), angle, scale)
        if seg.kind == "slide":
            return Pose(anim.lerp_point(seg.a, seg.b, anim.ease_out_cubic(f)), angle, scale)
        if seg.kind == "fall":  # sinks into the trapdoor: shrinks and fades
            return Pose(seg.a, angle + f * 90, max(0.05, 1 - f) * scale,
                        int(255 * (1 - f * 0.7)))
        if seg.kind == "drop":  # falls into JAIL from above and lands lying
            x, y = seg.b
            lift = (1 - anim.ease_out_back(f)) * self.hop_height * 2.5
            return Pose((x, y - lift), angle, scale, int(80 + 175 * min(1.0, f * 2)))
        return Pose(seg.b, angle, scale)  # lie: tips over where it stands


@dataclass
class CardMove:
    """A track card sliding from ``start`` to its new place (bonus swap), bowed ``arc``
    pixels to the left of its way at half way (two swapped cards travel opposite ways,
    so with one ``arc`` they bow to opposite sides and pass each other in plain view)."""

    start: pygame.FRect
    tween: anim.Tween
    arc: float = 0.0


def card_rect_now(move: CardMove | None, end: pygame.Rect) -> pygame.FRect:
    if move is None or not move.tween.started:
        return pygame.FRect(move.start) if move is not None else pygame.FRect(end)
    t = move.tween.value
    x = anim.lerp(move.start.x, end.x, t)
    y = anim.lerp(move.start.y, end.y, t)
    dx, dy = end.x - move.start.x, end.y - move.start.y
    length = math.hypot(dx, dy)
    if move.arc and length:
        bow = move.arc * math.sin(math.pi * t)
        x += -dy / length * bow
        y += dx / length * bow
    return pygame.FRect(x, y, end.width, end.height)
