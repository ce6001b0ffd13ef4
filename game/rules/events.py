"""The common base of every engine's events: typed, frozen values with a dict form.

``apply`` tells what happened as a list of events, one frozen dataclass per kind, defined
by each engine (``game.rules.<game>.events``). Two class-level facts travel with each kind:

- ``type``: its name, the same for the same thing in every game (``game_over`` for the end);
- ``reveals``: whether it makes public, or shows its mover, something hidden before (a draw,
  a roll, a turned pile card, a reshuffle). Undo stops at such an event: what was learnt
  cannot be unlearnt.

``to_dict()`` gives the JSON form that logs, saves and the network use: ``{"type": ...}``
followed by the fields in declaration order (tuples become lists, nested values their own
dicts). A field may name its key (``key``: ``from`` is a Python keyword) and be left out
when it holds a given value (``omit``), so the dict forms stay exactly what they were.

``EventDecoder`` (behind each engine's ``Game.event_from_dict``) is the inverse: it turns a
dict form, as ``apply`` or ``view_events`` made it, back into the same typed event, checking
every key and value against the class, so it may read network input.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from game.rules.common import StateError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")

_MISSING = object()


def key(name: str, **kwargs: Any) -> Any:
    """A field whose dict key is ``name`` (for keys that are not identifiers)."""
    return field(metadata={"key": name}, **kwargs)


def omitted_when(value: Any, **kwargs: Any) -> Any:
    """A field left out of the dict form while it equals ``value`` (its default)."""
    return field(default=value, metadata={"omit": value}, **kwargs)


def plain(value: Any) -> Any:
    """The JSON-safe form of a field value: tuples as lists, nested values as dicts."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    return value


def record_dict(value: Any) -> dict[str, Any]:
    """The dict form of a dataclass value: every field not omitted, in order, by its key."""
    out: dict[str, Any] = {}
    for spec in fields(value):
        item = getattr(value, spec.name)
        meta = spec.metadata
        omit = meta.get("omit", _MISSING)
        if omit is not _MISSING and item == omit:
            continue
        out[meta.get("key", spec.name)] = plain(item)
    return out


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Subclasses are frozen slotted dataclasses, keyword-only."""

    type: ClassVar[str] = "event"
    reveals: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``type`` first, then every field not omitted, in order."""
        return {"type": self.type, **record_dict(self)}


_NAMES = {bool: "a bool", int: "an int", str: "a string", type(None): "null"}


