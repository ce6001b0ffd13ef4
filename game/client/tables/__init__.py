"""Registry: game name → table scene class.

Each game's table is a package ``game/client/tables/<game>/`` that exports ``TABLE``, a
``tables.base.TableScene`` subclass; its ``help`` and ``strings`` modules are found by
name (``scenes.rules_help``, ``i18n``). Adding a game is one rules package, one table
package and one line here. The package is imported when a table is first needed, so a
title screen never pays for the tables' art.
"""

from __future__ import annotations

from importlib import import_module

from game.client.stage.table import Table

TABLE_MODULES: dict[str, str] = {
    "cesta": "game.client.tables.cesta",
    "royal_road": "game.client.tables.royal_road",
    "cut_the_rope": "game.client.tables.cut_the_rope",
}


def table_for(game_name: str) -> type[Table]:
    """The scene class for ``game_name``: called as ``cls(app, match)``."""
    module = import_module(TABLE_MODULES[game_name])
    table: type[Table] = module.TABLE
    return table
