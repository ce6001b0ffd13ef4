"""A bounded load test of the server, run from a checkout: ``python -m tools.server_load
--rooms N --seconds S`` (or ``python tools/server_load.py ...`` with the game installed).

Starts ``herna serve`` in a child process on a free loopback port (or uses ``--url``),
then runs N rooms at once, each with two simulated people who answer every turn with a
random legal move from their own view as fast as the server answers. When a room's game
ends, its people create a new room. Optionally ``--idle M`` more rooms sit in their lobby
with one connection each (what a mostly idle server holds). After S seconds everything
stops and one JSON line reports moves per second, games and rooms per second, the move
round-trip latency (send → own new position) and the server's memory.

The simulated people share the machine with the server: on a small machine the figures
are a lower bound for the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.rules import GAME_NAMES, get_game


@dataclass
class Stats:
    moves: int = 0
    games: int = 0
    rooms: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)


# the server allows one address 8 handshakes in progress, and every simulated person comes
# from this one: they open their connections a few at a time, as people far apart would
HANDSHAKES = asyncio.Semaphore(4)


@contextlib.asynccontextmanager
async def _connected(url: str) -> AsyncIterator[ClientConnection]:
    async with HANDSHAKES:
        ws = await connect(url)
    async with ws:
        yield ws


async def _recv(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await ws.recv())
    return message


async def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame = await _recv(ws)
        if frame["type"] == kind:
            return frame
        if frame["type"] == "error":
            raise RuntimeError(frame)


async def _one_room(url: str, game_name: str, stats: Stats, deadline: float,
                    rng: random.Random) -> None:
    game = get_game(game_name)
    async with _connected(url) as host, _connected(url) as guest:
        await _until(host, "welcome")
        await _until(guest, "welcome")
        await host.send(json.dumps({"type": "create", "game": game_name, "seats": 2}))
        code = (await _until(host, "joined"))["room"]
        await guest.send(json.dumps({"type": "join", "room": code}))
        await _until(guest, "joined")
        await host.send(json.dumps({"type": "start"}))
        stats.rooms += 1

        async def seat(ws: ClientConnection) -> None:
            sent_at: float | None = None
            while time.monotonic() < deadline:
                frame = await _recv(ws)
                if frame["type"] == "error":
                    stats.errors += 1
                    continue
                if frame["type"] != "state":
                    continue
                if sent_at is not None and frame["last"] and \
                        frame["last"]["seat"] == frame["seat"]:
                    stats.latencies.append(time.monotonic() - sent_at)
                    stats.moves += 1
                    sent_at = None
                if frame["status"] == "over":
                    return
                if frame["your_turn"]:
                    view = game.from_dict(frame["view"])
                    move = game.format_move(rng.choice(game.legal_moves(view)))
                    sent_at = time.monotonic()
                    await ws.send(json.dumps({"type": "move", "move": move,
                                              "ply": frame["ply"]}))

        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(seat(host), seat(guest)),
                                   max(0.1, deadline - time.monotonic()) + 1.0)
        if time.monotonic() < deadline:
            stats.games += 1


async def _room_loop(url: str, game_name: str, stats: Stats, deadline: float,
                     seed: int) -> None:
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        try:
            await _one_room(url, game_name, stats, deadline, rng)
        except (ConnectionClosed, OSError, RuntimeError):
            stats.errors += 1
            await asyncio.sleep(0.1)


async def _idle_room(url: str, ready: asyncio.Event, stop: asyncio.Event) -> None:
    async with _connected(url) as ws:
        await _until(ws, "welcome")
        await ws.send(json.dumps({"type": "create", "game": "cut_the_rope", "seats": 6}))
        await _until(ws, "joined")
        ready.set()
        await stop.wait()


async def run(url: str, rooms: int, seconds: float, games: list[str], idle: int,
              server_pid: int | None) -> dict[str, Any]:
    stop = asyncio.Event()
    idle_tasks = []
    for _ in range(idle):  # opened a few at a time, as real clients would
        ready = asyncio.Event()
        idle_tasks.append(asyncio.get_running_loop().create_task(_idle_room(url, ready, stop)))
        await asyncio.wait_for(ready.wait(), 10)
    idle_rss = _rss_kib(server_pid)
    stats = Stats()
    start = time.monotonic()
    deadline = start + seconds
    await asyncio.gather(*(_room_loop(url, games[i % len(games)], stats, deadline, i)
                           for i in range(rooms)))
    elapsed = time.monotonic() - start
    rss = _rss_kib(server_pid)
    stop.set()
    await asyncio.gather(*idle_tasks, return_exceptions=True)
    lat = sorted(stats.latencies) or [0.0]
    return {"rooms_at_once": rooms, "idle_rooms": idle, "seconds": round(elapsed, 1),
            "games": games, "moves": stats.moves,
            "moves_per_s": round(stats.moves / elapsed, 1),
            "games_finished": stats.games, "rooms_created_per_s": round(stats.rooms / elapsed, 2),
            "latency_ms_p50": round(1000 * statistics.median(lat), 2),
            "latency_ms_p99": round(1000 * lat[int(0.99 * (len(lat) - 1))], 2),
            "errors": stats.errors, "server_rss_mib_idle": _mib(idle_rss),
            "server_rss_mib_end": _mib(rss)}


def _rss_kib(pid: int | None) -> int | None:
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.server_load",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=20, help="rooms playing at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to play")
    parser.add_argument("--game", choices=(*GAME_NAMES, "all"), default="all")
    parser.add_argument("--idle", type=int, default=0, help="extra rooms idle in a lobby")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--no-fsync", action="store_true", help="pass --no-fsync to it")
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= 5000 or not 0 < args.seconds <= 600 or \
            not 0 <= args.idle <= 20000:
        parser.error("keep it bounded: 1..5000 rooms, 0..600 seconds, 0..20000 idle")
    games = list(GAME_NAMES) if args.game == "all" else [args.game]
    process = None
    url = args.url
    with tempfile.TemporaryDirectory(prefix="herna-load-") as data:
        if url is None:
            many = str(10 * (args.rooms * 2 + args.idle) + 100)
            command = [sys.executable, "-m", "game.server", "--port", "0", "--data", data,
                       "--log-level", "warning", "--rooms-per-address", many,
                       "--connections-per-address", many, "--messages-per-second", "1000"]
            if args.no_fsync:
                command.append("--no-fsync")
            process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                       env=dict(os.environ, PYTHONUNBUFFERED="1"))
            assert process.stdout is not None
            line = process.stdout.readline()
            if "ws://" not in line:
                print(f"the server did not start: {line!r}", file=sys.stderr)
                return 1
            url = next(word for word in line.split() if word.startswith("ws://"))
        try:
            result = asyncio.run(run(url, args.rooms, args.seconds, games, args.idle,
                                     process.pid if process else None))
        finally:
            if process is not None:
                process.terminate()
                process.wait(20)
    result["fsync"] = not args.no_fsync
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
