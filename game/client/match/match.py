"""The match controller shared by every table (no pygame here).

A ``Match`` owns the rules engine, the state, the seats and the move history. It applies
moves (from people through the table, from AI seats through the worker), turns the rules'
events into what the current viewer may see, and hands them to a *presenter* (the table
scene) to animate. It decides when an AI move may land (after the animations and a pace
pause), when a forced move is played for a person (after a short visible notice), when the
screen must be handed to another person, and when the game is over.

Moves travel as the engine's ``Move`` values everywhere here; notation appears only where
a move leaves the program (the save file, the error log). An AI seat's move comes back from
the worker as a ``Move`` too and is checked against the legal moves of the real state — the
one place a reply is trusted or refused. A failing AI is reported (``match.alert`` on
screen, a line on stderr) and asked again through a fresh worker of the same kind: it is
never silently replaced by a weaker or random player.

Tables subclass ``game.client.tables.base.TableScene``, which wires a Match to the scene.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from game.client.i18n import N_, t
from game.client.match.ai_worker import AIWorker, InlineWorker, Reply, WorkerError
from game.client.match.types import AnyGame, Event, Move, State
from game.rules import Result, get_game

log = logging.getLogger("herna.match")

FORCED_NOTICE = 0.9    # seconds a forced move is announced before it is played
GAME_OVER_DELAY = 1.2  # seconds the final position stays before the results show
ALERT_SECONDS = 4.0    # how long a problem report (a failed AI) stays on screen
WORKER_RESTARTS = 2    # fresh worker processes tried before the AI thinks in this process


@dataclass(frozen=True)
class SeatInfo:
    kind: str = "human"        # "human" or "ai"
    level: str = "normal"
    name: str = ""

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@dataclass(frozen=True)
class Presence:
    """Where the person of an online seat is: ``here`` (connected), ``away`` (the link is
    gone; ``seconds`` until the others may decide about the seat, 0 once they may) or
    ``left`` (quit for good). ``mine``: the seat is played on this computer. Local seats
    have none."""

    state: str
    seconds: int | None = None
    mine: bool = False


def default_names(seats: list[SeatInfo]) -> list[SeatInfo]:
    """Fill empty names: people "Player n", computers "Robot n" (in the active language)."""
    named = []
    humans = robots = 0
    for seat in seats:
        if seat.is_ai:
            robots += 1
            name = seat.name or t("Robot {n}", n=robots)
        else:
            humans += 1
            name = seat.name or t("Player {n}", n=humans)
        named.append(replace(seat, name=name))
    return named


@dataclass
class HistoryEntry:
    """One applied move: enough for undo (the state before), replays and saves.

    Code decides on ``move``; ``notation`` is the same move written once when it was
    played, for the edges that store text (the save file, logs, tests).
    """

    seat: int
    move: Move | None                     # the engine's Move value (None: withheld online)
    events: list[Event]                   # full events (never shown as such)
    state_before: State | None            # (None: a move missed online before the first view)
    notation: str = ""

    @property
    def played(self) -> Move:
        """The move, where the record must know it (a local game always does)."""
        if self.move is None:
            raise ValueError(f"move {self.notation or '?'} was withheld from this seat")
        return self.move

    @property
    def before(self) -> State:
        """The position before the move, where the record must hold it."""
        if self.state_before is None:
            raise ValueError("this seat never saw the position before the move")
        return self.state_before


class Presenter(Protocol):
    """What the match needs from the scene that shows it (the table)."""

    def present(self, seat: int, move: Move, events: list[Event]) -> None: ...

    def move_words(self, move: Move) -> str: ...

    @property
    def busy(self) -> bool: ...


class TableControls(Protocol):
    """What an online match adds to its table: news and questions once a frame, its own
    entries in the pause menu, and how the player leaves (a local match has none)."""

    def step(self, table: Any, dt: float) -> None: ...

    def pause_items(self, table: Any) -> list[tuple[Callable[[], str], Callable[[], None],
                                                    str]]: ...

    def quit(self, table: Any) -> None: ...


class Worker(Protocol):
    """The AI worker interface (``ai_worker.AIWorker`` or the in-process stand-in)."""

    def request(self, game: str, rules: dict[str, Any], view: dict[str, Any], seat: int,
                level: str, seed: int) -> int: ...

    def poll(self) -> list[Reply]: ...

    @property
    def alive(self) -> bool: ...

    def close(self) -> None: ...


@dataclass
class Notice:
    text: str
    remaining: float


def new_ai_seed() -> int:
    """The AI's randomness for one match: from the OS, so it tells nothing about the deal
    (the match seed rebuilds every hidden card, so it must never reach the AI)."""
    return secrets.randbits(62)


@dataclass
class Match:
    game_name: str
    game: AnyGame
    seats: list[SeatInfo]
    seed: int
    state: State
    rules_source: Any = None
    worker: Worker | None = None
    worker_factory: Callable[[], Worker] | None = None   # makes a fresh worker (restarts)
    # looked up when a match is made (not bound here), so the tests can make it repeatable
    ai_seed: int = field(default_factory=lambda: new_ai_seed())
    history: list[HistoryEntry] = field(default_factory=list)
    presenter: Presenter | None = None
    ai_pace: float = 0.6
    speed: float = 1.0
    screen_owner: int | None = None      # the person currently looking at the screen
    notice: Notice | None = None         # the forced-move announcement
    alert: Notice | None = None          # a problem the player should know of (a failed AI)
    finished: bool = False
    worker_error: str | None = None      # the last AI failure, with its reason
    on_change: list[Callable[[], None]] = field(default_factory=list)
    save_path: Path | None = None        # set by the autosave (save_folder.attach_autosave)
    started_at: str | None = None
    # a replay steps the match by hand: seats keep their kinds (people drawn as people) but
    # nobody thinks, waits or hands over; ``replay_eyes`` is whose view it shows (None =
    # every card, for a finished game); see scenes/replay.py
    replaying: bool = False
    replay_eyes: int | None = None
    hints_used: dict[int, int] = field(default_factory=dict)   # seat -> hints (statistics)
    undo_allowed: bool = True            # a local game may take moves back
    hints_offered: bool = True           # (the player's own setting decides against AI)
    review_offered: bool = True
    rematch_in_room: Callable[[Any, Any], None] | None = None   # online matches only
    replay_scene: Callable[[Any], Any] | None = None
    controls: TableControls | None = None   # an online match's own (presence, leaving)
    # the moves (notation) from the seed's deal to this match's first position: a game
    # played on from a review moment starts mid-game, and its save replays the deal through
    # them before its own moves (a save is never trusted as a state, only as moves)
    lead_in: tuple[str, ...] = ()
    _pending: tuple[int, int, int] | None = None  # (request id, seat, ply)
    _reply: Move | None = None
    _failures: int = 0                   # AI failures in a row (restarts so far)
    _retry_wait: float = 0.0             # seconds before a failed AI is asked again
    _cooldown: float = 0.0
    _forced_for: int | None = None
    _over_timer: float = 0.0

    @classmethod
    def create(cls, game_name: str, seats: list[SeatInfo], rules: Any = None, seed: int = 1,
               inline_ai: bool = False) -> Match:
        game = get_game(game_name, rules)
        state = game.new_game(len(seats), seed)
        match = cls(game_name, game, list(seats), seed, state, rules_source=rules)
        match.start_worker(inline_ai)
        return match

    def start_worker(self, inline_ai: bool = False) -> None:
        """Give the AI seats their worker (none needed without AI seats or once over)."""
        if any(s.is_ai for s in self.seats) and not self.over:
            self.worker_factory = InlineWorker if inline_ai else AIWorker
            self.worker = self.worker_factory()

    # --- who sees what --------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2 and not self.replaying

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table uses: the lone person, the person at the screen, or nobody
        (a spectator of AI seats, who may see everything)."""
        if self.replaying:
            return self.replay_eyes
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.screen_owner

    def visible_state(self) -> State:
        """The state as the viewer may see it (full state for a spectator)."""
        viewer = self.viewer
        if viewer is None:
            if self.hot_seat:
                raise RuntimeError("no one owns the screen yet")
            return self.state
        view: State = self.game.view(self.state, viewer)
        return view

    def view_events(self, events: list[Event]) -> list[Event]:
        """What the viewer may see of a move's events (a spectator sees them all)."""
        viewer = self.viewer
        if viewer is None:
            return list(events)
        return list(self.game.view_events(events, viewer))

    # --- turn flow --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_moves(self) -> list[Move]:
        return self.game.legal_moves(self.state) if not self.over else []

    @property
    def needs_handoff(self) -> bool:
        """The screen must change hands: a different person is to move in a hot-seat game."""
        seat = self.to_move
        if seat is None or self.seats[seat].is_ai or not self.hot_seat or self.replaying:
            return False
        return self.screen_owner != seat and not self._presenter_busy()

    def confirm_handoff(self) -> None:
        seat = self.to_move
        if seat is not None and not self.seats[seat].is_ai:
            self.screen_owner = seat

    @property
    def waiting_for_human(self) -> bool:
        """A person may act now (input enabled on the table)."""
        seat = self.to_move
        return (seat is not None and not self.replaying and not self.seats[seat].is_ai
                and not self.needs_handoff
                and self.screen_owner_ok(seat) and self._forced_for is None
                and not self._presenter_busy())

    def screen_owner_ok(self, seat: int) -> bool:
        return not self.hot_seat or self.screen_owner == seat

    @property
    def thinking(self) -> int | None:
        """The AI seat currently deciding (for a "thinking…" indicator)."""
        seat = self.to_move
        if seat is not None and self.seats[seat].is_ai and not self.over and not self.replaying:
            return seat
        return None

    def _presenter_busy(self) -> bool:
        return self.presenter is not None and self.presenter.busy

    def play(self, move: Move) -> list[Event]:
        """Apply ``move`` for the seat to move (raises IllegalMove); returns viewer events."""
        seat = self.to_move
        if seat is None:
            raise RuntimeError("the game is over")
        before = self.state
        state, events = self.game.apply(self.state, move)
        self.state = state
        self.history.append(HistoryEntry(seat, move, list(events), before,
                                         self.game.format_move(move)))
        shown = self.view_events(events)
        self._pending = None
        self._reply = None
        self._failures = 0
        self._forced_for = None
        self.notice = None
        # every computer move stays in view for the pace (a roll, a move, a bonus swap of
        # one turn each get theirs), after its animations; slow/fast animations stretch it,
        # "no animations" keeps the pace as set (the pace has its own setting, 0 allowed)
        self._cooldown = self.ai_pace * (self.speed if self.speed > 0 else 1.0)
        if self.presenter is not None:
            self.presenter.present(seat, move, shown)
        for callback in self.on_change:
            callback()
        return shown

    def rewind(self, ply: int) -> list[HistoryEntry]:
        """Go back to the position before move ``ply`` (undo, rebuilding a table).

        Pending AI work and notices are dropped (a late AI reply to the abandoned position is
        ignored); ``on_change`` callbacks run so the autosave follows. Returns what was removed.
        """
        if not 0 <= ply <= len(self.history):
            raise ValueError(f"cannot rewind to move {ply} of {len(self.history)}")
        removed = self.history[ply:]
        if removed:
            self.state = removed[0].before
        del self.history[ply:]
        self._pending = None
        self._reply = None
        self._forced_for = None
        self.notice = None
        self._cooldown = 0.0
        self._over_timer = 0.0
        self.finished = False
        if removed:
            for callback in self.on_change:
                callback()
        return removed

    def settle(self) -> None:
        """No pace pause before the next move (a table rebuilt at once, undo, resume)."""
        self._cooldown = 0.0

    @property
    def forced_pending(self) -> bool:
        """A person's only legal move is being announced and will be played by itself."""
        return self._forced_for is not None

    def update(self, dt: float) -> None:
        """Advance the controller: AI replies, pacing, forced moves, game over."""
        if self.notice is not None:
            self.notice.remaining -= dt
        if self.alert is not None:
            self.alert.remaining -= dt
            if self.alert.remaining <= 0:
                self.alert = None
        self._retry_wait = max(0.0, self._retry_wait - dt)
        if self.over:
            if not self._presenter_busy():
                self._over_timer += dt
                if self._over_timer >= GAME_OVER_DELAY * max(0.25, min(1.0, self.speed)):
                    self.finished = True
            return
        busy = self._presenter_busy()
        if not busy:
            self._cooldown = max(0.0, self._cooldown - dt)
        seat = self.to_move
        if seat is None:
            return
        if self.seats[seat].is_ai:
            self._update_ai(seat, busy)
        else:
            self._update_human(seat, busy, dt)

    def _update_ai(self, seat: int, busy: bool) -> None:
        ply = len(self.history)
        if self._pending is None and self._retry_wait > 0:
            return  # a failed AI is asked again after a short pause, not every frame
        if self._pending is None:
            moves = self.game.legal_moves(self.state)
            if len(moves) == 1:
                self._reply = moves[0]
                self._pending = (0, seat, ply)
            else:
                self._ask_ai(seat, ply)
        if self._reply is None and self._pending and self._pending[0] \
                and self.worker is not None:
            wanted = self._pending[0]
            for reply in self.worker.poll():
                if reply.id == wanted:
                    self._receive(reply)
                    break
            if self._reply is None and self._pending and not self.worker.alive:
                # the worker process died (killed, out of memory): ask a fresh one
                self._ai_failed(seat, ply, N_("its process stopped"))
        if self._reply is not None and not busy and self._cooldown <= 0:
            self.play(self._reply)

    def _ask_ai(self, seat: int, ply: int) -> None:
        """Send the seat's view to the worker (never the full state, never the match seed)."""
        if self.worker is None:
            self.worker = self._fresh_worker()
        view = self.game.to_dict(self.game.view(self.state, seat))
        try:
            request_id = self.worker.request(self.game_name, dict(self.game.rules), view, seat,
                                             self.seats[seat].level,
                                             (self.ai_seed + ply) % 2**62)
        except WorkerError as error:
            self._pending = None
            self._ai_failed(seat, ply, error.message, detail=error.detail)
            return
        self._pending = (request_id, seat, ply)

    def _receive(self, reply: Reply) -> None:
        """The one place an AI answer is accepted: it must be a legal move here."""
        assert self._pending is not None
        _, seat, ply = self._pending
        if reply.move is None:
            self._ai_failed(seat, ply, N_("its thinking ended in an error"),
                            detail=reply.error or "")
            return
        for legal in self.game.legal_moves(self.state):
            if legal == reply.move:
                self._reply = legal  # the engine's own value (equal, maybe interned)
                return
        self._ai_failed(seat, ply, N_("it chose a move the rules do not allow"),
                        detail=f"move {self.game.format_move(reply.move)!r}")

    def _ai_failed(self, seat: int, ply: int, reason: str, detail: str = "") -> None:
        """Report the failure (``reason``, a marked message, on screen in the player's
        language; in English with the ``detail`` on stderr) and ask again through a fresh
        worker of the same agent kind and level."""
        self.worker_error = t(reason)
        self._failures += 1
        detail = detail.strip()
        log.warning("the computer player %s (%s) failed at move %d: %s%s",
                    self.seats[seat].name or seat + 1, self.seats[seat].level, ply + 1, reason,
                    f" [{detail}]" if detail else "")
        key = N_("{name} (computer) "
                 "failed again: "
                 "{reason}. Trying "
                 "once more.") if self._failures > 1 else N_("{name} (computer) failed: "
                                                             "{reason}. Restarted, thinking "
                                                             "again.")
        self.alert = Notice(t(key, name=self.seats[seat].name, reason=self.worker_error),
                            ALERT_SECONDS)
        if self.worker is not None:
            self.worker.close()
        self.worker = self._fresh_worker()
        self._pending = None
        self._reply = None
        # at once the first time (a killed worker), then backing off: 1, 2, 4, 8 s
        self._retry_wait = min(8.0, 2.0 ** (self._failures - 2)) if self._failures > 1 else 0.0

    def _fresh_worker(self) -> Worker:
        """A new worker; after repeated failures of worker processes, the same agent thinks
        in this process instead (slower frames, but the same player)."""
        if self._failures > WORKER_RESTARTS or self.worker_factory is None:
            return InlineWorker()
        return self.worker_factory()

    def _update_human(self, seat: int, busy: bool, dt: float) -> None:
        if busy or self.needs_handoff or not self.screen_owner_ok(seat):
            return
        if self._forced_for is None:
            moves = self.game.legal_moves(self.state)
            if len(moves) == 1:
                self._forced_for = seat
                self.notice = Notice(t("Only one move possible: "
                                       "{move}", move=self.words_for(moves[0])),
                                     FORCED_NOTICE * max(0.3, self.speed))
            return
        if self.notice is not None and self.notice.remaining <= 0:
            moves = self.game.legal_moves(self.state)
            self.play(moves[0])

    @property
    def hint_seed(self) -> int:
        """The hint's search seed: the computers' seed mixed, never the deal's."""
        return self.ai_seed ^ 0x5EED

    def words_for(self, move: Move | None) -> str:
        """How a move reads to people: the table's words (notation only without a table)."""
        if move is None:  # (a local game knows every move; the protocol allows a withheld one)
            return t("a secret choice")
        if self.presenter is not None:
            return self.presenter.move_words(move)
        return self.game.format_move(move)

    # --- results ------------------------------------------------------------------------------
    def result(self) -> Result:
        return self.game.result(self.state)

    def rematch_seats(self) -> list[SeatInfo]:
        return list(self.seats)

    def presence(self, seat: int) -> Presence | None:
        """Nobody comes or goes at a local table."""
        return None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
