"""Saved games: one JSON file per match in the data folder, written after every move.

A save holds what is needed to rebuild the match *exactly* — game, full rule set, seed,
seats (people and AI levels), the moves in notation — plus the final state (``to_dict``) as
a witness. Loading never trusts the witness: it replays the moves from the seed through the
rules engine and refuses the file when the result disagrees, so a corrupt, edited or foreign
file can never put an impossible position on the table. Nothing is unpickled or evaluated;
files are only ever read with ``json``. A file that fails to load is reported and left
exactly as it was (the player may want it back), and the autosave never writes over a file
it did not create: every match gets its own file name.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.client.atomic import atomic_write_text, flush_writes, queue_sync
from game.client.settings import data_dir

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import HistoryEntry, Match, SeatInfo

FORMAT = "herna-save"
FORMAT_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024      # far above any real game (a long one is ~100 kB)
MAX_MOVES = 20_000
MAX_SEATS = 8
KEEP_FINISHED = 60               # finished games kept as replays; older ones are pruned
# unfinished games are never pruned: each can still be continued
MAX_TEXT = 64                    # a name or a time stamp; longer text is not ours
SUFFIX = ".json"


class SaveError(Exception):
    """A save file that cannot be loaded; ``str`` is one line a player can read."""

    def __init__(self, path: Path | str | None, reason: str) -> None:
        from game.client.notices import printable

        self.path = Path(path) if path is not None else None
        self.reason = printable(reason, 400)  # it quotes the file; the screen must draw it
        where = f"{printable(self.path.name)}: " if self.path is not None else ""
        super().__init__(where + self.reason)


def saves_dir() -> Path:
    """Where saves live: ``<data folder>/saves`` (``HERNA_DATA_DIR`` in tests)."""
    return data_dir() / "saves"


# --- writing ------------------------------------------------------------------------------

def snapshot(match: Match) -> dict[str, Any]:
    """The JSON document of a match as it stands now."""
    game = match.game
    over = game.is_over(match.state)
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": match.game_name,
        "rules": game.rules,
        "seed": match.seed,
        "players": [{"kind": s.kind, "level": s.level, "name": s.name} for s in match.seats],
        "moves": [entry.notation for entry in match.history],
        "state": game.to_dict(match.state),
        "finished": over,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "started_at": getattr(match, "started_at", None) or time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if over:
        result = game.result(match.state)
        data["result"] = {"winners": list(result.winners), "reason": result.reason}
    return data


def new_save_path(game_name: str) -> Path:
    """A fresh file name for a new match (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{stamp}-{game_name}-{secrets.token_hex(3)}{SUFFIX}"


def write_save(match: Match, path: Path) -> None:
    atomic_write_text(path, json.dumps(snapshot(match), ensure_ascii=False, indent=1))


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
            text = json.dumps(snapshot(self.match), ensure_ascii=False, indent=1)
        except (ValueError, TypeError) as error:
            self._done(str(error), 0, False)
            return
        moves = len(self.match.history)
        over = self.match.game.is_over(self.match.state)
        try:
            atomic_write_text(self.path, text, durable=not self.background)
        except (OSError, ValueError) as error:
            self._done(str(error), moves, over)
            return
        if self.background:
            queue_sync(self.path)
        self._done(None, moves, over)

    def _done(self, error: str | None, moves: int, over: bool) -> None:
        if error is not None:
            if self.error is None:  # said once per failure, not after every move
                print(f"herna: cannot save the game to {self.path}: {error}", file=sys.stderr)
                self.news.append((True, error))
            self.error = error
            return
        if self.error is not None:
            print(f"herna: saving works again ({self.path})", file=sys.stderr)
            self.news.append((False, ""))
        self.error = None
        for callback in list(self.on_written):
            callback(moves)
        if over:
            prune()

    def take_news(self) -> list[tuple[bool, str]]:
        """What changed since the last call: ``(True, reason)`` when saving started failing,
        ``(False, "")`` when it works again (``notices`` shows each once)."""
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
    if not hasattr(match, "started_at"):
        match.started_at = time.strftime("%Y-%m-%dT%H:%M:%S%z")
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


# --- reading ------------------------------------------------------------------------------

def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def read_document(path: Path) -> dict[str, Any]:
    """Parse a save file's JSON and check its outline; raises ``SaveError``."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    if size > MAX_BYTES:
        raise SaveError(path, f"is too large to be a saved game ({size} bytes)")
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    if not raw.strip():
        raise SaveError(path, "is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "is not a text file (not UTF-8); not a Herna save") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise SaveError(path, "is nested too deeply to be a saved game") from None
    except ValueError as error:
        raise SaveError(path, f"is not valid JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, "is not a Herna saved game")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, "has no format version")
    if version > FORMAT_VERSION:
        raise SaveError(path, f"was written by a newer Herna (format {version})")
    if version < 1:
        raise SaveError(path, f"has an unknown format version {version}")
    return data


def _check_outline(path: Path, data: dict[str, Any]) -> None:
    from game.cli import AI_LEVELS
    from game.rules import GAME_NAMES

    game = data.get("game")
    if game not in GAME_NAMES:
        raise SaveError(path, f"names an unknown game {game!r}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError(path, "has no valid seed")
    if not isinstance(data.get("rules"), dict):
        raise SaveError(path, "has no rule set")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
        raise SaveError(path, "has no valid list of players")
    for index, seat in enumerate(players):
        if (not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai")
                or seat.get("level", "normal") not in AI_LEVELS):
            raise SaveError(path, f"has a bad player entry {index + 1}")
        if not _is_text(seat.get("name", "")):
            raise SaveError(path, f"has a player name that cannot be shown (player {index + 1})")
    for key in ("saved_at", "started_at"):
        if data.get(key) is not None and not _is_text(data[key]):
            raise SaveError(path, f"has a bad {key.replace('_', ' ')} time")
    result = data.get("result")
    if result is not None and not (isinstance(result, dict)
                                   and _is_text(result.get("reason", ""), 200)):
        raise SaveError(path, "has a bad result entry")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise SaveError(path, "has no valid move list")
    for index, move in enumerate(moves):
        if not isinstance(move, str) or len(move) > 200 or not move.isprintable():
            raise SaveError(path, f"has a bad move entry at move {index + 1}")
    if not isinstance(data.get("state"), dict):
        raise SaveError(path, "has no state")


def _is_text(value: Any, limit: int = MAX_TEXT) -> bool:
    """Text a player may be shown: a string, not too long, without control characters.

    Everything a save says that reaches the screen goes through this on loading: a NUL in a
    name makes the font raise, which would crash Continue and Replays on every visit.
    """
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


@dataclass
class Loaded:
    """A verified save: everything needed to rebuild the match."""

    path: Path
    data: dict[str, Any]
    game: Any
    seats: list[SeatInfo]
    seed: int
    initial: Any
    history: list[HistoryEntry]
    state: Any

    @property
    def game_name(self) -> str:
        return self.data["game"]

    @property
    def finished(self) -> bool:
        return self.game.is_over(self.state)


def _normalised(value: Any) -> Any:
    """What ``value`` looks like after a JSON round trip (tuples become lists, …)."""
    return json.loads(json.dumps(value))


def load(path: Path | str) -> Loaded:
    """Read, replay and verify a save; raises ``SaveError`` (never anything else)."""
    path = Path(path)
    try:
        return _load(path)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(path, "is nested too deeply to be a saved game") from None
    except Exception as error:  # noqa: BLE001 - any engine complaint means a bad file
        raise SaveError(path, f"cannot be replayed ({type(error).__name__}: {error})") from None


def _load(path: Path) -> Loaded:
    from game.client.session import HistoryEntry, SeatInfo
    from game.rules import IllegalMove, RulesError, StateError, get_game

    data = read_document(path)
    _check_outline(path, data)
    try:
        game = get_game(data["game"], data["rules"])
    except RulesError as error:
        raise SaveError(path, f"has bad house rules ({error})") from None
    except ModuleNotFoundError:
        raise SaveError(path, f"is a game of {data['game']}, not available here") from None
    seats = [SeatInfo(kind=p["kind"], level=p.get("level", "normal"), name=p.get("name", ""))
             for p in data["players"]]
    try:
        state = game.new_game(len(seats), data["seed"])
    except (RulesError, ValueError) as error:
        raise SaveError(path, f"cannot set up the game ({error})") from None
    initial = state
    history: list[HistoryEntry] = []
    for index, text in enumerate(data["moves"]):
        seat = game.current_player(state)
        if seat is None:
            raise SaveError(path, f"continues after the game ended (move {index + 1})")
        try:
            move = game.parse_move(state, text)
            after, events = game.apply(state, move)
        except IllegalMove as error:
            raise SaveError(path, f"move {index + 1} ({text!r}) is not legal: "
                                  f"{error}") from None
        history.append(HistoryEntry(seat, game.format_move(move), list(events), state))
        state = after
    try:
        game.from_dict(data["state"])
    except StateError as error:
        raise SaveError(path, f"holds an impossible position ({error})") from None
    if _normalised(game.to_dict(state)) != data["state"]:
        raise SaveError(path, "does not agree with its own moves (edited or damaged)")
    from game.client.session import default_names

    return Loaded(path, data, game, default_names(seats), data["seed"], initial, history, state)


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


def _info(path: Path) -> SaveInfo:
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    info = SaveInfo(path, mtime)
    try:
        data = read_document(path)
        _check_outline(path, data)
    except SaveError as error:
        info.problem = error.reason
        return info
    info.game = data["game"]
    info.finished = bool(data.get("finished"))
    info.moves = len(data["moves"])
    info.players = [str(p.get("name", "")) for p in data["players"]]
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
    """The save "Continue" brings back: the newest file that is not a finished game.

    A broken newest file counts (it is reported rather than silently skipped). Files are
    read newest first and only until the answer is known.
    """
    for path in _save_paths():
        info = _info(path)
        if info.problem is not None or not info.finished:
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
    from game.client.atomic import remove_stale_temporaries
    from game.client.settings import config_dir

    for folder in (saves_dir(), config_dir(), config_dir() / "rules"):
        remove_stale_temporaries(folder)


# --- resuming -----------------------------------------------------------------------------

def match_from(loaded: Loaded, inline_ai: bool = False) -> Match:
    """A live ``Match`` in the saved position, with the full history (undo, replays)."""
    from game.client.session import Match

    match = Match(loaded.game_name, loaded.game, list(loaded.seats), loaded.seed,
                  loaded.state, rules_source=dict(loaded.game.rules))
    match.history = list(loaded.history)
    match.started_at = loaded.data.get("started_at")
    if any(s.is_ai for s in loaded.seats) and not loaded.finished:
        from game.client.ai_worker import AIWorker, InlineWorker

        match.worker = InlineWorker() if inline_ai else AIWorker()
    return match


def resume(app: App, path: Path, on_error: Callable[[SaveError], None] | None = None) -> bool:
    """Load ``path`` and put its table on the stack (over the title); False on failure."""
    try:
        loaded = load(path)
    except SaveError as error:
        print(f"herna: cannot continue the saved game: {error}", file=sys.stderr)
        if on_error is not None:
            on_error(error)
        return False
    from game.client.rebuild import build_table
    from game.client.scenes.title import TitleScene

    match = match_from(loaded, inline_ai=getattr(app, "inline_ai", False))
    attach_autosave(match, path, write_now=False, background=True)
    table = build_table(app, match, [e.notation for e in loaded.history])
    app.stack.reset(TitleScene(app))
    app.stack.push(table)
    return True


def report(app: App, error: SaveError) -> None:
    """Show a save problem over whatever is on screen (the file is left as it was)."""
    from game.client.i18n import t
    from game.client.notices import printable
    from game.client.scenes.message import MessageScene

    where = printable(str(error.path), 400) if error.path is not None else ""
    app.stack.push(MessageScene(app, t("saves.broken_title"),
                                t("saves.broken_body", file=where, reason=error.reason)))


def resume_latest(app: App) -> bool:
    """"Continue" / ``--resume``: bring the last unfinished game back.

    Returns True when it put something on the screen (the game, or the title with a report
    of a broken save), False when there is nothing to continue.
    """
    info = latest_unfinished()
    if info is None:
        return False

    def failed(error: SaveError) -> None:
        from game.client.scenes.title import TitleScene

        if not any(isinstance(s, TitleScene) for s in app.stack.scenes):
            app.stack.reset(TitleScene(app))
        report(app, error)

    resume(app, info.path, on_error=failed)
    return True
