"""Cut the Rope's exact endgame: the draw pile is gone and every card this seat cannot see
must lie in one place (the other player's hand, with no hidden card left under either
personal pile's top), or every unseen card has the same value. Then the deal is known; the
line stops being exact if a completed row's cards are reshuffled into a new draw pile."""

from __future__ import annotations

import random
from collections.abc import Hashable

from game.rules.cut_the_rope.engine import Game
from game.rules.cut_the_rope.state import State


def determined(game: Game, view: State, seat: int) -> State | None:
    """The full state when the view leaves exactly one way to deal the unseen cards: the
    draw pile is empty and either no card is hidden under a personal pile's top (then the
    other hand, a count vector, is what is left) or every unseen card has one value."""
    if view.viewer is None:
        return view
    if view.draw or game.is_over(view):
        return None
    state = game.determinize(view, seat, random.Random(0))
    if not any(c < 0 for pile in view.piles for c in pile):
        return state
    return state if _unseen_values(view, state) <= 1 else None


def _unseen_values(view: State, state: State) -> int:
    """How many distinct card values the unseen cards have (one: any deal is the same)."""
    values: set[int] = set()
    for s, hand in enumerate(view.hands):
        if hand[-1]:
            values.update(c for c, n in enumerate(state.hands[s][:-1]) if n)
    for pile, full in zip(view.piles, state.piles, strict=True):
        values.update(f for c, f in zip(pile, full, strict=True) if c < 0)
    return len(values)


def key(state: State) -> Hashable:
    """Everything that shapes the rest of the game (rows, piles, hands, the stall count)."""
    return (state.to_move, state.piles, state.hands, state.aux, state.rows, state.discard,
            state.stall, state.began_empty, state.built, len(state.draw))


def chance_free(game: Game, state: State) -> bool:
    """Exact only while nothing is drawn from a reshuffled discard pile."""
    return not state.draw
