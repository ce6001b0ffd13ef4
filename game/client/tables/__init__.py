"""Registry: game name → table scene class.

Each game's table is a package (or, until it is split, a module) under
``game/client/tables/`` that exports ``TABLE``, a ``tables.base.TableScene`` subclass. Adding a game
is one rules package, one table package and one line here. The module is imported when a
table is first needed, so a title screen never pays for the tables' art.
"""

from __future__ import annotations

from importlib import import_module

from game.client.table import Table

TABLE_MODULES: dict[str, str] = {
    "cesta": "game.client.tables.cesta",
    "royal_road": "game.client.tables.royal_road",
    "cut_the_rope": "game.client.tables.cut_the_rope",
}

# Each game's rules pages: a module with ``pages() -> list[scenes.rules_help.RulesPage]``
# (a table package's ``help`` role; the flat modules' ``<game>_rules`` until they land).
HELP_MODULES: dict[str, str] = {
    "cesta": "game.client.tables.cesta_rules",
    "royal_road": "game.client.tables.royal_road.help",
    "cut_the_rope": "game.client.tables.cut_the_rope.help",
}


def table_for(game_name: str) -> type[Table]:
    """The scene class for ``game_name``: called as ``cls(app, match)``."""
    module = import_module(TABLE_MODULES[game_name])
    table: type[Table] = module.TABLE
    return table
