"""``python -m ai.arena``: agents play each other; win rates with 95 % intervals.

    python -m ai.arena --game cesta --agents heuristic random --games 400 --seed 1 --jobs 2

The number of agents is the number of players. Seats rotate: game ``g`` seats agent
``(s + g) mod k`` at seat ``s``, so over every ``k`` consecutive games each agent sits at each
seat once, and those ``k`` games share one deal (same seed), which removes most of the luck
of the deal from the comparison. A shared win (cut_the_rope stalemate) counts as a win for
every winner; a game without winners is a draw, counted separately.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ai import make_agent, parse_spec
from ai.agents import seat_to_move
from game.rules import get_game

MAX_MOVES = 20000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class GameJob:
    """Everything a worker process needs to play one game (picklable)."""

    index: int
    game: str
    rules: str | None
    specs: tuple[str, ...]
    seed: int
    max_moves: int = MAX_MOVES


def seating(index: int, agents: int) -> list[int]:
    """Participant (index in --agents) at each seat for game ``index``."""
    return [(seat + index) % agents for seat in range(agents)]


def deal_seed(seed: int, index: int, agents: int) -> int:
    """One deal per rotation block, so each agent plays the same deal from every seat."""
    return seed * 1_000_003 + index // agents


def play_game(job: GameJob) -> dict[str, Any]:
    """Play one game; times count only the agents' ``choose`` calls."""
    game = get_game(job.game, job.rules)
    k = len(job.specs)
    seats = seating(job.index, k)
    agents = []
    for seat, participant in enumerate(seats):
        kind, level = parse_spec(job.specs[participant])
        agent_seed = (job.seed * 7919 + job.index * 104_729 + seat * 31) & 0x7FFFFFFF
        agents.append(make_agent(kind, game, level, agent_seed))
    state = game.new_game(k, deal_seed(job.seed, job.index, k))
    times = [[0.0, 0, 0.0] for _ in range(k)]  # per participant: total, count, max
    moves = 0
    perf = time.perf_counter
    while not game.is_over(state) and moves < job.max_moves:
        seat = seat_to_move(game, state)
        view = game.view(state, seat)
        start = perf()
        move = agents[seat].choose(view)
        spent = perf() - start
        record = times[seats[seat]]
        record[0] += spent
        record[1] += 1
        record[2] = max(record[2], spent)
        state = game.apply(state, move)[0]
        moves += 1
    if game.is_over(state):
        result = game.result(state)
        winners = sorted(seats[w] for w in result.winners)
        reason = result.reason
    else:
        winners, reason = [], f"stopped after {job.max_moves} moves"
    return {"index": job.index, "seats": seats, "winners": winners, "reason": reason,
            "length": moves, "times": times}


@dataclass
class Tally:
    """Running totals of one participant over the match."""

    spec: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    seconds: float = 0.0
    moves: int = 0
    max_seconds: float = 0.0
    wins_by_seat: list[int] = field(default_factory=list)
    games_by_seat: list[int] = field(default_factory=list)


def summarise(game: str, specs: Sequence[str], games: Sequence[dict[str, Any]],
              seed: int, elapsed: float) -> dict[str, Any]:
    """Fold game records into the report (also the --json document)."""
    k = len(specs)
    tallies = [Tally(spec, wins_by_seat=[0] * k, games_by_seat=[0] * k) for spec in specs]
    lengths = []
    draws = 0
    reasons: dict[str, int] = {}
    for record in games:
        lengths.append(record["length"])
        reasons[record["reason"]] = reasons.get(record["reason"], 0) + 1
        if not record["winners"]:
            draws += 1
        for seat, participant in enumerate(record["seats"]):
            tally = tallies[participant]
            tally.games += 1
            tally.games_by_seat[seat] += 1
            if participant in record["winners"]:
                tally.wins += 1
                tally.wins_by_seat[seat] += 1
            elif not record["winners"]:
                tally.draws += 1
            total, count, most = record["times"][participant]
            tally.seconds += total
            tally.moves += count
            tally.max_seconds = max(tally.max_seconds, most)
    agents = []
    for number, tally in enumerate(tallies, 1):
        low, high = wilson(tally.wins, tally.games)
        agents.append({
            "agent": number, "spec": tally.spec, "games": tally.games, "wins": tally.wins,
            "draws": tally.draws, "win_rate": tally.wins / tally.games if tally.games else 0.0,
            "ci95": [low, high],
            "mean_s_per_move": tally.seconds / tally.moves if tally.moves else 0.0,
            "max_s_per_move": tally.max_seconds, "moves": tally.moves,
            "wins_by_seat": tally.wins_by_seat, "games_by_seat": tally.games_by_seat,
        })
    return {"game": game, "agents": agents, "games": len(games), "seed": seed, "draws": draws,
            "mean_length": sum(lengths) / len(lengths) if lengths else 0.0,
            "max_length": max(lengths, default=0), "reasons": reasons,
            "elapsed_s": elapsed}


