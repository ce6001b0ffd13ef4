"""Quick screens for session 8: one variant seat against baseline seats, with the arena's
deals, agent seeds and seat rotation, in two worker processes.

    PYTHONPATH=docs/measurements/issue20/s8:. python docs/measurements/issue20/s8/screen.py \
        royal_road H,M0.1,M0.1 600 5005

Specs: ``H`` the heuristic, ``M<x>`` the heuristic with x random moves, ``Hblind`` no
reading of the others' goals, ``Hnomask`` never a decoy, ``Hmask1`` a decoy whenever one is
within 0.03, ``X:<class>`` a class of ``variants.py``, ``P:key=value;...`` the Královská
cesta heuristic's value with other weights (``variants.make_param``), ``lvl:<level>`` the
search with that level's settings (``make_agent("ismcts", ...)``). Royal-road variants
(``Hblind``, ``X:``, ``P:``) only make sense there.
"""

from __future__ import annotations

import sys
import time
from multiprocessing import Pool
from typing import Any

from ai import make_agent
from ai.agents import make_heuristic, seat_to_move
from ai.arena import deal_seed, seating, wilson
from game.rules import get_game


def make(name: str, game: Any, seed: int) -> Any:
    if name == "H":
        return make_heuristic(game, seed)
    if name.startswith("M"):
        return make_heuristic(game, seed, float(name[1:]))
    if name.startswith("lvl:"):
        return make_agent("ismcts", game, name[4:], seed)
    import variants

    if name in ("Hblind", "Hnomask", "Hmask1"):
        return variants.plain(name, game, seed)
    if name.startswith("P:"):
        return variants.make_param(name[2:], game, seed)
    if name.startswith("X:"):
        return getattr(variants, name[2:])(game, seed)
    raise ValueError(name)


def play(args: tuple[str, list[str], int, int]) -> list[int]:
    """One game; the participants (indices in ``specs``) who won."""
    game_name, specs, seed, index = args
    game = get_game(game_name)
    k = len(specs)
    seats = seating(index, k)
    agents = [make(specs[p], game, (seed * 7919 + index * 104_729 + s * 31) & 0x7FFFFFFF)
              for s, p in enumerate(seats)]
    state = game.new_game(k, deal_seed(seed, index, k))
    moves = 0
    while not game.is_over(state) and moves < 3000:
        s = seat_to_move(game, state)
        state = game.apply(state, agents[s].choose(game.view(state, s)))[0]
        moves += 1
    return [seats[x] for x in game.result(state).winners] if game.is_over(state) else []


def main() -> None:
    game_name, specs = sys.argv[1], sys.argv[2].split(",")
    games, seed = int(sys.argv[3]), int(sys.argv[4])
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    start = time.time()
    with Pool(jobs) as pool:
        results = pool.map(play, [(game_name, specs, seed, i) for i in range(games)],
                           chunksize=1)
    wins = sum(1 for w in results if 0 in w)
    draws = sum(1 for w in results if not w)
    lo, hi = wilson(wins, games)
    print(f"{specs} seed {seed}: {wins}/{games} = {wins / games:.1%} ({lo:.1%}-{hi:.1%}) "
          f"draws {draws} chance {1 / len(specs):.1%} [{time.time() - start:.0f}s]")


if __name__ == "__main__":
    main()
