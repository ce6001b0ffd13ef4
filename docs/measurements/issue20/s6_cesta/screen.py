"""Screens of sessions 5 and 6 (Cesta; copied from s5_cesta): ``ai.arena``'s match loop
or ``ai.openspiel_match``'s
(same deals, seats and agent seeds as the real commands) with a participant that is a
rollout-search variant named by its ``RolloutConfig`` fields, each side's CPU seconds per
move recorded.

    python screen.py arena ro_rollouts=450 ismcts:hard 20 700 out.json
    python screen.py spiel ro_rollouts=450 - 20 701 out.json   # bot calibrated (2 pilot games)
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

import ai.arena as arena
import ai.openspiel_match as spiel
from ai import make_agent as real_make
from ai import parse_spec as real_parse
from ai.search.cesta_rollouts import RolloutConfig, RolloutSearch

CPU: dict[str, list[float]] = {}
FLOATS = {"anchor", "blend", "refine_anchor"}


def variant(name: str, game: Any, seed: int) -> RolloutSearch:
    _, *args = name.split("_")
    fields = dict(a.split("=") for a in args)
    cfg = RolloutConfig(**{k: (float(v) if k in FLOATS else int(v))  # type: ignore[arg-type]
                           for k, v in fields.items()})
    agent = RolloutSearch(game, seed, cfg)
    agent.exact_endgames = True  # as make_agent does for hard and expert
    return agent


class Timed:
    """An agent whose CPU time per move is recorded under its spec."""

    def __init__(self, inner: Any, spec: str) -> None:
        self.inner, self.spec = inner, spec

    def choose(self, view: Any) -> Any:
        start = time.process_time()
        move = self.inner.choose(view)
        CPU.setdefault(self.spec, []).append(time.process_time() - start)
        return move


def make_agent(kind: str, game: Any, level: str, seed: int) -> Timed:
    if kind.startswith("ro"):
        return Timed(variant(kind, game, seed), kind)
    return Timed(real_make(kind, game, level, seed), kind + ":" + level)


def parse_spec(spec: str) -> tuple[str, str]:
    return (spec, "expert") if spec.startswith("ro") else real_parse(spec)


def cpu_block() -> dict[str, Any]:
    return {k: {"median": statistics.median(x), "mean": statistics.mean(x), "max": max(x),
                "n": len(x)} for k, x in CPU.items()}


def main() -> None:
    mode, spec, opponent, games, seed, out = sys.argv[1:7]
    if mode == "arena":
        arena.make_agent = make_agent  # type: ignore[assignment]
        arena.parse_spec = parse_spec
        report = arena.run_match("cesta", [spec, opponent], int(games), int(seed), jobs=1,
                                 progress=True, partial_json=out)
        report["cpu"] = cpu_block()
        print(arena.format_report(report))
    else:
        spiel.make_agent = make_agent  # type: ignore[assignment]
        spiel.parse_spec = parse_spec
        report = {}
        if opponent == "-":
            sims, pilot = spiel.calibrate(int(seed), 2, spiel.PILOT_SIMULATIONS, spec)
            report["calibration"] = pilot
        else:
            sims = int(opponent)
        print(f"bot simulations {sims}", flush=True)
        records: list[dict[str, Any]] = []
        for index in range(int(games)):
            CPU.clear() if index == 0 else None
            records.append(spiel.play_game(index, int(seed), sims, agent=spec))
            report.update(spiel.summarise(records, sims, int(seed), spec))
            report["records"] = records
            report["cpu"] = cpu_block()
            with open(out, "w", encoding="utf-8") as handle:
                json.dump(report, handle, indent=1)
            print(f"  {index + 1}/{games}: ours {report['hard_wins']}", flush=True)
        print(json.dumps({k: v for k, v in report.items() if k not in ("records",
                                                                        "calibration")}))
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
