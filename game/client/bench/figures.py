"""``herna --bench`` (or ``python -m game.client.bench``): the client's figures as JSON.

It runs the real ``herna`` in real windows (so every frame pays for putting it on screen)
and prints, per table and window size, the frame times of a game between computer players
(``--frame-stats``: p50/p99/max, wall and CPU; with ``--runs N`` the median of N runs), per
scene the idle CPU of the whole process (all its threads, the renderer's included) over
``--idle-seconds``, read from ``/proc/PID/stat``, and per game the rules engine's random
playouts per CPU second (``ai.bench.random_playouts``, the same figure ``python -m
ai.bench`` prints per wall second, here timed by this process's CPU clock). Run it on a
desktop, or under a virtual X server: ``--xvfb`` starts one (``Xvfb`` must be installed)
so it runs on a machine without a screen. Settings and saves go to a temporary folder;
nothing of the player's is read or written.

No figure is asserted anywhere: the point is to compare two runs side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ai.bench import BENCH_PLAYERS, random_playouts
from game.rules import GAME_NAMES, get_game

DEFAULT_SIZES = ("1280x720", "1920x1080")
XVFB_DISPLAY = ":57"
CPU_LINE = "herna: frame cpu time"
FIGURES = ("p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms", "cpu_max_ms")


def clock_ticks() -> int:
    return int(os.sysconf("SC_CLK_TCK"))


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of a process, all its threads (``/proc/PID/stat`` fields 14 and 15)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / clock_ticks()


def herna_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "game", *args]


def frame_run(env: dict[str, str], game: str, size: str, frames: int, players: str,
              seed: int) -> dict[str, Any]:
    """One table between computer players for ``frames`` drawn frames."""
    command = herna_command("--game", game, "--players", players, "--size", size,
                            "--seed", str(seed), "--frames", str(frames), "--frame-stats")
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    result: dict[str, Any] = {"game": game, "size": size, "players": players}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        result["error"] = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return result
    result.update(json.loads(lines[-1]))
    for line in done.stderr.splitlines():
        if line.startswith(CPU_LINE):  # "... p50 X ms, p99 Y ms, max Z ms"
            words = line.replace(",", "").split()
            result["cpu_p50_ms"] = float(words[words.index("p50") + 1])
            result["cpu_p99_ms"] = float(words[words.index("p99") + 1])
            result["cpu_max_ms"] = float(words[words.index("max") + 1])
    return result


def frame_runs(env: dict[str, str], game: str, size: str, frames: int, players: str,
               seed: int, runs: int) -> dict[str, Any]:
    """``runs`` frame runs of one table and size; each figure is their median (one run
    that a busy machine slowed must not decide it), every run kept under ``runs``."""
    rows = [frame_run(env, game, size, frames, players, seed) for _ in range(max(1, runs))]
    if runs <= 1:
        return rows[0]
    good = [row for row in rows if "error" not in row]
    result: dict[str, Any] = {"game": game, "size": size, "players": players,
                              "runs": rows}
    if not good:
        result["error"] = rows[-1].get("error", "no run finished")
        return result
    result["frames"] = good[0].get("frames")
    for figure in FIGURES:
        values = [row[figure] for row in good if figure in row]
        if values:
            result[figure] = round(statistics.median(values), 3)
    return result


def engine_speed(game_name: str, seconds: float) -> dict[str, Any]:
    """Random playouts of one game's rules engine (``ai.bench.random_playouts``) for about
    ``seconds``, counted per second of this process's CPU time: a figure that a busy
    machine changes less than games per wall second."""
    game = get_game(game_name)
    players = BENCH_PLAYERS.get(game_name, game.player_range().start)
    cpu_start = time.process_time()
    playouts = random_playouts(game, players, seconds)
    cpu = max(1e-9, time.process_time() - cpu_start)
    return {"game": game_name, "players": players, "policy": playouts["policy"],
            "games": playouts["games"], "cpu_seconds": round(cpu, 3),
            "games_per_cpu_s": round(playouts["games"] / cpu, 2),
            "moves_per_cpu_s": round(playouts["moves"] / cpu, 1),
            "source": "ai.bench.random_playouts"}


def idle_run(env: dict[str, str], name: str, args: Sequence[str], settle: float,
             seconds: float, clicks: Sequence[tuple[int, int]] = ()) -> dict[str, Any]:
    """Start herna on a scene, let it settle, then measure its CPU over ``seconds``."""
    process = subprocess.Popen(herna_command(*args), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    result: dict[str, Any] = {"scene": name, "args": list(args)}
    try:
        time.sleep(settle)
        for x, y in clicks:  # reach a menu the way a person does
            xdotool = shutil.which("xdotool")
            if xdotool is None:
                result["error"] = "xdotool is needed to open this scene"
                return result
            found = subprocess.run([xdotool, "search", "--name", "^Herna$"], env=env,
                                   check=False, capture_output=True, text=True)
            window = (found.stdout.split() or [""])[0]
            where = ["--window", window] if window else []
            subprocess.run([xdotool, "mousemove", *where, str(x), str(y), "click", "1"],
                           env=env, check=False, capture_output=True)
            time.sleep(settle)
        if process.poll() is not None:
            result["error"] = f"herna exited with status {process.returncode}"
            return result
        cpu_before, wall_before = process_cpu_seconds(process.pid), time.perf_counter()
        time.sleep(seconds)
        cpu = process_cpu_seconds(process.pid) - cpu_before
        wall = time.perf_counter() - wall_before
        result.update(seconds=round(wall, 2), cpu_seconds=round(cpu, 3),
                      cpu_percent=round(100 * cpu / wall, 2))
        return result
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def settings_button(size: tuple[int, int]) -> tuple[int, int]:
    """Where the title's Settings button is (the title's layout: a row of six buttons
    under the game tiles)."""
    w, h = size
    u = max(0.5, h / 720)
    bw, bgap = int(190 * u), int(18 * u)
    total = 6 * bw + 5 * bgap
    bx = w // 2 - total // 2
    by = int(190 * u) + int(300 * u) + int(50 * u)
    return bx + 3 * (bw + bgap) + bw // 2, by + int(50 * u) // 2


def idle_scenes(games: Sequence[str], size: str) -> list[tuple[str, list[str], list[tuple[
        int, int]]]]:
    width, height = (int(v) for v in size.split("x"))
    scenes: list[tuple[str, list[str], list[tuple[int, int]]]] = [
        ("title", ["--size", size], []),
        ("settings menu", ["--size", size], [settings_button((width, height))]),
    ]
    for game in games:  # seat 0, the person, moves first: the table waits for them
        scenes.append((f"{game} waiting for a person",
                       ["--game", game, "--players", "human,ai", "--seed", "5", "--size", size],
                       []))
    return scenes


def memory_run(env: dict[str, str], minutes: float) -> dict[str, Any]:
    """The soak run (``game.client.bench.soak``) in its own process; its JSON report."""
    done = subprocess.run([sys.executable, "-m", "game.client.bench.soak", str(minutes)], env=env,
                          capture_output=True, text=True, timeout=minutes * 60 + 600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def start_xvfb(display: str) -> subprocess.Popen[bytes]:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise SystemExit("bench: --xvfb needs Xvfb (apt-get install xvfb)")
    process = subprocess.Popen([xvfb, display, "-screen", "0", "1920x1080x24", "-nolisten",
                                "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return process


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="herna --bench",
                                     description="Frame times and idle CPU of the client "
                                                 "in real windows and the engines' speed, "
                                                 "as JSON.")
    parser.add_argument("--games", nargs="+", choices=GAME_NAMES, default=list(GAME_NAMES))
    parser.add_argument("--sizes", nargs="+", default=list(DEFAULT_SIZES), metavar="WxH")
    parser.add_argument("--frames", type=int, default=600, help="drawn frames per table run")
    parser.add_argument("--runs", type=int, default=1,
                        help="frame runs per table and size (figures: their median)")
    parser.add_argument("--players", default="ai,ai", help="seats of the frame runs")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--idle-size", default="1280x720")
    parser.add_argument("--settle", type=float, default=10.0,
                        help="seconds before measuring idle CPU (start-up, art drawn ahead)")
    parser.add_argument("--skip-frames", action="store_true")
    parser.add_argument("--skip-idle", action="store_true")
    parser.add_argument("--engine-seconds", type=float, default=3.0,
                        help="seconds of random playouts per game (0 = skip)")
    parser.add_argument("--memory-minutes", type=float, metavar="M",
                        help="also: all-AI games for M minutes in one process "
                             "(game.client.bench.soak), its resident memory every 30 s")
    parser.add_argument("--xvfb", action="store_true", help="run on a private Xvfb display")
    parser.add_argument("--display", default=XVFB_DISPLAY, metavar=":N",
                        help="the display number --xvfb starts (default %(default)s)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the JSON here")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    windows = not (args.skip_frames and args.skip_idle) or args.memory_minutes is not None
    xvfb = start_xvfb(args.display) if args.xvfb and windows else None
    try:
        with tempfile.TemporaryDirectory(prefix="herna-bench-") as folder:
            env = dict(os.environ)
            if xvfb is not None:
                env["DISPLAY"] = args.display
            if windows and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
                print("bench: no display; run it on a desktop or with --xvfb", file=sys.stderr)
                return 1
            env.pop("SDL_VIDEODRIVER", None)  # a real window, never the dummy driver
            env.setdefault("SDL_AUDIODRIVER", "dummy")
            env["HERNA_CONFIG_DIR"] = str(Path(folder) / "config")
            env["HERNA_DATA_DIR"] = str(Path(folder) / "data")
            env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
            report: dict[str, Any] = {"python": sys.version.split()[0],
                                      "cpus": os.cpu_count(), "frames": [], "idle": [],
                                      "engines": []}
            if args.memory_minutes is not None:
                report["memory"] = memory_run(env, args.memory_minutes)
            if not args.skip_frames:
                for game in args.games:
                    for size in args.sizes:
                        row = frame_runs(env, game, size, args.frames, args.players,
                                         args.seed, args.runs)
                        report["frames"].append(row)
                        print(json.dumps(row), file=sys.stderr, flush=True)
            if not args.skip_idle:
                for name, scene_args, clicks in idle_scenes(args.games, args.idle_size):
                    row = idle_run(env, name, scene_args, args.settle, args.idle_seconds,
                                   clicks)
                    report["idle"].append(row)
                    print(json.dumps(row), file=sys.stderr, flush=True)
            if args.engine_seconds > 0:
                for game in args.games:
                    row = engine_speed(game, args.engine_seconds)
                    report["engines"].append(row)
                    print(json.dumps(row), file=sys.stderr, flush=True)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
