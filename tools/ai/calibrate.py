"""``python -m tools.ai.calibrate``: how honest ``ai.win_chance`` is.

    python -m tools.ai.calibrate --game cesta --positions 1000 --level hard --seed 7

Plays games between agents of ``--players-level`` (default: ``--level``; the client's
agent for that level at every seat), takes ``--per-game`` random positions from each (a
random seat's view at a random ply), asks ``win_chance`` at ``--level`` for that seat, and
compares with who really won. Prints the table by tenths of the estimate (count, mean
estimate, observed win rate with its 95 % interval) and the Brier score beside the Brier
score of always guessing 1/players. Single process (the agents of the games are timed).

Fitting the calibration map (``CALIBRATION`` in ``ai/chances.py``): games between ``hard``
agents cost a minute or more each, so they are recorded once and estimated apart:

    python -m tools.ai.calibrate --game cesta --level hard --seed 41 --per-game 30 \
        --record fit.jsonl --games 20          # play and keep 30 positions a game
    python -m tools.ai.calibrate --game cesta --records fit.jsonl --fit    # fit (a, b) on them
    python -m tools.ai.calibrate --game cesta --records check.jsonl        # check another seed

(the recorded positions' estimates use a fixed playout count, never the time cap).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from ai import agent_for_level
from ai.arena import wilson
from ai.chances import CALIBRATION, logit, progress, sigmoid, win_chance
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
    progress: float = 0.0  # ``chances.progress`` of the seat's view (what the map may use)


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


def record_game(game_name: str, players: int, level: str, seed: int, per_game: int,
                rng: random.Random) -> dict[str, Any]:
    """One game between agents of ``level`` and ``per_game`` of its positions (a random
    ply, a random seat), as JSON-ready data: the states (``game.to_dict``) and who won.

    Why record and estimate apart: a game between ``hard`` agents costs a minute or more
    here, an estimate milliseconds; recorded positions let a calibration map be fitted on
    one seed and checked on another, or the playout budget changed, without replaying."""
    game = get_game(game_name)
    states, winners = play(game_name, players, level, seed)
    chosen = sorted(rng.sample(range(len(states)), min(per_game, len(states))))
    return {"game": game_name, "players": players, "level": level, "seed": seed,
            "winners": winners,
            "positions": [{"ply": ply, "seat": rng.randrange(players),
                           "state": game.to_dict(states[ply])} for ply in chosen]}


def estimate_records(records: Sequence[dict[str, Any]], level: str, seed: int = 0,
                     calibrated: bool = True) -> list[Sample]:
    """``win_chance`` at ``level`` for every recorded position (raw playout shares with
    ``calibrated=False``, the input of a fit), with what really happened."""
    samples: list[Sample] = []
    for index, record in enumerate(records):
        game = get_game(record["game"])
        players = record["players"]
        winners = record["winners"]
        for position in record["positions"]:
            state = game.from_dict(position["state"])
            seat = position["seat"]
            view = game.view(state, seat)
            estimate = win_chance(game, view, seat, level,
                                  seed=seed * 7919 + index * 131 + position["ply"],
                                  seconds=math.inf, calibrated=calibrated)
            won = (1.0 / len(winners) if seat in winners else 0.0) if winners \
                else 1.0 / players
            samples.append(Sample(index, position["ply"], seat, estimate, won,
                                  progress(game, view)))
    return samples


def fit_progress(samples: Sequence[Sample], steps: int = 60,
                 ridge: float = 1e-3) -> tuple[float, float, float, float]:
    """Maximum-likelihood (a, b, c, d) of ``p = sigmoid(a + b x + c t + d x t)``, x the
    logit of the raw share and t the view's progress (``chances.progress``): a map whose
    slope may change as the game goes on. Newton's method with a tiny ridge (four
    parameters on a few dozen games can be nearly collinear)."""
    rows = [((1.0, logit(s.estimate), s.progress, logit(s.estimate) * s.progress), s.won)
            for s in samples]
    w = [0.0, 1.0, 0.0, 0.0]
    for _ in range(steps):
        grad = [-ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(4)] for i in range(4)]
        for x, won in rows:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            q = p * (1.0 - p)
            for i in range(4):
                grad[i] += (won - p) * x[i]
                for j in range(4):
                    hess[i][j] += q * x[i] * x[j]
        step = _solve(hess, grad)
        w = [wi + di for wi, di in zip(w, step, strict=True)]
        if max(abs(v) for v in step) < 1e-9:
            break
    return w[0], w[1], w[2], w[3]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            return [0.0] * n
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_logistic(samples: Sequence[Sample], steps: int = 50) -> tuple[float, float]:
    """Maximum-likelihood (a, b) of ``p = 1 / (1 + exp(-(a + b * logit(raw))))`` for raw
    playout shares and outcomes (a shared win counts as its share): Newton's method on the
    two parameters, which is all a few hundred positions can pin down without following
    their noise (an isotonic map would need thousands)."""
    points = [(logit(s.estimate), s.won) for s in samples]
    a, b = 0.0, 1.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, won in points:
            p = sigmoid(a + b * x)
            ga += won - p
            gb += (won - p) * x
            w = p * (1.0 - p)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a, b


def fit_isotonic(samples: Sequence[Sample],
                 min_positions: int = 40) -> tuple[tuple[float, float], ...]:
    """The isotonic regression of outcome on raw share (pool adjacent violators), as knots
    (mean share, win rate) of blocks of at least ``min_positions`` positions: the one
    monotone map that fits best without a shape assumed (read by ``from_knots``). The minimum
    block keeps a handful of positions from one game from becoming a step of its own."""
    blocks: list[list[float]] = []  # [sum of shares, sum of outcomes, positions]
    for share, won in sorted((s.estimate, s.won) for s in samples):
        blocks.append([share, won, 1.0])
        while len(blocks) > 1 and (blocks[-2][2] < min_positions
                                   or blocks[-2][1] / blocks[-2][2]
                                   >= blocks[-1][1] / blocks[-1][2]):
            last = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
    while len(blocks) > 1 and blocks[-1][2] < min_positions:
        last = blocks.pop()
        blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
    return tuple((x / n, y / n) for x, y, n in blocks)


def from_knots(knots: Sequence[tuple[float, float]], share: float) -> float:
    """A monotone table's chance for a raw share: linear between knots, the end knots'
    values beyond them."""
    if share <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:], strict=False):
        if share <= x1:
            return y0 + (y1 - y0) * (share - x0) / max(1e-12, x1 - x0)
    return knots[-1][1]


def mapped_knots(samples: Sequence[Sample],
                 knots: Sequence[tuple[float, float]]) -> list[Sample]:
    """Raw-share samples through a knots table."""
    return [replace(s, estimate=from_knots(knots, s.estimate)) for s in samples]


def mapped(samples: Sequence[Sample], fit: Sequence[float]) -> list[Sample]:
    """Raw-share samples with the map ``fit`` applied (as ``chances.calibrate`` does):
    (a, b) or (a, b, c, d) with the view's progress t."""
    a, b, c, d = (*fit, 0.0, 0.0)[:4]
    return [replace(s, estimate=sigmoid(a + b * logit(s.estimate) + c * s.progress
                                        + d * logit(s.estimate) * s.progress))
            for s in samples]


