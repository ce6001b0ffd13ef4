"""``python -m tools.ai.record_level_moves``: record the golden moves of every level.

For a fixed set of positions per game (seeded random play to various depths, several
player counts, every decision step), the move each level's agent chooses there - the
client seat's (``ai.agent_for_level``) and some ``make_agent`` kinds - is written to
``tests/ai/fixtures/level_moves.json``; ``tests/ai/test_level_moves.py`` replays them, so
a refactoring of ``ai/`` that changes how any level plays fails loudly.

Every budget involved is a count (rollouts, samples, searched positions), never the
clock; the recorder also reports each decision's time and whether a time cap could have
cut it (``capped``), so positions where a cap binds are left out.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ai import agent_for_level, make_agent
from ai.levels import LEVELS
from game.rules import get_game
from tests.support.ai_support import golden_position

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "ai" / "fixtures" / "level_moves.json"

# (players, deal seed, first ply to look from, step wanted or "" for any, slow)
# The first position found at or after that ply with that step and a real choice is used.
POSITIONS: dict[str, list[tuple[int, int, int, str, bool]]] = {
    "cesta": [
        (2, 11, 0, "play", False), (2, 12, 6, "draw", False), (2, 13, 14, "play", False),
        (2, 14, 24, "play", False), (2, 15, 28, "", True), (2, 16, 40, "", True),
        (2, 17, 50, "", True), (2, 18, 10, "draw", True),
    ],
    "royal_road": [
        (2, 21, 0, "keep", False), (3, 22, 3, "color", False), (3, 23, 20, "move", False),
        (4, 24, 40, "move", False), (3, 25, 10, "bonus", False), (2, 26, 60, "move", False),
        (4, 27, 80, "color", True), (3, 28, 120, "move", True), (2, 29, 30, "bonus", True),
        (3, 30, 0, "keep", True),
    ],
    "cut_the_rope": [
        (2, 31, 0, "", False), (3, 32, 20, "", False), (4, 33, 40, "", False),
        (2, 34, 80, "", False), (2, 35, 150, "", True), (3, 36, 100, "", True),
        (4, 37, 10, "", True), (2, 38, 40, "", True),
    ],
}
# Agents besides the seats' ladder: (kind, level).
EXTRA_AGENTS: tuple[tuple[str, str], ...] = (("heuristic", "easy"), ("heuristic", "normal"),
                                             ("ismcts", "easy"), ("ismcts", "hard"),
                                             ("ismcts", "expert"))
# Cesta's ``ismcts`` below hard is not recorded: no seat plays it.
SKIP: set[tuple[str, str, str]] = {("cesta", "ismcts", "easy")}
# Expert decisions are the slow ones: only these many per game in the default run.
FAST_EXPERT = 2


def find_plies(game: Any, players: int, seed: int, start: int, step: str) -> int:
    """The first ply >= ``start`` of the seeded random game where ``step`` is to be
    decided with more than one legal move."""
    state = golden_position(game, players, seed, 0)
    ply = 0
    while True:
        if game.is_over(state):
            raise ValueError(f"{game.name} seed {seed}: no {step or 'decision'} after {start}")
        if ply >= start and len(game.legal_moves(state)) > 1 \
                and (not step or game.step(state) == step):
            return ply
        state = golden_position(game, players, seed, ply + 1)
        ply += 1


def _capped(agent: Any, seconds: float) -> bool:
    """True when a wall-clock cap may have cut the decision (then it is not golden)."""
    if getattr(agent, "last_out_of_time", False) and seconds > 0.5 * getattr(
            getattr(agent, "plan_config", None), "cap_seconds", 1e9):
        return True
    samples = getattr(agent, "samples", None)
    done = getattr(agent, "last_samples", None)
    if isinstance(samples, int) and hasattr(agent, "belief") and done and done < samples:
        return True
    return seconds > 0.5 * getattr(agent, "seconds", 1e9)


def record(games: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name in games:
        game = get_game(name)
        experts = 0
        for index, (players, seed, start, step, slow) in enumerate(POSITIONS[name]):
            plies = find_plies(game, players, seed, start, step)
            state = golden_position(game, players, seed, plies)
            seat = game.current_player(state)
            view = game.view(state, seat)
            specs = [("ai", level) for level in LEVELS] + list(EXTRA_AGENTS)
            for kind, level in specs:
                if (name, kind, level) in SKIP:
                    continue
                row_slow = slow
                if level == "expert" and not slow:
                    experts += 1
                    row_slow = experts > 2 * FAST_EXPERT  # ai:expert and ismcts:expert
                agent = (agent_for_level(game, level, seed=index) if kind == "ai"
                         else make_agent(kind, game, level, seed=index))
                began = time.perf_counter()
                move = agent.choose(view)
                seconds = time.perf_counter() - began
                rows.append({"game": name, "players": players, "seed": seed, "plies": plies,
                             "step": game.step(state), "agent": f"{kind}:{level}",
                             "agent_seed": index, "move": game.format_move(move),
                             "slow": row_slow, "seconds": round(seconds, 3),
                             "capped": _capped(agent, seconds),
                             "exact": getattr(agent, "last_exact", None) is not None})
                print(json.dumps(rows[-1]), flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.record_level_moves")
    parser.add_argument("--game", action="append", choices=sorted(POSITIONS))
    parser.add_argument("--out", default=str(FIXTURE))
    args = parser.parse_args(argv)
    rows = record(args.game or list(POSITIONS))
    capped = [r for r in rows if r["capped"]]
    if capped:
        print(f"{len(capped)} decisions may be time-capped: not golden", flush=True)
    for row in rows:
        del row["seconds"], row["capped"], row["exact"]
    Path(args.out).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 1 if capped else 0


if __name__ == "__main__":
    raise SystemExit(main())
