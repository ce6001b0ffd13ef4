"""A finished online game in the saves folder, as this client's seat saw it.

A local save rebuilds its game from the seed; an online client never learns the seed (it
would reveal every hand), so an online save keeps instead the frames the server sent to
the seat: the first view and, per move, the events and the view after it. Nothing else
reaches the file, so a replay can show no card the seat did not see. The document is an
ordinary ``herna-save`` outline (game, rules, players, moves as notation, the final view,
``finished``, ``result``), so the Replays list reads it as it reads every save, plus an
``online`` section; its ``seed`` is 0 (unknown) and the list opens it with
``OnlineReplayScene`` instead of replaying from a seed. Written atomically, as local saves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from game.atomic import atomic_write_text
from game.client.match.match import SeatInfo
from game.client.online.public import stand_in
from game.client.online.remote import RemoteMatch
from game.client.storage.save_folder import new_save_path, prune
from game.client.storage.save_format import (
    DAMAGED,
    FORMAT,
    FORMAT_VERSION,
    UNREPLAYABLE,
    SaveError,
    check_outline,
    now_stamp,
)
from game.client.storage.save_format import read_document as read_save
from game.rules import RulesError, StateError, get_game

ONLINE_FORMAT = 1


@dataclass
class OnlineRecord:
    """A verified online save (or a live match's record): enough for ``OnlineReplayScene``."""

    game_name: str
    rules: dict[str, Any]
    seats: list[SeatInfo]
    seat: int | None            # whose eyes; None: the public view of a spectator
    start: dict[str, Any]       # the view before the first move
    frames: list[dict[str, Any]]
    room: str = ""


def record_of(match: RemoteMatch) -> OnlineRecord | None:
    """The record of ``match`` so far (None before its first view)."""
    if match.record_start is None or match.game is None:
        return None
    eyes = match.eyes
    return OnlineRecord(match.game_name, dict(match.game.rules), list(match.seats),
                        eyes[0] if eyes else None, match.record_start, list(match.record),
                        match.room_code)


def document(match: RemoteMatch) -> dict[str, Any] | None:
    record = record_of(match)
    if record is None:
        return None
    final: dict[str, Any] = record.frames[-1] if record.frames else \
        {"view": record.start, "result": None}
    data: dict[str, Any] = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": record.game_name,
        "rules": record.rules, "seed": 0,
        "players": [{"kind": s.kind, "level": s.level, "name": s.name} for s in record.seats],
        "moves": [_notation(f) for f in record.frames], "state": final["view"],
        "finished": final.get("result") is not None, "saved_at": now_stamp(),
        "started_at": now_stamp(),
        "online": {"format": ONLINE_FORMAT, "room": record.room, "seat": record.seat,
                   "game_number": match.game_number, "start": record.start,
                   "frames": record.frames}}
    if final.get("result") is not None:
        data["result"] = {"winners": list(final["result"].get("winners", [])),
                          "reason": str(final["result"].get("reason", ""))}
    return data


def _notation(frame: dict[str, Any]) -> str:
    """The move as the seat read it; a withheld one (a secret choice) as its event kind."""
    last = frame.get("last") or {}
    if last.get("move"):
        return str(last["move"])
    events = frame.get("events") or []
    return str(events[0].get("type", "")) if events else ""


def save_finished(match: RemoteMatch) -> Path | None:
    """Write the finished game to the saves folder (once per game); None if nothing to
    save or the disk refused (the game itself is unaffected, and says nothing)."""
    data = document(match)
    if data is None or not data["finished"]:
        return None
    path = new_save_path(match.game_name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except (OSError, ValueError):
        return None
    prune()
    return path


def is_online_save(path: Path) -> bool:
    """Whether a save file is an online game (read cheaply; a broken file is not)."""
    try:
        return isinstance(read_save(path).get("online"), dict)
    except SaveError:
        return False


def load_record(path: Path) -> OnlineRecord:
    """Read and check an online save; raises ``SaveError`` naming the problem."""
    data = read_save(path)
    check_outline(path, data)
    online = data.get("online")
    if not isinstance(online, dict) or online.get("format") != ONLINE_FORMAT:
        raise SaveError(path, UNREPLAYABLE, "not an online game of a known format")
    seats = [SeatInfo(p["kind"], p.get("level", "normal"), p.get("name", ""))
             for p in data["players"]]
    seat = online.get("seat")
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < len(seats)):
        raise SaveError(path, DAMAGED, "a seat the game does not have")
    frames = online.get("frames")
    if not isinstance(frames, list) or not isinstance(online.get("start"), dict):
        raise SaveError(path, DAMAGED, "no frames")
    try:
        game = get_game(data["game"], data["rules"])
        load = game.from_dict if seat is not None else partial(stand_in, game)
        load(online["start"])
        for index, frame in enumerate(frames):
            if not (isinstance(frame, dict) and frame.get("ply") == index + 1
                    and isinstance(frame.get("events"), list)
                    and isinstance(frame.get("last"), dict)
                    and isinstance(frame["last"].get("seat"), int)
                    and 0 <= frame["last"]["seat"] < len(seats)):
                raise SaveError(path, DAMAGED, f"a bad frame at move {index + 1}")
            load(frame["view"])
    except (StateError, RulesError, KeyError, IndexError, TypeError, ValueError,
            AttributeError) as error:
        raise SaveError(path, DAMAGED, f"an impossible position: {error}") from None
    return OnlineRecord(data["game"], data["rules"], seats, seat, online["start"], frames,
                        str(online.get("room", "")))