class EventDecoder:
    """Reads the dict forms of one game's events (``event_types``) back into typed events.

    Built once per engine (``Game.__init__``): it resolves every field's annotation then.
    Two kinds may share a ``type`` (Cesta's two ``claim`` forms) only if no dict could fit
    both (their key sets tell them apart); the constructor raises ``ValueError`` otherwise,
    and ``TypeError`` for an annotation it cannot check (a programming error, not data).
    """

    def __init__(self, event_types: Iterable[type[Event]]) -> None:
        self.by_type: dict[str, tuple[type[Event], ...]] = {}
        self._hints: dict[type, dict[str, Any]] = {}
        for cls in event_types:
            self.by_type[cls.type] = (*self.by_type.get(cls.type, ()), cls)
            self._learn(cls)
        for name, classes in self.by_type.items():
            for i, one in enumerate(classes):
                for other in classes[i + 1:]:
                    need = self._keys(one)[0] | self._keys(other)[0]
                    if need <= self._keys(one)[1] & self._keys(other)[1]:
                        raise ValueError(f"{one.__name__} and {other.__name__} share type "
                                         f"{name!r} and a dict form could fit both")

    def decode(self, data: Any) -> Event:
        """The event whose ``to_dict()`` is ``data``; ``StateError`` if there is none."""
        if not isinstance(data, Mapping):
            raise StateError(f"an event must be a dict, not {type(data).__name__}")
        name = data.get("type")
        if not isinstance(name, str):
            raise StateError(f"an event needs a string 'type', not {name!r}")
        classes = self.by_type.get(name)
        if classes is None:
            raise StateError(f"unknown event type {name!r}")
        body = {k: v for k, v in data.items() if k != "type"}
        where = f"event {name!r}"
        if len(classes) == 1:
            return self._record(classes[0], body, where)
        for cls in classes:  # at most one fits (checked in __init__)
            if self._misfit(cls, body) is None:
                return self._record(cls, body, where)
        misfits = "; ".join(f"{cls.__name__}: {self._misfit(cls, body)}" for cls in classes)
        raise StateError(f"{where} fits none of its forms ({misfits})")

    def _learn(self, cls: type) -> None:
        if cls in self._hints:
            return
        hints = typing.get_type_hints(cls)
        self._hints[cls] = {spec.name: hints[spec.name] for spec in fields(cls)}
        for hint in self._hints[cls].values():
            self._learn_hint(hint, cls)

    def _learn_hint(self, hint: Any, owner: type) -> None:
        if is_dataclass(hint) and isinstance(hint, type):
            self._learn(hint)
        elif typing.get_origin(hint) in (tuple, typing.Union, types.UnionType):
            for arg in typing.get_args(hint):
                if arg is not Ellipsis:
                    self._learn_hint(arg, owner)
        elif hint not in _NAMES:
            raise TypeError(f"{owner.__name__}: cannot check a field of type {hint!r}")

    def _keys(self, cls: type) -> tuple[set[str], set[str]]:
        """The keys ``cls``'s dict form always has, and those it may have."""
        needed = {spec.metadata.get("key", spec.name) for spec in fields(cls)
                  if "omit" not in spec.metadata}
        return needed, {spec.metadata.get("key", spec.name) for spec in fields(cls)}

    def _misfit(self, cls: type, body: Mapping[Any, Any]) -> str | None:
        needed, allowed = self._keys(cls)
        missing = sorted(needed - body.keys())
        if missing:
            return f"missing {', '.join(map(repr, missing))}"
        extra = [k for k in body if k not in allowed]
        if extra:
            return f"unknown {', '.join(map(repr, extra))}"
        return None

    def _record(self, cls: type[R], body: Mapping[Any, Any], where: str) -> R:
        misfit = self._misfit(cls, body)
        if misfit is not None:
            raise StateError(f"{where}: {misfit}")
        values: dict[str, Any] = {}
        for spec in fields(cls):
            name = spec.metadata.get("key", spec.name)
            if name in body:
                values[spec.name] = self._value(self._hints[cls][spec.name], body[name],
                                                f"{where}: {name!r}")
        return cls(**values)

    def _value(self, hint: Any, value: Any, where: str) -> Any:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
            if value is None and len(options) < len(typing.get_args(hint)):
                return None
            if len(options) == 1:  # Optional[X]: X's own reason for refusing the value
                return self._value(options[0], value, where)
            for arg in options:
                try:
                    return self._value(arg, value, where)
                except StateError:
                    pass
            raise StateError(f"{where} must be one of {hint}, not {type(value).__name__}")
        if origin is tuple:
            if not isinstance(value, list | tuple):
                raise StateError(f"{where} must be a list, not {type(value).__name__}")
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                args = (args[0],) * len(value)
            elif len(value) != len(args):
                raise StateError(f"{where} must be a list of {len(args)}, not {len(value)}")
            return tuple(self._value(arg, item, f"{where}[{i}]")
                         for i, (arg, item) in enumerate(zip(args, value, strict=True)))
        if hint in self._hints:
            if not isinstance(value, Mapping):
                raise StateError(f"{where} must be a dict, not {type(value).__name__}")
            return self._record(hint, value, where)
        # bool is an int in Python, never in the dict form: check the exact type
        if type(value) is not hint:
            raise StateError(f"{where} must be {_NAMES[hint]}, not {type(value).__name__}")
        return value
