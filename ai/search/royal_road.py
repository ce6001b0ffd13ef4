"""Královská cesta search shaping for hard and expert: a race evaluation counted in hops.

Why: the heuristic scores a pyramid by how far along the track it stands (position / goal),
but in this game distance is not what takes time. A pyramid moves, in one move, up to the
next card depicting its colour (a *stop*) or straight to GOAL when no stop lies ahead, so
the moves a pyramid still needs are ``stops ahead + 1``, whatever its position: a pyramid
on card 2 with no stop ahead is one move from GOAL, one on card 12 behind two stops is
three. A trio is won after the sum of its pyramids' hops, and each hop needs the die to
give (or the previous player to leave) one of its colours. Positions are scored by that
count, turned into a share of the race per seat (``exp(-0.4 * hops)`` of a seat's best
trio, plus a third of its second, over the sum of every seat's).

hard / expert (``make_search_agent``) is ``PairedSearch``: a flat information-set search
over belief-sampled determinizations, one round deep with greedy playouts, acting as a
*tactical veto* on ``RaceGreedy`` (the heuristic's one-ply play with the race value).
Playouts count only who wins within the round, so the search overrules the greedy move
only when another move clearly wins more or loses less within the round (the next
players completing a trio, a win of one's own). The greedy policy alone won 37-43 % of
150-game probes against two heuristics on seeds 1 and 2 (the heuristic in its seat: 34 %
on the seed-1 deals), but 35 % on seed 7. Every search that judged *positions* (the race
value with the determinization's cards or with the greedy's reading, tree or flat, 1 or 3
turn changes deep, overruling at 1.5 to 6 standard errors) made play worse than its anchor's:
20-33 % in 40-90-game probes where the anchor alone won 38 %, and 49/200 in the arena.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Any

from ai.heuristics.royal_road import MASK_RATE, WIN, HeuristicAgent, _Reading
from ai.ismcts import ISMCTSAgent, SearchConfig, SearchStats
from game.rules.base import GameRules, Move, State
from game.rules.royal_road.cards import TRIO_PYRAMIDS

JAIL_HOPS = 1.5      # a lying pyramid waits for an amnesty: worth this many extra hops
RACE_SHARPNESS = 0.4  # share of the race ~ exp(-RACE_SHARPNESS * hops)
RACE_MASK_MARGIN = 0.01  # a decoy may cost this much race share
SECOND_TRIO = 0.35   # weight of a seat's second-best trio (a backup goal)


def pyramid_hops(state: State) -> list[float]:
    """Moves each pyramid still needs to reach GOAL: stops ahead + 1 (0 in GOAL), plus
    ``JAIL_HOPS`` while it lies in JAIL."""
    ti = state.ti
    goal = ti.goal
    ahead = ti.ahead
    stops = ti.stops
    occ = state.occ
    lying = state.lying
    pos = state.pos
    out = []
    for p in range(15):
        a = pos[p]
        if a == goal:
            out.append(0.0)
            continue
        h = ((ahead[a] & ~occ[p % 3]) & stops[p // 3]).bit_count() + 1.0
        if lying >> p & 1:
            h += JAIL_HOPS
        out.append(h)
    return out


def trio_strength(hops: list[float], trios: Any, sharpness: float | None = None) -> float:
    """A seat's standing from its trios: exp(-sharpness * hops) of the best, plus a share
    of the second (a backup goal keeps options open)."""
    if sharpness is None:
        sharpness = RACE_SHARPNESS
    values = sorted((math.exp(-sharpness * (hops[a] + hops[b] + hops[c]))
                     for a, b, c in trios), reverse=True)
    if not values:
        return 0.0
    return values[0] + SECOND_TRIO * sum(values[1:])


def _trios(cards: Any) -> list[tuple[int, int, int]]:
    return [TRIO_PYRAMIDS[c] for c in cards if c in TRIO_PYRAMIDS]


def race_evaluate(game: GameRules, state: State, seat: int) -> float:
    """Seat's share of the race in a determinized state: its strength over everyone's."""
    if state.winners:
        return 1.0 if seat in state.winners else 0.0
    hops = pyramid_hops(state)
    strengths = [trio_strength(hops, _trios(state.kept[s])) for s in range(state.players)]
    total = sum(strengths)
    return strengths[seat] / total if total > 0 else 1.0 / state.players


def greedy_rollout_move(game: GameRules, state: State, rng: random.Random) -> Move:
    """Playout policy: the move that best raises the mover's race share (one ply) with its
    determinized cards, a random one 15 % of the time; always rolls, never swaps."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    step = state.step
    if step == "color":
        last = moves[-1]
        if last.kind == 7:
            return last
        if REUSE_AWARE and len(moves) > 1 and moves[1].kind == 2 \
                and _colour_helps(state, state.prev, state.to_move):
            return moves[1]
        return moves[0]
    if step == "bonus":
        return moves[-1]
    if rng.random() < 0.15:
        return moves[rng.randrange(len(moves))]
    seat = state.to_move
    best = moves[0]
    best_value = -1.0
    apply = game.apply
    for move in moves:
        value = race_evaluate(game, apply(state, move)[0], seat)
        if value > best_value:
            best, best_value = move, value
    return best


