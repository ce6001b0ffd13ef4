"""Cesta card codes as the contract writes them, and the orders the table shows them in.

Codes follow the rules page: colour letter + rank (``R7``, ``Y10``, ``GU``), action cards
``TIME``/``RUST``/``DEED``, unknown ``??`` (event back) and ``?A`` (action back). Pure
functions over codes, so drawing, the log and the tracker read a card the same way.
"""

from __future__ import annotations

RANK_ORDER = ("7", "8", "9", "10", "U", "O", "K", "A")
STRENGTH = {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 20, "K": 30, "A": 40}
COLOUR_ORDER = "RYGB"
ACTIONS = ("TIME", "RUST", "DEED")
BACKS = ("??", "?A")
ALL_EVENTS = [c + r for c in COLOUR_ORDER for r in RANK_ORDER]


def split(code: str) -> tuple[str, str]:
    """(colour, rank) of an event card code."""
    return code[0], code[1:]


def is_event(code: str) -> bool:
    return len(code) >= 2 and code[0] in COLOUR_ORDER and code[1:] in STRENGTH


def is_action(code: str) -> bool:
    return code in ACTIONS


def strength(code: str) -> int:
    return STRENGTH.get(code[1:], 0) if is_event(code) else 0


def back_of(code: str) -> str:
    """The back a card shows face down: action cards and their back have the purple one."""
    return "?A" if is_action(code) or code == "?A" else "??"


def display_order(cards: list[str], sort_mode: str | None) -> list[str]:
    """A hand as the table lays it out: dealt order, or sorted by colour or by rank.

    A hand of backs only (someone else's, hidden) keeps its order: sorting it would say
    nothing and make the cards jump."""
    cards = list(cards)
    if sort_mode and any(c not in BACKS for c in cards):
        cards.sort(key=lambda code: _sort_key(code, sort_mode))
    return cards


def _sort_key(code: str, sort_mode: str) -> tuple[int, int, str]:
    if not is_event(code):
        return (9, 9, code)
    colour, rank = split(code)
    c, r = COLOUR_ORDER.index(colour), RANK_ORDER.index(rank)
    return (c, r, "") if sort_mode == "colour" else (r, c, "")
