"""What the client is asked to do: the parsed command line as plain values.

``game.cli`` fills an ``Options`` from the flags; the client (and tests) read it. It lives
in the client, not in the command line module, so that the client never imports
``game.cli`` back: the command line sits on top of the client, never beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ai.levels import LEVELS as AI_LEVELS

__all__ = ["AI_LEVELS", "Options", "SeatSpec"]


@dataclass(frozen=True)
class SeatSpec:
    """One seat from ``--players``: a person, or an AI at a level."""

    kind: str  # "human" or "ai"
    level: str = "normal"

    def label(self) -> str:
        return "human" if self.kind == "human" else f"ai:{self.level}"


@dataclass
class Options:
    """Every flag of the contract's command line, already validated by ``game.cli``."""

    game: str | None = None
    players: list[SeatSpec] = field(default_factory=list)
    rules_file: Path | None = None
    lang: str | None = None
    seed: int | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    resume: bool = False
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    screenshot_every: tuple[int, Path] | None = None
    frame_stats: bool = False
    tutorial: str | None = None     # --tutorial G: straight to that game's lessons
