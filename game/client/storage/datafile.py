"""Reading the small JSON files the client keeps in its data folder (statistics, tutorial
progress): one place that tells a missing file (nothing to read yet) from a broken one (a
problem to report, while the game goes on with nothing loaded and never overwrites it)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game.client.i18n import t
from game.client.storage.problems import read_problem

log = logging.getLogger("herna.storage")


def read_json_document(path: Path) -> tuple[object | None, str | None]:
    """``(data, None)`` when the file holds JSON, ``(None, None)`` when there is no file,
    ``(None, "file: what is wrong")`` in the player's words when it cannot be read or is not
    JSON (the system's own text goes to the log). The caller still checks the document's
    shape (``shape_problem`` says a wrong one)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as error:
        log.warning("%s cannot be read: %s", path, error)
        return None, f"{path.name}: {read_problem(error)}"
    try:
        return json.loads(text), None
    except ValueError as error:
        log.warning("%s is not JSON: %s", path, error)
        return None, f"{path.name}: {read_problem(error)}"


def shape_problem(path: Path, error: BaseException) -> str:
    """A file that is JSON but not the document expected: the player's words (the
    detail goes to the log)."""
    log.warning("%s has an unexpected shape: %s", path, error)
    return f"{path.name}: {t('its content is damaged')}"
