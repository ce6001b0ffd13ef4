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

from collections.abc import Iterator
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


class MappingFace:
    """TRANSITIONAL read-only mapping face over ``to_dict()``.

    The client still reads events (and the values nested in them) as dicts:
    ``event["card"]``, ``event.get("type")``, ``dict(event)``. These methods answer with
    exactly what ``to_dict()`` holds. They go once the client reads attributes.
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every user defines it
        raise NotImplementedError

    def __getitem__(self, name: str) -> Any:
        return self.to_dict()[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.to_dict().get(name, default)

    def __contains__(self, name: object) -> bool:
        return name in self.to_dict()

    def keys(self) -> list[str]:
        return list(self.to_dict())

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())


@dataclass(frozen=True, slots=True)
class Event(MappingFace):
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
