"""The Cut the Rope heuristic's turn search, made fast: every chain of builds this turn.

Why a module of its own: this search is nearly all of the time of Cut the Rope's
``hard`` and ``expert`` (each simulated turn of their plan search runs it, hundreds of
thousands of positions per plan, and a plan must stay within about 2 s). The first
version built a fresh position object, copied rows and an action string for every child;
this one walks one position in place (make a build, look, unmake it), keeps actions as
small tuples and spells out only the chosen line. It visits exactly the same positions in
the same order with the same scores and tie-breaks, so play is unchanged (the tests compare
it with the plain version, kept in ``tests/ai/test_cut_the_rope_lines.py``).

A main-row slot is one signed number: 0 free, +n a rising row that needs an ``n`` next,
-n a falling row that needs an ``n`` next. Building on a row adds 1 to that number in
both directions (a rising row's need goes up, a falling row's need goes down), and
completes it (slot free again) from +length or -1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

SCISSORS = 0
PILE_CARD = 100.0      # each pile card played this turn
WIN = 10_000.0
HAND_CARD = 2.0        # each hand card built (fresh cards at the refill)
AUX_CARD = 3.0         # each auxiliary card built (unblocks the row below)
SCISSORS_SPENT = 9.0   # cost of a scissors used without reaching the pile
REFILL_BONUS = 12.0    # refill_when_empty: an emptied hand comes back full
NODE_LIMIT = 4000

PILE, AUX, HAND = 0, 1, 2
# An action: (source kind, aux row number or hand card, card, slot or -1, new row rising)
Action = tuple[int, int, int, int, bool]
Threat = tuple[float, int, tuple[int, ...]]


def row_codes(rows: Sequence[Any], length: int) -> list[int]:
    """The signed slot numbers of a state's main rows (``(cards, rising)`` or None)."""
    codes = []
    for row in rows:
        if row is None:
            codes.append(0)
        elif row[1]:
            codes.append(len(row[0]) + 1)
        else:
            codes.append(-(length - len(row[0])))
    return codes


def action_text(action: Action) -> str:
    """The move's notation, as the engine's ``format_move`` spells it."""
    kind, arg, card, slot, rising = action
    if kind == PILE:
        source = "pile"
    elif kind == AUX:
        source = f"aux:{arg}"
    else:
        source = "hand:S" if card == SCISSORS else f"hand:{card}"
    if slot >= 0:
        return f"build {source} row:{slot + 1}"
    return f"build {source} new:{'up' if rising else 'down'}"


def leaf_value(codes: Sequence[int], score: float, pile_top: int, threats: Sequence[Threat],
               length: int) -> float:
    """Value of ending the builds here: what was gained minus what the others get (a row
    needing the next player's open pile card is a gift), plus how close the rows come to
    our own next pile card."""
    penalty, bonuses = leaf_terms(codes, pile_top, threats, length)
    score -= penalty
    for bonus in bonuses:
        score += bonus
    return score


def leaf_terms(codes: Sequence[int], pile_top: int, threats: Sequence[Threat],
               length: int) -> tuple[float, tuple[float, ...]]:
    """The parts of ``leaf_value`` that depend only on the rows: the penalty (whole and half
    numbers, so subtracting it at once is exact) and the bonuses, in slot order (added one
    by one, as the first version did, so scores and tie-breaks are the same to the bit)."""
    needs = []
    free = False
    for code in codes:
        if code == 0:
            free = True
        else:
            needs.append(code if code > 0 else -code)
    penalty = 0.0
    for weight, top, tops in threats:
        if top == SCISSORS:
            continue  # playable whatever we do
        if top in needs or (free and (top == 1 or top == length)):
            penalty += weight
            continue
        # one card from their open auxiliary tops away
        for need in needs:
            if (top == need + 1 or top == need - 1) and (need in tops or SCISSORS in tops):
                penalty += weight * 0.5
                break
    bonuses = []
    if pile_top > 0:
        for code in codes:
            if code > 0:
                gap = pile_top - code
            elif code < 0:
                gap = -code - pile_top
            else:
                continue
            if gap >= 0:
                bonuses.append(3.0 / (1 + gap))
    return penalty, tuple(bonuses)


