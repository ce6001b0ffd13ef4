"""Playout benchmark of the Královská cesta rules core (not collected by pytest).

Run ``python tools/perf/perf_royal_road.py [games] [players]``: uniformly random
legal moves through the public API on one core; prints games/s, moves/s (CPU time) and the
mean game length in turns for 2-5 players.
"""

from __future__ import annotations

import random
import sys
import time

from game.rules import get_game


def bench(players: int = 4, games: int = 2000, seed: int = 1) -> dict[str, float]:
    """Random playouts: new_game + legal_moves + apply until the end, CPU seconds."""
    g = get_game("royal_road")
    rng = random.Random(seed)
    choice = rng.choice
    moves = turns = 0
    start = time.process_time()
    for i in range(games):
        s = g.new_game(players, seed * 100_003 + i)
        while not g.is_over(s):
            s, _ = g.apply(s, choice(g.legal_moves(s)))
            moves += 1
        turns += s.turn
    spent = time.process_time() - start
    return {"games_per_s": games / spent, "moves_per_s": moves / spent,
            "moves_per_game": moves / games, "turns_per_game": turns / games}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    only = [int(sys.argv[2])] if len(sys.argv) > 2 else [4, 2, 3, 5]
    for players in only:
        r = bench(players, games)
        print(f"{players} players: {r['games_per_s']:.0f} games/s, "
              f"{r['moves_per_s']:.0f} moves/s, {r['moves_per_game']:.1f} moves/game, "
              f"{r['turns_per_game']:.1f} turns/game (mean, random play)")


if __name__ == "__main__":
    main()
