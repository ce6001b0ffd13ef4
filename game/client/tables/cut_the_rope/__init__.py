"""The Cut the Rope table as one package.

``scene`` holds the ``TableScene`` (``TABLE`` for the registry); the side modules never
import it: ``model`` (the table's state and legal moves), ``layout``, ``input`` (mouse and
keys to ``Move`` values), ``present`` (events to animations and log lines), ``render`` +
``seats`` + ``hud`` + ``paint`` (drawing), ``describe`` (words for moves and events),
``art`` and ``help`` (the rules pages).

``TABLE`` is loaded on first use, so reading the rules pages (the rules help imports that
module by name) does not pull in the whole table.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TABLE", "CutTheRopeTable"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from game.client.tables.cut_the_rope import scene

        return getattr(scene, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
