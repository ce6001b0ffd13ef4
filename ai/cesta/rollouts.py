"""Cesta's search: the heuristic improved by its own rollouts (a "rollout algorithm");
each level's count of rollouts, horizon and shape are its entry in ``CESTA_ROLLOUTS``
(``ai/levels.py``).

Why not an ISMCTS tree: a tree judged one turn ahead with the heuristic's ``Table.value``
only sharpens that same one-turn judgement as its iterations grow. This search looks
further along the few plays that matter instead:

1. **Candidates.** The heuristic scores every legal play (``HeuristicAgent.scores``); only
   its ``candidates`` best are simulated (most of a hand's 20-odd plays are plainly bad, and
   the budget goes deeper on the good ones). At a draw both decks are candidates.
2. **Worlds and rollouts.** Each world is one ``determinize`` of the view (the hidden hand
   and deck orders, uniformly: exact for Cesta, where only deck choices are public). In a
   world every candidate is played, and then both seats play on with a quick copy of the
   heuristic itself (the same judgement, fewer sampled completions) for ``horizon`` turn
   changes - 4 reach the start of the player's turn after next, two own turns deep; the
   expert's 8 reach four own turns deep (more rollouts of 4 played no better, so the
   count was not what held the search back) - before the judge
   (``ai.cesta.judge.judged_value``: both seats' ``Table.value``, each
   from what it would know) scores the end position; a finished game scores 1 / 0.5 / 0.
3. **Paired comparisons.** Every candidate sees the same worlds with the same rollout seeds
   (common random numbers), so differences between candidates are not deal luck.
4. **Successive halving.** After each round the weaker half of the candidates is dropped
   (the heuristic's own choice always stays), so later worlds go to the close calls.
5. **Anchor.** The heuristic's move stands unless the best candidate beats it, world by
   world, by ``anchor`` standard errors of the paired differences: noise never makes play
   worse than the heuristic's.

The budget is a fixed count of rollouts (``rollouts``; a draw gets ``DRAW_SHARE`` of it),
so play does not depend on machine load; the same seed and view give the same move. The
exact endgame (``ai/endgame``) runs in front of this search, as for ``hard``.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass
from typing import Any

from ai.agents import Agent, seat_to_move
from ai.cesta.heuristic import HeuristicAgent, Table
from ai.cesta.judge import DRAW_SHARE, QuickTable, judged_value
from ai.halving import round_share, survivors
from game.rules.cesta.engine import Game as CestaGame
from game.rules.cesta.moves import Draw, Move
from game.rules.cesta.state import CestaState as State


@dataclass(frozen=True, slots=True)
class RolloutConfig:
    """Budget and shape of the rollout search (``ai/levels.py`` sizes it per level)."""

    rollouts: int = 1200     # rollouts per play decision (all candidates together)
    candidates: int = 6      # the heuristic's best plays that are simulated
    horizon: int = 4         # turn changes after the root before the judge scores
    anchor: float = 1.0      # z-score the best must beat the heuristic's move by
    # (the rollout hard and the long expert use 8 and 0.5: ``ai/levels.py``)
    rounds: int = 3          # successive-halving rounds


def rollout_config(fields: dict[str, float]) -> RolloutConfig:
    """A ``RolloutConfig`` from a level's fields in ``ai/levels.py`` (counts as ints)."""
    kinds = {f.name: f.type for f in dataclasses.fields(RolloutConfig)}
    unknown = set(fields) - set(kinds)
    if unknown:
        raise ValueError(f"unknown rollout settings {sorted(unknown)}")
    values: dict[str, Any] = {k: (float(v) if kinds[k] in (float, "float") else int(v))
                              for k, v in fields.items()}
    return RolloutConfig(**values)


class QuickHeuristic(HeuristicAgent):
    """The heuristic as a rollout policy: the same choices from the same judgement, with
    the search's faster completion sampler (``QuickTable``); it reads full states, which
    holds nothing more for it than the view (the other hand only as a count of action
    cards, which is public)."""

    def choose(self, view: State) -> Move:
        game = self.game
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        table = QuickTable(game, view, seat_to_move(game, view))
        if isinstance(moves[0], Draw):
            return self._draw(table, moves)
        return self._play(table, moves)


