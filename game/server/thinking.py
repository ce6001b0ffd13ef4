"""Computer seats: the project's agents, run off the event loop on the seat's view only.

``think`` runs in a worker process (``ProcessPoolExecutor``; a thread pool is offered for
tests and tiny machines): it receives the seat's view as ``to_dict`` data, never the full
state, rebuilds it with ``from_dict`` and asks ``ai.agent_for_level``. Its seed comes from
``secrets`` per request and has nothing to do with the room's seed, so a computer seat
cannot be steered into knowing the deck. The answer is notation, parsed by the room like
any person's move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from functools import lru_cache
from typing import Any

from game.rules import get_game

log = logging.getLogger("herna.server")


@lru_cache(maxsize=32)
def _engine(name: str, rules_json: str) -> Any:
    import json

    return get_game(name, json.loads(rules_json))


def think(name: str, rules_json: str, view: dict[str, Any], level: str, seed: int) -> str:
    """The notation of the move an agent of ``level`` picks for the seat of ``view``."""
    from ai import agent_for_level

    game = _engine(name, rules_json)
    state = game.from_dict(view)
    agent = agent_for_level(game, level, seed)
    return str(game.format_move(agent.choose(state)))


def fallback_move(game: Any, state_view: Any) -> Any:
    """A random legal move when an agent failed (the game must never freeze)."""
    return random.Random(secrets.randbits(64)).choice(game.legal_moves(state_view))


def _worker_setup(parent: int) -> None:
    """In each AI worker: yield the CPU to the event loop's process, and end when the
    server is gone (after a ``kill -9`` nobody else would stop an idle worker)."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(5)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="herna-ai-parent").start()


class Thinker:
    """A pool of workers for computer seats; rebuilt if a worker dies."""

    def __init__(self, workers: int = 1, kind: str = "process") -> None:
        self.workers = max(1, workers)
        self.kind = kind
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.kind == "thread":
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    self.workers, thread_name_prefix="herna-ai")
            else:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_setup, initargs=(os.getpid(),))
        return self._pool

    async def choose(self, name: str, rules_json: str, view: dict[str, Any],
                     level: str) -> str | None:
        """The agent's notation, or ``None`` when it failed (the caller falls back)."""
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(32)
        try:
            return await loop.run_in_executor(self._executor(), think, name, rules_json,
                                              view, level, seed)
        except concurrent.futures.process.BrokenProcessPool:
            log.warning("an AI worker died; starting a new pool")
            self._pool = None
            return None
        except Exception:  # noqa: BLE001 - an agent bug must not stop the room
            log.exception("the AI failed on a %s view", name)
            return None

    def close(self) -> None:
        if self._pool is not None:
            # a thread cannot be stopped: wait for its move, so nothing outlives the server
            # (a process is left to finish on its own; the server's stop must not wait)
            self._pool.shutdown(wait=self.kind == "thread", cancel_futures=True)
            self._pool = None
