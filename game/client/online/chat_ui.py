"""The room's chat on screen: its lines in the table's log and the lobby, and the Chat menu.

A chat line is a small pale bubble with a speech-bubble mark (a symbol, not only a colour)
and "Name: words"; it wraps within the log's width, a word too long for a row is cut into
pieces, and at most ``MAX_ROWS`` rows are drawn (the rest is cut), so no message can widen
or flood the panel. ``ChatScene`` (F3 at an online table, the right stick on a gamepad,
Chat in the lobby) sends a typed message or a quick phrase with no keyboard at all, and
mutes or unmutes each other person of the room.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import t
from game.client.online.chat import (
    MAX_CHARS,
    QUICK_PHRASES,
    ChatLine,
    ChatRoom,
    clean_text,
    phrase_words,
    quick_message,
    text_message,
)
from game.client.online.fields import TextField, TextScene
from game.client.online.presence import seat_name
from game.client.scenes.common import draw_heading, draw_hint, draw_panel
from game.client.tables.common.log import SideEntry
from game.client.ui import theme
from game.client.ui.widgets import Button, Widget, flow_parts

if TYPE_CHECKING:
    from game.client.online.remote import RemoteMatch
    from game.client.stage.scene import AppContext as App

CHAT_KEY = pygame.K_F3
MAX_ROWS = 4
BUBBLE = (232, 240, 252, 240)       # someone's line
BUBBLE_MINE = (252, 242, 214, 240)  # a line of this computer's seat
NAME_INK = (30, 70, 150)
SHORT_NAME = 12       # characters of a name on a Mute button


def speech_mark(size: int) -> pygame.Surface:
    """A little speech bubble: the symbol that says "chat" beside the colour."""
    mark = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, int(size * 0.72))
    pygame.draw.ellipse(mark, theme.ACCENT_BLUE, body)
    tail = [(int(size * 0.22), body.bottom - 3), (int(size * 0.5), body.bottom - 3),
            (int(size * 0.12), size - 1)]
    pygame.draw.polygon(mark, theme.ACCENT_BLUE, tail)
    for k in range(3):
        pygame.draw.circle(mark, theme.WHITE, (int(size * (0.28 + 0.22 * k)), body.centery),
                           max(1, size // 12))
    return mark


def _pieces(assets: Any, word: str, size: int, colour: tuple[int, int, int], room: int,
            bold: bool = False) -> list[pygame.Surface]:
    """``word`` as one picture, or cut into pieces no wider than ``room``."""
    image = assets.text(word, size, colour, bold=bold)
    if image.get_width() <= room:
        return [image]
    pieces: list[pygame.Surface] = []
    start = 0
    font = assets.font(size, bold)
    while start < len(word):
        end = start + 1
        while end < len(word) and font.size(word[start:end + 1])[0] <= room:
            end += 1
        piece = assets.text(word[start:end], size, colour, bold=bold)
        pieces.append(piece.subsurface(pygame.Rect(0, 0, min(room, piece.get_width()),
                                                   piece.get_height())))
        start = end
    return pieces


def chat_picture(app: App, line: ChatLine, width: int, size: int) -> pygame.Surface:
    """``line`` as a bubble exactly ``width`` wide and at most ``MAX_ROWS`` rows high."""
    assets = app.assets
    pad = max(2, size // 4)
    mark = speech_mark(max(6, int(size * 1.1)))
    room = max(8, width - 3 * pad - mark.get_width())
    parts: list[pygame.Surface] = []
    parts += _pieces(assets, f"{line.name}:", size, NAME_INK, room, bold=True)
    for word in line.words.split(" "):
        if word:
            parts += _pieces(assets, " " + word, size, theme.INK, room)
    text = flow_parts(parts, room, 0)
    row = assets.font(size, False).get_linesize()
    tallest = max(row, max(part.get_height() for part in parts))
    if text.get_height() > MAX_ROWS * tallest:  # the rest of a long message is cut
        text = text.subsurface(pygame.Rect(0, 0, text.get_width(), MAX_ROWS * tallest))
    height = max(text.get_height(), mark.get_height()) + 2 * pad
    bubble = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(bubble, BUBBLE_MINE if line.mine else BUBBLE, bubble.get_rect(),
                     border_radius=max(3, size // 2))
    bubble.blit(mark, (pad, pad))
    bubble.blit(text, (2 * pad + mark.get_width(), pad))
    return bubble


@dataclass
class ChatLogLine(SideEntry):
    """A chat line among a table's log lines."""

    line: ChatLine = field(kw_only=True, repr=False)
    app: Any = field(kw_only=True, repr=False, compare=False)

    def render(self, width: int) -> pygame.Surface:
        size = max(9, int(12 * theme.unit(self.app.screen)))
        return chat_picture(self.app, self.line, width, size)


class TableChat:
    """The side lines of a table over an online match: the room's chat as this client shows
    it (muted people left out; lines of the room's earlier games left out, unless they
    came between the games)."""

    def __init__(self, app: App, match: RemoteMatch) -> None:
        self.app, self.match = app, match
        self._lines: dict[int, ChatLogLine] = {}

    @property
    def version(self) -> int:
        return self.match.chat.version

    def __call__(self) -> Sequence[SideEntry]:
        chat, game = self.match.chat, self.match.game_number
        out: list[SideEntry] = []
        kept: dict[int, ChatLogLine] = {}
        for line in chat.visible():
            entry = self._lines.get(id(line))
            if entry is None or entry.line is not line:
                entry = ChatLogLine(line.seat, line=line, app=self.app)
            if entry.at is not None:
                line.at = entry.at   # where the log shows it, kept for a rebuilt table
            entry.at = line.at
            kept[id(line)] = entry
            if line.at is None or line.game == game:
                out.append(entry)
        self._lines = kept
        return out


