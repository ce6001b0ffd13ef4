"""The pure rules core: one engine per game behind a common API.

``get_game(name, overrides)`` returns an engine bound to a validated house-rule set.
Engines are imported lazily so that a fault in one game never hides the others; for a
name known when the code is written (``get_game("cesta")``) a type checker sees that
engine's own class, with its state and move types.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from game.rules.base import Game
from game.rules.common import IllegalMove, Result, RulesError, StateError
from game.rules.events import Event
from game.rules.houserules import load_rules

if TYPE_CHECKING:
    from game.rules import cesta, cut_the_rope, royal_road

GAME_NAMES: tuple[str, ...] = ("cesta", "royal_road", "cut_the_rope")

# An engine chosen by name at run time (the command line, a save file): its state and move
# types are only known to the engine itself.
AnyGame = Game[Any, Any]

__all__ = ["GAME_NAMES", "AnyGame", "Event", "Game", "IllegalMove", "Result", "RulesError",
           "StateError", "get_game"]

Overrides = Mapping[str, Any] | str | Path | None


@overload
def get_game(name: Literal["cesta"], overrides: Overrides = None) -> cesta.Game: ...
@overload
def get_game(name: Literal["royal_road"], overrides: Overrides = None) -> royal_road.Game: ...
@overload
def get_game(name: Literal["cut_the_rope"], overrides: Overrides = None) -> cut_the_rope.Game:
    ...
@overload
def get_game(name: str, overrides: Overrides = None) -> AnyGame: ...


def get_game(name: str, overrides: Overrides = None) -> AnyGame:
    """An engine for ``name`` with the shipped default rules plus ``overrides``.

    ``overrides`` is a dict of house-rule keys or a path to a TOML file; problems raise
    ``RulesError`` naming the key (and file and line for TOML).
    """
    if name not in GAME_NAMES:
        raise RulesError(f"unknown game {name!r} (choose from {', '.join(GAME_NAMES)})")
    rules = load_rules(name, overrides)
    module = import_module(f"game.rules.{name}")
    engine: AnyGame = module.Game(rules)
    return engine
