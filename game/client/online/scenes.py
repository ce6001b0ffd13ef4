"""Title → Online: host a room (here or on a server) or join one, then the lobby.

``OnlineScene`` collects the name, address, game and seats (remembered between runs) and
opens a ``LobbyScene``, which owns the ``RemoteMatch`` until the game starts: it lists the
seats as the server reports them, lets the host fill open seats with computer players and
start, lets a second person at this computer take a seat too, and replaces itself with the
game's ordinary table once the first position arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import N_, pt, t
from game.client.i18n.words import game_title, level_name
from game.client.online import clipboard
from game.client.online.chat_ui import CHAT_KEY, draw_chat_lines, open_chat
from game.client.online.errors import LINK_ERRORS, hosting_error
from game.client.online.fields import TextField, TextScene
from game.client.online.hosting import LocalServer, Remembered
from game.client.online.invite import (
    INVITE_PROBLEMS,
    InviteError,
    lan_addresses,
    looks_like_invite,
    make_invite,
    parse_invite,
    shown_addresses,
)
from game.client.online.link import Link, normalise_url
from game.client.online.play import open_table
from game.client.online.presence import take_notices
from game.client.online.remote import RemoteMatch, seat_name
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.scenes.message import MessageScene
from game.client.storage.servers import RecentServers
from game.client.storage.settings import data_dir
from game.client.storage.user_rules import overrides_for
from game.client.ui import theme
from game.client.ui.widgets import Button, Choice, Widget, draw_panel
from game.rules import GAME_NAMES, get_game

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext as App

SEAT_OPTIONS = ("open", "easy", "normal", "hard", "expert")


def _nothing() -> None:
    """A seat row that only shows who sits there."""


def _remembered_path() -> Any:
    return data_dir() / "online.json"


def _aids_choice(option: object) -> str:
    """Whether a room hosted allows hints and other private aids for everyone."""
    # TRANSLATORS: "Hints for everyone: allowed" when hosting an online room
    return pt("aids", "allowed") if option else pt("aids", "not allowed")


def _rules_choice(option: object) -> str:
    """"House rules: mine" or "House rules: none" (the original rules)."""
    return pt("house rules", "mine") if option == "mine" else pt("house rules", "none")


def fitted_row(app: Any, labels: list[str], width: int, y: int, h: int, gap: int
               ) -> list[pygame.Rect]:
    """Rects for a centred row of buttons, each wide enough for its label at the button's
    usual type size (``Button`` would shrink a label that does not fit); a row too wide
    for the window shares what there is in proportion."""
    size = max(12, int(h * 0.42))
    needs = [app.assets.text(label, size, theme.INK, bold=True).get_width() + int(h * 0.9)
             for label in labels]
    room = width - 2 * gap - gap * (len(labels) - 1)
    scale = min(1.0, room / max(1, sum(needs)))
    widths = [int(need * scale) for need in needs]
    x = width // 2 - (sum(widths) + gap * (len(widths) - 1)) // 2
    rects = []
    for w in widths:
        rects.append(pygame.Rect(x, y, w, h))
        x += w + gap
    return rects


class OnlineScene(TextScene):
    def build(self) -> None:
        self.memory = Remembered.load(_remembered_path())
        self.recent = RecentServers.load()
        self.message = self.recent.problem or ""
        u = theme.unit(self.size)
        w = int(560 * u)
        h = int(46 * u)
        x = self.size[0] // 2 - w // 2
        y = int(116 * u)
        gap = int(10 * u)
        m = self.memory
        rows: list[Widget] = [
            TextField(self.app, pygame.Rect(x, y, w, h), lambda: t("Your name"),
                      lambda: m.name, lambda v: setattr(m, "name", v), 24, name="name"),
            TextField(self.app, pygame.Rect(x, y + (h + gap), w, h),
                      lambda: t("Server or invite"), lambda: m.address,
                      lambda v: setattr(m, "address", v), 160, name="address"),
        ]
        if self.recent.servers:  # the last servers, to pick with ←/→ or a click
            rows.append(Choice(self.app, pygame.Rect(x, y + len(rows) * (h + gap), w, h),
                               lambda: t("Recent servers"), self.recent.servers,
                               lambda: m.address if m.address in self.recent.servers else "",
                               lambda v: setattr(m, "address", str(v)),
                               lambda v: str(v) or pt("recent servers", "pick one"),
                               name="recent"))
        rows += [
            TextField(self.app, pygame.Rect(x, y + len(rows) * (h + gap), w, h),
                      lambda: t("Room code"), lambda: m.code,
                      lambda v: setattr(m, "code", v.upper()), 12, name="code"),
            Choice(self.app, pygame.Rect(x, y + (len(rows) + 1) * (h + gap), w, h),
                   lambda: t("Game"), GAME_NAMES, lambda: m.game, self._set_game,
                   lambda g: game_title(g), name="game"),
            Choice(self.app, pygame.Rect(x, y + (len(rows) + 2) * (h + gap), w, h),
                   lambda: t("Players"), self._seat_counts(), lambda: m.seats,
                   lambda v: setattr(m, "seats", int(str(v))), str, name="seats"),
            # the host decides for the room hosted: hints between people only if allowed
            Choice(self.app, pygame.Rect(x, y + (len(rows) + 3) * (h + gap), w, h),
                   lambda: t("Hints for everyone"), (False, True), lambda: m.aids,
                   lambda v: setattr(m, "aids", bool(v)), _aids_choice, name="aids"),
        ]
        self.seat_choice = next(r for r in rows if getattr(r, "name", "") == "seats")
        by = y + len(rows) * (h + gap) + int(14 * u)
        actions: list[tuple[Callable[[], str], Callable[[], None], str]] = [
            (partial(t, N_("Host on this computer")), self.host_here, "host_here"),
            (partial(t, N_("Host on a server")), self.host_server, "host_server"),
            (partial(t, N_("Join a room")), self.join, "join")]
        more: list[tuple[Callable[[], str], Callable[[], None], str]] = [
            (lambda: t("Watch a room"), self.watch, "watch")]
        if m.room and m.held_tokens():
            more.append((lambda: t("Back to room {code}", code=m.room), self.rejoin, "rejoin"))
        more.append((lambda: t("Back"), self.back, "back"))
        for row_y, row in ((by, actions), (by + h + gap, more)):
            # each button as wide as its words at the usual type size, the row centred
            rects = fitted_row(self.app, [label() for label, _action, _name in row],
                               self.size[0], row_y, h, gap)
            for rect, (label, action, name) in zip(rects, row, strict=True):
                rows.append(Button(self.app, rect, label, action,
                                   primary=name == "host_here", name=name))
        self.focus.set(rows)

    def _seat_counts(self) -> list[int]:
        game = get_game(self.memory.game) if self.memory.game in GAME_NAMES else None
        counts = [n for n in (game.player_range() if game else range(2, 3)) if 2 <= n <= 6]
        if self.memory.seats not in counts:
            self.memory.seats = counts[0]
        return counts

    def _set_game(self, game: object) -> None:
        self.memory.game = str(game)
        self.seat_choice.options = self._seat_counts()  # type: ignore[attr-defined]

    def _name(self) -> str:
        return self.memory.name.strip() or t("Player {n}", n=1)

    def _remember(self) -> None:
        self.message = ""  # a complaint about the last try is done with
        self.memory.save(_remembered_path())

    def host_here(self) -> None:
        self._remember()
        local = LocalServer(data_dir() / "server")
        self.app.stack.push(LobbyScene(self.app, None, local, self._host_factory(),
                                       addresses=lan_addresses()))

    def _host_factory(self) -> Callable[[str], RemoteMatch]:
        """The room starts with the player's own house rules, as local games do."""
        game, seats, name = self.memory.game, self.memory.seats, self._name()
        rules, aids = overrides_for(game), self.memory.aids
        return lambda url: self._kept(RemoteMatch.host(Link(url), game, seats, name, rules,
                                                       aids), url)

    def _kept(self, match: RemoteMatch, url: str) -> RemoteMatch:
        """Remember the seats ``match`` gets (its tokens), to come back after a restart."""
        memory = self.memory

        def remember(held: RemoteMatch) -> None:
            memory.room, memory.room_url = held.room_code, url
            memory.tokens = {str(seat): token for seat, token in held.tokens.items()}
            self._remember()

        match.url = url
        match.on_tokens.append(remember)
        return match

    def paste_into(self, field: TextField) -> None:
        """An invite pasted into any field fills the server and the room code; other
        text is typed into the field."""
        text = clipboard.paste()
        if text is None or not looks_like_invite(text) or field.name not in ("address",
                                                                            "code"):
            super().paste_into(field)
            return
        try:
            invite = parse_invite(text)
        except InviteError as error:
            self.message = t(INVITE_PROBLEMS[error.reason])
            return
        self.memory.address, self.memory.code = invite.address, invite.code
        self.message = t("Invite read: server {address}, room {code}. Now choose "
                         "“{join}”.", address=invite.address, code=invite.code,
                         join=t("Join a room"))

    def _code(self) -> str | None:
        code = self.memory.code.strip()
        if not code:
            self.message = t("Type the room code first: the host sees it in the room.")
            return None
        return code

    def watch(self) -> None:
        url = self._url()
        code = self._code() if url is not None else None
        if url is None or code is None:
            return
        self._remember()
        self.app.stack.push(LobbyScene(self.app, url, None,
                                       lambda u: RemoteMatch.watch(Link(u), code)))

    def rejoin(self) -> None:
        """Back into the remembered room with its tokens: every move comes back."""
        memory = self.memory
        code, url, tokens = memory.room, memory.room_url, memory.held_tokens()
        self.app.stack.push(LobbyScene(self.app, url, None,
                                       lambda u: RemoteMatch.resume(Link(u), code, tokens)))

    def host_server(self) -> None:
        url = self._url()
        if url is not None:
            self._remember()
            self.app.stack.push(LobbyScene(self.app, url, None, self._host_factory()))

    def join(self) -> None:
        url = self._url()
        code = self._code() if url is not None else None
        if url is None or code is None:
            return
        self._remember()
        name = self._name()
        self.app.stack.push(LobbyScene(self.app, url, None,
                                       lambda u: self._kept(RemoteMatch.join(Link(u), code,
                                                                             name), u)))

    def _url(self) -> str | None:
        """The server to use, from an address or a whole invite typed or pasted into the
        address field (whose room code then fills the code's field)."""
        address = self.memory.address
        if looks_like_invite(address):
            try:
                invite = parse_invite(address)
            except InviteError as error:
                self.message = t(INVITE_PROBLEMS[error.reason])
                return None
            self.memory.address, self.memory.code = invite.address, invite.code
        try:
            url = normalise_url(self.memory.address)
        except ValueError:
            self.message = t(LINK_ERRORS["bad_address"])
            return None
        self.recent.remember(self.memory.address)
        return url

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("Play online"), int(40 * u))
        if self.message:
            note = self.app.assets.text(self.message, int(16 * u), (255, 200, 170),
                                        wrap=int(surface.get_width() * 0.8), align="center")
            surface.blit(note, note.get_rect(midbottom=(surface.get_width() // 2,
                                                        surface.get_height() - int(40 * u))))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))


