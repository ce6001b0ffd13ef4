"""The rules core's types as the client names them: one place, for any game's engine.

The client handles whichever game was picked at run time, so its engine, states and moves
are "some game's": ``AnyGame`` and ``Move`` / ``State`` stand for that. Every client module
takes these names from here, so when the rules core's typing changes (a generic
``Game[S, M]``, typed events) only this file follows it.
"""

from __future__ import annotations

from game.rules import GameRules
from game.rules.base import Event, Move, State

AnyGame = GameRules

__all__ = ["AnyGame", "Event", "Move", "State"]
