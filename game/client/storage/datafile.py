"""Reading the small JSON files the client keeps in its data folder (statistics, tutorial
progress): one place that tells a missing file (nothing to read yet) from a broken one (a
problem to report, while the game goes on with nothing loaded and never overwrites it)."""

from __future__ import annotations

import json
from pathlib import Path


def read_json_document(path: Path) -> tuple[object | None, str | None]:
    """``(data, None)`` when the file holds JSON, ``(None, None)`` when there is no file,
    ``(None, "path: what is wrong")`` when it cannot be read or is not JSON. The caller
    still checks the document's shape."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"{path}: {error.strerror}"
    try:
        return json.loads(text), None
    except ValueError as error:
        return None, f"{path}: {error}"
