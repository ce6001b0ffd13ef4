"""Two opt-in options of Cut the Rope's turn search: the last mover's likely hand
(ai/search/cut_the_rope_hands.py) and the fitted leaf value of both seats' remaining work
(ai/search/cut_the_rope_value.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ai import make_agent
from ai.heuristics.cut_the_rope import HeuristicAgent
from ai.search.cut_the_rope import LEVEL_PLANS, PlanConfig, TurnPlanAgent
from ai.search.cut_the_rope_hands import NEED_WEIGHT, WILD_WEIGHT, card_weights, likely_deal
from ai.search.cut_the_rope_value import work_value
from game.rules import get_game

GAME = get_game("cut_the_rope")


def position(piles: list[list[str]], hands: list[list[str]],
             rows: list[tuple[list[str], bool] | None], aux: list[list[list[str]]],
             draw: list[str], to_move: int = 0) -> Any:
    """A hand-built two-player state; every card not placed lies on the discard pile."""
    used: Counter[str] = Counter()
    for group in (*piles, *hands, *(r[0] for r in rows if r), *(c for a in aux for c in a),
                  draw):
        used.update(group)
    discard = [code for code, n in [*((str(v), 14) for v in range(1, 11)), ("S", 20)]
               for _ in range(n - used[code])]
    data = GAME.to_dict(GAME.new_game(2, 0))
    data.update(piles=piles, hands=hands, aux=aux, discard=discard, draw=draw,
                to_move=to_move, stall=0, began_empty=False, built=False,
                rows=[None if r is None else {"cards": r[0], "dir": "up" if r[1] else "down"}
                      for r in rows])
    return GAME.from_dict(data)


# Seat 0's open card is a 7 on a 20-card pile, an up row needs a 5 next.
MIXED = [str(1 + i % 10) for i in range(19)]
PILES = [[*MIXED, "7"], [*MIXED, "9"]]
ROWS: list[tuple[list[str], bool] | None] = [(["1", "2", "3", "4"], True), None, None]
DRAW = [str(1 + i % 10) for i in range(30)]


def test_likely_hands_is_a_plan_option_the_levels_leave_off() -> None:
    # measured without a gain (see cut_the_rope_hands), so no level turns it on yet
    assert not any(plan.likely_hands or plan.work_value for plan in LEVEL_PLANS.values())
    agent = make_agent("ismcts", GAME, "expert", seed=1)
    assert isinstance(agent, TurnPlanAgent) and not agent.plan_config.likely_hands


def test_work_value_is_a_share_of_the_win() -> None:
    state = position(PILES, [["5", "6", "2", "2", "8", "8"], ["1", "1", "2", "2", "3", "3"]],
                     ROWS, [[], []], DRAW)
    assert abs(work_value(10, state, 0) + work_value(10, state, 1) - 1.0) < 1e-12
    won = position([["7"], [*MIXED, "9"]], [["5"] * 6, ["1"] * 6], ROWS, [[], []], DRAW)
    won.winners = (0,)
    assert work_value(10, won, 0) == 1.0 and work_value(10, won, 1) == 0.0


def test_work_value_counts_a_reachable_open_card_and_kept_scissors() -> None:
    # 5 and 6 in hand reach the open 7 from the row needing 5; 8s in their place do not.
    reach = position(PILES, [["5", "6", "2", "2", "8", "8"], ["1", "1", "2", "2", "3", "3"]],
                     ROWS, [[], []], DRAW)
    stuck = position(PILES, [["8", "8", "2", "2", "8", "8"], ["1", "1", "2", "2", "3", "3"]],
                     ROWS, [[], []], DRAW)
    wild = position(PILES, [["8", "S", "2", "2", "8", "8"], ["1", "1", "2", "2", "3", "3"]],
                    ROWS, [[], []], DRAW)
    assert work_value(10, reach, 0) > work_value(10, wild, 0) > work_value(10, stuck, 0)
    # a card on an auxiliary row's top counts as at hand
    aux = position(PILES, [["5", "8", "2", "2", "8", "8"], ["1", "1", "2", "2", "3", "3"]],
                   ROWS, [[["6"]], []], DRAW)
    assert work_value(10, aux, 0) > work_value(10, stuck, 0)


def test_card_weights_mark_what_the_rows_take_next() -> None:
    weights = card_weights([((1, 2, 3, 4), True), ((10, 9), False), None], 10)
    assert weights[0] == WILD_WEIGHT
    # next numbers: 5 (up row), 8 (down row), 1 and 10 (a free slot)
    assert [c for c in range(1, 11) if weights[c] == NEED_WEIGHT] == [1, 5, 8, 10]
    assert all(weights[c] == 1.0 for c in (2, 3, 4, 6, 7, 9))


def test_likely_deal_fits_the_view_and_holds_fewer_fitting_cards() -> None:
    """Drawn from the view only, the deal shows exactly that view; and the last mover's
    hand holds the rows' next numbers less often than a uniform deal gives them."""
    rng = random.Random(3)
    agent = HeuristicAgent(GAME, seed=1)
    fits = {"uniform": 0, "likely": 0}
    checked = 0
    for index in range(6):
        state = GAME.new_game(2, 70 + index)
        seen = None
        while not GAME.is_over(state):
            seat = state.to_move
            if seat != seen and not state.built:
                seen = seat
                view = GAME.view(state, seat)
                weights = card_weights(state.rows, 10)
                mover = 1 - seat
                for kind in fits:
                    deal = (likely_deal(GAME, view, seat, state.rows, rng) if kind == "likely"
                            else GAME.determinize(view, seat, rng))
                    shown = GAME.view(deal, seat)
                    assert (shown.hands, shown.piles, shown.draw, shown.rows, shown.aux) == (
                        view.hands, view.piles, view.draw, view.rows, view.aux)
                    assert deal.viewer is None and all(h[-1] == 0 for h in deal.hands)
                    fits[kind] += sum(deal.hands[mover][c] for c in range(1, 11)
                                      if weights[c] == NEED_WEIGHT)
                checked += 1
            state = GAME.apply(state, agent.choose(GAME.view(state, seat)))[0]
    assert checked > 100
    assert fits["likely"] < 0.8 * fits["uniform"]


def test_expert_plans_with_the_rows_the_last_mover_left() -> None:
    """After its own builds, the agent still reads the other hand against the rows it
    found at the start of its turn."""
    agent = TurnPlanAgent(GAME, seed=2, plan=PlanConfig(samples=2, keep=4, rounds=2,
                                                        likely_hands=True))
    state = GAME.new_game(2, 5)
    start_rows = None
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = state.to_move
        if not state.built:
            start_rows = state.rows
        move = agent.choose(GAME.view(state, seat))
        assert move in GAME.legal_moves(state)
        assert agent._turn_rows == start_rows
        state = GAME.apply(state, move)[0]
