"""The rules core's types as the client names them: one place, for any game's engine.

The client handles whichever game was picked at run time, so its engine, states and moves
are "some game's": ``AnyGame`` and ``Move`` / ``State`` stand for that. Every client module
takes these names from here, so when the rules core's typing changes (a generic
``Game[S, M]``, typed events) only this file follows it.
"""

from __future__ import annotations

from typing import Any

from game.rules import AnyGame, Event

Move = Any    # one of the engines' frozen move types (the game is chosen at run time)
State = Any   # one of the engines' state types

__all__ = ["AnyGame", "Event", "Move", "State"]
