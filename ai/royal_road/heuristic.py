"""A Královská cesta player a good human would recognise.

Strategy, as a player thinks about it:
1. **Keep a compact pair of goals.** At setup keep the two cards whose trios share the
   most pyramids (fewer pyramids to push) and whose colours meet the fewest stops.
2. **Race your trio, slowest pyramid first.** A trio wins only when all three stand in
   GOAL, so a position is worth the trio's mean progress plus extra weight on its slowest
   pyramid; jailed pyramids count at half (stuck until an amnesty).
3. **Read the others' goals from how they move.** The public move record shows who pushed
   which pyramid how far; each unseen card is a candidate goal of each opponent with a
   weight growing with the pushes of its pyramids (pushes into JAIL or the trapdoor count
   against). The leader's likely pyramids are then something to hold back.
4. **Hurt the leader.** Every option (a move, a bonus swap, a report) is scored as my
   progress minus the leading opponent's expected progress, so the trapdoor, JAIL and
   swaps are used on the pyramids the leader seems to need, and a move that completes a
   likely opponent trio is avoided.
5. **Mask.** When a move of a pyramid I do not need is nearly as good as the best move of
   my own, play it now and then, so the others cannot read me as easily.
6. **Roll or reuse by expected value.** Reuse the previous colour when its best move beats
   the average of the best moves over the six die faces.

Only the view is used (own cards, the board, the public move record), so choices never
depend on hidden cards. ``evaluate`` and ``rollout_move`` are the cheap pieces ISMCTS uses.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai.agents import seat_to_move
from game.rules.royal_road.cards import PYRAMIDS, TRIO_PYRAMIDS, WHITE
from game.rules.royal_road.engine import Game as RoyalRoadGame
from game.rules.royal_road.moves import Keep, Move, MovePyramid
from game.rules.royal_road.state import State, log_entries

LEADER_WEIGHT = 0.8     # how much the leading opponent's progress counts against mine
OTHERS_WEIGHT = 0.15    # the rest of the opponents
COMPLETE_RISK = 2.0     # penalty per expected complete opponent trio in GOAL
BELIEF_SHARPNESS = 2.5  # how strongly observed pushes shape the goal beliefs
MASK_MARGIN = 0.012     # a decoy move may be this much worse than the best
MASK_RATE = 0.35        # how often such a decoy is played
WIN = 1000.0
REPEAT_LIMIT = 2      # the same push made this often: stop reusing, roll


def _progress(state: State, p: int) -> float:
    """How far pyramid ``p`` has come, 0 (START) .. 1 (GOAL); jailed counts half."""
    q = state.pos[p]
    goal = state.ti.goal
    if q == goal:
        return 1.0
    value = q / goal
    if state.lying >> p & 1:
        value *= 0.5
    return value


def _trio_value(state: State, trio: tuple[int, int, int]) -> float:
    """A trio's progress: the mean, with the slowest pyramid weighing extra."""
    a, b, c = _progress(state, trio[0]), _progress(state, trio[1]), _progress(state, trio[2])
    return (a + b + c + 1.5 * min(a, b, c)) / 4.5


def _trios_of(cards: Any) -> list[tuple[int, int, int]]:
    return [TRIO_PYRAMIDS[c] for c in cards if c in TRIO_PYRAMIDS]


class _Reading:
    """One decision's picture: my trios and, per opponent, goal beliefs over unseen cards."""

    def __init__(self, game: RoyalRoadGame, view: State, seat: int,
                 sharpness: float = BELIEF_SHARPNESS) -> None:
        self.seat = seat
        self.mine = _trios_of(view.kept[seat]) or _trios_of(view.dealt[seat])
        self.my_pyramids = {p for trio in self.mine for p in trio}
        seen = {c for c in view.ti.track if c in TRIO_PYRAMIDS}
        for rows in (view.dealt, view.kept, view.discarded):
            seen.update(c for c in rows[seat] if c in TRIO_PYRAMIDS)
        revealed = view.win_card
        candidates = [c for c in game.deck_cards if c not in seen and c != revealed]
        goal = view.ti.goal
        push: dict[int, list[float]] = {s: [0.0] * 15 for s in range(view.players)}
        for mover, p, a, b in log_entries(view.log):
            gain = (b - a) / goal
            if b == view.ti.trap or b == view.ti.jail:
                gain = -0.3  # sending a pyramid to JAIL: not one the mover needs
            push[mover][p] += gain
        self.opponents: list[tuple[int, list[tuple[float, tuple[int, int, int]]]]] = []
        for s in range(view.players):
            if s == seat:
                continue
            weights = []
            for card in candidates:
                trio = TRIO_PYRAMIDS[card]
                score = push[s][trio[0]] + push[s][trio[1]] + push[s][trio[2]]
                weights.append((math.exp(sharpness * min(score, 6.0)), trio))
            total = sum(w for w, _ in weights) or 1.0
            keep = max(1, len(view.kept[s]))
            self.opponents.append((s, [(keep * w / total, trio) for w, trio in weights]))

    def value(self, state: State) -> float:
        """My standing after a (hypothetical) move: my race minus the opponents'."""
        if state.winners:
            return WIN if state.winners[0] == self.seat else -WIN
        prog = _progress_all(state)
        values = sorted((_trio_fast(prog, t) for t in self.mine), reverse=True)
        mine = values[0] + 0.25 * sum(values[1:]) if values else 0.0
        threats = []
        risk = 0.0
        for _, beliefs in self.opponents:
            expected = 0.0
            for weight, (a, b, c) in beliefs:
                pa, pb, pc = prog[a], prog[b], prog[c]
                low = pa if pa < pb else pb
                if pc < low:
                    low = pc
                expected += weight * (pa + pb + pc + 1.5 * low)
                if low == 1.0:
                    risk += weight
            threats.append(expected / 4.5)
        threats.sort(reverse=True)
        against = LEADER_WEIGHT * threats[0] + OTHERS_WEIGHT * sum(threats[1:]) \
            if threats else 0.0
        return mine - against - COMPLETE_RISK * risk


