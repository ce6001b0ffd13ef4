"""Cut the Rope's leaf value for ``expert``: both seats' remaining work, fitted to outcomes.

Why not the heuristic's ``evaluate``: it counts little more than the cards left in each
personal pile (a softmax over them, a 0.7-card discount when the open card fits a row now,
a quarter card per scissors in hand). At the end of a simulated reply turn the plans
being compared mostly leave the piles equal, so what separates them is the rest of each
seat's work: whether the open card can be reached from the rows with the cards at hand,
how many wild cards are kept, who moves next. A logistic fit on 50,639 turn-start
positions of 1,600 heuristic self-play games (2 players; held-out quarter of the games:
log loss 0.592 -> 0.570, Brier 0.204 -> 0.196) put a scissors in hand at about one pile
card (not a quarter), a reachable open card at about one more, and the card count as
``0.155 * left + 0.839 * ln(left)`` (a card matters more as the race nears its end).

With more players the same per-seat scores go into a softmax (as ``evaluate`` does); the
weights were fitted on two-player games only.

Opt-in (``PlanConfig.work_value``), used by no level: a better predictor of the winner is
not yet a better guide for the search. Screened 2026-12-02 as ``hard`` with this value
against plain ``hard`` on paired deals (seed 300): 7 of 17 games (41 %, 95 % CI 22-64 %),
stopped early; a likely reason, not measured: it prices the scissors and the reachable
open card of the *sampled* other hand, which adds noise to every paired comparison.
"""

from __future__ import annotations

import math

from ai.heuristics.cut_the_rope_lines import SCISSORS
from game.rules.cut_the_rope.state import State

LEFT = -0.155        # per card left in the personal pile
LOG_LEFT = -0.839    # times ln(cards left)
FITS = 0.174         # the open card fits a main row (or a free slot) now
WILD = 0.231         # per scissors in hand
MISSING = -0.029     # per card still missing on the shortest way to the open card
REACH = 0.249        # the open card is reachable with hand, aux tops and scissors
TEMPO = 0.102        # this seat moves next
MISSING_CAP = 9


def seat_score(state: State, seat: int, length: int) -> float:
    """The linear score of one seat's position (its logit against an average seat)."""
    pile = state.piles[seat]
    hand = state.hands[seat]
    left = len(pile)
    top = pile[-1]
    score = LEFT * left + LOG_LEFT * math.log(left) + WILD * hand[SCISSORS]
    if state.to_move == seat:
        score += TEMPO
    if top == SCISSORS:
        return score + FITS + REACH
    # the values still to be built before the open card goes down, per row
    ways: list[range] = []
    free = False
    for row in state.rows:
        if row is None:
            free = True
            continue
        if row[1]:
            need = len(row[0]) + 1
            if top >= need:
                ways.append(range(need, top))
        else:
            need = length - len(row[0])
            if top <= need:
                ways.append(range(top + 1, need + 1))
    if free:
        ways.append(range(1, top))
        ways.append(range(top + 1, length + 1))
    if not ways:
        return score + MISSING * MISSING_CAP
    if any(len(way) == 0 for way in ways):
        score += FITS
    wild = hand[SCISSORS]
    have = [bool(hand[card]) for card in range(length + 1)]
    for aux_row in state.aux[seat]:
        if aux_row[-1] == SCISSORS:
            wild += 1
        else:
            have[aux_row[-1]] = True
    missing = min(max(0, sum(1 for v in way if not have[v]) - wild) for way in ways)
    if missing == 0:
        score += REACH
    return score + MISSING * min(missing, MISSING_CAP)


def work_value(length: int, state: State, seat: int) -> float:
    """``seat``'s winning chance in a full state: a softmax over the seats' scores."""
    if state.winners:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    scores = [seat_score(state, s, length) for s in range(state.players)]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    return weights[seat] / sum(weights)
