"""House-rule schemas and loading.

Each game declares its keys once (name, default, range, one-line help). Defaults come from
those schemas (the shipped ``config/rules/<game>.toml`` documents the same values, and a
test holds the two together); overrides come from a dict or a TOML path. Every problem is
reported as a ``RulesError`` that names the key, and for TOML the file and line, so a player
can fix a typo without reading a traceback. Reading the TOML path given to ``get_game`` is
the rules core's only file access, kept here so the engines stay pure; the rules core
imports nothing of Herna outside ``game.rules``.
"""

from __future__ import annotations

import re
import stat
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.common import RulesError

if sys.version_info >= (3, 11):  # noqa: UP036 - tomli fallback named by the brief
    import tomllib
else:  # pragma: no cover - the project needs 3.11, kept for tooling on older Pythons
    import tomli as tomllib

Checker = Callable[[Any], str | None]


@dataclass(frozen=True)
class RuleKey:
    """One house rule: ``check`` returns a human description of what is wrong, or None."""

    name: str
    default: Any
    help: str
    check: Checker
    kind: str  # "int", "bool", "choice", "int-or-choice", "list", "table": drives the editor UI
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class RuleSchema:
    game: str
    keys: tuple[RuleKey, ...]
    cross_check: Callable[[dict[str, Any]], list[tuple[str, str]]] = field(
        default=lambda rules: [])

    def key(self, name: str) -> RuleKey:
        for candidate in self.keys:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.keys)

    def defaults(self) -> dict[str, Any]:
        return {k.name: _copy(k.default) for k in self.keys}


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def shown(value: Any, limit: int = 60) -> str:
    """``repr`` cut to ``limit`` characters: messages stay one short line whatever a file
    holds (``repr`` also escapes control characters, which a font cannot draw)."""
    try:
        text = repr(value)
    except RecursionError:  # pragma: no cover - parse_toml refuses deep data first
        return "<nested too deeply>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_key(name: str, default: int, low: int, high: int, help: str, *,
            odd: bool = False) -> RuleKey:
    def check(value: Any) -> str | None:
        if not _is_int(value):
            return f"must be a whole number, not {shown(value)}"
        if not low <= value <= high:
            return f"must be between {low} and {high}, not {value}"
        if odd and value % 2 == 0:
            return f"must be odd, not {value}"
        return None

    return RuleKey(name, default, help, check, "int", low=low, high=high)


def bool_key(name: str, default: bool, help: str) -> RuleKey:
    def check(value: Any) -> str | None:
        return None if isinstance(value, bool) else f"must be true or false, not {shown(value)}"

    return RuleKey(name, default, help, check, "bool")


def choice_key(name: str, default: str, choices: tuple[str, ...], help: str) -> RuleKey:
    def check(value: Any) -> str | None:
        if value not in choices or not isinstance(value, str):
            return f"must be one of {', '.join(map(repr, choices))}, not {shown(value)}"
        return None

    return RuleKey(name, default, help, check, "choice", choices=choices)


def seat_or_choice_key(name: str, default: str | int, choices: tuple[str, ...], low: int,
                       high: int, help: str) -> RuleKey:
    def check(value: Any) -> str | None:
        if isinstance(value, str) and value in choices:
            return None
        if _is_int(value) and low <= value <= high:
            return None
        allowed = " or ".join(repr(c) for c in choices)
        return (f"must be {allowed} or a whole number from {low} to {high}, "
                f"not {shown(value)}")

    return RuleKey(name, default, help, check, "int-or-choice", choices=choices, low=low,
                   high=high)


def custom_key(name: str, default: Any, kind: str, help: str, check: Checker) -> RuleKey:
    return RuleKey(name, default, help, check, kind)


def normalise(schema: RuleSchema, rules: dict[str, Any]) -> dict[str, Any]:
    """Canonical forms: TOML tables have string keys, so integer-keyed tables become strings."""
    out = dict(rules)
    for key in schema.keys:
        if key.kind == "table" and isinstance(out.get(key.name), dict):
            out[key.name] = {str(k): v for k, v in out[key.name].items()}
    return out


