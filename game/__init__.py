"""Herna: a game room for Cesta, Královská cesta and Cut the Rope.

``game.rules`` is the pure rules core; ``game.client`` is the pygame-ce client. Nothing
runs at import time.
"""

__version__ = "0.1.0"
