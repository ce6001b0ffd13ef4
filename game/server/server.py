"""The authoritative game server: asyncio + the ``websockets`` library.

One process holds many rooms. Every connection gets an outbox queue drained by its own
writer task, so a slow reader never holds up a room and frames reach each client in order.
Room changes happen under the room's lock: apply, write the room file, then queue the
frames, so a client never sees a move the data folder does not have; a change that cannot
be written is undone and refused. AI seats think in a worker pool; their answer is applied
through the same path as a person's move.

Sockets are counted per address from the moment they are accepted (``Socket``), so
connections that never finish their handshake count too; requests that are costly to serve
(catch-ups, new rule sets) draw on a per-address budget besides the message rate.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game import __version__
from game.rules import GAME_NAMES
from game.server.frames import history_frame, room_frame, state_frame
from game.server.protocol import (
    PROTOCOL_VERSION,
    QUICK_PHRASES,
    SUPPORTED_VERSIONS,
    Limits,
    ProtocolError,
    decode,
    encode,
    get_field,
    state_strings,
)
from game.server.room import (
    LOBBY,
    OVER,
    PLAYING,
    Applied,
    Engines,
    Room,
    clean_name,
    normalise_code,
)
from game.server.store import Store
from game.server.thinking import Thinker, fallback_move

log = logging.getLogger("herna.server")

SERVER_NAME = "herna"
FINISHED_KEEP = 30 * 60        # seconds a finished room stays (results, rematch talk)
LOBBY_KEEP = 6 * 3600          # an abandoned lobby
PLAYING_KEEP = 7 * 24 * 3600   # an abandoned game
STORE_RETRY = 5.0              # seconds before a computer's unstored move is tried again
HISTORY_CACHE = 8              # catch-up frames a room keeps, newest first
ID_CHARS = 64                  # a request id longer than this is not echoed

Clock = Callable[[], float]


class Bucket:
    """Token bucket: ``rate`` messages a second on average, bursts up to ``size``."""

    def __init__(self, rate: float, size: int, clock: Clock = time.monotonic) -> None:
        self.rate, self.size = rate, float(size)
        self.tokens = float(size)
        self.clock = clock
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.size, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(eq=False)
class Client:
    ws: ServerConnection
    address: str
    outbox: asyncio.Queue[str | None]
    bucket: Bucket
    room: str | None = None
    seats: set[int] = field(default_factory=set)
    watching: bool = False
    dropped: int = 0
    closing: bool = False
    chat: Bucket | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a reader this far behind is gone in all but name
            log.info("closing a slow connection from %s", self.address)
            self.closing = True
            self.outbox = asyncio.Queue(maxsize=1)
            self.outbox.put_nowait(None)
            asyncio.get_running_loop().create_task(self.ws.close(1008, "too slow"))


@dataclass(eq=False)
class LiveRoom:
    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    stored: dict[str, Any] | None = None   # the record last written: what a restart sees
    problem: str | None = None             # why the last write failed (None: all stored)
    # catch-up frames already built: (seat, since, ply, game number) -> frame text
    history: OrderedDict[tuple[int | None, int, int, int], str] = \
        field(default_factory=OrderedDict)


class Server:
    def __init__(self, data_dir: Path | None = None, limits: Limits | None = None,
                 thinker: Thinker | None = None, ai_pace: float = 0.0,
                 durable: bool = True, clock: Clock = time.monotonic,
                 trusted_proxies: frozenset[str] = frozenset()) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        # connections from these addresses carry the player's address in X-Forwarded-For
        self.trusted_proxies = trusted_proxies
        self.sockets: Counter[str] = Counter()      # accepted sockets per address
        self.handshaking: Counter[str] = Counter()  # of those, still in the handshake
        self.barred: dict[str, float] = {}          # address -> when it may come back
        self.costly: dict[str, Bucket] = {}         # per address
        self.store = Store(data_dir, durable=durable)
        self.thinker = thinker or Thinker()
        self.ai_pace = ai_pace
        self.rooms: dict[str, LiveRoom] = {}
        self.engines = Engines()
        self.moves_applied = 0
        self._server: Any = None
        self._janitor: asyncio.Task[None] | None = None
        self.port = 0

    # --- life cycle -------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> None:
        for room in self.store.load_all(self.engines):
            self.rooms[room.code] = LiveRoom(room, stored=room.to_record())
            now = time.time()
            for seat in room.seats:  # everyone is away until they reconnect
                if seat.kind == "person":
                    seat.away_since = now
        self._server = await serve(self._handle, host, port,
                                   max_size=self.limits.hard_frame_bytes, max_queue=32,
                                   ping_interval=20, ping_timeout=20,
                                   open_timeout=self.limits.handshake_seconds,
                                   process_request=self._http,
                                   create_connection=self._socket_class(),
                                   server_header=f"{SERVER_NAME}/{PROTOCOL_VERSION}")
        self.port = self._server.sockets[0].getsockname()[1]
        for live in self.rooms.values():
            self._schedule_ai(live)
        self._janitor = asyncio.get_running_loop().create_task(self._sweep())
        log.info("serving %d rooms on %s:%d", len(self.rooms), host, self.port)

    async def close(self) -> None:
        if self._janitor is not None:
            self._janitor.cancel()
        for live in self.rooms.values():
            if live.ai_task is not None:
                live.ai_task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.thinker.close()

    # --- sockets, before and after the handshake ---------------------------------------------
    def _socket_class(self) -> type[ServerConnection]:
        server = self

        class Socket(ServerConnection):
            """Counts itself for its address from the TCP accept to the close, so that
            handshakes begun and never finished count against the address's limits."""

            address = "?"
            handshaking = True

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                self.address = str(peer[0]) if peer else "?"
                if self.address in server.trusted_proxies:
                    self.address = ""  # counted by the player's address after the request
                    self.handshaking = False
                elif not server._admit(self.address):
                    self.handshaking = False  # never counted
                    self.address = ""
                    if isinstance(transport, asyncio.Transport):
                        transport.abort()
                    else:
                        transport.close()

            def connection_lost(self, exc: Exception | None) -> None:
                super().connection_lost(exc)
                if self.address:
                    server._release(self.address, self.handshaking)
                    self.address = ""

        return Socket

    def _admit(self, address: str) -> bool:
        """Whether a new socket from ``address`` may begin; counted when it may."""
        if self.barred.get(address, 0.0) > self.clock():
            return False
        self.barred.pop(address, None)
        if self.sockets[address] >= self.limits.connections_per_address or \
                self.handshaking[address] >= self.limits.handshakes_per_address:
            return False
        self.sockets[address] += 1
        self.handshaking[address] += 1
        return True

    def _release(self, address: str, handshaking: bool) -> None:
        for counter, counted in ((self.sockets, True), (self.handshaking, handshaking)):
            if counted:
                counter[address] -= 1
                if counter[address] <= 0:
                    del counter[address]

    def _http(self, ws: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP on the WebSocket's port: ``GET /health`` for a service manager or a
        proxy (503 while some room's changes cannot be stored); the rest upgrades."""
        if request.path.split("?", 1)[0] != "/health":
            return None
        unstored = sorted(code for code, live in self.rooms.items() if live.problem)
        body = encode({"status": "degraded" if unstored else "ok",
                       "protocol": PROTOCOL_VERSION, "rooms": len(self.rooms),
                       "connections": sum(self.sockets.values()),
                       "unstored_rooms": unstored,
                       "problems": sorted({self.rooms[c].problem or "" for c in unstored})})
        status = HTTPStatus.SERVICE_UNAVAILABLE if unstored else HTTPStatus.OK
        headers = Headers([("Content-Type", "application/json"),
                           ("Content-Length", str(len(body.encode("utf-8")))),
                           ("Cache-Control", "no-store")])
        return Response(status.value, status.phrase, headers, body.encode("utf-8"))

    # --- one connection ---------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = getattr(ws, "address", "")
        forwarded = not address
        if forwarded:  # through a trusted proxy: the address it forwards is the player's
            address = _forwarded_address(ws)
            if not self._admit(address):
                await ws.close(1008, "too many connections from this address")
                return
        self._handshake_done(address)
        ws.handshaking = False  # type: ignore[attr-defined]
        try:
            await self._serve_connection(ws, address)
        finally:
            if forwarded:
                self._release(address, False)

    def _handshake_done(self, address: str) -> None:
        self.handshaking[address] -= 1
        if self.handshaking[address] <= 0:
            del self.handshaking[address]

    async def _serve_connection(self, ws: ServerConnection, address: str) -> None:
        client = Client(ws, address, asyncio.Queue(maxsize=self.limits.outbox),
                        Bucket(self.limits.messages_per_second, self.limits.burst, self.clock))
        writer = asyncio.get_running_loop().create_task(self._writer(client))
        client.send(self._welcome(None))
        try:
            async for frame in ws:
                await self._receive(client, frame)
        except ConnectionClosed:
            pass
        finally:
            await self._detach(client)
            with contextlib.suppress(asyncio.QueueFull):
                client.outbox.put_nowait(None)
            writer.cancel()

    async def _writer(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while True:
                text = await client.outbox.get()
                if text is None:
                    return
                await client.ws.send(text)

    async def _receive(self, client: Client, frame: str | bytes) -> None:
        if client.closing:
            return  # frames still queued behind a close are read only to free the queue
        if not client.bucket.take():
            client.dropped += 1
            if client.dropped >= self.limits.abuse_drops:
                # not awaited here: the close handshake needs this loop to keep reading
                client.closing = True
                self.barred[client.address] = self.clock() + self.limits.flood_cooldown
                log.warning("closing a flooding connection from %s; the address waits %d s",
                            client.address, self.limits.flood_cooldown)
                asyncio.get_running_loop().create_task(
                    client.ws.close(1008, "message rate limit"))
            elif client.dropped % 20 == 1:  # say it, without answering every flood frame
                client.send(error_frame("rate_limited", "too many messages; slow down",
                                        _peek_id(frame, self.limits)))
            return
        message_id: Any = None
        try:
            message = decode(frame, self.limits)
            message_id = _clean_id(message.get("id"))
            await self._dispatch(client, message, message_id)
        except ProtocolError as error:
            client.send(error_frame(error.code, error.message, message_id))
        except Exception:  # noqa: BLE001 - a bug in one request must not end the server
            log.exception("request from %s failed", client.address)
            client.send(error_frame("internal", "the server failed on this request",
                                    message_id))

    # --- requests ---------------------------------------------------------------------------
    async def _dispatch(self, client: Client, message: dict[str, Any], mid: Any) -> None:
        kind = message["type"]
        if kind == "ping":
            client.send(reply("pong", mid))
            return
        if kind == "hello":
            version = get_field(message, "protocol", int)
            if version not in SUPPORTED_VERSIONS:
                newer = "client" if version > PROTOCOL_VERSION else "server"
                log.info("a client from %s speaks protocol %s (Herna %s); this server "
                         "speaks %s", client.address, version,
                         str(message.get("version", "?"))[:20], PROTOCOL_VERSION)
                client.send(reply("error", mid, code="version", newer=newer,
                                  protocol=PROTOCOL_VERSION,
                                  supported=sorted(SUPPORTED_VERSIONS), version=__version__,
                                  message=f"this server (Herna {__version__}) speaks "
                                          f"protocol {min(SUPPORTED_VERSIONS)} to "
                                          f"{PROTOCOL_VERSION}, not {version}; update the "
                                          f"{'server' if newer == 'client' else 'client'}"))
                return
            client.send(self._welcome(mid))
            return
        if kind == "create":
            await self._create(client, message, mid)
            return
        live = self._room_of(client, message)
        async with live.lock:
            await self._in_room(kind, client, live, message, mid)

    async def _in_room(self, kind: str, client: Client, live: LiveRoom,
                       message: dict[str, Any], mid: Any) -> None:
        room = live.room
        if kind == "join":
            name = clean_name(message.get("name"), self.limits.name_chars)
            wanted = get_field(message, "seat", int, None)
            if client.room not in (None, room.code):
                raise ProtocolError("in_room", "this connection is already in another room")
            seat, token = room.take_seat(name, wanted)
            await self._store(live)
            self._attach(client, live, seat)
            client.send(reply("joined", mid, room=room.code, seat=seat, token=token,
                              host=seat == room.host))
            self._broadcast_room(live)
        elif kind == "resume":
            wanted = get_field(message, "seat", int, None)
            seat = room.seat_for_token(message.get("token"), wanted)
            if room.seats[seat].kind != "person":
                raise ProtocolError("seat_taken", "a computer plays this seat now")
            since = _since(message, room)
            was_away = room.seats[seat].connections == 0 or room.seats[seat].left
            if room.seats[seat].left and room.status == PLAYING:
                room.seats[seat].left = False  # back after all: the seat is still theirs
                room.votes.pop(seat, None)
                await self._store(live)
            self._attach(client, live, seat)
            if was_away and room.status == PLAYING:
                self._notice(live, "back", seat, room.seats[seat].name)
            client.send(reply("joined", mid, room=room.code, seat=seat, host=seat == room.host))
            self._broadcast_room(live)
            await self._catch_up(client, live, seat, since)
        elif kind == "watch":
            if client.room not in (None, room.code):
                raise ProtocolError("in_room", "this connection is already in another room")
            client.room = room.code
            client.watching = True
            live.clients.add(client)
            since = _since(message, room)
            client.send(reply("watching", mid, room=room.code))
            client.send(self._room_frame(live))
            await self._catch_up(client, live, None, since)
        elif kind in ("leave", "quit"):
            for_good = kind == "leave" or bool(message.get("for_good", False))
            seats = sorted(client.seats)
            hosts = [room.leave(seat) for seat in seats] if room.status == LOBBY else []
            for seat in seats:
                room.quit(seat, for_good)
            await self._store(live)
            names = {seat: room.seats[seat].name for seat in seats}
            await self._detach(client)
            client.send(reply("left", mid, room=room.code))
            if room.status == PLAYING:
                for seat in seats:
                    self._notice(live, "left" if for_good else "away", seat, names[seat])
            for host in hosts:
                if host is not None:
                    self._notice(live, "host", host, room.seats[host].name)
                    self._broadcast_room(live)
        elif kind == "chat":
            self._chat(client, live, message)
        elif kind in ("set_seat", "set_rules", "start", "move", "rematch", "decide", "resign",
                      "end_game"):
            seat = self._acting_seat(client, room, message)
            if kind in ("decide", "resign", "end_game"):
                await self._ending(live, kind, seat, message)
            elif kind == "set_seat":
                index = message.get("seat")
                room.set_seat(seat, index, message.get("kind"),
                              message.get("level"), time.time(), self.limits.seat_timeout)
                await self._store(live)
                self._unbind(live, index)
                self._broadcast_room(live)
                self._schedule_ai(live)
            elif kind == "set_rules":
                await self._build_engine(client, room.game_name, message.get("rules"))
                room.set_rules(seat, message.get("rules"), self.engines)
                await self._store(live)
                self._broadcast_room(live)
            elif kind == "rematch" and get_field(message, "game_number", int,
                                                 room.game_number) < room.game_number:
                pass  # asked after that game's rematch had already begun: done
            elif kind == "start" or kind == "rematch" and room.ask_rematch(seat):
                if kind == "start":
                    room.start(seat)
                room.touched = time.time()
                await self._store(live)
                self._broadcast_room(live)
                self._broadcast_state(live, None)
                self._schedule_ai(live)
            elif kind == "rematch":  # a guest's wish: shown to all, the host decides
                await self._store(live)
                self._broadcast_room(live)
            else:
                applied = room.play(seat, message.get("move"), message.get("ply"))
                await self._after_move(live, applied)
            if mid is not None:  # a request with an id learns that it was done
                client.send(reply("ok", mid))

    async def _create(self, client: Client, message: dict[str, Any], mid: Any) -> None:
        if client.room is not None:
            raise ProtocolError("in_room", "this connection is already in a room")
        mine = sum(1 for live in self.rooms.values()
                   if live.room.address == client.address and live.room.status != OVER)
        if mine >= self.limits.rooms_per_address:
            raise ProtocolError("too_many_rooms", f"at most {self.limits.rooms_per_address} "
                                                  "unfinished rooms per address")
        if message.get("game") in GAME_NAMES:
            await self._build_engine(client, str(message["game"]), message.get("rules"))
        room = Room.create(message.get("game"), message.get("rules"), message.get("seats"),
                           client.address, self.engines)
        while room.code in self.rooms:  # astronomically rare; codes must stay unique
            room = Room.create(room.game_name, message.get("rules"), len(room.seats),
                               client.address, self.engines)
        room.aids = get_field(message, "aids", bool, False)
        name = clean_name(message.get("name"), self.limits.name_chars)
        seat, token = room.take_seat(name, 0)
        live = LiveRoom(room)
        try:
            await self._write(live)
        except OSError as error:
            log.error("room %s could not be created: %s", room.code, _cause(error))
            raise ProtocolError("not_stored", "the server cannot store rooms just now "
                                              f"({_cause(error)}); try again later") from None
        self.rooms[room.code] = live
        self._attach(client, live, seat)
        client.send(reply("joined", mid, room=room.code, seat=seat, token=token, host=True))
        self._broadcast_room(live)

    def _room_of(self, client: Client, message: dict[str, Any]) -> LiveRoom:
        code = message.get("room", client.room)
        if not isinstance(code, str):
            raise ProtocolError("bad_field", "field 'room' (the room code) is required")
        code = normalise_code(code)
        if client.room is not None and code != client.room:
            raise ProtocolError("in_room", "this connection is in another room")
        live = self.rooms.get(code)
        if live is None:
            raise ProtocolError("no_room", "there is no room with that code")
        return live

    def _acting_seat(self, client: Client, room: Room, message: dict[str, Any]) -> int:
        """Which of the connection's seats acts: named, the only one, or the one to move."""
        if not client.seats:
            raise ProtocolError("not_seated", "join or resume a seat first")
        wanted = get_field(message, "as", int, None)
        if wanted is not None:
            if wanted not in client.seats:
                raise ProtocolError("not_your_seat", f"this connection does not hold seat "
                                                     f"{wanted}")
            return int(wanted)
        if len(client.seats) == 1:
            return next(iter(client.seats))
        if message["type"] != "move" and room.host in client.seats:
            return room.host
        if room.to_move in client.seats:
            return int(room.to_move)
        return min(client.seats)

    async def _ending(self, live: LiveRoom, kind: str, seat: int,
                      message: dict[str, Any]) -> None:
        """Deciding for an empty seat, resigning, ending by agreement."""
        room = live.room
        name = room.seats[seat].name
        if kind == "decide":
            index = get_field(message, "seat", int)
            choice = room.decide(seat, index, message.get("choice"), message.get("level"),
                                 time.time(), self.limits.seat_timeout)
            await self._store(live)
            if choice is None:
                self._notice(live, "vote", seat, name, about=index,
                             choice=str(message.get("choice")))
            else:
                self._notice(live, {"wait": "waiting", "computer": "computer",
                                    "end": "abandoned"}[choice],
                             index, live.room.seats[index].name, by=seat)
        elif kind == "resign":
            room.resign(seat)
            await self._store(live)
            self._notice(live, "resigned", seat, name)
        else:
            agree = bool(message.get("agree", True))
            offered = bool(room.end_offers)
            ended = room.agree_to_end(seat, agree)
            await self._store(live)
            self._notice(live, "agreed" if ended else
                         ("end_offer" if agree else ("end_declined" if offered else
                                                     "end_withdrawn")), seat, name)
        self._broadcast_room(live)
        if room.status == OVER:
            self._broadcast_state(live, None)
        self._schedule_ai(live)

    def _notice(self, live: LiveRoom, kind: str, seat: int, name: str,
                **fields: Any) -> None:
        """Something happened to a seat that everyone in the room should read in the log
        (left, away, back, given to a computer, resigned, an offer to end …)."""
        frame = encode({"type": "notice", "room": live.room.code, "kind": kind,
                        "seat": seat, "name": name, **fields})
        for client in list(live.clients):
            client.send(frame)

    def _chat(self, client: Client, live: LiveRoom, message: dict[str, Any]) -> None:
        if not client.seats:
            raise ProtocolError("not_seated", "only the players of the room chat")
        if client.chat is None:
            client.chat = Bucket(self.limits.chats_per_minute / 60.0, 5, self.clock)
        quick = message.get("quick")
        text = message.get("text")
        fields: dict[str, Any] = {}
        if quick is not None:
            if quick not in QUICK_PHRASES:
                raise ProtocolError("bad_field", f"field 'quick' must be one of "
                                                 f"{', '.join(QUICK_PHRASES)}")
            fields["quick"] = quick
        else:
            if not isinstance(text, str):
                raise ProtocolError("bad_field", "field 'text' must be a string")
            clean = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
            clean = clean[:self.limits.chat_chars]
            if not clean:
                raise ProtocolError("bad_field", "a chat message needs some text")
            fields["text"] = clean
        if not client.chat.take():
            raise ProtocolError("rate_limited", "too many chat messages; wait a moment")
        seat = min(client.seats)
        frame = encode({"type": "chat", "room": live.room.code, "seat": seat,
                        "name": live.room.seats[seat].name, **fields})
        for other in list(live.clients):
            other.send(frame)

    def _welcome(self, mid: Any) -> dict[str, Any]:
        return reply("welcome", mid, protocol=PROTOCOL_VERSION, server=SERVER_NAME,
                     version=__version__, supported=sorted(SUPPORTED_VERSIONS),
                     games=list(GAME_NAMES), quick_phrases=list(QUICK_PHRASES),
                     limits=self.limits.to_dict())

    def _unbind(self, live: LiveRoom, index: Any) -> None:
        """The host gave seat ``index`` away: a connection holding it loses it at once
        (it is told, and sees the room without the seat; its cards stop coming)."""
        for client in list(live.clients):
            if index in client.seats:
                client.seats.discard(index)
                client.send(error_frame("seat_removed", "the host gave your seat to "
                                        "someone else; you can watch or join an open seat"))

    async def _build_engine(self, client: Client, game_name: str, rules: Any) -> None:
        """A rule set not yet known is built on a worker thread (tens of milliseconds) and
        counted against the address's budget of costly requests."""
        if rules is None or self.engines.known(game_name, rules):
            return
        self._charge(client)
        engine = await asyncio.to_thread(self.engines.build, game_name, rules)
        self.engines.remember(game_name, rules, engine)

    def _charge(self, client: Client) -> None:
        bucket = self.costly.get(client.address)
        if bucket is None:
            if len(self.costly) > 4 * max(1, len(self.sockets)) + 64:
                self.costly = {a: b for a, b in self.costly.items() if a in self.sockets}
            bucket = self.costly[client.address] = Bucket(
                self.limits.costly_per_minute / 60.0, self.limits.costly_burst, self.clock)
        if not bucket.take():
            raise ProtocolError("busy", "too many costly requests from this address; "
                                        "try again in a minute")

    # --- seats and connections --------------------------------------------------------------
    def _attach(self, client: Client, live: LiveRoom, seat: int) -> None:
        if client.room not in (None, live.room.code):
            raise ProtocolError("in_room", "this connection is already in another room")
        client.room = live.room.code
        live.clients.add(client)
        if seat not in client.seats:
            client.seats.add(seat)
            live.room.seats[seat].connections += 1
        live.room.seats[seat].away_since = None

    async def _detach(self, client: Client) -> None:
        live = self.rooms.get(client.room or "")
        if live is None:
            return
        live.clients.discard(client)
        now = time.time()
        for seat in client.seats:
            if seat < len(live.room.seats):
                info = live.room.seats[seat]
                info.connections = max(0, info.connections - 1)
                if info.connections == 0 and info.kind == "person":
                    info.away_since = now
        had_seats = bool(client.seats)
        gone = [seat for seat in client.seats if seat < len(live.room.seats) and
                live.room.seats[seat].kind == "person" and
                live.room.seats[seat].connections == 0 and not live.room.seats[seat].left]
        client.seats = set()
        client.room = None
        client.watching = False
        if live.room.status == PLAYING:
            for seat in gone:
                self._notice(live, "away", seat, live.room.seats[seat].name,
                             timeout=self.limits.seat_timeout)
        if had_seats:
            self._broadcast_room(live)
            # tell the host when the seat may be given to a computer
            asyncio.get_running_loop().call_later(self.limits.seat_timeout + 0.2,
                                                  self._broadcast_room, live)

    # --- moves ------------------------------------------------------------------------------
    async def _after_move(self, live: LiveRoom, applied: Applied) -> None:
        room = live.room
        room.touched = time.time()
        await self._store(live)
        self.moves_applied += 1
        self._broadcast_state(live, applied)
        if room.status == OVER:
            self._broadcast_room(live)
        self._schedule_ai(live)

    def _schedule_ai(self, live: LiveRoom) -> None:
        room = live.room
        seat = room.to_move
        if seat is None or room.seats[seat].kind != "computer":
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        live.ai_task = asyncio.get_running_loop().create_task(
            self._ai_turn(live, seat, len(room.moves)))

    async def _ai_turn(self, live: LiveRoom, seat: int, ply: int) -> None:
        room = live.room
        game = room.game
        if live.problem is not None:
            await asyncio.sleep(STORE_RETRY)  # the last write failed: give the disk time
        view = game.view(room.state, seat)
        moves = game.legal_moves(view)
        if len(moves) == 1:
            text: str | None = game.format_move(moves[0])
        else:
            if self.ai_pace:
                await asyncio.sleep(self.ai_pace)
            text = await self.thinker.choose(room.game_name, json.dumps(game.rules),
                                             game.to_dict(view), room.seats[seat].level)
        async with live.lock:
            live.ai_task = None
            if live.room is not room or len(room.moves) != ply or room.to_move != seat or \
                    room.seats[seat].kind != "computer":
                self._schedule_ai(live)  # the position moved on (a seat changed hands)
                return
            try:
                applied = room.play(seat, text or "")
            except ProtocolError:
                log.warning("AI move %r refused in room %s; a random move is played",
                            text, room.code)
                applied = room.play(seat, game.format_move(fallback_move(game, view)))
            try:
                await self._after_move(live, applied)
            except ProtocolError:
                self._schedule_ai(live)  # not stored, so not played: it tries again

    # --- frames -----------------------------------------------------------------------------
    def _room_frame(self, live: LiveRoom) -> dict[str, Any]:
        frame = room_frame(live.room, time.time(), self.limits.seat_timeout)
        if live.problem is not None:
            frame["storage_problem"] = live.problem  # changes are refused until it clears
        return frame

    def _state_frame(self, room: Room, seat: int | None, applied: Applied | None,
                     full: set[str] | None = None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is told about the position, after ``applied``."""
        return state_frame(room, seat, applied, full)

    async def _catch_up(self, client: Client, live: LiveRoom, seat: int | None,
                        since: int | None) -> None:
        """A returning seat or a new spectator: the moves it missed (``history``, when it
        says from which ply), then the position now."""
        room = live.room
        if room.status == LOBBY:
            return
        if since is not None and since < len(room.moves):
            key = (seat, max(0, since), len(room.moves), room.game_number)
            text = live.history.get(key)
            if text is None:
                self._charge(client)
                # replaying a long game takes tens of milliseconds: off the event loop (the
                # room's lock is held, so its moves wait; other rooms go on)
                history = await asyncio.to_thread(history_frame, room, seat, since)
                text = encode(history) if history is not None else ""
                live.history[key] = text
                while len(live.history) > HISTORY_CACHE:
                    live.history.popitem(last=False)
            if text:
                client.send(text)
        client.send(self._state_frame(room, seat, None))

    def _broadcast_room(self, live: LiveRoom) -> None:
        text = encode(self._room_frame(live))
        for client in list(live.clients):
            client.send(text)

    def _broadcast_state(self, live: LiveRoom, applied: Applied | None) -> None:
        room = live.room
        if room.state is None:
            return
        full = state_strings(room.game.to_dict(room.state)) if applied is not None else None
        frames: dict[int | None, str] = {}

        def frame(seat: int | None) -> str:
            if seat not in frames:
                frames[seat] = encode(self._state_frame(room, seat, applied, full))
            return frames[seat]

        for client in list(live.clients):
            if client.watching:
                client.send(frame(None))
            for seat in sorted(client.seats):
                client.send(frame(seat))

    async def _write(self, live: LiveRoom) -> None:
        """Write the room's record (on a worker thread); OSError when it cannot be."""
        record = live.room.to_record()
        await asyncio.to_thread(self.store.write, record)
        live.stored = record

    async def _store(self, live: LiveRoom) -> None:
        """Store the change just made to the room, or undo it and refuse the request.

        A change is broadcast only once its room file holds it, so what anyone was told
        survives a crash; when the file cannot be written (a full disk, a read-only
        folder), the room goes back to its last stored record and the mover hears why."""
        try:
            await self._write(live)
        except OSError as error:
            cause = _cause(error)
            if live.problem is None:
                log.error("room %s could not be written (%s): its changes are refused "
                          "until the data folder can be written again", live.room.code, cause)
            live.problem = cause
            self._restore(live)
            self._broadcast_room(live)
            raise ProtocolError("not_stored", f"the server could not store this change "
                                              f"({cause}); nothing was changed") from None
        if live.problem is not None:
            log.info("room %s is stored again", live.room.code)
            live.problem = None

    def _restore(self, live: LiveRoom) -> None:
        """Put the room back as its file last had it (people's connections stay)."""
        if live.stored is None:
            return
        old = live.room
        room = Room.from_record(live.stored, self.engines)
        for index, seat in enumerate(room.seats):
            if index < len(old.seats) and seat.kind == old.seats[index].kind:
                seat.connections = old.seats[index].connections
                seat.away_since = old.seats[index].away_since
        live.room = room
        live.history.clear()

    # --- housekeeping -----------------------------------------------------------------------
    async def _sweep(self) -> None:
        """Forget rooms nobody uses any more (and their files)."""
        while True:
            await asyncio.sleep(60)
            now = time.time()
            for code, live in list(self.rooms.items()):
                room = live.room
                keep = {OVER: FINISHED_KEEP, LOBBY: LOBBY_KEEP, PLAYING: PLAYING_KEEP}
                if not live.clients and now - room.touched > keep[room.status]:
                    del self.rooms[code]
                    await asyncio.to_thread(self.store.delete, code)


def _since(message: dict[str, Any], room: Room) -> int | None:
    """The ply a returning client has (``since``); counted in an earlier game of the room
    (``game_number`` names it) it means nothing of this game: from the start."""
    since = get_field(message, "since", int, None)
    number = get_field(message, "game_number", int, None)
    if since is not None and number is not None and number != room.game_number:
        return 0
    return since  # type: ignore[no-any-return]


def _forwarded_address(ws: ServerConnection) -> str:
    """The player's address as the trusted proxy appended it to X-Forwarded-For."""
    header = ws.request.headers.get("X-Forwarded-For", "") if ws.request else ""
    hops = [hop.strip() for hop in header.split(",") if hop.strip()]
    peer = str(ws.remote_address[0]) if ws.remote_address else "?"
    return hops[-1][:64] if hops else peer


def _cause(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _clean_id(value: Any) -> str | int | None:
    """A request id worth echoing: a short string that encodes, or an integer."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    if isinstance(value, str):
        if len(value) > ID_CHARS:
            return None
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate cannot be sent back
            return None
    return value


def _peek_id(frame: str | bytes, limits: Limits) -> str | int | None:
    """The id of a request that is not served (rate limited), if it has a readable one."""
    try:
        return _clean_id(decode(frame, limits).get("id"))
    except ProtocolError:
        return None


def reply(kind: str, mid: Any, **fields: Any) -> dict[str, Any]:
    message: dict[str, Any] = {"type": kind, **fields}
    if mid is not None:
        message["id"] = mid
    return message


def error_frame(code: str, text: str, mid: Any = None) -> dict[str, Any]:
    return reply("error", mid, code=code, message=text)
