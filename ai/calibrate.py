"""``python -m ai.calibrate``: how honest ``ai.win_chance`` is.

    python -m ai.calibrate --game cesta --positions 1000 --level hard --seed 7

Plays games between agents of ``--players-level`` (default: ``--level``; the client's
agent for that level at every seat), takes ``--per-game`` random positions from each (a
random seat's view at a random ply), asks ``win_chance`` at ``--level`` for that seat, and
compares with who really won. Prints the table by tenths of the estimate (count, mean
estimate, observed win rate with its 95 % interval) and the Brier score beside the Brier
score of always guessing 1/players. Single process: estimates are timed work.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ai import agent_for_level
from ai.arena import wilson
from ai.chances import win_chance
from ai.levels import check_level
from game.rules import GAME_NAMES, get_game

DEFAULT_PLAYERS = {"cesta": 2, "royal_road": 3, "cut_the_rope": 2}


@dataclass(frozen=True)
class Sample:
    """One position's estimate and what happened (``won`` is the seat's share, 0..1)."""

    game_index: int
    ply: int
    seat: int
    estimate: float
    won: float


@dataclass(frozen=True)
class Row:
    """One tenth of the estimate range."""

    low: float
    high: float
    count: int
    mean_estimate: float
    observed: float
    interval: tuple[float, float]


def play(game_name: str, players: int, level: str, seed: int) -> tuple[list[Any], list[int]]:
    """One game between agents of ``level``: every state it passed and its winners."""
    game = get_game(game_name)
    agents = [agent_for_level(game, level, seed * 31 + s) for s in range(players)]
    state = game.new_game(players, seed)
    states = [state]
    while not game.is_over(state) and len(states) < 5000:
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, agents[seat].choose(game.view(state, seat)))[0]
        states.append(state)
    winners = list(game.result(state).winners) if game.is_over(state) else []
    return states[:-1], winners


def collect(game_name: str, positions: int, level: str, players_level: str, players: int,
            per_game: int, seed: int, log: Any = None) -> list[Sample]:
    """Estimates and outcomes for ``positions`` positions (``per_game`` from each game)."""
    game = get_game(game_name)
    rng = random.Random(seed)
    samples: list[Sample] = []
    index = 0
    while len(samples) < positions:
        states, winners = play(game_name, players, players_level, seed * 1000 + index)
        chosen = sorted(rng.sample(range(len(states)), min(per_game, len(states))))
        for ply in chosen:
            state = states[ply]
            seat = rng.randrange(players)
            estimate = win_chance(game, game.view(state, seat), seat, level,
                                  seed=rng.getrandbits(32))
            won = (1.0 / len(winners) if seat in winners else 0.0) if winners \
                else 1.0 / players
            samples.append(Sample(index, ply, seat, estimate, won))
            if len(samples) >= positions:
                break
        if log is not None:
            print(f"game {index + 1}: {len(samples)}/{positions} positions", file=log,
                  flush=True)
        index += 1
    return samples


def table(samples: Sequence[Sample]) -> list[Row]:
    """Samples binned by tenths of the estimate (1.0 falls in the last tenth)."""
    rows = []
    for tenth in range(10):
        low, high = tenth / 10, (tenth + 1) / 10
        inside = [s for s in samples
                  if low <= s.estimate < high or (tenth == 9 and s.estimate == 1.0)]
        if not inside:
            rows.append(Row(low, high, 0, 0.0, 0.0, (0.0, 1.0)))
            continue
        n = len(inside)
        wins = sum(s.won for s in inside)
        rows.append(Row(low, high, n, sum(s.estimate for s in inside) / n, wins / n,
                        wilson(wins, n)))
    return rows


def brier(samples: Sequence[Sample], players: int) -> tuple[float, float]:
    """Mean squared error of the estimates and of always guessing 1/players."""
    n = max(1, len(samples))
    own = sum((s.estimate - s.won) ** 2 for s in samples) / n
    flat = sum((1.0 / players - s.won) ** 2 for s in samples) / n
    return own, flat


def report(game_name: str, samples: Sequence[Sample], players: int, seconds: float) -> str:
    """The printed table."""
    lines = [f"{game_name}: {len(samples)} positions from "
             f"{len({s.game_index for s in samples})} games ({seconds:.0f} s)",
             "estimate   count  mean est  observed  95 % interval   |obs-est|"]
    for row in table(samples):
        if row.count == 0:
            lines.append(f"{row.low:.1f}-{row.high:.1f}  {0:6d}")
            continue
        lines.append(f"{row.low:.1f}-{row.high:.1f}  {row.count:6d}  {row.mean_estimate:8.3f}"
                     f"  {row.observed:8.3f}  [{row.interval[0]:.2f}, {row.interval[1]:.2f}]"
                     f"  {abs(row.observed - row.mean_estimate):8.3f}")
    own, flat = brier(samples, players)
    lines.append(f"Brier {own:.4f} (always 1/{players}: {flat:.4f})")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ai.calibrate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=GAME_NAMES)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--level", default="hard", help="the level win_chance is asked at")
    parser.add_argument("--players-level", default=None,
                        help="the level of the agents playing the games (default: --level)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the samples and table here")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        level = check_level(args.level)
        players_level = check_level(args.players_level or level)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.positions < 1 or args.per_game < 1:
        print("error: --positions and --per-game must be at least 1", file=sys.stderr)
        return 2
    players = args.players or DEFAULT_PLAYERS[args.game]
    start = time.perf_counter()
    samples = collect(args.game, args.positions, level, players_level, players,
                      args.per_game, args.seed, log=sys.stderr)
    seconds = time.perf_counter() - start
    print(report(args.game, samples, players, seconds))
    if args.json:
        own, flat = brier(samples, players)
        data = {"game": args.game, "level": level, "players_level": players_level,
                "players": players, "seed": args.seed, "brier": own, "brier_flat": flat,
                "table": [asdict(r) for r in table(samples)],
                "samples": [asdict(s) for s in samples]}
        from pathlib import Path

        path = Path(args.json)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)  # atomic: a half-written report never replaces a whole one
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
