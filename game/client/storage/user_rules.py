"""The player's own house rules: ``<config folder>/rules/<game>.toml``.

New games use them (unless a preset or ``--rules`` says otherwise); the in-game editor
writes them. Writing keeps the comments of the file it rewrites — the player's own file,
or the shipped ``config/rules/<game>.toml`` the first time — by replacing values in place,
line by line, and checks the result by parsing it back (falling back to a plain dump with
a header if the in-place edit could not reproduce the values). Writes are atomic.

A broken file (TOML syntax, unknown key, bad value, impossible combination) is reported
with file, line and key; games then run on the original rules and the file is never
overwritten — the player's text is theirs to fix.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

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

    Raises ``RulesError`` for invalid rules and ``UserRulesError`` when the existing file is
    broken (it is left alone) or cannot be written.
    """
    full = load_rules(game, rules)
    current = load_user_rules(game)
    if current.problem is not None:
        raise UserRulesError(t("The file {where} has an error and is left as it is: "
                               "{problem}", where=current.problem.where(),
                               problem=current.problem.message))
    template = ""
    for source in (current.path, rules_defaults_file(game)):
        try:
            if source.is_file():
                template = source.read_text(encoding="utf-8-sig")
                break
        except (OSError, UnicodeDecodeError):
            continue
    text = render(template, full)
    if not _agrees(game, text, full):
        text = _plain(game, full)
    try:
        atomic_write_text(current.path, text)
    except OSError as error:
        raise UserRulesError(t("The file {file} could not be saved: {reason}",
                               file=current.path.name, reason=write_problem(error))) from error
    return current.path


def _agrees(game: str, text: str, full: dict[str, Any]) -> bool:
    try:
        data = tomllib.loads(text)
        return load_rules(game, data) == full and set(data) == set(full)
    except (ValueError, RecursionError):  # TOMLDecodeError and RulesError are ValueErrors
        return False


def _plain(game: str, full: dict[str, Any]) -> str:
    return (f"# Herna — your house rules for {game} (written by the game).\n"
            f"# Delete this file to go back to the original rules.\n\n" + tomli_w.dumps(full))


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_KEY_LINE = re.compile(r"^(\s*)([A-Za-z0-9_-]+)(\s*=\s*)(.*)$")
_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")


def _key(name: str) -> str:
    return name if _BARE.match(name) else format_value(name)


def format_value(value: Any) -> str:
    """One TOML value, inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(str(k))} = {format_value(v)}"
                                for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _format_multiline(value: list[Any], per_line: int = 6) -> list[str]:
    lines = ["["]
    for start in range(0, len(value), per_line):
        chunk = value[start:start + per_line]
        lines.append("    " + ", ".join(format_value(v) for v in chunk) + ",")
    lines.append("]")
    return lines


def _scan(text: str, depth: int) -> tuple[int, int | None]:
    """Bracket depth after ``text`` and where a comment starts (strings respected)."""
    quote: str | None = None
    index = 0
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 2
                continue
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "#":
            return depth, index
        index += 1
    return depth, None


def render(template: str, values: dict[str, Any]) -> str:
    """``template`` with each key's value replaced by ``values`` (comments kept)."""
    lines = template.splitlines()
    out: list[str] = []
    written: set[str] = set()
    section: str | None = None
    first_header: int | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        header = _HEADER.match(line)
        if header and not line.lstrip().startswith("[["):
            section = header.group(1).strip().strip("\"'")
            if first_header is None:
                first_header = len(out)
            out.append(line)
            index += 1
            if section in values and isinstance(values[section], dict):
                kept: list[str] = []
                while index < len(lines) and not _HEADER.match(lines[index]):
                    stripped = lines[index].strip()
                    if not stripped or stripped.startswith("#"):
                        kept.append(lines[index])
                    index += 1
                leading = [k for k in kept if k.strip()]
                trailing = [k for k in kept if not k.strip()]
                out.extend(leading)
                out.extend(f"{_key(str(k))} = {format_value(v)}"
                           for k, v in values[section].items())
                out.extend(trailing)
                written.add(section)
            continue
        match = _KEY_LINE.match(line)
        if match and section is None and match.group(2) in values \
                and match.group(2) not in written:
            key = match.group(2)
            rest = match.group(4)
            depth, comment_at = _scan(rest, 0)
            consumed = 1
            while depth > 0 and index + consumed < len(lines):
                depth, _ = _scan(lines[index + consumed], depth)
                consumed += 1
            prefix = match.group(1) + key + match.group(3)
            value = values[key]
            if consumed > 1 and isinstance(value, list) and value:
                block = _format_multiline(value)
                out.append(prefix + block[0])
                out.extend(block[1:])
            else:
                new = prefix + format_value(value)
                if consumed == 1 and comment_at is not None:
                    column = len(prefix) + len(rest[:comment_at])
                    new = new.ljust(max(column, len(new) + 1)) + rest[comment_at:]
                out.append(new)
            written.add(key)
            index += consumed
            continue
        out.append(line)
        index += 1
    missing_root = [k for k, v in values.items() if k not in written
                    and not isinstance(v, dict)]
    missing_tables = [k for k, v in values.items() if k not in written and isinstance(v, dict)]
    root_lines = [f"{_key(k)} = {format_value(values[k])}" for k in missing_root]
    if root_lines:
        at = first_header if first_header is not None else len(out)
        out[at:at] = root_lines + ([""] if first_header is not None else [])
    for key in missing_tables:
        out.append("")
        out.append(f"[{_key(key)}]")
        out.extend(f"{_key(str(k))} = {format_value(v)}" for k, v in values[key].items())
    return "\n".join(out).rstrip("\n") + "\n"
