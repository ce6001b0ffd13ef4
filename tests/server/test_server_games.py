"""Whole online games of each kind through a real server and real websocket clients.

People play random legal moves from their own views; computer seats run the project's
agents at the cheapest level on the server. Every frame each connection received is then
checked against the full states for cards its seat may not see.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from game.rules import get_game
from game.server.protocol import strings_in
from tests.support.server_support import (
    Peer,
    check_no_leaks,
    full_states,
    play_people,
    random_reply,
    secrets_of,
    start_server,
)


async def _whole_game(game_name: str, people: int, computers: int, seed: int) -> None:
    server = await start_server(None, messages_per_second=1000.0, burst=1000)  # bots are fast
    try:
        host = await Peer.open(server.port)
        await host.create(game_name, people + computers, name="Ada")
        others = []
        for n in range(people - 1):
            peer = await Peer.open(server.port)
            await peer.join(host.room, f"P{n}")
            others.append(peer)
        for seat in range(people, people + computers):
            await host.send({"type": "set_seat", "seat": seat, "kind": "computer",
                             "level": "easy", "id": f"s{seat}"})
            await host.expect("ok", id=f"s{seat}")
        watcher = await Peer.open(server.port)
        await watcher.send({"type": "watch", "room": host.room.lower()})
        await watcher.expect("watching")
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        final = await play_people(game_name, [host, *others], random.Random(seed))
        assert final["status"] == "over" and final["result"]["reason"]
        room_frame = await watcher.expect("room", status="over")
        assert room_frame["result"] == final["result"]
        await watcher.expect("state", status="over")
        states = full_states(server, host.room)
        secrets = secrets_of(server, host.room, states)
        checked = 0
        for peer in (host, *others):
            checked += check_no_leaks(game_name, peer, states, peer.seat, secrets)
        spectated = check_no_leaks(game_name, watcher, states, None, secrets)
        assert spectated == len(states)  # the start and one frame per move
        assert checked >= len(states) * people
        # the frames a seat got tell the same story as the full states
        last = [f for f in host.frames if f["type"] == "state"][-1]
        assert last["ply"] == len(states) - 1
        for peer in (host, *others, watcher):
            await peer.close()
    finally:
        await server.close()


@pytest.mark.parametrize(("game_name", "people", "computers", "seed"), [
    ("cesta", 2, 0, 1),
    ("cesta", 1, 1, 2),
    ("royal_road", 2, 1, 3),
    ("cut_the_rope", 2, 2, 4),
])
def test_whole_game_online(game_name: str, people: int, computers: int, seed: int) -> None:
    asyncio.run(_whole_game(game_name, people, computers, seed))


async def _checker_catches_a_leak() -> None:
    """The leak check itself: a frame with the other hand shown in it must fail."""
    server = await start_server(None, messages_per_second=1000.0, burst=1000)
    try:
        a = await Peer.open(server.port)
        await a.create("cesta", 2)
        b = await Peer.open(server.port)
        await b.join(a.room, "B")
        await a.send({"type": "start"})
        await a.expect("state")
        states = full_states(server, a.room)
        secrets = secrets_of(server, a.room, states)
        assert check_no_leaks("cesta", a, states, 0, secrets) == 1
        frame = next(f for f in a.frames if f["type"] == "state")
        honest = list(frame["view"]["hands"][1])
        assert set(honest) == {"??"}
        frame["view"]["hands"][1][0] = states[0]["hands"][1][0]
        with pytest.raises(AssertionError, match="saw"):
            check_no_leaks("cesta", a, states, 0, secrets)
        frame["view"]["hands"][1] = honest
        a.raw.append(json.dumps({"rng": states[0]["rng"]}))
        with pytest.raises(AssertionError, match="secret"):
            check_no_leaks("cesta", a, states, 0, secrets)
    finally:
        await server.close()


def test_leak_check_catches_a_shown_card() -> None:
    asyncio.run(_checker_catches_a_leak())


async def _couch() -> None:
    """Two people on one computer: one connection holds both seats and moves with "as"."""
    server = await start_server(None, messages_per_second=1000.0, burst=1000)
    try:
        couch = await Peer.open(server.port)
        await couch.create("cesta", 2, name="Ada")
        await couch.send({"type": "join", "room": couch.room, "name": "Ben", "id": "b"})
        second = await couch.expect("joined", id="b")
        assert second["seat"] == 1 and second["token"] != couch.token
        await couch.send({"type": "start"})
        game = get_game("cesta")
        rng = random.Random(4)
        while True:
            frame = await couch.latest("state")
            if frame["status"] == "over":
                break
            seat = frame["to_move"]
            # both seats' frames of a ply come together, the lower seat first
            mine = frame if frame["seat"] == seat else next(
                f for f in reversed(couch.frames) if f["type"] == "state"
                and f["seat"] == seat and f["ply"] == frame["ply"])
            await couch.send({"type": "move", "move": random_reply(game, mine, rng),
                              "ply": mine["ply"], "as": seat})
        states = full_states(server, couch.room)
        per_seat = {s: [f for f in couch.frames if f["type"] == "state" and f["seat"] == s]
                    for s in (0, 1)}
        assert len(per_seat[0]) == len(per_seat[1]) == len(states)
        for frame in per_seat[1]:  # seat 1's frames still hide seat 0's hand
            assert set(frame["view"]["hands"][0]) <= {"??", "?A"}
    finally:
        await server.close()


def test_two_seats_on_one_connection() -> None:
    asyncio.run(_couch())


def test_a_proof_claim_reaches_no_seat_with_the_cards_of_its_completion() -> None:
    """Cesta's proof claim names a best completion of off-table cards (in hands or the
    deck): the per-seat frames and the spectator's carry only unknowns for them."""
    from game.server.room import Room, Seat
    from game.server.server import Server
    from tests.rules.test_cesta_rules import build, end_turn

    game = get_game("cesta")
    state = build(sides={3: (["YA", "YK", "YO"], [], ["B7", "G8"], ["RUST"]),
                         2: (["GA", "GK", "G7"], [], ["B8", "B9", "Y9"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    _, full_events = end_turn(state, "play Y7 1")
    completion = next(e for e in full_events if e.type == "claim" and e.how == "proof"
                      ).best_completion
    assert completion  # the engine's own event names them
    room = Room("TESTROOM", "cesta", game, [Seat("person", "A"), Seat("person", "B")],
                status="playing", state=state)
    applied = room.play(1, "play Y7 1")
    if game.to_dict(room.state)["step"] == "draw":  # the claim comes with the next turn
        applied = room.play(1, "draw event")
    full = game.to_dict(room.state)
    hidden = {c for hand in full["hands"] for c in hand} | set(full["event_deck"])
    assert set(completion) <= hidden
    server = Server(None, durable=False)
    for seat in (0, 1, None):
        frame = server._state_frame(room, seat, applied)
        proofs = [e for e in frame["events"] if e["type"] == "claim" and e["how"] == "proof"]
        assert proofs and proofs[0]["best_completion"] == ["??"] * len(completion)
        own = set(full["hands"][seat]) if seat is not None else set()
        assert not (strings_in(frame["events"]) & (hidden - own)), seat
    server.thinker.close()
