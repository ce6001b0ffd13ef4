"""What the drawing helpers tell a layout checker (``tools/layout-check``); off in the game.

The choke points of drawing report here: ``Assets.text`` names each text picture it makes,
widgets say which rectangle is a control and that their label belongs to it, and code that
stacks texts on purpose (cards in a fan) or draws texts as decoration says so. Nobody
listens unless a checker installs a ``Recorder``; then each report costs one call, and
while ``recorder`` is None each costs one global read (``box``, ``stacked`` and
``decoration`` hand back one shared do-nothing context).
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Protocol

import pygame


class Recorder(Protocol):
    """What a layout checker implements to hear the drawing helpers."""

    def text(self, surface: pygame.Surface, label: str) -> pygame.Surface:
        """``surface`` is a picture of the words ``label``; the picture to use instead
        (one that carries its words wherever it is copied or blitted)."""

    def box(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
            control: bool) -> AbstractContextManager[None]:
        """What is drawn meanwhile onto ``surface`` belongs in ``rect`` (a control when
        ``control``: clickable, and an obstacle to every other text)."""

    def group(self, kind: str) -> AbstractContextManager[None]:
        """What is drawn meanwhile is ``"stacked"`` (may lie over each other) or
        ``"decoration"`` (may lie under or over anything)."""


recorder: Recorder | None = None

_OFF: AbstractContextManager[None] = nullcontext()


def text(surface: pygame.Surface, label: str) -> pygame.Surface:
    """Called by ``Assets`` for each text picture it makes (only while recording)."""
    return surface if recorder is None else recorder.text(surface, label)


def box(surface: pygame.Surface, rect: pygame.Rect, label: str = "",
        control: bool = True) -> AbstractContextManager[None]:
    """Around drawing a control (or a box of text): its texts must fit in ``rect``."""
    if recorder is None:
        return _OFF
    return recorder.box(surface, rect, label, control)


def stacked() -> AbstractContextManager[None]:
    """Around drawing things that overlap by design (a fan of cards, a pile)."""
    if recorder is None:
        return _OFF
    return recorder.group("stacked")


def decoration() -> AbstractContextManager[None]:
    """Around drawing texts that are pictures, not lines to read past (a watermark)."""
    if recorder is None:
        return _OFF
    return recorder.group("decoration")
