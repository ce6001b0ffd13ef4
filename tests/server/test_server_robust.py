"""Hostile and broken input, lobby rights and limits: each gets an error naming the
problem, and a game in another room plays on undisturbed."""

from __future__ import annotations

import asyncio
import json
import random

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.server_support import (
    Peer,
    check_no_leaks,
    full_states,
    play_people,
    secrets_of,
    start_server,
)


async def _error(peer: Peer, message: dict | str | bytes) -> dict:
    await peer.send(message)
    return await peer.expect("error")


async def _hostile(attacker: Peer, victim_room: str, victim_token: str) -> None:
    codes = []
    for message in ("{not json", b"\x00\x01binary", "[1, 2, 3]", '{"type": 7}',
                    "[" * 5000 + "]" * 5000,  # nesting that would blow a naive parser
                    json.dumps({"type": "pickle", "data": "x"}),
                    json.dumps({"type": "create", "game": "chess", "seats": 2}),
                    json.dumps({"type": "create", "game": "cesta", "seats": "two"}),
                    json.dumps({"type": "create", "game": "cesta", "seats": 4}),
                    json.dumps({"type": "create", "game": "cesta", "seats": 2,
                                "rules": "/etc/passwd"}),
                    json.dumps({"type": "create", "game": "cesta", "seats": 2,
                                "rules": {"hand_size": 99}}),
                    json.dumps({"type": "create", "game": "cesta", "seats": 2,
                                "rules": {"no_such_key": 1}}),
                    json.dumps({"type": "join", "room": "NOSUCHRM", "name": "x"}),
                    json.dumps({"type": "join", "room": victim_room, "name": "x"}),
                    json.dumps({"type": "resume", "room": victim_room, "token": "guess"}),
                    json.dumps({"type": "resume", "room": victim_room, "token": victim_token,
                                "seat": 1}),
                    json.dumps({"type": "move", "room": victim_room, "move": "pass"}),
                    json.dumps({"type": "start", "room": victim_room}),
                    json.dumps({"type": "hello", "protocol": 99}),
                    "x" * 20_000):
        codes.append((await _error(attacker, message))["code"])
    assert codes == ["bad_json", "binary_frame", "bad_message", "bad_message", "bad_json",
                     "unknown_type", "bad_game", "bad_field", "bad_seats", "bad_field",
                     "bad_rules", "bad_rules", "no_room", "started", "bad_token",
                     "bad_token", "not_seated", "not_seated", "version", "too_big"]


async def _scenario() -> None:
    server = await start_server(None, messages_per_second=1000.0, burst=1000)
    try:
        a = await Peer.open(server.port)
        await a.create("cesta", 2, name="A")
        b = await Peer.open(server.port)
        await b.join(a.room, "B")
        await a.send({"type": "start"})
        attacker = await Peer.open(server.port)
        game = asyncio.get_running_loop().create_task(
            play_people("cesta", [a, b], random.Random(5)))
        await _hostile(attacker, a.room, a.token)
        # a seated player's own mistakes: out of turn, illegal, stale, someone else's seat
        mallory = await Peer.open(server.port)
        await mallory.create("royal_road", 2, name="M")
        trudy = await Peer.open(server.port)
        await trudy.join(mallory.room, "T")
        assert (await _error(trudy, {"type": "start"}))["code"] == "not_host"
        await mallory.send({"type": "start"})
        frame = await mallory.expect("state")
        mover, other = (mallory, trudy) if frame["to_move"] == mallory.seat else \
            (trudy, mallory)
        assert (await _error(other, {"type": "move", "move": "pass"}))["code"] == \
            "not_your_turn"
        assert (await _error(mover, {"type": "move", "move": "fly away"}))["code"] == \
            "illegal_move"
        assert (await _error(mover, {"type": "move", "move": "pass", "ply": 9}))["code"] == \
            "stale"
        assert (await _error(mover, {"type": "move", "move": "pass", "as": other.seat}))[
            "code"] == "not_your_seat"
        assert (await _error(mover, {"type": "move"}))["code"] == "bad_field"
        final = await asyncio.wait_for(game, 60)
        assert final["status"] == "over"
        states = full_states(server, a.room)
        for peer in (a, b):
            check_no_leaks("cesta", peer, states, peer.seat, secrets_of(server, a.room, states))
        # frames over the library's hard limit end that connection only
        async with connect(f"ws://127.0.0.1:{server.port}") as ws:
            await ws.recv()
            await ws.send("y" * 300_000)
            try:
                await asyncio.wait_for(ws.recv(), 5)
                raise AssertionError("an oversized frame was answered")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1009
        fresh = await Peer.open(server.port)  # the server still serves
        await fresh.send({"type": "ping", "id": 1})
        assert (await fresh.expect("pong"))["id"] == 1
    finally:
        await server.close()