def load_records(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Recorded games (``--record``), one JSON object a line; a ``.gz`` file is read
    through gzip (the recordings kept in docs/measurements are compressed)."""
    records: list[dict[str, Any]] = []
    for path in paths:
        opener: Any = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as handle:
            records.extend(json.loads(line) for line in handle if line.strip())
    return records


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
            view = game.view(state, seat)
            estimate = win_chance(game, view, seat, level, seed=rng.getrandbits(32))
            won = (1.0 / len(winners) if seat in winners else 0.0) if winners \
                else 1.0 / players
            samples.append(Sample(index, ply, seat, estimate, won, progress(game, view)))
            if len(samples) >= positions:
                break
        if log is not None:
            print(f"game {index + 1}: {len(samples)}/{positions} positions", file=log,
                  flush=True)
        index += 1
    return samples


def _tenth(estimate: float) -> int:
    """The tenth of the range an estimate falls in (1.0 in the last)."""
    return next((t for t in range(9) if estimate < (t + 1) / 10), 9)


def table(samples: Sequence[Sample]) -> list[Row]:
    """Samples binned by tenths of the estimate (1.0 falls in the last tenth)."""
    rows = []
    for tenth in range(10):
        low, high = tenth / 10, (tenth + 1) / 10
        inside = [s for s in samples if _tenth(s.estimate) == tenth]
        if not inside:
            rows.append(Row(low, high, 0, 0.0, 0.0, (0.0, 1.0)))
            continue
        n = len(inside)
        wins = sum(s.won for s in inside)
        rows.append(Row(low, high, n, sum(s.estimate for s in inside) / n, wins / n,
                        wilson(wins, n)))
    return rows


TOLERANCE = 0.05  # the standard: each tenth's win rate within 5 points of its mean


@dataclass(frozen=True)
class NoiseFloor:
    """How often a *perfectly* calibrated estimator would meet the per-tenth standard on
    these very positions: outcomes drawn from the estimates themselves, many times over.

    Why: a tenth of the table holds a few dozen positions from a handful of games, so its
    observed rate scatters around the truth by more than five points even when the estimate
    is exactly right; without this floor a miss says nothing about the estimator. Two
    bounds: ``independent`` draws every position's outcome on its own (the least scatter
    any real check can have), ``per_game`` draws one uniform number per game and seat and
    lets every position of that seat in that game win when the number falls below its
    estimate (positions of one game share their outcome, as they do in play; the most
    scatter). Real games lie between the two."""

    within_independent: tuple[float, ...]  # per non-empty tenth: P(within TOLERANCE)
    within_per_game: tuple[float, ...]
    all_independent: float                 # P(every non-empty tenth within)
    all_per_game: float


def noise_floor(samples: Sequence[Sample], trials: int = 2000,
                seed: int = 0) -> NoiseFloor:
    """Monte Carlo of the per-tenth standard under perfect calibration (see NoiseFloor)."""
    rng = random.Random(seed)
    tenths = [_tenth(s.estimate) for s in samples]
    filled = sorted(set(tenths))
    means = {t: sum(s.estimate for s, k in zip(samples, tenths, strict=True) if k == t)
             / tenths.count(t) for t in filled}
    counts = {t: tenths.count(t) for t in filled}
    keys = sorted({(s.game_index, s.seat) for s in samples})
    hits = {"independent": [0] * len(filled), "per_game": [0] * len(filled)}
    every = {"independent": 0, "per_game": 0}
    for _ in range(trials):
        shared = {key: rng.random() for key in keys}
        for kind in ("independent", "per_game"):
            wins = dict.fromkeys(filled, 0)
            for s, t in zip(samples, tenths, strict=True):
                u = rng.random() if kind == "independent" else shared[(s.game_index, s.seat)]
                wins[t] += u < s.estimate
            inside = [abs(wins[t] / counts[t] - means[t]) <= TOLERANCE + 1e-12
                      for t in filled]
            for i, ok in enumerate(inside):
                hits[kind][i] += ok
            every[kind] += all(inside)
    return NoiseFloor(tuple(h / trials for h in hits["independent"]),
                      tuple(h / trials for h in hits["per_game"]),
                      every["independent"] / trials, every["per_game"] / trials)


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
    rows = [row for row in table(samples) if row.count]
    met = sum(abs(row.observed - row.mean_estimate) <= TOLERANCE + 1e-12 for row in rows)
    floor = noise_floor(samples)
    lines.append(
        f"tenths within {TOLERANCE * 100:.0f} points: {met} of {len(rows)}; a perfectly "
        f"calibrated estimator on these positions: {sum(floor.within_independent):.1f} "
        f"(outcomes independent) to {sum(floor.within_per_game):.1f} (one outcome per game) "
        f"of {len(rows)}, every tenth in {floor.all_independent:.1%} to "
        f"{floor.all_per_game:.1%} of draws")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.calibrate", description=__doc__,
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
    parser.add_argument("--record", metavar="FILE",
                        help="only play --games games and append their positions to FILE "
                             "(JSON lines) for --records")
    parser.add_argument("--games", type=int, default=10, help="games to --record")
    parser.add_argument("--records", metavar="FILE", nargs="+",
                        help="estimate recorded positions instead of playing new games")
    parser.add_argument("--fit", action="store_true",
                        help="with --records: fit the calibration map on them and print it")
    parser.add_argument("--isotonic", action="store_true",
                        help="with --fit: a monotone table of knots (chances.KNOTS) instead "
                             "of a logistic map")
    parser.add_argument("--progress", action="store_true",
                        help="with --fit: let the map's slope depend on the game's progress")
    return parser


def record(args: argparse.Namespace, players: int, players_level: str) -> int:
    """``--record``: play games and append their positions, one game a line, as it ends."""
    rng = random.Random(args.seed)
    for index in range(args.games):
        data = record_game(args.game, players, players_level, args.seed * 1000 + index,
                           args.per_game, rng)
        with open(args.record, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(data) + "\n")
        print(f"game {index + 1}/{args.games} recorded", file=sys.stderr, flush=True)
    return 0


def from_records(args: argparse.Namespace, level: str) -> tuple[list[Sample], int]:
    """``--records``: raw shares of the recorded positions, mapped by the shipped map or,
    with ``--fit``, by one fitted on them (printed, to be copied into ``ai/chances.py``);
    and the number of players of those games."""
    records = [r for r in load_records(args.records) if r["game"] == args.game]
    if not records:
        return [], 0
    raw = estimate_records(records, level, calibrated=False)
    if args.fit and args.isotonic:
        knots = fit_isotonic(raw)
        print(f"fitted on {len(raw)} positions from {len(records)} games: "
              f'"{args.game}": ({", ".join(f"({x:.3f}, {y:.3f})" for x, y in knots)})')
        return mapped_knots(raw, knots), records[0]["players"]
    fit: Sequence[float] = CALIBRATION.get(args.game, (0.0, 1.0, 0.0, 0.0))
    if args.fit:
        fit = fit_progress(raw) if args.progress else (*fit_logistic(raw), 0.0, 0.0)
        print(f"fitted on {len(raw)} positions from {len(records)} games: "
              f'"{args.game}": ({", ".join(f"{v:.3f}" for v in fit)})')
    return mapped(raw, fit), records[0]["players"]


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
    if args.record:
        return record(args, players, players_level)
    start = time.perf_counter()
    if args.records:
        try:
            samples, players = from_records(args, level)
        except (OSError, ValueError, KeyError) as exc:
            print(f"error: cannot read the records: {exc}", file=sys.stderr)
            return 2
        if not samples:
            print(f"error: no {args.game} positions in the records", file=sys.stderr)
            return 2
    else:
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
