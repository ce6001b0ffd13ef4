"""AI seats think in a separate process so the render loop never waits for them.

The parent sends a ``Request`` (game name, rules dict, ``to_dict(view)``, seat, level and
a seed for the agent's own randomness — never the match seed, which would rebuild the
deal); the worker rebuilds the view with ``get_game(name, rules).from_dict(view_dict)``,
asks the seat's agent (``ai.agent_for_level``) and replies with the ``Move`` value itself
(a frozen dataclass of ours, pickled by ``multiprocessing`` between our own two processes;
nothing is ever unpickled from a file). Only views cross the pipe: an agent can never see
hidden cards.

A failure is never hidden: an agent that raises answers ``Reply(move=None, error=...)``
with the reason, a worker that cannot be reached raises ``WorkerError``, and the match
decides what to do (report it, start a fresh worker). The worker process exits as soon as
its parent is gone, even in the middle of a long search.

``InlineWorker`` answers in-process on the next poll: tests use it to stay deterministic,
and the match falls back to it when worker processes keep dying.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any

from ai import agent_for_level, hint_agent
from ai.levels import HINT, HINT_SECONDS
from game.client.i18n import N_, t
from game.client.match.ai_explain import explain_move
from game.client.match.types import AnyGame, Move
from game.rules import get_game

#: Why a computer player could not think, as the player reads it after "failed: ".
CANNOT_START = N_("its process could not start")
CANNOT_REACH = N_("its process stopped answering")


class WorkerError(Exception):
    """The worker process cannot be reached even after starting a fresh one.

    ``message`` is one of the messages above (``reason`` says it in the active language),
    ``detail`` the system's own text, for the log."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(f"{message} ({detail})" if detail else message)
        self.message = message
        self.detail = detail

    @property
    def reason(self) -> str:
        return t(self.message)


@dataclass(frozen=True)
class Request:
    id: int
    game: str
    rules: dict[str, Any]
    view: dict[str, Any]
    seat: int
    level: str
    seed: int
    explain_lang: str | None = None   # a hint: also say why, in this language


@dataclass(frozen=True)
class Reply:
    id: int
    move: Move | None
    error: str | None = None
    reason: str | None = None         # the agent's own one-line reason (hints only)


def choose(request: Request, games: dict[tuple[str, str], AnyGame] | None = None,
           capped: bool = False) -> Reply:
    """Rebuild the view and let the seat's agent pick; a failure is answered, not raised.

    ``level`` is a seat's level, or ``HINT`` for a hint (``ai.hint_agent``). ``capped`` (the
    worker process) adds the hint's wall-clock guard: the budget is a count, so tests
    answering in-process get the same move on any machine."""
    try:
        started = time.perf_counter()
        cache_key = (request.game, repr(sorted(request.rules.items())))
        game = games.get(cache_key) if games is not None else None
        if game is None:
            game = get_game(request.game, request.rules)
            if games is not None:
                games[cache_key] = game
        view = game.from_dict(request.view)
        if request.level == HINT:
            agent = hint_agent(game, request.seed)
            if capped:
                agent.deadline = started + HINT_SECONDS
        else:
            agent = agent_for_level(game, request.level, request.seed)
        move = agent.choose(view)
        reason = None
        if request.explain_lang is not None:
            reason = explain_move(agent, view, move, request.explain_lang)
        return Reply(request.id, move, reason=reason)
    except Exception as error:  # noqa: BLE001 - any agent failure is reported to the parent
        return Reply(request.id, None, f"{error.__class__.__name__}: {error}\n"
                                       f"{traceback.format_exc(limit=4)}")


def _exit_with_parent() -> None:
    """In the worker: end this process the moment the parent process is gone.

    A thread waits on the parent's sentinel, so even an agent deep in a search (seconds at
    the expert level) does not outlive a killed game.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)  # no cleanup to wait for: the worker holds nothing worth saving

    threading.Thread(target=watch, name="herna-ai-parent-watch", daemon=True).start()


def _serve(conn: Any) -> None:
    """Worker process main: answer requests until the pipe closes or ``None`` arrives."""
    _exit_with_parent()
    games: dict[tuple[str, str], AnyGame] = {}
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
        reply = choose(request, games, capped=True)
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

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def request(self, game: str, rules: dict[str, Any], view: dict[str, Any], seat: int,
                level: str, seed: int, explain_lang: str | None = None) -> int:
        """Queue a request; a dead worker is restarted once (``WorkerError`` if that fails)."""
        request_id = self._next
        self._next += 1
        message = Request(request_id, game, rules, view, seat, level, seed, explain_lang)
        for attempt in (1, 2):
            if self._conn is None or self._process is None or not self._process.is_alive():
                self._restart()
            try:
                self._conn.send(message)
                return request_id
            except (BrokenPipeError, EOFError, OSError) as error:
                if attempt == 2:
                    raise WorkerError(CANNOT_REACH, str(error)) from error
                self._process = None
        raise AssertionError("unreachable")

    def _restart(self) -> None:
        self.close()
        try:
            self._start()
        except OSError as error:
            raise WorkerError(CANNOT_START, str(error)) from error

    def poll(self) -> list[Reply]:
        """Replies that have arrived; never blocks."""
        replies: list[Reply] = []
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
    """Same-process worker: the answer is computed on the next poll (tests, last resort)."""

    def __init__(self) -> None:
        self._pending: list[Request] = []
        self._next = 1
        self._games: dict[tuple[str, str], AnyGame] = {}

    def request(self, game: str, rules: dict[str, Any], view: dict[str, Any], seat: int,
                level: str, seed: int, explain_lang: str | None = None) -> int:
        request_id = self._next
        self._next += 1
        self._pending.append(Request(request_id, game, rules, view, seat, level, seed,
                                     explain_lang))
        return request_id

    def poll(self) -> list[Reply]:
        pending, self._pending = self._pending, []
        return [choose(r, self._games) for r in pending]

    alive = True

    def close(self) -> None:
        self._pending.clear()
