"""Difficulty levels: what each of easy / normal / hard / expert means per game.

A seat set to a level in the client (``ai.agent_for_level``; ``ai:<level>`` in the arena)
gets the player of that level's ``Rung`` in the game's ladder (``LADDERS``):

- Cesta: easy is the heuristic choosing a random legal move now and then
  (``EASY_MISTAKES``), normal the heuristic as it is, hard and expert the heuristic
  improved by its own rollouts (``CESTA_ROLLOUTS``), hard with few rollouts, expert looking
  twice as far;
- Královská cesta and Cut the Rope: the searches stand one clear step above the heuristic,
  not two (session 4-7 measurements: in Královská cesta one searching seat wins about half
  of its games against two heuristics and the longer search is no stronger; in Cut the
  Rope the plan search wins about 62 % against the heuristic, and its larger budget only
  53-58 % against the smaller), so their ladder is made the way most game AIs make one:
  easy, normal and hard are the heuristic with fewer and fewer random moves
  (``mistakes``), and expert is the search (in Královská cesta the greedy's close calls
  and close roll-or-reuse choices settled by the others' simulated replies, their kept
  cards drawn by how well they explain the moves seen so far; in Cut the Rope whole turns
  planned over sampled hands). Each step was sized so the level above wins clearly more
  than its share (README, "Session 8" under "The ladder and the OpenSpiel yardstick").

``make_agent("ismcts", game, level)`` is still the search with that level's settings (the
arena's ``ismcts:hard``), whatever the ladder puts at the seat.
Per-game search settings live here so tuning is one table, not scattered constants.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.ismcts import SearchConfig

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
EASY_MISTAKES = 0.3

# Per-game tuning, each choice for a reason found in play:
# - cesta: a plain tree; a turn is one play and one draw; ``ai/cesta/judge.py`` judges
#   the leaves with the heuristic's own judgement of both seats (with the quick count of
#   ``heuristics.cesta.evaluate`` the search won only 54 % of 200 games against the
#   heuristic; judged leaves won 70 % of 40 at 1,000 iterations and 83 % of 30 at
#   1,350); the heuristic's move is kept unless the search beats it by one standard
#   error, a safety net for positions the judge misreads;
# - royal_road (the generic search, as ``ai.bench`` measures it; hard and expert play
#   ``ai/royal_road/reply_search.py`` instead, which settles the greedy's close calls by
#   simulating the others' replies): playouts scored after one full round (3 turn changes
#   with 3 players); the setup keep and the bonus swap are left to the heuristic (their
#   payoff lies far beyond any playout horizon, and 78 swaps starve the search); the
#   others' kept cards are sampled by belief (see ai/royal_road/belief.py); the search overrules the
#   heuristic's move only when clearly better (``anchor``);
# - cut_the_rope: a turn is many builds, and mean backups through one's own later builds
#   made "end the turn now" look best, so the tree is flat (one level: each root move is
#   followed by the playout policy) with a low exploration constant; the heuristic's own
#   turn planning is strong, so the search acts as its critic (``anchor``): the heuristic's
#   move stands unless another is better by 1.5 standard errors (12-game probes at 2,000
#   iterations: plain tree 0/10, flat 4/12, flat + anchor 6/12 against the heuristic).
_TUNING: dict[str, SearchConfig] = {
    "cesta": SearchConfig(seconds=1.0, exploration=0.7, horizon=2, zero_sum=True,
                          anchor=1.0),
    "royal_road": SearchConfig(seconds=1.0, exploration=0.7, horizon=3,
                               delegate_steps=("keep", "bonus"), anchor=1.5),
    "cut_the_rope": SearchConfig(seconds=1.0, exploration=0.3, horizon=2, tree_depth=1,
                                 anchor=1.5, zero_sum=True),
}
_DEFAULT = SearchConfig(seconds=1.0, exploration=0.7, horizon=2)
# Cesta's levels hard and expert are the heuristic improved by its own rollouts
# (``ai/cesta/rollouts.py``): its few best plays, each played on in the same sampled
# worlds by the heuristic for both seats for ``horizon`` turn changes and judged there, a
# fixed count of rollouts per play decision. Each level's entry holds its
# ``RolloutConfig`` fields (missing ones take the defaults: 6 candidates, anchor 1.0,
# horizon 4 - the start of the player's turn after next). Session 7
# (docs/measurements/issue20/s7_cesta/): the rollouts' judgement settles within about 150
# rollouts (450 and 1,200 of the same look played no better than fewer), while OpenSpiel's
# ISMCTSBot with random rollouts needs many simulations; so hard spends 150 (0.24 s
# median CPU per move) and expert looks twice as far instead of sampling more.
#   hard (150 of 4): 88 of 100 against the ISMCTSBot at equal CPU, 33 of 40 against normal;
#   expert (900 of 8, session 6's long look): 28 of 40 against this hard (seed 1407;
#   50 of 70 with the screen), 27 of 30 against normal; bench 2.80 s median CPU (idle).
CESTA_ROLLOUTS: dict[str, dict[str, float]] = {
    "easy": {"rollouts": 30, "candidates": 4, "anchor": 0.5},
    "normal": {"rollouts": 60, "candidates": 6, "anchor": 0.5},
    "hard": {"rollouts": 150, "candidates": 8, "anchor": 0.5},
    "expert": {"rollouts": 900, "candidates": 8, "anchor": 0.5, "horizon": 8},
}
# Levels that search endgames exactly once the view determines the game (ai/endgame).
EXACT_LEVELS = ("hard", "expert")

# Nominal seconds per move of each level when the agent is ISMCTS ("ismcts:easy" is a
# quick search).
_SECONDS: dict[str, float] = {"easy": 0.1, "normal": 0.3, "hard": 0.9, "expert": 2.8}
# Search iterations per second of each game's level settings on the development machine
# when idle (see ``python -m ai.bench``). A level's nominal seconds become a fixed
# iteration budget, so play does not weaken when the machine is busy (arena runs in
# parallel, a loaded laptop); a time cap of CAP_FACTOR x the nominal seconds still keeps a
# very busy machine from stalling the table.
# (Cesta's figure is for its judged tree, ai/cesta/judge.py, the opt-in levels of
# CESTA_TREE_LEVELS; Cut the Rope's hard and expert plan whole turns with a sample budget
# of their own, ai/cut_the_rope/plan_search.py, so its figure only sizes the generic search,
# e.g. ``ismcts:easy``.)
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
    search: str = ""      # ismcts: whose search settings (a level of ``ai/search/<game>.py``)


_SEARCH_LADDER: dict[str, Rung] = {
    "easy": Rung("heuristic", EASY_MISTAKES),
    "normal": Rung("heuristic"),
    "hard": Rung("ismcts", search="hard"),
    "expert": Rung("ismcts", search="expert"),
}
# Session 8 (docs/measurements/issue20/s8/): heuristic against heuristics with random moves,
# seats rotated. Královská cesta, 3 players (chance 33 %): 10 % random moves against two of
# 40 % won 60.7 % of 450, 40 % against two of 70 % 62.2 % of 450 (a random push looks like
# a decoy and costs little here: the plain heuristic won only 38.8 % against two of 10 %).
# Cut the Rope, heads-up: 2 % against 12 % 75.3 % of 300, 12 % against 30 % 91.3 % of 300
# (a random discard or build costs much more there).
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
