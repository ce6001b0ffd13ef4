"""Putting a drawn frame on screen: the cheap way SDL offers, and only what changed.

Two measured costs decide this module (Xvfb, no GPU, pygame-ce 2.5 / SDL 2.32):

- SDL on X11 by default pushes a window surface through an OpenGL *texture framebuffer*;
  without a GPU that is Mesa's software rasteriser, and ``pygame.display.flip()`` alone took
  ~13 ms at 1280×720 and ~36 ms at 1920×1080, plus threads of its own. SDL's plain X11 path
  (``SDL_FRAMEBUFFER_ACCELERATION=0``: shared-memory ``XShmPutImage``) puts the same frame on
  screen in ~0.2 / ~0.5 ms. ``choose_framebuffer`` asks for it on X11 unless the player set
  the variable. Only on X11: other drivers (Wayland in SDL 2) have no plain framebuffer, and
  the hint would leave them without a window surface at all.
- Even the plain path copies the whole window per flip; a frame where only a card moved
  needs a few rectangles. ``DirtyRegion`` collects what a frame changed and ``push`` sends
  those with ``pygame.display.update(rects)``, or the whole window when the region is large
  or unknown (a resize, a new scene, a scene that does not report its rectangles).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import pygame

FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
# above this share of the window, one full flip is as cheap as the rectangles
FULL_SHARE = 0.45
# more rectangles than this are merged into their bounding box (SDL copies each one)
MAX_RECTS = 24


def set_surface_alpha(surface: pygame.Surface, alpha: float | None) -> None:
    """Set a surface's alpha for the next blits, cheaply: full strength means *no* surface
    alpha. SDL 2.32 blits a plain (not per-pixel alpha) surface whose alpha is exactly
    255 through a slow generic path: 16 ms for a 1920×1080 veil against 1.3 ms at 254
    and 0.4 ms with none (measured on this machine) — the table's first frame, whose
    fade-in starts fully dark, was the slowest frame of every run. The picture is the
    same. A per-pixel alpha surface keeps its blending (``set_alpha(None)`` would turn its
    transparent pixels opaque), so it gets 255 as before."""
    if alpha is None or alpha >= 255:
        per_pixel = surface.get_masks()[3] != 0   # the format, not the flags: a surface
        surface.set_alpha(255 if per_pixel else None)   # alpha sets SRCALPHA in those
    else:
        surface.set_alpha(max(0, int(alpha)))


def choose_framebuffer(driver: str) -> bool:
    """Ask SDL for its plain framebuffer on X11 (call after ``display.init``, before the
    window opens). Returns whether the hint was set here; a value the player set is kept."""
    if driver != "x11" or FRAMEBUFFER_HINT in os.environ:
        return False
    os.environ[FRAMEBUFFER_HINT] = "0"   # SDL reads hints from the environment when asked
    return True


class DirtyRegion:
    """The parts of the window one frame changed; ``None`` from ``rects()`` = all of it.

    Rectangles are clipped to the window; an empty or off-screen one is dropped. Once the
    region is ``full`` (asked for, or too large to be worth rectangles) it stays full until
    ``clear``, so a scene cannot shrink what another part of the frame marked whole.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.full = True       # the first frame of a window is always pushed whole
        self._fresh = True
        self._rects: list[pygame.Rect] = []

    def clear(self, size: tuple[int, int]) -> None:
        """Start a new frame; the first frame and a new size are pushed whole."""
        self.full = self._fresh or size != self.size
        self._fresh = False
        self.size = size
        self._rects.clear()

    def mark_full(self) -> None:
        self.full = True
        self._rects.clear()

    def add(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        if self.full:
            return
        clipped = pygame.Rect(rect).clip(pygame.Rect((0, 0), self.size))
        if clipped.w > 0 and clipped.h > 0:
            self._rects.append(clipped)

    def add_all(self, rects: Iterable[pygame.Rect | tuple[int, int, int, int]] | None) -> None:
        """A scene's report: its rectangles, or ``None`` (it does not know: all of it)."""
        if rects is None:
            self.mark_full()
            return
        for rect in rects:
            self.add(rect)

    def rects(self) -> list[pygame.Rect] | None:
        """What to push: merged rectangles, or ``None`` for the whole window."""
        if self.full:
            return None
        rects = merge(self._rects)
        if len(rects) > MAX_RECTS:
            rects = [rects[0].unionall(rects[1:])]
        area = sum(r.w * r.h for r in rects)
        if area > FULL_SHARE * self.size[0] * self.size[1]:
            return None
        return rects


def merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined into their union box, repeated until none overlap
    (so SDL never copies a pixel twice and the count stays small)."""
    merged: list[pygame.Rect] = []
    pending = [pygame.Rect(r) for r in rects]
    while pending:
        current = pending.pop()
        changed = True
        while changed:
            changed = False
            for index in range(len(merged) - 1, -1, -1):
                if current.colliderect(merged[index]):
                    current.union_ip(merged.pop(index))
                    changed = True
        merged.append(current)
    return merged


def push(rects: list[pygame.Rect] | None) -> None:
    """Put the frame on screen: the rectangles, or the whole window (``None``)."""
    if rects is None:
        pygame.display.flip()
    elif rects:
        pygame.display.update(rects)
