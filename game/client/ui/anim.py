"""Tweens with easing, timelines and particle bursts.

Durations are the look-and-feel defaults in seconds, scaled by the animation-speed setting
(``Animator.speed``: 0 = instant, 1 = normal, 2 = twice as slow). Positions are floats
(``pygame.FRect``) so slow motion stays smooth.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

SLIDE = 0.25
FLIP = 0.18
CLAIM = 0.40
HOP = 0.12
FADE = 0.20


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float
               ) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Progress from 0 to 1 over ``duration`` seconds after ``delay``; eased on read."""

    duration: float
    ease: Callable[[float], float] = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    data: dict[str, Any] = field(default_factory=dict)
    _fired: bool = False

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.done and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


@dataclass
class Particle:
    pos: pygame.Vector2
    vel: pygame.Vector2
    life: float
    age: float
    colour: tuple[int, int, int]
    size: float


class Particles:
    """Small bursts (claims, wins); cheap: a few dozen circles at most."""

    def __init__(self, seed: int = 7) -> None:
        self.items: list[Particle] = []
        self._rng = random.Random(seed)

    def burst(self, at: tuple[float, float], colours: list[tuple[int, int, int]],
              count: int = 24, speed: float = 260.0, size: float = 5.0) -> None:
        for _ in range(count):
            angle = self._rng.uniform(0, math.tau)
            power = self._rng.uniform(0.35, 1.0) * speed
            vel = pygame.Vector2(math.cos(angle) * power, math.sin(angle) * power - speed * 0.3)
            self.items.append(Particle(pygame.Vector2(at), vel, self._rng.uniform(0.5, 0.9),
                                       0.0, self._rng.choice(colours),
                                       size * self._rng.uniform(0.6, 1.3)))

    def update(self, dt: float) -> None:
        alive = []
        for p in self.items:
            p.age += dt
            if p.age < p.life:
                p.vel.y += 520 * dt
                p.pos += p.vel * dt
                alive.append(p)
        self.items = alive

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.items:
            fade = 1 - p.age / p.life
            radius = max(1, int(p.size * (0.4 + 0.6 * fade)))
            pygame.draw.circle(surface, p.colour, (int(p.pos.x), int(p.pos.y)), radius)

    @property
    def busy(self) -> bool:
        return bool(self.items)


class Animator:
    """Runs tweens; scaled by ``speed`` (0 makes every new tween instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.tweens: list[Tween] = []

    def scaled(self, seconds: float) -> float:
        return max(0.0, seconds * self.speed)

    def add(self, duration: float, ease: Callable[[float], float] = ease_out_cubic,
            delay: float = 0.0, on_done: Callable[[], None] | None = None,
            **data: Any) -> Tween:
        tween = Tween(self.scaled(duration), ease, self.scaled(delay), on_done=on_done,
                      data=data)
        self.tweens.append(tween)
        if tween.duration <= 0 and tween.delay <= 0:
            tween.update(0.0)
        return tween

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.update(dt)
        self.tweens = [tw for tw in self.tweens if not tw.done]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def clear(self) -> None:
        for tween in self.tweens:
            tween.elapsed = tween.delay + tween.duration
            tween.update(0.0)
        self.tweens.clear()
