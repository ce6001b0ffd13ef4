"""Session 7: choose Cesta's calibration map for the new ``hard`` (150 rollouts) the way
session 4 did - on the fit games only, by Brier score with one game left out at a time,
among maps that rise with the raw share at every progress - then check it on other games.

    python choose.py cesta_fit_s1410.jsonl.gz cesta_check_s1411.jsonl.gz shipped no_deal_slope

Candidates: the raw playout share, the shipped map, (a, b) refitted, (a, b, c, d) with
progress refitted, and (a, c, d) with no slope at the deal (b = 0: the slope d * t grows
as the game goes on) - the shape the unconstrained progress fit points to when its slope
at the deal comes out negative.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from ai.calibrate import (
    Sample,
    _solve,
    brier,
    estimate_records,
    fit_logistic,
    fit_progress,
    load_records,
    mapped,
    report,
)
from ai.chances import CALIBRATION, logit, sigmoid

Fit = tuple[float, float, float, float]


def fit_no_deal_slope(samples: Sequence[Sample], steps: int = 60) -> Fit:
    """Maximum likelihood (a, 0, c, d): Newton's method on three parameters."""
    rows = [((1.0, s.progress, logit(s.estimate) * s.progress), s.won) for s in samples]
    w = [0.0, 0.0, 1.0]
    for _ in range(steps):
        grad = [-1e-3 * v for v in w]
        hess = [[1e-3 if i == j else 0.0 for j in range(3)] for i in range(3)]
        for x, won in rows:
            p = sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            q = p * (1 - p)
            for i in range(3):
                grad[i] += (won - p) * x[i]
                for j in range(3):
                    hess[i][j] += q * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(v) for v in step) < 1e-9:
            break
    return w[0], 0.0, w[1], w[2]


def rising(fit: Fit) -> bool:
    _, b, _, d = fit
    return b >= 0 and b + d >= 0


CANDIDATES: dict[str, Callable[[Sequence[Sample]], Fit] | None] = {
    "raw": lambda s: (0.0, 1.0, 0.0, 0.0),
    "shipped": lambda s: CALIBRATION["cesta"],
    "ab": lambda s: (*fit_logistic(s), 0.0, 0.0),
    "progress": fit_progress,
    "no_deal_slope": fit_no_deal_slope,
}


def game_out(samples: list[Sample], fitter: Callable[[Sequence[Sample]], Fit]) -> float:
    games = sorted({s.game_index for s in samples})
    scored: list[Sample] = []
    for g in games:
        train = [s for s in samples if s.game_index != g]
        test = [s for s in samples if s.game_index == g]
        scored.extend(mapped(test, fitter(train)))
    return brier(scored, 2)[0]


def main() -> None:
    fit_path, check_path = sys.argv[1:3]
    fit_raw = estimate_records(load_records([fit_path]), "hard", calibrated=False)
    check_raw = estimate_records(load_records([check_path]), "hard", calibrated=False)
    print(f"fit: {len(fit_raw)} positions, {len({s.game_index for s in fit_raw})} games; "
          f"check: {len(check_raw)} positions, {len({s.game_index for s in check_raw})} games")
    for name, fitter in CANDIDATES.items():
        assert fitter is not None
        whole = fitter(fit_raw)
        print(f"{name:14s} fit on all {tuple(round(v, 3) for v in whole)} "
              f"rises: {rising(whole)}  game-out Brier {game_out(fit_raw, fitter):.4f}  "
              f"check Brier {brier(mapped(check_raw, whole), 2)[0]:.4f}")
    for name in sys.argv[3:]:
        fitter = CANDIDATES[name]
        assert fitter is not None
        whole = fitter(fit_raw)
        print(f"\n== {name} {tuple(round(v, 3) for v in whole)} on the check games")
        print(report("cesta", mapped(check_raw, whole), 2, 0.0))


if __name__ == "__main__":
    main()
