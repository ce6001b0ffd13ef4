"""`herna --help` names every command with examples, `--version` says what the game runs
on, and the man page says what the help says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game import __version__
from game.cli import build_parser, version_text

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_every_command_with_examples():
    text = build_parser().format_help()
    for command in ("herna serve", "--tutorial", "--bench", "examples:", "--game cesta"):
        assert command in text, command


def test_version_names_herna_python_pygame_and_sdl():
    text = version_text()
    assert text.startswith(f"herna {__version__}")
    for part in ("Python", "pygame-ce", "SDL"):
        assert part in text


def test_the_man_page_is_made_from_the_help():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_manpage.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
