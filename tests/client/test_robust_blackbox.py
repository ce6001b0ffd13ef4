"""The installed ``herna`` as a black box: hostile files never crash it.

Each case runs the real command with a fresh HOME (no HERNA_* or XDG_* overrides, so the
platform folders are used as a player's would be): it must exit 0 (2 for a bad ``--rules``)
with a clear one-line message on stderr, no traceback, and every bad file keeps its bytes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERNA = Path(sys.executable).parent / "herna"
DEEP = ("x = " + "[" * 100_000 + "]" * 100_000 + "\n").encode()

pytestmark = pytest.mark.skipif(not HERNA.exists(), reason="herna is not installed here")


def _run(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HERNA_", "XDG_", "SDL_"))}
    env["HOME"] = str(home)
    return subprocess.run([str(HERNA), "--headless", "--frames", "30", *args], env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def _config(home: Path) -> Path:
    folder = home / ".config" / "herna"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _saves(home: Path) -> Path:
    folder = home / ".local" / "share" / "herna" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _clean(result: subprocess.CompletedProcess[str], code: int = 0) -> str:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr and "Error:" not in result.stderr, result.stderr
    return result.stderr


@pytest.mark.parametrize("content", [DEEP, b"# pad\n" * 200_000,
                                     b"volume = " + b"9" * 5000 + b"\n"],
                         ids=["deep", "huge", "long_integer"])
def test_a_settings_file_that_cannot_be_parsed(tmp_path, content):
    path = _config(tmp_path) / "settings.toml"
    path.write_bytes(content)
    stderr = _clean(_run(tmp_path))
    assert "settings problem" in stderr and str(path) in stderr
    assert path.read_bytes() == content


@pytest.mark.parametrize("content", [DEEP, '[pile_sizes]\n"²" = 20\n'.encode()],
                         ids=["deep", "superscript_two"])
def test_a_user_rules_file_that_cannot_be_used(tmp_path, content):
    path = _config(tmp_path) / "rules" / "cut_the_rope.toml"
    path.parent.mkdir()
    path.write_bytes(content)
    stderr = _clean(_run(tmp_path, "--game", "cut_the_rope", "--players", "ai:easy,ai:easy"))
    assert "house rules problem" in stderr and "cut_the_rope.toml" in stderr
    assert path.read_bytes() == content


@pytest.mark.parametrize("content", [DEEP, '[pile_sizes]\n"²" = 20\n'.encode(),
                                     b"# pad\n" * 200_000], ids=["deep", "superscript", "huge"])
def test_a_bad_rules_flag_exits_2_with_one_line(tmp_path, content):
    path = tmp_path / "cut_the_rope.toml"
    path.write_bytes(content)
    stderr = _clean(_run(tmp_path, "--lang", "en", "--game", "cut_the_rope", "--rules",
                         str(path)), code=2)
    [line] = stderr.strip().splitlines()
    assert line.startswith("herna: The house rules file cannot be used:") and str(path) in line
    assert path.read_bytes() == content


def test_a_byte_order_mark_is_read(tmp_path):
    path = _config(tmp_path) / "settings.toml"
    path.write_bytes('\ufefflanguage = "en"\n'.encode())
    stderr = _clean(_run(tmp_path))
    assert "settings problem" not in stderr


def _save_with_bad_name(home: Path) -> Path:
    """A real save written by herna, then a NUL put in a player's name."""
    _clean(_run(home, "--game", "cesta", "--players", "human,ai:easy", "--seed", "3"))
    [path] = _saves(home).glob("*.json")
    data = json.loads(path.read_text("utf-8"))
    data["players"][0]["name"] = "Eva\u0000"
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_a_save_with_a_nul_in_a_name_is_refused_by_continue(tmp_path):
    path = _save_with_bad_name(tmp_path)
    before = path.read_bytes()
    stderr = _clean(_run(tmp_path, "--resume"))
    assert "cannot continue the saved game" in stderr and "name" in stderr
    assert path.read_bytes() == before


def test_stale_temporary_files_of_a_killed_write_are_cleaned_at_start(tmp_path):
    folder = _saves(tmp_path)
    stale = folder / ".20260101-000000-cesta-abcdef-1a2b3c.tmp"
    stale.write_text('{"format": "herna-sa')
    os.utime(stale, (1_700_000_000, 1_700_000_000))
    _clean(_run(tmp_path))
    assert not stale.exists()
