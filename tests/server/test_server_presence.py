"""People leaving and ending a game online: quitting for good or for a while, the people
present deciding for an empty seat (alone in a two-seat game, by majority in a larger one),
resigning, ending by agreement, a host handing the lobby on, chat, and versions."""

from __future__ import annotations

import asyncio
from typing import Any

from game.server.room import Room
from tests.support.server_support import Peer, start_server

FAST = {"messages_per_second": 1000.0, "burst": 1000}


async def _room(server: Any, game: str, names: list[str], start: bool = True) -> list[Peer]:
    host = await Peer.open(server.port)
    await host.create(game, len(names), name=names[0])
    peers = [host]
    for name in names[1:]:
        peer = await Peer.open(server.port)
        await peer.join(host.room or "", name)
        peers.append(peer)
    if start:
        await host.send({"type": "start", "id": "go"})
        await host.expect("ok", id="go")
        for peer in peers:
            await peer.expect("state")
    return peers


async def _notice(peer: Peer, kind: str) -> dict[str, Any]:
    """The next notice of ``kind`` (earlier notices of other kinds are passed over)."""
    frame = await peer.expect("notice")
    while frame["kind"] != kind:
        frame = await peer.expect("notice")
    return frame


async def _room_where(peer: Peer, condition: Any) -> dict[str, Any]:
    frame = await peer.expect("room")
    while not condition(frame):
        frame = await peer.expect("room")
    return frame


