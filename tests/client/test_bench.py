"""``herna --bench``: the flag reaches the client bench, which prints one JSON document.

No window is opened here (frames and idle runs are skipped or faked) and no figure is
judged: the tests check the wiring, the document's shape and how runs are combined.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from game.client.bench import figures


def run_herna(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERNA_CONFIG_DIR=str(tmp_path / "config"),
               HERNA_DATA_DIR=str(tmp_path / "data"))
    env.pop("DISPLAY", None)  # the engine figures need no display
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def test_herna_bench_prints_one_json_document_with_engine_games_per_cpu_second(tmp_path):
    out = tmp_path / "bench.json"
    proc = run_herna(["--bench", "--skip-frames", "--skip-idle", "--games", "cesta",
                      "--engine-seconds", "0.2", "--json", str(out)], tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)           # stdout is exactly the document
    assert report["frames"] == [] and report["idle"] == []
    (engine,) = report["engines"]
    assert engine["game"] == "cesta" and engine["source"] == "ai.bench.random_playouts"
    assert engine["games"] >= 1 and engine["games_per_cpu_s"] > 0
    assert json.loads(out.read_text(encoding="utf-8")) == report


def test_bench_options_come_after_the_flag_and_the_help_names_it(tmp_path):
    late = run_herna(["--lang", "cs", "--bench"], tmp_path)
    assert late.returncode == 2 and "--bench comes first" in late.stderr
    helped = run_herna(["--help"], tmp_path)
    assert helped.returncode == 0 and "--bench" in helped.stdout


def test_frame_runs_report_the_median_of_each_figure_and_keep_every_run(monkeypatch):
    measured = iter([
        {"frames": 600, "p50_ms": 1.0, "p99_ms": 9.0, "max_ms": 30.0},
        {"frames": 600, "p50_ms": 3.0, "p99_ms": 5.0, "max_ms": 12.0},
        {"error": "herna exited"},
        {"frames": 600, "p50_ms": 2.0, "p99_ms": 7.0, "max_ms": 20.0},
        {"frames": 600, "p50_ms": 4.0, "p99_ms": 8.0, "max_ms": 9.0},
    ])

    def fake_run(env: dict[str, str], game: str, size: str, frames: int, players: str,
                 seed: int) -> dict[str, Any]:
        return {"game": game, "size": size, **next(measured)}

    monkeypatch.setattr(figures, "frame_run", fake_run)
    row = figures.frame_runs({}, "cesta", "1280x720", 600, "ai,ai", 3, runs=4)
    assert (row["p50_ms"], row["p99_ms"], row["max_ms"]) == (2.0, 7.0, 20.0)
    assert len(row["runs"]) == 4 and "error" not in row
    single = figures.frame_runs({}, "cesta", "1280x720", 600, "ai,ai", 3, runs=1)
    assert "runs" not in single and single["p50_ms"] == 4.0  # one run: as it is


def test_without_a_display_the_window_runs_refuse_with_one_line(tmp_path, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert figures.main(["--skip-idle", "--games", "cesta", "--engine-seconds", "0"]) == 1
