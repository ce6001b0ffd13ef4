"""The saves folder: one JSON file per match in the data folder, written after every move.

Every match started with ``app.start_match`` (or resumed) gets its own file, rewritten
after every move and undo (``Autosaver`` on ``Match.on_change``). The file format itself
(what a save holds, how it is read back and verified) is ``save_format``; putting a saved game
back on the screen is ``scenes.resume``. A file that fails to load is reported and left
exactly as it was (the player may want it back), and the autosave never writes over a file
it did not create: every match gets its own file name.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.atomic import (
    atomic_write_text,
    flush_writes,
    queue_sync,
    remove_stale_temporaries,
)
from game.client.i18n import t
from game.client.match.match import Match
from game.client.storage.problems import write_problem
from game.client.storage.save_format import (
    Loaded,
    SaveError,
    check_outline,
    encode,
    load,
    now_stamp,
    read_document,
    snapshot,
)
from game.client.storage.settings import config_dir, data_dir

log = logging.getLogger("herna.storage")

# the format's names, for callers that know only this module
__all__ = ["Autosaver", "Loaded", "SaveError", "SaveInfo", "attach_autosave", "autosaver_of",
           "clean_at_start", "has_save", "latest_unfinished", "list_saves", "load", "prune",
           "saves_dir", "snapshot", "write_save"]

KEEP_FINISHED = 60               # finished games kept as replays; older ones are pruned
# unfinished games are never pruned: each can still be continued
SUFFIX = ".json"


def saves_dir() -> Path:
    """Where saves live: ``<data folder>/saves`` (``HERNA_DATA_DIR`` in tests)."""
    return data_dir() / "saves"


# --- writing ------------------------------------------------------------------------------

def new_save_path(game_name: str) -> Path:
    """A fresh file name for a new match (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{stamp}-{game_name}-{secrets.token_hex(3)}{SUFFIX}"


def write_save(match: Match, path: Path) -> None:
    atomic_write_text(path, encode(match))


class Autosaver:
    """``match.on_change`` callback: the match is written after every move (and undo).

    The file is complete (written and renamed into place) before the call returns;
    ``background`` (the client) leaves the ``fsync`` to a thread so a frame never waits for
    the disk. A failing disk
    must not end the game: the error is kept (and printed once) and the next move tries
    again. ``on_written`` callbacks get the number of moves now safely on disk.
    """

    def __init__(self, match: Match, path: Path, background: bool = False) -> None:
        self.match = match
        self.path = path
        self.error: str | None = None
        self.enabled = True
        self.background = background
        self.on_written: list[Callable[[int], None]] = []
        self.news: list[tuple[bool, str]] = []  # (failed, reason): for the screen, see take_news

    def __call__(self) -> None:
        if not self.enabled:
            return
        try:
            text = encode(self.match)
        except (ValueError, TypeError) as error:
            self._done(str(error), 0, False, t("the game cannot be written down"))
            return
        moves = len(self.match.history)
        over = self.match.game.is_over(self.match.state)
        try:
            atomic_write_text(self.path, text, durable=not self.background)
        except (OSError, ValueError) as error:
            self._done(str(error), moves, over, write_problem(error))
            return
        if self.background:
            queue_sync(self.path)
        self._done(None, moves, over)

    def _done(self, error: str | None, moves: int, over: bool, words: str = "") -> None:
        if error is not None:
            if self.error is None:  # said once per failure, not after every move
                log.warning("cannot save the game to %s: %s", self.path, error)
                self.news.append((True, words or error))
            self.error = error
            return
        if self.error is not None:
            log.warning("saving works again (%s)", self.path)
            self.news.append((False, ""))
        self.error = None
        for callback in list(self.on_written):
            callback(moves)
        if over:
            prune()

    def take_news(self) -> list[tuple[bool, str]]:
        """What changed since the last call: ``(True, reason)`` when saving started failing
        (the reason in the player's words),
        ``(False, "")`` when it works again (``app.notices`` shows each once)."""
        news, self.news = self.news, []
        return news

    def flush(self) -> None:
        flush_writes()


def attach_autosave(match: Match, path: Path | None = None, write_now: bool = True,
                    background: bool = False) -> Autosaver:
    """Save ``match`` after every move from now on (at ``path`` or a new file)."""
    for callback in match.on_change:
        if isinstance(callback, Autosaver):
            return callback
    if match.started_at is None:
        match.started_at = now_stamp()
    if path is None:
        prune()  # a new game: make room (the oldest finished games go first)
    saver = Autosaver(match, path or new_save_path(match.game_name), background)
    match.save_path = saver.path
    match.on_change.insert(0, saver)
    if write_now:
        saver()
    return saver


def autosaver_of(match: Match) -> Autosaver | None:
    for callback in match.on_change:
        if isinstance(callback, Autosaver):
            return callback
    return None


# --- listing --------------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One file of the saves folder as the menus list it (cheap: no replay)."""

    path: Path
    mtime: float
    game: str | None = None
    finished: bool = False
    moves: int = 0
    players: list[str] | None = None
    saved_at: str = ""
    winners: list[int] | None = None
    problem: str | None = None
    has_person: bool = True  # False: only computer seats (a headless run, a demo)


def _info(path: Path) -> SaveInfo:
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    info = SaveInfo(path, mtime)
    try:
        data = read_document(path)
        check_outline(path, data)
    except SaveError as error:
        info.problem = error.reason
        return info
    info.game = data["game"]
    info.finished = bool(data.get("finished"))
    info.moves = len(data["moves"])
    info.players = [str(p.get("name", "")) for p in data["players"]]
    info.has_person = any(p.get("kind") == "human" for p in data["players"])
    info.saved_at = str(data.get("saved_at", ""))
    result = data.get("result")
    if isinstance(result, dict) and isinstance(result.get("winners"), list):
        info.winners = [w for w in result["winners"] if isinstance(w, int)]
    return info


def _save_paths() -> list[Path]:
    """Candidate files, newest first (by modification time)."""
    folder = saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()
                 and not p.name.startswith(".")]
    except OSError:
        return []

    def age(path: Path) -> tuple[float, str]:
        try:
            return (path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    return sorted(paths, key=age, reverse=True)


def list_saves() -> list[SaveInfo]:
    """Every file in the saves folder, newest first (broken ones included, with a problem)."""
    return [_info(p) for p in _save_paths()]


def latest_unfinished() -> SaveInfo | None:
    """The save "Continue" brings back: the newest unfinished game a person played.

    A game of computer seats only (a headless run, a demo) is not "the last game you
    played": it stays in Replays and is skipped here. A broken newest file counts (it is
    reported rather than silently skipped). Files are read newest first and only until the
    answer is known.
    """
    for path in _save_paths():
        info = _info(path)
        if info.problem is not None or (not info.finished and info.has_person):
            return info
    return None


def has_save() -> bool:
    return latest_unfinished() is not None


def prune(keep_finished: int = KEEP_FINISHED) -> None:
    """Forget the oldest finished games beyond ``keep_finished``.

    An unfinished game can still be continued, so it is never deleted without the player
    asking; neither is a file we cannot read (it may be theirs to rescue).
    """
    finished = [i for i in list_saves() if i.problem is None and i.finished]
    for info in finished[keep_finished:]:  # newest first, so the oldest go
        with contextlib.suppress(OSError):
            info.path.unlink()


def clean_at_start() -> None:
    """Remove temporary files that a write killed half-way left in our folders."""
    for folder in (saves_dir(), config_dir(), config_dir() / "rules"):
        remove_stale_temporaries(folder)