def _progress_all(state: State) -> list[float]:
    goal = state.ti.goal
    lying = state.lying
    out = []
    for p, q in enumerate(state.pos):
        if q == goal:
            out.append(1.0)
        elif lying >> p & 1:
            out.append(0.5 * q / goal)
        else:
            out.append(q / goal)
    return out


def _trio_fast(prog: list[float], trio: tuple[int, int, int]) -> float:
    a, b, c = prog[trio[0]], prog[trio[1]], prog[trio[2]]
    return (a + b + c + 1.5 * min(a, b, c)) / 4.5


class HeuristicAgent:
    """Scores every option one move ahead with ``_Reading.value`` (see the module notes)."""

    def __init__(self, game: RoyalRoadGame, seed: int = 0, mistakes: float = 0.0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.sharpness = BELIEF_SHARPNESS   # 0 = no reading of the others' goals
        self.mask_rate = MASK_RATE          # 0 = never mask
        self.mask_margin = MASK_MARGIN      # how much worse a decoy may be
        self.masked = False                 # the last move was a decoy

    def explain(self, view: State, move: Move, lang: str = "en") -> str:
        """Why this agent plays ``move`` (the AI contract's ``explain``; the hard and expert
        searches of ``ai/royal_road/reply_search.py`` are subclasses and inherit it)."""
        from ai.explain import explain

        return explain(self, view, move, lang)

    def choose(self, view: State) -> Move:
        game = self.game
        legal = game.legal_moves(view)
        if not legal:
            raise ValueError("no legal move: the game is over or nobody is to move")
        self.masked = False
        if len(legal) == 1:
            return legal[0]
        if self.mistakes and self.rng.random() < self.mistakes:
            return legal[self.rng.randrange(len(legal))]
        seat = seat_to_move(game, view)
        step = view.step
        if step == "keep":
            return self._keep(view, legal)
        reading = _Reading(game, view, seat, self.sharpness)
        if step == "color":
            return self._colour(view, legal, reading)
        return self._best(view, legal, reading, mask=step == "move")

    # -- setup ---------------------------------------------------------------------------
    def _keep(self, view: State, legal: list[Move]) -> Move:
        ti = view.ti
        stops = [bin(m).count("1") for m in ti.stops]

        def score(move: Move) -> float:
            assert isinstance(move, Keep)  # the keep step lists only keeps
            trios = [TRIO_PYRAMIDS[c] for c in move.cards]
            pyramids = {p for t in trios for p in t}
            shared = sum(len(t) for t in trios) - len(pyramids)
            hurdles = sum(stops[p // 3] for p in pyramids) / max(1, ti.n)
            return 1.0 * shared - 0.6 * hurdles

        best = max(score(m) for m in legal)
        options = [m for m in legal if score(m) >= best - 1e-9]
        return options[self.rng.randrange(len(options))]

    # -- colour step ---------------------------------------------------------------------
    def _colour(self, view: State, legal: list[Move], reading: _Reading) -> Move:
        game = self.game
        texts = {game.format_move(m): m for m in legal}
        now = reading.value(view)
        if "report" in texts:
            after, _ = game.apply(view, texts["report"])
            if reading.value(after) >= now - 0.02:
                return texts["report"]
        if "reuse" not in texts:
            return texts["roll"]
        if self._reuse_repeats(view, reading.seat):
            return texts["roll"]
        faces = [self._best_for_face(view, face, reading) for face in range(6)]
        expected_roll = sum(v for v, _ in faces) / 6.0
        assert view.prev is not None  # reuse is offered only after a colour
        value, can_move = faces[view.prev]
        # never reuse a colour that can only pass: if every seat did, the game would stall
        return texts["reuse"] if can_move and value > expected_roll else texts["roll"]

    def _reuse_repeats(self, view: State, seat: int) -> bool:
        """Whether reusing would go round a loop the table is already in.

        Reusing takes the dice out of the game, so seats that each reuse and then undo each
        other's progress (three pushes that fill a card, a bonus swap that sends the card
        back) can repeat the same turns for ever: in one heuristic game in about 75 at three
        players the table did. The public record shows it: this seat has already made one
        of the pushes the reused colour allows, from the same card to the same card,
        ``REPEAT_LIMIT`` times. Then the seat rolls, and the die breaks the loop."""
        assert view.prev is not None  # called only when reuse is offered
        state = view.clone()
        state.color = view.prev
        state.step = "move"
        pushes = {(seat, PYRAMIDS.index(m.pyramid), view.pos[PYRAMIDS.index(m.pyramid)], m.to)
                  for m in self.game.legal_moves(state) if isinstance(m, MovePyramid)}
        if not pushes:
            return False
        counts: dict[tuple[int, int, int, int], int] = {}
        for entry in log_entries(view.log):
            if entry in pushes:
                counts[entry] = counts.get(entry, 0) + 1
                if counts[entry] >= REPEAT_LIMIT:
                    return True
        return False

    def _best_for_face(self, view: State, face: int, reading: _Reading) -> tuple[float, bool]:
        """The best value reachable with this colour, and whether any pyramid can move."""
        state = view.clone()
        state.color = face
        state.step = "move"
        best = -math.inf
        moves = self.game.legal_moves(state)
        for move in moves:
            after, _ = self.game.apply(state, move)
            best = max(best, self._after_value(after, reading))
        return best, getattr(moves[0], "kind", None) != 4

    def _after_value(self, after: State, reading: _Reading) -> float:
        """A move's value; a pending bonus is worth its best swap."""
        if after.step == "bonus":
            return max(reading.value(self.game.apply(after, m)[0])
                       for m in self.game.legal_moves(after))
        return reading.value(after)

    # -- move and bonus steps ------------------------------------------------------------
    def _best(self, view: State, legal: list[Move], reading: _Reading, mask: bool) -> Move:
        game = self.game
        scored = []
        for move in legal:
            after, _ = game.apply(view, move)
            value = self._after_value(after, reading) if mask else reading.value(after)
            scored.append((value, move))
        best_value = max(v for v, _ in scored)
        best = [m for v, m in scored if v >= best_value - 1e-9]
        choice = best[self.rng.randrange(len(best))]
        if mask and best_value < WIN / 2 and isinstance(choice, MovePyramid) \
                and PYRAMIDS.index(choice.pyramid) in reading.my_pyramids:
            decoys: list[Move] = [
                m for v, m in scored if v >= best_value - self.mask_margin
                and isinstance(m, MovePyramid)
                and PYRAMIDS.index(m.pyramid) not in reading.my_pyramids]
            if decoys and self.rng.random() < self.mask_rate:
                self.masked = True
                return decoys[self.rng.randrange(len(decoys))]
        return choice


def evaluate(game: RoyalRoadGame, state: State, seat: int) -> float:
    """Seat's share of the race: softmax over every seat's best kept-trio progress."""
    if state.winners:
        return 1.0 if seat in state.winners else 0.0
    scores = []
    for s in range(state.players):
        trios = _trios_of(state.kept[s])
        scores.append(max((_trio_value(state, t) for t in trios), default=0.0))
    top = max(scores)
    weights = [math.exp(8.0 * (x - top)) for x in scores]
    return weights[seat] / sum(weights)


def rollout_move(game: RoyalRoadGame, state: State, rng: random.Random) -> Move:
    """Cheap playout policy: report oversteps, roll, push own pyramids furthest, no swap."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    step = state.step
    if step == "color":
        last = moves[-1]
        if getattr(last, "kind", None) == 7:   # report
            return last
        return moves[0]                         # roll
    if step == "bonus":
        return moves[-1] if rng.random() < 0.9 else moves[rng.randrange(len(moves))]
    if step == "move" and rng.random() < 0.75:
        seat = seat_to_move(game, state)
        mine = {p for t in _trios_of(state.kept[seat]) for p in t}
        ti = state.ti
        best = None
        best_to = -1
        for move in moves:
            if not isinstance(move, MovePyramid):
                continue
            to = move.to
            if to == ti.trap or to == ti.jail:
                continue
            if PYRAMIDS.index(move.pyramid) in mine and to > best_to:
                best, best_to = move, to
        if best is not None:
            return best
    return moves[rng.randrange(len(moves))]


__all__ = ["HeuristicAgent", "evaluate", "rollout_move", "WHITE"]
