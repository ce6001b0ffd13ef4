"""Buttons and keyboard focus: every menu works with mouse and keyboard alike.

A ``FocusGroup`` owns a list of widgets: arrows/Tab move the focus, Enter/Space activates,
the mouse hovers and clicks. Labels are callables so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.client.ui import probe, theme

if TYPE_CHECKING:
    from game.client.ui.assets import Assets
    from game.client.ui.audio import Audio

Label = str | Callable[[], str]


class WidgetHost(Protocol):
    """What a widget uses of the running App (``AppContext`` offers it): fonts and
    sprites, the click sound and panel shadows; so the widgets need nothing above them."""

    @property
    def assets(self) -> Assets: ...

    @property
    def audio(self) -> Audio: ...

    def shadow(self, size: tuple[int, int], radius: int = 10,
               alpha: int = 70) -> pygame.Surface: ...


def _label(value: Label) -> str:
    return value() if callable(value) else value


class Widget:
    rect: pygame.Rect
    enabled: bool = True
    visible: bool = True

    def activate(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        """Left/right on a focused widget; True when it used the key."""
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A left click at ``pos`` (inside ``rect``); most widgets simply activate."""
        self.activate()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        pass


class Button(Widget):
    """A panel button with hover lift, a gold focus ring and an optional icon sprite."""

    def __init__(self, app: WidgetHost, rect: pygame.Rect | tuple[int, int, int, int], label: Label,
                 on_click: Callable[[], None], *, icon: str | None = None,
                 size: int | None = None, primary: bool = False, name: str = "") -> None:
        self.app = app
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.icon = icon
        self.size = size
        self.primary = primary
        self.name = name or (label if isinstance(label, str) else "")
        self.enabled = True
        self.visible = True

    def activate(self) -> None:
        if self.enabled:
            self.app.audio.play("button")
            self.on_click()

    def _face(self, hovered: bool) -> pygame.Surface:
        name = "ui/button_hover.svg" if hovered else "ui/button.svg"
        return self.app.assets.sprite(name, self.rect.size,
                                      lambda s: _button_fallback(s, hovered, self.primary))

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        with probe.box(surface, self.rect, self.name):
            self._draw(surface, focused, hovered)

    def _draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        lift = 2 if (hovered or focused) and self.enabled else 0
        rect = self.rect.move(0, -lift)
        if not self.app.assets.exists("ui/button.svg"):  # the SVG brings its own shadow
            shadow = self.app.shadow(self.rect.size, radius=self.rect.height // 3)
            surface.blit(shadow, self.rect.move(0, 4))
        face = self._face(hovered or focused)
        surface.blit(face, rect)
        if self.primary:
            # the main action is marked by a warm face, not by a gold ring: a ring is the
            # keyboard focus, and two rings on one screen would say two things have it
            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, (*theme.GOLD, 80), tint.get_rect().inflate(-6, -6),
                             border_radius=self.rect.height // 3)
            surface.blit(tint, rect)
        if focused:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), width=3,
                             border_radius=self.rect.height // 3 + 4)
        size = self.size or max(12, int(self.rect.height * 0.42))
        colour = theme.INK if self.enabled else theme.MUTED
        label = _label(self.label)
        text = self.app.assets.text(label, size, colour, bold=True)
        room = self.rect.width - int(self.rect.height * (1.2 if self.icon else 0.5))
        while text.get_width() > room and size > 9:  # long translations shrink to fit
            size -= 1
            text = self.app.assets.text(label, size, colour, bold=True)
        x = rect.centerx - text.get_width() // 2
        if self.icon:
            icon_size = int(rect.height * 0.6)
            icon = self.app.assets.sprite(self.icon, (icon_size, icon_size),
                                          lambda s: pygame.Surface(s, pygame.SRCALPHA))
            total = icon_size + 8 + text.get_width() if text.get_width() else icon_size
            x = rect.centerx - total // 2
            surface.blit(icon, (x, rect.centery - icon_size // 2))
            x += icon_size + 8
        surface.blit(text, (x, rect.centery - text.get_height() // 2))


class Choice(Button):
    """A button that cycles through options with click or ←/→ (settings, seat kinds)."""

    def __init__(self, app: WidgetHost, rect: pygame.Rect | tuple[int, int, int, int], title: Label,
                 options: Sequence[object], get: Callable[[], object],
                 set_: Callable[[object], None], show: Callable[[object], str] = str,
                 name: str = "") -> None:
        self.title = title
        self.options = list(options)
        self.get = get
        self.set = set_
        self.show = show
        self._value_span: tuple[int, int] | None = None  # where "‹" is on a settings row
        super().__init__(app, rect, self._text, self._next, name=name)

    def _next(self) -> None:
        self.adjust(1)

    def _text(self) -> str:
        title = _label(self.title)
        value = self.show(self.get())
        return f"{title}: ‹ {value} ›" if title else f"‹ {value} ›"

    def adjust(self, step: int) -> bool:
        current = self.get()
        try:
            index = self.options.index(current)
        except ValueError:
            index = 0
        self.set(self.options[(index + step) % len(self.options)])
        return True

    def activate(self) -> None:
        self.adjust(1)
        self.app.audio.play("button")  # after the change: a volume step is heard at once

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the "‹" side steps back, anywhere else forward: the arrows mean
        what they show. On a plain choice that is its left half; on a settings row the
        value is right-aligned and its "‹" was placed while drawing (a click on the row's
        name or value still steps forward, as before)."""
        left, middle = self._value_span or (self.rect.x, self.rect.centerx)
        self.adjust(-1 if left <= pos[0] < middle else 1)
        self.app.audio.play("button")

    def _draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        title = _label(self.title)
        if not title or self.rect.width < self.rect.height * 6:
            self._value_span = None
            super()._draw(surface, focused, hovered)
            return
        # a settings row: the name on the left, "‹ value ›" on the right
        lift = 2 if hovered or focused else 0
        rect = self.rect.move(0, -lift)
        surface.blit(self._face(hovered or focused), rect)
        radius = self.rect.height // 3
        if focused:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), width=3,
                             border_radius=radius + 4)
        size = self.size or max(12, int(self.rect.height * 0.4))
        pad = int(self.rect.height * 0.55)
        name = self.app.assets.text(title, size, theme.INK, bold=True)
        surface.blit(name, (rect.x + pad, rect.centery - name.get_height() // 2))
        value = self.app.assets.text(f"‹ {self.show(self.get())} ›", size, (120, 60, 20),
                                     bold=True)
        surface.blit(value, (rect.right - pad - value.get_width(),
                             rect.centery - value.get_height() // 2))
        left = rect.right - pad - value.get_width()
        self._value_span = (left - pad // 2, left + size)  # the "‹ " at its left


def _button_fallback(size: tuple[int, int], hovered: bool, primary: bool) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = size[1] // 3
    base = (255, 250, 236) if hovered else theme.PAPER
    pygame.draw.rect(surface, base, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.PAPER_DIM, rect.inflate(-6, -6).move(0, rect.height // 4),
                     border_radius=radius)
    pygame.draw.rect(surface, base, rect.inflate(-6, -rect.height // 2).move(0, -4),
                     border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=radius)
    return surface


class FocusGroup:
    """Keyboard focus and mouse hover over a list of widgets."""

    def __init__(self, widgets: Sequence[Widget] = (), columns: int = 1) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = 0
        self.hover: int | None = None
        self.columns = columns
        # the focus ring shows from the first frame (a keyboard or gamepad player must see
        # where Enter goes); moving the mouse hides it until a key is pressed again
        self.keyboard_used = True

    def set(self, widgets: Sequence[Widget]) -> None:
        self.widgets = list(widgets)
        self.focus = min(self.focus, max(0, len(self.widgets) - 1))

    def _usable(self, index: int) -> bool:
        widget = self.widgets[index]
        return widget.visible and widget.enabled

    def move(self, step: int) -> None:
        if not self.widgets:
            return
        index = self.focus
        for _ in range(len(self.widgets)):
            index = (index + step) % len(self.widgets)
            if self._usable(index):
                self.focus = index
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route one event; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_used = False
            self.hover = self.widget_at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.widget_at(event.pos)
            if index is not None:
                self.focus = index
                self.widgets[index].click(event.pos)
                return True
            return False
        if event.type != pygame.KEYDOWN or not self.widgets:
            return False
        key = event.key
        self.keyboard_used = True
        if key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
            self.move(self.columns if key == pygame.K_DOWN else 1)
        elif key in (pygame.K_UP,) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-self.columns if key == pygame.K_UP else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if not self.widgets[self.focus].adjust(step) and self.columns > 1:
                self.move(step)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self._usable(self.focus):
                self.widgets[self.focus].activate()
        else:
            return False
        return True

    def widget_at(self, pos: tuple[int, int]) -> int | None:
        for index, widget in enumerate(self.widgets):
            if widget.visible and widget.enabled and widget.rect.collidepoint(pos):
                return index
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for index, widget in enumerate(self.widgets):
            if not widget.visible:
                widget.draw(surface, False, False)  # (draws nothing, or its own way)
                continue
            with probe.box(surface, widget.rect, getattr(widget, "name", "")):
                widget.draw(surface, index == self.focus and self.keyboard_used,
                            index == self.hover)


def flow_parts(parts: Sequence[pygame.Surface], width: int, indent: int,
               shrink: bool = False) -> pygame.Surface:
    """Lay inline pieces (words, card chips, pyramids) left to right in ``width`` pixels.

    Move-log lines mix text with little pictures, which font wrapping cannot do; pieces
    wrap onto further rows with a hanging ``indent`` and are centred vertically on a row.
    ``shrink`` makes the surface no wider than its content (for framed one-liners).
    """
    height = max(p.get_height() for p in parts)
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for part in parts:
        if rows[-1] and used + part.get_width() > width:
            rows.append([])
            used = indent
        rows[-1].append(part)
        used += part.get_width()
    line_width = width
    if shrink:
        line_width = min(width, max(sum(p.get_width() for p in row) for row in rows) + indent)
    line = pygame.Surface((line_width, height * len(rows)), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        x = 0 if r == 0 else indent
        for part in row:
            line.blit(part, (x, r * height + (height - part.get_height()) // 2))
            x += part.get_width()
    return line


def glow_ring(size: tuple[int, int], colour: tuple[int, int, int], pad: int, *, peak: int,
              floor: int, radius: int, step: int = 2, curve: float = 1.0) -> pygame.Surface:
    """A soft halo around a ``size`` rectangle, ``pad`` pixels wide, for legal targets.

    Concentric outlines fade from ``peak + floor`` alpha at the edge of the rectangle to
    ``floor`` outside; tables differ only in these numbers, so callers cache the result.
    """
    surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -step):
        alpha = int(peak * (1 - i / pad) ** curve + floor)
        pygame.draw.rect(surface, (*colour, alpha),
                         surface.get_rect().inflate(-2 * (pad - i), -2 * (pad - i)),
                         width=2, border_radius=radius + i)
    return surface


def draw_stack_upwards(surface: pygame.Surface, count: int,
                       image_of: Callable[[int], pygame.Surface], x: int, top: int,
                       bottom: int, gap: int) -> None:
    """Blit items ``count-1 .. 0`` from ``bottom`` upwards until ``top``: a move log whose
    newest line sits at the bottom and older lines scroll off the top."""
    y = bottom
    for index in range(count - 1, -1, -1):
        image = image_of(index)
        if y - image.get_height() < top:
            break
        y -= image.get_height() + gap
        surface.blit(image, (x, y))


def draw_panel(app: WidgetHost, surface: pygame.Surface, rect: pygame.Rect,
               colour: tuple[int, int, int] = theme.PAPER,
               border: tuple[int, int, int] = theme.INK,
               radius: int | None = None) -> None:
    """Warm off-white panel with a dark ink outline and a soft shadow."""
    radius = radius if radius is not None else max(8, rect.height // 14)
    radius = min(radius, 28)
    surface.blit(app.shadow(rect.size, radius, 90), rect.move(0, 6))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=3, border_radius=radius)
