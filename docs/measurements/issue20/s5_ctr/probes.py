"""Why does expert's larger sample budget barely help? Probes of session 5 (brief s5_ctr).

    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/probes.py gains 150 24
    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/probes.py proxies 120 24 61
    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/probes.py proxies 100 20 62 RAW
    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/probes.py spread RAW 100
    nice -n 19 .venv/bin/python docs/measurements/issue20/s5_ctr/probes.py timing 15 hard expert

Positions are turn starts of games between two heuristics (two per game). Every plan is
judged by playing it on in the same sampled worlds (``determinize`` of the mover's view,
common random numbers) with the heuristic's whole-turn model for both seats to the end
of the game.

- ``gains W N``: on N positions, the anchor (the heuristic's own plan), hard's and
  expert's picks and the 8 best pre-scored plans, each played to the end in W worlds:
  the gain in win share of hard's pick, expert's pick and the best in hindsight over the
  anchor (paired, with its standard error).
- ``proxies W N SEED [RAW]``: which judgement of a simulated future picks plans best?
  For the 8 best pre-scored plans: ``evaluate`` after h = 1, 2, 3, 4, 6, 8 turns, the
  end margin and the outcome, measured on W worlds A, against the outcome on W other
  worlds B: the correlation of each proxy's gain with the outcome's gain, and the outcome
  gain of the plan each proxy ranks first. RAW: a folder for the per-world values.
- ``spread RAW W``: from those per-world values, the spread of a paired difference (plan
  minus anchor) per sample for each proxy.
- ``timing N LEVEL...``: CPU seconds of one fresh plan search on ``ai.bench``'s positions.
"""

from __future__ import annotations

import glob
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from typing import Any

from ai.agents import seat_to_move
from ai.bench import sample_positions
from ai.heuristics.cut_the_rope import HeuristicAgent, evaluate
from ai.search.cut_the_rope import LEVEL_PLANS, TurnModel, TurnPlanAgent
from game.rules import get_game

GAME = get_game("cut_the_rope")
MODEL = TurnModel(GAME)
HORIZONS = (1, 2, 3, 4, 6, 8)
# the session-4 expert (three simulated turns), for comparison with the level as it is
OLD_EXPERT = replace(LEVEL_PLANS["expert"], samples=20, turns=3, work_limit=1_000_000)


def turn_starts(count: int, seed: int, pick_seed: int) -> list[tuple[Any, int]]:
    """Two random turn starts (with a real choice) from each heuristic game."""
    out: list[tuple[Any, int]] = []
    game_no = 0
    rng = random.Random(pick_seed)
    while len(out) < count:
        state = GAME.new_game(2, seed * 1000 + game_no)
        game_no += 1
        players = [HeuristicAgent(GAME, 1), HeuristicAgent(GAME, 2)]
        starts = []
        while not GAME.is_over(state):
            seat = seat_to_move(GAME, state)
            if not state.built and len(GAME.legal_moves(state)) > 1:
                starts.append((state, seat))
            state = GAME.apply(state, players[seat].choose(GAME.view(state, seat)))[0]
        out.extend(rng.sample(starts, min(2, len(starts))))
    return out[:count]


def top_plans(view: Any, seat: int, count: int = 8) -> list[list[Any]]:
    """The anchor first, then the best pre-scored plans (as the search keeps them)."""
    agent = TurnPlanAgent(GAME, 1, LEVEL_PLANS["hard"])
    base = GAME.determinize(view, seat, random.Random(3))
    unique = {tuple(agent._heuristic_segment(base, seat)): agent._heuristic_segment(base, seat)}
    for _, plan in agent._candidates(base, seat):
        if len(unique) >= count:
            break
        unique.setdefault(tuple(plan), plan)
    return list(unique.values())


def play_on(world: Any, plan: list[Any], seat: int) -> dict[str, float]:
    """The plan, then the heuristic for both seats to the end: each proxy's value."""
    state = world
    for move in plan:
        state = GAME.apply(state, move)[0]
    if state.to_move == seat:
        state = MODEL.play_turn(state)
    out: dict[str, float] = {}
    turns = 0
    while not GAME.is_over(state) and turns < 300:
        if turns in HORIZONS:
            out[f"e{turns}"] = evaluate(GAME, state, seat)
        state = MODEL.play_turn(state)
        turns += 1
    winners = GAME.result(state).winners if GAME.is_over(state) else ()
    win = (1.0 / len(winners) if seat in winners else 0.0) if winners else 0.5
    for h in HORIZONS:
        out.setdefault(f"e{h}", win)
    out["win"] = win
    out["margin"] = (len(state.piles[1 - seat]) - len(state.piles[seat])) / 20.0
    return out