def test_hostile_input_never_touches_another_room() -> None:
    asyncio.run(_scenario())


async def _flood() -> None:
    server = await start_server(None, messages_per_second=5.0, burst=10, abuse_drops=60)
    try:
        peer = await Peer.open(server.port)
        for n in range(40):
            await peer.send({"type": "ping", "id": n})
        error = await peer.expect("error")
        assert error["code"] == "rate_limited"
        pongs = [f for f in peer.frames if f["type"] == "pong"]
        assert 10 <= len(pongs) <= 14  # the burst, and what refilled meanwhile
        for n in range(100):  # keep flooding: the server hangs up
            try:
                await peer.send({"type": "ping", "id": n})
            except ConnectionClosed:
                break
        await asyncio.wait_for(peer.ws.wait_closed(), 5)
        assert peer.ws.close_code == 1008
    finally:
        await server.close()


def test_message_rate_limit() -> None:
    asyncio.run(_flood())


async def _room_limit() -> None:
    server = await start_server(None, rooms_per_address=2)
    try:
        for _ in range(2):
            peer = await Peer.open(server.port)
            await peer.create("cut_the_rope", 3)
        extra = await Peer.open(server.port)
        await extra.send({"type": "create", "game": "cesta", "seats": 2})
        assert (await extra.expect("error"))["code"] == "too_many_rooms"
        assert len(server.rooms) == 2
    finally:
        await server.close()


def test_rooms_per_address_limit() -> None:
    asyncio.run(_room_limit())


async def _lobby() -> None:
    server = await start_server(None)
    try:
        host = await Peer.open(server.port)
        await host.create("royal_road", 3, name="Host")
        assert (await _error(host, {"type": "start"}))["code"] == "seats_open"
        await host.send({"type": "set_rules", "rules": {"no_key": 1}})
        assert (await host.expect("error"))["code"] == "bad_rules"
        await host.send({"type": "set_rules", "rules": {"track_cards": 10}, "id": "r"})
        await host.expect("ok", id="r")
        room = await host.expect("room")
        while room["rules"]["track_cards"] != 10:
            room = await host.expect("room")
        assert (await _error(host, {"type": "set_seat", "seat": 0, "kind": "computer"}))[
            "code"] == "own_seat"
        guest = await Peer.open(server.port)
        await guest.join(host.room, "Guest\u0000\u202e" + "x" * 100)
        lobby = await guest.expect("room")
        names = [s["name"] for s in lobby["seats"]]
        assert names[1].startswith("Guest") and len(names[1]) <= 24
        assert "\u0000" not in names[1]
        assert (await _error(guest, {"type": "set_seat", "seat": 2, "kind": "computer"}))[
            "code"] == "not_host"
        await host.send({"type": "set_seat", "seat": 2, "kind": "computer", "level": "easy",
                         "id": "s"})
        await host.expect("ok", id="s")
        late = await Peer.open(server.port)
        await late.send({"type": "join", "room": host.room})
        assert (await late.expect("error"))["code"] == "room_full"
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        state = await guest.expect("state")
        assert state["view"]["rules"]["track_cards"] == 10
        assert (await _error(host, {"type": "set_rules", "rules": {}}))["code"] == "started"
    finally:
        await server.close()


def test_lobby_rights_and_rules() -> None:
    asyncio.run(_lobby())