class RolloutSearch(Agent[State, Move]):
    """The heuristic's few best plays, each simulated by heuristic rollouts and judged."""

    kind = "ismcts"

    def __init__(self, game: CestaGame, seed: int, config: RolloutConfig) -> None:
        super().__init__(game, seed)
        self.config = config
        self.heuristic = HeuristicAgent(game, seed=seed)
        self.policy = QuickHeuristic(game, seed=seed)
        self.judge_rng = random.Random(0)  # reseeded per world (see ``_rollout``)
        # what the last decision did (tests and probes read it)
        self.last_rollouts = 0
        self.last_candidates: list[Move] = []
        self.last_means: dict[Move, float] = {}

    def _choose(self, view: State) -> Move:
        game = self.game
        moves = game.legal_moves(view)
        self.last_rollouts = 0
        self.last_candidates = list(moves[:1])
        self.last_means = {}
        if len(moves) == 1:
            return moves[0]
        seat = seat_to_move(game, view)
        cfg = self.config
        if isinstance(moves[0], Draw):
            anchor = self.heuristic.choose(view)
            candidates = [anchor] + [m for m in moves if m != anchor]
            budget = max(len(candidates), round(cfg.rollouts * DRAW_SHARE))
        else:
            table = Table(game, view, seat)
            table.prepare(random.Random(self.heuristic.rng.getrandbits(32)))
            scored = self.heuristic.scores(table, moves)
            best_score = -math.inf
            anchor = scored[0][0]
            for move, score in scored:  # the heuristic's own choice: the first best
                if score > best_score:
                    anchor, best_score = move, score
            ranked = sorted(scored, key=lambda pair: -pair[1])
            candidates = [anchor] + [m for m, _ in ranked if m != anchor][:cfg.candidates - 1]
            budget = cfg.rollouts
        self.last_candidates = list(candidates)
        if len(candidates) == 1:
            return anchor
        return self._decide(view, seat, candidates, budget, cfg.horizon, cfg.rounds,
                            cfg.anchor)

    def _decide(self, view: State, seat: int, candidates: list[Move], budget: int,
                horizon: int, rounds: int, z: float) -> Move:
        """Successive halving over shared worlds, then the paired anchor test."""
        anchor = candidates[0]
        alive = list(candidates)
        values: dict[Move, list[float]] = {m: [] for m in candidates}
        worlds: list[tuple[State, int]] = []
        rng = self.rng
        rounds = max(1, rounds)
        # each round spends about the same share of the budget
        spent = 0
        late = False
        for r in range(rounds):
            per = round_share(budget, spent, rounds - r, len(alive))
            for move in alive:
                have = len(values[move])
                while len(worlds) < have + per:
                    worlds.append((self.game.determinize(view, seat, rng),
                                   rng.getrandbits(32)))
                for world, world_seed in worlds[have:have + per]:
                    if self.out_of_time():  # the hint's wall-clock guard: decide now
                        late = True
                        break
                    values[move].append(self._rollout(world, world_seed, move, seat,
                                                      horizon))
                spent += per
            if late:
                # compare only what every remaining candidate met (the anchor goes first)
                alive = [m for m in alive if values[m]]
                break
            if r == rounds - 1 or len(alive) <= 2:
                continue
            n = min(len(values[m]) for m in alive)

            def score(move: Move, n: int = n) -> float:
                return sum(values[move][:n])

            alive = survivors(alive, score, max(2, (len(alive) + 1) // 2), anchor,
                              order=candidates)
        self.last_rollouts = sum(len(v) for v in values.values())
        if not alive:
            return anchor
        n = min(len(values[m]) for m in alive)
        self.last_means = {m: sum(values[m][:n]) / n for m in alive}
        best = max(alive, key=lambda m: (self.last_means[m], m == anchor))
        if best == anchor:
            return anchor
        diffs = [b - a for b, a in zip(values[best][:n], values[anchor][:n], strict=True)]
        mean = sum(diffs) / n
        variance = max(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1), 1e-6)
        return best if mean > z * math.sqrt(variance / n) else anchor

    def _rollout(self, world: State, world_seed: int, move: Move, seat: int,
                 horizon: int) -> float:
        """``move`` in ``world``, then the heuristic for both seats until the horizon."""
        game: Any = self.game
        policy = self.policy
        policy.rng.seed(world_seed)
        judge = self.judge_rng
        judge.seed(world_seed ^ 0x5BD1E995)  # the same judge samples for every candidate
        state = game.apply(world, move)[0]
        changes = 0
        last = seat
        while True:
            now = game.current_player(state)
            if now is None:
                winners = game.result(state).winners
                value = 0.5 if not winners else (1.0 if seat in winners else 0.0)
                break
            if now != last:
                changes += 1
                last = now
                if changes >= horizon:
                    value = judged_value(game, state, seat, judge)
                    break
            state = game.apply(state, policy.choose(state))[0]
        return value


def make_search_agent(game: CestaGame, level: str, seed: int) -> RolloutSearch:
    """Cesta's searching agent at ``level``, with the level's ``CESTA_ROLLOUTS`` budget.
    Uniform sampling of the hidden cards is exact here: only deck choices are public."""
    from ai.levels import CESTA_ROLLOUTS

    return RolloutSearch(game, seed, rollout_config(CESTA_ROLLOUTS[level]))
