"""Agent plumbing shared by every kind: the view-only interface, the random agent, and the
lookup of each game's heuristic module.

Agents receive only ``game.view(state, seat)`` (or its ``to_dict`` form, which worker
processes use) and return one of ``game.legal_moves(view)``. They never see a full state, so
whatever they compute cannot depend on hidden cards.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, Generic, TypeVar

from game.rules.base import Game

# The state and move types of the game an agent plays (each engine has its own).
S = TypeVar("S")
M = TypeVar("M")

Evaluate = Callable[[Game[S, M], S, int], float]
RolloutMove = Callable[[Game[S, M], S, random.Random], M]


class Agent(Generic[S, M]):
    """A computer player for one game. Subclasses implement ``_choose`` on a view state."""

    kind: str = "agent"
    # Search exactly once the view determines the game (``ai/endgame.py``); the hard and
    # expert levels turn it on, the heuristic levels keep their (beatable) character.
    exact_endgames: bool = False
    # Seconds the exact search may take before the agent's own choice decides.
    exact_seconds: float = 0.5
    # ``time.perf_counter()`` after which a search decides with what it has gathered. Only
    # the client's hint worker sets it, as an outer guard over the count budget, so that a
    # very busy machine still answers a hint in time; play never depends on it otherwise.
    deadline: float | None = None

    def __init__(self, game: Game[S, M], seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.last_exact: Any = None  # the endgame Solution behind the last move, if any

    def choose(self, view: S | Mapping[str, Any]) -> M:
        """The move for the seat to act in ``view``; accepts a view dict (from ``to_dict``)."""
        if isinstance(view, Mapping):
            view = self.game.from_dict(view)
        self.last_exact = None
        if self.exact_endgames:
            move = self._exact(view)
            if move is not None:
                return move
        return self._choose(view)

    def explain(self, view: S | Mapping[str, Any], move: M, lang: str = "en") -> str:
        """One sentence, in ``lang`` (a code of ``game.i18n.languages()``), on why this agent
        plays ``move`` in ``view``: from the game's evaluation (``ai/explain.py``), and from
        the exact endgame search when that is what chose the move."""
        from ai.explain import explain

        if isinstance(view, Mapping):
            view = self.game.from_dict(view)
        return explain(self, view, move, lang)

    def _exact(self, view: S) -> M | None:
        """The proven best move when the view leaves nothing hidden and the exact search
        finishes in time, else None."""
        from ai.endgame import exact_move

        seat = self.game.current_player(view)
        if seat is None:
            return None
        solution = exact_move(self.game, view, seat,
                              min(self.exact_seconds, self.seconds_left()))
        if solution is None:
            return None
        self.last_exact = solution
        legal = self.game.legal_moves(view)
        for move in legal:  # hand out the engine's own instance of the move
            if move == solution.move:
                return move
        return None  # pragma: no cover - the solver only plays legal moves

    def seconds_left(self) -> float:
        """Seconds until ``deadline`` (infinite without one)."""
        if self.deadline is None:
            return math.inf
        return max(0.0, self.deadline - time.perf_counter())

    def out_of_time(self) -> bool:
        """Whether the outer wall-clock guard (``deadline``) has passed."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _choose(self, view: S) -> M:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.name}, seed={self.seed})"


class RandomAgent(Agent[S, M]):
    """Uniform over the legal moves: the baseline every other agent must beat clearly."""

    kind = "random"

    def _choose(self, view: S) -> M:
        moves = self.game.legal_moves(view)
        if not moves:
            raise ValueError("no legal move: the game is over or nobody is to move")
        return moves[self.rng.randrange(len(moves))] if len(moves) > 1 else moves[0]


def seat_to_move(game: Game[S, M], state: S) -> int:
    """The seat to decide in ``state``; asking in a finished game is a caller's bug."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("the game is over: nobody is to move")
    return seat


def heuristic_module(game_name: str) -> ModuleType:
    """The game's ``ai.<game>.heuristic`` module; every game has one, and a missing one is
    an error with its name, never a silent switch to weaker play."""
    return importlib.import_module(f"ai.{game_name}.heuristic")


# Each game's searching agent (the kind "ismcts"): a module with
# ``make_search_agent(game, level, seed) -> Agent``.
SEARCHES: dict[str, str] = {"cesta": "ai.cesta.rollouts",
                            "royal_road": "ai.royal_road.reply_search",
                            "cut_the_rope": "ai.cut_the_rope.plan_search"}


def search_module(game_name: str) -> ModuleType:
    """The module of the game's searching agent (``SEARCHES``)."""
    if game_name not in SEARCHES:
        raise ValueError(f"no search for {game_name!r}")
    return importlib.import_module(SEARCHES[game_name])


def make_heuristic(game: Game[S, M], seed: int = 0, mistakes: float = 0.0) -> Agent[S, M]:
    """The game's own ``HeuristicAgent`` wrapped so it also accepts view dicts."""
    module = heuristic_module(game.name)
    return HeuristicWrapper(game, module.HeuristicAgent(game, seed=seed, mistakes=mistakes),
                            seed, mistakes)


class HeuristicWrapper(Agent[S, M]):
    """Adapter: gives the per-game heuristic the common ``Agent`` surface (dict views, repr)."""

    kind = "heuristic"

    def __init__(self, game: Game[S, M], inner: Any, seed: int, mistakes: float) -> None:
        super().__init__(game, seed)
        self.inner = inner
        self.mistakes = mistakes

    def _choose(self, view: S) -> M:
        move: M = self.inner.choose(view)
        return move

    def __repr__(self) -> str:
        return f"Heuristic({self.game.name}, seed={self.seed}, mistakes={self.mistakes})"


def rollout_policy(game: Game[S, M]) -> RolloutMove[S, M]:
    """The playout policy ISMCTS uses: the heuristic module's, or uniform random."""
    module = heuristic_module(game.name)
    if hasattr(module, "rollout_move"):
        policy: RolloutMove[S, M] = module.rollout_move
        return policy
    return building_biased_move if game.name == "cut_the_rope" else random_rollout_move


def evaluation(game: Game[S, M]) -> Evaluate[S, M] | None:
    """The heuristic module's ``evaluate(game, state, seat)`` or None (play to the end)."""
    module = heuristic_module(game.name)
    if hasattr(module, "evaluate"):
        evaluate: Evaluate[S, M] = module.evaluate
        return evaluate
    return None


def random_rollout_move(game: Game[S, M], state: S, rng: random.Random) -> M:
    """Uniform playout policy, the fallback while a game has no heuristic module."""
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]


def building_biased_move(game: Game[S, M], state: S, rng: random.Random,
                         build_bias: float = 0.85) -> M:
    """Cut the Rope's random baseline: a random build with probability 0.85 when one
    exists, else a random end move. Uniform play there almost never builds and games never
    finish, so the bench measures this policy instead."""
    moves = game.legal_moves(state)
    builds = [m for m in moves if _is_build(game, m)]
    if builds and (len(builds) == len(moves) or rng.random() < build_bias):
        return builds[rng.randrange(len(builds))]
    ends = [m for m in moves if not _is_build(game, m)]
    return ends[rng.randrange(len(ends))]


def _is_build(game: Game[S, M], move: M) -> bool:
    kind = getattr(move, "kind", None)
    if isinstance(kind, str):
        return kind == "build"
    return game.format_move(move).startswith("build")
