"""Build a table scene in any position of a match by replaying its moves instantly.

Tables keep presentation state of their own (logs, stacked card positions, banners) that
is built from the events of each move, never from a state diff. So a table for a resumed
game, after an undo, or at step *n* of a replay is made the honest way: a fresh table over
the initial position, then every move played through ``Match.play`` with animations at
speed 0 and sound muted. Whatever a table shows after a real game it shows after this.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.client.match.types import Move
from game.client.stage.table import Table

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.stage.scene import AppContext

SETTLE_SECONDS = 30.0  # table timers (banners, toasts) run out after a rebuild


def new_table(app: AppContext, match: MatchLike) -> Table:
    """The table of ``match``'s game, from the app's scene registry."""
    scene = app.scenes.make("table", app, match)
    if not isinstance(scene, Table):
        raise TypeError(f"the registry's table for {match.game_name} is not a Table")
    return scene


def build_table(app: AppContext, match: MatchLike, moves: Sequence[Move],
                table_cls: Callable[[AppContext, MatchLike], Table] | None = None,
                keep_owner: bool = False) -> Table:
    """A new table over ``match`` after playing ``moves`` (Move values) from the start.

    The match is rewound to its first position first; its ``on_change`` callbacks (the
    autosave) are silenced meanwhile. In hot-seat games the screen goes back to nobody
    (a hand-off follows) unless ``keep_owner``. Without ``table_cls`` the game's table
    comes from the app's scene registry.
    """
    owner = match.screen_owner
    callbacks = list(match.on_change)
    match.on_change.clear()
    muted = app.audio.mute
    app.audio.mute = True
    try:
        match.rewind(0)
        table = table_cls(app, match) if table_cls is not None else new_table(app, match)
        animator = table.animator
        speed = animator.speed
        animator.speed = 0.0
        for move in moves:
            seat = match.to_move
            if match.hot_seat and seat is not None and not match.seats[seat].is_ai:
                match.screen_owner = seat  # the mover saw the move being made
                table.refresh_view()
            match.play(move)
            animator.clear()
        animator.speed = speed
        table.update_table(SETTLE_SECONDS)  # let banners and timers run out
        table.particles.items.clear()
        match.screen_owner = owner if keep_owner else None
        if match.hot_seat and not keep_owner:
            table.refresh_view()
        match.settle()
    finally:
        app.audio.mute = muted
        match.on_change[:0] = callbacks
    return table
