"""Paired Cut the Rope screen of turn-search plans (session 5, brief s5_ctr; from ctr_s4).

    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/screen.py \
        A B SEED GAMES [PLAYERS [JSON]]
    .venv/bin/python docs/measurements/issue20/s5_ctr/screen.py --log RUN.txt RUN.json

Plays A against B as ``ai.arena`` would (the same deal seeds, agent seeds and seat
rotation, exact endgames on for the searching levels) but prints the running total after
every game, so a run stopped for CPU still leaves its count. Names: ``normal`` (the
heuristic), ``hard``, ``expert`` (the level plans as they are in the checkout), ``expert4``
(session 4's expert: 20 samples a round, 3 simulated turns, work limit 1 000 000) and
``expert2`` (the session-5 candidate: hard's two simulated turns, 30 samples a round).
Every plan's wall-clock cap is lifted (``cap_seconds``) so load cannot change play; the
work limits (counted positions) stay as the levels have them.
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
from ai.search.cut_the_rope import LEVEL_PLANS, PlanConfig, TurnPlanAgent
from game.rules import get_game

NO_CAP = 1e9
VARIANTS = {
    "hard": replace(LEVEL_PLANS["hard"], cap_seconds=NO_CAP),
    "expert": replace(LEVEL_PLANS["expert"], cap_seconds=NO_CAP),
    "expert4": PlanConfig(samples=20, keep=24, rounds=3, turns=3, anchor=0.5,
                          work_limit=1_000_000, cap_seconds=NO_CAP),
    "expert2": PlanConfig(samples=30, keep=24, rounds=3, turns=2, anchor=0.5,
                          work_limit=2_000_000, cap_seconds=NO_CAP),
}


def make(name: str, game: Any, seed: int) -> Any:
    if name == "normal":
        return make_agent("heuristic", game, "normal", seed)
    agent = TurnPlanAgent(game, seed, VARIANTS[name])
    agent.exact_endgames = True
    return agent


def from_log(log: str, out: str) -> None:
    """The JSON report of a run stopped before its end, from its running log."""
    results = []
    with open(log, encoding="utf-8") as handle:
        lines = handle.readlines()
    for line in lines:
        if line.startswith("game "):
            words = line.split()
            results.append({"game": int(words[1]), "a_seat": int(words[3]),
                            "win": float(words[5]), "cpu_a": float(words[11]),
                            "cpu_b": float(words[13])})
    wins = sum(r["win"] for r in results)
    low, high = wilson(wins, len(results))
    report = {"log": log, "games": len(results), "wins": wins, "share": wins / len(results),
              "wilson95": [low, high], "stopped_early": True,
              "cpu_per_move": {"a": results[-1]["cpu_a"], "b": results[-1]["cpu_b"]},
              "results": results}
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    print(json.dumps({k: v for k, v in report.items() if k != "results"}))


def main() -> None:
    if sys.argv[1] == "--log":
        from_log(sys.argv[2], sys.argv[3])
        return
    a_name, b_name, seed, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    players = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    game = get_game("cut_the_rope")
    wins = 0.0
    cpu = [0.0, 0.0]
    moves = [0, 0]
    start = time.time()
    results: list[dict[str, Any]] = []
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
        results.append({"game": index, "a_seat": a_seat, "win": win})
        low, high = wilson(wins, index + 1)
        print(f"game {index} a_seat {a_seat} win {win} total {wins}/{index + 1} "
              f"({low:.3f}-{high:.3f}) cpu/move a {cpu[0] / max(1, moves[0]):.3f} "
              f"b {cpu[1] / max(1, moves[1]):.3f} wall {time.time() - start:.0f}s", flush=True)
    low, high = wilson(wins, games)
    report = {"a": a_name, "b": b_name, "seed": seed, "games": games, "players": players,
              "wins": wins, "share": wins / games, "wilson95": [low, high],
              "cpu_per_move": {"a": cpu[0] / max(1, moves[0]), "b": cpu[1] / max(1, moves[1])},
              "results": results}
    print(json.dumps(report))
    if len(sys.argv) > 6:
        with open(sys.argv[6], "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
