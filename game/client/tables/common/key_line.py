"""The keys a table takes, as one centred block that wraps only between its items.

The line comes from the catalogue as items joined by " · " ("S sort · T tracker"); a
translation keeps that separator, so wrapping never parts a key from its word, whatever the
words' lengths in the language.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

import pygame

from game.client.ui.assets import Assets

SEPARATOR = " · "


def rows(items: list[str], fits: Any) -> list[str]:
    """``items`` joined into as few rows as ``fits(text)`` allows (an item too long for a
    row has one to itself)."""
    out: list[str] = []
    for item in items:
        if out and fits(out[-1] + SEPARATOR + item):
            out[-1] += SEPARATOR + item
        else:
            out.append(item)
    return out


def key_line(assets: Assets, cache: MutableMapping[tuple[Any, ...], pygame.Surface],
             text: str, size: int, colour: tuple[int, int, int], width: int) -> pygame.Surface:
    """``text``'s items in centred rows no wider than ``width`` (cached)."""
    key = ("key_line", text, size, colour, width)
    image = cache.get(key)
    if image is not None:
        return image
    font = assets.font(size, False)
    lines = [assets.text(row, size, colour) for row in
             rows(text.split(SEPARATOR), lambda row: font.size(row)[0] <= width)]
    height = font.get_linesize()
    # the last row's descenders reach below the line spacing: its whole height counts
    image = pygame.Surface((max(line.get_width() for line in lines),
                            height * (len(lines) - 1) + max(height, lines[-1].get_height())),
                           pygame.SRCALPHA)
    for i, line in enumerate(lines):
        image.blit(line, line.get_rect(midtop=(image.get_width() // 2, i * height)))
    cache[key] = image
    return image
