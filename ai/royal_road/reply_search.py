"""Královská cesta's search: a race counted in hops, and the others' replies simulated
before a close call.

Why hops: the heuristic scores a pyramid by how far along the track it stands, but in this
game distance is not what takes time. A pyramid moves, in one move, up to the next card
depicting its colour (a *stop*) or straight to GOAL when no stop lies ahead, so the moves a
pyramid still needs are ``stops ahead + 1``, whatever its position. Positions are scored by
that count, turned into a share of the race (``exp(-0.4 * hops)`` of a seat's best trio,
plus a share of its second, over the sum of every seat's). ``RaceGreedy`` is the
heuristic's one-ply play with that value.

Why replies: one ply cannot see what a move hands the next players: a card left holding two
sizes (the next mover completes it and earns a bonus swap), the colour they may reuse, a
pyramid pushed within their reach. ``ReplySearch`` therefore takes the greedy's best moves
that lie within ``margin`` of each other and, over hidden cards drawn by belief
(``ai/royal_road/belief.py``: the others' kept cards weighted by how well they explain the
public move record), plays each through the others' whole turns with the heuristic player
as their model, on the same dice (the state's own random stream) for every candidate, and
keeps the move whose outcome (a win, a loss, else the race share after the round) is best
on average. At hard and expert the race share is judged against the trios the draw dealt
the others (the **belief leaf**), and a close roll-or-reuse choice is played out both ways
(the **colour search**), since the colour I leave is the one the next player may reuse.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ai.agents import seat_to_move
from ai.levels import HINT
from ai.royal_road.belief import RoyalRoadBelief
from ai.royal_road.heuristic import MASK_RATE, WIN, HeuristicAgent, _Reading, _trios_of
from game.rules.royal_road.engine import Game as RoyalRoadGame
from game.rules.royal_road.moves import Move
from game.rules.royal_road.state import State

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

    def __init__(self, game: RoyalRoadGame, seed: int = 0, sharpness: float | None = None,
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
        reading = _RaceReading(game, view, seat_to_move(game, view), self.sharpness)
        reading.sharpness_race = self.race_sharpness
        if view.step == "color":
            return self._colour(view, legal, reading)
        return self._best(view, legal, reading, mask=view.step == "move")


class ReplySearch(RaceGreedy):
    """RaceGreedy that settles close calls by simulating the others' replies (see the
    module notes). The move step is searched, and with ``colour`` a close roll-or-reuse
    choice; the setup keep and bonus swaps stay one-ply (a swap's value already shows on
    the board it leaves; at setup there is nothing to read yet)."""

    margin = 0.03  # race share within which the greedy's best moves count as a close call
    top_k = 3      # at most this many of them are compared

    def __init__(self, game: RoyalRoadGame, seed: int = 0, *, samples: int = 24,
                 seconds: float = 2.0, belief: Any = None, leaf: str = "reading",
                 colour: bool = False) -> None:
        super().__init__(game, seed)
        self.samples = samples    # hidden-card draws, each playing every candidate
        self.seconds = seconds    # safety cap on one decision's wall time
        self.deadline: float | None = None
        if leaf not in LEAVES:
            raise ValueError(f"unknown leaf {leaf!r} (choose from {', '.join(LEAVES)})")
        # "reading": the race share against the heuristic's push reading of the others;
        # "belief": against the trios the draw dealt them (drawn by belief), so the
        # average over draws weighs each opponent's likeliest trios most.
        self.leaf = leaf
        self.colour = colour      # settle close roll-or-reuse choices by replies too
        self.belief = belief if belief is not None else RoyalRoadBelief(game, seed)
        self.sample_rng = random.Random(seed ^ 0x5EED)
        self.last_compared = 0    # candidates compared at the last decision (0: none)
        self.last_samples = 0

    def choose(self, view: State) -> Move:
        self.last_compared = self.last_samples = 0
        return super().choose(view)

    def _best(self, view: State, legal: list[Move], reading: _Reading, mask: bool) -> Move:
        greedy = super()._best(view, legal, reading, mask)
        if view.step != "move" or len(legal) < 2:
            return greedy
        game = self.game
        values = [self._after_value(game.apply(view, m)[0], reading) for m in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        best_value = values[order[0]]
        if best_value >= WIN / 2:
            return greedy
        close = [legal[i] for i in order[:self.top_k] if values[i] >= best_value - self.margin]
        # A decoy within the close calls is compared like any other move (so it was
        # measured); one further from the best stays as the greedy chose it.
        if greedy not in close:
            return greedy
        if len(close) < 2:
            return greedy
        return self._compare(view, close, reading)

    def _compare(self, view: State, close: list[Move], reading: _Reading) -> Move:
        seat = seat_to_move(self.game, view)
        self.belief.observe(view, seat)
        totals = [0.0] * len(close)
        deadline = time.perf_counter() + self.seconds
        if self.deadline is not None:   # the hint worker's outer guard (``Agent.deadline``)
            deadline = min(deadline, self.deadline)
        done = 0
        for _ in range(self.samples):
            full = self.belief.sample(view, seat, self.sample_rng)
            model_seed = self.sample_rng.getrandbits(32)
            for i, move in enumerate(close):
                totals[i] += self._after_replies(full, move, seat, reading, model_seed)
            done += 1
            if time.perf_counter() > deadline:
                break
        self.last_compared, self.last_samples = len(close), done
        return close[max(range(len(close)), key=totals.__getitem__)]

    def _after_replies(self, full: State, move: Move, seat: int, reading: _Reading,
                       model_seed: int) -> float:
        """My outcome once the others have played their turns after ``move``: 1 or 0 if
        someone won, else my race share. The dice are the state's own, the same for every
        candidate, so the comparison is paired."""
        game = self.game
        state = game.apply(full, move)[0]
        if state.step == "bonus" and game.current_player(state) == seat:
            state = max((game.apply(state, m)[0] for m in game.legal_moves(state)),
                        key=reading.value)
        models: dict[int, HeuristicAgent] = {}
        for _ in range(REPLY_DECISIONS):
            other = game.current_player(state)
            if other is None or other == seat:
                break
            model = models.get(other)
            if model is None:
                model = models[other] = HeuristicAgent(game, model_seed + other)
            state = game.apply(state, model.choose(game.view(state, other)))[0]
        return self._leaf_value(state, seat, reading)

    def _leaf_value(self, state: State, seat: int, reading: _Reading) -> float:
        """1 or 0 if someone has won, else my race share by ``self.leaf``."""
        if state.winners:
            return 1.0 if seat in state.winners else 0.0
        if self.leaf == "belief":
            return belief_share(state, seat)
        return reading.value(state)

    def _colour(self, view: State, legal: list[Move], reading: _Reading) -> Move:
        """The greedy's roll-or-reuse; with ``colour``, a close call between the two (the
        reused colour's best move within ``margin`` of the die's average) is settled by
        playing each (the colour, my greedy move for it, the others' replies) on the same
        draws."""
        choice = super()._colour(view, legal, reading)
        if not self.colour:
            return choice
        game = self.game
        texts = {game.format_move(m): m for m in legal}
        if "reuse" not in texts or "report" in texts or self._reuse_repeats(view, reading.seat):
            return choice  # (a reuse that would go round a loop again is never searched)
        faces = [self._best_for_face(view, face, reading) for face in range(6)]
        expected_roll = sum(v for v, _ in faces) / 6.0
        assert view.prev is not None  # reuse is offered only after a colour
        value, can_move = faces[view.prev]
        if not can_move or abs(value - expected_roll) > self.margin:
            return choice
        seat = seat_to_move(game, view)
        self.belief.observe(view, seat)
        options = [texts["roll"], texts["reuse"]]
        totals = [0.0, 0.0]
        for _ in range(self.samples):
            full = self.belief.sample(view, seat, self.sample_rng)
            model_seed = self.sample_rng.getrandbits(32)
            for i, option in enumerate(options):
                state = game.apply(full, option)[0]
                if game.current_player(state) == seat and not state.winners:
                    me = RaceGreedy(game, model_seed + 99, mask_rate=0.0)
                    move = me.choose(game.view(state, seat))
                    totals[i] += self._after_replies(state, move, seat, reading, model_seed)
                else:
                    totals[i] += self._leaf_value(state, seat, reading)
        self.last_compared, self.last_samples = len(options), self.samples
        return options[0] if totals[0] >= totals[1] else options[1]


def belief_share(state: State, seat: int) -> float:
    """``seat``'s share of the race in a full state: its trio strength (hops) over the sum
    of every seat's, each judged by the cards that state says it kept."""
    hops = pyramid_hops(state)
    strengths = [trio_strength(hops, _trios_of(state.kept[s])) for s in range(state.players)]
    return strengths[seat] / (sum(strengths) + 1e-12)


LEAVES = ("reading", "belief")
REPLY_DECISIONS = 40  # bound on the others' decisions simulated (a round has ~3 per seat)

# Per level: hidden-card draws per searched decision, a wall-time safety cap, the leaf,
# and whether close roll-or-reuse calls are searched too. More draws bought nothing
# visible, so hard draws 12 and expert 36 (docs/ai.md); easy and normal (the arena's
# ``ismcts:easy``/``normal``) draw few and judge by the heuristic's push reading.
LEVEL_SETTINGS: dict[str, dict[str, Any]] = {
    "easy": {"samples": 6, "seconds": 2.0},
    "normal": {"samples": 18, "seconds": 2.0},
    "hard": {"samples": 12, "seconds": 2.0, "leaf": "belief", "colour": True},
    "expert": {"samples": 36, "seconds": 6.0, "leaf": "belief", "colour": True},
}
# hints: the expert itself, which answers in well under a second (docs/ai.md)
LEVEL_SETTINGS[HINT] = LEVEL_SETTINGS["expert"]
SAMPLES = {level: int(settings["samples"]) for level, settings in LEVEL_SETTINGS.items()}


def make_search_agent(game: RoyalRoadGame, level: str, seed: int) -> RaceGreedy:
    """Královská cesta's searching agent at ``level`` (``LEVEL_SETTINGS``)."""
    return ReplySearch(game, seed, **LEVEL_SETTINGS[level])
