"""The match controller shared by every table (no pygame here).

A ``Match`` owns the rules engine, the state, the seats and the move history. It applies
moves (from people through the table, from AI seats through the worker), turns the rules'
events into what the current viewer may see, and hands them to a *presenter* (the table
scene) to animate. It decides when an AI move may land (after the animations and a pace
pause), when a forced move is played for a person (after a short visible notice), when the
screen must be handed to another person, and when the game is over.

Tables subclass ``game.client.tables.base.TableScene``, which wires a Match to the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from game.rules import get_game

FORCED_NOTICE = 0.9    # seconds a forced move is announced before it is played
GAME_OVER_DELAY = 1.2  # seconds the final position stays before the results show


@dataclass(frozen=True)
class SeatInfo:
    kind: str = "human"        # "human" or "ai"
    level: str = "normal"
    name: str = ""

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


def default_names(seats: list[SeatInfo]) -> list[SeatInfo]:
    """Fill empty names: people "Player n", computers "Robot n" (in the active language)."""
    from game.client.i18n import t

    named = []
    humans = robots = 0
    for seat in seats:
        if seat.is_ai:
            robots += 1
            name = seat.name or t("seat.ai_name", n=robots)
        else:
            humans += 1
            name = seat.name or t("seat.player", n=humans)
        named.append(replace(seat, name=name))
    return named


@dataclass
class HistoryEntry:
    seat: int
    notation: str                         # for saves and replays (the file edge)
    events: list[dict[str, Any]]          # full events (never shown as such)
    state_before: Any
    move: Any = None                      # the engine's Move value


class Presenter(Protocol):
    def present(self, seat: int, move: Any, events: list[dict[str, Any]]) -> None: ...

    @property
    def busy(self) -> bool: ...


@dataclass
class Notice:
    text: str
    remaining: float


@dataclass
class Match:
    game_name: str
    game: Any
    seats: list[SeatInfo]
    seed: int
    state: Any
    rules_source: Any = None
    worker: Any = None
    history: list[HistoryEntry] = field(default_factory=list)
    presenter: Presenter | None = None
    ai_pace: float = 0.6
    speed: float = 1.0
    screen_owner: int | None = None      # the person currently looking at the screen
    notice: Notice | None = None
    finished: bool = False
    worker_error: str | None = None
    on_change: list[Callable[[], None]] = field(default_factory=list)
    _pending: tuple[int, int, int] | None = None  # (request id, seat, ply)
    _reply: str | None = None
    _cooldown: float = 0.0
    _forced_for: int | None = None
    _over_timer: float = 0.0

    @classmethod
    def create(cls, game_name: str, seats: list[SeatInfo], rules: Any = None, seed: int = 1,
               inline_ai: bool = False) -> Match:
        game = get_game(game_name, rules)
        state = game.new_game(len(seats), seed)
        match = cls(game_name, game, list(seats), seed, state, rules_source=rules)
        if any(s.is_ai for s in seats):
            from game.client.ai_worker import AIWorker, InlineWorker

            match.worker = InlineWorker() if inline_ai else AIWorker()
        return match

    # --- who sees what --------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table uses: the lone person, the person at the screen, or nobody
        (a spectator of AI seats, who may see everything)."""
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.screen_owner

    def visible_state(self) -> Any:
        """The state as the viewer may see it (full state for a spectator)."""
        viewer = self.viewer
        if viewer is None:
            if self.hot_seat:
                raise RuntimeError("no one owns the screen yet")
            return self.state
        return self.game.view(self.state, viewer)

    def view_events(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        viewer = self.viewer
        if viewer is None:
            return [dict(e) for e in events]
        hide = getattr(self.game, "view_events", None)
        if hide is not None:
            return hide(events, viewer)
        return [dict(e) for e in events]

    # --- turn flow --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_moves(self) -> list[Any]:
        return self.game.legal_moves(self.state) if not self.over else []

    @property
    def needs_handoff(self) -> bool:
        """The screen must change hands: a different person is to move in a hot-seat game."""
        seat = self.to_move
        if seat is None or self.seats[seat].is_ai or not self.hot_seat:
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
        return (seat is not None and not self.seats[seat].is_ai and not self.needs_handoff
                and self.screen_owner_ok(seat) and self._forced_for is None
                and not self._presenter_busy())

    def screen_owner_ok(self, seat: int) -> bool:
        return not self.hot_seat or self.screen_owner == seat

    @property
    def thinking(self) -> int | None:
        """The AI seat currently deciding (for a "thinking…" indicator)."""
        seat = self.to_move
        if seat is not None and self.seats[seat].is_ai and not self.over:
            return seat
        return None

    def _presenter_busy(self) -> bool:
        return self.presenter is not None and self.presenter.busy

    def play(self, move: Any) -> list[dict[str, Any]]:
        """Apply ``move`` for the seat to move (raises IllegalMove); returns viewer events."""
        seat = self.to_move
        if seat is None:
            raise RuntimeError("the game is over")
        before = self.state
        notation = self.game.format_move(move)
        state, events = self.game.apply(self.state, move)
        self.state = state
        self.history.append(HistoryEntry(seat, notation, list(events), before, move))
        shown = self.view_events(events)
        self._pending = None
        self._reply = None
        self._forced_for = None
        self.notice = None
        next_seat = self.to_move
        same = next_seat == seat
        self._cooldown = self.ai_pace * self.speed * (0.5 if same else 1.0)
        if self.presenter is not None:
            self.presenter.present(seat, move, shown)
        for callback in self.on_change:
            callback()
        return shown

    def play_text(self, text: str) -> list[dict[str, Any]]:
        return self.play(self.game.parse_move(self.state, text))

    def rewind(self, ply: int) -> list[HistoryEntry]:
        """Go back to the position before move ``ply`` (undo, rebuilding a table).

        Pending AI work and notices are dropped (a late AI reply to the abandoned position is
        ignored); ``on_change`` callbacks run so the autosave follows. Returns what was removed.
        """
        if not 0 <= ply <= len(self.history):
            raise ValueError(f"cannot rewind to move {ply} of {len(self.history)}")
        removed = self.history[ply:]
        if removed:
            self.state = removed[0].state_before
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

    def update(self, dt: float) -> None:
        """Advance the controller: AI replies, pacing, forced moves, game over."""
        if self.notice is not None:
            self.notice.remaining -= dt
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
        if self._pending is None:
            moves = self.game.legal_moves(self.state)
            if len(moves) == 1:
                self._reply = self.game.format_move(moves[0])
                self._pending = (0, seat, ply)
            else:
                view = self.game.to_dict(self.game.view(self.state, seat))
                level = self.seats[seat].level
                request_id = self.worker.request(self.game_name, self.game.rules, view, seat,
                                                 level, self.seed * 7919 + ply)
                self._pending = (request_id, seat, ply)
        if self._reply is None and self.worker is not None:
            for reply in self.worker.poll():
                if self._pending and reply.id == self._pending[0]:
                    if reply.move is None:
                        self.worker_error = reply.error
                        import random

                        moves = self.game.legal_moves(self.state)
                        choice = random.Random(self.seed + ply).choice(moves)
                        self._reply = self.game.format_move(choice)
                    else:
                        self._reply = reply.move
            if self._reply is None and self._pending and self._pending[0] and \
                    not self.worker.alive:
                # the worker process died (killed, out of memory): never freeze the table
                import random

                self.worker_error = "the AI process stopped; a random legal move was played"
                moves = self.game.legal_moves(self.state)
                self._reply = self.game.format_move(random.Random(self.seed + ply).choice(moves))
        if self._reply is not None and not busy and self._cooldown <= 0:
            text = self._reply
            try:
                move = self.game.parse_move(self.state, text)
            except Exception:  # noqa: BLE001 - a bad reply must not end the game
                self.worker_error = f"unparseable AI move {text!r}"
                move = self.game.legal_moves(self.state)[0]
            self.play(move)

    def _update_human(self, seat: int, busy: bool, dt: float) -> None:
        if busy or self.needs_handoff or not self.screen_owner_ok(seat):
            return
        if self._forced_for is None:
            moves = self.game.legal_moves(self.state)
            if len(moves) == 1:
                self._forced_for = seat
                text = self.describe(self.game.format_move(moves[0]))
                from game.client.i18n import t

                self.notice = Notice(t("turn.forced", move=text),
                                     FORCED_NOTICE * max(0.3, self.speed))
            return
        if self.notice is not None and self.notice.remaining <= 0:
            moves = self.game.legal_moves(self.state)
            self.play(moves[0])

    def describe(self, notation: str) -> str:
        """How a move reads to people; tables replace it (``match.describe = ...``)."""
        return notation

    # --- results ------------------------------------------------------------------------------
    def result(self) -> Any:
        return self.game.result(self.state)

    def rematch_seats(self) -> list[SeatInfo]:
        return list(self.seats)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
