"""The Královská cesta table as one package (``TABLE`` is its scene class).

Roles, the same in every table package: ``scene`` owns the state and wires the others;
``layout`` places everything from the window's real size; ``render`` draws the board and
``hud`` the panels around it (``screens`` the full-table moments) from a ``TableView``
snapshot; ``input`` turns clicks and keys into the engine's Move values; ``present`` turns
the rules' events into motion, banners and log lines; ``describe`` puts moves into words;
``help`` holds the rules pages; ``art``, ``fx``, ``motion`` and ``strings`` serve them.

``TABLE`` is looked up lazily, so importing a side module (the i18n strings, the rules
pages) does not pull the whole scene and all its drawing code in with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.client.tables.royal_road.scene import RoyalRoadTable

__all__ = ["TABLE"]


def __getattr__(name: str) -> Any:
    if name == "TABLE":
        from game.client.tables.royal_road.scene import RoyalRoadTable

        return RoyalRoadTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


TABLE: type[RoyalRoadTable]
