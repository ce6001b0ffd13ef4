"""Difficulty levels: what each of easy / normal / hard / expert means per game.

- easy: the game's heuristic, choosing a random legal move now and then (``EASY_MISTAKES``);
- normal: the heuristic as it is;
- hard: ISMCTS with about a second per move;
- expert: ISMCTS with about three seconds per move; in Královská cesta it also samples the
  other players' kept cards by how well they explain the moves seen so far.
Per-game search settings live here so tuning is one table, not scattered constants.
"""

from __future__ import annotations

from dataclasses import replace

from ai.ismcts import SearchConfig

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
EASY_MISTAKES = 0.3

# Per-game tuning (exploration constant, playout length before evaluation).
_TUNING: dict[str, SearchConfig] = {
    "cesta": SearchConfig(seconds=1.0, exploration=0.7, horizon=2),
    "royal_road": SearchConfig(seconds=1.0, exploration=0.7, horizon=3),
    "cut_the_rope": SearchConfig(seconds=1.0, exploration=0.3, horizon=2),
}
_DEFAULT = SearchConfig(seconds=1.0, exploration=0.7, horizon=2)

# Seconds per move of each level when the agent is ISMCTS ("ismcts:easy" is a quick search).
_SECONDS: dict[str, float] = {"easy": 0.1, "normal": 0.3, "hard": 0.9, "expert": 2.8}


def check_level(level: str) -> str:
    """Validate a level name; agent specs and seat settings come from users."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    return level


def search_config(game_name: str, level: str = "hard", *, seconds: float | None = None,
                  iterations: int | None = None) -> SearchConfig:
    """The ISMCTS settings of ``level`` for a game; an explicit budget overrides the level's."""
    base = _TUNING.get(game_name, _DEFAULT)
    if seconds is None and iterations is None:
        seconds = _SECONDS[check_level(level)]
    return replace(base, seconds=seconds, iterations=iterations)


def heuristic_mistakes(level: str) -> float:
    """Probability of a random move for the heuristic at ``level`` (only easy errs)."""
    return EASY_MISTAKES if check_level(level) == "easy" else 0.0
