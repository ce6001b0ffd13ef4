"""Rooms survive: a dropped client gets its seat back with its token, a seat whose person
stays away goes to a computer, and a restarted server (also after ``kill -9``) reloads
every room from its data folder and the game goes on to its end."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from game.rules import get_game
from game.server.room import Room
from game.server.store import Store
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


async def _play_some(game_name: str, peers: list[Peer], moves: int,
                     rng: random.Random) -> None:
    """The people play ``moves`` moves between them (computer seats answer on their own)."""
    game = get_game(game_name)
    by_seat = {p.seat: p for p in peers}
    done = 0
    while done < moves:
        frame = await peers[0].latest("state")
        mover = by_seat.get(frame["to_move"])
        if mover is None:
            continue  # a computer's turn
        mine = frame if mover is peers[0] else await mover.expect("state", ply=frame["ply"])
        await mover.send({"type": "move", "move": random_reply(game, mine, rng),
                          "ply": mine["ply"]})
        done += 1


async def _reconnect() -> None:
    server = await start_server(None, seat_timeout=0.5, **FAST)
    try:
        a = await Peer.open(server.port)
        await a.create("cut_the_rope", 3, name="Ann")
        b = await Peer.open(server.port)
        await b.join(a.room, "Bob")
        c = await Peer.open(server.port)
        await c.join(a.room, "Cyd")
        await a.send({"type": "start"})
        first = await a.expect("state")
        # Bob drops; the others see him away with a countdown
        b_token, b_seat = b.token, b.seat
        await b.close()
        away = await a.expect("room")
        while away["status"] != "playing" or away["seats"][b_seat]["kind"] != "person" or \
                away["seats"][b_seat]["connected"]:
            away = await a.expect("room")
        assert "replace_in" in away["seats"][b_seat]
        # Bob comes back on a new connection with his token: the same seat and its view
        b2 = await Peer.open(server.port)
        await b2.send({"type": "resume", "room": a.room, "token": b_token})
        joined = await b2.expect("joined")
        assert joined["seat"] == b_seat and "token" not in joined
        b2.seat, b2.token, b2.room = b_seat, b_token, a.room
        snapshot = await b2.expect("state")
        assert snapshot["seat"] == b_seat and snapshot["ply"] == first["ply"]
        assert snapshot["events"] == []
        back = await a.expect("room")
        while not back["seats"][b_seat]["connected"]:
            back = await a.expect("room")
        # Cyd leaves for good; too soon, then a computer takes his seat
        c_token, c_seat = c.token, c.seat
        await c.close()
        await a.send({"type": "set_seat", "seat": c_seat, "kind": "computer"})
        assert (await a.expect("error"))["code"] in ("too_soon", "seat_present")
        await asyncio.sleep(0.7)
        await a.send({"type": "set_seat", "seat": c_seat, "kind": "computer",
                      "level": "easy", "id": "r"})
        await a.expect("ok", id="r")
        c2 = await Peer.open(server.port)
        await c2.send({"type": "resume", "room": a.room, "token": c_token})
        assert (await c2.expect("error"))["code"] == "seat_taken"
        final = await play_people("cut_the_rope", [a, b2], random.Random(11))
        assert final["status"] == "over"
        states = full_states(server, a.room)
        secrets = secrets_of(server, a.room, states)
        for peer in (a, b2):
            check_no_leaks("cut_the_rope", peer, states, peer.seat, secrets)
    finally:
        await server.close()


def test_reconnect_with_token_and_computer_takes_over() -> None:
    asyncio.run(_reconnect())


async def _restart(data: Path) -> None:
    server = await start_server(data, **FAST)
    a = await Peer.open(server.port)
    await a.create("royal_road", 3, name="Ann")
    b = await Peer.open(server.port)
    await b.join(a.room, "Bob")
    await a.send({"type": "set_seat", "seat": 2, "kind": "computer", "level": "easy"})
    await a.send({"type": "start"})
    rng = random.Random(3)
    await _play_some("royal_road", [a, b], 4, rng)
    await asyncio.sleep(0.2)
    moves_before = list(server.rooms[a.room].room.moves)
    assert moves_before
    await server.close()
    # a new server on the same folder: the room, its seats and its moves are back
    server = await start_server(data, **FAST)
    try:
        live = server.rooms[a.room]
        assert live.room.moves[:len(moves_before)] == moves_before
        peers = []
        for old in (a, b):
            peer = await Peer.open(server.port)
            await peer.send({"type": "resume", "room": old.room, "token": old.token})
            await peer.expect("joined", seat=old.seat)
            peer.seat, peer.token, peer.room = old.seat, old.token, old.room
            peers.append(peer)
        final = await play_people("royal_road", peers, rng)
        assert final["status"] == "over"
        states = full_states(server, a.room)
        secrets = secrets_of(server, a.room, states)
        for peer in peers:
            check_no_leaks("royal_road", peer, states, peer.seat, secrets)
    finally:
        await server.close()


def test_restart_from_data_folder(tmp_path: Path) -> None:
    asyncio.run(_restart(tmp_path))


def test_bad_room_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    store = Store(tmp_path)
    room = Room.create("cesta", None, 2, "127.0.0.1")
    room.take_seat("A", 0)
    room.take_seat("B", 1)
    room.start(0)
    room.play(room.to_move, room.game.format_move(room.game.legal_moves(room.state)[0]))
    store.write(room.to_record())
    good = Room.from_record(json.loads(store.path(room.code).read_text()))
    assert good.moves == room.moves and good.game.to_dict(good.state) == \
        room.game.to_dict(room.state)
    record = room.to_record()
    record["code"] = "BADBADBA"
    record["moves"] = ["pass"]  # does not replay to the saved state
    broken = store.path("BADBADBA")
    broken.write_text(json.dumps(record))
    (tmp_path / "rooms" / "GARBAGE1.json").write_text("{not json")
    before = broken.read_text()
    loaded = store.load_all()
    assert [r.code for r in loaded] == [room.code]
    assert broken.read_text() == before
    assert "token" not in store.path(room.code).read_text().replace("token_hash", "")


def test_kill_9_mid_game_and_finish(tmp_path: Path) -> None:
    """The real command: ``python -m game.server`` killed with SIGKILL and started again."""
    asyncio.run(_kill_9(tmp_path))


async def _spawn(data: Path) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, "-m", "game.server", "--port", "0", "--data",
                                str(data), "--log-level", "warning"],
                               stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 20)
    assert "listening on ws://127.0.0.1:" in line, line
    port = int(line.split("ws://127.0.0.1:")[1].split()[0])
    return process, port


async def _kill_9(data: Path) -> None:
    process, port = await _spawn(data)
    try:
        a = await Peer.open(port)
        await a.create("cesta", 2, name="Ann")
        await a.send({"type": "set_seat", "seat": 1, "kind": "computer", "level": "easy"})
        await a.send({"type": "start"})
        game = get_game("cesta")
        rng = random.Random(8)
        moved = 0
        while moved < 6:
            frame = await a.latest("state")
            if frame["your_turn"]:
                await a.send({"type": "move", "move": random_reply(game, frame, rng),
                              "ply": frame["ply"]})
                moved += 1
        await a.expect("state")  # the sixth move is applied, hence written
    finally:
        process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(process.wait, 10)
    files = list((data / "rooms").glob("*.json"))
    assert [f.stem for f in files] == [a.room]
    saved = json.loads(files[0].read_text())
    assert len(saved["moves"]) >= 6
    process, port = await _spawn(data)
    try:
        peer = await Peer.open(port)
        await peer.send({"type": "resume", "room": a.room, "token": a.token})
        await peer.expect("joined", seat=0)
        peer.seat = 0
        final = await play_people("cesta", [peer], rng)
        assert final["status"] == "over" and final["result"]["winners"] is not None
        assert final["ply"] > len(saved["moves"])
        await peer.close()
    finally:
        process.send_signal(signal.SIGTERM)  # a clean stop: the loop closes its connections
        assert await asyncio.to_thread(process.wait, 15) == 0