def paired(values: list[float], anchor: list[float]) -> tuple[float, float]:
    diffs = [x - y for x, y in zip(values, anchor, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = max(sum(d * d for d in diffs) / len(diffs) - mean * mean, 1e-12)
    return mean, math.sqrt(var / len(diffs))


def gains(worlds: int, count: int) -> None:
    total = {"hard": 0.0, "expert": 0.0, "best": 0.0}
    for index, (state, seat) in enumerate(turn_starts(count, 610, 5)):
        view = GAME.view(state, seat)
        picks = {}
        for level, plan in (("hard", LEVEL_PLANS["hard"]), ("expert", OLD_EXPERT)):
            agent = TurnPlanAgent(GAME, 77 + index, plan)
            picks[level] = agent._plan(view, seat)
        plans = {tuple(p): p for p in top_plans(view, seat)}
        for pick in picks.values():
            plans.setdefault(tuple(pick), pick)
        keys = list(plans)
        wins: dict[tuple[Any, ...], list[float]] = {k: [] for k in keys}
        for w in range(worlds):
            world = GAME.determinize(view, seat, random.Random(1000 + w))
            for key in keys:
                wins[key].append(play_on(world, plans[key], seat)["win"])
        anchor = wins[keys[0]]
        best = max(keys, key=lambda k: paired(wins[k], anchor)[0])
        row = {"hard": paired(wins[tuple(picks["hard"])], anchor),
               "expert": paired(wins[tuple(picks["expert"])], anchor),
               "best": paired(wins[best], anchor)}
        for name, (mean, _) in row.items():
            total[name] += mean
        print(f"pos {index} plans {len(keys)} anchor {sum(anchor) / worlds:.2f} "
              + " ".join(f"{n} {m:+.3f}±{s:.3f}" for n, (m, s) in row.items()), flush=True)
    print("mean gain per position", {k: round(v / count, 4) for k, v in total.items()})


def proxies(worlds: int, count: int, seed: int, raw: str | None) -> None:
    records = []
    for index, (state, seat) in enumerate(turn_starts(count, seed, seed)):
        view = GAME.view(state, seat)
        plans = top_plans(view, seat)
        if len(plans) < 2:
            continue
        values: list[list[dict[str, float]]] = [[] for _ in plans]
        for w in range(2 * worlds):
            world = GAME.determinize(view, seat, random.Random(5000 + w))
            for i, plan in enumerate(plans):
                values[i].append(play_on(world, plan, seat))
        if raw:
            with open(f"{raw}/raw_{seed}_{index}.json", "w", encoding="utf-8") as handle:
                json.dump(values, handle)
        records.append([{p: sum(x[p] for x in v[:worlds]) / worlds for p in v[0]}
                        | {"truthB": sum(x["win"] for x in v[worlds:]) / worlds}
                        for v in values])
        print(index, len(plans), flush=True)
    names = [p for p in records[0][0] if p != "truthB"]
    for name in names:
        xs, ys, pick = [], [], 0.0
        for rec in records:
            for r in rec[1:]:
                xs.append(r[name] - rec[0][name])
                ys.append(r["truthB"] - rec[0]["truthB"])
            first = max(range(len(rec)), key=lambda i: rec[i][name])
            pick += rec[first]["truthB"] - rec[0]["truthB"]
        print(f"{name:7s} corr {statistics.correlation(xs, ys):+.3f} "
              f"picked-gain/pos {pick / len(records):+.4f}")


def spread(raw: str, worlds: int) -> None:
    names = ["e1", "e2", "e3", "e4", "e6", "e8", "win", "margin"]
    sds: dict[str, list[float]] = {n: [] for n in names}
    for path in sorted(glob.glob(f"{raw}/raw_*.json")):
        with open(path, encoding="utf-8") as handle:
            values = json.load(handle)
        for plan in values[1:]:
            for name in names:
                diffs = [x[name] - y[name] for x, y in zip(plan, values[0], strict=True)]
                sds[name].append(statistics.pstdev(diffs[:worlds]))
    for name in names:
        print(f"{name:7s} spread of a paired difference per sample "
              f"{statistics.mean(sds[name]):.3f}")


def timing(count: int, levels: list[str]) -> None:
    positions = sample_positions(GAME, 2, count)
    for level in levels:
        plan = OLD_EXPERT if level == "expert4" else LEVEL_PLANS[level]
        cpu, work = [], []
        for index, state in enumerate(positions):
            agent = TurnPlanAgent(GAME, index, plan)
            clock = time.process_time()
            agent.choose(GAME.view(state, seat_to_move(GAME, state)))
            cpu.append(time.process_time() - clock)
            work.append(agent.last_work)
        print(f"{level} median cpu {statistics.median(cpu):.3f} max {max(cpu):.3f} "
              f"mean {statistics.mean(cpu):.3f} max work {max(work)}", flush=True)


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    if what == "gains":
        gains(int(args[0]), int(args[1]))
    elif what == "proxies":
        proxies(int(args[0]), int(args[1]), int(args[2]), args[3] if len(args) > 3 else None)
    elif what == "spread":
        spread(args[0], int(args[1]))
    else:
        timing(int(args[0]), args[1:])
