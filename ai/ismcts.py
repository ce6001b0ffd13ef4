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
from typing import Any, Generic, Protocol, TypeVar

from ai.agents import Agent, Evaluate, M, RolloutMove, S, evaluation, rollout_policy
from game.rules.base import Game

Sampler = Callable[[S, int, random.Random], S]


M_contra = TypeVar("M_contra", contravariant=True)


class Belief(Protocol[S, M_contra]):
    """A model of hidden cards from others' moves (``ai/royal_road/belief.py``): it watches
    each view
    and deals determinizations weighted by how well they explain what was played."""

    def observe(self, view: S, seat: int) -> None: ...

    def after_choice(self, view: S, seat: int, move: M_contra) -> None: ...

    def sample(self, view: S, seat: int, rng: random.Random) -> S: ...


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Budget and tuning of one ISMCTS agent (levels pick these per game).

    ``seconds`` and ``iterations`` both bound the search; whichever ends first wins (at least
    one must be set). ``anchor`` (a z-score) makes the search a critic of the heuristic: the
    heuristic's move is searched first and kept unless another move's mean reward beats it
    by ``anchor`` standard errors, so noisy estimates never make play worse than the
    heuristic's. ``horizon`` counts turn changes after the root: the playout stops there
    and the evaluation scores the position (2 = the root player's next turn in a
    two-player game); ``None`` plays each playout to its end (``max_rollout`` plies).
    ``delegate_steps`` lists decision steps (the ``"step"`` of ``to_dict``) left to the
    heuristic, for choices a short search judges badly (royal_road's setup keep and bonus
    swap, whose payoff lies far beyond the playout horizon).
    ``zero_sum``: the evaluation of a two-player game sums to 1 over the seats, so one
    call scores both (the Cesta evaluation is costly).
    ``tree_depth`` caps the tree (1 = flat Monte Carlo over the root moves): in games where
    a turn is many moves, mean backups through one's own later choices drag a move's value
    down by its own exploration noise, so ending the turn looks better than it is.
    """

    seconds: float | None = 1.0
    iterations: int | None = None
    exploration: float = 0.7
    horizon: int | None = 2
    max_rollout: int = 2000
    guided_expansion: bool = True
    heuristic_rollouts: bool = False
    anchor: float | None = None
    tree_depth: int | None = None
    delegate_steps: tuple[str, ...] = ()
    zero_sum: bool = False


class _Node(Generic[M]):
    """One move in the information-set tree, with UCB statistics for the player who made it."""

    __slots__ = ("move", "player", "children", "visits", "reward", "avail", "square")

    def __init__(self, move: M | None, player: int | None) -> None:
        self.move = move
        self.player = player
        self.children: dict[M, _Node[M]] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.square = 0.0

    def mean_and_error(self) -> tuple[float, float]:
        """Mean reward and its standard error (for the anchor test)."""
        n = self.visits
        if n == 0:
            return 0.0, 1.0
        mean = self.reward / n
        variance = max(self.square / n - mean * mean, 1e-4)
        return mean, math.sqrt(variance / n)


@dataclass(slots=True)
class SearchStats:
    """What the last search did: the bench reports iterations per second from it."""

    iterations: int = 0
    seconds: float = 0.0
    root_children: int = 0
    best_visits: int = 0
    overruled: bool = False


class ISMCTSAgent(Agent[S, M]):
    """SO-ISMCTS agent. ``sampler`` replaces ``game.determinize`` (the expert level samples
    hidden cards by belief instead of uniformly); ``observe`` is called with every view
    before searching, so a belief model can learn from what happened since the last call."""

    kind = "ismcts"
    # False in a subclass whose decisions do not go through ``search`` (the bench then
    # does not report ``search``'s rate as the level's).
    tree_search = True

    def __init__(self, game: Game[S, M], seed: int = 0, config: SearchConfig | None = None,
                 *, rollout_move: RolloutMove[S, M] | None = None,
                 evaluate: Evaluate[S, M] | None = None, use_evaluation: bool = True,
                 belief: Belief[S, M] | None = None) -> None:
        super().__init__(game, seed)
        self.config = config or SearchConfig()
        if self.config.seconds is None and self.config.iterations is None:
            raise ValueError("ISMCTS needs a budget: seconds or iterations")
        if rollout_move is None and self.config.heuristic_rollouts:
            rollout_move = _heuristic_policy(game, seed)
        self.rollout_move = rollout_move or rollout_policy(game)
        if evaluate is None and use_evaluation:
            evaluate = evaluation(game)
        self.evaluate = evaluate
        self.belief = belief
        self.stats = SearchStats()
        self._two_players = False
        self.anchor_agent: Any = None  # the game's HeuristicAgent, looked up by name
        if self.config.anchor is not None or self.config.delegate_steps:
            from ai.agents import heuristic_module

            self.anchor_agent = heuristic_module(game.name).HeuristicAgent(game, seed=seed)

    # -- public --------------------------------------------------------------------------
    def _choose(self, view: S) -> M:
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
        if self.config.delegate_steps and self.anchor_agent is not None \
                and game.step(view) in self.config.delegate_steps:
            move: M = self.anchor_agent.choose(view)
            self.stats = SearchStats(0, 0.0, len(moves), 0)
            if self.belief is not None:
                self.belief.after_choice(view, seat, move)
            return move
        anchor: M | None = None
        if self.anchor_agent is not None and self.config.anchor is not None:
            anchor = self.anchor_agent.choose(view)
        root = self.search(view, seat, first=anchor)
        best: M | None = None
        best_key = (-1, -1.0)
        legal = set(moves)
        for move, child in root.children.items():
            if move not in legal:
                continue
            key = (child.visits, child.reward / child.visits if child.visits else 0.0)
            if key > best_key:
                best, best_key = move, key
        if best is None:  # no iteration finished: trust the playout policy
            best = anchor if anchor is not None else self.rollout_move(game, view, self.rng)
        self.stats.best_visits = best_key[0]
        if anchor is not None and self.config.anchor is not None and best != anchor \
                and anchor in root.children:
            mean_b, error_b = root.children[best].mean_and_error()
            mean_a, error_a = root.children[anchor].mean_and_error()
            if mean_b - mean_a < self.config.anchor * math.hypot(error_a, error_b):
                best = anchor
            else:
                self.stats.overruled = True
        if self.belief is not None:
            self.belief.after_choice(view, seat, best)
        return best

    def search(self, view: S, seat: int, first: M | None = None) -> _Node[M]:
        """Build the information-set tree for ``seat`` within the configured budget;
        ``first`` is the root move tried first (the anchor)."""
        cfg = self.config
        sampler: Sampler[S] = (self.belief.sample if self.belief is not None
                            else self.game.determinize)
        self._two_players = self.game.players(view) == 2
        root: _Node[M] = _Node(None, None)
        if first is not None:
            root.children[first] = _Node(first, seat)
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
    def _iterate(self, root: _Node[M], state: S, rng: random.Random) -> None:
        game = self.game
        current_player = game.current_player
        legal_moves = game.legal_moves
        apply = game.apply
        c = self.config.exploration
        log = math.log
        sqrt = math.sqrt
        node = root
        path = [root]
        depth_cap = self.config.tree_depth
        # Turn changes since the root: the playout horizon is counted from the root, so
        # every line is scored at the same point of the game (the root player's next turn,
        # say), whatever mix of tree and playout moves led there.
        changes = 0
        last = current_player(state)
        # Selection and expansion.
        while True:
            player = current_player(state)
            if player is None:
                break
            if player != last:
                changes += 1
                last = player
            if depth_cap is not None and len(path) > depth_cap:
                break
            moves = legal_moves(state)
            children = node.children
            untried: list[M] | None = None
            best: _Node[M] | None = None
            best_value = -1.0
            for move in moves:
                child = children.get(move)
                if child is None or child.visits == 0:
                    if child is not None:  # a pre-seeded root move: expand it first
                        untried = [move]
                        break
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
                chosen: M | None = None
                if self.config.guided_expansion and len(untried) > 1:
                    guess = self.rollout_move(game, state, rng)
                    if guess in untried:
                        chosen = guess
                if chosen is None:
                    chosen = untried[rng.randrange(len(untried))] if len(untried) > 1 \
                        else untried[0]
                child = children.get(chosen)
                if child is None:
                    child = children[chosen] = _Node(chosen, player)
                state = apply(state, chosen)[0]
                path.append(child)
                break
            assert best is not None and best.move is not None  # every move was tried
            node = best
            state = apply(state, best.move)[0]
            path.append(best)
        rewards = self._playout(state, rng, changes, last)
        for node in path:
            node.visits += 1
            if node.player is not None:
                value = rewards(node.player)
                node.reward += value
                node.square += value * value

    def _playout(self, state: S, rng: random.Random, changes: int = 0,
                 last: int | None = None) -> Callable[[int], float]:
        """Follow the playout policy until ``horizon`` turn changes since the root (or the
        end of the game) and return seat -> reward in [0, 1]."""
        game = self.game
        cfg = self.config
        evaluate = self.evaluate
        horizon = cfg.horizon if evaluate is not None and cfg.horizon is not None \
            else 1 << 30
        policy = self.rollout_move
        apply = game.apply
        current_player = game.current_player
        now = current_player(state)
        if now is not None and now != last:
            changes += 1
        plies = 0
        limit = cfg.max_rollout
        while now is not None and changes < horizon and plies < limit:
            state = apply(state, policy(game, state, rng))[0]
            plies += 1
            after = current_player(state)
            if after != now:
                changes += 1
                now = after
        if now is None:
            winners = game.result(state).winners
            if not winners:
                players = game.players(state)
                share = 1.0 / players if players else 0.5
                return lambda seat: share
            share = 1.0 / len(winners)
            return lambda seat: share if seat in winners else 0.0
        if evaluate is None:
            return lambda seat: 0.5
        cache: dict[int, float] = {}
        final = state
        if cfg.zero_sum and self._two_players:
            value = evaluate(game, final, 0)
            return lambda seat: value if seat == 0 else 1.0 - value

        def reward(seat: int) -> float:
            value = cache.get(seat)
            if value is None:
                value = cache[seat] = evaluate(game, final, seat)
            return value
        return reward


def _heuristic_policy(game: Game[S, M], seed: int) -> RolloutMove[S, M] | None:
    """The full heuristic agent as playout policy (slower, far more realistic playouts)."""
    from ai.agents import heuristic_module

    agent = heuristic_module(game.name).HeuristicAgent(game, seed=seed)

    def policy(game: Game[S, M], state: S, rng: random.Random) -> M:
        move: M = agent.choose(state)
        return move
    return policy