REUSE_AWARE = True  # playout movers reuse a colour that moves one of their pyramids


def _colour_helps(state: State, colour: int, seat: int) -> bool:
    """Whether ``colour`` can move a pyramid of one of ``seat``'s (determinized) trios:
    then a player reuses it rather than roll. Without this, playouts had every player
    roll, so the search never saw the next player take up the colour it left behind."""
    goal = state.ti.goal
    lying = state.lying
    pos = state.pos
    for card in state.kept[seat]:
        trio = TRIO_PYRAMIDS.get(card)
        if trio is None:
            continue
        p = trio[0] if trio[0] // 3 == colour else trio[1] if trio[1] // 3 == colour \
            else trio[2] if trio[2] // 3 == colour else -1
        if p >= 0 and pos[p] != goal and not lying >> p & 1:
            return True
    return False


class _RaceReading(_Reading):
    """The heuristic's reading of the table (my trios, the others' likely goals from their
    pushes), valued as my share of the race in hops instead of track distance."""

    sharpness_race = RACE_SHARPNESS
    _pooled: list[tuple[float, tuple[int, int, int]]] | None = None

    def value(self, state: State) -> float:
        if state.winners:
            return WIN if state.winners[0] == self.seat else -WIN
        beta = self.sharpness_race
        hops = pyramid_hops(state)
        mine = trio_strength(hops, self.mine, beta)
        pooled = self._pooled
        if pooled is None:  # the others' strengths add up: one weight per candidate card
            weights: dict[tuple[int, int, int], float] = {}
            for _, beliefs in self.opponents:
                for weight, trio in beliefs:
                    weights[trio] = weights.get(trio, 0.0) + weight
            pooled = self._pooled = [(w, t) for t, w in weights.items()]
        exp = math.exp
        e = [exp(-beta * h) for h in hops]
        others = 0.0
        for weight, (a, b, c) in pooled:
            others += weight * e[a] * e[b] * e[c]
        return mine / (mine + others + 1e-12)


class RaceGreedy(HeuristicAgent):
    """The heuristic's one-ply decisions (colour by expected value over the die, masking
    with decoys, its setup keep and swaps) with the hop-count race value: the policy the
    search starts from and must beat to overrule (``anchor``)."""

    def __init__(self, game: GameRules, seed: int = 0, sharpness: float | None = None,
                 mask_rate: float = MASK_RATE, mask_margin: float = RACE_MASK_MARGIN) -> None:
        super().__init__(game, seed)
        self.race_sharpness = RACE_SHARPNESS if sharpness is None else sharpness
        self.masked = False
        self.mask_rate = mask_rate
        self.mask_margin = mask_margin

    def choose(self, view: State) -> Move:
        game = self.game
        legal = game.legal_moves(view)
        self.masked = False  # set when the move is a decoy (see ``_best``)
        if len(legal) == 1:
            return legal[0]
        if view.step == "keep":
            return self._keep(view, legal)
        reading = _RaceReading(game, view, game.current_player(view), self.sharpness)
        reading.sharpness_race = self.race_sharpness
        if view.step == "color":
            return self._colour(view, legal, reading)
        return self._best(view, legal, reading, mask=view.step == "move")


class RoyalRoadSearch(ISMCTSAgent):
    """The generic ISMCTS with the hop-count race evaluation, anchored to ``RaceGreedy``."""

    def __init__(self, game: GameRules, seed: int, config: SearchConfig, *,
                 belief: object | None = None, anchor: Any = None) -> None:
        super().__init__(game, seed, config, rollout_move=greedy_rollout_move,
                         evaluate=race_evaluate, belief=belief)
        if anchor is not None:
            self.anchor_agent = anchor
        elif self.anchor_agent is not None:
            self.anchor_agent = RaceGreedy(game, seed)
        self.last_overruled = False


