"""Statistics per person (by name) and game, kept in one JSON file in the data folder.

A game counts when it ends with at least one person at the table (games of computers
alone do not). For every person at the table: games, wins, results against each computer
level present, the current and best winning streak, the moves of the game (for the
average length), the hints they used, and the last games (for the chart). Written
atomically after each counted game, so a kill during the write leaves the previous
file; a file that cannot be read is reported and never overwritten.

``attach(match)`` hooks a match started from the menus (``App.start_match``) or continued
from its save (``scenes/resume.py``; the hints used before the save come back with it);
replays and tutorials never pass through it. A game is known by its game, seed and start
time (``game_key``): one that was already counted is never counted again, however often it
was saved and continued.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.atomic import atomic_write_text
from game.client.match.match import Match
from game.client.storage.datafile import read_json_document, shape_problem
from game.client.storage.settings import data_dir

log = logging.getLogger("herna.storage")

FILE_NAME = "stats.json"
RECENT = 20             # last games kept per person and game for the chart
COUNTED = 500           # the keys of the last games counted, so none counts twice


def empty_record() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "streak": 0, "best_streak": 0, "moves": 0, "hints": 0,
            "vs_level": {}, "recent": []}


@dataclass
class Stats:
    path: Path
    people: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    problem: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> Stats:
        stats = cls(path or data_dir() / FILE_NAME)
        data, stats.problem = read_json_document(stats.path)
        if data is None:
            if stats.problem is not None:
                log.warning("statistics not read (%s)", stats.problem)
            return stats
        try:
            if not isinstance(data, dict):
                raise ValueError("unexpected shape")
            people = data["people"]
            if not isinstance(people, dict) or not all(
                    isinstance(games, dict) and all(isinstance(r, dict) for r in games.values())
                    for games in people.values()):
                raise ValueError("unexpected shape")
        except (ValueError, KeyError, TypeError) as error:
            stats.problem = shape_problem(stats.path, error)
            log.warning("statistics not read (%s)", stats.problem)
            return stats
        stats.people = {name: {game: {**empty_record(), **record}
                               for game, record in games.items()}
                        for name, games in people.items()}
        counted = data.get("counted", [])
        stats.counted = [key for key in counted if isinstance(key, str)] \
            if isinstance(counted, list) else []
        return stats

    def record(self, match: Match) -> bool:
        """Count a finished match for each person at its table; False when it does not
        count (no person played, or it is not over)."""
        if not match.over or not match.humans:
            return False
        key = game_key(match)
        if key is not None and key in self.counted:
            return False
        if key is not None:
            self.counted = (self.counted + [key])[-COUNTED:]
        winners = set(match.result().winners)
        levels = sorted({seat.level for seat in match.seats if seat.is_ai})
        for index in match.humans:
            name = match.seats[index].name
            record = self.people.setdefault(name, {}).setdefault(match.game_name,
                                                                 empty_record())
            won = index in winners
            record["games"] += 1
            record["wins"] += int(won)
            record["streak"] = record["streak"] + 1 if won else 0
            record["best_streak"] = max(record["best_streak"], record["streak"])
            record["moves"] += len(match.history)
            record["hints"] += match.hints_used.get(index, 0)
            for level in levels:
                games, wins = record["vs_level"].get(level, [0, 0])
                record["vs_level"][level] = [games + 1, wins + int(won)]
            record["recent"] = (record["recent"] + [{"won": won, "moves": len(match.history),
                                                     "when": time.strftime("%Y-%m-%d")}]
                                )[-RECENT:]
        self.save()
        return True

    def reset(self) -> None:
        self.people = {}
        self.counted = []
        self.problem = None  # the player asked: a fresh file replaces even a broken one
        self.save()

    def save(self) -> bool:
        if self.problem is not None:
            return False
        text = json.dumps({"version": 1, "people": self.people, "counted": self.counted},
                          indent=1, ensure_ascii=False)
        try:
            atomic_write_text(self.path, text + "\n")
        except OSError as error:
            log.warning("statistics not saved (%s)", error)
            return False
        return True


def game_key(match: Match) -> str | None:
    """One game however often it was saved and continued: its game, seed and start time
    (``started_at`` is kept in the save). None for a match that was never given one."""
    if match.started_at is None:
        return None
    return f"{match.game_name}:{match.seed}:{match.started_at}"


def win_rate(record: dict[str, Any]) -> float:
    return record["wins"] / record["games"] if record["games"] else 0.0


def average_length(record: dict[str, Any]) -> float:
    return record["moves"] / record["games"] if record["games"] else 0.0


class StatsRecorder:
    """A match callback: counts the match once, when it has just ended."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.done = False

    def __call__(self) -> None:
        if not self.done and self.match.over:
            self.done = True
            Stats.load().record(self.match)


def attach(match: Match) -> None:
    if getattr(match, "lead_in", ()):
        return  # played on from a review moment: practice from a chosen position, not counted
    if not any(isinstance(c, StatsRecorder) for c in match.on_change):
        match.on_change.append(StatsRecorder(match))
