"""Benchmark (not a test): building-biased random playouts of Cut the Rope on one core.

Run ``python tools/perf/perf_cut_the_rope.py [games] [players]``. The policy picks
a random ``build`` move with probability 0.85 when one exists, else a random ``end`` move
everything goes through the public API. Prints games/s and moves/s of CPU time.
"""

from __future__ import annotations

import random
import sys
import time

from game.rules import get_game


def playout(game, players: int, seed: int, rng: random.Random) -> int:
    """One complete game; returns the number of moves played."""
    state = game.new_game(players, seed)
    moves = 0
    legal_moves = game.legal_moves
    apply = game.apply
    while state.to_move is not None:
        legal = legal_moves(state)
        builds = [m for m in legal if m.kind == "build"]
        if builds and rng.random() < 0.85:
            move = rng.choice(builds)
        else:
            move = rng.choice([m for m in legal if m.kind == "end"])
        state, _ = apply(state, move)
        moves += 1
    return moves


def bench(games: int = 500, players: int = 2, seed: int = 1) -> tuple[float, float]:
    """(games per CPU-second, moves per CPU-second)."""
    game = get_game("cut_the_rope")
    rng = random.Random(seed)
    start = time.process_time()
    total = 0
    for i in range(games):
        total += playout(game, players, seed + i, rng)
    spent = time.process_time() - start
    return games / spent, total / spent


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    p = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    gps, mps = bench(n, p)
    print(f"cut_the_rope {p} players: {gps:.1f} games/s, {mps:.0f} moves/s "
          f"({mps / gps:.0f} moves/game)")
