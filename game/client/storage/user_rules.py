"""The player's own house rules: ``<config folder>/rules/<game>.toml``.

New games use them (unless a preset or ``--rules`` says otherwise); the in-game editor
writes them. Writing keeps the comments of the file it rewrites — the player's own file,
or the shipped ``config/rules/<game>.toml`` the first time — by editing it as a TOML
document (``tomlkit``), and checks the result by parsing it back before an atomic write.

A broken file (TOML syntax, unknown key, bad value, impossible combination) is reported
with file, line and key; games then run on the original rules and the file is never
overwritten — the player's text is theirs to fix.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.container import Container
from tomlkit.items import AoT, Array, Item, Table

from game.atomic import atomic_write_text
from game.client.i18n import t
from game.client.storage.problems import write_problem
from game.client.storage.settings import config_dir
from game.paths import rules_defaults_file
from game.rules import GAME_NAMES, RulesError
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import load_rules, read_toml, validate


@dataclass
class RulesProblem:
    file: str
    line: int | None
    key: str | None
    message: str

    def __str__(self) -> str:
        """The full line for a terminal: file, line, key and what is wrong."""
        place = f"{self.file}:{self.line}" if self.line else self.file
        key = self.key if not self.key or self.key.isprintable() else repr(self.key)
        return f"{place}{f', key {key}' if key else ''}: {self.message}"

    def where(self) -> str:
        name = Path(self.file).name
        parts = [f"{name}:{self.line}" if self.line else name]
        if self.key:
            parts.append(self.key if self.key.isprintable() else repr(self.key))
        return ", ".join(parts)


class UserRulesError(Exception):
    """The user's rules cannot be written (the file is broken): ``str`` is the player's
    words."""


def rules_dir() -> Path:
    return config_dir() / "rules"


def user_rules_path(game: str) -> Path:
    return rules_dir() / f"{game}.toml"


@dataclass
class UserRules:
    game: str
    path: Path
    overrides: dict[str, Any] = field(default_factory=dict)
    problem: RulesProblem | None = None

    @property
    def exists(self) -> bool:
        return self.path.is_file()

    @property
    def writable(self) -> bool:
        return self.problem is None

    def rules(self) -> dict[str, Any]:
        """The full rule set games use: the file's keys over the shipped defaults."""
        return load_rules(self.game, self.overrides if self.problem is None else None)


def _problem(error: RulesError, path: Path) -> RulesProblem:
    text = str(error)
    if error.file:  # the place is kept apart (file, line, key); the message is the rest
        for prefix in (f"{error.file}:{error.line}: ", f"{error.file}: "):
            if text.startswith(prefix):
                text = text[len(prefix):]
                break
    return RulesProblem(error.file or str(path), error.line, error.key, text)


_Signature = tuple[int, int, int, int]  # device, inode, size, modification time (ns)
_parsed: dict[Path, tuple[_Signature, UserRules]] = {}


def _signature(path: Path) -> _Signature | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def load_user_rules(game: str) -> UserRules:
    """The user's file for ``game``; never raises for a bad file (see ``problem``).

    A file is parsed once and remembered by its signature (inode, size, modification
    time): the title asks on every visit and each new game asks again, and a broken or
    large file must not be re-read each time; an edit of the file is seen at once.
    """
    path = user_rules_path(game)
    signature = _signature(path) if path.is_file() else None
    if signature is None:
        _parsed.pop(path, None)
        return UserRules(game, path)
    known = _parsed.get(path)
    if known is not None and known[0] == signature:
        return _copy_of(known[1])
    result = _parse(game, path)
    _parsed[path] = (signature, result)
    return _copy_of(result)


def _parse(game: str, path: Path) -> UserRules:
    result = UserRules(game, path)
    try:
        data, text = read_toml(path)  # the one reader: size, nesting, byte-order mark
        # every key, range and cross-check, with file and line; the file is read only once
        validate(SCHEMAS[game], data, load_rules(game), file=str(path), text=text)
    except RulesError as error:
        result.problem = _problem(error, path)
        return result
    result.overrides = data
    return result


def _copy_of(user: UserRules) -> UserRules:
    """A caller may change ``overrides``; the remembered parse must stay as read."""
    return UserRules(user.game, user.path, _plain_copy(user.overrides), user.problem)


def _plain_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value


