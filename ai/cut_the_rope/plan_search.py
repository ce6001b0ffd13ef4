"""Cut the Rope's hard and expert search: whole turns as one move.

Why not the generic ISMCTS: a turn here is a chain of builds ending with a discard, so a
per-move search spends its whole budget on every single build and still sees each build
in isolation (myopic: "end the turn now" or "one more build" compared by playouts that
then play the rest of the turn at random).

This agent searches over *turn segments* instead. At the start of a turn (and again
whenever a pile build turns up a new card) it enumerates the distinct positions its builds
can reach without new information (hand and auxiliary cards only), and makes candidates:

- every such position followed by a discard (``end`` move), and
- every such position followed by the personal-pile build (after which the next pile card
  is unknown, so the rest of the turn is left to the heuristic inside the simulation and
  the agent plans again for real once the card is seen).

Candidates are pre-scored with the heuristic's own terms, the best few kept, and then
raced over determinizations of the hidden cards (opponent hands, pile cards, draw order),
*the same determinizations for every candidate* (common random numbers: the comparison
of two plans is paired, so a few dozen samples separate them). Each sample plays the
candidate, finishes the turn with the heuristic, lets the other seats reply with the
heuristic (the model of a good opponent) and plays the agent's own next turn likewise,
then scores the position with the heuristic evaluation. Successive halving spends the
samples on the plans still in contention. The heuristic's own plan is always a candidate
and is kept unless another beats it by ``anchor`` paired standard errors, so noise never
makes play worse than the heuristic's. The chosen segment is then played move by move
without searching again (the view is checked against the expected one at each step).

Only the view is used: determinizations come from ``game.determinize(view, ...)``; the
generator is seeded, and the budget is a fixed number of samples, so play is
reproducible and independent of machine load.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ai.agents import Agent, seat_to_move
from ai.cut_the_rope.heuristic import HeuristicAgent, evaluate
from ai.cut_the_rope.lines import (
    AUX_CARD,
    HAND_CARD,
    NODE_LIMIT,
    SCISSORS,
    SCISSORS_SPENT,
    action_text,
    best_line,
    leaf_value,
    row_codes,
)
from ai.halving import survivors
from ai.levels import HINT
from game.rules.cut_the_rope.engine import Game as CutTheRopeGame
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State


@dataclass(frozen=True, slots=True)
class PlanConfig:
    """Budget and shape of the turn search.

    ``samples``: determinizations per halving round for each surviving candidate (the
    rounds are ``samples`` long each, so the leader ends with ``rounds * samples``).
    ``keep``: candidates that survive the static pre-score. ``turns``: turns simulated
    after the agent's own (2 = the opponent's reply and the agent's next turn, in two
    players). ``anchor``: paired z-score a plan needs to overrule the heuristic's.
    ``node_limit``: positions the build enumeration may visit.
    ``cap_seconds``: wall-clock safety cap of one plan search. The budget is the sample
    count (play does not depend on machine load); the cap only cuts the rare turn with very
    many reachable positions on a busy machine (13 s was seen once under load), keeping
    the comparisons made so far, so a table never waits for long.
    ``work_limit``: the same cut, but counted in positions the simulated turns' build
    searches visit (``TurnModel.nodes``), so it is reproducible and load-independent. Most
    of a plan's time is those searches (about 300 000 positions per CPU second since the
    in-place search of ``ai/cut_the_rope/lines.py``), and plans
    differ in cost mostly by how many cards the simulated hands hold, so a limit bounds
    the rare slow turn without touching ordinary ones. A cut keeps the samples made so far;
    with fewer samples a plan overrules the heuristic's less easily, so a cut plays closer
    to the heuristic, never at random.
    """

    samples: int = 8
    keep: int = 16
    rounds: int = 3
    turns: int = 2
    anchor: float = 1.0
    node_limit: int = 3000
    ends_per_stop: int = 4
    cap_seconds: float = 5.0
    work_limit: int | None = None


# Per level (docs/ai.md): hard's anchor 0.5 and 10 samples won the screens against the
# heuristic at about 0.35 s a move; expert has twice the samples, more candidates and one
# more simulated turn. The work limits (build-search positions, a count, not the clock)
# cut only the slowest plans, late in their sampling; easy and normal serve the arena.
LEVEL_PLANS: dict[str, PlanConfig] = {
    "easy": PlanConfig(samples=3, keep=6, rounds=2, anchor=0.5),
    "normal": PlanConfig(samples=5, keep=10, rounds=2, anchor=0.5),
    "hard": PlanConfig(samples=10, keep=16, rounds=3, turns=2, anchor=0.5,
                       work_limit=300_000),
    "expert": PlanConfig(samples=20, keep=24, rounds=3, turns=3, anchor=0.5,
                         work_limit=1_000_000, cap_seconds=20.0),
    # hints: the expert's shape on half its samples, to answer within HINT_SECONDS
    HINT: PlanConfig(samples=10, keep=20, rounds=3, turns=3, anchor=0.5,
                     work_limit=500_000, cap_seconds=20.0),
}


def _signature(state: State, seat: int) -> tuple[Any, ...]:
    """What the acting seat sees change during its own builds."""
    return (state.rows, state.hands[seat], state.aux[seat], len(state.piles[seat]),
            state.to_move)


class TurnModel:
    """The heuristic as a whole-turn policy for simulations.

    The heuristic plans its best chain of builds on every call and plays only the first
    step, so a turn costs one full build search per card. Here the best line is kept and
    played out, and the search is repeated only where the heuristic would see something
    new (a pile build turns up the next card). The line is the one the heuristic's own
    search finds (same move order and tie-breaks), so the model plays as the opponent
    does, a few times faster.
    """

    def __init__(self, game: CutTheRopeGame) -> None:
        self.game = game
        self.heuristic = HeuristicAgent(game)
        self.refill: bool = game.rules["refill_when_empty"]
        self._lines: dict[tuple[Any, ...], list[str]] = {}
        self.nodes = 0  # build-search positions visited so far: the plan search's work

    def play_turn(self, state: State) -> State:
        """``state`` after the seat to move finishes its turn (or the game ends)."""
        game = self.game
        seat = seat_to_move(game, state)
        heuristic = self.heuristic
        while state.to_move == seat:
            line = self.line(state, seat)
            for text in line:
                state = game.apply(state, self._move(state, text))[0]
            if line and line[-1].startswith("build pile"):
                continue  # a new pile card is showing: plan again
            if state.to_move != seat:
                break
            if line and self.refill:
                continue  # a hand emptied by the line may have been refilled: plan again
            state = game.apply(state, self._move(state, heuristic._end_move(state, seat)))[0]
        return state

    def _move(self, state: State, text: str) -> Move:
        for move in self.game.legal_moves(state):
            if self.game.format_move(move) == text:
                return move
        raise AssertionError(f"model move {text!r} is not legal")  # pragma: no cover

    def line(self, state: State, seat: int) -> list[str]:
        """The heuristic's best chain of builds, cut after its first pile build (memoised
        on everything the heuristic looks at: candidates that differ only in their
        discard leave the opponent the same table, so its reply is searched once)."""
        pile = state.piles[seat]
        key = (seat, state.rows, state.hands[seat], state.aux[seat], pile[-1], min(len(pile), 2),
               tuple((p[-1] if p else None, tuple(r[-1] for r in a))
                     for p, a in zip(state.piles, state.aux, strict=True)))
        found = self._lines.get(key)
        if found is None:
            if len(self._lines) > 50_000:
                self._lines.clear()
            found = self._lines[key] = self._search_line(state, seat)
        return found

    def _search_line(self, state: State, seat: int) -> list[str]:
        length = self.heuristic.length
        pile = state.piles[seat]
        line, nodes = best_line(row_codes(state.rows, length), list(state.hands[seat][:-1]),
                                [list(r) for r in state.aux[seat]], pile[-1], len(pile),
                                self.heuristic._threats(state, seat), length, self.refill)
        self.nodes += min(nodes, NODE_LIMIT)
        texts = [action_text(action) for action in line]
        for i, text in enumerate(texts):
            if text.startswith("build pile"):
                return texts[:i + 1]
        return texts


class TurnPlanAgent(Agent[State, Move]):
    """Information-set search over whole turn segments (see the module docstring)."""

    kind = "ismcts"
    game: CutTheRopeGame  # the engine's own tables (code_to_card, rules) are used

    def __init__(self, game: CutTheRopeGame, seed: int = 0, plan: PlanConfig | None = None) -> None:
        super().__init__(game, seed)
        self.plan_config = plan or PlanConfig()
        self.model = HeuristicAgent(game, seed=seed)
        self.turn_model = TurnModel(game)
        self.length: int = game.rules["row_length"]
        self.aux_rows: int = game.rules["aux_rows"]
        self._queue: list[Move] = []
        self._expect: tuple[Any, ...] | None = None
        self.last_candidates = 0
        self.last_samples = 0
        self.last_overruled = False
        self.last_out_of_time = False
        self.last_work = 0

    # ------------------------------------------------------------------------ choosing

    def _choose(self, view: State) -> Move:
        game = self.game
        seat = seat_to_move(self.game, view)
        moves = game.legal_moves(view)
        if len(moves) == 1:
            self._queue = []
            return moves[0]
        if self._queue and self._expect == _signature(view, seat) \
                and self._queue[0] in moves:
            return self._pop(view, seat)
        self._queue = self._plan(view, seat)
        return self._pop(view, seat)

    def _pop(self, view: State, seat: int) -> Move:
        """Play the queued move; remember the view the next call should show."""
        move = self._queue.pop(0)
        if self._queue:
            state = self.game.determinize(view, seat, random.Random(0))
            after = self.game.apply(state, move)[0]
            self._expect = _signature(after, seat)
        else:
            self._expect = None
        for legal in self.game.legal_moves(view):
            if legal == move:
                return legal
        raise AssertionError("planned move is not legal")  # pragma: no cover

    # ------------------------------------------------------------------------ candidates

    def _plan(self, view: State, seat: int) -> list[Move]:
        cfg = self.plan_config
        game = self.game
        rng = self.rng
        base = game.determinize(view, seat, random.Random(rng.getrandbits(32)))
        anchor = self._heuristic_segment(base, seat)
        candidates = self._candidates(base, seat)
        # the anchor first, then the best pre-scored others
        keyed: dict[tuple[Any, ...], list[Move]] = {tuple(anchor): anchor}
        for _, seq in candidates:
            if len(keyed) > cfg.keep:
                break
            keyed.setdefault(tuple(seq), seq)
        plans = list(keyed.values())
        self.last_candidates = len(plans)
        self.last_overruled = False
        if len(plans) == 1:
            self.last_samples = 0
            return list(anchor)
        dets: list[State] = []
        totals = [0.0] * len(plans)
        squares_diff = [0.0] * len(plans)   # paired difference to the anchor
        sums_diff = [0.0] * len(plans)
        counts = [0] * len(plans)
        alive = list(range(len(plans)))
        deadline = time.perf_counter() + min(cfg.cap_seconds, self.seconds_left())
        work_end = math.inf if cfg.work_limit is None else self.turn_model.nodes + cfg.work_limit
        work_start = self.turn_model.nodes
        out_of_time = False
        for round_no in range(cfg.rounds):
            start = len(dets)
            for _ in range(cfg.samples):
                dets.append(game.determinize(view, seat, random.Random(rng.getrandbits(64))))
            for d in range(start, len(dets)):
                if out_of_time or (d > start and (time.perf_counter() > deadline
                                                  or self.turn_model.nodes > work_end)):
                    out_of_time = True
                    break
                det = dets[d]
                anchor_value = self._simulate(det, plans[0], seat)
                totals[0] += anchor_value
                counts[0] += 1
                for i in alive:
                    if i == 0:
                        continue
                    if d > 0 and self.turn_model.nodes > work_end:
                        # cut between plans, not only between determinizations: one
                        # determinization of 17 plans can cost a fifth of the limit. The
                        # plans met so far keep this sample (each is paired with the
                        # anchor's value on the same determinization).
                        out_of_time = True
                        break
                    value = self._simulate(det, plans[i], seat)
                    totals[i] += value
                    counts[i] += 1
                    diff = value - anchor_value
                    sums_diff[i] += diff
                    squares_diff[i] += diff * diff
            if out_of_time:
                break
            if round_no < cfg.rounds - 1:
                alive = survivors(alive, lambda i: totals[i] / counts[i],
                                  max(2, len(alive) // 3), 0)
        self.last_samples = counts[0]  # determinizations every surviving plan met
        self.last_out_of_time = out_of_time
        self.last_work = self.turn_model.nodes - work_start
        best = 0
        best_gain = 0.0
        for i in alive:
            n = counts[i]
            if i == 0 or n < 2:
                continue
            mean = sums_diff[i] / n
            var = max(squares_diff[i] / n - mean * mean, 1e-12)
            if mean > best_gain and mean / math.sqrt(var / n) > cfg.anchor:
                best, best_gain = i, mean
        self.last_overruled = best != 0
        return list(plans[best])

    def _heuristic_segment(self, state: State, seat: int) -> list[Move]:
        """The heuristic's own moves this turn up to its first pile build or its end."""
        game = self.game
        out = []
        while state.to_move == seat:
            move = self.model.choose(state)
            out.append(move)
            if move.kind == "end" or move.source == "pile":
                break
            state = game.apply(state, move)[0]
        return out

    def _candidates(self, root: State, seat: int) -> list[tuple[float, list[Move]]]:
        """Every distinct position the hand and aux builds reach, each followed by a pile
        build (when it fits) or by its best few discards; sorted by a static score."""
        game = self.game
        cfg = self.plan_config
        threats = self.model._threats(root, seat)
        seen: set[tuple[Any, ...]] = set()
        stops: list[tuple[float, State, list[Move]]] = []
        out: list[tuple[float, list[Move]]] = []
        nodes = 0

        def visit(state: State, seq: list[Move], gained: float) -> None:
            nonlocal nodes
            key = (state.rows, state.hands[seat], state.aux[seat])
            if key in seen:
                return
            seen.add(key)
            leaf = self._leaf(state, seat, gained, threats)
            stops.append((leaf, state, seq))
            for move in game.legal_moves(state):
                if move.kind != "build":
                    continue
                if move.source == "pile":
                    after = game.apply(state, move)[0]
                    out.append((self._leaf(after, seat, gained, threats) + 100.0
                                + (10_000.0 if after.winners else 0.0), seq + [move]))
                    continue
                nodes += 1
                if nodes > cfg.node_limit:
                    continue
                gain = HAND_CARD if move.source == "hand" else AUX_CARD
                if move.card == "S":
                    gain -= SCISSORS_SPENT
                visit(game.apply(state, move)[0], seq + [move], gained + gain)

        visit(root, [], 0.0)
        for leaf, state, seq in stops:
            for score, move in self._end_scores(state, seat)[:cfg.ends_per_stop]:
                out.append((leaf + score, seq + [move]))
        out.sort(key=lambda item: -item[0])
        return out

    def _leaf(self, state: State, seat: int, gained: float, threats: list[Any]) -> float:
        """The heuristic's value of stopping the builds here (its leaf terms)."""
        pile = state.piles[seat]
        return leaf_value(row_codes(state.rows, self.length), gained,
                          pile[-1] if pile else -1, threats, self.length)

    def _end_scores(self, state: State, seat: int) -> list[tuple[float, Move]]:
        """Every discard with the heuristic's end-card score, best first."""
        hand = state.hands[seat]
        moves = [m for m in self.game.legal_moves(state) if m.kind == "end"]
        if not any(hand[:-1]):
            return [(0.0, m) for m in moves]
        aux = state.aux[seat]
        length = self.length
        pile = state.piles[seat]
        top = pile[-1] if pile else -1
        needs = [len(r[0]) + 1 if r[1] else length - len(r[0])
                 for r in state.rows if r is not None]
        scored = []
        for move in moves:
            card = self.game.code_to_card[move.card]
            base = 0.0
            if card == SCISSORS:
                base -= 60.0
            if hand[card] > 1:
                base += 3.0
            if card == top:
                base -= 2.0
            if card in needs:
                base -= 4.0
            if move.target:
                under = aux[move.target - 1][-1]
                if under == SCISSORS:
                    value = -12.0
                elif under in (card + 1, card - 1):
                    value = 10.0
                elif under == card:
                    value = 6.0
                else:
                    value = -4.0 - 0.5 * abs(under - card)
            else:
                value = 7.0 - 3.0 * len(aux)
            scored.append((base + value, move))
        scored.sort(key=lambda item: -item[0])
        return scored

    # ------------------------------------------------------------------------ simulation

    def _simulate(self, det: State, seq: list[Move], seat: int) -> float:
        """Play ``seq`` on a determinization, the rest of the turn and ``turns`` more turns
        with the heuristic, and score the position for ``seat``."""
        game = self.game
        apply = game.apply
        state = det
        for move in seq:
            state = apply(state, move)[0]
        play_turn = self.turn_model.play_turn
        if state.to_move == seat:  # the rest of this turn, after a pile build
            state = play_turn(state)
        for _ in range(self.plan_config.turns):
            if state.to_move is None:
                break
            state = play_turn(state)
        return evaluate(game, state, seat)


def make_search_agent(game: CutTheRopeGame, level: str, seed: int) -> Agent[State, Move]:
    """Cut the Rope's searching agent at ``level``: the turn-segment search."""
    return TurnPlanAgent(game, seed, LEVEL_PLANS[level])
