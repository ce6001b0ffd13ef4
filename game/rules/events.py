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
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

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


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Subclasses are frozen slotted dataclasses, keyword-only."""

    type: ClassVar[str] = "event"
    reveals: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``type`` first, then every field not omitted, in order."""
        out: dict[str, Any] = {"type": self.type}
        for spec in fields(self):
            value = getattr(self, spec.name)
            meta = spec.metadata
            omit = meta.get("omit", _MISSING)
            if omit is not _MISSING and value == omit:
                continue
            out[meta.get("key", spec.name)] = plain(value)
        return out
