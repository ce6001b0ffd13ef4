"""``python -m tools.ai.bluff``: how well the Královská cesta belief reads the others' goals.

    python -m tools.ai.bluff --games 40 --seed 5

Seat 0's belief (``ai/royal_road/belief.py``, the one hard and expert sample by) watches a
three-player game between heuristics from seat 0's views only, as the agent does at each
of its turns. When an opponent has made its 10th pyramid move, the belief's probability on
that opponent's true pair of kept cards is compared with a uniform guess over the pairs of
cards seat 0 cannot see. Prints the mean and median ratio, the share of reads at least 3×
uniform, and the mean probability of the true pair beside the uniform one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence

from ai import make_agent
from ai.royal_road.belief import RoyalRoadBelief
from game.rules import get_game
from game.rules.royal_road.moves import MovePyramid

READ_AFTER = 10  # the opponent's pyramid moves before the belief is read
MAX_MOVES = 2000  # a game between heuristics can circle for ever (the arena stops them too)


def reads(games: int, seed: int, players: int = 3, level: str = "normal",
          after: int = READ_AFTER) -> list[tuple[float, float]]:
    """(probability on the true pair, uniform probability) per opponent per game."""
    game = get_game("royal_road")
    out: list[tuple[float, float]] = []
    for index in range(games):
        deal = seed * 1000 + index
        agents = [make_agent("heuristic", game, level, deal * 7 + s) for s in range(players)]
        belief = RoyalRoadBelief(game, deal)
        state = game.new_game(players, deal)
        moves = [0] * players
        read = [False] * players
        played = 0
        while not game.is_over(state) and played < MAX_MOVES:
            played += 1
            seat = game.current_player(state)
            assert seat is not None
            view = game.view(state, seat)
            if seat == 0:
                belief.observe(view, 0)
                for other in range(1, players):
                    if not read[other] and moves[other] >= after:
                        read[other] = True
                        pair = tuple(state.kept[other])
                        hidden = len(_hidden(game, view))
                        uniform = 1.0 / math.comb(hidden, 2)
                        p = belief.pair_probability(view, 0, other, (pair[0], pair[1]))
                        out.append((p, uniform))
            move = agents[seat].choose(view)
            if seat == 0:
                belief.after_choice(view, 0, move)
            if isinstance(move, MovePyramid):
                moves[seat] += 1
            state = game.apply(state, move)[0]
    return out


def _hidden(game: object, view: object) -> list[str]:
    from ai.royal_road.belief import _visible_complement

    return _visible_complement(game, game.to_dict(view), 0)  # type: ignore[attr-defined, arg-type]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.bluff", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--after", type=int, default=READ_AFTER)
    args = parser.parse_args(argv)
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    found = reads(args.games, args.seed, after=args.after)
    if not found:
        print("no opponent reached its move count")
        return 0
    ratios = [p / u for p, u in found]
    logs = [math.log(r) if r > 0 else -math.inf for r in ratios]
    geo = math.exp(statistics.fmean(logs)) if all(math.isfinite(v) for v in logs) else 0.0
    print(f"{len(found)} reads from {args.games} games (after each opponent's "
          f"{args.after}th pyramid move)")
    print(f"true pair: mean probability {statistics.fmean(p for p, _ in found):.4f} vs "
          f"uniform {statistics.fmean(u for _, u in found):.4f}")
    print(f"ratio to uniform: mean {statistics.fmean(ratios):.2f}, median "
          f"{statistics.median(ratios):.2f}, geometric mean {geo:.2f}, "
          f"at least 3x in {sum(r >= 3 for r in ratios)}/{len(ratios)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