class LobbyScene(MenuScene):
    """Waits for the server, shows the room, and becomes the table when the game starts."""

    def __init__(self, app: App, url: str | None, local: LocalServer | None,
                 factory: Callable[[str], RemoteMatch],
                 addresses: list[str] | None = None) -> None:
        self.url = url
        self.local = local
        self.factory = factory
        self.match: RemoteMatch | None = None
        # a server on this computer: its addresses on the local networks (the port added
        # once it listens)
        self.addresses = list(addresses or [])
        self.copied = ""                 # said after Copy (or why it failed)
        self._seat_rows = -1
        self._notice: str | None = None
        super().__init__(app)

    @property
    def animating(self) -> bool:
        """The room changes with what the server says, not with input: drawn every frame."""
        return True

    def build(self) -> None:
        self._rebuild()

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The seats' column on the left, the invite and the chat on the right (in a box
        of 1280x720 units, which every window holds)."""
        u = theme.unit(self.size)
        left = self.size[0] // 2 - int(640 * u)
        top, bottom = int(104 * u), int(684 * u)
        return (pygame.Rect(left + int(40 * u), top, int(560 * u), bottom - top),
                pygame.Rect(left + int(650 * u), top, int(590 * u), bottom - top))

    def _rebuild(self) -> None:
        u = theme.unit(self.size)
        seats_column, info = self._columns()
        w, h, gap = seats_column.width, int(42 * u), int(8 * u)
        x = seats_column.x
        y = seats_column.y + int(36 * u)
        widgets: list[Widget] = []
        match = self.match
        seats = match.room.get("seats", []) if match else []
        for entry in seats:
            index = entry["seat"]
            rect = pygame.Rect(x, y + index * (h + gap), w, h)
            if match is not None and match.is_host and index not in match.tokens and \
                    entry["kind"] != "person" and match.status == "lobby":
                widgets.append(Choice(self.app, rect, partial(t, N_("Seat {n}: "
                                                                    "{what}"), n=index + 1,
                                                              what=""),
                                      SEAT_OPTIONS, partial(self._seat_option, index),
                                      partial(self._set_seat, index),
                                      self._show_option, name=f"seat{index}"))
            else:
                widgets.append(Button(self.app, rect, partial(self._seat_text, index),
                                      _nothing, name=f"seat{index}"))
        by = y + max(2, len(seats)) * (h + gap) + int(6 * u)
        bw = (w - gap) // 2
        if match is not None and match.is_host and match.status == "lobby" and \
                self._my_rules() is not None:
            widgets.append(Choice(self.app, pygame.Rect(x, by, w, h), lambda: t("House rules"),
                                  ("mine", "original"), self._rules_option,
                                  self._set_rules_option,
                                  _rules_choice, name="rules"))
            by += h + gap
        if match is not None and match.is_host:
            start = Button(self.app, pygame.Rect(x, by, bw, h), lambda: t("Start the game"),
                           match.start, primary=True, name="start")
            start.enabled = all(s["kind"] != "open" for s in seats)
            widgets.append(start)
        if match is not None and not match.spectating and \
                any(s["kind"] == "open" for s in seats):
            widgets.append(Button(self.app, pygame.Rect(x + bw + gap, by, bw, h),
                                  lambda: t("Another player here"), self._add_local,
                                  name="add_local"))
        widgets.append(Button(self.app, pygame.Rect(x + w // 2 - bw // 2, by + h + gap, bw, h),
                              lambda: t("Back"), self.back, name="back"))
        if match is not None and match.room:
            half = (info.width - gap) // 2
            if self.invite() and clipboard.available():
                widgets.append(Button(self.app, pygame.Rect(info.x, self._copy_y(), half, h),
                                      lambda: t("Copy the invite"), self.copy_invite,
                                      name="copy"))
            if match.tokens:
                widgets.append(Button(self.app, pygame.Rect(info.right - half, info.bottom - h,
                                                            half, h),
                                      lambda: t("Chat (F3)"), self.open_chat, name="chat"))
        self.focus.set(widgets)
        self._seat_rows = len(seats)
        self._shape = self._room_shape()

    def _room_shape(self) -> Any:
        match = self.match
        if match is None:
            return None
        return (tuple((s["kind"], s.get("level")) for s in match.room.get("seats", [])),
                match.is_host, tuple(sorted(match.tokens)), match.status)

    def _my_rules(self) -> dict[str, Any] | None:
        return overrides_for(self.match.game_name) if self.match and self.match.game_name \
            else None

    def _rules_option(self) -> str:
        """"mine" while the room plays by the player's house rules (any change of them)."""
        assert self.match is not None and self.match.game is not None
        original = get_game(self.match.game_name).rules
        return "original" if self.match.game.rules == original else "mine"

    def _set_rules_option(self, option: object) -> None:
        assert self.match is not None
        self.match.set_rules((self._my_rules() or {}) if option == "mine" else {})

    def _seat_option(self, seat: int) -> str:
        assert self.match is not None
        entry = self.match.room["seats"][seat]
        return "open" if entry["kind"] == "open" else entry.get("level", "easy")

    def _set_seat(self, seat: int, option: object) -> None:
        assert self.match is not None
        if option == "open":
            self.match.set_seat(seat, "open")
        else:
            self.match.set_seat(seat, "computer", str(option))

    def _show_option(self, option: object) -> str:
        if option == "open":
            return t("open seat")
        return t("computer ({level})", level=level_name(option))

    def _seat_text(self, seat: int) -> str:
        """Read from the newest room frame: names and presence change without a rebuild."""
        if self.match is None or seat >= len(self.match.room.get("seats", [])):
            return ""
        entry = self.match.room["seats"][seat]
        n = seat + 1
        if entry["kind"] == "open":
            what = t("open seat")
        elif entry["kind"] == "computer":
            what = t("computer ({level})", level=level_name(entry.get('level', 'easy')))
        elif self.match is not None and entry["seat"] in self.match.tokens:
            what = t("{name} (you)", name=seat_name(entry))
        elif not entry["connected"]:
            what = t("{name} (away)", name=seat_name(entry))
        else:
            what = seat_name(entry)
        if entry["kind"] == "person" and seat == self.match.room.get("host"):
            # TRANSLATORS: after a name in the lobby's seat list: this person hosts the room
            what = t("{what} · ★ host", what=what)
        return t("Seat {n}: {what}", n=n, what=what)

    def _add_local(self) -> None:
        if self.match is not None:
            self.match.add_local_seat(t("Player {n}", n=len(self.match.tokens) + 1))

    def update(self, dt: float) -> None:
        if self.match is None:
            if self.local is not None:
                if self.local.error:
                    self._fail(hosting_error(self.local.error))
                    return
                if not self.local.ready:
                    return
                self.url = self.local.url
                self.addresses = shown_addresses(self.addresses, self.local.port)
            assert self.url is not None
            self.match = self.factory(self.url)
            self.match.local_server = self.local
            self.match.hold_for_table = True  # missed moves wait for the table's log
            self._rebuild()
            return
        self.match.update(dt)
        for _frame, line in take_notices(self.match):   # a new host, …: said over the room
            self.app.notices.show(line)
        if self._room_shape() != self._shape:
            self._rebuild()
        if self.match.started:
            match, self.match = self.match, None  # the table owns it from now on
            self.app.stack.replace(open_table(self.app, match))

    def _fail(self, text: str) -> None:
        self.back()
        self.app.stack.push(MessageScene(self.app, t("Play online"), text))

    def back(self) -> None:
        if self.match is not None:
            if self.match.tokens and self.match.status == "lobby":
                # the seat opens again; a host hands the room to the next person
                self.match.link.send({"type": "leave", "id": "leave"})
                self.match.close(linger=0.5)
            else:
                self.match.close()
            self.match = None
        elif self.local is not None:
            self.local.stop()
        self.app.stack.pop()

    # --- inviting -----------------------------------------------------------------------
    def invite(self) -> str:
        """The invite friends paste into Join: this computer's first network address for a
        server here, the server's address otherwise ("" until the room is there)."""
        match = self.match
        if match is None or not match.room_code or self.url is None:
            return ""
        if self.local is not None:
            where = self.addresses[0] if self.addresses else f"127.0.0.1:{self.local.port}"
            return make_invite(f"ws://{where}", match.room_code)
        return make_invite(self.url, match.room_code)

    def _copy_y(self) -> int:
        """Where the Copy button (or the words saying there is no clipboard) stands: under
        the invite, above the chat."""
        u = theme.unit(self.size)
        return self._columns()[1].y + int(236 * u)

    def copy_invite(self) -> None:
        copied = clipboard.copy(self.invite())
        self.copied = t("The invite is on the clipboard: paste it to your friends.") \
            if copied else t("The clipboard refused the invite: read it out or write it down.")

    def copy_note(self) -> str:
        """Beside the Copy button: how copying went, or in its place why there is none."""
        if self.invite() and not clipboard.available():
            return t("Copying is not available here: read the invite out or write it down.")
        return self.copied

    def open_chat(self) -> None:
        if self.match is not None and self.match.tokens:
            open_chat(self.app, self.match)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY:
            self.open_chat()
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        match = self.match
        code = match.room_code if match is not None and match.room_code else "…"
        draw_heading(self.app, surface, t("Room {code}", code=code), int(40 * u))
        lines = []
        notice = match.notice.text if match is not None and match.notice is not None else None
        if match is not None and match.outdated:   # which side to update, until Back
            lines.append(match.outdated)
        elif match is not None and not match.room and match.error:
            # refused or unreachable: said until Back (with "trying again" while it does)
            lines.append(notice if notice and match.error in notice else match.error)
        elif match is None or not match.room:
            lines.append(t("Connecting to "
                           "{address}…", address=self.url or ", ".join(self.addresses) or "…"))
        y = int(110 * u)
        for line in lines:
            image = self.app.assets.text(line, int(17 * u), theme.WHITE,
                                         wrap=int(surface.get_width() * 0.86), align="center")
            surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, y)))
            y += image.get_height() + int(4 * u)
        if match is not None and match.room:
            self._draw_room(surface, match)
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
        self._notice = None if notice is None or any(notice in line or line in notice
                                                     for line in lines) else notice

    def _draw_room(self, surface: pygame.Surface, match: RemoteMatch) -> None:
        u = theme.unit(surface)
        seats_column, info = self._columns()
        what = t("You are watching") if match.spectating else t("Seats")
        head = self.app.assets.text(f"{game_title(match.game_name)} · {what}", int(18 * u),
                                    theme.WHITE, bold=True, wrap=seats_column.width)
        surface.blit(head, (seats_column.x, seats_column.y))
        # the invite: what to tell friends, clipped to its part of the column
        top, bottom = info.y, self._copy_y() - int(6 * u)
        area = pygame.Rect(info.x, top, info.width, bottom - top)
        pad = int(12 * u)
        draw_panel(self.app, surface, area.inflate(2 * pad, pad), colour=(28, 40, 52),
                   border=theme.GOLD, radius=max(4, int(10 * u)))
        parts = self._invite_lines(match)
        y = top
        clip = surface.get_clip()
        surface.set_clip(area)
        for text, size, colour, bold in parts:
            image = self.app.assets.text(text, max(9, int(size * u)), colour, bold=bold,
                                         wrap=info.width)
            if y + image.get_height() > bottom:
                break
            surface.blit(image, (info.x, y))
            y += image.get_height() + int(4 * u)
        surface.set_clip(clip)
        copy_y = self._copy_y()
        said = self.copy_note()
        if said:
            x = info.x + (info.width // 2 + int(8 * u) if clipboard.available() else 0)
            note = self.app.assets.text(said, max(9, int(14 * u)), (230, 214, 160),
                                        wrap=info.right - x)
            note_clip = pygame.Rect(x, copy_y, info.right - x, int(48 * u))
            surface.blit(note, note_clip.topleft, area=pygame.Rect((0, 0), note_clip.size))
        # the chat: its newest lines over the Chat button
        chat_top = copy_y + int(58 * u)
        title = self.app.assets.text(t("Chat"), max(9, int(16 * u)), theme.GOLD, bold=True)
        surface.blit(title, (info.x, chat_top))
        lines_area = pygame.Rect(info.x, chat_top + title.get_height() + int(4 * u),
                                 info.width, info.bottom - int(50 * u) - chat_top
                                 - title.get_height() - int(4 * u))
        if match.chat.visible():
            draw_chat_lines(self.app, surface, match.chat, lines_area, max(9, int(13 * u)))
        else:
            none = self.app.assets.text(t("No messages yet."), max(9, int(14 * u)),
                                        (200, 206, 214))
            surface.blit(none, lines_area.topleft)

    def _invite_lines(self, match: RemoteMatch) -> list[tuple[str, int, tuple[int, int, int],
                                                             bool]]:
        """(text, size in units, colour, bold) of the invite panel, most needed first."""
        light, pale = theme.WHITE, (200, 206, 214)
        out = [(t("Room code: {code}", code=match.room_code), 24, theme.GOLD, True)]
        aids = t("Hints: allowed") if match.room.get("aids") else t("Hints: only against the "
                                                                   "computer")
        out.append((aids, 15, light, False))
        invite = self.invite()
        if invite:
            out.append((t("Invite: {invite}", invite=invite), 16, light, True))
        if self.local is not None:
            if self.addresses:
                out.append((t("Addresses on this network: {addresses}",
                              addresses=", ".join(self.addresses)), 15, light, False))
            else:
                out.append((t("This computer is on no network: only people at this computer "
                              "can join."), 15, light, False))
            out.append((t("From outside your local network, friends need a server that can be "
                          "reached from the Internet (see the README)."), 14, pale, False))
        else:
            out.append((t("Server: {address}", address=self.url or ""), 15, light, False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self._notice is not None:  # over the buttons
            self._draw_notice(surface, self._notice)

    def _draw_notice(self, surface: pygame.Surface, text: str) -> None:
        """A refusal or news of the room, over the seats near the bottom (it may take two
        lines; the lines under the heading have no room for it beside six seats)."""
        u = theme.unit(surface)
        pad = max(4, int(10 * u))
        image = self.app.assets.text(text, max(9, int(16 * u)), theme.WHITE, bold=True,
                                     wrap=int(surface.get_width() * 0.8), align="center")
        rect = image.get_rect(midbottom=(surface.get_width() // 2,
                                         surface.get_height() - int(60 * u)))
        draw_panel(self.app, surface, rect.inflate(2 * pad, pad), colour=(120, 44, 40),
                   border=theme.GOLD, radius=max(4, int(10 * u)))
        surface.blit(image, rect)
