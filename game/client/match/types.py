"""The rules core's types as the client names them: one place, for any game's engine.

The client handles whichever game was picked at run time, so a move or a state is one of
the three games': ``Move`` and ``State`` are the unions of the engines' own types, and a
table narrows them to its game's with ``isinstance``. ``AnyGame`` is an engine chosen by
name at run time (its type parameters are only known to the engine itself).
"""

from __future__ import annotations

from game.rules import AnyGame, Event
from game.rules.cesta.moves import Move as CestaMove
from game.rules.cesta.state import CestaState
from game.rules.cut_the_rope.moves import Move as RopeMove
from game.rules.cut_the_rope.state import State as RopeState
from game.rules.royal_road.moves import Move as RoadMove
from game.rules.royal_road.state import State as RoadState

Move = CestaMove | RoadMove | RopeMove
State = CestaState | RoadState | RopeState

__all__ = ["AnyGame", "Event", "Move", "State"]
