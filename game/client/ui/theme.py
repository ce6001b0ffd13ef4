"""Colours and proportions shared by every scene, so the look stays consistent.

Layouts are relative to the window: ``unit(surface)`` is 1.0 at the 1280×720 reference,
and the smaller of the two scales of a window that is not 16:9, so a layout drawn for
1280×720 units always fits (a 4:3 or a tall window scales by its width, a 21:9 one by its
height); layouts spread what they lay out across the real width and height.
"""

from __future__ import annotations

import pygame

REFERENCE_WIDTH = 1280
REFERENCE_HEIGHT = 720

FELT = (18, 92, 58)
FELT_DARK = (10, 58, 36)
INK = (32, 28, 36)
PAPER = (250, 244, 228)
PAPER_DIM = (226, 216, 196)
GOLD = (244, 196, 64)
GOLD_DARK = (176, 128, 24)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)
MUTED = (150, 160, 150)
RED = (214, 56, 56)
ACCENT_BLUE = (70, 130, 220)
PURPLE = (118, 64, 168)
MENU_BG_TOP = (22, 36, 64)
MENU_BG_BOTTOM = (12, 70, 62)

SUIT_COLOURS = {"R": (206, 40, 48), "Y": (226, 170, 20), "G": (40, 150, 64),
                "B": (40, 96, 196)}


def unit(size: tuple[int, int] | pygame.Surface) -> float:
    """Scale factor of the layout: 1.0 at 1280×720; the smaller of the width's and the
    height's scale (so nothing laid out in units runs off a narrow or a wide window), never
    below 0.5."""
    width, height = size if isinstance(size, tuple | list) else size.get_size()
    return max(0.5, min(width / REFERENCE_WIDTH, height / REFERENCE_HEIGHT))
