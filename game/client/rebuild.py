"""Build a table scene in any position of a match by replaying its moves instantly.

Tables keep presentation state of their own (logs, stacked card positions, banners) that
is built from the events of each move, never from a state diff. So a table for a resumed
game, after an undo, or at step *n* of a replay is made the honest way: a fresh table over
the initial position, then every move played through ``Match.play`` with animations at
speed 0 and sound muted. Whatever a table shows after a real game it shows after this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import Match
    from game.client.tables.base import TableScene


def build_table(app: App, match: Match, moves: Sequence[str], table_cls: Any = None,
                keep_owner: bool = False) -> TableScene:
    """A new table over ``match`` after playing ``moves`` (notation) from the start.

    The match is rewound to its first position first; its ``on_change`` callbacks (the
    autosave) are silenced meanwhile. In hot-seat games the screen goes back to nobody
    (a hand-off follows) unless ``keep_owner``.
    """
    from game.client.tables import table_for

    owner = match.screen_owner
    callbacks = list(match.on_change)
    match.on_change.clear()
    muted = app.audio.mute
    app.audio.mute = True
    try:
        match.rewind(0)
        cls = table_cls or table_for(match.game_name)
        table = cls(app, match)
        animator = getattr(table, "animator", None)
        speed = animator.speed if animator is not None else 1.0
        if animator is not None:
            animator.speed = 0.0
        for text in moves:
            seat = match.to_move
            if match.hot_seat and seat is not None and not match.seats[seat].is_ai:
                match.screen_owner = seat  # the mover saw the move being made
                if hasattr(table, "refresh_view"):
                    table.refresh_view()
            match.play_text(text)
            if animator is not None:
                animator.clear()
        if animator is not None:
            animator.speed = speed
        for name in ("update_table",):
            method = getattr(table, name, None)
            if method is not None:
                method(30.0)  # let banners and timers run out
        particles = getattr(table, "particles", None)
        if particles is not None:
            particles.items.clear()
        match.screen_owner = owner if keep_owner else None
        if match.hot_seat and not keep_owner and hasattr(table, "refresh_view"):
            table.refresh_view()
        match._cooldown = 0.0
    finally:
        app.audio.mute = muted
        match.on_change[:0] = callbacks
    return table
