"""The room's chat as data: lines received, lines sent, quick phrases and muted people.

The server passes short messages (``chat`` in docs/protocol.md: at most 200 characters,
20 a minute) to everyone in the room; a quick phrase travels as its key and each client
says it in its own language. Anything from the network is hostile until cleaned:
``shown_text`` drops control and formatting characters (right-to-left overrides, zero
width joiners), keeps at most two combining marks on a letter and cuts the length, so no
message can reorder, stack or stretch the lines around it. Muting is this client's alone:
a muted person's lines stay in ``lines`` and are left out of ``visible``. No pygame here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.client.i18n import N_, t

MAX_CHARS = 200        # the server keeps this many characters of a message
MAX_NAME = 24          # ... and of a name
MAX_MARKS = 2          # combining marks kept on one letter ("zalgo" text stacks hundreds)
KEEP_LINES = 300       # older lines are let go

QUICK_PHRASES: dict[str, str] = {
    "good_game": N_("Good game"),
    "your_turn": N_("Your turn"),
    "one_moment": N_("One moment"),
    "well_played": N_("Well played"),
    "thanks": N_("Thanks"),
    "hello": N_("Hello"),
}


def clean_text(text: str, limit: int = MAX_CHARS) -> str:
    """``text`` safe to send and to draw: control characters become spaces, formatting
    characters (bidirectional overrides, zero-width ones), unassigned, private and surrogate
    code points go, at most ``MAX_MARKS`` combining marks per letter stay, runs of spaces
    become one, and at most ``limit`` characters are kept."""
    out: list[str] = []
    marks = 0
    for ch in text:
        kind = unicodedata.category(ch)
        if kind == "Cc" or kind in ("Zl", "Zp"):
            ch = " "
        elif kind[0] == "C":   # Cf (formatting, bidi overrides), Cn, Co, Cs
            continue
        if kind[0] == "M":
            marks += 1
            if marks > MAX_MARKS or not out or out[-1] == " ":
                continue
        else:
            marks = 0
        out.append(" " if ch.isspace() else ch)
    return " ".join("".join(out).split())[:limit].rstrip()


def phrase_words(key: str) -> str:
    """A quick phrase in the player's language."""
    return t(QUICK_PHRASES[key])


@dataclass
class ChatLine:
    seat: int
    name: str            # cleaned
    text: str = ""       # cleaned; empty for a quick phrase
    quick: str = ""      # a key of QUICK_PHRASES
    game: int = 1        # the room's game number when it came
    mine: bool = False   # sent by a seat of this computer
    at: int | None = None  # where a table's log shows it (its length when first drawn)

    @property
    def words(self) -> str:
        """What the line says, in the player's language for a quick phrase."""
        return phrase_words(self.quick) if self.quick else self.text


@dataclass
class ChatRoom:
    lines: list[ChatLine] = field(default_factory=list)
    muted: set[tuple[int, str]] = field(default_factory=set)   # (seat, name)
    version: int = 0     # counts changes: screens redraw when it moves
    on_line: list[Callable[[ChatLine], None]] = field(default_factory=list)

    def receive(self, frame: dict[str, Any], game_number: int, mine: set[int]) -> None:
        """A ``chat`` frame from the server (anything malformed is dropped)."""
        seat, name = frame.get("seat"), frame.get("name")
        quick, text = frame.get("quick"), frame.get("text")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(name, str):
            return
        if quick is not None:
            if quick not in QUICK_PHRASES:
                return  # a phrase of a newer server: nothing this client can say
            line = ChatLine(seat, clean_text(name, MAX_NAME), quick=quick)
        else:
            if not isinstance(text, str) or not clean_text(text):
                return
            line = ChatLine(seat, clean_text(name, MAX_NAME), clean_text(text))
        line.game, line.mine = game_number, seat in mine
        self.lines.append(line)
        del self.lines[:-KEEP_LINES]
        self.version += 1
        for callback in list(self.on_line):
            callback(line)

    def visible(self) -> list[ChatLine]:
        return [line for line in self.lines if not self.is_muted(line.seat, line.name)]

    def is_muted(self, seat: int, name: str) -> bool:
        return (seat, clean_text(name, MAX_NAME)) in self.muted

    def toggle_mute(self, seat: int, name: str) -> None:
        """Mute or unmute the person in ``seat`` called ``name`` (a new person taking the
        seat is not muted)."""
        key = (seat, clean_text(name, MAX_NAME))
        if key in self.muted:
            self.muted.discard(key)
        else:
            self.muted.add(key)
        self.version += 1


def text_message(text: str) -> dict[str, Any] | None:
    """The ``chat`` message for typed ``text``, None when nothing is left to send."""
    clean = clean_text(text)
    return {"type": "chat", "text": clean} if clean else None


def quick_message(key: str) -> dict[str, Any]:
    if key not in QUICK_PHRASES:
        raise ValueError(f"unknown quick phrase {key!r}")
    return {"type": "chat", "quick": key}
