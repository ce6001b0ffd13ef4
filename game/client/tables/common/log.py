"""The move log every table keeps: entries as data (so a language switch redraws them),
each with its rendered line cached, and the panel that stacks them newest at the bottom.

A table subclasses ``LogEntry`` with what its lines say (a card, a milestone, a row, a
list of parts) and passes a function that renders one entry; the caching, the
latest-line backdrop and the stacking — older lines scrolling off the top — live here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import pygame

from game.client.i18n import language
from game.client.widgets import draw_stack_upwards


@dataclass
class LogEntry:
    """One line of the move log: who (None: nobody's move, a reshuffle) and the cache of
    its picture, which holds the last key only (a new width or language replaces it)."""

    seat: int | None
    image: dict[Hashable, pygame.Surface] = field(default_factory=dict, kw_only=True,
                                                  repr=False, compare=False)

    def drawn(self, key: Hashable, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The entry's picture for ``key`` (width, language, …), drawn only when new."""
        cached = self.image.get(key)
        if cached is None:
            cached = draw()
            self.image = {key: cached}
        return cached


E = TypeVar("E", bound=LogEntry)


def draw_entries(surface: pygame.Surface, entries: Sequence[E],
                 draw_line: Callable[[E, bool], pygame.Surface], look: Hashable, x: int,
                 top: int, bottom: int, gap: int) -> None:
    """Stack the entries' lines upwards from ``bottom`` until ``top``: the newest (drawn
    with ``latest`` true) at the bottom, the oldest that still fit above it. A line is
    drawn again only when ``look`` (the width, whose eyes, …), its being the latest or
    the language changed; otherwise its cached picture is blitted."""
    last = len(entries) - 1
    lang = language()

    def picture(index: int) -> pygame.Surface:
        entry, latest = entries[index], index == last
        return entry.drawn((look, latest, lang), lambda: draw_line(entry, latest))

    draw_stack_upwards(surface, len(entries), picture, x, top, bottom, gap)


def on_backdrop(line: pygame.Surface, rgba: tuple[int, int, int, int], radius: int,
                pad: tuple[int, int] = (0, 0), width: int | None = None) -> pygame.Surface:
    """The latest line on a rounded, translucent backdrop: ``pad`` pixels around it, or
    the panel's full ``width`` when given."""
    size = (width if width is not None else line.get_width() + 2 * pad[0],
            line.get_height() + 2 * pad[1])
    framed = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(framed, rgba, framed.get_rect(), border_radius=radius)
    framed.blit(line, (pad[0] if width is None else 0, pad[1]))
    return framed
