"""Paired Cut the Rope screen of turn-search plans (session 4, brief s4_ctr).

    nice -n 19 .venv/bin/python docs/measurements/issue20/ctr_s4/screen.py A B SEED GAMES

Plays A against B as ``ai.arena`` would (the same deal seeds, agent seeds and seat
rotation, exact endgames on for the searching levels) but prints the running total after
every game, so a run stopped for CPU still leaves its count. Names: ``normal`` (the
heuristic), ``hard``, ``expert`` (the level plans) and the opt-in variants ``hardv`` (hard
with the fitted leaf value), ``expertl`` (expert with the last mover's likely hand).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from typing import Any

from ai import make_agent
from ai.agents import seat_to_move
from ai.arena import deal_seed, wilson
from ai.search.cut_the_rope import LEVEL_PLANS, TurnPlanAgent
from game.rules import get_game

VARIANTS = {
    "hard": LEVEL_PLANS["hard"],
    "expert": LEVEL_PLANS["expert"],
    "hardv": replace(LEVEL_PLANS["hard"], work_value=True),
    "expertl": replace(LEVEL_PLANS["expert"], likely_hands=True),
}


def make(name: str, game: Any, seed: int) -> Any:
    if name == "normal":
        return make_agent("heuristic", game, "normal", seed)
    agent = TurnPlanAgent(game, seed, VARIANTS[name])
    agent.exact_endgames = True
    return agent


def main() -> None:
    a_name, b_name, seed, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    players = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    game = get_game("cut_the_rope")
    wins = 0.0
    cpu = [0.0, 0.0]
    moves = [0, 0]
    start = time.time()
    for index in range(games):
        a_seat = index % players
        state = game.new_game(players, deal_seed(seed, index, players))
        agents = [make(a_name if s == a_seat else b_name, game,
                       (seed * 7919 + index * 104_729 + s * 31) & 0x7FFFFFFF)
                  for s in range(players)]
        while not game.is_over(state):
            seat = seat_to_move(game, state)
            side = 0 if seat == a_seat else 1
            clock = time.process_time()
            move = agents[seat].choose(game.view(state, seat))
            cpu[side] += time.process_time() - clock
            moves[side] += 1
            state = game.apply(state, move)[0]
        winners = game.result(state).winners
        win = 0.0 if a_seat not in winners else 1.0 / len(winners)
        wins += win
        low, high = wilson(wins, index + 1)
        print(f"game {index} a_seat {a_seat} win {win} total {wins}/{index + 1} "
              f"({low:.3f}-{high:.3f}) cpu/move a {cpu[0] / max(1, moves[0]):.3f} "
              f"b {cpu[1] / max(1, moves[1]):.3f} wall {time.time() - start:.0f}s", flush=True)
    print(json.dumps({"a": a_name, "b": b_name, "seed": seed, "games": games, "wins": wins}))


if __name__ == "__main__":
    main()
