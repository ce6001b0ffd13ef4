"""The one reader of the rules' events on the client side.

Events are frozen values with attributes (``game.rules.events``); a few are still made as
plain dicts by tests and by the online client, which receives their JSON form. Every table
reads them through ``event_field`` with the names of that JSON form (``"from"`` is the
attribute ``from_``), so the two shapes read alike.
"""

from __future__ import annotations

import keyword
from collections.abc import Mapping
from typing import Any


def event_field(event: Any, name: str, default: Any = None) -> Any:
    """Field ``name`` of an engine event, or ``default`` when the event has none (a draw
    seen by another seat carries no card). A field named by a Python keyword (a pyramid's
    ``"from"``) is an attribute with a trailing underscore on a frozen event."""
    if isinstance(event, Mapping):
        return event.get(name, default)
    if keyword.iskeyword(name):
        name += "_"              # a JSON key that is a Python keyword ("from")
    return getattr(event, name, default)


def event_type(event: Any) -> str:
    """The event's ``type`` ("" for a value without one), the same name in every game."""
    return str(event_field(event, "type", "") or "")
