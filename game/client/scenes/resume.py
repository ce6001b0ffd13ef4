"""Putting a saved game back on the screen: "Continue", ``--resume``, the Replays list.

The file is read and verified by ``storage.save_format``; this module only turns the result into
scenes: the rebuilt table over the title, or the title with a message naming the file and
its problem (the file itself is left exactly as it was).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.client.i18n import printable, t
from game.client.scenes.message import MessageScene
from game.client.stage.rebuild import build_table
from game.client.storage import stats
from game.client.storage.save_folder import attach_autosave, latest_unfinished
from game.client.storage.save_format import SaveError, load, match_from

log = logging.getLogger("herna")

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


def resume(app: AppContext, path: Path,
           on_error: Callable[[SaveError], None] | None = None) -> bool:
    """Load ``path`` and put its table on the stack (over the title); False on failure."""
    try:
        loaded = load(path)
    except SaveError as error:
        log.warning("cannot continue the saved game: %s", error)
        if on_error is not None:
            on_error(error)
        return False
    match = match_from(loaded, inline_ai=app.inline_ai)
    attach_autosave(match, path, write_now=False, background=True)
    stats.attach(match)   # counted when it ends, once (stats.py knows the game by its start)
    table = build_table(app, match, [e.played for e in loaded.history])
    app.go_to_title()
    app.stack.push(table)
    return True


def report(app: AppContext, error: SaveError) -> None:
    """Show a save problem over whatever is on screen (the file is left as it was)."""
    where = printable(str(error.path), 400) if error.path is not None else ""
    app.stack.push(MessageScene(app, t("The saved game cannot be loaded"),
                                t("{file}\n{reason}.\nThe file was left exactly as it is. "
                                  "Other saved games are "
                                  "listed under Replays.", file=where, reason=error.reason)))


def resume_latest(app: AppContext) -> bool:
    """"Continue" / ``--resume``: bring the last unfinished game back.

    Returns True when it put something on the screen (the game, or the title with a report
    of a broken save), False when there is nothing to continue.
    """
    info = latest_unfinished()
    if info is None:
        return False

    def failed(error: SaveError) -> None:
        if not any(scene.is_title for scene in app.stack.scenes):
            app.go_to_title()
        report(app, error)

    resume(app, info.path, on_error=failed)
    return True
