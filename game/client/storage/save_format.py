"""The save-file format: a match as a JSON document and back (read, write, validate).

A save holds what is needed to rebuild the match *exactly* — game, full rule set, seed,
seats (people and AI levels), the moves in notation — plus the final state (``to_dict``) as
a witness. Loading never trusts the witness: it replays the moves from the seed through the
rules engine and refuses the file when the result disagrees, so a corrupt, edited or foreign
file can never put an impossible position on the table. Nothing is unpickled or evaluated;
files are only ever read with ``json``. Notation exists here because this is an edge: each
move is parsed back into the engine's ``Move`` value once, on loading.

This module knows files and matches only; keeping the saves folder (``save_folder``) and showing
or resuming a game (``scenes.resume``) live elsewhere.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.client.i18n import N_, printable, t
from game.client.match.match import HistoryEntry, Match, SeatInfo, default_names
from game.client.match.types import AnyGame, State
from game.client.options import AI_LEVELS
from game.i18n import SOURCE_LANGUAGE, translator
from game.rules import GAME_NAMES, IllegalMove, RulesError, StateError, get_game

FORMAT = "herna-save"
FORMAT_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024      # far above any real game (a long one is ~100 kB)
MAX_MOVES = 20_000
MAX_SEATS = 8
MAX_TEXT = 64                    # a name or a time stamp; longer text is not ours


#: What the player reads about a save that cannot be loaded (``SaveError.reason``): a
#: sentence without its final stop, since screens put it after the file's name and end it.
UNREADABLE = N_("The file cannot be read")
TOO_LARGE = N_("The file is too large to be a saved game")
EMPTY = N_("The file is empty")
NOT_A_SAVE = N_("The file is not a game saved by Herna")
DAMAGED = N_("The file is damaged or was changed by hand")
NEWER = N_("The game was saved by a newer version of Herna; update Herna to open it")
UNKNOWN_GAME = N_("The file is for a game this version of Herna does not know")
BAD_RULES = N_("The game's house rules are not valid in this version of Herna")
BAD_MOVE = N_("Move {n} in the file is not allowed by the rules; the file is damaged or "
              "was changed by hand")
UNREPLAYABLE = N_("The game in the file cannot be replayed; the file is damaged or comes "
                  "from another version of Herna")


class SaveError(Exception):
    """A save file that cannot be loaded.

    ``reason`` is one of the messages above in the active language (the player's words);
    ``detail`` is what exactly is wrong, in English, for the log and a bug report; ``str``
    is the file's name, the reason and the detail in English (the log's line).
    """

    def __init__(self, path: Path | str | None, message: str, detail: str = "",
                 **values: Any) -> None:
        self.path = Path(path) if path is not None else None
        self.message = message
        self.values = values
        self.detail = printable(detail, 400)  # it quotes the file; the screen must draw it
        where = f"{printable(self.path.name)}: " if self.path is not None else ""
        english = translator(SOURCE_LANGUAGE).t(message, **values)
        super().__init__(where + english + (f" ({self.detail})" if self.detail else ""))

    @property
    def reason(self) -> str:
        return t(self.message, **self.values)


def now_stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


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
        "moves": [*match.lead_in, *(entry.notation for entry in match.history)],
        "state": game.to_dict(match.state),
        "finished": over,
        "saved_at": now_stamp(),
        "started_at": match.started_at or now_stamp(),
    }
    if over:
        result = game.result(match.state)
        data["result"] = {"winners": list(result.winners), "reason": result.reason}
    if match.lead_in:  # played on from a review moment: where this game's own moves begin
        data["played_on_from"] = len(match.lead_in)
    if match.hints_used:  # the statistics count them when the game ends, maybe after a resume
        data["hints_used"] = {str(seat): count for seat, count in match.hints_used.items()}
    return data


def encode(match: Match) -> str:
    """The text of the save file for ``match`` as it stands now."""
    return json.dumps(snapshot(match), ensure_ascii=False, indent=1)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def read_document(path: Path) -> dict[str, Any]:
    """Parse a save file's JSON and check its outline; raises ``SaveError``."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise SaveError(path, UNREADABLE, str(error.strerror or error)) from None
    if size > MAX_BYTES:
        raise SaveError(path, TOO_LARGE, f"{size} bytes")
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(path, UNREADABLE, str(error.strerror or error)) from None
    if not raw.strip():
        raise SaveError(path, EMPTY)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, NOT_A_SAVE, "not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise SaveError(path, NOT_A_SAVE, "nested too deeply") from None
    except ValueError as error:
        raise SaveError(path, NOT_A_SAVE, f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, NOT_A_SAVE, "no herna-save format mark")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, DAMAGED, "no format version")
    if version > FORMAT_VERSION:
        raise SaveError(path, NEWER, f"format {version}")
    if version < 1:
        raise SaveError(path, DAMAGED, f"unknown format version {version}")
    return data


