"""``MatchLike``: everything a table, the hints, the review and undo may use of a match.

Two classes implement it: the local ``Match`` (``match.match``) and the online
``RemoteMatch`` (``online.remote``). Tables, overlays and helpers are typed against this
protocol, never against one of them, so a control that only a local match can serve is a
type error instead of a crash in an online game. What differs is said here as capabilities
(``hints_offered``, ``undo_allowed``), which the table asks before offering a control.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.client.match.match import (
    HistoryEntry,
    Notice,
    Presence,
    Presenter,
    SeatInfo,
    TableControls,
)
from game.client.match.types import AnyGame, Event, Move, State
from game.rules import Result


class MatchLike(Protocol):
    game_name: str
    game: AnyGame
    seats: list[SeatInfo]
    seed: int
    history: list[HistoryEntry]
    presenter: Presenter | None
    ai_pace: float
    speed: float
    screen_owner: int | None
    notice: Notice | None
    alert: Notice | None
    finished: bool
    worker_error: str | None
    on_change: list[Callable[[], None]]
    rules_source: Any
    hints_used: dict[int, int]
    # what the shared results screen asks of an online table (None for a local match)
    rematch_in_room: Callable[[Any, Any], None] | None
    replay_scene: Callable[[Any], Any] | None
    # an online match's news, questions and menu entries on its table (None: a local one)
    controls: TableControls | None

    @property
    def state(self) -> State: ...
    @property
    def undo_allowed(self) -> bool:
        """Moves may be taken back (a local game; online moves are final)."""
    @property
    def hints_offered(self) -> bool:
        """A hint may be asked for at all in this match (before the player's own setting)."""
    @property
    def review_offered(self) -> bool:
        """The finished game can be reviewed by the AI (a local game's full record)."""
    @property
    def hint_seed(self) -> int:
        """The seed the hint's search starts from (never the deal's seed)."""
    @property
    def humans(self) -> list[int]: ...
    @property
    def hot_seat(self) -> bool: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def needs_handoff(self) -> bool: ...
    @property
    def waiting_for_human(self) -> bool: ...
    @property
    def thinking(self) -> int | None: ...
    @property
    def forced_pending(self) -> bool: ...

    def visible_state(self) -> State: ...
    def view_events(self, events: list[Event]) -> list[Event]: ...
    def legal_moves(self) -> list[Move]: ...
    def confirm_handoff(self) -> None: ...
    def screen_owner_ok(self, seat: int) -> bool: ...
    def play(self, move: Move) -> list[Event]: ...
    def rewind(self, ply: int) -> list[HistoryEntry]: ...
    def settle(self) -> None: ...
    def update(self, dt: float) -> None: ...
    def words_for(self, move: Move | None) -> str: ...
    def result(self) -> Result: ...
    def rematch_seats(self) -> list[SeatInfo]: ...
    def presence(self, seat: int) -> Presence | None:
        """Where an online seat's person is (None at a local table and for computers)."""
    def close(self) -> None: ...
