"""Keyboard navigation as every table does it: number keys pick the n-th thing, arrows and
Tab walk a ring of options (lit targets, pieces, places), Enter/Space confirm.

The tables decide what the options are; how a key turns into "the next one" is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pygame

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CONFIRM_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
BACK_KEYS = (pygame.K_LEFT, pygame.K_UP)

T = TypeVar("T")


def digit_index(key: int) -> int | None:
    """0 for the 1 key … 8 for the 9 key (the n-th card of a hand), else None."""
    return key - pygame.K_1 if pygame.K_1 <= key <= pygame.K_9 else None


def key_step(key: int, mod: int = 0) -> int:
    """-1 for Left, Up and Shift+Tab (pass ``mod`` where Shift counts), +1 otherwise."""
    if key in BACK_KEYS or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT):
        return -1
    return 1


def cycle(options: Sequence[T], current: T | None, step: int, missing: int = -1) -> T:
    """The option ``step`` places after ``current`` in a ring of ``options`` (non-empty).
    When ``current`` is not one of them, count from index ``missing``: -1 makes a step
    forward land on the first option; ``-step`` makes any first step land there."""
    index = options.index(current) if current in options else missing
    return options[(index + step) % len(options)]


def digit_keys(count: int) -> str:
    """The number keys that pick one of ``count`` cards, as a key help names them: "1–6"
    (the keys go up to 9), "1" for a single card."""
    top = min(9, count)
    return "1" if top <= 1 else f"1–{top}"
