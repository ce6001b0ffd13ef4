"""Hosting on this computer: ``herna serve`` as a child process, plus remembered entries.

The server runs as its own process (``python -m game.server``) so that the game window's
loop and the server's loop never share a thread, and the room survives a crash of the
window. Its first line of output says the port; a thread reads it, so the window never
waits (``invite.lan_addresses`` finds the addresses friends on the same network use).
``Remembered`` keeps the last address, name and room code in the data folder (atomic
writes; a broken file is ignored, never overwritten by surprise).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.atomic import atomic_write_text


class LocalServer:
    def __init__(self, data: Path, host: str = "0.0.0.0", port: int = 0) -> None:
        self.port: int | None = None
        self.error: str | None = None
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        try:
            self.process: subprocess.Popen[str] | None = subprocess.Popen(
                [sys.executable, "-m", "game.server", "--host", host, "--port", str(port),
                 "--data", str(data), "--log-level", "warning"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        except OSError as error:
            self.process = None
            self.error = str(error)
            return
        threading.Thread(target=self._read_port, daemon=True, name="herna-serve").start()

    def _read_port(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        try:
            self.port = int(line.split("ws://")[1].split()[0].rsplit(":", 1)[1])
        except (IndexError, ValueError):
            err = self.process.stderr.read() if self.process.stderr else ""
            self.error = (err.strip().splitlines() or [line.strip() or "no answer"])[-1]

    @property
    def ready(self) -> bool:
        return self.port is not None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        self.process = None


@dataclass
class Remembered:
    address: str = "127.0.0.1:8765"
    name: str = ""
    code: str = ""
    game: str = "cesta"
    seats: int = 2
    aids: bool = False   # a room hosted allows hints and other private aids for everyone
    # the last room this computer held seats in, to come back after a crash or a restart
    # (the tokens are the seats' secrets; they stay in this user's data folder)
    room: str = ""
    room_url: str = ""
    tokens: dict[str, str] = field(default_factory=dict)

    def held_tokens(self) -> dict[int, str]:
        """The remembered seats as numbers (a file edited by hand gives none)."""
        try:
            return {int(seat): str(token) for seat, token in self.tokens.items()}
        except (TypeError, ValueError):
            return {}

    @classmethod
    def load(cls, path: Path) -> Remembered:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            fields = {k: data[k] for k in asdict(cls()) if k in data}
            loaded = cls(**fields)
            if not all(isinstance(getattr(loaded, k), type(v))
                       for k, v in asdict(cls()).items()):
                return cls()
            return loaded
        except (OSError, ValueError, TypeError):
            return cls()

    def save(self, path: Path) -> None:
        with contextlib.suppress(OSError):
            atomic_write_text(path, json.dumps(asdict(self), ensure_ascii=False))
