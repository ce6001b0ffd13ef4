"""Helpers shared by the saves / undo / replay / robustness tests."""

from __future__ import annotations

import random

from game.client.match.match import Match, SeatInfo


def seats(*kinds: str) -> list[SeatInfo]:
    out = []
    for index, kind in enumerate(kinds):
        if kind.startswith("ai"):
            level = kind.split(":")[1] if ":" in kind else "normal"
            out.append(SeatInfo("ai", level, f"Robot {index + 1}"))
        else:
            out.append(SeatInfo("human", "normal", f"Person {index + 1}"))
    return out


def play_random(match: Match, count: int, seed: int = 0) -> int:
    """Play up to ``count`` random legal moves for whoever is to move; returns how many."""
    rng = random.Random(seed)
    played = 0
    while played < count and not match.over:
        moves = match.legal_moves()
        match.play(rng.choice(moves))
        played += 1
    return played


def new_match(game: str, kinds: tuple[str, ...] = ("human", "ai:easy"), rules=None,
              seed: int = 7) -> Match:
    """A match without a worker (tests move every seat themselves)."""
    match = Match.create(game, seats(*kinds), rules, seed, inline_ai=True)
    return match
