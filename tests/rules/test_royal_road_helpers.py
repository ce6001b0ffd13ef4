"""Scenario building for the Královská cesta tests: positions written through ``from_dict``."""

from __future__ import annotations

from typing import Any

from game.rules import get_game
from game.rules.houserule_keys import RR_FULL_DECK

PYRAMIDS = [c + s for c in "rygbk" for s in "SML"]


def game(**rules: Any):
    return get_game("royal_road", rules)


def colours(code: str) -> set[str]:
    return {part[0] for part in code.split("-")}


def build(g, *, cards: dict[int, str] | None = None, pyramids: dict[str, int] | None = None,
          lying: tuple[str, ...] = (), step: str = "move", color: str | None = "r",
          prev: str | None = "g", to_move: int = 0, players: int = 2,
          kept: list[list[str]] | None = None, skips: list[int] | None = None,
          pending: dict[str, Any] | None = None, avoid: str = "r",
          specials: dict[int, str] | None = None, rng: int = 12345) -> Any:
    """A position on a track whose filler cards depict none of the colours in ``avoid``.

    ``cards`` puts chosen trios at positions; ``specials`` moves START/JAIL/TRAPDOOR/GOAL
    names (None = the rule set's own layout).
    """
    n = g.n
    track: list[str | None] = [None] * n
    if specials is None:
        specials = {0: "START", n - 1: "GOAL", g.jail0: "JAIL"}
        if g.trapdoor:
            specials[n - 2] = "TRAPDOOR"
    for q, name in specials.items():
        track[q] = name
    for q, code in (cards or {}).items():
        track[q] = code
    used = {c for c in track if c and "-" in c}
    for row in kept or []:
        used.update(row)
    fillers = [c for c in RR_FULL_DECK if not colours(c) & set(avoid) and c not in used]
    for q in range(n):
        if track[q] is None:
            track[q] = fillers.pop(0)
    used.update(c for c in track if "-" in c)
    if kept is None:
        spare = [c for c in RR_FULL_DECK if c not in used]
        kept = [spare[2 * i:2 * i + 2] for i in range(players)]
    places = {code: 0 for code in PYRAMIDS}
    places.update(pyramids or {})
    rules = dict(g.rules)
    rules["deck"] = list(rules["deck"])
    data = {
        "game": "royal_road", "version": 1, "players": players, "to_move": to_move,
        "winners": [], "rules": rules, "step": step, "track": track, "pyramids": places,
        "lying": list(lying), "kept": kept, "dealt": [[] for _ in range(players)],
        "color": color, "previous_color": prev, "skips": skips or [0] * players,
        "deck": [], "rng": rng, "turn": 3, "first_player": 0, "overstep_pending": pending,
    }
    return g.from_dict(data)


def texts(g, state) -> list[str]:
    return [g.format_move(m) for m in g.legal_moves(state)]


def play(g, state, text: str):
    return g.apply(state, g.parse_move(state, text))


def places(g, state) -> dict[str, int]:
    return g.to_dict(state)["pyramids"]
