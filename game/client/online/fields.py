"""Typed text on the online screens: a one-line field and a menu scene that feeds it.

``TextField`` shows its label on the left and the value on the right; a value longer than
the room beside the label shows its end (where the caret is), never over the label or
out of the field. ``TextScene`` sends typing to the focused field, Backspace erases, and
Ctrl+V pastes the clipboard's text (``paste_into``; a scene may read an invite from it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.online import clipboard
from game.client.scenes.common import MenuScene
from game.client.ui import theme
from game.client.ui.widgets import Widget

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext as App

VALUE_INK = (120, 60, 20)


class TextField(Widget):
    """One line of typed text (name, address, room code, a chat message) with a label."""

    def __init__(self, app: App, rect: pygame.Rect, label: Callable[[], str],
                 get: Callable[[], str], set_: Callable[[str], None], limit: int = 40,
                 name: str = "") -> None:
        self.app, self.rect, self.label = app, rect, label
        self.get, self.set, self.limit, self.name = get, set_, limit, name
        self.enabled = self.visible = True

    def type(self, text: str) -> None:
        value = (self.get() + "".join(ch for ch in text if ch.isprintable()))[:self.limit]
        self.set(value)

    def erase(self) -> None:
        self.set(self.get()[:-1])

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        u = theme.unit(surface)
        pygame.draw.rect(surface, theme.PAPER, self.rect, border_radius=self.rect.height // 3)
        ring = theme.GOLD if focused or hovered else theme.INK
        pygame.draw.rect(surface, ring, self.rect, width=3, border_radius=self.rect.height // 3)
        size = max(10, int(self.rect.height * 0.4))
        pad = int(16 * u)
        title = self.app.assets.text(self.label(), size, theme.INK, bold=True)
        surface.blit(title, (self.rect.x + pad, self.rect.centery - title.get_height() // 2))
        caret = "|" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else ""
        value = self.app.assets.text(self.get() + caret, size, VALUE_INK, bold=True)
        room = max(1, self.rect.width - 3 * pad - title.get_width())
        if value.get_width() > room:  # the end of a long value, where typing goes on
            value = value.subsurface(pygame.Rect(value.get_width() - room, 0, room,
                                                 value.get_height()))
        surface.blit(value, (self.rect.right - pad - value.get_width(),
                             self.rect.centery - value.get_height() // 2))


class TextScene(MenuScene):
    """A menu whose text fields receive typing when focused."""

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def focused_field(self) -> TextField | None:
        widgets = self.focus.widgets
        if widgets and isinstance(widgets[self.focus.focus], TextField):
            return widgets[self.focus.focus]  # type: ignore[return-value]
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        field = self.focused_field()
        if field is not None and event.type == pygame.TEXTINPUT:
            field.type(event.text)
            return
        if field is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.paste_into(field)
                return
            if event.key == pygame.K_BACKSPACE:
                field.erase()
                return
            if event.key == pygame.K_SPACE:
                return  # a space is typed (TEXTINPUT), it activates nothing
        super().handle_event(event)

    def paste_into(self, field: TextField) -> None:
        """Ctrl+V: the clipboard's text typed into ``field`` (``say`` tells why not)."""
        text = clipboard.paste()
        if text is None:
            self.say(t("Nothing to paste: the clipboard is empty or not available here. "
                       "Type it instead."))
            return
        field.type(" ".join(text.split()))

    def say(self, text: str) -> None:
        """A line for the player (each scene shows it in its own place)."""
        self.message = text
