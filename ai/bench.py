"""``python -m ai.bench``: speed of the engines and the agents, one process, JSON out.

    python -m ai.bench [--game G] [--json F]

Per game: random playouts (games/s, moves/s; Cut the Rope uses the building-biased random
policy, since uniform play there hardly ever finishes), iterations per second from the
opening and over a few mid-game positions of the generic ISMCTS (``ismcts``) and of the hard
level's own search (``hard_search``, which may judge its leaves more dearly), and each
level's seconds per move (median over a few positions taken from seeded random games).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ai import agent_for_level, make_agent
from ai.agents import M, RolloutMove, S, building_biased_move, random_rollout_move, seat_to_move
from ai.ismcts import ISMCTSAgent
from ai.levels import LEVELS, search_config
from game.rules import GAME_NAMES, AnyGame, get_game
from game.rules.base import Game

BENCH_PLAYERS = {"cesta": 2, "royal_road": 3, "cut_the_rope": 2}


def playout_policy(game: AnyGame) -> RolloutMove[Any, Any]:
    """The bench's random policy: uniform, except Cut the Rope, where uniform play hardly
    ever finishes a game, so a build is chosen with probability 0.85 when one exists."""
    return biased_by_kind if game.name == "cut_the_rope" else random_rollout_move


def biased_by_kind(game: AnyGame, state: Any, rng: random.Random,
                   build_bias: float = 0.85) -> Any:
    """``ai.agents.building_biased_move`` for moves with a ``kind`` (Cut the Rope's): the
    same choices from the same generator, without its per-move type probing, which cost
    about twice the engine's own work per position and so hid the engine's speed."""
    moves = game.legal_moves(state)
    if not all(hasattr(move, "kind") for move in moves[:1]):
        return building_biased_move(game, state, rng, build_bias)
    builds = [move for move in moves if move.kind == "build"]
    if builds and (len(builds) == len(moves) or rng.random() < build_bias):
        return builds[rng.randrange(len(builds))]
    ends = [move for move in moves if move.kind != "build"]
    return ends[rng.randrange(len(ends))]


def random_playouts(game: AnyGame, players: int, seconds: float,
                    max_moves: int = 20000) -> dict[str, Any]:
    """Whole random games through the public API for about ``seconds``."""
    policy = playout_policy(game)
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    seed = 0
    while True:
        seed += 1
        state = game.new_game(players, seed)
        count = 0
        while not game.is_over(state) and count < max_moves:
            state = game.apply(state, policy(game, state, rng))[0]
            count += 1
        games += 1
        moves += count
        if time.perf_counter() - start >= seconds:
            break
    elapsed = time.perf_counter() - start
    return {"policy": policy.__name__, "games": games, "moves": moves,
            "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 2),
            "moves_per_s": round(moves / elapsed, 1),
            "mean_length": round(moves / games, 1)}


def sample_positions(game: Game[S, M], players: int, count: int, seed: int = 7) -> list[S]:
    """Positions where the seat to move has a real choice: the opening's first such
    position, then positions spread over seeded random games."""
    policy = playout_policy(game)
    rng = random.Random(seed)
    positions: list[S] = []
    game_seed = seed
    while len(positions) < count:
        game_seed += 1
        state = game.new_game(players, game_seed)
        line: list[S] = []
        while not game.is_over(state) and len(line) < 4000:
            if len(game.legal_moves(state)) > 1:
                line.append(state)
            state = game.apply(state, policy(game, state, rng))[0]
        if not line:
            continue
        if not positions:
            positions.append(line[0])
            continue
        positions.append(line[rng.randrange(len(line))])
    return positions


def ismcts_speed(game: Game[S, M], positions: Sequence[S], seconds: float,
                 shaped: bool = False) -> dict[str, Any]:
    """Iterations per second of the generic ISMCTS with the game's hard-level settings or,
    with ``shaped``, of the hard level's own search (``ai.agents.SEARCHES``), which may
    spend more per iteration on a better judge, or not be a tree search at all."""
    rates: list[float] = []
    cpu_rates: list[float] = []
    for index, state in enumerate(positions):
        seat = seat_to_move(game, state)
        agent = make_agent("ismcts", game, "hard", seed=index) if shaped else \
            ISMCTSAgent(game, index, search_config(game.name, "hard"))
        if not isinstance(agent, ISMCTSAgent) or not agent.tree_search:
            return {"agent": type(agent).__name__,
                    "note": "not the tree search of ai/ismcts.py: see levels for s/move"}
        agent.config = replace(agent.config, seconds=seconds, iterations=None)
        view = game.view(state, seat)
        if agent.belief is not None:
            agent.belief.observe(view, seat)
        cpu = time.process_time()
        agent.search(view, seat)  # the raw search, also where the level delegates
        cpu = time.process_time() - cpu
        rates.append(agent.stats.iterations / max(agent.stats.seconds, 1e-9))
        cpu_rates.append(agent.stats.iterations / max(cpu, 1e-9))
    # Wall-clock rates fall when other processes share the cores; rates per CPU second
    # are what an idle machine would show.
    return {"agent": type(agent).__name__, "opening_iterations_per_s": round(rates[0], 1),
            "median_iterations_per_s": round(statistics.median(rates), 1),
            "opening_iterations_per_cpu_s": round(cpu_rates[0], 1),
            "median_iterations_per_cpu_s": round(statistics.median(cpu_rates), 1),
            "positions": len(rates), "seconds_each": seconds}


def level_speeds(game: Game[S, M], positions: Sequence[S],
                 levels: Sequence[str]) -> dict[str, Any]:
    """Median and max seconds per move of each level's agent over ``positions``."""
    out: dict[str, Any] = {}
    for level in levels:
        times = []
        cpu_times = []
        for index, state in enumerate(positions):
            seat = seat_to_move(game, state)
            agent = agent_for_level(game, level, seed=index)
            start = time.perf_counter()
            cpu = time.process_time()
            agent.choose(game.view(state, seat))
            cpu_times.append(time.process_time() - cpu)
            times.append(time.perf_counter() - start)
        out[level] = {"agent": type(agent).__name__, "median_s": round(statistics.median(times), 4),
                      "max_s": round(max(times), 4),
                      "median_cpu_s": round(statistics.median(cpu_times), 4),
                      "max_cpu_s": round(max(cpu_times), 4),
                      "positions": len(times)}
    return out


def bench_game(name: str, playout_seconds: float, positions: int, search_seconds: float,
               levels: Sequence[str]) -> dict[str, Any]:
    """Every figure for one game."""
    game = get_game(name)
    players = BENCH_PLAYERS.get(name, game.player_range().start)
    report: dict[str, Any] = {"players": players}
    report["random_playouts"] = random_playouts(game, players, playout_seconds)
    states = sample_positions(game, players, positions)
    report["ismcts"] = ismcts_speed(game, states, search_seconds)
    report["hard_search"] = ismcts_speed(game, states, search_seconds, shaped=True)
    report["levels"] = level_speeds(game, states, levels)
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ai.bench",
                                     description="Engine and agent speed per game.")
    parser.add_argument("--game", choices=GAME_NAMES, help="one game (default: all)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--playout-seconds", type=float, default=3.0)
    parser.add_argument("--positions", type=int, default=5,
                        help="positions per game for ISMCTS speed and level timings")
    parser.add_argument("--search-seconds", type=float, default=1.0)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    names = [args.game] if args.game else list(GAME_NAMES)
    results: dict[str, Any] = {}
    for name in names:
        results[name] = bench_game(name, args.playout_seconds, max(1, args.positions),
                                   args.search_seconds, args.levels)
        print(json.dumps({name: results[name]}), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    return 0 if all("error" not in r for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
