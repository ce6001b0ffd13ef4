"""AI seats think in a separate process so the render loop never waits for them.

The parent sends ``(request id, game name, rules dict, to_dict(view), seat, level, seed)``;
the worker rebuilds the view with ``get_game(name, rules).from_dict(view_dict)``, asks the
agent and replies with the move's notation, which the parent parses back with
``parse_move``. Only views cross the pipe: an agent can never see hidden cards.

``InlineWorker`` answers in-process on the next poll; it exists for tests that must stay
deterministic and fast, and is never used by the product.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import traceback
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Request:
    id: int
    game: str
    rules: dict[str, Any]
    view: dict[str, Any]
    seat: int
    level: str
    seed: int


@dataclass(frozen=True)
class Reply:
    id: int
    move: str | None
    error: str | None = None


def choose(request: Request, games: dict | None = None) -> Reply:
    """Rebuild the view and let the agent pick; random legal move if the AI is missing."""
    from game.rules import get_game

    try:
        cache_key = (request.game, repr(sorted(request.rules.items())))
        game = games.get(cache_key) if games is not None else None
        if game is None:
            game = get_game(request.game, request.rules)
            if games is not None:
                games[cache_key] = game
        view = game.from_dict(request.view)
        try:
            from ai import make_agent
        except ImportError:
            make_agent = None
        move = None
        if make_agent is not None:
            agent = _agent(make_agent, game, request.level, request.seed)
            if agent is not None:
                move = agent.choose(view)
        if move is None:
            moves = game.legal_moves(view)
            move = random.Random(request.seed).choice(moves)
        return Reply(request.id, game.format_move(move))
    except Exception as error:  # noqa: BLE001 - reported to the parent, which falls back
        return Reply(request.id, None, f"{error.__class__.__name__}: {error}\n"
                                       f"{traceback.format_exc(limit=4)}")


def _agent(make_agent: Any, game: Any, level: str, seed: int) -> Any:
    """The agent a seat of ``level`` gets (the AI package decides kind per level)."""
    try:
        from ai import agent_for_level

        return agent_for_level(game, level, seed)
    except ImportError:
        pass
    except Exception:  # noqa: BLE001 - fall back to a kind that accepts the level
        pass
    for kind in ("heuristic", "ismcts"):
        try:
            return make_agent(kind, game, level=level, seed=seed)
        except Exception:  # noqa: BLE001 - an agent kind missing or refusing this level
            continue
    return None


def _serve(conn: Any) -> None:
    """Worker process main: answer requests until the pipe closes or ``None`` arrives."""
    games: dict = {}
    if hasattr(os, "nice"):
        # thinking yields the CPU to the render loop (frames stay smooth on two cores)
        with contextlib.suppress(OSError):
            os.nice(8)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        reply = choose(request, games)
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class AIWorker:
    """One spawned process per match; requests are answered in order."""

    def __init__(self, start: bool = True) -> None:
        self._process: Any = None
        self._conn: Any = None
        self._next = 1
        if start:  # the process imports while the table deals: no hitch at the first request
            self._start()

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._process = ctx.Process(target=_serve, args=(child,), daemon=True,
                                    name="herna-ai")
        self._process.start()
        child.close()
        self._conn = parent

    def request(self, game: str, rules: dict[str, Any], view: dict[str, Any], seat: int,
                level: str, seed: int) -> int:
        if self._process is None or not self._process.is_alive():
            self._start()
        request_id = self._next
        self._next += 1
        self._conn.send(Request(request_id, game, rules, view, seat, level, seed))
        return request_id

    def poll(self) -> list[Reply]:
        """Replies that have arrived; never blocks."""
        replies = []
        if self._conn is None:
            return replies
        try:
            while self._conn.poll(0):
                replies.append(self._conn.recv())
        except (EOFError, OSError):
            self._conn = None
        return replies

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._conn.send(None)
            self._conn.close()
            self._conn = None
        if self._process is not None:
            self._process.join(timeout=0.5)
            if self._process.is_alive():
                self._process.terminate()
            self._process = None


class InlineWorker:
    """Same-process stand-in for tests: the answer is computed on the next poll."""

    def __init__(self) -> None:
        self._pending: list[Request] = []
        self._next = 1
        self._games: dict = {}

    def request(self, game: str, rules: dict[str, Any], view: dict[str, Any], seat: int,
                level: str, seed: int) -> int:
        request_id = self._next
        self._next += 1
        self._pending.append(Request(request_id, game, rules, view, seat, level, seed))
        return request_id

    def poll(self) -> list[Reply]:
        pending, self._pending = self._pending, []
        return [choose(r, self._games) for r in pending]

    alive = True

    def close(self) -> None:
        self._pending.clear()
