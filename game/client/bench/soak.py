"""``python -m game.client.bench.soak MINUTES``: all-AI games for a while; does memory stay flat?

One App plays computer-only games one after another (the three games in turn, real AI
worker processes), paced at 60 frames a second like a window but under SDL's dummy driver,
and samples its resident memory every ``SAMPLE_SECONDS``. Everything per frame is bounded
(the frame-time histogram, the text cache, the decoration caches), so the figure should
stay flat apart from the current game's history. Prints one JSON line; ``herna --bench
--memory-minutes M`` runs it and includes the line in its report.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from game.client.main import build_app
from game.client.match.match import SeatInfo, default_names
from game.client.options import Options
from game.rules import GAME_NAMES

SAMPLE_SECONDS = 30.0


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process in MB (``/proc/PID/statm``, second field)."""
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def soak(minutes: float, sample_seconds: float = SAMPLE_SECONDS) -> dict[str, Any]:
    """All-AI games one after another for ``minutes`` in this process (SDL's dummy driver,
    paced at 60 frames a second like a window, real AI worker processes), sampling the
    resident memory: it should stay flat apart from the current game's history."""
    app = build_app(Options(headless=True))
    app.go_to_title()
    seats = default_names([SeatInfo("ai", "easy"), SeatInfo("ai", "easy")])
    samples: list[dict[str, Any]] = []
    per_game: list[dict[str, Any]] = []   # resident memory as each game ends
    games = 0
    start = time.perf_counter()
    next_sample = start
    try:
        while time.perf_counter() - start < minutes * 60:
            game = GAME_NAMES[games % len(GAME_NAMES)]
            app.go_to_title()  # the last game's scenes leave the stack, its worker stops
            app.start_match(game, seats, None, 1000 + games)
            games += 1
            while time.perf_counter() - start < minutes * 60:
                frame_start = time.perf_counter()
                app.step(1 / 60)
                top = app.stack.top
                if top is not None and top.ends_headless_run:
                    per_game.append({"game": game, "number": games,
                                     "seconds": round(frame_start - start),
                                     "rss_mb": rss_mb()})
                    break
                if frame_start >= next_sample:
                    samples.append({"seconds": round(frame_start - start), "games": games,
                                    "rss_mb": rss_mb(), "frames": app.frame})
                    next_sample += sample_seconds
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - frame_start)))
    finally:
        app.close()
    rss = [s["rss_mb"] for s in samples]
    return {"minutes": minutes, "games_started": games, "games": per_game,
            "samples": samples,
            "rss_first_mb": rss[0] if rss else None, "rss_last_mb": rss[-1] if rss else None,
            "rss_max_mb": max(rss) if rss else None}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    minutes = float(args[0]) if args else 1.0
    print(json.dumps(soak(minutes)), flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    raise SystemExit(main())
