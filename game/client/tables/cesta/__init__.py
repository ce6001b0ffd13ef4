"""The Cesta table: one package, one role per module.

``scene`` is the ``TableScene`` (it owns the state and wires the others together);
``layout`` places everything from the window's size; ``render`` and ``hud`` draw what the
scene says the table shows; ``input`` turns mouse and keys into the engine's ``Move``
values; ``present`` turns the engine's events into animations and log lines; ``help`` is
the rules pages. Side modules never import ``scene``.
"""

from game.client.tables.cesta.scene import TABLE, CestaTable

__all__ = ["TABLE", "CestaTable"]
