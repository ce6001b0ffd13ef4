"""Exact endgames: when a seat's view pins down everything hidden, search the rest of the
game exactly instead of sampling it.

Why: sampling determinizations is the right answer to hidden cards, but once the hidden
cards follow from the visible ones (Cesta with both decks empty: the other hand is what is
left; Cut the Rope with the draw pile gone and every unknown card in one place) there is
nothing left to sample, and a Monte-Carlo estimate can still miss a forced win. Here a
two-player alpha-beta search with a transposition table plays those positions out to the
end, under a time cap; when it finishes, its move is provably best (a win it finds is
never given away), and when the cap runs out the agent falls back to its usual search.

Each game supplies ``ai/<game>/endgame.py`` with
- ``determined(game, view, seat) -> State | None``: the one full state the view allows, or
  None while something hidden is still uncertain;
- ``key(state) -> Hashable``: a transposition key that ignores what cannot change the
  outcome (the order cards were played in, the order of a hand);
- ``chance_free(game, state) -> bool``: False once a state's future depends on the
  generator (a reshuffle), where an exact answer would rest on a seed nobody can know.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game.rules.base import Game

# Wall-clock cap of one exact search; past it the agent's ordinary search decides.
DEFAULT_SECONDS = 0.5
# Nodes between two looks at the clock.
_CLOCK_EVERY = 256


class OutOfTime(Exception):
    """The exact search hit its cap: its partial answer proves nothing."""


class NotExact(Exception):
    """The line reached a chance event (a reshuffle) and no known line decides the position
    regardless of it: no exact answer exists. A seat that can force a win before any chance
    still gets a proven answer."""


@dataclass(frozen=True, slots=True)
class Solution:
    """A solved position: ``value`` is the mover's score (1 win, 0.5 draw, 0 loss) under
    best play by both seats, ``move`` a move that achieves it, ``nodes`` the work done."""

    move: Any
    value: float
    nodes: int


# Games with an exact endgame solver (ai/<game>/endgame.py); Královská cesta has none.
ENDGAME_GAMES = ("cesta", "cut_the_rope")


def endgame_module(game_name: str) -> ModuleType | None:
    """The game's ``ai.<game>.endgame`` module, or None for games without exact endgames."""
    if game_name not in ENDGAME_GAMES:
        return None
    return importlib.import_module(f"ai.{game_name}.endgame")


def determined_state(game: Game[Any, Any], view: Any, seat: int) -> Any | None:
    """The single full state ``view`` allows for ``seat``, or None (still uncertain, or a
    game without exact endgames)."""
    module = endgame_module(game.name)
    if module is None or game.players(view) != 2:
        return None
    state: Any | None = module.determined(game, view, seat)
    return state


def solve(game: Game[Any, Any], state: Any, seconds: float = DEFAULT_SECONDS) -> Solution | None:
    """Solve the full two-player ``state`` exactly within ``seconds``; None when the cap runs
    out or the line meets chance. Values are for the seat to move in ``state``."""
    module = endgame_module(game.name)
    if module is None or game.is_over(state):
        return None
    root_seat = game.current_player(state)
    if root_seat is None:
        return None
    solver = _Solver(game, module.key, lambda s: bool(module.chance_free(game, s)),
                     time.perf_counter() + seconds)
    try:
        value, move = solver.search(state, 0.0, 1.0)
    except (OutOfTime, NotExact):
        return None
    score = value if root_seat == 0 else 1.0 - value
    return Solution(move, score, solver.nodes)


def exact_move(game: Game[Any, Any], view: Any, seat: int,
               seconds: float = DEFAULT_SECONDS) -> Solution | None:
    """The exactly best move for ``seat`` in ``view`` when the view determines the game and
    the search finishes in time; otherwise None (the caller samples as usual)."""
    state = determined_state(game, view, seat)
    if state is None:
        return None
    return solve(game, state, seconds)


_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Solver:
    """Alpha-beta over seat 0's score (seat 0 maximises, seat 1 minimises; a seat moving
    twice in a row, as in Cut the Rope's builds, simply keeps its side), with a
    transposition table of bounds."""

    def __init__(self, game: Game[Any, Any], key: Callable[[Any], Hashable],
                 chance_free: Callable[[Any], bool], deadline: float) -> None:
        self.game = game
        self.key = key
        self.chance_free = chance_free
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[Hashable, tuple[int, float, Any]] = {}

    def _terminal(self, state: Any) -> float:
        winners = self.game.result(state).winners
        if not winners or len(winners) > 1:
            return 0.5
        return 1.0 if 0 in winners else 0.0

    def search(self, state: Any, alpha: float, beta: float) -> tuple[float, Any]:
        game = self.game
        self.nodes += 1
        if self.nodes % _CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        if game.is_over(state):
            return self._terminal(state), None
        if not self.chance_free(state):
            raise NotExact
        key = self.key(state)
        entry = self.table.get(key)
        best_first = None
        if entry is not None:
            flag, stored, best_first = entry
            if flag == _EXACT:
                return stored, best_first
            if flag == _LOWER and stored >= beta:
                return stored, best_first
            if flag == _UPPER and stored <= alpha:
                return stored, best_first
        maximising = game.current_player(state) == 0
        moves = list(game.legal_moves(state))  # never reorder the engine's cached list
        if best_first is not None and best_first in moves:
            moves.remove(best_first)
            moves.insert(0, best_first)
        low, high = alpha, beta
        best_move = moves[0]
        best = -1.0 if maximising else 2.0
        uncertain = False  # some reply led into chance: its value is not known
        for move in moves:
            try:
                value, _ = self.search(game.apply(state, move)[0], low, high)
            except NotExact:
                uncertain = True
                continue
            if maximising:
                if value > best:
                    best, best_move = value, move
                low = max(low, value)
            else:
                if value < best:
                    best, best_move = value, move
                high = min(high, value)
            if low >= high:
                break
        else:
            # No cutoff: with an unknown reply the value is proven only if it is already
            # the best the mover could ever get.
            if uncertain and best != (1.0 if maximising else 0.0):
                raise NotExact
        if best <= alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (flag, best, best_move)
        return best, best_move
