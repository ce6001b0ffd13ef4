"""Which lessons a player finished and which games already offered their tutorial.

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
            offered = data.get("offered", [])
            if not (isinstance(done, dict) and isinstance(offered, list)
                    and all(isinstance(v, list) and all(isinstance(k, str) for k in v)
                            for v in done.values())
                    and all(isinstance(g, str) for g in offered)):
                raise ValueError("unexpected shape")
        except (ValueError, AttributeError) as error:
            progress.problem = shape_problem(path, error)
            log.warning("tutorial progress not read (%s)", progress.problem)
            return progress
        progress.done = {str(g): list(keys) for g, keys in done.items()}
        progress.offered = list(offered)
        return progress

    def finished(self, game: str, key: str) -> bool:
        return key in self.done.get(game, [])

    def mark_done(self, game: str, key: str) -> None:
        keys = self.done.setdefault(game, [])
        if key not in keys:
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
        text = json.dumps({"done": self.done, "offered": self.offered}, indent=1,
                          ensure_ascii=False)
        try:
            atomic_write_text(self.path, text + "\n")
        except OSError as error:
            log.warning("tutorial progress not saved (%s)", error)
            return False
        return True
