"""Rooms on disk: one JSON file per room in ``<data>/rooms/``, written atomically.

A write goes through ``game.atomic`` (the same crash-safe write as the client's saves): a
temporary file in the same folder, flushed to the disk and renamed over the old file, so a
``kill -9`` or a power cut leaves the old or the new version and never half of one. Writes
run on a worker thread (``asyncio.to_thread``) because a flush can take milliseconds, which
the event loop must not wait for. A file that cannot be read is reported and left exactly
as it is.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game.atomic import atomic_write_text, remove_stale_temporaries
from game.rules import StateError
from game.server.room import Engines, Room, normalise_code

log = logging.getLogger("herna.server")


class Store:
    def __init__(self, data_dir: Path | None, durable: bool = True) -> None:
        self.folder = Path(data_dir) / "rooms" if data_dir is not None else None
        self.durable = durable
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, code: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / f"{normalise_code(code)}.json"

    def write(self, record: dict[str, Any]) -> None:
        """Write one room's record atomically (blocking: call it off the event loop)."""
        path = self.path(record["code"])
        if path is None:
            return
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        atomic_write_text(path, text, durable=self.durable)

    def delete(self, code: str) -> None:
        path = self.path(code)
        if path is not None:
            path.unlink(missing_ok=True)

    def load_all(self, engines: Engines | None = None) -> list[Room]:
        """Every readable room; a bad file is logged by name and never touched."""
        if self.folder is None:
            return []
        rooms = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                room = Room.from_record(data, engines)
            except (OSError, ValueError, StateError) as error:
                log.warning("room file %s not loaded: %s", path, error)
                continue
            if room.code != path.stem:
                log.warning("room file %s names room %s; not loaded", path, room.code)
                continue
            rooms.append(room)
        remove_stale_temporaries(self.folder)  # writes cut short by a crash
        return rooms
