"""Session 8: choose a game's calibration map for its new ``hard`` seat (the ladder's
heuristic with a few random moves) the way sessions 4 and 7 did - on the fit games only,
by Brier score with games held out, among maps that rise with the raw share at every
progress - then check the chosen map on other games (one position from each).

    python choose.py royal_road 3 rr_fit_s8101.jsonl.gz rr_check_s8102.jsonl.gz progress

Candidates: the raw playout share, the shipped map, (a, b) refitted, (a, b, c, d) with
progress refitted. Held-out scoring uses ten folds of whole games (not single games, as
with session 7's 79: these files hold hundreds).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from ai.calibrate import (
    Sample,
    brier,
    estimate_records,
    fit_logistic,
    fit_progress,
    load_records,
    mapped,
    report,
)
from ai.chances import CALIBRATION

Fit = tuple[float, float, float, float]
FOLDS = 10


def rising(fit: Fit) -> bool:
    _, b, _, d = fit
    return b >= 0 and b + d >= 0


def candidates(game: str) -> dict[str, Callable[[Sequence[Sample]], Fit]]:
    return {
        "raw": lambda s: (0.0, 1.0, 0.0, 0.0),
        "shipped": lambda s: CALIBRATION[game],
        "ab": lambda s: (*fit_logistic(s), 0.0, 0.0),
        "progress": fit_progress,
    }


def held_out(samples: list[Sample], fitter: Callable[[Sequence[Sample]], Fit],
             players: int) -> float:
    games = sorted({s.game_index for s in samples})
    fold = {g: i % FOLDS for i, g in enumerate(games)}
    scored: list[Sample] = []
    for k in range(FOLDS):
        train = [s for s in samples if fold[s.game_index] != k]
        test = [s for s in samples if fold[s.game_index] == k]
        scored.extend(mapped(test, fitter(train)))
    return brier(scored, players)[0]


def main() -> None:
    game, players = sys.argv[1], int(sys.argv[2])
    fit_path, check_path = sys.argv[3:5]
    fit_raw = estimate_records(load_records([fit_path]), "hard", calibrated=False)
    check_raw = estimate_records(load_records([check_path]), "hard", calibrated=False)
    print(f"fit: {len(fit_raw)} positions, {len({s.game_index for s in fit_raw})} games; "
          f"check: {len(check_raw)} positions, {len({s.game_index for s in check_raw})} games")
    table = candidates(game)
    for name, fitter in table.items():
        whole = fitter(fit_raw)
        print(f"{name:10s} fit on all {tuple(round(v, 3) for v in whole)} "
              f"rises: {rising(whole)}  held-out Brier {held_out(fit_raw, fitter, players):.4f}"
              f"  check Brier {brier(mapped(check_raw, whole), players)[0]:.4f}")
    for name in sys.argv[5:]:
        whole = table[name](fit_raw)
        print(f"\n== {name} {tuple(round(v, 3) for v in whole)} on the check games")
        print(report(game, mapped(check_raw, whole), players, 0.0))


if __name__ == "__main__":
    main()
