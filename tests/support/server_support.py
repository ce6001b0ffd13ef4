"""Helpers for the server tests: a real server on a free loopback port, real websocket
clients, and an independent check that no frame carries a card its seat may not see.

The leak check does not use the engines' ``view``: it knows, per game, which places of the
full state are public and which belong to one seat, and counts card codes. A frame may
show a code at most as often as the code lies in places that seat may see (public places
and its own); a leaked card from another hand or the deck makes a count too high, even in
Cut the Rope where card values repeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.rules import get_game
from game.server.protocol import Limits, strings_in
from game.server.server import Server
from game.server.thinking import Thinker

TIMEOUT = 20.0


async def start_server(data: Path | None, **limits: Any) -> Server:
    """A server on a free loopback port; AI seats think on a thread (cheap levels)."""
    server = Server(data, Limits(**limits), Thinker(1, "thread"), durable=False)
    await server.start("127.0.0.1", 0)
    return server


class Peer:
    """One websocket client that records every frame it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._backlog: list[dict[str, Any]] = []
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self.seat: int | None = None
        self.token: str | None = None
        self.room: str | None = None

    @classmethod
    async def open(cls, port: int) -> Peer:
        ws = await connect(f"ws://127.0.0.1:{port}", max_size=2**22)
        peer = cls(ws)
        welcome = await peer.expect("welcome")
        assert welcome["protocol"] == 3
        return peer

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                assert isinstance(text, str)
                self.raw.append(text)
                frame = json.loads(text)
                self.frames.append(frame)
                await self._queue.put(frame)

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def expect(self, kind: str, timeout: float = TIMEOUT, **match: Any) -> dict[str, Any]:
        """The first unread frame of ``kind`` (and matching fields); other frames stay
        unread for later calls, so waiting for a reply never loses a state frame."""
        def wanted(frame: dict[str, Any]) -> bool:
            return frame["type"] == kind and all(frame.get(k) == v for k, v in match.items())

        for index, frame in enumerate(self._backlog):
            if wanted(frame):
                del self._backlog[index]
                return frame

        async def find() -> dict[str, Any]:
            while True:
                frame = await self._queue.get()
                # "stale" only says a move crossed a newer position: the next frame follows
                if frame["type"] == "error" and kind != "error" and frame["code"] != "stale":
                    raise AssertionError(f"unexpected error frame {frame}")
                if wanted(frame):
                    return frame
                self._backlog.append(frame)
        return await asyncio.wait_for(find(), timeout)

    async def latest(self, kind: str = "state") -> dict[str, Any]:
        """The newest frame of ``kind`` once one has come: older queued ones are skipped, so
        a player never answers a position that has already moved on."""
        frame = await self.expect(kind)
        while not self._queue.empty():
            self._backlog.append(self._queue.get_nowait())
        rest = []
        for other in self._backlog:
            if other["type"] == kind:
                frame = other
            else:
                rest.append(other)
        self._backlog = rest
        return frame

    async def next_frame(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        if self._backlog:
            return self._backlog.pop(0)
        return await asyncio.wait_for(self._queue.get(), timeout)

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()

    async def create(self, game: str, seats: int, name: str = "Host",
                     rules: dict[str, Any] | None = None) -> dict[str, Any]:
        await self.send({"type": "create", "game": game, "seats": seats, "name": name,
                         "rules": rules, "id": "c"})
        joined = await self.expect("joined", id="c")
        self.seat, self.token, self.room = joined["seat"], joined["token"], joined["room"]
        return joined

    async def join(self, room: str, name: str) -> dict[str, Any]:
        await self.send({"type": "join", "room": room, "name": name, "id": "j"})
        joined = await self.expect("joined", id="j")
        self.seat, self.token, self.room = joined["seat"], joined["token"], joined["room"]
        return joined


def random_reply(game: Any, frame: dict[str, Any], rng: random.Random) -> str:
    """A random legal move for the seat of ``frame``, from its own view only."""
    view = game.from_dict(frame["view"])
    return game.format_move(rng.choice(game.legal_moves(view)))


async def play_people(game_name: str, peers: list[Peer], rng: random.Random,
                      limit: int = 4000) -> dict[str, Any]:
    """Every person answers its turns with random moves until a frame says the game is over;
    returns that final frame (of the first peer)."""
    game = get_game(game_name)

    async def seat_loop(peer: Peer) -> dict[str, Any]:
        # the newest position already read (a test may have looked at it) comes first
        seen = [f for f in peer.frames if f["type"] == "state" and f["seat"] == peer.seat]
        pending = seen[-1] if seen and seen[-1]["your_turn"] else None
        for _ in range(limit):
            frame = pending or await peer.latest("state")
            pending = None
            if frame["status"] == "over":
                return frame
            if frame["your_turn"] and frame["seat"] == peer.seat:
                # only answer the newest position (frames may queue while we think)
                await peer.send({"type": "move", "move": random_reply(game, frame, rng),
                                 "ply": frame["ply"]})
        raise AssertionError("the game did not end")

    finals = await asyncio.gather(*(seat_loop(p) for p in peers))
    return finals[0]


# --- the leak check -------------------------------------------------------------------------
def _places(game_name: str, full: dict[str, Any], seat: int | None) -> list[Any]:
    """The parts of the full state ``seat`` may see (None: a spectator: public ones only)."""
    own = (lambda key: [full[key][seat]]) if seat is not None else (lambda key: [])
    if game_name == "cesta":
        return [full["milestones"], *own("hands")]
    if game_name == "royal_road":
        public: list[Any] = [full["track"]]
        if full["winners"] and full["win_card"]:
            # the winner's revealed card: in its kept row and in "win_card"
            public += [full["win_card"], full["win_card"]]
        return public + own("kept") + own("dealt") + own("discarded")
    if game_name == "cut_the_rope":
        tops = [pile[-1:] for pile in full["piles"]]
        return [tops, full["aux"], full["rows"], full["discard"], *own("hands")]
    raise AssertionError(game_name)


def _card_codes(game_name: str, full: dict[str, Any]) -> set[str]:
    places = {"cesta": ("hands", "event_deck", "action_deck", "milestones"),
              "royal_road": ("track", "kept", "dealt", "discarded", "deck"),
              "cut_the_rope": ("piles", "hands", "aux", "rows", "draw", "discard")}[game_name]
    codes: set[str] = set()
    for key in places:
        codes |= strings_in(full[key])
    return codes - {"START", "JAIL", "TRAPDOOR", "GOAL", "up", "down", "??", "?A"}


def _count(value: Any, codes: set[str]) -> Counter[str]:
    counter: Counter[str] = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in codes:
                counter[item] += 1
        elif isinstance(item, dict):
            stack.extend(v for k, v in item.items() if k != "rules")
        elif isinstance(item, list):
            stack.extend(item)
    return counter


def full_states(server: Server, code: str) -> list[dict[str, Any]]:
    """The room's full state after each ply, rebuilt from its seed and moves."""
    room = server.rooms[code].room
    game = room.game
    state = game.new_game(len(room.seats), room.seed)
    states = [game.to_dict(state)]
    for text in room.moves:
        state, _ = game.apply(state, game.parse_move(state, text))
        states.append(game.to_dict(state))
    return states


def check_no_leaks(game_name: str, peer: Peer, states: list[dict[str, Any]],
                   seat: int | None, secrets: set[str]) -> int:
    """Assert that no frame ``peer`` received shows a card ``seat`` cannot see; returns how
    many state frames were checked. ``secrets`` (seed, generator states) must appear in
    no frame at all."""
    for text in peer.raw:
        for secret in secrets:
            assert secret not in text, f"a secret number reached seat {seat}"
    checked = 0
    for frame in _positions(peer.frames):
        if frame["seat"] != seat:
            continue
        full = states[frame["ply"]]
        codes = _card_codes(game_name, full)
        allowed = _count(_places(game_name, full, seat), codes)
        shown = _count(frame["view"], codes)
        assert not shown - allowed, (f"seat {seat} saw {dict(shown - allowed)} at ply "
                                     f"{frame['ply']}")
        # an event may name one card twice (played, then part of a claim); every field
        # counts, a proof's ``best_completion`` too (its cards lie in hands or the deck)
        told = Counter(set(_count(frame["events"], codes)))
        assert not told - allowed, (f"seat {seat} was told {dict(told - allowed)} at ply "
                                    f"{frame['ply']}")
        last = frame.get("last") or {}
        if last.get("move"):
            tokens = Counter(t for t in last["move"].split() if t in codes)
            assert not tokens - allowed, f"seat {seat} read a hidden card in {last['move']}"
        checked += 1
    return checked


def _positions(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every position a connection was shown: ``state`` frames and, inside a ``history``
    frame, its starting view and each ply it replays."""
    out = []
    for frame in frames:
        if frame["type"] == "state":
            out.append(frame)
        elif frame["type"] == "history":
            out.append({"seat": frame["seat"], "ply": frame["since"], "view": frame["view"],
                        "events": [], "last": None})
            out.extend(frame["plies"])
    return out


def secrets_of(server: Server, code: str, states: list[dict[str, Any]]) -> set[str]:
    """The seed and every generator state of the room, as they would appear in JSON."""
    room = server.rooms[code].room
    found = {str(room.seed)}
    for full in states:
        if full.get("rng") is not None:
            found.add(str(full["rng"]))
    return found


class ServerThread:
    """A real server on its own event loop in a background thread, for tests whose own
    thread runs a synchronous client (the pygame client's link is threads, not asyncio)."""

    def __init__(self, data: Path | None = None, **limits: Any) -> None:
        import threading

        self.data = data
        self.limits = limits
        self.server: Server | None = None
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def boot() -> None:
            self.server = await start_server(self.data, **self.limits)
            self._ready.set()

        self.loop.run_until_complete(boot())
        self.loop.run_forever()

    def __enter__(self) -> ServerThread:
        self._thread.start()
        assert self._ready.wait(20), "the server did not start"
        return self

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"ws://127.0.0.1:{self.server.port}"

    def stop(self) -> None:
        if self.server is not None:
            asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(20)
            self.server = None
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(20)

    def __exit__(self, *exc: object) -> None:
        self.stop()
