"""The move log every table keeps: entries as data (so a language switch redraws them),
each with its rendered line cached, and the panel that stacks them newest at the bottom.

A table subclasses ``LogEntry`` with what its lines say (a card, a milestone, a row, a
list of parts) and passes a function that renders one entry; the caching, the
latest-line backdrop, the stacking and the scrolling live here. The log keeps the whole
game (it is the player's memory of what the computer did while they waited), so a
``LogScroll`` lets the player page back through it with the wheel, a drag or PgUp/PgDn.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar, cast

import pygame

from game.client.i18n import language

WHEEL_LINES = 3       # lines one notch of the mouse wheel scrolls
ARROW = (236, 214, 150)  # the "more above / below" arrows: a shape, not only a colour


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


@dataclass
class SideEntry(LogEntry):
    """A line of the log that is no move of the game (a chat message of an online room):
    it draws itself, and stands after the first ``at`` entries of the table's own log
    (the log's length when it was first drawn)."""

    at: int | None = field(default=None, kw_only=True)

    def render(self, width: int) -> pygame.Surface:
        raise NotImplementedError


class SideSource(Protocol):
    """Where a table's side lines come from (an online room's chat, ``online.chat_ui``)."""

    @property
    def version(self) -> int:
        """Moves when the lines change (the window redraws)."""

    def __call__(self) -> Sequence[SideEntry]: ...


def merged_entries(entries: Sequence[LogEntry], side: Sequence[SideEntry]) -> list[LogEntry]:
    """The table's entries with the side lines among them, each after its ``at`` entries
    (a side line never drawn before is placed at the end now)."""
    for line in side:
        if line.at is None:
            line.at = len(entries)
    out: list[LogEntry] = []
    waiting = sorted(side, key=lambda line: line.at or 0)
    for index, entry in enumerate(entries):
        while waiting and (waiting[0].at or 0) <= index:
            out.append(waiting.pop(0))
        out.append(entry)
    out.extend(waiting)
    return out


@dataclass
class LogScroll:
    """How far back the player has scrolled the log, in entries hidden below the panel
    (0: the newest line at the bottom, which follows the game).

    The panel records where it drew (``area``) and how many lines fitted (``page``) so that
    input can be hit-tested without each table repeating its layout; while scrolled back,
    new entries push ``offset`` up so the lines being read stay still."""

    offset: int = 0
    count: int = 0                       # entries when last drawn
    page: int = 1                        # lines that fitted when last drawn
    line: int = 16                       # a line's height in pixels (for dragging)
    area: pygame.Rect | None = None      # where the lines were drawn last frame
    pointer: tuple[int, int] | None = None
    drag_from: int | None = None         # the y where a drag started, None when not dragging
    drag_offset: int = 0
    # the picture of entry ``i`` as the panel drew it last frame (the summary reuses it)
    picture: Callable[[int], pygame.Surface] | None = field(default=None, repr=False)
    # lines that are not moves, drawn among them (an online room's chat)
    side: SideSource | None = field(default=None, repr=False)

    def with_side(self, entries: Sequence[LogEntry]) -> Sequence[LogEntry]:
        """``entries`` as the panel shows them: with the side lines among them."""
        return merged_entries(entries, self.side()) if self.side is not None else entries

    def scroll(self, lines: int) -> None:
        """Older lines for positive ``lines``, newer for negative, kept within the log."""
        self.offset = max(0, min(max(0, self.count - 1), self.offset + lines))

    def follow(self, count: int) -> None:
        """The log now has ``count`` entries: keep the lines being read where they are."""
        if self.offset > 0 and count > self.count:
            self.offset += count - self.count
        self.count = count
        self.scroll(0)

    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel and drag over the log, PgUp/PgDn/End anywhere on the table; True when the
        event was the log's (so it does nothing else)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            if self.drag_from is not None:
                if not event.buttons[0]:
                    self.drag_from = None
                    return False
                moved = (event.pos[1] - self.drag_from) // max(1, self.line)
                self.offset = self.drag_offset
                self.scroll(moved)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self._over(self.pointer or pygame.mouse.get_pos()):
                self.scroll(int(event.y) * WHEEL_LINES)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._over(event.pos):
            self.drag_from, self.drag_offset = event.pos[1], self.offset
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag_from is not None:
            self.drag_from = None
            return True
        if event.type == pygame.KEYDOWN and self.area is not None:
            if event.key == pygame.K_PAGEUP:
                self.scroll(max(1, self.page - 1))
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(-max(1, self.page - 1))
                return True
            if event.key == pygame.K_END and self.offset:
                self.offset = 0
                return True
        return False

    def _over(self, pos: tuple[int, int]) -> bool:
        return self.area is not None and self.area.collidepoint(pos)


def draw_entries(surface: pygame.Surface, entries: Sequence[E],
                 draw_line: Callable[[E, bool], pygame.Surface], look: Hashable, x: int,
                 top: int, bottom: int, gap: int, scroll: LogScroll | None = None,
                 width: int | None = None) -> None:
    """Stack the entries' lines upwards from ``bottom`` until ``top``: the newest shown
    (the latest entry, drawn with ``latest`` true, unless ``scroll`` went back) at the
    bottom, older ones above it while they fit. A line is drawn again only when ``look``
    (the width, whose eyes, …), its being the latest or the language changed; otherwise
    its cached picture is blitted. Arrows say that older (top) or newer (bottom) lines
    are out of sight. The scroll's side lines (``SideEntry``) stand among the entries and
    draw themselves; the latest entry stays the table's latest move."""
    newest = entries[-1] if entries else None
    shown = scroll.with_side(entries) if scroll is not None else entries
    span = width if width is not None else max(1, surface.get_width() - x)
    lang = language()

    def picture(index: int) -> pygame.Surface:
        entry = shown[index]
        if isinstance(entry, SideEntry):
            return entry.drawn((span, lang), partial(entry.render, span))
        latest = entry is newest
        return entry.drawn((look, latest, lang), partial(draw_line, cast(E, entry), latest))

    offset = 0
    if scroll is not None:
        scroll.follow(len(shown))
        scroll.picture = picture
        offset = scroll.offset
    y = bottom
    index = len(shown) - 1 - offset
    drawn = 0
    while index >= 0:
        image = picture(index)
        if y - image.get_height() < top:
            break
        y -= image.get_height() + gap
        surface.blit(image, (x, y))
        drawn += 1
        index -= 1
    if scroll is None:
        return
    scroll.area = pygame.Rect(x, top, span, bottom - top)
    scroll.page = max(1, drawn)
    scroll.line = max(8, (bottom - y) // max(1, drawn)) if drawn else scroll.line
    size = max(5, (bottom - top) // 40)
    right = x + span - size
    if index >= 0:       # older lines above
        _arrow(surface, (right, top + size), size, up=True)
    if offset > 0:       # newer lines below
        _arrow(surface, (right, bottom - size), size, up=False)


def _arrow(surface: pygame.Surface, centre: tuple[int, int], size: int, up: bool) -> None:
    cx, cy = centre
    tip = -size if up else size
    points = [(cx - size, cy - tip // 2), (cx + size, cy - tip // 2), (cx, cy + tip // 2)]
    pygame.draw.polygon(surface, (20, 20, 24), [(px + 1, py + 1) for px, py in points])
    pygame.draw.polygon(surface, ARROW, points)


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


def draw_summary(surface: pygame.Surface, scroll: LogScroll, since: int, title: pygame.Surface,
                 hint: pygame.Surface, u: float,
                 colour: tuple[int, int, int, int] = (18, 24, 34, 236)) -> pygame.Rect | None:
    """The "since your last turn" panel in the middle of the table: the log's own lines
    from entry ``since`` on (the newest that fit in about two thirds of the height, with
    three dots above when older ones were left out), under ``title``, above ``hint``.
    Returns where the panel was drawn (a notice shown meanwhile goes under it)."""
    if scroll.picture is None or since >= scroll.count:
        return None
    pad, gap = int(16 * u), int(4 * u)
    room = int(surface.get_height() * 0.66) - title.get_height() - hint.get_height() - 4 * pad
    lines: list[pygame.Surface] = []
    used = 0
    for index in range(scroll.count - 1, since - 1, -1):
        image = scroll.picture(index)
        if lines and used + image.get_height() + gap > room:
            break
        lines.insert(0, image)
        used += image.get_height() + gap
    left_out = scroll.count - since - len(lines)
    width = max([title.get_width(), hint.get_width(), *(line.get_width() for line in lines)])
    height = title.get_height() + used + hint.get_height() + 3 * pad + (
        int(14 * u) if left_out else 0)
    panel = pygame.Rect(0, 0, width + 2 * pad, height)
    panel.center = surface.get_rect().center
    back = pygame.Surface(panel.size, pygame.SRCALPHA)
    radius = int(14 * u)
    pygame.draw.rect(back, colour, back.get_rect(), border_radius=radius)
    pygame.draw.rect(back, (236, 198, 92, 255), back.get_rect(), width=max(2, int(3 * u)),
                     border_radius=radius)
    surface.blit(back, panel)
    y = panel.y + pad
    surface.blit(title, (panel.centerx - title.get_width() // 2, y))
    y += title.get_height() + pad // 2
    if left_out:     # three dots: older lines of this stretch are in the log
        for k in range(3):
            pygame.draw.circle(surface, ARROW, (panel.x + pad + k * int(8 * u) + 3,
                                                y + int(5 * u)), max(2, int(2 * u)))
        y += int(14 * u)
    for line in lines:
        surface.blit(line, (panel.x + pad, y))
        y += line.get_height() + gap
    surface.blit(hint, (panel.centerx - hint.get_width() // 2, panel.bottom - pad -
                        hint.get_height()))
    return panel


NOTE_INK = (236, 214, 150)  # news of an online room, apart from the moves


def note_line(assets: Any, text: str, size: int, width: int, latest: bool,
              colour: tuple[int, int, int] = NOTE_INK) -> pygame.Surface:
    """A log line that is no move (someone left, an offer to end the game …): its words
    wrapped to the panel, in italics' stead a colour of its own, its symbol first."""
    line: pygame.Surface = assets.text(text, size, colour, bold=latest, wrap=width)
    if latest:
        line = on_backdrop(line, (255, 255, 255, 36), 5)
    return line
