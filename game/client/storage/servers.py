"""The servers this player joined or hosted on last, offered again on the Join screen.

One small JSON file in the data folder (``servers.json``: ``{"servers": ["host:port",
…]}``, newest first, at most ``KEEP``), written atomically. A file that cannot be read or
has another shape is reported (``problem``) and never overwritten: the list starts empty
for this session.
"""

from __future__ import annotations

import contextlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.atomic import atomic_write_text
from game.client.storage.datafile import read_json_document, shape_problem
from game.client.storage.settings import data_dir

FILE_NAME = "servers.json"
KEEP = 5
LONGEST = 200  # an address longer than this is no address anyone typed


@dataclass
class RecentServers:
    path: Path
    servers: list[str] = field(default_factory=list)   # newest first
    problem: str | None = None                         # a bad file, not touched

    @classmethod
    def load(cls, path: Path | None = None) -> RecentServers:
        recent = cls(path or data_dir() / FILE_NAME)
        data, recent.problem = read_json_document(recent.path)
        if data is None:
            return recent
        try:
            if not isinstance(data, dict) or not isinstance(data.get("servers"), list):
                raise ValueError("no list of servers")
            for item in data["servers"]:
                if not isinstance(item, str) or not item.strip() or len(item) > LONGEST:
                    raise ValueError(f"not an address: {item!r}")
        except ValueError as error:
            recent.problem = shape_problem(recent.path, error)
            return recent
        recent.servers = _unique([item.strip() for item in data["servers"]])[:KEEP]
        return recent

    def remember(self, address: str) -> bool:
        """``address`` becomes the newest; saved at once. False when not written (the
        file is broken and kept as it is, or the folder refused the write)."""
        address = address.strip()
        if not address or len(address) > LONGEST:
            return False
        self.servers = _unique([address, *self.servers])[:KEEP]
        if self.problem is not None:
            return False
        with contextlib.suppress(OSError):
            atomic_write_text(self.path, json.dumps({"servers": self.servers},
                                                    ensure_ascii=False, indent=1))
            return True
        print(f"herna: {self.path} could not be written", file=sys.stderr)
        return False


def _unique(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out
