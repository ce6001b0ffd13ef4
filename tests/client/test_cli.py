"""The headless command line end to end: frames, screenshots and frame statistics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")


def run_herna(args: list[str], tmp_path: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, HERNA_CONFIG_DIR=str(tmp_path / "config"),
               HERNA_DATA_DIR=str(tmp_path / "data"), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)  # --headless must set it by itself
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=timeout, env=env)


def test_headless_ai_game_frames_screenshots_and_stats(tmp_path):
    shot = tmp_path / "s.png"
    every = tmp_path / "frames"
    proc = run_herna(["--game", "cesta", "--players", "ai:easy,ai:easy", "--seed", "3",
                      "--headless", "--frames", "240", "--screenshot", str(shot),
                      "--screenshot-every", "100", str(every), "--frame-stats"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout  # exactly the one JSON line, no greeting
    stats = json.loads(lines[0])
    assert stats["frames"] == 240
    assert set(stats) == {"frames", "p50_ms", "p99_ms", "max_ms"}
    assert 0 < stats["p50_ms"] <= stats["p99_ms"] <= stats["max_ms"]
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert sorted(p.name for p in every.iterdir()) == ["frame_000100.png", "frame_000200.png"]


def test_headless_ai_game_without_frames_runs_to_the_end(tmp_path):
    shot = tmp_path / "end.png"
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text(  # fewer frames, same code paths
        "ai_pace = 0.0\nanimation_speed = 0.5\n", "utf-8")
    proc = run_herna(["--game", "cesta", "--players", "ai:easy,ai:easy", "--seed", "8",
                      "--headless", "--screenshot", str(shot), "--size", "960x540",
                      "--frame-stats"], tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    stats = json.loads(proc.stdout.strip().splitlines()[-1])
    assert stats["frames"] > 300
    assert pygame.image.load(str(shot)).get_size() == (960, 540)


def test_title_screen_headless_and_bad_rules_file(tmp_path):
    proc = run_herna(["--headless", "--frames", "5", "--lang", "en"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    bad = tmp_path / "cesta.toml"
    bad.write_text("hand_size = 99\n", "utf-8")
    proc = run_herna(["--game", "cesta", "--rules", str(bad), "--headless", "--frames", "5"],
                     tmp_path)
    assert proc.returncode == 2
    assert "hand_size" in proc.stderr and "Traceback" not in proc.stderr


def test_broken_user_settings_are_reported_and_the_game_still_runs(tmp_path):
    (tmp_path / "config").mkdir()
    settings = tmp_path / "config" / "settings.toml"
    settings.write_text("volume = [\n", "utf-8")
    proc = run_herna(["--headless", "--frames", "3"], tmp_path)
    assert proc.returncode == 0
    assert "settings.toml" in proc.stderr and "line" in proc.stderr
    assert settings.read_text("utf-8") == "volume = [\n"


@pytest.mark.parametrize(("lang", "environment", "expected"), [
    ("de", {"LANG": "cs_CZ.UTF-8"}, "de"),
    (None, {"LANG": "cs_CZ.UTF-8"}, "cs"),
    (None, {"LANGUAGE": "sk:en", "LANG": "en_GB.UTF-8"}, "cs"),
    (None, {"LC_ALL": "de_AT.UTF-8"}, "de"),
    (None, {"LANG": "C"}, "en"),
    (None, {}, "en"),
])
def test_lines_for_the_terminal_follow_lang_then_the_locale(monkeypatch, lang, environment,
                                                            expected):
    from game.cli import terminal_words

    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    assert terminal_words(lang).code == expected


def test_a_bad_rules_file_is_said_in_the_terminals_language(tmp_path):
    bad = tmp_path / "cesta.toml"
    bad.write_text("hand_size = 99\n", "utf-8")
    proc = run_herna(["--game", "cesta", "--rules", str(bad), "--headless", "--frames", "5",
                      "--lang", "en"], tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("herna: The house rules file cannot be used:")


def test_check_agents_prints_each_levels_agent_class_as_json(capsys):
    from ai import LEVELS, agent_classes
    from game.cli import main

    assert main(["--check-agents"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == agent_classes()
    assert {level for levels in printed.values() for level in levels} == set(LEVELS)
