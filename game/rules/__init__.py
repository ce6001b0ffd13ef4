"""The pure rules core: one engine per game behind a common API.

``get_game(name, overrides)`` returns an engine bound to a validated house-rule set.
Engines are imported lazily so that a fault in one game never hides the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from pathlib import Path
from typing import Any

from game.rules.base import GameRules
from game.rules.common import IllegalMove, Result, RulesError, StateError
from game.rules.houserules import load_rules

GAME_NAMES: tuple[str, ...] = ("cesta", "royal_road", "cut_the_rope")

__all__ = ["GAME_NAMES", "GameRules", "IllegalMove", "Result", "RulesError", "StateError",
           "get_game"]


def get_game(name: str, overrides: Mapping[str, Any] | str | Path | None = None) -> GameRules:
    """An engine for ``name`` with the shipped default rules plus ``overrides``.

    ``overrides`` is a dict of house-rule keys or a path to a TOML file; problems raise
    ``RulesError`` naming the key (and file and line for TOML).
    """
    if name not in GAME_NAMES:
        raise RulesError(f"unknown game {name!r} (choose from {', '.join(GAME_NAMES)})")
    rules = load_rules(name, overrides)
    module = import_module(f"game.rules.{name}")
    return module.Game(rules)
