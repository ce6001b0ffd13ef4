"""The server against a hostile or unlucky world: a removed guest loses the seat at once, a
change the disk refuses is neither broadcast nor acknowledged, costly requests are counted,
half-open handshakes are bounded, a flooder waits before returning, and ``/health`` tells a
service manager how the server is. Limits that involve time use an injected clock."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.rules import get_game
from game.server import server as server_module
from game.server.protocol import Limits
from game.server.server import Server
from game.server.store import Store
from game.server.thinking import Thinker
from tests.support.server_support import TIMEOUT, Peer, random_reply, start_server

FAST = {"messages_per_second": 1000.0, "burst": 1000}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _until(condition: Any) -> None:
    """Wait (bounded) for something the server does on its own."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), TIMEOUT)


async def _pair(server: Server, game: str = "cesta") -> tuple[Peer, Peer]:
    host = await Peer.open(server.port)
    await host.create(game, 2, name="Ann")
    guest = await Peer.open(server.port)
    await guest.join(host.room or "", "Bob")
    return host, guest


# --- F1: a removed guest -----------------------------------------------------------------

async def _removed_guest() -> None:
    server = await start_server(None, **FAST)
    try:
        host, guest = await _pair(server)
        await host.send({"type": "set_seat", "seat": 1, "kind": "computer", "level": "easy",
                         "id": "s"})
        await host.expect("ok", id="s")
        removed = await guest.expect("error")
        assert removed["code"] == "seat_removed"
        room = await guest.expect("room")
        while room["seats"][1]["kind"] != "computer":
            room = await guest.expect("room")
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        await host.expect("state")
        # the removed guest plays nothing and sees none of the new occupant's cards
        await guest.send({"type": "move", "move": "draw event", "id": "m"})
        refused = await guest.expect("error")
        assert refused["code"] == "not_seated" and refused["id"] == "m"
        await guest.send({"type": "ping", "id": "p"})
        await guest.expect("pong", id="p")
        assert not [f for f in guest.frames if f["type"] == "state"]
        await host.close()
        await guest.close()
    finally:
        await server.close()


def test_a_guest_removed_from_a_seat_loses_it_at_once():
    asyncio.run(_removed_guest())


# --- F2: a change that cannot be stored ----------------------------------------------------

async def _unwritable(data: Path) -> None:
    server = await start_server(data, **FAST)
    try:
        host, guest = await _pair(server)
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        game = get_game("cesta")
        rng = random.Random(3)
        acknowledged = 0
        for _ in range(6):  # a few moves while the disk works
            frame = await host.latest()
            mover = host if frame["to_move"] == host.seat else guest
            mine = frame if mover is host else await guest.latest()
            await mover.send({"type": "move", "move": random_reply(game, mine, rng),
                              "ply": mine["ply"], "id": f"m{acknowledged}"})
            await mover.expect("ok", id=f"m{acknowledged}")
            acknowledged += 1

        def full_disk(record: dict[str, Any]) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        write = server.store.write
        server.store.write = full_disk  # type: ignore[method-assign]
        frame = await host.latest()
        mover = host if frame["to_move"] == host.seat else guest
        other = guest if mover is host else host
        mine = frame if mover is host else await guest.latest()
        seen_before = len([f for f in other.frames if f["type"] == "state"])
        move = random_reply(game, mine, rng)
        await mover.send({"type": "move", "move": move, "ply": mine["ply"], "id": "lost"})
        refused = await mover.expect("error", id="lost")
        assert refused["code"] == "not_stored" and "No space left" in refused["message"]
        marked = await other.expect("room")
        while "storage_problem" not in marked:
            marked = await other.expect("room")
        assert marked["ply"] == acknowledged
        assert len([f for f in other.frames if f["type"] == "state"]) == seen_before
        health = await _http(server.port, "/health")
        assert health[0] == 503 and host.room in health[1]["unstored_rooms"]
        # the disk is back: the same move is played, stored and acknowledged
        server.store.write = write  # type: ignore[method-assign]
        await mover.send({"type": "move", "move": move, "ply": mine["ply"], "id": "again"})
        await mover.expect("ok", id="again")
        acknowledged += 1
        health = await _http(server.port, "/health")
        assert health[0] == 200 and health[1]["status"] == "ok"
        await host.close()
        await guest.close()
    finally:
        await server.close()
    # after a restart every acknowledged move is there, and nothing else
    rooms = Store(data).load_all()
    assert len(rooms) == 1 and len(rooms[0].moves) == acknowledged