def best_line(codes: list[int], hand: list[int], aux: list[list[int]], pile_top: int,
              pile_left: int, threats: Sequence[Threat], length: int,
              refill: bool) -> tuple[list[Action], int]:
    """The best chain of builds from this position (empty: end the turn now) and the
    number of positions visited (at most NODE_LIMIT + 1). ``codes``, ``hand`` (counts by
    card, 0 = scissors) and ``aux`` (rows bottom first) are walked in place and come back
    as they were. Pile first, then aux tops, hand numbers, scissors last; among equal lines
    the first found stands; after a pile build the next pile card is unknown, so the line
    goes on without it."""
    best_score = leaf_value(codes, 0.0, pile_top, threats, length)
    best_path: list[Action] = []
    path: list[Action] = []
    seen: dict[tuple[int, ...], float] = {}
    nodes = 0
    minus_inf = -math.inf
    get = seen.get
    append, pop = path.append, path.pop
    slots = range(len(codes))
    # leaf terms by row shape, for the known pile card and for none (after the pile build)
    caches: dict[int, dict[tuple[int, ...], tuple[float, tuple[float, ...]]]] = {
        pile_top: {}, -1: {}}

    def search(score: float, steps: int, top: int, left: int) -> None:
        nonlocal best_score, best_path, nodes
        # which slots take which card: a row's need, any row for scissors, and a free
        # slot's new row for a 1 (rising) or the top card (falling)
        takes: dict[int, list[int]] = {}
        free = False
        for k in slots:
            code = codes[k]
            if code:
                takes.setdefault(code if code > 0 else -code, []).append(k)
            else:
                free = True
        children: list[Action] = []
        add = children.append
        # sources in order: pile, aux tops, hand numbers rising, scissors last
        sources: list[tuple[int, int, int]] = []
        if top >= 0:
            sources.append((PILE, 0, top))
        for k, row in enumerate(aux, 1):
            sources.append((AUX, k, row[-1]))
        wanted = sorted(takes) if not free else sorted({*takes, 1, length})
        for card in wanted:
            if hand[card]:
                sources.append((HAND, card, card))
        if hand[SCISSORS]:
            sources.append((HAND, SCISSORS, SCISSORS))
        for kind, arg, card in sources:
            if card == SCISSORS:
                for k in slots:
                    if codes[k]:
                        add((kind, arg, card, k, False))
                if free:
                    add((kind, arg, card, -1, True))
                    add((kind, arg, card, -1, False))
                continue
            ks = takes.get(card)
            if ks is not None:
                for k in ks:
                    add((kind, arg, card, k, False))
            if free:
                if card == 1:
                    add((kind, arg, card, -1, True))
                if card == length:
                    add((kind, arg, card, -1, False))
        for action in children:
            nodes += 1
            if nodes > NODE_LIMIT:
                return
            kind, arg, card, slot, rising = action
            child_top, child_left = top, left
            emptied: list[int] | None = None
            if kind == PILE:
                child_top = -1
                child_left = left - 1
                child_score = score + PILE_CARD
            elif kind == HAND:
                hand[card] -= 1
                child_score = score + HAND_CARD
            else:
                row = aux[arg - 1]
                row.pop()
                if not row:
                    emptied = row
                    del aux[arg - 1]
                child_score = score + AUX_CARD
            if card == SCISSORS and kind != PILE:
                child_score -= SCISSORS_SPENT
            if slot < 0:
                slot = codes.index(0)
                old = 0
                codes[slot] = 2 if rising else 1 - length
            else:
                old = codes[slot]
                codes[slot] = 0 if old == length or old == -1 else old + 1
            append(action)
            if child_left == 0:
                value = WIN - (steps + 1)  # the shortest win: the pile card first
                if value > best_score:
                    best_score, best_path = value, path[:]
            else:
                shape = tuple(codes)
                cache = caches[child_top]
                terms = cache.get(shape)
                if terms is None:
                    terms = cache[shape] = leaf_terms(codes, child_top, threats, length)
                value = child_score - terms[0]
                for bonus in terms[1]:
                    value += bonus
                if refill and kind == HAND and not any(hand):
                    value += REFILL_BONUS
                    if value > best_score:
                        best_score, best_path = value, path[:]
                    pop()
                    codes[slot] = old
                    hand[card] += 1
                    continue
                if value > best_score:
                    best_score, best_path = value, path[:]
                key = (*codes, *hand, child_top, *map(len, aux))
                if get(key, minus_inf) < child_score:
                    seen[key] = child_score
                    search(child_score, steps + 1, child_top, child_left)
            pop()
            codes[slot] = old
            if kind == HAND:
                hand[card] += 1
            elif kind == AUX:
                if emptied is not None:
                    aux.insert(arg - 1, emptied)
                aux[arg - 1].append(card)

    search(0.0, 0, pile_top, pile_left)
    return best_path, nodes
