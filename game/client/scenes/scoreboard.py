"""Each seat's score in words for the results screen, so it cannot be misread.

The rules' ``Result`` names only the winners; "Milestones: Ann 2 : 3 Bob" leaves the
reader to pair names and numbers. Here every seat gets its own "name: score" from the
final position (``to_dict`` of the full state: once the game is over nothing is secret).
A game without an entry draws its scores itself (``Table.draw_result_extra``): Cut the
Rope each pile, Královská cesta each seat's secret cards with its score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client.i18n import nt, t


def _cesta(final: dict[str, Any], seat: int) -> str:
    owned = sum(1 for m in final.get("milestones", []) if m.get("owner") == seat)
    return nt("{n} milestone", "{n} milestones", owned)


# game -> (what the numbers count, or "" when each value says it; the seat's value)
SCORERS: dict[str, tuple[str, Callable[[dict[str, Any], int], str]]] = {
    "cesta": ("", _cesta),
}


def seat_scores(game_name: str, final: dict[str, Any], names: list[str],
                winners: list[int]) -> str:
    """"Ann ★ 3 milestones · Bob 2 milestones", or "" when the game has no such number."""
    entry = SCORERS.get(game_name)
    if entry is None:
        return ""
    heading, scorer = entry
    parts = []
    for seat, name in enumerate(names):
        mark = " ★" if seat in winners else ""
        parts.append(f"{name}{mark}: {scorer(final, seat)}")
    line = " · ".join(parts)
    return f"{t(heading)} {line}" if heading else line
