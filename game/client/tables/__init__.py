"""Registry: game name → table scene class, imported lazily.

A table module ``game/client/tables/<game>.py`` exports ``TABLE`` (a ``TableScene``
subclass). Until a game's module exists, ``table_for`` returns a friendly "coming soon"
scene instead of crashing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

TABLE_MODULES = {
    "cesta": "game.client.tables.cesta",
    "royal_road": "game.client.tables.royal_road",
    "cut_the_rope": "game.client.tables.cut_the_rope",
}


def table_for(game_name: str) -> Any:
    """The scene class for ``game_name``: called as ``cls(app, match)``."""
    module_name = TABLE_MODULES.get(game_name)
    if module_name is not None:
        try:
            module = import_module(module_name)
            return module.TABLE
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
        except AttributeError:
            pass
    from game.client.scenes.coming_soon import ComingSoonScene

    return lambda app, match: ComingSoonScene(app, game_name, match)


def available(game_name: str) -> bool:
    """Whether a real table exists for the game (the title marks the others "soon")."""
    from importlib.util import find_spec

    module_name = TABLE_MODULES.get(game_name)
    try:
        return module_name is not None and find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False
