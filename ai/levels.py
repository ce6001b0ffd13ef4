"""Difficulty levels: what easy / normal / hard / expert mean in each game.

A seat set to a level (``ai.agent_for_level``; ``ai:<level>`` in the arena) gets that
level's ``Rung`` of the game's ladder (``LADDERS``): the heuristic with a rate of random
moves, or the game's search. ``make_agent("ismcts", game, level)`` is the game's search at
that level's budget, whatever the ladder seats. Every budget is a count (rollouts, samples,
searched positions), so a level plays the same on a busy machine as on an idle one. The
ladder table and the measurements behind each number: ``docs/ai.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.ismcts import SearchConfig

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
# Hints and the review's better move: the expert's own search on a smaller count, sized so
# an answer comes within HINT_SECONDS on one core (docs/ai.md, "Hints"). A budget, not a
# level a seat can be set to. The client's hint worker also passes HINT_SECONDS as a
# wall-clock cap (``Agent.deadline``), which only a very busy machine ever reaches.
HINT = "hint"
HINT_SECONDS = 1.8
# Cesta's easy: the heuristic with this share of random moves (docs/ai.md, "Ladders").
EASY_MISTAKES = 0.3

# The generic ISMCTS (ai/ismcts.py) per game: no seat plays it; the bench measures its speed.
# Cesta: zero-sum evaluation, one call scores both seats; Královská cesta: the keep and the
# bonus swap pay off beyond any playout horizon, so the heuristic makes them; Cut the Rope:
# a flat tree, as backups through one's own later builds make "end the turn" look best.
_TUNING: dict[str, SearchConfig] = {
    "cesta": SearchConfig(seconds=1.0, exploration=0.7, horizon=2, zero_sum=True,
                          anchor=1.0),
    "royal_road": SearchConfig(seconds=1.0, exploration=0.7, horizon=3,
                               delegate_steps=("keep", "bonus"), anchor=1.5),
    "cut_the_rope": SearchConfig(seconds=1.0, exploration=0.3, horizon=2, tree_depth=1,
                                 anchor=1.5, zero_sum=True),
}
_DEFAULT = SearchConfig(seconds=1.0, exploration=0.7, horizon=2)
# Cesta's search (ai/cesta/rollouts.py) per level, RolloutConfig fields: hard's judgement
# settles within about 150 rollouts, so expert looks twice as far (horizon 8) instead of
# sampling more; easy and normal are small budgets for the arena only (docs/ai.md).
CESTA_ROLLOUTS: dict[str, dict[str, float]] = {
    "easy": {"rollouts": 30, "candidates": 4, "anchor": 0.5},
    "normal": {"rollouts": 60, "candidates": 6, "anchor": 0.5},
    "hard": {"rollouts": 150, "candidates": 8, "anchor": 0.5},
    "expert": {"rollouts": 900, "candidates": 8, "anchor": 0.5, "horizon": 8},
    HINT: {"rollouts": 240, "candidates": 8, "anchor": 0.5, "horizon": 8},
}
# Levels that search endgames exactly once the view determines the game (ai/endgame.py):
# the heuristic levels keep their beatable character.
EXACT_LEVELS = ("hard", "expert")

# The generic ISMCTS's nominal seconds per move by level, turned into a fixed iteration
# count by the game's idle iterations per second (_RATE, from ``python -m ai.bench``), with
# a time cap of CAP_FACTOR x the nominal seconds so a very busy machine never stalls.
_SECONDS: dict[str, float] = {"easy": 0.1, "normal": 0.3, "hard": 0.9, "expert": 2.8}
_RATE: dict[str, int] = {"cesta": 2800, "royal_road": 2400, "cut_the_rope": 2400}
CAP_FACTOR = 2.5


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
        nominal = _SECONDS[check_level(level)]
        rate = _RATE.get(game_name)
        if rate is None:
            return replace(base, seconds=nominal, iterations=None)
        return replace(base, seconds=nominal * CAP_FACTOR,
                       iterations=max(1, round(rate * nominal)))
    return replace(base, seconds=seconds, iterations=iterations)


@dataclass(frozen=True)
class Rung:
    """Who plays a seat set to one level in one game: the heuristic with a rate of random
    moves, or the search with the settings of ``search`` (a level name)."""

    kind: str             # "heuristic" or "ismcts"
    mistakes: float = 0.0  # heuristic: the chance of a random legal move instead of its own
    search: str = ""      # ismcts: the level whose search budget it plays


_SEARCH_LADDER: dict[str, Rung] = {
    "easy": Rung("heuristic", EASY_MISTAKES),
    "normal": Rung("heuristic"),
    "hard": Rung("ismcts", search="hard"),
    "expert": Rung("ismcts", search="expert"),
}
# Královská cesta and Cut the Rope: each step of random moves was sized so the level above
# wins clearly more than its share, and only expert is the search, which stands one clear
# step above the heuristic there (docs/ai.md, "Ladders").
LADDERS: dict[str, dict[str, Rung]] = {
    "cesta": _SEARCH_LADDER,
    "royal_road": {
        "easy": Rung("heuristic", 0.7),
        "normal": Rung("heuristic", 0.4),
        "hard": Rung("heuristic", 0.1),
        "expert": Rung("ismcts", search="expert"),
    },
    "cut_the_rope": {
        "easy": Rung("heuristic", EASY_MISTAKES),
        "normal": Rung("heuristic", 0.12),
        "hard": Rung("heuristic", 0.02),
        "expert": Rung("ismcts", search="expert"),
    },
}


def rung(game_name: str, level: str) -> Rung:
    """The player a seat set to ``level`` gets in ``game_name`` (see ``LADDERS``)."""
    return LADDERS.get(game_name, _SEARCH_LADDER)[check_level(level)]


def heuristic_mistakes(level: str) -> float:
    """Probability of a random move for ``make_agent("heuristic", game, level)`` (the
    arena's ``heuristic:<level>``: only easy errs; the client's seats follow ``LADDERS``)."""
    return EASY_MISTAKES if check_level(level) == "easy" else 0.0
