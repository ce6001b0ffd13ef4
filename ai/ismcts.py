"""Single-observer information-set Monte-Carlo tree search (SO-ISMCTS), generic over the
rules API.

Why this shape (Cowling, Powley & Whitehouse 2012):
- the tree is built over the observer's *information set*: every iteration starts from a
  fresh ``game.determinize(view, seat, rng)``, so hidden cards are sampled, never seen;
- a node's children are the moves ever legal there in some determinization; selection
  only considers the children legal in the current one, and UCB uses *availability*
  counts (how often a child could have been chosen) instead of the parent's visits, so
  rarely-possible moves are not over-explored;
- chance needs no special nodes: a die roll or a draw is an ordinary move whose outcome
  comes from the determinized state's own seeded generator (fresh per determinization);
- with more than two players each node keeps the reward of the player who moved into it
  (the "max-n" reading of MCTS), so every seat plays for itself;
- playouts follow the game's cheap heuristic policy and are cut after a few plies and
  scored by the heuristic evaluation, which is far more iterations per second than
  playing every game out.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.agents import Agent, Evaluate, RolloutMove, evaluation, rollout_policy
from game.rules.base import GameRules, Move, State

Sampler = Callable[[State, int, random.Random], State]


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Budget and tuning of one ISMCTS agent (levels pick these per game).

    ``seconds`` and ``iterations`` both bound the search; whichever ends first wins (at least
    one must be set). ``rollout_depth`` is the number of policy plies before the evaluation
    scores the position; ``None`` plays each playout to its end (``max_rollout`` plies).
    """

    seconds: float | None = 1.0
    iterations: int | None = None
    exploration: float = 0.7
    rollout_depth: int | None = 4
    max_rollout: int = 2000
    guided_expansion: bool = True


class _Node:
    """One move in the information-set tree, with UCB statistics for the player who made it."""

    __slots__ = ("move", "player", "children", "visits", "reward", "avail")

    def __init__(self, move: Move | None, player: int | None) -> None:
        self.move = move
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


@dataclass(slots=True)
class SearchStats:
    """What the last search did: the bench reports iterations per second from it."""

    iterations: int = 0
    seconds: float = 0.0
    root_children: int = 0
    best_visits: int = 0


class ISMCTSAgent(Agent):
    """SO-ISMCTS agent. ``sampler`` replaces ``game.determinize`` (the expert level samples
    hidden cards by belief instead of uniformly); ``observe`` is called with every view
    before searching, so a belief model can learn from what happened since the last call."""

    kind = "ismcts"

    def __init__(self, game: GameRules, seed: int = 0, config: SearchConfig | None = None,
                 *, rollout_move: RolloutMove | None = None,
                 evaluate: Evaluate | None = None, use_evaluation: bool = True,
                 belief: object | None = None) -> None:
        super().__init__(game, seed)
        self.config = config or SearchConfig()
        if self.config.seconds is None and self.config.iterations is None:
            raise ValueError("ISMCTS needs a budget: seconds or iterations")
        self.rollout_move = rollout_move or rollout_policy(game)
        if evaluate is None and use_evaluation:
            evaluate = evaluation(game)
        self.evaluate = evaluate
        self.belief = belief
        self.stats = SearchStats()

    # -- public --------------------------------------------------------------------------
    def _choose(self, view: State) -> Move:
        game = self.game
        seat = game.current_player(view)
        if seat is None:
            raise ValueError("no legal move: the game is over")
        if self.belief is not None:
            self.belief.observe(view, seat)
        moves = game.legal_moves(view)
        if len(moves) == 1:
            self.stats = SearchStats(0, 0.0, 1, 0)
            if self.belief is not None:
                self.belief.after_choice(view, seat, moves[0])
            return moves[0]
        root = self.search(view, seat)
        best = None
        best_key = (-1, -1.0)
        legal = set(moves)
        for move, child in root.children.items():
            if move not in legal:
                continue
            key = (child.visits, child.reward / child.visits if child.visits else 0.0)
            if key > best_key:
                best, best_key = move, key
        if best is None:  # no iteration finished: trust the playout policy
            best = self.rollout_move(game, view, self.rng)
        self.stats.best_visits = best_key[0]
        if self.belief is not None:
            self.belief.after_choice(view, seat, best)
        return best

    def search(self, view: State, seat: int) -> _Node:
        """Build the information-set tree for ``seat`` within the configured budget."""
        cfg = self.config
        sampler: Sampler = (self.belief.sample if self.belief is not None
                            else self.game.determinize)
        root = _Node(None, None)
        rng = self.rng
        start = time.perf_counter()
        deadline = start + cfg.seconds if cfg.seconds is not None else math.inf
        limit = cfg.iterations if cfg.iterations is not None else 1 << 62
        done = 0
        iterate = self._iterate
        perf = time.perf_counter
        while done < limit:
            iterate(root, sampler(view, seat, rng), rng)
            done += 1
            if perf() >= deadline:
                break
        self.stats = SearchStats(done, time.perf_counter() - start, len(root.children))
        return root

    # -- one iteration -------------------------------------------------------------------
    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        game = self.game
        current_player = game.current_player
        legal_moves = game.legal_moves
        apply = game.apply
        c = self.config.exploration
        log = math.log
        sqrt = math.sqrt
        node = root
        path = [root]
        # Selection and expansion.
        while True:
            player = current_player(state)
            if player is None:
                break
            moves = legal_moves(state)
            children = node.children
            untried = None
            best = None
            best_value = -1.0
            for move in moves:
                child = children.get(move)
                if child is None:
                    if untried is None:
                        untried = [move]
                    else:
                        untried.append(move)
                    continue
                child.avail += 1
                value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best_value = value
                    best = child
            if untried is not None:
                move = None
                if self.config.guided_expansion and len(untried) > 1:
                    guess = self.rollout_move(game, state, rng)
                    if guess in untried:
                        move = guess
                if move is None:
                    move = untried[rng.randrange(len(untried))] if len(untried) > 1 \
                        else untried[0]
                child = _Node(move, player)
                children[move] = child
                state = apply(state, move)[0]
                path.append(child)
                break
            node = best
            state = apply(state, best.move)[0]
            path.append(best)
        rewards = self._playout(state, rng)
        for node in path:
            node.visits += 1
            if node.player is not None:
                node.reward += rewards(node.player)

    def _playout(self, state: State, rng: random.Random) -> Callable[[int], float]:
        """Play the policy for a few plies and return seat -> reward in [0, 1]."""
        game = self.game
        cfg = self.config
        evaluate = self.evaluate
        depth = cfg.rollout_depth if evaluate is not None else None
        plies = depth if depth is not None else cfg.max_rollout
        policy = self.rollout_move
        apply = game.apply
        is_over = game.is_over
        for _ in range(plies):
            if is_over(state):
                break
            state = apply(state, policy(game, state, rng))[0]
        if is_over(state):
            winners = game.result(state).winners
            if not winners:
                players = _players(game, state)
                share = 1.0 / players if players else 0.5
                return lambda seat: share
            share = 1.0 / len(winners)
            return lambda seat: share if seat in winners else 0.0
        if evaluate is None:
            return lambda seat: 0.5
        cache: dict[int, float] = {}
        final = state

        def reward(seat: int) -> float:
            value = cache.get(seat)
            if value is None:
                value = cache[seat] = evaluate(game, final, seat)
            return value
        return reward


def _players(game: GameRules, state: State) -> int:
    """Seat count of a state, read through the public serialisation only if needed."""
    players = getattr(state, "players", None)
    if isinstance(players, int):
        return players
    return int(game.to_dict(state)["players"])
