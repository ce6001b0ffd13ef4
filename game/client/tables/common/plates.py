"""Bits of the seats' name plates and panels that read the same on every table: the
person/robot icon, the "thinking…" status with its running dots, and the see-through
stand-in for an icon whose SVG is missing.
"""

from __future__ import annotations

import pygame

from game.client.i18n import t
from game.client.ui.assets import Assets


def blank(size: tuple[int, int]) -> pygame.Surface:
    """A transparent surface: a missing icon draws as nothing rather than a grey box."""
    return pygame.Surface(size, pygame.SRCALPHA)


def icon(assets: Assets, name: str, size: tuple[int, int]) -> pygame.Surface:
    """A UI icon (``ui/<name>.svg``) at ``size``, blank when the file is missing."""
    return assets.sprite(f"ui/{name}.svg", size, blank)


def seat_icon(assets: Assets, is_ai: bool, size: int) -> pygame.Surface:
    """The robot or the person in front of a seat's name."""
    return icon(assets, "robot" if is_ai else "person", (size, size))


def thinking_text(time: float) -> str:
    """"thinking." → "thinking.." → "thinking...": three steps a second."""
    return t("thinking") + "." * (1 + int(time * 3) % 3)


def your_turn(name: str, people: int) -> str:
    """"Your turn" for a person at this screen: with the name only when several people
    share it (then whose turn it is matters), so one player is not greeted by a label."""
    return t("Your turn, {name}", name=name) if people > 1 else t("Your turn")
