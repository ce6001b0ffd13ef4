"""What the game tells about its own trouble: a log file a player can send, and hard crashes.

The log lives in the platform's user log folder (``platformdirs.user_log_dir("herna")``, or
``HERNA_LOG_DIR``): ``herna.log``, rotated at 512 kB with three older files kept, so it
never grows without bound. Warnings and errors also go to stderr, so a headless run or a
terminal still shows them. ``faulthandler`` writes the Python stack of a hard crash (a
segmentation fault in a native library) to ``crash.log`` beside it.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import TextIO

import platformdirs

LOG_NAME = "herna.log"
CRASH_NAME = "crash.log"
LOG_BYTES = 512 * 1024
LOG_FILES = 3

log = logging.getLogger("herna")


class Diagnostics:
    """The log of one run of the game (set up once, by ``game.client.main.run``)."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self._crash_file: TextIO | None = None
        self._handlers: list[logging.Handler] = []

    @property
    def log_file(self) -> Path | None:
        return self.folder / LOG_NAME if self.folder is not None else None

    def start(self) -> None:
        log.setLevel(logging.INFO)
        log.propagate = False
        stderr = logging.StreamHandler(sys.stderr)
        stderr.setLevel(logging.WARNING)
        stderr.setFormatter(logging.Formatter("herna: %(message)s"))
        self._add(stderr)
        folder = log_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handler = RotatingFileHandler(folder / LOG_NAME, maxBytes=LOG_BYTES,
                                          backupCount=LOG_FILES, encoding="utf-8")
            self._crash_file = (folder / CRASH_NAME).open("a", encoding="utf-8")
        except OSError as error:
            log.warning("no log file: %s cannot be written (%s)", folder,
                        error.strerror or error)
            return
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s"))
        self._add(handler)
        faulthandler.enable(file=self._crash_file)
        self.folder = folder
        log.info("Herna started (Python %s, %s)", sys.version.split()[0], sys.platform)

    def _add(self, handler: logging.Handler) -> None:
        log.addHandler(handler)
        self._handlers.append(handler)

    def stop(self) -> None:
        for handler in self._handlers:
            log.removeHandler(handler)
            handler.close()
        self._handlers = []
        log.propagate = True
        if self._crash_file is not None:
            faulthandler.disable()
            self._crash_file.close()
            self._crash_file = None


def log_folder() -> Path:
    override = os.environ.get("HERNA_LOG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_log_dir("herna", appauthor=False))
