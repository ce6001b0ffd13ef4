"""Where the texts and controls of a drawn frame land, and which of them collide.

The game's drawing helpers report to ``game.client.ui.probe`` (text pictures by their
words, controls and the boxes their labels must fit, stacked and decorative drawing);
``LayoutRecorder`` listens, and swaps ``pygame.Surface`` for ``RecordingSurface``, which
remembers what was blitted or painted onto it and hands it on, moved, when it is itself
blitted (cached layers, panels made once keep their texts). A frame drawn onto a recording
screen then knows every text, control and painted rectangle in window coordinates.

The rules (``problems``), for what is still visible at the end of the frame:

* clipped: a text or control not wholly inside the window; a text cut by the edge of the
  picture it was drawn on or by the area blitted of it; a control's label that runs out of
  its control; a text crossed by a frame (``pygame.draw.rect`` with a width) drawn after
  it, or running out of a frame or filled panel drawn before it that is wide or tall
  enough to have held it. A fill or opaque picture laid over part of a text is a panel on
  top (an overlay), not a cut; pictures under a text (cards, art) never cut it.
* overlap: two items of the same layer (each scene of the stack is a layer) that intersect:
  text and text, text and control (unless the text is that control's own label), control
  and control. Texts drawn in a ``probe.stacked()`` group may lie over each other (a fan of
  cards); ``probe.decoration()`` drawing is never an obstacle; a text and its own shadow
  or outline (the same words a few pixels away) are one.

What a later paint hides completely (a fill, an opaque panel or picture) is gone, so an
overlay's panel does not collide with the table it covers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.client.ui import probe

BaseSurface = pygame.Surface
_base_draw_rect = pygame.draw.rect

DECORATION = -1
SLACK = 1        # pixels two rectangles may share before they count as overlapping
HIDING = 200     # a fill this opaque (alpha) hides what lies under it


@dataclass(frozen=True)
class Item:
    kind: str                    # "text", "control" or "shape" (a painted rectangle)
    label: str
    rect: pygame.Rect
    box: pygame.Rect | None = None     # the control a text belongs to
    group: int | None = None           # a stacked group, or DECORATION
    cut: str = ""                      # why part of the text is not shown
    opaque: bool = False               # a shape that hides what lies under it
    layer: int = 0
    order: int = 0


@dataclass
class Frame:
    """The items of one drawn frame, in window coordinates."""

    size: tuple[int, int]
    items: list[Item] = field(default_factory=list)


class RecordingSurface(BaseSurface):
    """A surface that knows which texts, controls and painted rectangles are on it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.items: list[Item] = []

    def _items(self) -> list[Item]:
        if not hasattr(self, "items"):   # made by pygame (copy, convert) without __init__
            self.items = []
        return self.items

    def copy(self) -> RecordingSurface:
        twin = _recording_twin(super().copy())
        twin.items = list(self._items())
        return twin

    def convert_alpha(self, *args: Any) -> RecordingSurface:
        twin = _recording_twin(super().convert_alpha(*args))
        twin.items = list(self._items())
        return twin

    def convert(self, *args: Any) -> RecordingSurface:
        twin = _recording_twin(super().convert(*args))
        twin.items = list(self._items())
        return twin

    def fill(self, colour: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        filled = super().fill(colour, rect, special_flags)
        if not special_flags:
            self.paint(self.get_rect() if rect is None else filled, opaque=True)
        return filled

    def paint(self, area: pygame.Rect, opaque: bool, label: str = "") -> None:
        """A rectangle painted (filled when ``opaque``, else outlined): what it covers
        wholly is gone; it stays as a shape texts must not run across."""
        if not area.width or not area.height:
            return
        items = self._items()
        if opaque:
            items[:] = [item for item in items if not area.contains(item.rect)]
        if self.get_clip() != self.get_rect():
            return    # a region painted again (a partial repaint) cuts nothing of its own
        if LayoutRecorder.current is not None:
            LayoutRecorder.current.add(self, Item("shape", label, pygame.Rect(area),
                                                  opaque=opaque))

    def cover(self, area: pygame.Rect) -> None:
        """An opaque panel arrived on a blitted picture: what it hides wholly is gone."""
        items = self._items()
        items[:] = [item for item in items if not area.contains(item.rect)]

    def blit(self, source: BaseSurface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        recorder = LayoutRecorder.current
        if recorder is None:
            return drawn
        if isinstance(dest, pygame.Rect | pygame.FRect):
            origin = (int(dest.x), int(dest.y))
        else:
            origin = (int(dest[0]), int(dest[1]))
        offset = origin
        part = source.get_rect()
        if area is not None:
            part = pygame.Rect(area).clip(source.get_rect())
            offset = (origin[0] - part.x, origin[1] - part.y)
        opaque = not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None \
            and source.get_alpha() in (None, 255) and not special_flags
        items = getattr(source, "items", ())
        if opaque:
            self.paint(drawn, opaque=True, label="picture")
        elif source.get_alpha() in (None, 255):
            for item in items:
                if item.opaque:
                    self.cover(item.rect.move(offset).clip(drawn))
        for item in items:
            recorder.add(self, replace(item, rect=item.rect.move(offset)), part, offset)
        return drawn


def _recording_twin(surface: BaseSurface) -> RecordingSurface:
    """``surface``'s pixels on a recording surface (pygame's own copies are plain)."""
    twin = RecordingSurface(surface.get_size(), surface.get_flags() & pygame.SRCALPHA,
                            surface)
    BaseSurface.blit(twin, surface, (0, 0), special_flags=pygame.BLEND_RGBA_MAX
                     if surface.get_flags() & pygame.SRCALPHA else 0)
    if surface.get_colorkey() is not None:
        twin.set_colorkey(surface.get_colorkey())
    if surface.get_alpha() is not None and not surface.get_flags() & pygame.SRCALPHA:
        twin.set_alpha(surface.get_alpha())
    return twin


def _draw_rect(surface: Any, colour: Any, rect: Any, width: int = 0, *args: Any,
               **kwargs: Any) -> pygame.Rect:
    drawn = _base_draw_rect(surface, colour, rect, width, *args, **kwargs)
    if isinstance(surface, RecordingSurface) and LayoutRecorder.current is not None:
        alpha = pygame.Color(colour).a
        if alpha >= 128:
            surface.paint(pygame.Rect(rect), opaque=width <= 0 and alpha >= HIDING,
                          label="fill" if width <= 0 else "frame")
    return drawn


@dataclass
class _Box:
    surface: BaseSurface
    rect: pygame.Rect


class LayoutRecorder:
    """Installed by ``recording()``: hears ``probe`` and keeps the text pictures' words."""

    current: LayoutRecorder | None = None

    def __init__(self) -> None:
        self.boxes: list[_Box] = []
        self.groups: list[int] = []
        self.next_group = 0
        self.root: BaseSurface | None = None
        self.layer = 0
        self.order = 0
        self.last: BaseSurface | None = None    # the last frame drawn (for --shots)

    # --- what probe hears ---------------------------------------------------------------
    def text(self, surface: pygame.Surface, label: str) -> pygame.Surface:
        """The picture again, recording: its words go wherever it is copied or blitted."""
        twin = surface if isinstance(surface, RecordingSurface) else _recording_twin(surface)
        bounds = twin.get_bounding_rect()
        twin.items = [Item("text", label, bounds)] if bounds.width and bounds.height else []
        return twin

    @contextmanager
    def _box(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             control: bool) -> Iterator[None]:
        rect = pygame.Rect(rect)
        inner = self.boxes[-1] if self.boxes else None
        again = inner is not None and inner.surface is surface and inner.rect == rect
        if control and not again and rect.width and rect.height:
            self.add(surface, Item("control", label, rect, box=rect))
        self.boxes.append(_Box(surface, rect))
        try:
            yield
        finally:
            self.boxes.pop()

    def box(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
            control: bool) -> AbstractContextManager[None]:
        return self._box(surface, rect, label, control)

    @contextmanager
    def _group(self, kind: str) -> Iterator[None]:
        if kind == "decoration":
            self.groups.append(DECORATION)
        else:
            self.next_group += 1
            self.groups.append(self.next_group)
        try:
            yield
        finally:
            self.groups.pop()

    def group(self, kind: str) -> AbstractContextManager[None]:
        return self._group(kind)

    # --- items landing on surfaces --------------------------------------------------------
    def add(self, surface: BaseSurface, item: Item, part: pygame.Rect | None = None,
            offset: tuple[int, int] = (0, 0)) -> None:
        if not isinstance(surface, RecordingSurface):
            return
        if part is not None and item.kind != "shape":   # a blit shows only ``part`` of it
            shown = part.move(offset)
            if not shown.contains(item.rect) and not item.cut:
                item = replace(item, cut="cut by the edge of its picture")
        clip = surface.get_clip()
        if clip != surface.get_rect():
            # a region painted again (a table's partial repaint): the rest is already there
            if not clip.colliderect(item.rect):
                return
        elif item.kind == "text" and not clip.contains(item.rect) and not item.cut \
                and surface is not self.root:
            item = replace(item, cut="cut by the edge of its picture")
        if self.groups and (item.group is None or self.groups[-1] == DECORATION) \
                and item.group != DECORATION:
            item = replace(item, group=self.groups[-1])
        if self.boxes and item.box is None and item.kind == "text" and \
                self.boxes[-1].surface is surface:
            item = replace(item, box=self.boxes[-1].rect)
        self.order += 1
        item = replace(item, order=self.order)
        if surface is self.root:
            item = replace(item, layer=self.layer)
        surface._items().append(item)


@contextmanager
def recording() -> Iterator[LayoutRecorder]:
    """While inside, every ``pygame.Surface(...)`` records and ``probe`` reports here."""
    recorder = LayoutRecorder()
    original_surface, original_rect = pygame.Surface, pygame.draw.rect
    pygame.Surface = RecordingSurface  # type: ignore[misc]
    pygame.draw.rect = _draw_rect
    probe.recorder = recorder
    LayoutRecorder.current = recorder
    try:
        yield recorder
    finally:
        pygame.Surface = original_surface  # type: ignore[misc]
        pygame.draw.rect = original_rect
        probe.recorder = None
        LayoutRecorder.current = None


def draw_frame(recorder: LayoutRecorder, size: tuple[int, int],
               layers: list[Any]) -> Frame:
    """Draw each of ``layers`` (objects with ``draw(surface)``, bottom first) onto one
    recording screen; what each puts there is of its own layer."""
    screen = RecordingSurface(size)
    recorder.root = screen
    try:
        for index, layer in enumerate(layers):
            recorder.layer = index
            layer.draw(screen)
    finally:
        recorder.root = None
    recorder.last = screen
    return Frame(size, list(screen.items))


# --- the rules -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    kind: str        # "overlap" or "clipped"
    text: str


def _crosses(a: pygame.Rect, b: pygame.Rect) -> bool:
    """``a`` and ``b`` share more than a hairline and neither holds the other."""
    a_in, b_in = a.inflate(-2 * SLACK, -2 * SLACK), b.inflate(-2 * SLACK, -2 * SLACK)
    if not a_in.colliderect(b_in):
        return False
    return not (b.inflate(2 * SLACK, 2 * SLACK).contains(a)
                or a.inflate(2 * SLACK, 2 * SLACK).contains(b))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    shared = a.inflate(-2 * SLACK, -2 * SLACK).clip(b.inflate(-2 * SLACK, -2 * SLACK))
    return shared.width > 1 and shared.height > 1


def _same_words(a: Item, b: Item) -> bool:
    """A text and its shadow or outline: the same words a few pixels apart."""
    near = max(4, a.rect.height // 8)
    return a.kind == b.kind == "text" and a.label == b.label and \
        abs(a.rect.x - b.rect.x) <= near and abs(a.rect.y - b.rect.y) <= near


def _show(item: Item) -> str:
    r = item.rect
    return f"{item.kind} {item.label!r} ({r.x},{r.y} {r.w}x{r.h})"


def unique(items: list[Item]) -> list[Item]:
    """One of each (a region repainted adds the same item again)."""
    seen: set[tuple[Any, ...]] = set()
    kept = []
    for item in items:
        key = (item.kind, item.label, tuple(item.rect), item.layer)
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _hidden_between(older: Item, newer: Item, covers: list[Item]) -> bool:
    """An opaque panel painted after ``older`` and before ``newer`` holds ``newer``:
    there ``older`` cannot be seen (a popup over the table)."""
    room = newer.rect.inflate(2 * SLACK, 2 * SLACK)
    return any(older.order < c.order < newer.order and c.layer == newer.layer
               and c.rect.inflate(2 * SLACK, 2 * SLACK).contains(room) for c in covers)


def _cut_by(text: Item, shape: Item, covers: list[Item]) -> str:
    """Why ``shape`` cuts ``text`` ("" when it does not): a frame drawn across it either
    way, a panel it runs out of (one wide or tall enough to have held it)."""
    if shape.layer != text.layer or not _crosses(text.rect, shape.rect):
        return ""
    if shape.group is not None and shape.group == text.group:
        return ""   # a fan of cards: each card's frame over the one before it
    where = f"({shape.rect.x},{shape.rect.y} {shape.rect.w}x{shape.rect.h})"
    if shape.order > text.order:
        if shape.label == "frame" and not _hidden_between(text, shape, covers):
            return f"a frame drawn across it {where}"
        return ""   # a fill or picture laid over part of it: a panel on top, by design
    if shape.label == "picture" or _hidden_between(shape, text, covers):
        return ""   # texts may lie across pictures
    if shape.rect.width < text.rect.width and shape.rect.height < text.rect.height:
        return ""   # smaller than the text both ways: a mark under it, not its panel
    return f"runs out of a {shape.label} {where}"


def problems(frame: Frame) -> list[Problem]:
    window = pygame.Rect(0, 0, *frame.size)
    items = unique(frame.items)
    shapes = [i for i in items if i.kind == "shape" and i.group != DECORATION]
    covers = [i for i in shapes if i.opaque]
    things = [i for i in items if i.kind != "shape"]
    found: list[Problem] = []
    for item in things:
        why = ""
        if not window.contains(item.rect):
            why = "cut by the window"
        elif item.kind == "text" and item.cut:
            why = item.cut
        elif item.kind == "text" and item.box is not None and \
                not item.box.inflate(2 * SLACK, 2 * SLACK).contains(item.rect):
            why = f"runs out of its control ({item.box.x},{item.box.y} " \
                  f"{item.box.w}x{item.box.h})"
        elif item.kind == "text" and item.group != DECORATION:
            for shape in shapes:
                why = _cut_by(item, shape, covers)
                if why:
                    break
        if why:
            found.append(Problem("clipped", f"{_show(item)}: {why}"))
    obstacles = [i for i in things if i.group != DECORATION]
    for n, a in enumerate(obstacles):
        for b in obstacles[n + 1:]:
            if a.layer != b.layer or not _overlap(a.rect, b.rect):
                continue
            if a.group is not None and a.group == b.group:
                continue
            if _same_words(a, b):
                continue
            if a.kind == "control" and b.kind == "control" and a.rect == b.rect:
                continue
            control, other = (a, b) if a.kind == "control" else (b, a)
            if control.kind == "control" and other.kind == "text" and other.box == control.rect:
                continue   # the control's own label
            older, newer = (a, b) if a.order < b.order else (b, a)
            if _hidden_between(older, newer, covers):
                continue
            found.append(Problem("overlap", f"{_show(a)} and {_show(b)}"))
    return found