def validate(schema: RuleSchema, overrides: Mapping[str, Any], base: dict[str, Any], *,
             file: str | None = None, text: str | None = None) -> dict[str, Any]:
    """Merge ``overrides`` into ``base`` after checking every key; raise on the first problem."""
    if not isinstance(overrides, Mapping):
        raise RulesError(f"house rules for {schema.game} must be a table of keys, "
                         f"not {type(overrides).__name__}", file=file)
    merged = dict(base)
    for name, value in overrides.items():
        line = _line_of(text, name) if text is not None else None
        if name not in schema.names:
            raise RulesError(f"unknown house rule {shown(name)} for {schema.game} "
                             f"(known: {', '.join(schema.names)})", key=name, file=file, line=line)
        problem = schema.key(name).check(value)
        if problem:
            raise RulesError(f"house rule '{name}' {problem}", key=name, file=file, line=line)
        merged[name] = _copy(value)
    merged = normalise(schema, merged)
    for name, problem in schema.cross_check(merged):
        line = _line_of(text, name) if text is not None else None
        raise RulesError(f"house rule '{name}' {problem}", key=name, file=file, line=line)
    return merged


def _line_of(text: str | None, key: str) -> int | None:
    if not text:
        return None
    pattern = re.compile(rf"^\s*(?:\[\s*)?[\"']?{re.escape(key)}[\"']?\s*(?:=|\]|\.)")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


MAX_TOML_BYTES = 1024 * 1024  # far above any real settings or rules file (a few kB)
MAX_TOML_DEPTH = 32           # arrays and tables inside each other; real files use 2 or 3


def read_toml(path: str | Path, what: str = "house rules") -> tuple[dict[str, Any], str]:
    """Read a TOML file; every problem becomes a ``RulesError`` naming the file (and line).

    This is the one door every TOML file of Herna comes through (shipped defaults, the
    player's settings and house rules, ``--rules``), so the limits live here: a file over
    ``MAX_TOML_BYTES`` is refused unread (a parser would chew on it for half a minute), a
    UTF-8 byte-order mark is accepted, and a FIFO or device is never opened (it would block).
    """
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise RulesError(f"{what} file is not a regular file", file=str(path))
        if info.st_size > MAX_TOML_BYTES:
            raise RulesError(f"{what} file is too large ({info.st_size} bytes; at most "
                             f"{MAX_TOML_BYTES})", file=str(path))
        with path.open("rb") as handle:
            raw = handle.read(MAX_TOML_BYTES + 1)
    except OSError as error:
        raise RulesError(f"cannot read {what}: {error.strerror or error}",
                         file=str(path)) from None
    if len(raw) > MAX_TOML_BYTES:  # it grew between stat and read
        raise RulesError(f"{what} file is too large (over {MAX_TOML_BYTES} bytes)",
                         file=str(path))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RulesError(f"{what} file is not UTF-8 text", file=str(path)) from None
    return parse_toml(text, file=str(path)), text


def parse_toml(text: str, file: str | None = None) -> dict[str, Any]:
    """``tomllib.loads`` that only ever raises ``RulesError``.

    tomllib raises ``RecursionError`` on deeply nested arrays and ``ValueError`` on integers
    past Python's digit limit; both, and data nested deeper than ``MAX_TOML_DEPTH`` (which
    later code could not print or copy safely), become one clear message.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        line = int(match.group(1)) if match else None
        if line is None and "end of document" in str(error):
            line = max(1, text.rstrip("\n").count("\n") + 1)
        raise RulesError(f"TOML syntax error: {error}", file=file, line=line) from None
    except RecursionError:
        raise RulesError(f"nested too deeply (more than {MAX_TOML_DEPTH} levels)",
                         file=file) from None
    except ValueError as error:  # e.g. an integer with more than 4300 digits
        raise RulesError(f"TOML value cannot be read: {error}", file=file) from None
    if _depth(data) > MAX_TOML_DEPTH:
        raise RulesError(f"nested too deeply (more than {MAX_TOML_DEPTH} levels)", file=file)
    return data


def _depth(value: Any) -> int:
    """How deeply lists and tables nest in ``value``, counted without recursion."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level + 1)
        if deepest > MAX_TOML_DEPTH:
            return deepest
        pending.extend((child, level + 1) for child in children)
    return deepest


def load_rules(game: str, overrides: Mapping[str, Any] | str | Path | None = None
               ) -> dict[str, Any]:
    """The full validated rule set of ``game``: its defaults plus ``overrides``."""
    from game.rules.houserule_keys import SCHEMAS

    schema = SCHEMAS[game]
    base = {k: _copy(v) for k, v in SCHEMAS[game].defaults().items()}
    if overrides is None:
        return base
    if isinstance(overrides, (str, Path)):
        data, text = read_toml(overrides)
        return validate(schema, data, base, file=str(overrides), text=text)
    return validate(schema, overrides, base)
