"""The fast turn search (``ai/cut_the_rope/lines.py``) finds exactly the line the
plain search found: same positions in the same order, same scores and tie-breaks. The plain
search below is the heuristic's first version, kept as the reference (a fresh position
object per child, rows as ``[length, rising]``, actions as notation)."""

from __future__ import annotations

import math
from typing import Any

from ai.cut_the_rope.heuristic import HeuristicAgent
from ai.cut_the_rope.lines import (
    AUX_CARD,
    HAND_CARD,
    NODE_LIMIT,
    PILE_CARD,
    REFILL_BONUS,
    SCISSORS,
    SCISSORS_SPENT,
    WIN,
    action_text,
    best_line,
    leaf_value,
    row_codes,
)
from ai.cut_the_rope.plan_search import TurnModel
from tests.ai.test_cut_the_rope_heuristic import GAME, random_positions


class Plan:
    """The plain search's position: rows, hand counts, aux rows, pile, what was spent."""

    def __init__(self, rows: list[Any], hand: list[int], aux: list[list[int]],
                 pile_top: int, pile_left: int) -> None:
        self.rows, self.hand, self.aux = rows, hand, aux
        self.pile_top, self.pile_left = pile_top, pile_left
        self.score = 0.0
        self.steps = 0


def plain_children(p: Plan, length: int) -> list[tuple[str, Plan]]:
    sources: list[tuple[str, int, int]] = []
    if p.pile_top >= 0:
        sources.append(("pile", 0, p.pile_top))
    for k, row in enumerate(p.aux, 1):
        sources.append(("aux", k, row[-1]))
    for card in range(1, length + 1):
        if p.hand[card]:
            sources.append(("hand", card, card))
    if p.hand[SCISSORS]:
        sources.append(("hand", SCISSORS, SCISSORS))
    free = None in p.rows
    out = []
    for kind, arg, card in sources:
        targets: list[tuple[int, str]] = []
        for k, row in enumerate(p.rows):
            if row is not None:
                need = row[0] + 1 if row[1] else length - row[0]
                if card in (need, SCISSORS):
                    targets.append((k, ""))
        if free:
            if card in (1, SCISSORS):
                targets.append((-1, "up"))
            if card in (length, SCISSORS):
                targets.append((-1, "down"))
        for slot, direction in targets:
            rows: list[Any] = [None if r is None else list(r) for r in p.rows]
            child = Plan(rows, p.hand, p.aux, p.pile_top, p.pile_left)
            child.score = p.score
            child.steps = p.steps + 1
            if kind == "pile":
                src = "pile"
                child.pile_top = -1
                child.pile_left = p.pile_left - 1
                child.score += PILE_CARD
            elif kind == "hand":
                src = "hand:S" if card == SCISSORS else f"hand:{card}"
                child.hand = list(p.hand)
                child.hand[card] -= 1
                child.score += HAND_CARD
            else:
                src = f"aux:{arg}"
                child.aux = [list(r) for r in p.aux]
                child.aux[arg - 1].pop()
                if not child.aux[arg - 1]:
                    del child.aux[arg - 1]
                child.score += AUX_CARD
            if card == SCISSORS and kind != "pile":
                child.score -= SCISSORS_SPENT
            if slot >= 0:
                row = rows[slot]
                row[0] += 1
                if row[0] == length:
                    rows[slot] = None
                text = f"build {src} row:{slot + 1}"
            else:
                rows[rows.index(None)] = [1, direction == "up"]
                text = f"build {src} new:{direction}"
            out.append((text, child))
    return out


def plain_leaf(p: Plan, threats: list[Any], length: int) -> float:
    needs = []
    free = False
    for row in p.rows:
        if row is None:
            free = True
        else:
            needs.append(row[0] + 1 if row[1] else length - row[0])
    score = p.score
    for weight, top, tops in threats:
        if top == SCISSORS:
            continue
        if top in needs or (free and top in (1, length)):
            score -= weight
            continue
        for need in needs:
            if top in (need + 1, need - 1) and (need in tops or SCISSORS in tops):
                score -= weight * 0.5
                break
    if p.pile_top > 0:
        for row in p.rows:
            if row is None:
                continue
            need = row[0] + 1 if row[1] else length - row[0]
            gap = p.pile_top - need if row[1] else need - p.pile_top
            if gap >= 0:
                score += 3.0 / (1 + gap)
    return score