def format_report(report: dict[str, Any]) -> str:
    """A markdown table, ready to paste into the README."""
    lines = [f"{report['game']}: {report['games']} games, seed {report['seed']}, "
             f"mean length {report['mean_length']:.1f} moves (max {report['max_length']}), "
             f"draws {report['draws']}, {report['elapsed_s']:.0f} s",
             "",
             "| # | agent | games | wins | draws | win rate | 95 % CI | mean s/move | "
             "max s/move |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in report["agents"]:
        low, high = row["ci95"]
        lines.append(f"| {row['agent']} | {row['spec']} | {row['games']} | {row['wins']} | "
                     f"{row['draws']} | {row['win_rate']:.1%} | {low:.1%}–{high:.1%} | "
                     f"{row['mean_s_per_move']:.4f} | {row['max_s_per_move']:.3f} |")
    return "\n".join(lines)


def run_match(game: str, specs: Sequence[str], games: int, seed: int, jobs: int = 1,
              rules: str | None = None, max_moves: int = MAX_MOVES,
              progress: bool = False, partial_json: str | None = None) -> dict[str, Any]:
    """Play the match (in ``jobs`` processes) and return the summary dict.

    With ``partial_json`` the report so far is rewritten there every 5 % of the games, so
    a long run stopped early still leaves its numbers."""
    for spec in specs:
        parse_spec(spec)
    get_game(game, rules)  # fail early on a bad game name or rules file
    work = [GameJob(i, game, rules, tuple(specs), seed, max_moves) for i in range(games)]
    start = time.perf_counter()
    records: list[dict[str, Any]] = []
    step = max(1, games // 20)

    def note(record: dict[str, Any]) -> None:
        records.append(record)
        if len(records) % step:
            return
        if progress:
            print(f"  {len(records)}/{games} games, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
        if partial_json and len(records) < games:
            ordered = sorted(records, key=lambda r: r["index"])
            report = summarise(game, specs, ordered, seed, time.perf_counter() - start)
            report["partial"] = True
            _write_json(partial_json, report)

    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(play_game, work, chunksize=1):
                note(record)
    else:
        for job in work:
            note(play_game(job))
    records.sort(key=lambda r: r["index"])
    report = summarise(game, specs, records, seed, time.perf_counter() - start)
    report["records"] = [{k: r[k] for k in ("index", "seats", "winners", "length", "reason")}
                         for r in records]
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ai.arena",
                                     description="Play agents against each other.")
    parser.add_argument("--game", required=True, help="cesta, royal_road or cut_the_rope")
    parser.add_argument("--agents", required=True, nargs="+", metavar="KIND[:LEVEL]",
                        help="one per seat, e.g. heuristic ismcts:hard random; ai:LEVEL is "
                             "the client's seat of that level (ai.levels.LADDERS)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    parser.add_argument("--rules", metavar="FILE.toml", help="house rules for the game")
    parser.add_argument("--max-moves", type=int, default=MAX_MOVES,
                        help="stop a game after this many moves (counted as a draw)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        report = run_match(args.game, args.agents, args.games, args.seed, args.jobs,
                           args.rules, args.max_moves, progress=not args.quiet,
                           partial_json=args.json)
    except ValueError as exc:  # bad spec, game name or rules file
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(format_report(report))
    if args.json:
        _write_json(args.json, report)
    return 0


def _write_json(path: str, report: dict[str, Any]) -> None:
    """Write atomically, so a reader never sees half a report."""
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    os.replace(temporary, path)


if __name__ == "__main__":
    raise SystemExit(main())
