"""What one seat may know: views, determinization and hiding events.

A view keeps the table open (pile tops, auxiliary and main rows, the discard pile) and
replaces everything else — other hands, the cards under each pile's top, the draw pile —
with unknown cards (-1). Determinization deals the cards nobody can see back into exactly
those places, uniformly at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules.common import StateError
from game.rules.cut_the_rope.events import Drew
from game.rules.cut_the_rope.state import State
from game.rules.events import Event

if TYPE_CHECKING:
    from game.rules.cut_the_rope.engine import Game


def view(game: Game, state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (rng removed, so the future stays unknown)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise StateError(f"no seat {seat!r} in a {state.players}-player game")
    new = state.copy()
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hidden = list(game.empty_hand)
            hidden[-1] = sum(hand)
            hands.append(tuple(hidden))
    new.hands = tuple(hands)
    new.piles = tuple(((-1,) * (len(p) - 1) + p[-1:]) if p else () for p in state.piles)
    new.draw = (-1,) * len(state.draw)
    new.rng = None
    new.viewer = seat
    return new


def determinize(game: Game, state: State, seat: int, rng: random.Random) -> State:
    """A full state that ``seat`` cannot tell apart from the real one."""
    if state.viewer != seat:
        state = view(game, state, seat)
    pool = list(game.deck_counts)
    unknown = 0

    def see(cards: tuple[int, ...]) -> None:
        nonlocal unknown
        for card in cards:
            if card < 0:
                unknown += 1
            else:
                pool[card] -= 1

    for pile in state.piles:
        see(pile)
    for hand in state.hands:
        for card, count in enumerate(hand[:-1]):
            pool[card] -= count
        unknown += hand[-1]
    for aux_rows in state.aux:
        for aux_row in aux_rows:
            see(aux_row)
    for main_row in state.rows:
        if main_row is not None:
            see(main_row[0])
    see(state.draw)
    see(state.discard)
    if min(pool) < 0 or sum(pool) != unknown:
        raise StateError("the view's visible cards do not fit the deck")
    cards = [card for card, count in enumerate(pool) for _ in range(count)]
    rng.shuffle(cards)
    it = iter(cards)
    new = state.copy()
    new.piles = tuple(tuple(next(it) if c < 0 else c for c in pile) for pile in state.piles)
    hands = []
    for hand in state.hands:
        if hand[-1]:
            full = list(hand)
            for _ in range(hand[-1]):
                full[next(it)] += 1
            full[-1] = 0
            hand = tuple(full)
        hands.append(hand)
    new.hands = tuple(hands)
    new.draw = tuple(next(it) if c < 0 else c for c in state.draw)
    new.rng = rng.getrandbits(64)
    new.viewer = None
    return new


def view_events(events: Sequence[Event], seat: int) -> list[Event]:
    """Copies of ``events`` with the cards other seats drew replaced by "??"."""
    return [replace(event, cards=("??",) * len(event.cards))
            if isinstance(event, Drew) and event.seat != seat else event
            for event in events]
