"""Protocol 2: a rematch in the same room, and the moves a returning seat or a late
spectator missed (``history``), rebuilt exactly as they were sent live."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from game.rules import get_game
from tests.support.server_support import (
    Peer,
    check_no_leaks,
    full_states,
    play_people,
    random_reply,
    secrets_of,
    start_server,
)

FAST = {"messages_per_second": 1000.0, "burst": 1000}


def _live(peer: Peer, seat: int | None) -> list[dict]:
    """The move frames ``peer`` got live for ``seat`` (snapshots left out)."""
    return [f for f in peer.frames if f["type"] == "state" and f["seat"] == seat
            and f["last"] is not None]


async def _history_matches_live() -> None:
    server = await start_server(None, **FAST)
    try:
        a = await Peer.open(server.port)
        await a.create("cut_the_rope", 3, name="Ann")
        b = await Peer.open(server.port)
        await b.join(a.room, "Bob")
        await a.send({"type": "set_seat", "seat": 2, "kind": "computer", "id": "s"})
        await a.expect("ok", id="s")
        watcher = await Peer.open(server.port)
        await watcher.send({"type": "watch", "room": a.room})
        await watcher.expect("watching")
        await a.send({"type": "start"})
        game = get_game("cut_the_rope")
        rng = random.Random(7)
        by_seat = {0: a, 1: b}
        while len(server.rooms[a.room].room.moves) < 12:
            frame = await a.latest("state")
            mover = by_seat.get(frame["to_move"])
            if mover is None:
                continue
            mine = frame if mover is a else await mover.expect("state", ply=frame["ply"])
            await mover.send({"type": "move", "move": random_reply(game, mine, rng),
                              "ply": mine["ply"]})
        await asyncio.sleep(0.3)
        plies = len(server.rooms[a.room].room.moves)
        # Bob, from a second computer, comes back with nothing: every move since the start
        again = await Peer.open(server.port)
        await again.send({"type": "resume", "room": a.room, "token": b.token, "since": 0})
        history = await again.expect("history")
        snapshot = await again.expect("state")
        assert history["seat"] == 1 and history["since"] == 0
        assert history["view"] == next(f for f in b.frames if f["type"] == "state")["view"]
        live = _live(b, 1)[:plies]
        assert [p["ply"] for p in history["plies"]] == list(range(1, plies + 1))
        assert history["plies"] == live  # the very frames Bob was sent, field for field
        assert snapshot["last"] is None and snapshot["ply"] == plies
        # from a ply on: only what came after
        later = await Peer.open(server.port)
        await later.send({"type": "resume", "room": a.room, "token": b.token, "since": 5})
        part = await later.expect("history")
        assert part["since"] == 5 and part["plies"] == live[5:]
        # nothing missed: no history, only the position
        now = await Peer.open(server.port)
        await now.send({"type": "resume", "room": a.room, "token": a.token, "since": plies})
        await now.expect("state")
        assert not [f for f in now.frames if f["type"] == "history"]
        # a late spectator sees the public story from the start, as the early one did
        late = await Peer.open(server.port)
        await late.send({"type": "watch", "room": a.room, "since": 0})
        public = await late.expect("history")
        assert public["seat"] is None and public["plies"] == _live(watcher, None)[:plies]
        states = full_states(server, a.room)
        secrets = secrets_of(server, a.room, states)
        assert check_no_leaks("cut_the_rope", again, states, 1, secrets) == plies + 2
        assert check_no_leaks("cut_the_rope", late, states, None, secrets) == plies + 2
        for peer in (a, b, watcher, again, later, now, late):
            await peer.close()
    finally:
        await server.close()


def test_a_returning_seat_and_a_late_spectator_get_the_moves_they_missed() -> None:
    asyncio.run(_history_matches_live())


async def _rematch(data: Path) -> None:
    server = await start_server(data, **FAST)
    try:
        a = await Peer.open(server.port)
        await a.create("cesta", 2, name="Ann")
        b = await Peer.open(server.port)
        await b.join(a.room, "Bob")
        await b.send({"type": "rematch", "id": "early"})
        early = await b.expect("error", id="early")
        assert early["code"] == "not_over"
        await a.send({"type": "start"})
        first = await play_people("cesta", [a, b], random.Random(3))
        assert first["status"] == "over" and first["game_number"] == 1
        old_moves = list(server.rooms[a.room].room.moves)
        # the guest asks: everyone sees it; nothing starts
        await b.send({"type": "rematch", "id": "ask"})
        await b.expect("ok", id="ask")
        asked = await a.expect("room", status="over")
        while not asked["seats"][1].get("rematch"):
            asked = await a.expect("room")
        assert not asked["seats"][0].get("rematch") and asked["status"] == "over"
        # the host starts it: same room, same seats and tokens, a new game
        await a.send({"type": "rematch", "id": "go"})
        room = await b.expect("room", status="playing", game_number=2)
        assert room["game_number"] == 2 and room["ply"] == 0
        assert [s["name"] for s in room["seats"]] == ["Ann", "Bob"]
        assert not any(s.get("rematch") for s in room["seats"])
        start = await b.expect("state", game_number=2)
        assert start["ply"] == 0 and start["seat"] == 1 and start["last"] is None
        await a.expect("ok", id="go")
        live = server.rooms[a.room].room
        assert live.moves == [] and live.status == "playing"
        # a restart keeps the count, and the old tokens resume the new game
        await a.close()
        await b.close()
        await server.close()
        server = await start_server(data, **FAST)
        back = await Peer.open(server.port)
        await back.send({"type": "resume", "room": a.room, "token": b.token, "since": 0})
        again = await back.expect("room")
        assert again["game_number"] == 2 and again["status"] == "playing"
        state = await back.expect("state")
        assert state["game_number"] == 2 and state["ply"] == 0
        assert server.rooms[a.room].room.moves != old_moves or not old_moves
        await back.close()
    finally:
        await server.close()


def test_a_rematch_in_the_same_room(tmp_path: Path) -> None:
    asyncio.run(_rematch(tmp_path))


def test_since_counted_in_an_earlier_game_of_the_room_means_from_the_start() -> None:
    from game.server.room import Room
    from game.server.server import _since

    room = Room.create("cesta", None, 2, "127.0.0.1")
    room.game_number = 2
    assert _since({"since": 7, "game_number": 1}, room) == 0
    assert _since({"since": 7, "game_number": 2}, room) == 7
    assert _since({"since": 7}, room) == 7
    assert _since({}, room) is None


async def _late_wish() -> None:
    server = await start_server(None, **FAST)
    try:
        a = await Peer.open(server.port)
        await a.create("cesta", 2, name="Ann")
        b = await Peer.open(server.port)
        await b.join(a.room, "Bob")
        await a.send({"type": "start"})
        await play_people("cesta", [a, b], random.Random(4))
        await a.send({"type": "rematch", "game_number": 1, "id": "go"})
        await a.expect("ok", id="go")
        # Bob presses Rematch on his results after the next game began: nothing happens
        await b.send({"type": "rematch", "game_number": 1, "id": "late"})
        await b.expect("ok", id="late")
        room = server.rooms[a.room].room
        assert room.game_number == 2 and room.status == "playing" and not room.rematch_asks
    finally:
        await server.close()


def test_a_wish_for_a_rematch_that_already_began_changes_nothing() -> None:
    asyncio.run(_late_wish())
