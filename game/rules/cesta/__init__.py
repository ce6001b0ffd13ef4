"""Cesta: two players race to control milestones of a path with 3-card combinations.

The rules are in ``shared/spec/cesta.md``; ``Game`` implements the common engine API.
"""

from game.rules.cesta.engine import Game
from game.rules.cesta.moves import Draw, Move, Pass, Play

__all__ = ["Draw", "Game", "Move", "Pass", "Play"]
