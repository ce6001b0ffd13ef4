"""The wire format of Herna's online play (docs/protocol.md is its human description).

Everything that turns engine values into what one connection may receive lives here, so
that the question "can this frame leak a hidden card?" has one place to be answered:
``serialise_events`` is the only function that turns events into JSON, ``public_view`` and
``public_events`` are the only way a spectator's picture is made, and ``public_notation``
decides whether a seat may read a move's notation. No asyncio and no pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 3
#: Versions a client may ask for in ``hello``: versions 2 and 3 only add messages and
#: optional fields, so an older client is served as it always was.
SUPPORTED_VERSIONS = frozenset({1, 2, 3})
#: Short phrases a player sends with one press (a gamepad, no keyboard); clients say them
#: in their own language.
QUICK_PHRASES = ("good_game", "your_turn", "one_moment", "well_played", "thanks", "hello")

#: Strings a view uses for a card it hides (cesta's action deck has its own back).
UNKNOWN_MARKERS = frozenset({"??", "?A"})

#: Client message types the server understands (anything else is ``unknown_type``).
CLIENT_TYPES = frozenset({"hello", "create", "join", "resume", "watch", "set_seat",
                          "set_rules", "start", "move", "leave", "ping", "rematch",
                          "quit", "decide", "resign", "end_game", "chat"})


class ProtocolError(Exception):
    """A request the server refuses; ``code`` is machine-readable, ``message`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Limits:
    """What one connection and one address may do; defaults suit a public server."""

    max_message_bytes: int = 16 * 1024     # our own limit: an error reply, the link stays
    hard_frame_bytes: int = 256 * 1024     # the library's limit: the link is closed (1009)
    messages_per_second: float = 20.0      # token bucket refill rate per connection
    burst: int = 40                        # token bucket size
    abuse_drops: int = 200                 # dropped messages before the link is closed
    rooms_per_address: int = 8             # unfinished rooms one address may have created
    connections_per_address: int = 64     # sockets, counted from the TCP accept on
    handshakes_per_address: int = 8        # sockets of one address still in the handshake
    handshake_seconds: float = 5.0         # a handshake not done by then is dropped
    costly_per_minute: float = 30.0        # catch-ups and rule sets one address may ask for
    costly_burst: int = 12
    flood_cooldown: float = 30.0           # an address closed for flooding waits this long
    name_chars: int = 24
    seat_timeout: float = 90.0             # seconds away before a seat may be given to AI
    outbox: int = 512                      # queued frames before a slow reader is dropped
    chat_chars: int = 200                  # longer chat messages are cut
    chats_per_minute: float = 20.0         # per connection, bursts of 5

    def to_dict(self) -> dict[str, Any]:
        return {"max_message_bytes": self.max_message_bytes,
                "messages_per_second": self.messages_per_second, "burst": self.burst,
                "costly_per_minute": self.costly_per_minute,
                "rooms_per_address": self.rooms_per_address,
                "seat_timeout": self.seat_timeout}


def encode(message: Mapping[str, Any]) -> str:
    """One frame of text; compact, and UTF-8 names stay readable."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(frame: str | bytes, limits: Limits) -> dict[str, Any]:
    """Parse one client frame into a message dict, or raise ``ProtocolError`` naming why."""
    if isinstance(frame, bytes):
        raise ProtocolError("binary_frame", "send JSON text frames, not binary ones")
    if len(frame.encode("utf-8")) > limits.max_message_bytes:
        raise ProtocolError("too_big",
                            f"a message may be at most {limits.max_message_bytes} bytes")
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string field 'type'")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    return message


def get_field(message: Mapping[str, Any], name: str, kind: type | tuple[type, ...],
          default: Any = ..., ) -> Any:
    """A typed field of a client message; a missing or mistyped one is ``bad_field``."""
    if name not in message or message[name] is None:
        if default is ...:
            raise ProtocolError("bad_field", f"field '{name}' is required")
        return default
    value = message[name]
    # bool is an int in Python; a seat number true/false is a client bug worth naming
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ProtocolError("bad_field", f"field '{name}' has the wrong type")
    if not isinstance(value, kind):
        raise ProtocolError("bad_field", f"field '{name}' has the wrong type")
    return value


def event_dict(event: Any) -> dict[str, Any]:
    """One event as JSON-safe data: typed events say it with ``to_dict``, older ones are
    already mappings."""
    to_dict = getattr(event, "to_dict", None)
    data = to_dict() if callable(to_dict) else dict(event)
    plain: dict[str, Any] = json.loads(json.dumps(data))  # tuples become lists, nothing
    return plain                                         # engine-typed leaks


def serialise_events(game: Any, events: Iterable[Any], seat: int) -> list[dict[str, Any]]:
    """The events of one move as ``seat`` may see them: the ONE place events are sent.

    The engine's ``view_events`` hides what the seat may not know (other seats' draws and
    kept cards); the result is then turned into plain dicts.
    """
    return [event_dict(e) for e in game.view_events(list(events), seat)]


def merge_hidden(first: Any, second: Any) -> Any:
    """Combine two seats' pictures of the same thing, keeping only what both may see.

    Two different seats' views differ only where one of them sees a card the other cannot
    (its own hand); there the unknown marker wins. Any other difference (``view_of``, a
    seat marker) has no public value and becomes ``None``. Lists of different lengths
    would mean the views describe different positions, which is a bug worth stopping for.
    """
    if isinstance(first, dict) and isinstance(second, dict):
        if first.keys() != second.keys():
            raise ValueError("the two views have different keys")
        return {key: merge_hidden(first[key], second[key]) for key in first}
    if isinstance(first, list) and isinstance(second, list):
        if len(first) != len(second):
            raise ValueError("the two views have lists of different lengths")
        return [merge_hidden(a, b) for a, b in zip(first, second, strict=True)]
    if first == second:
        return first
    if first in UNKNOWN_MARKERS:
        return first
    if second in UNKNOWN_MARKERS:
        return second
    return None


def public_view(game: Any, state: Any, players: int) -> dict[str, Any]:
    """What a spectator may see: the intersection of every seat's view.

    The engines offer views for seats only, so the public one is built from them: a card
    any seat cannot see stays unknown, which hides every hand (each is hidden from the
    other seats), the decks and the generator state, without the server knowing any
    game's format.
    """
    views = [game.to_dict(game.view(state, seat)) for seat in range(players)]
    merged: dict[str, Any] = views[0]
    for other in views[1:]:
        merged = merge_hidden(merged, other)
    return merged


def public_events(game: Any, events: Iterable[Any], players: int) -> list[dict[str, Any]]:
    """A spectator's copy of one move's events: what every seat may see of them."""
    events = list(events)
    per_seat = [serialise_events(game, events, seat) for seat in range(players)]
    merged = per_seat[0]
    for other in per_seat[1:]:
        merged = merge_hidden(merged, other)
    return merged


def strings_in(value: Any) -> set[str]:
    """Every string inside a JSON-like value (keys excluded)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def state_strings(data: dict[str, Any]) -> set[str]:
    """Every string of a state dict but its rule set (which lists every card of a game,
    Královská cesta's deck, without saying where any card is)."""
    return strings_in({k: v for k, v in data.items() if k != "rules"})


def public_notation(notation: str, full_strings: set[str],
                    view_after: dict[str, Any]) -> str | None:
    """The move's notation if it names nothing hidden from the reader, else ``None``.

    Most notation is public (``play R7 3``, ``build hand:7 row:1``); Královská cesta's
    ``keep C1 C2`` names the two cards a seat keeps secretly. A word is withheld when it
    stands somewhere in the full state after the move (``full_strings``, from
    ``state_strings``) and nowhere in the reader's view: then it names a card the reader
    cannot see. With repeated card values (Cut the Rope's) a visible copy tells nothing.
    """
    words = notation.split()  # "hand:7" is a place in Cut the Rope, never a card
    if not any(word in full_strings for word in words):
        return notation
    visible = state_strings(view_after)
    for word in words:
        if word in full_strings and word not in visible:
            return None
    return notation
