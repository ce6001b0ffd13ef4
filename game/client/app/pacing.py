"""When the window loop draws a frame, and how it waits when nothing on screen changes.

A card game spends most of its time still: the title, a menu, a table waiting for a person
or for a computer player's worker. Redrawing those 60 times a second cost a quarter of a
core in the main thread and more in a software renderer's threads, for pictures identical
to the last. So the windowed loop draws only when something may have changed:

- input arrived (and for ``SETTLE`` seconds after it, so hover effects, pressed buttons and
  short entrance animations finish smoothly without every widget saying so);
- the top scene says it is ``animating`` (tweens, particles, a banner counting down);
- the screen's *look* changed: the visible scenes, their ``look()`` values (a move arrived,
  a notice appeared), the notices, a fade in progress, or ``App.request_redraw()``.

Otherwise it sleeps ``IDLE_POLL`` seconds, reads the events and runs ``update`` with the
real time that passed (so timers, the AI pace and a worker's reply still advance), without
drawing. ``pygame.event.wait(timeout)`` would wake sooner on input but, in pygame-ce 2.5,
polls SDL every millisecond inside and costs ~2 % of a core by itself; a plain sleep costs
0.2 % and delays the first input after a pause by at most ``IDLE_POLL``. At 20 ms a table
waiting for a person still cost 2.6-3.1 % of a core (its ``update`` 50 times a second); at
40 ms it is 1.6-1.7 % and a click after a pause waits at most 40 ms, below what a hand feels.

Headless runs never use this: their contract is one frame per 1/60 s of game time, drawn.
"""

from __future__ import annotations

import time
from typing import Protocol

import pygame

FPS = 60
IDLE_POLL = 0.04      # seconds between looks at the event queue and the AI worker when idle
SETTLE = 0.5          # seconds of full frame rate after input or a new scene
MAX_DT = 0.1          # a frame after a stall does not jump animations by more than this
MAX_IDLE_DT = 1.0     # idle updates carry the real time, so timers keep their pace


class Pacer(Protocol):
    """The clock and event source of the windowed loop (tests give a fake one)."""

    def frame(self) -> tuple[float, list[pygame.event.Event]]:
        """Wait for the next frame (at most ``FPS`` a second); the seconds since the last
        call and the events that arrived."""
        ...

    def idle(self) -> tuple[float, list[pygame.event.Event]]:
        """Sleep a short while; the seconds since the last call and the events."""
        ...

    def now(self) -> float:
        """A monotonic clock in seconds (frame timing)."""
        ...


class WindowPacer:
    """The real pacer: pygame's clock for frames, a sleep between idle looks."""

    def __init__(self, fps: int = FPS, poll: float = IDLE_POLL) -> None:
        self.fps = fps
        self.poll = poll
        self.clock = pygame.time.Clock()

    def frame(self) -> tuple[float, list[pygame.event.Event]]:
        dt = min(MAX_DT, self.clock.tick(self.fps) / 1000.0)
        return dt, pygame.event.get()

    def idle(self) -> tuple[float, list[pygame.event.Event]]:
        time.sleep(self.poll)
        dt = min(MAX_IDLE_DT, self.clock.tick() / 1000.0)
        return dt, pygame.event.get()

    def now(self) -> float:
        return time.perf_counter()