class PairedSearch(RoyalRoadSearch):
    """Flat information-set search with common random numbers, as the anchor's critic.

    Why: a move changes a seat's race share by a few hundredths, while the dice of one
    round of playout move it by tenths, so independent samples per root move mostly
    compare noise (the tree search with this value, overruling at 1.5 standard errors,
    won 18 of 60 probe games where its anchor alone won 23). Here every determinization
    (hidden cards by belief, the die's seed) plays out *every* root move with the same
    random stream, and a move replaces the anchor only when its mean paired gain over the
    anchor's move exceeds ``config.anchor`` standard errors of that paired difference."""

    min_gain = 0.05  # least mean paired gain (reward units) that may overrule
    tree_search = False  # decisions go through ``_paired``, not the tree of ``search``

    def __init__(self, game: GameRules, seed: int, config: SearchConfig, *,
                 belief: object | None = None, anchor: Any = None) -> None:
        super().__init__(game, seed, config, belief=belief, anchor=anchor)
        # Playouts count only wins and losses within the round (a tactical veto): judging
        # positions by the race value, whether from the determinization's cards or from
        # RaceGreedy's reading of the public record, made play worse in every probe.
        self.evaluate = _round_without_winner

    def _choose(self, view: State) -> Move:
        game = self.game
        seat = game.current_player(view)
        if seat is None:
            raise ValueError("no legal move: the game is over")
        belief = self.belief
        if belief is not None:
            belief.observe(view, seat)
        moves = game.legal_moves(view)
        anchor_agent = self.anchor_agent or RaceGreedy(game, self.seed)
        self.last_overruled = False
        if len(moves) == 1 or view.step in self.config.delegate_steps:
            move = moves[0] if len(moves) == 1 else anchor_agent.choose(view)
            self.stats = SearchStats(0, 0.0, len(moves), 0)
        else:
            move = anchor_agent.choose(view)
            if getattr(anchor_agent, "masked", False):  # a decoy is never overruled
                self.stats = SearchStats(0, 0.0, len(moves), 0)
            else:
                move = self._paired(view, seat, moves, move)
        if belief is not None:
            belief.after_choice(view, seat, move)
        return move

    def _paired(self, view: State, seat: int, moves: list[Move], anchor: Move) -> Move:
        game = self.game
        cfg = self.config
        sampler = belief_sample(self.belief, game)
        rng = self.rng
        k = len(moves)
        rounds = max(4, (cfg.iterations or 400) // k)
        deadline = time.perf_counter() + (cfg.seconds or 1e9)
        start = time.perf_counter()
        a = moves.index(anchor) if anchor in moves else 0
        sums = [0.0] * k
        squares = [0.0] * k
        apply = game.apply
        playout = self._playout
        done = 0
        for _ in range(rounds):
            full = sampler(view, seat, rng)
            stream = rng.getrandbits(48)
            rewards = []
            for move in moves:
                after = apply(full, move)[0]
                rewards.append(playout(after, random.Random(stream), 0, seat)(seat))
            base = rewards[a]
            for i, r in enumerate(rewards):
                d = r - base
                sums[i] += d
                squares[i] += d * d
            done += 1
            if time.perf_counter() >= deadline:
                break
        best = max(range(k), key=lambda i: (sums[i], -i))
        self.stats = SearchStats(done * k, time.perf_counter() - start, k, done)
        if best == a:
            return anchor
        mean = sums[best] / done
        var = max(squares[best] / done - mean * mean, 1e-9)
        if mean > self.min_gain and mean > (cfg.anchor or 0.0) * math.sqrt(var / done):
            self.last_overruled = True
            self.stats.overruled = True
            return moves[best]
        return anchor


def _round_without_winner(game: GameRules, state: State, seat: int) -> float:
    """A playout round that ends without a winner: the position is RaceGreedy's business."""
    return 0.5


def belief_sample(belief: object | None, game: GameRules) -> Any:
    """The determinization sampler: by belief when the level has one, else uniform."""
    sample = getattr(belief, "sample", None)
    return sample if sample is not None else game.determinize


# Playouts per decision of each level (a playout is one round, to the searcher's next
# turn): hard ~0.07 s a decision (median, ``ai.bench``), expert three times that; other levels
# (the arena's ``ismcts:easy``) scale the generic budget by the same ratio.
PLAYOUTS = {"hard": 600, "expert": 1800}
OVERRULE_Z = 3.0   # paired standard errors a move must gain over the greedy policy's move


def make_search_agent(game: GameRules, level: str, seed: int, config: SearchConfig,
                      belief: object | None) -> RoyalRoadSearch:
    """hard / expert for Královská cesta: flat information-set search over belief-sampled
    determinizations, one round deep, vetoing RaceGreedy's move (hop-count race value)
    only for wins and losses within that round."""
    iterations = PLAYOUTS.get(level)
    if iterations is None:
        iterations = max(20, round((config.iterations or 600) * 600 / 2160))
    config = replace(config, iterations=iterations, horizon=3, anchor=OVERRULE_Z,
                     delegate_steps=("keep", "bonus"))
    return PairedSearch(game, seed, config, belief=belief)
