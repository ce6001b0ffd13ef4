"""Which lessons a player finished or skipped, and which games already offered their
tutorial.

One small JSON file in the data folder (``tutorial.json``), written atomically (a temporary
file renamed over it), so a kill during the write leaves the previous version. A file that
cannot be read is reported once and never overwritten: the player's progress in it is
worth more than this session's.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from game.atomic import atomic_write_text
from game.client.storage.datafile import read_json_document, shape_problem
from game.client.storage.settings import data_dir

log = logging.getLogger("herna.storage")

FILE_NAME = "tutorial.json"


@dataclass
class Progress:
    path: Path
    done: dict[str, list[str]] = field(default_factory=dict)   # game -> lesson keys
    skips: dict[str, list[str]] = field(default_factory=dict)  # game -> lessons skipped
    offered: list[str] = field(default_factory=list)           # games asked once
    problem: str | None = None                                 # a bad file, not touched

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = path or data_dir() / FILE_NAME
        progress = cls(path)
        data, progress.problem = read_json_document(path)
        if data is None:
            if progress.problem is not None:
                log.warning("tutorial progress not read (%s)", progress.problem)
            return progress
        try:
            if not isinstance(data, dict):
                raise ValueError("unexpected shape")
            done = data.get("done", {})
            skips = data.get("skipped", {})   # absent from files written before skipping
            offered = data.get("offered", [])
            if not (_keys_per_game(done) and _keys_per_game(skips)
                    and isinstance(offered, list)
                    and all(isinstance(g, str) for g in offered)):
                raise ValueError("unexpected shape")
        except (ValueError, AttributeError) as error:
            progress.problem = shape_problem(path, error)
            log.warning("tutorial progress not read (%s)", progress.problem)
            return progress
        progress.done = {str(g): list(keys) for g, keys in done.items()}
        progress.skips = {str(g): list(keys) for g, keys in skips.items()}
        progress.offered = list(offered)
        return progress

    def finished(self, game: str, key: str) -> bool:
        return key in self.done.get(game, [])

    def mark_done(self, game: str, key: str) -> None:
        keys = self.done.setdefault(game, [])
        skipped = self.skips.get(game, [])
        if key not in keys or key in skipped:
            if key not in keys:
                keys.append(key)
            if key in skipped:
                skipped.remove(key)
            self.save()

    def skipped(self, game: str, key: str) -> bool:
        return key in self.skips.get(game, [])

    def mark_skipped(self, game: str, key: str) -> None:
        """A lesson passed over: not finished, but no longer where the tutorial resumes."""
        keys = self.skips.setdefault(game, [])
        if key not in keys and not self.finished(game, key):
            keys.append(key)
            self.save()

    def was_offered(self, game: str) -> bool:
        return game in self.offered or bool(self.done.get(game))

    def mark_offered(self, game: str) -> None:
        if game not in self.offered:
            self.offered.append(game)
            self.save()

    def save(self) -> bool:
        if self.problem is not None:
            return False  # never overwrite a file we could not read
        text = json.dumps({"done": self.done, "skipped": self.skips, "offered": self.offered},
                          indent=1, ensure_ascii=False)
        try:
            atomic_write_text(self.path, text + "\n")
        except OSError as error:
            log.warning("tutorial progress not saved (%s)", error)
            return False
        return True


def _keys_per_game(value: object) -> bool:
    """A mapping of game names to lists of lesson keys."""
    return isinstance(value, dict) and all(
        isinstance(keys, list) and all(isinstance(k, str) for k in keys)
        for keys in value.values())
