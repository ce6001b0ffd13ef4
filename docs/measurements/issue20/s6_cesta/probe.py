"""Probe (session 6): positions from seeded heuristic games; each rollout-search variant's
move and CPU seconds there, to compare costs and how often variants disagree with hard.

    python probe.py GAMES EVERY name=k=v,k=v ...
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from ai.heuristics.cesta import HeuristicAgent
from ai.search.cesta_rollouts import RolloutConfig, RolloutSearch
from game.rules import get_game
from game.rules.cesta.moves import Draw

FLOATS = {"anchor", "blend", "refine_anchor"}


def config(text: str) -> RolloutConfig:
    fields = dict(a.split("=") for a in text.split(",") if a)
    return RolloutConfig(**{k: (float(v) if k in FLOATS else int(v))  # type: ignore[arg-type]
                            for k, v in fields.items()})


def positions(games: int, every: int) -> list[Any]:
    game: Any = get_game("cesta")
    out = []
    for g in range(games):
        state = game.new_game(2, 9000 + g)
        agents = [HeuristicAgent(game, 1 + g), HeuristicAgent(game, 2 + g)]
        ply = 0
        while not game.is_over(state):
            seat = game.current_player(state)
            view = game.view(state, seat)
            moves = game.legal_moves(view)
            if ply % every == 0 and len(moves) > 1 and not isinstance(moves[0], Draw):
                out.append(view)
            state = game.apply(state, agents[seat].choose(view))[0]
            ply += 1
    return out


def main() -> None:
    games, every = int(sys.argv[1]), int(sys.argv[2])
    specs = [a.split("=", 1) for a in sys.argv[3:]]
    game: Any = get_game("cesta")
    views = positions(games, every)
    chosen: dict[str, list[Any]] = {}
    cpu: dict[str, list[float]] = {}
    for name, text in specs:
        offset = 0
        if "@" in text:  # name=fields@seed-offset: the same search with other seeds
            text, shift = text.split("@")
            offset = int(shift)
        cfg = config(text)
        for i, view in enumerate(views):
            agent = RolloutSearch(game, 17 + i + offset, cfg)
            start = time.process_time()
            move = agent._choose(view)
            cpu.setdefault(name, []).append(time.process_time() - start)
            chosen.setdefault(name, []).append(str(move))
    base = specs[0][0]
    report = {"positions": len(views)}
    for name, _ in specs:
        same = sum(a == b for a, b in zip(chosen[name], chosen[base], strict=True))
        report[name] = {"median_cpu": statistics.median(cpu[name]),
                        "mean_cpu": statistics.mean(cpu[name]),
                        "same_as_" + base: same}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
