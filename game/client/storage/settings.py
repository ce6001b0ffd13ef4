"""User settings: shipped defaults (``config/settings.toml``) plus the user's own file.

The user's file lives in ``platformdirs.user_config_dir("herna")`` (``HERNA_CONFIG_DIR``
overrides it, so tests never touch the real home). A broken file is reported with file,
line and key, the game runs on defaults for what is broken, and the file is never
overwritten while it is broken: the player's text is theirs to fix.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
import pygame
import tomli_w

from ai.levels import LEVELS as AI_LEVELS
from game.atomic import atomic_write_text
from game.client.i18n import N_, nt, t
from game.client.storage.problems import write_problem
from game.i18n import languages
from game.paths import settings_defaults_file
from game.rules import GAME_NAMES, RulesError
from game.rules.houserules import read_toml

log = logging.getLogger("herna.storage")

# Fallbacks used if the shipped defaults file is unreadable; keys double as the schema.
BUILTIN_DEFAULTS: dict[str, Any] = {
    "language": "",  # the computer's language until the player picks one
    "volume": 0.7,
    "mute": False,
    "fullscreen": False,
    "window_size": [1280, 720],
    "animation_speed": 1.0,
    "colourblind_symbols": False,
    "card_tracker": True,
    "undo": "turn",
    "undo_hot_seat": False,
    "ai_pace": 0.6,
    "player_names": [],
    "hints_vs_ai": True,
    "last_setup": {},
}
NAME_LENGTH = 16  # a seat's name fits its plate


def config_dir() -> Path:
    """Folder of the user's settings and house rules."""
    override = os.environ.get("HERNA_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("herna"))


def data_dir() -> Path:
    """Folder of saves and replays."""
    override = os.environ.get("HERNA_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("herna"))


SETUP_PROBLEM = N_("must hold, per game, lists kinds (\"human\" or \"ai\"), levels and "
                   "names of one length")


def setup_ok(value: Any) -> bool:
    """``last_setup``: per game name, the seats of the last game set up (kinds, levels,
    names as typed, "" for a name given by the game)."""
    if not isinstance(value, dict) or not set(value) <= set(GAME_NAMES):
        return False
    for seats in value.values():
        if not isinstance(seats, dict) or set(seats) != {"kinds", "levels", "names"}:
            return False
        kinds, levels, names = seats["kinds"], seats["levels"], seats["names"]
        if not all(isinstance(v, list) for v in (kinds, levels, names)):
            return False
        if not 1 <= len(kinds) <= 8 or not len(kinds) == len(levels) == len(names):
            return False
        if not (all(k in ("human", "ai") for k in kinds)
                and all(level in AI_LEVELS for level in levels)
                and all(isinstance(n, str) and len(n) <= NAME_LENGTH and n.isprintable()
                        for n in names)):
            return False
    return True


LANGUAGE_PROBLEM = N_("must be \"\" (the computer's language) or one of {codes}")
NAMES_PROBLEM = "must be a list of up to 8 names of at most {n} letters"  # said with nt


def _check(key: str, value: Any) -> str | None:
    """Why ``value`` is not acceptable for ``key`` (None when it is): a marked message,
    formatted with ``_CHECK_VALUES`` (``SettingsProblem.message`` says it in words)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if key == "language":
        if value == "" or value in languages():
            return None
        return LANGUAGE_PROBLEM
    if key in ("mute", "fullscreen", "colourblind_symbols", "card_tracker", "undo_hot_seat",
               "hints_vs_ai"):
        return None if isinstance(value, bool) else N_("must be true or false")
    if key == "volume":
        return None if number and 0 <= value <= 1 else N_("must be a number from 0.0 to 1.0")
    if key == "animation_speed":
        return None if number and 0 <= value <= 4 else N_("must be a number from 0 to 4")
    if key == "ai_pace":
        return None if number and 0 <= value <= 10 else N_("must be a number from 0 to 10")
    if key == "undo":
        return None if value in ("off", "turn") else N_("must be \"off\" or \"turn\"")
    if key == "player_names":
        ok = (isinstance(value, list) and len(value) <= 8 and
              all(isinstance(v, str) and len(v) <= NAME_LENGTH and v.isprintable()
                  for v in value))
        return None if ok else NAMES_PROBLEM
    if key == "last_setup":
        return None if setup_ok(value) else SETUP_PROBLEM
    if key == "window_size":
        ok = (isinstance(value, list) and len(value) == 2 and
              all(isinstance(v, int) and not isinstance(v, bool) for v in value) and
              320 <= value[0] <= 8192 and 240 <= value[1] <= 8192)
        return None if ok else N_("must be [width, height] in pixels")
    return N_("is not a known setting")


def _check_values(reason: str) -> dict[str, Any]:
    """The values a message of ``_check`` names (none for another reader's text, which may
    hold braces of its own)."""
    if reason == LANGUAGE_PROBLEM:
        return {"codes": ", ".join(f'"{code}"' for code in languages())}
    if reason == NAMES_PROBLEM:
        return {"n": NAME_LENGTH}
    return {}


@dataclass
class SettingsProblem:
    file: str
    line: int | None
    key: str | None
    reason: str      # a marked message (or the TOML reader's own English text)

    @property
    def message(self) -> str:
        """What is wrong, in the player's language."""
        if self.reason == NAMES_PROBLEM:
            return nt("must be a list of up to 8 names of at most {n} letter",
                      "must be a list of up to 8 names of at most {n} letters", NAME_LENGTH)
        values = _check_values(self.reason)
        return t(self.reason, **values) if values else t(self.reason)

    def __str__(self) -> str:
        """The full line for the log, in English."""
        where = f"{self.file}, line {self.line}" if self.line else self.file
        key = f", key {self.key}" if self.key else ""
        values = _check_values(self.reason)
        return f"{where}{key}: {self.reason.format(**values) if values else self.reason}"

    def short(self) -> str:
        name = Path(self.file).name
        where = f"{name}:{self.line}" if self.line else name
        return f"{where}, {self.key}" if self.key else where


def _line_of(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=", re.MULTILINE)
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


@dataclass
class Settings:
    """Current values, what the user file said, and any problem found in it."""

    values: dict[str, Any] = field(default_factory=lambda: dict(BUILTIN_DEFAULTS))
    path: Path | None = None
    problems: list[SettingsProblem] = field(default_factory=list)
    write_error: str | None = None
    on_write_error: list[Callable[[str], None]] = field(default_factory=list)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def set(self, key: str, value: Any) -> None:
        problem = _check(key, value)
        if problem:
            raise ValueError(f"{key} {problem.format(**_check_values(problem))}")
        self.values[key] = value

    @property
    def writable(self) -> bool:
        """A broken user file is never overwritten (the player may want to fix it by hand)."""
        return not self.problems

    def save(self) -> bool:
        """Write the user file atomically and durably; False when it was not written.

        A disk that refuses (the file is a folder, a read-only folder, a full disk) must not
        end the game: the reason is kept in ``write_error`` and handed to every
        ``on_write_error`` callback (the client shows it on screen), and the next change tries
        again. The file keeps its permissions.
        """
        if self.path is None or not self.writable:
            return False
        try:
            atomic_write_text(self.path, tomli_w.dumps(self.values))
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            self.write_error = f"{self.path}: {reason}"
            log.warning("settings not saved: %s", self.write_error)
            words = f"{write_problem(error)} ({self.path.name})"
            for callback in list(self.on_write_error):
                callback(words)
            return False
        self.write_error = None
        return True


def _read(path: Path, base: dict[str, Any], problems: list[SettingsProblem]) -> dict[str, Any]:
    """Merge one TOML file over ``base``; problems are collected, bad keys are skipped.

    The file is read through the rules core's ``read_toml``, the one reader of every TOML
    file (size limit, nesting limit, byte-order mark), so nothing in it can raise here.
    """
    try:
        data, text = read_toml(path, what="settings")
    except RulesError as error:
        problems.append(SettingsProblem(str(path), error.line, None, _bare(error)))
        return base
    merged = dict(base)
    for key, value in data.items():
        problem = _check(key, value)
        if problem:
            shown = key if key.isprintable() and len(key) <= 40 else repr(key)[:40]
            problems.append(SettingsProblem(str(path), _line_of(text, key), shown, problem))
            continue
        merged[key] = value
    return merged


def _bare(error: RulesError) -> str:
    """The message of ``error`` without its "file:line: " prefix (shown apart)."""
    text = str(error)
    for prefix in (f"{error.file}:{error.line}: ", f"{error.file}: "):
        if error.file and text.startswith(prefix):
            return text[len(prefix):]
    return text


def clamp_window_size(size: tuple[int, int], desktop: tuple[int, int] | None
                      ) -> tuple[int, int]:
    """The window size setting fitted to the display (a window larger than the screen
    cannot be seen whole, and its buttons may be off screen); None = display unknown."""
    width, height = int(size[0]), int(size[1])
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return width, height
    return max(320, min(width, desktop[0])), max(240, min(height, desktop[1]))


def load_settings(user_dir: Path | None = None) -> Settings:
    """Defaults, then the user's file; never raises for a bad file (problems are listed)."""
    problems: list[SettingsProblem] = []
    values = dict(BUILTIN_DEFAULTS)
    shipped = settings_defaults_file()
    if shipped.is_file():
        shipped_problems: list[SettingsProblem] = []
        values = _read(shipped, values, shipped_problems)
    folder = user_dir if user_dir is not None else config_dir()
    path = folder / "settings.toml"
    if path.is_file():
        values = _read(path, values, problems)
    return Settings(values=values, path=path, problems=problems)


def desktop_size() -> tuple[int, int] | None:
    """The first display's size in pixels, None when unknown (call after display init)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None
