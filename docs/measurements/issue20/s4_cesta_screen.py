"""The screen behind s4_cesta_expert650_vs_normal_s100.json: ``ai.arena``'s own match loop
(same deals, seats and agent seeds) with one participant a rollout-search variant named by
its ``RolloutConfig`` fields, and each side's CPU seconds per move recorded.

    python s4_cesta_screen.py ro_rollouts=650_horizon=4 heuristic 16 100 out.json
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

import ai.arena as arena
from ai import make_agent as real_make
from ai import parse_spec as real_parse
from ai.search.cesta_rollouts import RolloutConfig, RolloutSearch

CPU: dict[str, list[float]] = {}


def variant(name: str, game: Any, seed: int) -> RolloutSearch:
    _, *args = name.split("_")
    fields = dict(a.split("=") for a in args)
    cfg = RolloutConfig(**{k: (float(v) if k == "anchor" else int(v))  # type: ignore[arg-type]
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


def main() -> None:
    arena.make_agent = make_agent  # type: ignore[assignment]
    arena.parse_spec = parse_spec
    spec, opponent, games, seed, out = sys.argv[1:6]
    report = arena.run_match("cesta", [spec, opponent], int(games), int(seed), jobs=1,
                             progress=True, partial_json=out)
    report["cpu"] = {k: {"median": statistics.median(x), "mean": statistics.mean(x),
                         "n": len(x)} for k, x in CPU.items()}
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    print(arena.format_report(report))


if __name__ == "__main__":
    main()