async def _two_seats_left_for_good() -> None:
    server = await start_server(None, seat_timeout=60.0, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"])
        await bob.send({"type": "quit", "for_good": True, "id": "q"})
        await bob.expect("left", id="q")
        left = await _notice(ann, "left")
        assert left["seat"] == 1 and left["name"] == "Bob"
        await _room_where(ann, lambda f: f["seats"][1].get("left"))
        # the one left decides alone, at once (no timeout for a seat left for good)
        await ann.send({"type": "decide", "seat": 1, "choice": "end", "id": "d"})
        await ann.expect("ok", id="d")
        await _notice(ann, "abandoned")
        over = await _room_where(ann, lambda f: f["status"] == "over")
        assert over["result"] == {"winners": [], "reason": "abandoned"}
        final = await ann.latest()
        assert final["status"] == "over" and final["result"]["reason"] == "abandoned"
        await ann.close()
    finally:
        await server.close()


def test_the_one_left_in_a_two_seat_game_ends_it_as_abandoned():
    asyncio.run(_two_seats_left_for_good())


async def _away_then_computer() -> None:
    server = await start_server(None, seat_timeout=60.0, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"])
        await bob.send({"type": "quit", "for_good": False, "id": "q"})
        await bob.expect("left", id="q")
        away = await _notice(ann, "away")
        assert away["seat"] == 1
        await ann.send({"type": "decide", "seat": 1, "choice": "computer", "id": "soon"})
        assert (await ann.expect("error", id="soon"))["code"] == "too_soon"
        # past the timeout (the seat's away clock, moved back) a computer may take over
        server.rooms[ann.room or ""].room.seats[1].away_since -= 61.0
        await ann.send({"type": "decide", "seat": 1, "choice": "computer", "level": "easy",
                        "id": "d"})
        await ann.expect("ok", id="d")
        taken = await _notice(ann, "computer")
        assert taken["seat"] == 1 and taken["by"] == 0
        await _room_where(ann, lambda f: f["seats"][1]["kind"] == "computer")
        await ann.close()
    finally:
        await server.close()


def test_an_away_seat_goes_to_a_computer_after_the_timeout():
    asyncio.run(_away_then_computer())


async def _majority() -> None:
    server = await start_server(None, **FAST)
    try:
        ann, bob, cyd = await _room(server, "cut_the_rope", ["Ann", "Bob", "Cyd"])
        await cyd.send({"type": "quit", "for_good": True, "id": "q"})
        await cyd.expect("left", id="q")
        await _notice(ann, "left")
        await ann.send({"type": "decide", "seat": 2, "choice": "end", "id": "a"})
        await ann.expect("ok", id="a")
        vote = await _notice(bob, "vote")
        assert vote["seat"] == 0 and vote["about"] == 2 and vote["choice"] == "end"
        await bob.send({"type": "decide", "seat": 2, "choice": "computer", "id": "b"})
        await bob.expect("ok", id="b")
        assert server.rooms[ann.room or ""].room.status == "playing"  # one each: no majority
        await bob.send({"type": "decide", "seat": 2, "choice": "end", "id": "b2"})
        await bob.expect("ok", id="b2")
        await _notice(ann, "abandoned")
        over = await _room_where(ann, lambda f: f["status"] == "over")
        assert over["result"]["reason"] == "abandoned"
        for peer in (ann, bob):
            await peer.close()
    finally:
        await server.close()


def test_in_a_larger_game_the_people_present_decide_by_majority():
    asyncio.run(_majority())


async def _resign_and_agree() -> None:
    server = await start_server(None, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"])
        await ann.send({"type": "resign", "id": "r"})
        await ann.expect("ok", id="r")
        await _notice(bob, "resigned")
        over = await _room_where(bob, lambda f: f["status"] == "over")
        assert over["result"] == {"winners": [1], "reason": "resigned"}
        await ann.send({"type": "rematch", "id": "again"})
        await ann.expect("ok", id="again")
        await ann.expect("state", game_number=2)
        await ann.send({"type": "end_game", "agree": True, "id": "e"})
        await ann.expect("ok", id="e")
        await _notice(bob, "end_offer")
        await bob.send({"type": "end_game", "agree": True, "id": "e2"})
        await bob.expect("ok", id="e2")
        await _notice(ann, "agreed")
        over = await _room_where(ann, lambda f: f["status"] == "over" and
                                 f["game_number"] == 2)
        assert over["result"] == {"winners": [], "reason": "agreed"}
        for peer in (ann, bob):
            await peer.close()
    finally:
        await server.close()


def test_resigning_and_ending_by_agreement():
    asyncio.run(_resign_and_agree())


async def _host_hands_on() -> None:
    server = await start_server(None, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"], start=False)
        await ann.send({"type": "leave", "id": "l"})
        await ann.expect("left", id="l")
        handed = await _notice(bob, "host")
        assert handed["seat"] == 1
        room = await _room_where(bob, lambda f: f["host"] == 1)
        assert room["seats"][0]["kind"] == "open"
        await bob.send({"type": "set_seat", "seat": 0, "kind": "computer", "id": "s"})
        await bob.expect("ok", id="s")  # the new host has the host's rights
        await bob.close()
    finally:
        await server.close()


def test_a_host_who_leaves_the_lobby_hands_it_to_the_next_person():
    asyncio.run(_host_hands_on())


async def _chat() -> None:
    server = await start_server(None, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"], start=False)
        await ann.send({"type": "chat", "text": "hi\x00\x1b[31m there\n" + "x" * 500})
        said = await bob.expect("chat")
        assert said["seat"] == 0 and said["name"] == "Ann"
        assert said["text"].startswith("hi [31m there x") and len(said["text"]) == 200
        assert all(ch.isprintable() for ch in said["text"])
        await bob.send({"type": "chat", "quick": "good_game"})
        assert (await ann.expect("chat", seat=1))["quick"] == "good_game"
        await bob.send({"type": "chat", "quick": "<script>", "id": "bad"})
        assert (await bob.expect("error", id="bad"))["code"] == "bad_field"
        codes = []
        for index in range(8):  # bursts of five, then the chat limit
            await ann.send({"type": "chat", "text": f"spam {index}", "id": f"c{index}"})
        for _ in range(8):
            frame = await ann.next_frame()
            while frame["type"] not in ("chat", "error"):
                frame = await ann.next_frame()
            codes.append(frame.get("code", "chat"))
        assert "rate_limited" in codes
        watcher = await Peer.open(server.port)
        await watcher.send({"type": "watch", "room": ann.room, "id": "w"})
        await watcher.expect("watching", id="w")
        await watcher.send({"type": "chat", "text": "hello", "id": "x"})
        assert (await watcher.expect("error", id="x"))["code"] == "not_seated"
        for peer in (ann, bob, watcher):
            await peer.close()
    finally:
        await server.close()


def test_chat_is_cleaned_limited_and_for_the_players():
    asyncio.run(_chat())


async def _versions() -> None:
    server = await start_server(None, **FAST)
    try:
        peer = await Peer.open(server.port)
        await peer.send({"type": "hello", "protocol": 99, "version": "9.0", "id": "h"})
        newer = await peer.expect("error", id="h")
        assert newer["code"] == "version" and newer["newer"] == "client"
        assert newer["protocol"] == 3 and "update the server" in newer["message"]
        await peer.send({"type": "hello", "protocol": 0, "id": "h0"})
        older = await peer.expect("error", id="h0")
        assert older["newer"] == "server" and "update the client" in older["message"]
        await peer.send({"type": "hello", "protocol": 3, "id": "ok"})
        welcome = await peer.expect("welcome", id="ok")
        assert welcome["version"] and 3 in welcome["supported"]
        await peer.close()
    finally:
        await server.close()


def test_versions_that_do_not_meet_say_which_side_to_update():
    asyncio.run(_versions())


async def _comes_back() -> None:
    server = await start_server(None, **FAST)
    try:
        ann, bob = await _room(server, "cesta", ["Ann", "Bob"])
        token = bob.token
        await bob.send({"type": "quit", "for_good": True, "id": "q"})
        await bob.expect("left", id="q")
        await _notice(ann, "left")
        again = await Peer.open(server.port)
        await again.send({"type": "resume", "room": ann.room, "token": token, "id": "r"})
        await again.expect("joined", id="r")
        await _notice(ann, "back")
        room = await _room_where(ann, lambda f: f["seats"][1]["connected"])
        assert not room["seats"][1].get("left")
        for peer in (ann, again):
            await peer.close()
    finally:
        await server.close()


def test_a_person_who_left_may_still_come_back_while_nobody_took_the_seat():
    asyncio.run(_comes_back())


def test_endings_and_departures_survive_a_restart():
    room = Room.create("cesta", None, 2, "127.0.0.1")
    room.take_seat("Ann", 0)
    room.take_seat("Bob", 1)
    room.start(0)
    room.quit(1, True)
    room.finish([], "abandoned")
    again = Room.from_record(room.to_record())
    assert again.seats[1].left and again.result() == {"winners": [], "reason": "abandoned"}
    assert again.status == "over"


async def _aids() -> None:
    server = await start_server(None, **FAST)
    try:
        host = await Peer.open(server.port)
        await host.send({"type": "create", "game": "cesta", "seats": 2, "aids": True,
                         "id": "c"})
        await host.expect("joined", id="c")
        assert (await host.expect("room"))["aids"] is True
        other = await Peer.open(server.port)
        await other.create("cesta", 2)
        assert (await other.expect("room"))["aids"] is False
        third = await Peer.open(server.port)
        await third.send({"type": "create", "game": "cesta", "seats": 2, "aids": "yes",
                          "id": "bad"})
        assert (await third.expect("error", id="bad"))["code"] == "bad_field"
        for peer in (host, other, third):
            await peer.close()
    finally:
        await server.close()


def test_the_host_allows_private_aids_for_the_whole_room_at_creation():
    asyncio.run(_aids())
