"""Cut the Rope: karetní hra — the rules core (see ``shared/spec/cut-the-rope.md``)."""

from game.rules.cut_the_rope.engine import Game
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State

__all__ = ["Game", "Move", "State"]
