"""Copying an invite and pasting one, where the platform has a clipboard.

pygame-ce's ``pygame.scrap.put_text`` / ``get_text`` use SDL's clipboard (text only, no
``scrap.init`` needed) once the display is up. Where there is none (no display, a build
without it, an SDL that refuses) ``available`` is False: the screens then hide the Copy
button and say in words that the invite has to be written down or typed.
"""

from __future__ import annotations

import pygame


def available() -> bool:
    scrap = getattr(pygame, "scrap", None)
    return pygame.display.get_init() and scrap is not None and \
        hasattr(scrap, "put_text") and hasattr(scrap, "get_text")


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False when the platform refused."""
    if not available():
        return False
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, RuntimeError):
        return False
    return True


def paste() -> str | None:
    """The clipboard's text; None when there is no clipboard or no text on it."""
    if not available():
        return None
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, RuntimeError):
        return None
    return text or None
