"""The Cesta table: one package, one role per module.

``scene`` is the ``TableScene`` (it owns the state and wires the others together);
``layout`` places everything from the window's size; ``render`` and ``hud`` draw the
``model.TableShows`` the scene builds each frame; ``input`` turns mouse and keys into the
engine's ``Move`` values; ``present`` turns the engine's events into animations and log
lines; ``describe`` names moves, cards and claims in words (the names the AI's reasons
share live in ``game.i18n.cesta``); ``help`` is the rules pages; ``cards``/``art``/``info``/
``paint`` are card codes, card pictures, the tracker's numbers and shared drawing pieces.
Side modules never import ``scene``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TABLE", "CestaTable"]


def __getattr__(name: str) -> Any:
    """``TABLE`` (the registry's entry) and ``CestaTable`` load the scene on first use, so
    importing a light side module (``describe`` for words, ``help`` for the rules screen)
    does not load the whole table."""
    if name in __all__:
        from game.client.tables.cesta import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
