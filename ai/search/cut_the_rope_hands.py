"""Likely hands for Cut the Rope's ``expert``: the last mover kept what did not fit.

Why not uniform determinizations: a player who just ended a turn built every card that
fitted a main row (a good player always does, short of feeding the next seat), so the
cards it kept are seldom the rows' next numbers; it spends scissors on its way to the
personal pile; only the cards drawn at the refill are a fair draw. Over 9,438 turn starts
of 300 heuristic self-play games (two players), the hand of the seat that had just moved
held, against a uniform draw from the unseen cards: scissors 0.78x, the rows' next numbers
0.61x, the numbers one past them 1.19x, every other number 1.18x. So the last mover's hand
is drawn card by card with those relative weights (scissors 0.66, a row's next number 0.51,
the rest 1), from the same unseen cards, and the other hidden places (personal piles, the
draw pile) get the rest uniformly. The view of the result is the view it was drawn for.

"The rows" are those the last mover left: the rows at the start of the searching seat's
turn, before its own builds (``TurnPlanAgent`` remembers them).

Opt-in (``PlanConfig.likely_hands``), used by no level: the hands it draws match the real
ones far better than uniform (over 1,821 turn starts of 60 other self-play games, the rows'
next numbers 0.86 per hand drawn, 0.82 real, 1.40 uniform; scissors 0.57, 0.60, 0.78), but
``expert`` with it won only 5 of 13 games against ``hard`` (seed 301, 2026-12-02, stopped
early for CPU; 95 % CI 18-64 %), no sign of a gain over expert's 15 of 26 without it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.heuristics.cut_the_rope_lines import SCISSORS
from game.rules.cut_the_rope.engine import Game as CutTheRopeGame
from game.rules.cut_the_rope.state import Row, State

WILD_WEIGHT = 0.66   # scissors, relative to an ordinary number
NEED_WEIGHT = 0.51   # a number the rows take next (it would have been built)


def card_weights(rows: Sequence[Row | None], length: int) -> list[float]:
    """Relative chance of each card value (0 = scissors) to be one the last mover kept."""
    weights = [1.0] * (length + 1)
    weights[SCISSORS] = WILD_WEIGHT
    free = False
    for row in rows:
        if row is None:
            free = True
        else:
            need = len(row[0]) + 1 if row[1] else length - len(row[0])
            weights[need] = NEED_WEIGHT
    if free:
        weights[1] = weights[length] = NEED_WEIGHT
    return weights


def likely_deal(game: CutTheRopeGame, view: State, seat: int, rows: Sequence[Row | None],
                rng: random.Random) -> State:
    """A determinization of ``view`` whose last mover's hand is drawn by ``card_weights``."""
    state = game.determinize(view, seat, rng)
    mover = (seat - 1) % view.players
    size = view.hands[mover][-1]
    if mover == seat or size == 0:
        return state
    length: int = game.rules["row_length"]
    # the cards in places the seat cannot see, as the uniform deal put them
    pool = [0] * (length + 1)
    for pile in state.piles:
        for card in pile[:-1]:
            pool[card] += 1
    for card in state.draw:
        pool[card] += 1
    for s, hand in enumerate(view.hands):
        if hand[-1]:
            for card in range(length + 1):
                pool[card] += state.hands[s][card]
    weights = card_weights(rows, length)
    held = [0] * (length + 1)
    for _ in range(size):
        total = sum(n * w for n, w in zip(pool, weights, strict=True))
        pick = rng.random() * total
        chosen = 0
        for card in range(length + 1):
            if pool[card]:
                chosen = card  # the last card with copies left, should rounding overrun
                pick -= pool[card] * weights[card]
                if pick < 0:
                    break
        pool[chosen] -= 1
        held[chosen] += 1
    rest = [card for card in range(length + 1) for _ in range(pool[card])]
    rng.shuffle(rest)
    it = iter(rest)
    new = state.copy()
    new.piles = tuple(tuple(next(it) if c < 0 else c for c in pile) for pile in view.piles)
    hands = []
    for s, hand in enumerate(view.hands):
        if s == mover:
            hands.append((*held, 0))
        elif hand[-1]:
            full = [0] * (length + 2)
            for _ in range(hand[-1]):
                full[next(it)] += 1
            hands.append(tuple(full))
        else:
            hands.append(hand)
    new.hands = tuple(hands)
    new.draw = tuple(next(it) for _ in view.draw)
    return new