def overrides_for(game: str) -> dict[str, Any] | None:
    """What new games of ``game`` start from: the user's keys, or None (original rules)."""
    user = load_user_rules(game)
    if user.problem is not None or not user.overrides:
        return None
    return dict(user.overrides)


def problems() -> list[RulesProblem]:
    """Problems of every game's user file (shown on the title and at start-up)."""
    found = []
    for game in GAME_NAMES:
        problem = load_user_rules(game).problem
        if problem is not None:
            found.append(problem)
    return found


# --- writing --------------------------------------------------------------------------------

def save_user_rules(game: str, rules: dict[str, Any]) -> Path:
    """Validate ``rules`` and write them as the user's file; returns its path.

    The file is edited as a TOML document (``tomlkit``): the player's comments, blank lines
    and order stay, only changed values are replaced and missing keys added; the first time
    the shipped ``config/rules/<game>.toml`` with its comments is the starting text. A key
    the file lacks is added only when it differs from the original rules. The result is
    read back before the atomic write; a text that would not give these rules is
    an error, never written.

    Raises ``RulesError`` for invalid rules and ``UserRulesError`` when the existing file is
    broken (it is left alone) or cannot be written.
    """
    full = load_rules(game, rules)
    current = load_user_rules(game)
    if current.problem is not None:
        raise UserRulesError(t("The file {where} has an error and is left as it is: "
                               "{problem}", where=current.problem.where(),
                               problem=current.problem.message))
    text = render(_template(game, current.path), full, load_rules(game))
    if not _agrees(game, text, full):
        raise UserRulesError(t("The file {file} was not saved: the new text did not read back "
                               "as these rules.", file=current.path.name))
    try:
        atomic_write_text(current.path, text)
    except OSError as error:
        raise UserRulesError(t("The file {file} could not be saved: {reason}",
                               file=current.path.name, reason=write_problem(error))) from error
    return current.path


def _template(game: str, path: Path) -> str:
    """The text to edit: the player's file (valid, as ``load_user_rules`` found it), else
    the shipped file with its comments, else a short header."""
    for source in (path, rules_defaults_file(game)):
        try:
            if source.is_file():
                return source.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
    return (f"# Herna — your house rules for {game} (written by the game).\n"
            f"# Delete this file to go back to the original rules.\n")


def _agrees(game: str, text: str, full: dict[str, Any]) -> bool:
    try:
        data = tomllib.loads(text)
        return load_rules(game, data) == full
    except (ValueError, RecursionError):  # TOMLDecodeError and RulesError are ValueErrors
        return False


def render(template: str, values: dict[str, Any], defaults: dict[str, Any]) -> str:
    """``template`` (TOML text) with ``values`` set in it: an unchanged value keeps its
    spelling, a changed one the comment beside it; a top-level key the text lacks is added
    only when its value differs from ``defaults`` (the original rules). Added keys go after
    the last key of their table, so a comment written above the next table stays with it."""
    document = tomlkit.parse(template)
    _update(document, values, defaults)
    return document.as_string().rstrip("\n") + "\n"


def _update(container: Container, values: dict[str, Any], defaults: dict[str, Any]) -> None:
    for key, value in values.items():
        default = defaults.get(key)
        if isinstance(value, dict):
            table = container.get(key)
            if isinstance(table, Table):  # a table is read whole: each of its keys is written
                _update(table.value, value, {})
            elif value != default:
                fresh = tomlkit.table()
                _update(fresh.value, value, {})
                container[key] = fresh  # tomlkit adds a table at the end, where tables go
        elif key in container:
            old = container.item(key)
            if _plain_copy(old.unwrap()) != value:
                item = tomlkit.item(value)
                if isinstance(old, Array) and isinstance(item, Array):
                    item.multiline("\n" in old.as_string())
                container[key] = item  # tomlkit keeps the comment of the line it replaces
        elif value != default:
            _add(container, key, tomlkit.item(value))


def _add(container: Container, key: str, item: Item) -> None:
    """``key = item`` right after the container's last key (``container[key] = item`` would
    put it after the comments that introduce the next table)."""
    keys = [index for index, (name, value) in enumerate(container.body)
            if name is not None and not isinstance(value, (Table, AoT))]
    if keys and keys[-1] + 1 < len(container.body):
        container._insert_at(keys[-1] + 1, key, item)
    else:
        container[key] = item