def check_outline(path: Path, data: dict[str, Any]) -> None:
    game = data.get("game")
    if game not in GAME_NAMES:
        raise SaveError(path, UNKNOWN_GAME, f"game {game!r}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError(path, DAMAGED, "no valid seed")
    if not isinstance(data.get("rules"), dict):
        raise SaveError(path, DAMAGED, "no rule set")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
        raise SaveError(path, DAMAGED, "no valid list of players")
    for index, seat in enumerate(players):
        if (not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai")
                or seat.get("level", "normal") not in AI_LEVELS):
            raise SaveError(path, DAMAGED, f"bad player entry {index + 1}")
        if not _is_text(seat.get("name", "")):
            raise SaveError(path, DAMAGED, f"a player name that cannot be shown "
                                            f"(player {index + 1})")
    for key in ("saved_at", "started_at"):
        if data.get(key) is not None and not _is_text(data[key]):
            raise SaveError(path, DAMAGED, f"bad {key.replace('_', ' ')} time")
    result = data.get("result")
    if result is not None and not (isinstance(result, dict)
                                   and _is_text(result.get("reason", ""), 200)):
        raise SaveError(path, DAMAGED, "bad result entry")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise SaveError(path, DAMAGED, "no valid move list")
    for index, move in enumerate(moves):
        if not isinstance(move, str) or len(move) > 200 or not move.isprintable():
            raise SaveError(path, DAMAGED, f"bad move entry at move {index + 1}")
    start = data.get("played_on_from", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= len(moves):
        raise SaveError(path, DAMAGED, "bad 'played_on_from' entry")
    if not isinstance(data.get("state"), dict):
        raise SaveError(path, DAMAGED, "no state")


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
    game: AnyGame
    seats: list[SeatInfo]
    seed: int
    initial: State                 # the match's first position (after any lead-in)
    history: list[HistoryEntry]
    state: State
    lead_in: tuple[str, ...] = ()  # moves from the deal to ``initial`` (see Match.lead_in)

    @property
    def game_name(self) -> str:
        return str(self.data["game"])

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
        raise SaveError(path, NOT_A_SAVE, "nested too deeply") from None
    except Exception as error:  # noqa: BLE001 - any engine complaint means a bad file
        raise SaveError(path, UNREPLAYABLE, f"{type(error).__name__}: {error}") from None


def _load(path: Path) -> Loaded:
    data = read_document(path)
    check_outline(path, data)
    try:
        game = get_game(data["game"], data["rules"])
    except RulesError as error:
        raise SaveError(path, BAD_RULES, str(error)) from None
    seats = [SeatInfo(kind=p["kind"], level=p.get("level", "normal"), name=p.get("name", ""))
             for p in data["players"]]
    try:
        state = game.new_game(len(seats), data["seed"])
    except (RulesError, ValueError) as error:
        raise SaveError(path, UNREPLAYABLE, f"cannot set up the game: {error}") from None
    initial = state
    start = data.get("played_on_from", 0)
    lead_in: list[str] = []
    history: list[HistoryEntry] = []
    for index, text in enumerate(data["moves"]):
        seat = game.current_player(state)
        if seat is None:
            raise SaveError(path, BAD_MOVE, f"move {index + 1} after the game ended",
                            n=index + 1)
        try:
            move = game.parse_move(state, text)
            after, events = game.apply(state, move)
        except IllegalMove as error:
            raise SaveError(path, BAD_MOVE, f"move {index + 1} {text!r}: {error}",
                            n=index + 1) from None
        if index < start:  # the lead-in of a game played on from a review moment
            lead_in.append(game.format_move(move))
            initial = after
        else:
            history.append(HistoryEntry(seat, move, list(events), state,
                                        game.format_move(move)))
        state = after
    try:
        game.from_dict(data["state"])
    except StateError as error:
        raise SaveError(path, DAMAGED, f"an impossible position: {error}") from None
    if _normalised(game.to_dict(state)) != data["state"]:
        raise SaveError(path, DAMAGED, "the position does not agree with the moves")
    return Loaded(path, data, game, default_names(seats), data["seed"], initial, history, state,
                  tuple(lead_in))


def hints_used(data: dict[str, Any], seats: int) -> dict[int, int]:
    """The hints each seat used so far (for the statistics). Optional: an entry that is not
    a seat and a count is left out rather than refusing a game that is otherwise sound."""
    found = data.get("hints_used")
    if not isinstance(found, dict):
        return {}
    return {int(seat): count for seat, count in found.items()
            if isinstance(seat, str) and seat.isdigit() and int(seat) < seats
            and isinstance(count, int) and not isinstance(count, bool) and 0 <= count < 10**6}


def match_from(loaded: Loaded, inline_ai: bool = False) -> Match:
    """A live ``Match`` in the saved position, with the full history (undo, replays)."""
    match = Match(loaded.game_name, loaded.game, list(loaded.seats), loaded.seed,
                  loaded.state, rules_source=dict(loaded.game.rules))
    match.history = list(loaded.history)
    match.lead_in = loaded.lead_in
    started = loaded.data.get("started_at")
    match.started_at = started if isinstance(started, str) else None
    match.hints_used = hints_used(loaded.data, len(match.seats))
    match.start_worker(inline_ai)
    return match


