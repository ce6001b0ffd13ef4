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
from game.client.online.errors import LINK_ERRORS, hosting_error
from game.client.online.hosting import LocalServer, Remembered, local_address
from game.client.online.link import Link, normalise_url
from game.client.online.play import open_table
from game.client.online.remote import RemoteMatch, seat_name
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.scenes.message import MessageScene
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


def _rules_choice(option: object) -> str:
    """"House rules: mine" or "House rules: none" (the original rules)."""
    return pt("house rules", "mine") if option == "mine" else pt("house rules", "none")


class TextField(Widget):
    """One line of typed text (name, address, room code) with a label."""

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
        value = self.app.assets.text(self.get() + caret, size, (120, 60, 20), bold=True)
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
            if event.key == pygame.K_BACKSPACE:
                field.erase()
                return
            if event.key == pygame.K_SPACE:
                return  # a space is typed (TEXTINPUT), it activates nothing
        super().handle_event(event)


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
        self.message = ""
        u = theme.unit(self.size)
        w = int(560 * u)
        h = int(50 * u)
        x = self.size[0] // 2 - w // 2
        y = int(130 * u)
        gap = int(12 * u)
        m = self.memory
        rows: list[Widget] = [
            TextField(self.app, pygame.Rect(x, y, w, h), lambda: t("Your name"),
                      lambda: m.name, lambda v: setattr(m, "name", v), 24, name="name"),
            TextField(self.app, pygame.Rect(x, y + (h + gap), w, h),
                      lambda: t("Server address"), lambda: m.address,
                      lambda v: setattr(m, "address", v), 80, name="address"),
            TextField(self.app, pygame.Rect(x, y + 2 * (h + gap), w, h),
                      lambda: t("Room code"), lambda: m.code,
                      lambda v: setattr(m, "code", v.upper()), 12, name="code"),
            Choice(self.app, pygame.Rect(x, y + 3 * (h + gap), w, h), lambda: t("Game"),
                   GAME_NAMES, lambda: m.game, self._set_game,
                   lambda g: game_title(g), name="game"),
            Choice(self.app, pygame.Rect(x, y + 4 * (h + gap), w, h),
                   lambda: t("Players"), self._seat_counts(), lambda: m.seats,
                   lambda v: setattr(m, "seats", int(str(v))), str, name="seats"),
        ]
        by = y + 5 * (h + gap) + int(14 * u)
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
        self.seat_choice = rows[4]

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
                                       shown_address=local_address()))

    def _host_factory(self) -> Callable[[str], RemoteMatch]:
        """The room starts with the player's own house rules, as local games do."""
        game, seats, name = self.memory.game, self.memory.seats, self._name()
        rules = overrides_for(game)
        return lambda url: self._kept(RemoteMatch.host(Link(url), game, seats, name, rules),
                                      url)

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
        try:
            return normalise_url(self.memory.address)
        except ValueError:
            self.message = t(LINK_ERRORS["bad_address"])
            return None

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
                 factory: Callable[[str], RemoteMatch], shown_address: str = "") -> None:
        self.url = url
        self.local = local
        self.factory = factory
        self.match: RemoteMatch | None = None
        self.shown_address = shown_address
        self._seat_rows = -1
        self._notice: str | None = None
        super().__init__(app)

    @property
    def animating(self) -> bool:
        """The room changes with what the server says, not with input: drawn every frame."""
        return True

    def build(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        u = theme.unit(self.size)
        w, h, gap = int(520 * u), int(46 * u), int(10 * u)
        x = self.size[0] // 2 - w // 2
        y = int(170 * u)
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
        by = y + max(2, len(seats)) * (h + gap) + int(10 * u)
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
        widgets.append(Button(self.app, pygame.Rect(self.size[0] // 2 - bw // 2,
                                                    by + h + gap, bw, h),
                              lambda: t("Back"), self.back, name="back"))
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
                self.shown_address = f"{self.shown_address}:{self.local.port}"
            assert self.url is not None
            self.match = self.factory(self.url)
            self.match.local_server = self.local
            self.match.hold_for_table = True  # missed moves wait for the table's log
            self._rebuild()
            return
        self.match.update(dt)
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
            self.match.close()
            self.match = None
        elif self.local is not None:
            self.local.stop()
        self.app.stack.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        match = self.match
        code = match.room_code if match is not None and match.room_code else "…"
        draw_heading(self.app, surface, t("Room {code}", code=code), int(40 * u))
        lines = []
        notice = match.notice.text if match is not None and match.notice is not None else None
        if match is not None and not match.room and match.error:
            # refused or unreachable: said until Back (with "trying again" while it does)
            lines.append(notice if notice and match.error in notice else match.error)
        elif match is None or not match.room:
            lines.append(t("Connecting to "
                           "{address}…", address=self.url or self.shown_address or "…"))
        else:
            hint = t("You are watching") if match.spectating else t("Tell your friends the "
                                                                    "address and the room code.")
            lines.append(f"{game_title(match.game_name)} · {hint}")
            if self.shown_address:
                lines.append(t("Address on this network: {address}", address=self.shown_address))
        y = int(100 * u)
        for line in lines:
            image = self.app.assets.text(line, int(17 * u), theme.WHITE,
                                         wrap=int(surface.get_width() * 0.86), align="center")
            surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, y)))
            y += image.get_height() + int(4 * u)
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
        self._notice = None if notice is None or any(notice in line or line in notice
                                                     for line in lines) else notice

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
