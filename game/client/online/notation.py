"""Move values from the server's notation, for positions this client cannot enumerate.

A local match knows every move as a value. Online, another seat's move arrives as notation
(``last.move``) and this client holds only its own view, in which the other seat's legal
moves cannot be listed (its hand is hidden), so ``game.parse_move`` cannot find them.
The tables need the value only to know what kind of move it was; the server has already
checked legality. So: ``parse_move`` on the view when that works (the viewer's own moves),
otherwise a purely syntactic reading of the rules pages' notation.
"""

from __future__ import annotations

from typing import Any

from game.rules import IllegalMove, StateError
from game.rules.cesta.moves import Draw, Pass, Play
from game.rules.cut_the_rope.moves import parse_notation
from game.rules.royal_road import moves as rr


def move_from_notation(game: Any, view_before: Any, text: str | None) -> Any:
    """The Move value ``text`` names, or ``None`` when it cannot be read (withheld)."""
    if not text:
        return None
    try:
        return game.parse_move(view_before, text)
    except (IllegalMove, StateError):
        pass
    try:
        return _syntactic(game.name, text)
    except (IllegalMove, ValueError, IndexError):
        return None


def _syntactic(game_name: str, text: str) -> Any:
    words = text.split()
    if game_name == "cut_the_rope":
        return parse_notation(text)
    if game_name == "cesta":
        if words[0] == "play" and len(words) == 3:
            return Play(words[1], int(words[2]))
        if words[0] == "draw" and len(words) == 2:
            return Draw(words[1])
        if words == ["pass"]:
            return Pass()
    if game_name == "royal_road":
        simple = {"roll": rr.Roll, "reuse": rr.Reuse, "pass": rr.Pass, "noswap": rr.NoSwap,
                  "report": rr.Report}
        if len(words) == 1 and words[0] in simple:
            return simple[words[0]]()
        if words[0] == "keep":
            return rr.Keep(tuple(words[1:]))
        if words[0] == "move" and len(words) == 3:
            return rr.MovePyramid(words[1], int(words[2]))
        if words[0] == "swap" and len(words) == 3:
            return rr.Swap(int(words[1]), int(words[2]))
    raise IllegalMove(f"cannot read {text!r}")