def install(table: Any) -> None:
    """What an online match adds to its table (``RemoteMatch.on_table``): the chat among
    the log's lines, and F3 for the Chat menu (seated people only: the server passes the
    lines of seats)."""
    match = table.match
    table.log_side = TableChat(table.app, match)
    if match.tokens:
        table.room_keys[CHAT_KEY] = partial(open_chat, table.app, match)


def open_chat(app: App, match: RemoteMatch) -> None:
    app.stack.push(ChatScene(app, match))


def other_people(match: RemoteMatch) -> list[tuple[int, str]]:
    """(seat, name) of every person in the room but this computer's."""
    return [(entry["seat"], seat_name(entry)) for entry in match.room.get("seats", [])
            if entry.get("kind") == "person" and entry.get("seat") not in match.tokens]


class ChatScene(TextScene):
    """Say something to the room: type and Enter, or pick a phrase; mute a person."""

    opaque = False

    def __init__(self, app: App, match: RemoteMatch) -> None:
        self.match = match
        self.draft = ""
        self.message = ""
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        h, gap = int(46 * u), int(10 * u)
        width = min(int(900 * u), self.size[0] - 2 * gap)
        x = self.size[0] // 2 - width // 2
        y = int(110 * u)
        widgets: list[Widget] = []
        if self.match.tokens:
            send_w = int(200 * u)
            widgets.append(TextField(self.app, pygame.Rect(x, y, width - send_w - gap, h),
                                     lambda: t("Message"), lambda: self.draft,
                                     self._set_draft, MAX_CHARS, name="message"))
            widgets.append(Button(self.app, pygame.Rect(x + width - send_w, y, send_w, h),
                                  lambda: t("Send"), self.send, primary=True, name="send"))
            y += h + 2 * gap
            col = (width - 2 * gap) // 3
            for i, key in enumerate(QUICK_PHRASES):
                rect = pygame.Rect(x + (i % 3) * (col + gap), y + (i // 3) * (h + gap), col, h)
                widgets.append(Button(self.app, rect, partial(phrase_words, key),
                                      partial(self.send_quick, key), name=f"quick_{key}"))
            y += 2 * (h + gap) + gap
        col = (width - 2 * gap) // 3
        people = other_people(self.match)
        for i, (seat, name) in enumerate(people):
            rect = pygame.Rect(x + (i % 3) * (col + gap), y + (i // 3) * (h + gap), col, h)
            widgets.append(Button(self.app, rect, partial(self._mute_label, seat, name),
                                  partial(self.match.chat.toggle_mute, seat, name),
                                  name=f"mute{seat}"))
        y += ((len(people) + 2) // 3) * (h + gap) + gap
        close_w = int(300 * u)
        widgets.append(Button(self.app, pygame.Rect(self.size[0] // 2 - close_w // 2, y,
                                                    close_w, h),
                              lambda: t("Close"), self.back, name="close"))
        self.focus.set(widgets)

    def _set_draft(self, text: str) -> None:
        self.draft = text
        self.message = ""

    def _mute_label(self, seat: int, name: str) -> str:
        shown = clean_text(name, SHORT_NAME)
        if len(shown) < len(clean_text(name)):
            shown += "…"   # a long name must leave room for the word on the button
        if self.match.chat.is_muted(seat, name):
            return t("Unmute {name}", name=shown)
        return t("Mute {name}", name=shown)

    def send(self) -> None:
        message = text_message(self.draft)
        if message is None:
            self.say(t("Type a message first, or pick a phrase."))
            return
        self.match.link.send(message)
        self.draft = ""
        self.back()

    def send_quick(self, key: str) -> None:
        self.match.link.send(quick_message(key))
        self.back()

    def handle_event(self, event: pygame.event.Event) -> None:
        field = self.focused_field()
        if field is not None and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send()
            return
        super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 190), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        widgets = [w.rect for w in self.focus.widgets]
        if widgets:  # a calm panel under the menu: the table behind is busy
            panel = widgets[0].unionall(widgets[1:]).inflate(int(40 * u), int(30 * u))
            panel.top = int(24 * u)
            panel.height = widgets[0].unionall(widgets[1:]).bottom + int(18 * u) - panel.top
            draw_panel(self.app, surface, panel, colour=(34, 44, 56), border=theme.GOLD)
        draw_heading(self.app, surface, t("Chat"), int(36 * u))
        if not self.match.tokens:
            note = self.app.assets.text(t("Only the players of the room can chat."),
                                        int(17 * u), theme.WHITE)
            surface.blit(note, note.get_rect(midtop=(surface.get_width() // 2, int(80 * u))))
        if self.message:
            note = self.app.assets.text(self.message, int(16 * u), (255, 200, 170),
                                        wrap=int(surface.get_width() * 0.8), align="center")
            surface.blit(note, note.get_rect(midbottom=(surface.get_width() // 2,
                                                        surface.get_height() - int(40 * u))))
        draw_hint(self.app, surface, t("Enter sends · arrows pick a phrase · Esc closes"))


def draw_chat_lines(app: App, surface: pygame.Surface, chat: ChatRoom, area: pygame.Rect,
                    size: int) -> None:
    """The newest visible lines that fit in ``area``, the newest at the bottom (lobby)."""
    gap = max(2, size // 5)
    y = area.bottom
    for line in reversed(chat.visible()):
        image = chat_picture(app, line, area.width, size)
        if y - image.get_height() < area.top:
            break
        y -= image.get_height()
        surface.blit(image, (area.x, y))
        y -= gap
