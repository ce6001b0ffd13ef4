"""Where every piece of text of a drawn frame ended up on the screen (layout tests only).

``TextRecorder`` swaps ``pygame.Surface`` for a subclass that remembers the text surfaces
blitted onto it (those ``Assets.text`` made), and passes them on, moved, when it is itself
blitted onto another recording surface: cached layers, log lines and panels drawn once and
blitted later keep their texts. A scene drawn onto a recording screen then tells where
each text lies in window coordinates, which the layout tests check: inside the window,
and no two texts over each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.client.ui.assets import Assets

BaseSurface = pygame.Surface


@dataclass(frozen=True)
class PlacedText:
    label: str
    rect: pygame.Rect
    clipped: bool        # cut by a clip rectangle on purpose (a scrolled log line)
    nested: bool         # inside a picture (a card's number), not a line of its own


class RecordingSurface(BaseSurface):
    """A surface that knows which texts were blitted onto it and where."""

    # id -> (the text surface, kept alive so its id is never reused, its words)
    labels: dict[int, tuple[BaseSurface, str]] = {}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.texts: list[PlacedText] = []

    def copy(self) -> RecordingSurface:
        twin = super().copy()
        twin.texts = list(getattr(self, "texts", []))
        return twin

    def fill(self, colour: object, rect: object = None, special_flags: int = 0) -> pygame.Rect:
        filled = super().fill(colour, rect, special_flags)  # type: ignore[arg-type]
        self._cover(self.get_rect() if rect is None else filled)
        return filled

    def _cover(self, area: pygame.Rect) -> None:
        """What was painted over (a fill, an opaque picture) hides the texts under it."""
        self.texts = [text for text in getattr(self, "texts", [])
                      if not area.contains(text.rect)]

    def blit(self, source: BaseSurface, dest: object, area: object = None,
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)  # type: ignore[arg-type]
        if not hasattr(self, "texts"):
            self.texts = []
        opaque = not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None \
            and source.get_alpha() in (None, 255) and not special_flags
        if opaque:
            self._cover(drawn)
        if isinstance(dest, pygame.Rect | pygame.FRect):
            origin = (int(dest.x), int(dest.y))
        else:
            origin = (int(dest[0]), int(dest[1]))  # type: ignore[index]
        offset = (origin[0], origin[1])
        if area is not None:
            area_rect = pygame.Rect(area)  # type: ignore[arg-type]
            offset = (origin[0] - area_rect.x, origin[1] - area_rect.y)
        clip = self.get_clip()
        full = clip == self.get_rect()
        named = self.labels.get(id(source))
        if named is not None and named[0] is source:
            label = named[1]
            rect = source.get_bounding_rect().move(offset)
            if rect.width and rect.height:
                self._add(PlacedText(label, rect, False, False), clip, full)
            return drawn
        for text in getattr(source, "texts", []):
            nested = text.nested or source.get_width() < self.get_width() // 2 and \
                _is_picture(source)
            self._add(PlacedText(text.label, text.rect.move(offset), text.clipped, nested),
                      clip, full)
        return drawn

    def _add(self, text: PlacedText, clip: pygame.Rect, full: bool) -> None:
        visible = text.rect.clip(clip)
        if not visible.width or not visible.height:
            return
        clipped = text.clipped or (not full and visible != text.rect)
        self.texts.append(PlacedText(text.label, visible if clipped else text.rect, clipped,
                                     text.nested))


def _is_picture(surface: BaseSurface) -> bool:
    """A card or a sprite that carries a little text, rather than a line of text."""
    texts = getattr(surface, "texts", [])
    if not texts:
        return False
    area = sum(t.rect.width * t.rect.height for t in texts)
    return area < 0.3 * surface.get_width() * surface.get_height()


@contextmanager
def recording(monkeypatch) -> Iterator[None]:
    """Every ``pygame.Surface(...)`` made meanwhile records; ``Assets.text`` names its
    surfaces (the asset caches are emptied first, so nothing made before is unnamed)."""
    text, outlined = Assets.text, Assets.outlined_text

    def named_text(self: Assets, label: str, *args: object, **kwargs: object
                   ) -> BaseSurface:
        surface = text(self, label, *args, **kwargs)  # type: ignore[arg-type]
        RecordingSurface.labels[id(surface)] = (surface, label)
        return surface

    def named_outlined(self: Assets, label: str, *args: object, **kwargs: object
                       ) -> BaseSurface:
        surface = outlined(self, label, *args, **kwargs)  # type: ignore[arg-type]
        RecordingSurface.labels[id(surface)] = (surface, label)
        return surface

    monkeypatch.setattr(pygame, "Surface", RecordingSurface)
    monkeypatch.setattr(Assets, "text", named_text)
    monkeypatch.setattr(Assets, "outlined_text", named_outlined)
    try:
        yield
    finally:
        RecordingSurface.labels.clear()


def frame_texts(scene: object, size: tuple[int, int]) -> list[PlacedText]:
    """The texts of one frame of ``scene`` drawn alone onto a recording screen."""
    screen = RecordingSurface(size)
    scene.draw(screen)  # type: ignore[attr-defined]
    return screen.texts


def problems(texts: list[PlacedText], size: tuple[int, int], slack: int = 1) -> list[str]:
    """Texts running out of the window, and pairs of texts over each other (a text and
    its own copy — an outline, a shadow — do not count; nor texts inside pictures)."""
    window = pygame.Rect(0, 0, *size)
    found = []
    for text in texts:
        if not window.contains(text.rect):
            found.append(f"outside the window: {text.label!r} at {text.rect}")
    lines = [t for t in texts if not t.nested and not t.clipped]
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            if a.label == b.label:
                continue
            overlap = a.rect.inflate(-2 * slack, -2 * slack).clip(
                b.rect.inflate(-2 * slack, -2 * slack))
            if overlap.width > 1 and overlap.height > 1:
                found.append(f"over each other: {a.label!r} {a.rect} and {b.label!r} {b.rect}")
    return found