def plain_line(state: Any, seat: int, refill: bool) -> tuple[list[str], float, int]:
    length = GAME.rules["row_length"]
    pile = state.piles[seat]
    start = Plan([None if r is None else [len(r[0]), r[1]] for r in state.rows],
                 list(state.hands[seat][:-1]), [list(r) for r in state.aux[seat]],
                 pile[-1], len(pile))
    threats = HeuristicAgent(GAME)._threats(state, seat)
    best = [plain_leaf(start, threats, length), []]
    seen: dict[tuple[Any, ...], float] = {}
    nodes = 0
    path: list[str] = []

    def search(p: Plan) -> None:
        nonlocal nodes
        for action, child in plain_children(p, length):
            nodes += 1
            if nodes > NODE_LIMIT:
                return
            path.append(action)
            if child.pile_left == 0:
                value = WIN - child.steps
            elif refill and not any(child.hand) and action.startswith("build hand"):
                value = plain_leaf(child, threats, length) + REFILL_BONUS
            else:
                value = plain_leaf(child, threats, length)
                if value > best[0]:
                    best[:] = [value, list(path)]
                key = (tuple(None if r is None else (r[0], r[1]) for r in child.rows),
                       tuple(child.hand), tuple(len(r) for r in child.aux), child.pile_top)
                if seen.get(key, -math.inf) < child.score:
                    seen[key] = child.score
                    search(child)
                path.pop()
                continue
            if value > best[0]:
                best[:] = [value, list(path)]
            path.pop()

    search(start)
    return best[1], best[0], nodes


def fast_line(state: Any, seat: int, refill: bool) -> tuple[list[str], float, int]:
    length = GAME.rules["row_length"]
    pile = state.piles[seat]
    codes = row_codes(state.rows, length)
    hand = list(state.hands[seat][:-1])
    aux = [list(r) for r in state.aux[seat]]
    threats = HeuristicAgent(GAME)._threats(state, seat)
    before = (list(codes), list(hand), [list(r) for r in aux])
    line, nodes = best_line(codes, hand, aux, pile[-1], len(pile), threats, length, refill)
    assert (codes, hand, aux) == before  # walked in place, given back as it was
    return [action_text(a) for a in line], 0.0, nodes


def test_fast_search_finds_the_plain_search_line_everywhere() -> None:
    checked = 0
    for state in random_positions(400, seed=7):
        seat = state.to_move
        if not state.piles[seat]:
            continue
        for refill in (False, True):
            plain, _, plain_nodes = plain_line(state, seat, refill)
            fast, _, fast_nodes = fast_line(state, seat, refill)
            assert fast == plain
            assert fast_nodes == plain_nodes
            checked += 1
    assert checked > 500


def test_leaf_value_matches_the_plain_one() -> None:
    length = GAME.rules["row_length"]
    agent = HeuristicAgent(GAME)
    for state in random_positions(200, seed=8):
        seat = state.to_move
        pile = state.piles[seat]
        if not pile:
            continue
        threats = agent._threats(state, seat)
        plan = Plan([None if r is None else [len(r[0]), r[1]] for r in state.rows],
                    list(state.hands[seat][:-1]), [], pile[-1], len(pile))
        plan.score = 5.0
        assert leaf_value(row_codes(state.rows, length), 5.0, pile[-1], threats, length) \
            == plain_leaf(plan, threats, length)


def test_turn_model_line_is_the_plain_line_cut_at_the_pile_build() -> None:
    model = TurnModel(GAME)
    for state in random_positions(150, seed=9):
        seat = state.to_move
        if not state.piles[seat]:
            continue
        plain, _, _ = plain_line(state, seat, model.refill)
        for i, text in enumerate(plain):
            if text.startswith("build pile"):
                plain = plain[:i + 1]
                break
        assert model.line(state, seat) == plain