def test_a_change_the_disk_refuses_is_undone_refused_and_never_broadcast(tmp_path: Path):
    asyncio.run(_unwritable(tmp_path))


async def _unwritable_create(data: Path) -> None:
    server = await start_server(data, **FAST)
    try:
        def read_only(record: dict[str, Any]) -> None:
            raise PermissionError(errno.EROFS, "Read-only file system")

        server.store.write = read_only  # type: ignore[method-assign]
        peer = await Peer.open(server.port)
        await peer.send({"type": "create", "game": "cesta", "seats": 2, "id": "c"})
        error = await peer.expect("error", id="c")
        assert error["code"] == "not_stored" and not server.rooms
        await peer.close()
    finally:
        await server.close()


def test_a_room_that_cannot_be_stored_is_not_created(tmp_path: Path):
    asyncio.run(_unwritable_create(tmp_path))


# --- F3: costly requests -----------------------------------------------------------------

async def _costly(monkeypatch: pytest.MonkeyPatch) -> None:
    built = []
    real = server_module.history_frame

    def counting(*args: Any) -> Any:
        built.append(args[1:])
        return real(*args)

    monkeypatch.setattr(server_module, "history_frame", counting)
    server = await start_server(None, costly_burst=3, costly_per_minute=0.001, **FAST)
    try:
        host, guest = await _pair(server, "cut_the_rope")
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        await host.expect("state")
        watchers = [await Peer.open(server.port) for _ in range(3)]
        for index, watcher in enumerate(watchers):  # the same catch-up: built once
            await watcher.send({"type": "watch", "room": host.room, "since": 0,
                                "id": f"w{index}"})
            await watcher.expect("watching", id=f"w{index}")
            await watcher.expect("state")
        assert len(built) <= 1
        # new rule sets and other catch-ups draw on the address's budget until it is spent
        codes = []
        for index in range(6):
            creator = await Peer.open(server.port)
            await creator.send({"type": "create", "game": "cesta", "seats": 2,
                                "rules": {"hand_size": 3 + index}, "id": f"r{index}"})
            frame = await creator.next_frame()
            while frame.get("id") != f"r{index}":
                frame = await creator.next_frame()
            codes.append(frame.get("code", frame["type"]))
            await creator.close()
        assert codes[:2] == ["joined", "joined"] and codes[-1] == "busy"
        for peer in [host, guest, *watchers]:
            await peer.close()
    finally:
        await server.close()


def test_catch_ups_are_built_once_and_costly_requests_are_budgeted(monkeypatch):
    asyncio.run(_costly(monkeypatch))


# --- F4: handshakes, floods, ids ---------------------------------------------------------

async def _half_open() -> None:
    server = await start_server(None, handshakes_per_address=3, handshake_seconds=60.0,
                                **FAST)
    try:
        held = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        await _until(lambda: server.handshaking["127.0.0.1"] == 3)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(reader.read(), TIMEOUT) == b""  # refused at once
        writer.close()
        with pytest.raises((ConnectionClosed, InvalidHandshake, OSError)):
            await Peer.open(server.port)
        for _reader, writer in held:
            writer.close()
        await _until(lambda: not server.handshaking and not server.sockets)
        peer = await Peer.open(server.port)  # room again once the half-open ones are gone
        await peer.close()
    finally:
        await server.close()


def test_half_open_handshakes_are_bounded_per_address():
    asyncio.run(_half_open())


