"""Speed of uniformly random Cesta playouts through the public API (a benchmark, not a test).

Run: python tools/perf/perf_cesta.py [games]
"""

from __future__ import annotations

import random
import sys
import time

from game.rules import get_game


def bench(games: int = 2000, seed: int = 1) -> tuple[float, float]:
    """Play ``games`` random games; return (games per CPU-second, moves per CPU-second)."""
    game = get_game("cesta")
    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_game(2, seed + i)
        while not game.is_over(state):
            state, _events = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1
    spent = time.process_time() - start
    return games / spent, moves / spent


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    runs = [bench(count, seed) for seed in (1, 2, 3)]
    runs.sort()
    gps, mps = runs[1]
    print(f"cesta random playouts: {gps:,.0f} games/s, {mps:,.0f} moves/s "
          f"(median of 3 runs of {count} games, one core)")
