"""Moves of Cut the Rope and their notation.

Moves are tiny frozen values. The engine interns one instance of every possible move per
rule set (``MoveTable``) so that ``legal_moves`` allocates nothing but its list and ``apply``
can recognise a move it handed out by identity before falling back to equality.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.common import N_, IllegalMove

SCISSORS = 0
UNKNOWN = -1
UNKNOWN_CODE = "??"
SCISSORS_CODE = "S"


@dataclass(frozen=True, slots=True)
class Move:
    """``kind`` is "build" or "end".

    build: ``source`` is "pile", "hand" (``card`` names the hand card's code) or "aux"
    (``index`` = K of ``aux:K``); ``target`` is the main row K, or 0 for a new row whose
    direction is ``dir``. end: ``source`` is "hand" with ``card`` and ``target`` = the
    auxiliary row K (0 = a new one), or "" for the bare ``end`` of an empty hand.
    """

    kind: str
    source: str = ""
    card: str = ""
    index: int = 0
    target: int = 0
    dir: str = ""


def card_code(card: int) -> str:
    """Internal card int to its public code (0 = scissors, -1 = unknown)."""
    if card == SCISSORS:
        return SCISSORS_CODE
    if card == UNKNOWN:
        return UNKNOWN_CODE
    return str(card)


def format_move(move: Move) -> str:
    """The notation of the rules page: ``build hand:7 row:1``, ``end hand:7 aux:new``, ``end``."""
    if move.kind == "end":
        if not move.source:
            return "end"
        where = f"aux:{move.target}" if move.target else "aux:new"
        return f"end hand:{move.card} {where}"
    if move.source == "pile":
        src = "pile"
    elif move.source == "hand":
        src = f"hand:{move.card}"
    else:
        src = f"aux:{move.index}"
    dst = f"row:{move.target}" if move.target else f"new:{move.dir}"
    return f"build {src} {dst}"


def parse_notation(text: str) -> Move:
    """Notation to a Move without looking at a state (legality is checked by the engine)."""
    parts = str(text).split()
    bad = IllegalMove.because(N_("That is not Cut the Rope notation."), " ".join(parts))
    if parts == ["end"]:
        return Move("end")
    if len(parts) != 3:
        raise bad
    kind, src, dst = parts
    if kind == "end":
        if not src.startswith("hand:") or not dst.startswith("aux:"):
            raise bad
        card = src[5:]
        where = dst[4:]
        if not _is_card_code(card):
            raise bad
        if where == "new":
            return Move("end", "hand", card, 0, 0, "")
        if not _is_number(where):
            raise bad
        return Move("end", "hand", card, 0, int(where), "")
    if kind != "build":
        raise bad
    if src == "pile":
        source, card, index = "pile", "", 0
    elif src.startswith("hand:") and _is_card_code(src[5:]):
        source, card, index = "hand", src[5:], 0
    elif src.startswith("aux:") and _is_number(src[4:]):
        source, card, index = "aux", "", int(src[4:])
    else:
        raise bad
    if dst in ("new:up", "new:down"):
        return Move("build", source, card, index, 0, dst[4:])
    if dst.startswith("row:") and _is_number(dst[4:]):
        return Move("build", source, card, index, int(dst[4:]), "")
    raise bad


def _is_number(text: str) -> bool:
    """A plain ASCII number from 1 up, written without leading zeros (``str.isdigit`` alone
    also accepts digits such as "²" that ``int`` refuses)."""
    return text.isascii() and text.isdigit() and not text.startswith("0")


def _is_card_code(code: str) -> bool:
    return code == SCISSORS_CODE or _is_number(code)


class MoveTable:
    """Every possible move of one rule set, interned, indexed the way the generator needs."""

    def __init__(self, row_length: int, main_rows: int, aux_rows: int) -> None:
        cards = range(0, row_length + 1)
        self.end_empty = Move("end")

        def build_targets(source: str, card: str, index: int) -> tuple[tuple[Move, ...],
                                                                       Move, Move]:
            rows = tuple(Move("build", source, card, index, k, "")
                         for k in range(1, main_rows + 1))
            return (rows, Move("build", source, card, index, 0, "up"),
                    Move("build", source, card, index, 0, "down"))

        # pile[0] = per-row moves, pile[1] = new up, pile[2] = new down
        self.pile = build_targets("pile", "", 0)
        self.hand = [build_targets("hand", card_code(c), 0) for c in cards]
        self.aux = [build_targets("aux", "", k) for k in range(0, aux_rows + 1)]
        # end[c][k]: hand card c onto aux row k (k = 0: a new row)
        self.end = [tuple(Move("end", "hand", card_code(c), 0, k, "")
                          for k in range(0, aux_rows + 1)) for c in cards]
        self.all: dict[Move, Move] = {}
        for group in [self.pile, *self.hand, *self.aux[1:]]:
            for move in (*group[0], group[1], group[2]):
                self.all[move] = move
        for row in self.end:
            for move in row:
                self.all[move] = move
        self.all[self.end_empty] = self.end_empty