async def _handshake_timeout() -> None:
    server = await start_server(None, handshake_seconds=0.2, **FAST)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(reader.read(), TIMEOUT) == b""  # dropped, not held
        writer.close()
        await _until(lambda: not server.sockets)
    finally:
        await server.close()


def test_a_handshake_that_never_ends_is_dropped():
    asyncio.run(_handshake_timeout())


async def _flood() -> None:
    clock = Clock()
    limits = Limits(messages_per_second=1.0, burst=2, abuse_drops=5, flood_cooldown=30.0)
    server = Server(None, limits, Thinker(1, "thread"), durable=False, clock=clock)
    await server.start("127.0.0.1", 0)
    try:
        peer = await Peer.open(server.port)
        for index in range(8):
            await peer.send({"type": "ping", "id": f"p{index}"})
        limited = await peer.expect("error")
        assert limited["code"] == "rate_limited" and limited["id"] == "p2"
        await asyncio.wait_for(peer.ws.wait_closed(), TIMEOUT)
        await _until(lambda: not server.sockets)
        with pytest.raises((ConnectionClosed, InvalidHandshake, OSError)):
            await Peer.open(server.port)  # the address waits
        clock.now += 31.0
        again = await Peer.open(server.port)
        await again.close()
    finally:
        await server.close()


def test_a_flooder_is_told_with_the_request_id_closed_and_kept_out_for_a_while():
    asyncio.run(_flood())


async def _surrogate(caplog: pytest.LogCaptureFixture) -> None:
    server = await start_server(None, **FAST)
    try:
        async with connect(f"ws://127.0.0.1:{server.port}") as ws:
            json.loads(await ws.recv())  # welcome
            await ws.send('{"type": "ping", "id": "\\ud800"}')
            pong = json.loads(await ws.recv())
            assert pong == {"type": "pong"}
            await ws.send('{"type": "ping", "id": "%s"}' % ("x" * 500))
            assert json.loads(await ws.recv()) == {"type": "pong"}
    finally:
        await server.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_an_id_that_cannot_be_echoed_is_left_out_quietly(caplog):
    asyncio.run(_surrogate(caplog))


# --- health --------------------------------------------------------------------------------

async def _http(port: int, path: str) -> tuple[int, dict[str, Any]]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
    status = int(head.split()[1])
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length"))
    body = await asyncio.wait_for(reader.readexactly(length), TIMEOUT)
    writer.close()
    return status, json.loads(body)


async def _health() -> None:
    server = await start_server(None, **FAST)
    try:
        status, body = await _http(server.port, "/health")
        assert status == 200 and body["status"] == "ok" and body["rooms"] == 0
        with pytest.raises(InvalidStatus):  # any other plain request is not served
            async with connect(f"ws://127.0.0.1:{server.port}/health"):
                pass
    finally:
        await server.close()


def test_health_answers_plain_http_on_the_same_port():
    asyncio.run(_health())


async def _proxied() -> None:
    limits = Limits(connections_per_address=1, **FAST)
    server = Server(None, limits, Thinker(1, "thread"), durable=False,
                    trusted_proxies=frozenset({"127.0.0.1"}))
    await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.port}"
    try:
        async with connect(url, additional_headers={"X-Forwarded-For": "10.0.0.9, 203.0.113.5"}) \
                as first:
            json.loads(await first.recv())
            await first.send(json.dumps({"type": "create", "game": "cesta", "seats": 2}))
            joined = json.loads(await first.recv())
            assert server.rooms[joined["room"]].room.address == "203.0.113.5"
            with pytest.raises(ConnectionClosed):  # the same player again: over the limit
                async with connect(url, additional_headers={
                        "X-Forwarded-For": "203.0.113.5"}) as second:
                    await second.recv()
                    await second.recv()
            async with connect(url, additional_headers={
                    "X-Forwarded-For": "198.51.100.7"}) as other:  # another player
                assert json.loads(await other.recv())["type"] == "welcome"
    finally:
        await server.close()


def test_behind_a_trusted_proxy_the_limits_count_the_players_addresses():
    asyncio.run(_proxied())
