"""The one reader of the rules' events on the client side.

Events were plain dicts and are becoming frozen values with attributes (which also answer
``event["x"]``); every table reads them through ``event_field`` so that change, and any
later one, touches this module alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def event_field(event: Any, name: str, default: Any = None) -> Any:
    """Field ``name`` of an engine event, or ``default`` when the event has none (a draw
    seen by another seat carries no card)."""
    if isinstance(event, Mapping):
        return event.get(name, default)
    return getattr(event, name, default)


def event_type(event: Any) -> str:
    """The event's ``type`` ("" for a value without one), the same name in every game."""
    return str(event_field(event, "type", "") or "")
