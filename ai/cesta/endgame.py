"""Cesta's exact endgame: once both decks are empty, the other hand is exactly the cards
this seat cannot see anywhere else, and no card is drawn again (so nothing is left to
chance)."""

from __future__ import annotations

import random
from collections.abc import Hashable

from game.rules.cesta.engine import Game
from game.rules.cesta.state import CestaState


def determined(game: Game, view: CestaState, seat: int) -> CestaState | None:
    """The full state when both decks are empty (the hidden hand known by elimination)."""
    if view.view_of is None:
        return view
    if view.event_deck or view.action_deck or game.is_over(view):
        return None
    # With no deck left, determinize has exactly one way to fill the hidden hand (only the
    # order of its cards varies, which the key and the rules ignore).
    return game.determinize(view, seat, random.Random(0))


def key(state: CestaState) -> Hashable:
    """The position up to what cannot matter: hand order and the order cards were laid."""
    ev = tuple(sum(1 << c for c in side) for side in state.ev)
    act = tuple(tuple(sorted(side)) for side in state.act)
    return (state.to_move, state.step, state.passes, tuple(sorted(state.hands[0])),
            tuple(sorted(state.hands[1])), ev, act, state.owner)


def chance_free(game: Game, state: CestaState) -> bool:
    """No draws happen once both decks are empty."""
    return not state.event_deck and not state.action_deck
