"""``python -m tools.ai.hint_latency``: how long a hint takes to come back, per game.

    python -m tools.ai.hint_latency [--game G] [--positions N] [--seed S] [--core C]

Asks the client's real hint worker (``game.client.match.ai_worker.AIWorker``: a process of
its own, niced, with the hint's wall-clock guard) for the hint (``ai.hint_agent`` and its
``explain`` sentence) at ``--positions`` positions per game where the seat to move has a
choice (``ai.bench.sample_positions``), and prints the seconds from request to reply:
median and max per game, and the first request apart (the process starting and importing,
which the table hides by starting the worker before the first hint is asked). ``--core``
pins this process and the worker to one CPU, as on a busy two-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ai.bench import sample_positions
from ai.levels import HINT
from game.client.match.ai_worker import AIWorker, Reply
from game.rules import GAME_NAMES, get_game

PLAYERS = 2


def wait_for(worker: AIWorker, wanted: int, timeout: float = 60.0) -> Reply:
    """The reply to request ``wanted`` (the caller's clock runs meanwhile)."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        for reply in worker.poll():
            if reply.id == wanted:
                return reply
        time.sleep(0.002)
    raise TimeoutError(f"no reply to request {wanted} within {timeout} s")


def measure(name: str, positions: int, seed: int, lang: str) -> dict[str, Any]:
    game = get_game(name)
    states = sample_positions(game, PLAYERS, positions + 1, seed=seed)
    worker = AIWorker()
    times: list[float] = []
    first = 0.0
    try:
        for index, state in enumerate(states):
            seat = game.current_player(state)
            assert seat is not None
            view = game.to_dict(game.view(state, seat))
            start = time.perf_counter()
            wanted = worker.request(name, dict(game.rules), view, seat, HINT, index,
                                    explain_lang=lang)
            reply = wait_for(worker, wanted)
            seconds = time.perf_counter() - start
            if reply.move is None:
                raise RuntimeError(f"{name}: the hint failed: {reply.error}")
            if index == 0:
                first = seconds   # the process starting: not a hint's own time
            else:
                times.append(seconds)
    finally:
        worker.close()
    return {"positions": len(times), "median_s": round(statistics.median(times), 3),
            "max_s": round(max(times), 3), "first_with_start_s": round(first, 3)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.hint_latency",
                                     description="Seconds from asking a hint to its answer.")
    parser.add_argument("--game", choices=GAME_NAMES, help="one game (default: all)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--lang", default="cs", help="the language of the reason")
    parser.add_argument("--core", type=int, help="pin to this CPU (and the worker with it)")
    args = parser.parse_args(argv)
    if args.core is not None:
        os.sched_setaffinity(0, {args.core})  # the spawned worker inherits it
    for name in [args.game] if args.game else list(GAME_NAMES):
        figures = measure(name, max(1, args.positions), args.seed, args.lang)
        print(json.dumps({name: figures}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
