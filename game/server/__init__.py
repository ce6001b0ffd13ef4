"""Herna's authoritative online game server (``herna serve``; protocol in docs/protocol.md).

The server holds the only full state of every room and sends each connection what its
seat may see. Nothing here imports pygame: a server needs no display. ``main`` is the
command line; ``Server`` (in ``game.server.server``) is what tests and the load script
start inside their own event loop.
"""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """``herna serve [--host H] [--port P] [--data DIR]``: run until interrupted."""
    from game.server.cli import run

    return run(argv)
