"""Hints: the ``expert`` AI's move for the person to move, with its one-line reason.

Asked with a key on any table (F2 or ``?``). The expert sees only that person's view
(``game.view``), exactly like an AI seat, and thinks in a worker process of its own, so
the render loop never waits; its answer is shown only if the position has not moved on.
The expert plays on the hint budget (``ai.hint_agent``: its own search on a smaller count,
with a wall-clock guard in the worker), so the answer comes within about two seconds.
Hints are on whenever only people play, and against the computer unless the player turned
``hints_vs_ai`` off. Every hint given is counted per seat (``used``), for the statistics.
No pygame here: the table draws ``shown``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.levels import HINT
from game.client.i18n import language, t
from game.client.match.ai_worker import AIWorker, InlineWorker, WorkerError
from game.client.match.protocol import MatchLike
from game.client.match.types import Move

log = logging.getLogger("herna.match")

HINT_LEVEL = HINT   # the expert's search on the hint budget (``ai.hint_agent``)


@dataclass
class Hint:
    """A hint on the table: it stays until the position moves on (any move clears it),
    so the player can read the reason and find the marked cards at their own pace."""

    seat: int
    move: Move
    text: str            # the line shown: the move in words, and the reason when known
    ply: int = 0         # the position it is for (``len(match.history)``)


@dataclass
class Hints:
    match: MatchLike
    inline: bool = False                 # tests: answer in this process, deterministically
    shown: Hint | None = None
    message: str | None = None           # "thinking…", "hints are off" (short-lived)
    message_left: float = 0.0
    used: dict[int, int] = field(default_factory=dict)
    _worker: Any = None
    _pending: tuple[int, int, int] | None = None    # (request id, seat, ply)
    words: Callable[[Move], str] | None = None        # the table's words for a move

    def allowed(self, settings: Any) -> bool:
        match = self.match
        if not match.hints_offered:
            return False
        against_ai = any(seat.is_ai for seat in match.seats)
        return not against_ai or bool(settings["hints_vs_ai"])

    def ask(self, settings: Any) -> bool:
        """Ask for a hint for the person to move; False (with a message) when none may be
        given now."""
        match = self.match
        if not self.allowed(settings):
            return self._say(t("Hints against the computer are off: turn on “Hints against the "
                               "computer” in Settings."))
        if not match.waiting_for_human or match.to_move is None:
            return self._say(t("A hint is for the person to move, when it is their turn."))
        if self._pending is not None:
            return True
        seat = match.to_move
        view = match.game.to_dict(match.game.view(match.state, seat))
        if self._worker is None:
            self._worker = InlineWorker() if self.inline else AIWorker()
        try:
            request = self._worker.request(match.game_name, dict(match.game.rules), view,
                                           seat, HINT_LEVEL, match.hint_seed,
                                           explain_lang=language())
        except WorkerError as error:
            log.warning("no hint: %s", error)
            return self._say(t("No hint this time: the expert could not be asked. Try again "
                               "in a moment."))
        self._pending = (request, seat, len(match.history))
        self.shown = None
        self._say(t("The expert is thinking about your position…"), seconds=60.0)
        return True

    def _say(self, text: str, seconds: float = 2.5) -> bool:
        self.message, self.message_left = text, seconds
        return False

    def update(self, dt: float) -> None:
        if self.message is not None:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        if self.shown is not None and (len(self.match.history) != self.shown.ply
                                       or self.match.to_move != self.shown.seat):
            self.shown = None
        if self._pending is None or self._worker is None:
            return
        wanted, seat, ply = self._pending
        for reply in self._worker.poll():
            if reply.id != wanted:
                continue
            self._pending = None
            self.message = None
            if len(self.match.history) != ply or reply.move is None:
                if reply.move is None:
                    log.warning("no hint: %s", reply.error)
                    self._say(t("No hint this time: the expert's thinking ended in an error."))
                return  # the position moved on: an old hint would mislead
            words = self.words(reply.move) if self.words else \
                self.match.game.format_move(reply.move)
            text = t("Hint: {move}", move=words)
            if reply.reason:
                text = t("Hint: {move} — {reason}", move=words, reason=reply.reason)
            self.shown = Hint(seat, reply.move, text, ply)
            self.used[seat] = self.used.get(seat, 0) + 1
            self.match.hints_used[seat] = self.match.hints_used.get(seat, 0) + 1

    def look(self) -> object:
        """What the table draws of hints (the window redraws when it changes: a reply
        lands while nothing else moves)."""
        return (self.line, self._pending is not None)

    @property
    def line(self) -> str | None:
        """What the table shows now (the hint, or the short message)."""
        if self.shown is not None:
            return self.shown.text
        return self.message

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None
