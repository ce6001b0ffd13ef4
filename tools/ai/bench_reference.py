"""``python -m tools.ai.bench_reference [--game G]``: engine speed against the independent
plain references of ``tests/support/reference/``.

Absolute games per second depend on the machine and on what else it runs; the ratio to a
fixed plain implementation timed in the same run does not (much). So the bench plays the
same random games on both, alternating engine and reference in rounds, and reports the
median ratio of CPU seconds.

What is timed:
- engine: ``new_game`` then ``legal_moves`` + the bench's random policy + ``apply`` until the
  game ends, through the public API (setup included: it is part of a playout);
- reference: the same games from the same dealt position (the references do not deal):
  ``ref_legal_moves`` + ``ref_apply`` on its own dicts, move after move.
The references re-create no chance (a die, a reshuffle): they read it from the engine's
state after the move, so those states are recorded once beforehand, outside the timing.

The references live in the source tree's ``tests/`` folder, not in the installed package,
so they are imported by name and the comparison says so when they are absent.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ai.bench import BENCH_PLAYERS, playout_policy
from game.rules import GAME_NAMES, AnyGame, get_game

REFERENCE_MODULES = {"cesta": "tests.support.reference.cesta_ref",
                     "royal_road": "tests.support.reference.royal_road_ref",
                     "cut_the_rope": "tests.support.reference.cut_the_rope_ref"}


@dataclass(frozen=True)
class Trace:
    """One recorded game: its seed, the dealt position and, per move, the notation and the
    engine's state after it (where the reference reads chance from)."""

    seed: int
    start: dict[str, Any]
    moves: tuple[str, ...]
    after: tuple[dict[str, Any], ...]


def policy_rng(seed: int) -> random.Random:
    """The random choices of game ``seed``, the same in the recording and the timed run."""
    return random.Random(seed * 7919 + 17)


def record(game: AnyGame, players: int, seeds: range) -> list[Trace]:
    """Play the games once, keeping what the reference needs (untimed)."""
    policy = playout_policy(game)
    traces = []
    for seed in seeds:
        rng = policy_rng(seed)
        state = game.new_game(players, seed)
        start = game.to_dict(state)
        moves: list[str] = []
        after: list[dict[str, Any]] = []
        while not game.is_over(state):
            move = policy(game, state, rng)
            moves.append(game.format_move(move))
            state = game.apply(state, move)[0]
            after.append(game.to_dict(state))
        traces.append(Trace(seed, start, tuple(moves), tuple(after)))
    return traces


def time_engine(game: AnyGame, players: int, traces: list[Trace]) -> float:
    """CPU seconds of the engine playing the traced games again."""
    policy = playout_policy(game)
    new_game, is_over, apply = game.new_game, game.is_over, game.apply
    start = time.process_time()
    for trace in traces:
        rng = policy_rng(trace.seed)
        state = new_game(players, trace.seed)
        while not is_over(state):
            state = apply(state, policy(game, state, rng))[0]
    return time.process_time() - start


def reference_stepper(name: str, module: ModuleType) -> Callable[[Trace], dict[str, Any]]:
    """A function replaying one trace on the reference of game ``name``: at every step its
    legal moves (what a random player picks from), then its own apply of the traced move;
    it returns the reference's final state."""
    legal, apply = module.ref_legal_moves, module.ref_apply

    if name == "cesta":  # chance-free after the deal: draws take the top card
        def replay(trace: Trace) -> dict[str, Any]:
            d = trace.start
            for text in trace.moves:
                legal(d)
                d = apply(d, text)
            return d
        return replay

    prepare = getattr(module, "ref_initial_bookkeeping", lambda d: d)

    def replay_with_chance(trace: Trace) -> dict[str, Any]:
        d = prepare(trace.start)
        for text, engine_next in zip(trace.moves, trace.after, strict=True):
            legal(d)
            d = apply(d, text, engine_next)
        return dict(d)
    return replay_with_chance


def time_reference(replay: Callable[[Trace], dict[str, Any]], traces: list[Trace]) -> float:
    """CPU seconds of the reference replaying the traced games."""
    start = time.process_time()
    for trace in traces:
        replay(trace)
    return time.process_time() - start


def load_reference(name: str) -> ModuleType | None:
    """The plain reference of game ``name``, or None outside a source checkout."""
    try:
        return importlib.import_module(REFERENCE_MODULES[name])
    except ImportError:
        return None


def compare(game: AnyGame, players: int, games: int = 40, rounds: int = 5,
            seed: int = 1) -> dict[str, Any]:
    """Engine and reference on the same ``games`` random games, ``rounds`` times alternating;
    the medians of games per CPU second and of the per-round ratio reference/engine."""
    module = load_reference(game.name)
    if module is None:
        return {"note": f"{REFERENCE_MODULES[game.name]} not importable (run from the "
                        "source tree)"}
    traces = record(game, players, range(seed, seed + games))
    replay = reference_stepper(game.name, module)
    time_engine(game, players, traces[:2])  # warm both up: first calls fill caches
    time_reference(replay, traces[:2])
    engine_rates: list[float] = []
    reference_rates: list[float] = []
    ratios: list[float] = []
    for _ in range(rounds):
        ours = max(time_engine(game, players, traces), 1e-9)
        theirs = max(time_reference(replay, traces), 1e-9)
        engine_rates.append(games / ours)
        reference_rates.append(games / theirs)
        ratios.append(theirs / ours)
    moves = sum(len(t.moves) for t in traces)
    return {"players": players, "games": games, "rounds": rounds,
            "mean_length": round(moves / games, 1),
            "engine_games_per_cpu_s": round(statistics.median(engine_rates), 2),
            "reference_games_per_cpu_s": round(statistics.median(reference_rates), 2),
            "ratio": round(statistics.median(ratios), 2),
            "ratios": [round(r, 2) for r in ratios]}


# Games per round: 40 scaled per game (in halves) so each round lasts a similar time (a Cut
# the Rope game is about 400 moves).
GAMES: tuple[int, dict[str, int]] = (40, {"cesta": 3, "royal_road": 2, "cut_the_rope": 1})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.bench_reference",
                                     description="Engine speed against the plain references.")
    parser.add_argument("--game", choices=GAME_NAMES, help="one game (default: all)")
    parser.add_argument("--games", type=int, default=GAMES[0], help="games per round")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating engine/reference rounds (the median is reported)")
    args = parser.parse_args(argv)
    for name in [args.game] if args.game else list(GAME_NAMES):
        games = max(1, args.games * GAMES[1].get(name, 2) // 2)
        figures = compare(get_game(name), BENCH_PLAYERS[name], games, max(1, args.rounds))
        print(json.dumps({name: figures}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
