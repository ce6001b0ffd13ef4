"""``RemoteMatch``: an online game behind the same interface the tables use from ``Match``.

The server holds the game; this object holds what the local seats may see. It reads the
link's inbox once per frame (never blocking), keeps the room (seats, names, who is away),
the view of each local seat, and a history built from the server's ``state`` frames, and
hands each move's events to the table (``presenter.present``) one move at a time, when the
table's animations of the previous one are done: so a remote game animates exactly like a
local one. ``play(move)`` sends the notation with the ply it answers; the position changes
only when the server's frame comes back. Connection drops and returns, people away and
refused moves become ``notice``s, which every table already draws; the server's own
``notice`` frames (someone left, a vote, an offer to end) wait in ``notices`` for the table
(``online.presence`` says them), and ``presence(seat)`` reads the room. No pygame here.

A spectator's match (``watch``) holds the public view under the seat ``None``. Moves this
client missed (it joined late, lost the link or was restarted) come in one ``history``
frame and are presented at once without animation, so the table's log is whole. A
``rematch`` in the room starts the match afresh (``game_number``). Every presented frame of
the viewer is kept (``record``) so a finished game can be saved as this seat saw it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.client.i18n import t
from game.client.match.match import (
    FORCED_NOTICE,
    GAME_OVER_DELAY,
    HistoryEntry,
    Notice,
    Presence,
    SeatInfo,
    TableControls,
    new_ai_seed,
)
from game.client.match.types import Move
from game.client.online.chat import ChatRoom
from game.client.online.errors import link_error, server_error
from game.client.online.link import Link
from game.client.online.notation import move_from_notation
from game.client.online.presence import ended_result, seat_name, seat_presence
from game.client.online.public import PublicGame
from game.rules import Event, IllegalMove, Result, StateError, get_game

__all__ = ["RemoteMatch", "seat_name"]

log = logging.getLogger("herna.online")

NOTICE_SECONDS = 3.0
WAITING = 1e9  # a notice that stays until the situation changes


@dataclass
class RemoteMatch:
    link: Link
    tokens: dict[int, str] = field(default_factory=dict)   # local seat -> its secret token
    room_code: str = ""
    game_name: str = ""
    game: Any = None
    seats: list[SeatInfo] = field(default_factory=list)
    room: dict[str, Any] = field(default_factory=dict)     # the last "room" frame
    history: list[HistoryEntry] = field(default_factory=list)
    presenter: Any = None
    ai_pace: float = 0.6
    speed: float = 1.0
    screen_owner: int | None = None
    notice: Notice | None = None
    alert: Notice | None = None          # (local AI failures; the server's AI never alerts)
    finished: bool = False
    worker: Any = None
    worker_error: str | None = None
    on_change: list[Callable[[], None]] = field(default_factory=list)
    seed: int = 0
    rules_source: Any = None
    undo_allowed: bool = False          # the server keeps no undo: moves are final online
    review_offered: bool = False        # the review needs every move's full position
    # the hint's search seed: from the OS, as a local match's (the deal's seed stays secret)
    ai_seed: int = field(default_factory=lambda: new_ai_seed())
    hints_used: dict[int, int] = field(default_factory=dict)
    connected: bool = False
    drops: int = 0                      # times the connection was lost, and came back
    returns: int = 0
    local_server: Any = None            # a LocalServer this match hosts, stopped on close
    error: str | None = None            # the last refusal in words, for lobby screens
    error_code: str | None = None       # ... and the server's code for it
    ever_connected: bool = False        # a first connection that fails is said differently
    spectating: bool = False            # watching the public view, no seat
    hold_for_table: bool = False        # moves wait until a table presents them (lobby)
    game_number: int = 1                # which game of the room (rematches count up)
    url: str = ""
    on_tokens: list[Callable[[RemoteMatch], None]] = field(default_factory=list)
    on_finished: list[Callable[[RemoteMatch], None]] = field(default_factory=list)
    record: list[dict[str, Any]] = field(default_factory=list)  # the viewer's frames
    record_start: dict[str, Any] | None = None                   # its first view
    notices: list[dict[str, Any]] = field(default_factory=list)  # "notice" frames not shown
    room_age: float = 0.0               # seconds since the last room frame (countdowns)
    outdated: str | None = None         # the server and this Herna speak different versions
    controls: TableControls | None = None    # the table's online controls (online.tables)
    # what the shared results screen asks of an online table (set by online.play):
    rematch_in_room: Callable[[Any, Any], None] | None = None    # (app, table)
    replay_scene: Callable[[Any], Any] | None = None             # (app) -> a replay scene
    chat: ChatRoom = field(default_factory=ChatRoom)              # the room's messages
    on_table: list[Callable[[Any], None]] = field(default_factory=list)  # (table): extras
    _views: dict[int | None, Any] = field(default_factory=dict)
    _ply: int = 0
    _status: str = "lobby"
    _to_move: int | None = None
    _queue: list[dict[int | None, dict[str, Any]]] = field(default_factory=list)
    _pending: bool = False              # a move is on its way to the server
    _forced_for: int | None = None
    _over_timer: float = 0.0
    _lost: bool = False
    _ended: Result | None = None        # a game its people ended (abandoned, agreed, …)

    # --- starting -------------------------------------------------------------------------
    @classmethod
    def host(cls, link: Link, game_name: str, seats: int, name: str,
             rules: dict[str, Any] | None = None, aids: bool = False) -> RemoteMatch:
        match = cls(link, game_name=game_name)
        link.send({"type": "create", "game": game_name, "seats": seats, "name": name,
                   "rules": rules or None, "aids": aids, "id": "create"})
        return match

    @classmethod
    def join(cls, link: Link, code: str, name: str) -> RemoteMatch:
        match = cls(link, room_code=code)
        link.send({"type": "join", "room": code, "name": name, "id": "join"})
        return match

    @classmethod
    def resume(cls, link: Link, code: str, tokens: dict[int, str]) -> RemoteMatch:
        """Seats this client held before (a restart): every move comes back (``since`` 0)."""
        match = cls(link, tokens=dict(tokens), room_code=code)
        match._send_resume()
        return match

    @classmethod
    def watch(cls, link: Link, code: str) -> RemoteMatch:
        """A spectator: the public view from the first move on."""
        match = cls(link, room_code=code, spectating=True)
        match._send_watch()
        return match

    def add_local_seat(self, name: str) -> None:
        """Another person at this computer takes a seat too (hot seat within online play)."""
        self.link.send({"type": "join", "room": self.room_code, "name": name, "id": "join"})

    # --- lobby actions (host) ---------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        return self.room.get("host") in self.tokens

    def set_seat(self, seat: int, kind: str, level: str = "easy") -> None:
        self.link.send({"type": "set_seat", "seat": seat, "kind": kind, "level": level})

    def set_rules(self, rules: dict[str, Any]) -> None:
        self.link.send({"type": "set_rules", "rules": rules})

    def start(self) -> None:
        self.link.send({"type": "start"})

    def engine_for(self, game_name: str, rules: Any) -> Any:
        """The rules engine; a spectator's shows stand-ins as the public view they are."""
        game = get_game(game_name, rules)
        return PublicGame(game) if self.spectating else game

    def load_view(self, view: dict[str, Any]) -> Any:
        """A view from the server as an engine state (raises ``StateError``)."""
        if isinstance(self.game, PublicGame):
            return self.game.load(view)
        return self.game.from_dict(view)

    def ask_rematch(self) -> None:
        """Once the game is over: the host's starts the room's next game, a guest's is a
        wish everyone sees."""
        if not self.spectating:  # a spectator just waits for the room's next game
            self.link.send({"type": "rematch", "game_number": self.game_number,
                            "id": "rematch"})

    @property
    def status(self) -> str:
        return self._status

    @property
    def started(self) -> bool:
        """The game has begun and this client has its first view: tables can be built."""
        return self._status != "lobby" and bool(self._views) and self.game is not None

    # --- who sees what (as Match) -------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return sorted(self.tokens)

    @property
    def eyes(self) -> list[int | None]:
        """Whose frames this client takes: its seats, or the public view of a spectator."""
        return [None] if self.spectating else list(self.humans)

    @property
    def hot_seat(self) -> bool:
        return len(self.tokens) >= 2

    @property
    def viewer(self) -> int | None:
        if self.spectating:
            return None
        local = self.humans
        if len(local) == 1:
            return local[0]
        return self.screen_owner

    @property
    def state(self) -> Any:
        viewer = self.viewer
        if viewer is None and not self.spectating:
            viewer = self.humans[0] if self.humans else None
        return self._views.get(viewer)

    def visible_state(self) -> Any:
        if self.viewer is None and not self.spectating:
            raise RuntimeError("no one owns the screen yet")
        return self._views[self.viewer]

    @property
    def to_move(self) -> int | None:
        return self._to_move if self._status == "playing" else None

    @property
    def over(self) -> bool:
        return self._status == "over"

    def view_events(self, events: list[Event]) -> list[Event]:
        """The server already sent the viewer's own view of the events."""
        return list(events)

    @property
    def hint_seed(self) -> int:
        return self.ai_seed ^ 0x5EED

    @property
    def hints_offered(self) -> bool:
        """Between people only when the host allowed aids for the room; one person among
        computer seats is offered hints as in a local game against the computer."""
        if self.spectating:
            return False
        people = sum(1 for entry in self.room.get("seats", []) if entry["kind"] == "person")
        return people <= 1 or bool(self.room.get("aids"))

    def presence(self, seat: int) -> Presence | None:
        return seat_presence(self.room, seat, self.room_age, seat in self.tokens)

    def legal_moves(self) -> list[Any]:
        seat = self.to_move
        if seat is None or seat not in self._views or self.over:
            return []
        moves: list[Any] = self.game.legal_moves(self._views[seat])
        return moves

    @property
    def needs_handoff(self) -> bool:
        seat = self.to_move
        if seat is None or seat not in self.tokens or not self.hot_seat:
            return False
        return self.screen_owner != seat and not self._presenter_busy() and not self._queue

    def confirm_handoff(self) -> None:
        seat = self.to_move
        if seat in self.tokens:
            self.screen_owner = seat

    def screen_owner_ok(self, seat: int) -> bool:
        return not self.hot_seat or self.screen_owner == seat

    @property
    def waiting_for_human(self) -> bool:
        seat = self.to_move
        return (seat is not None and seat in self.tokens and self.connected
                and not self._pending and not self._queue and not self.needs_handoff
                and self.screen_owner_ok(seat) and self._forced_for is None
                and not self._presenter_busy())

    @property
    def thinking(self) -> int | None:
        seat = self.to_move
        if seat is not None and seat < len(self.seats) and self.seats[seat].is_ai:
            return seat
        return None

    def _presenter_busy(self) -> bool:
        return self.presenter is not None and self.presenter.busy

    # --- moves ------------------------------------------------------------------------------
    def play(self, move: Any) -> list[Event]:
        """Send ``move`` for the local seat to move; the server's answer applies it."""
        seat = self.to_move
        if seat is None or seat not in self.tokens:
            raise RuntimeError("it is not a local seat's turn")
        if move not in self.legal_moves():  # said at once, as a local match would
            raise IllegalMove(f"{self.game.format_move(move)!r} is not a legal move here")
        self.link.send({"type": "move", "move": self.game.format_move(move), "ply": self._ply,
                        "as": seat})
        self._pending = True
        if self._forced_for is not None:  # the announced forced move is now played
            self.notice = None
        self._forced_for = None
        return []

    def play_text(self, text: str) -> list[Event]:
        seat = self.to_move
        if seat is None or seat not in self._views:
            raise RuntimeError("it is not a local seat's turn")
        return self.play(self.game.parse_move(self._views[seat], text))

    def rewind(self, ply: int) -> list[HistoryEntry]:
        return []  # moves are final online (``undo_allowed`` is False)

    def settle(self) -> None:
        """Nothing to settle: the server paces nothing, the table animates as it comes."""

    @property
    def forced_pending(self) -> bool:
        return self._forced_for is not None

    def words_for(self, move: Move | None) -> str:
        """How a move reads to people: the table's words (notation without a table)."""
        if move is None:  # a move this seat may not read (a secret choice)
            return t("a secret choice")
        if self.presenter is not None:
            return str(self.presenter.move_words(move))
        return str(self.game.format_move(move))

    # --- the per-frame step -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.room_age += dt
        if self.notice is not None:
            self.notice.remaining -= dt
            if self.notice.remaining <= 0 and self._forced_for is None:
                self.notice = None
        for frame in self.link.poll():
            self._receive(frame)
        while self._queue and not self._presenter_busy():
            if self.presenter is None and self.hold_for_table and self._views:
                break  # the table about to be built presents them (its log starts whole)
            self._present(self._queue.pop(0))
        if self.over:
            if not self._queue and not self._presenter_busy():
                self._over_timer += dt
                pause = GAME_OVER_DELAY * max(0.25, min(1.0, self.speed))
                if self._over_timer >= pause and not self.finished:
                    self.finished = True
                    for callback in list(self.on_finished):
                        callback(self)
            return
        self._forced_move()
        self._waiting_notice()

    def _forced_move(self) -> None:
        """A person's only legal move is played after a visible notice (as locally)."""
        seat = self.to_move
        if seat is None or seat not in self.tokens or self._pending or self._queue or \
                self._presenter_busy() or not self.connected or self.needs_handoff or \
                not self.screen_owner_ok(seat):
            return
        if self._forced_for is None:
            if self.notice is not None and self.notice.remaining < WAITING:
                return  # "connection is back" or a refusal stays readable first
            moves = self.legal_moves()
            if len(moves) == 1:
                self._forced_for = seat
                text = self.words_for(moves[0])
                self.notice = Notice(t("Only one move possible: {move}", move=text),
                                     FORCED_NOTICE * max(0.3, self.speed))
            return
        if self.notice is None or self.notice.remaining <= 0:
            moves = self.legal_moves()
            self._forced_for = None
            if len(moves) == 1:
                self.play(moves[0])

    def _waiting_notice(self) -> None:
        """"Waiting for NAME" while an away person is to move."""
        seat = self.to_move
        if self._lost or seat is None or seat >= len(self.room.get("seats", [])):
            return
        info = self.room["seats"][seat]
        away = info["kind"] == "person" and not info["connected"]
        text = t("Waiting for {name}…", name=seat_name(info))
        if away and (self.notice is None or self.notice.text != text):
            if self._forced_for is None:
                self.notice = Notice(text, WAITING)
        elif not away and self.notice is not None and self.notice.text == text:
            self.notice = None

    # --- frames from the server ---------------------------------------------------------------
    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "link":
            self._on_link(frame)
        elif kind == "joined":
            self.room_code = frame["room"]
            if "token" in frame:
                self.tokens[frame["seat"]] = frame["token"]
                for callback in list(self.on_tokens):
                    callback(self)
            elif frame["seat"] not in self.tokens:
                return
        elif kind == "room":
            self._on_room(frame)
        elif kind == "state":
            self._on_state(frame)
        elif kind == "history":
            self._on_history(frame)
        elif kind == "chat":
            self.chat.receive(frame, self.game_number, set(self.tokens))
        elif kind == "notice":
            self.notices.append(frame)   # said by the table (online.presence)
        elif kind == "error":
            self._pending = False
            self.error_code = str(frame.get("code") or "")
            self.error = server_error(frame)
            log.warning("the server refused a request: %s: %s", self.error_code,
                        frame.get("message", ""))
            self.notice = Notice(self.error, NOTICE_SECONDS)
            if self.error_code == "version":  # which side to update: said until Back
                self.outdated = self.error
                self.alert = Notice(self.error, WAITING)

    def _on_link(self, frame: dict[str, Any]) -> None:
        if frame["state"] == "down":
            self.connected = False
            self._pending = False
            if not self.ever_connected:  # never reached: say why, and that it keeps trying
                self.error = link_error(frame.get("reason"))
                self.notice = Notice(t("Cannot connect to the server. {reason} Trying "
                                       "again…", reason=self.error), WAITING)
                return
            if not self._lost:
                self._lost = True
                self.drops += 1
                self.notice = Notice(t("Connection lost — reconnecting…"), WAITING)
            return
        self.connected = True
        if not self.ever_connected:
            self.ever_connected = True
            self.error = None
            self.notice = None
        if self._lost:
            self._lost = False
            self.returns += 1
            self.notice = Notice(t("Connection is back"), NOTICE_SECONDS / 2)
            self._send_resume()

    def _known_ply(self) -> int:
        """The newest ply this client has (presented or waiting to be)."""
        if self._queue:
            return max(self._ply, int(next(iter(self._queue[-1].values()))["ply"]))
        return self._ply

    def _send_resume(self) -> None:
        if self.spectating:
            self._send_watch()
            return
        for seat, token in sorted(self.tokens.items()):
            self.link.send({"type": "resume", "room": self.room_code, "token": token,
                            "seat": seat, "since": self._known_ply(),
                            "game_number": self.game_number})

    def _send_watch(self) -> None:
        self.link.send({"type": "watch", "room": self.room_code, "since": self._known_ply(),
                        "game_number": self.game_number, "id": "watch"})

    def _on_room(self, frame: dict[str, Any]) -> None:
        number = int(frame.get("game_number", 1))
        if number > self.game_number:
            self._new_game(number)
        self.room = frame
        self.room_age = 0.0
        self.room_code = frame["room"]
        self._status = frame["status"]
        changed = self.game is None or self.game.rules != frame["rules"] or \
            self.game_name != frame["game"]
        if changed and (self._status == "lobby" or self.game is None):
            self.game_name = frame["game"]
            self.game = self.engine_for(self.game_name, frame["rules"])
            self.rules_source = dict(frame["rules"])
        seats = []
        for entry in frame["seats"]:
            kind = "ai" if entry["kind"] == "computer" else "human"
            seats.append(SeatInfo(kind, entry.get("level", "easy"), seat_name(entry)))
        self.seats = seats
        for seat in list(self.tokens):  # a seat a computer took over is no longer ours
            if frame["seats"][seat]["kind"] != "person":
                del self.tokens[seat]

    def _new_game(self, number: int) -> None:
        """The room plays again (a rematch): everything of the last game is let go."""
        self.game_number = number
        self.history = []
        self._views = {}
        self._queue = []
        self._ply = 0
        self._to_move = None
        self._pending = False
        self._forced_for = None
        self._over_timer = 0.0
        self.finished = False
        self.notice = None
        self.record = []
        self.record_start = None
        self._ended = None

    def _takes(self, frame: dict[str, Any]) -> bool:
        seat = frame.get("seat")
        return self.game is not None and seat in self.eyes and \
            int(frame.get("game_number", 1)) == self.game_number

    def _on_state(self, frame: dict[str, Any]) -> None:
        if self._takes(frame):
            self._enqueue(frame["seat"], frame)

    def _enqueue(self, seat: int | None, frame: dict[str, Any]) -> None:
        """One ply's frames travel together (one per local seat), in ply order."""
        ply = frame["ply"]
        for index, item in enumerate(self._queue):
            queued = next(iter(item.values()))["ply"]
            if queued == ply:
                item.setdefault(seat, frame)  # a ply already here (live and history) once
                return
            if queued > ply:
                self._queue.insert(index, {seat: frame})
                return
        self._queue.append({seat: frame})

    def _on_history(self, frame: dict[str, Any]) -> None:
        """Missed moves: the view they start from (if this client has none yet) and each
        ply, to be presented at once."""
        seat = frame.get("seat")
        if not self._takes(frame):
            return
        if seat not in self._views and frame.get("view") is not None:
            try:
                self._views[seat] = self.load_view(frame["view"])
            except StateError as error:
                self._unreadable(error)
                return
            self._ply = int(frame["since"])
            self._status = "playing"
            if seat == self._recorded_eyes():
                self.record_start = frame["view"]
        for ply_frame in frame.get("plies", []):
            if ply_frame["ply"] > self._ply:
                self._enqueue(seat, dict(ply_frame, missed=True))

    def _unreadable(self, error: StateError) -> None:
        log.warning("a frame from the server cannot be read: %s", error)
        self.notice = Notice(t("The server sent a position this Herna cannot read. Make sure "
                               "Herna and the server are the same version."), NOTICE_SECONDS)

    def _recorded_eyes(self) -> int | None:
        """The seat whose frames ``record`` keeps: the spectator's public view, or the
        first local seat (two people at one computer share one saved game, the first's)."""
        eyes = self.eyes
        return eyes[0] if eyes else None

    def _present(self, frames: dict[Any, dict[str, Any]]) -> None:
        """Apply one ply's frames (one per local seat) and animate the viewer's; missed
        ones (from ``history``) are shown at once, with no animation and no sound."""
        any_frame = next(iter(frames.values()))
        if any_frame.get("missed") and self.presenter is not None:
            self._instantly(lambda: self._apply_frames(frames))
        else:
            self._apply_frames(frames)

    def _instantly(self, show: Callable[[], None]) -> None:
        table = self.presenter
        animator = getattr(table, "animator", None)
        audio = getattr(getattr(table, "app", None), "audio", None)
        speed = animator.speed if animator is not None else 0.0
        muted = audio.mute if audio is not None else False
        try:
            if animator is not None:
                animator.speed = 0.0
            if audio is not None:
                audio.mute = True
            show()
        finally:
            if animator is not None:
                animator.clear()
                animator.speed = speed
            if audio is not None:
                audio.mute = muted

    def _apply_frames(self, frames: dict[Any, dict[str, Any]]) -> None:
        any_frame = next(iter(frames.values()))
        viewer = self.viewer if self.viewer in frames else next(iter(frames))
        before = self._views.get(viewer)
        try:  # the engine's own typed events, as a local match hands them to the table
            events = self.game.events_from_dicts(frames[viewer].get("events") or [])
        except StateError as error:  # a server of another version: say it, keep going
            self._unreadable(error)
            return
        recorded = self._recorded_eyes()
        if recorded in frames:
            kept = {k: v for k, v in frames[recorded].items() if k != "missed"}
            if kept["last"] is None:
                if not self.record and self.record_start is None:
                    self.record_start = kept["view"]
            elif not self.record or self.record[-1]["ply"] < kept["ply"]:
                self.record.append(kept)
        for seat, frame in frames.items():
            try:
                self._views[seat] = self.load_view(frame["view"])
            except StateError as error:  # a server of another version: say it, keep going
                self._unreadable(error)
                return
        self._ply = any_frame["ply"]
        self._status = any_frame["status"]
        self._ended = ended_result(any_frame)
        self._to_move = any_frame["to_move"]
        self._pending = False
        self._forced_for = None
        last = any_frame.get("last")
        shown = frames[viewer]
        if last is None:  # a snapshot (start, resume): no move to animate
            while len(self.history) < self._ply:  # moves missed while away
                self.history.append(HistoryEntry(seat=-1, move=None, events=[],
                                                 state_before=before, notation=""))
            if self.presenter is not None:
                self.presenter.refresh_view()
            return
        notation = shown["last"]["move"]
        move = move_from_notation(self.game, before, notation) if before is not None else None
        if not notation:  # withheld (a secret choice): only its kind
            notation = events[0].type if events else ""
        self.history.append(HistoryEntry(seat=last["seat"], move=move, events=events,
                                         state_before=before, notation=notation or ""))
        if self.presenter is not None:
            self.presenter.present(last["seat"], move, events)
        for callback in self.on_change:
            callback()

    # --- results ------------------------------------------------------------------------------
    def result(self) -> Any:
        """The rules' result, or how its people ended the game (nobody lost an abandoned
        one)."""
        return self._ended if self._ended is not None else self.game.result(self.state)

    def rematch_seats(self) -> list[SeatInfo]:
        """A rematch is played locally: the people who were far away become computers."""
        return [s if i in self.tokens or s.is_ai else SeatInfo("ai", "normal", s.name)
                for i, s in enumerate(self.seats)]

    def close(self, linger: float = 0.0) -> None:
        """Let the link go (``linger``: the last requests sent first, see ``Link.close``)."""
        self.link.close(linger)
        if self.local_server is not None:
            self.local_server.stop()
            self.local_server = None
