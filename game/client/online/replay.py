"""Replaying an online game from the frames its seat received (``record``).

``ReplayScene`` steps a local ``Match`` from its seed; an online game has no seed on this
computer, only what the server sent. ``OnlineReplayScene`` keeps ReplayScene's controls
and drawing and replaces the stepping: a ``RemoteMatch`` with no connection is fed the
recorded frames, one per step, through the same code that presented them live, so the
table animates a move as it did in the game and shows exactly the seat's view (a
spectator's: the public one). Stepping back rebuilds the table from the first view and
presents the earlier frames at once, as ``rebuild.build_table`` does for local games.
"""

from __future__ import annotations

import queue
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.client.online.record import OnlineRecord, load_record, record_of
from game.client.online.remote import RemoteMatch
from game.client.scenes.replay import BAR_SECONDS, ReplayScene
from game.client.stage.rebuild import SETTLE_SECONDS, new_table
from game.client.stage.scene import Scene
from game.client.ui.widgets import FocusGroup

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


class NoLink:
    """A link that is never connected: a replayed match sends nothing and hears nothing."""

    inbox: queue.Queue[dict[str, Any]] = queue.Queue()

    def send(self, message: dict[str, Any]) -> None:
        """Nothing leaves a replay."""

    def poll(self) -> list[dict[str, Any]]:
        return []

    def close(self) -> None:
        """Nothing to close."""


class OnlineReplayScene(ReplayScene):
    def __init__(self, app: AppContext, record: OnlineRecord) -> None:
        Scene.__init__(self, app)
        self.record = record
        self.moves = []                     # no Move values: this replay steps frames
        self.finished = True
        self.seats = list(record.seats)
        self.public = record.seat is None
        self.viewer_name = self.seats[record.seat].name if record.seat is not None else None
        self.ply = 0
        self.playing = False
        self.wait = 0.0
        self.shown = BAR_SECONDS
        self.focus = FocusGroup()
        self.match = self._fresh_match()
        self._rebuild(0)
        self._build_controls()

    @classmethod
    def from_live(cls, app: AppContext, match: RemoteMatch) -> OnlineReplayScene | None:
        record = record_of(match)
        return cls(app, record) if record is not None else None

    @property
    def total(self) -> int:
        return len(self.record.frames)

    def _fresh_match(self) -> RemoteMatch:
        record = self.record
        seat = record.seat
        match = RemoteMatch(NoLink(), room_code=record.room,  # type: ignore[arg-type]
                            game_name=record.game_name, spectating=seat is None)
        match.game = match.engine_for(record.game_name, record.rules)
        match.seats = list(record.seats)
        if seat is not None:
            match.tokens = {seat: ""}
        match.room = {"seats": [{"seat": i, "kind": "computer" if s.is_ai else "person",
                                 "name": s.name, "connected": True}
                                for i, s in enumerate(record.seats)]}
        match.connected = True
        match._views[seat] = match.load_view(record.start)
        match._status = "playing"
        return match

    # --- stepping (ReplayScene's controls call these) -----------------------------------
    def _rebuild(self, ply: int) -> None:
        match = self._fresh_match()
        self.match = match
        table = new_table(self.app, match)
        muted = self.app.audio.mute
        self.app.audio.mute = True
        try:
            for frame in self.record.frames[:ply]:
                match._present({self.record.seat: dict(frame, missed=True)})
            table.update_table(SETTLE_SECONDS)
            table.particles.items.clear()
        finally:
            self.app.audio.mute = muted
        table.undo_allowed = False
        self.table = table
        self.ply = ply

    def forward(self) -> None:
        if self.ply >= self.total:
            self.playing = False
            return
        self.table.animator.clear()
        match: Any = self.match
        match._present({self.record.seat: self.record.frames[self.ply]})
        self.ply += 1


def saved_replay(app: AppContext, path: Path) -> OnlineReplayScene:
    """The replay of an online save (the scene registry's "online_replay"); a broken file
    raises ``SaveError`` for the list to report."""
    return OnlineReplayScene(app, load_record(path))
