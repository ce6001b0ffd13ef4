"""The engines' memo tables: shared events and derived fields never go stale.

Cut the Rope keeps what each main row needs next beside the rows (``State.needs``) and
keys its move tables on it; both engines hand out shared instances of recurring events.
These tests replay random games on one long-lived engine and check every step against a
fresh engine working from the serialised state, so a memo that returned something stale
(an event of another seat, a build list of other rows) would show as a difference.
"""

from __future__ import annotations

import random

import pytest

from game.rules import get_game
from game.rules.cut_the_rope.state import needs_of

CTR_VARIANTS = [
    {},
    {"refill_when_empty": True},
    {"main_rows": 1, "aux_rows": 1},
    {"row_length": 5, "copies": 10, "scissors": 6, "hand_size": 3,
     "pile_sizes": {"2": 10, "3": 10, "4": 8, "5": 6, "6": 5}},
    {"main_rows": 6, "aux_rows": 6},
]


def _biased(moves: list, rng: random.Random):
    builds = [m for m in moves if m.kind == "build"]
    if builds and rng.random() < 0.85:
        return rng.choice(builds)
    return rng.choice([m for m in moves if m.kind == "end"])


@pytest.mark.parametrize("variant", range(len(CTR_VARIANTS)))
def test_cut_the_rope_needs_and_shared_events_match_a_fresh_engine(variant: int) -> None:
    overrides = CTR_VARIANTS[variant]
    warm = get_game("cut_the_rope", overrides)
    length = warm.row_length
    steps = 0
    for game_index in range(3):
        players = 2 + (game_index + variant) % 3
        rng = random.Random(variant * 10 + game_index)
        state = warm.new_game(players, 500 + variant * 10 + game_index)
        while not warm.is_over(state) and steps < 4000:
            assert state.needs == needs_of(state.rows, length)
            fresh = get_game("cut_the_rope", overrides)
            twin = fresh.from_dict(warm.to_dict(state))
            assert twin.needs == state.needs
            moves = warm.legal_moves(state)
            assert [warm.format_move(m) for m in moves] == \
                [fresh.format_move(m) for m in fresh.legal_moves(twin)]
            seat = warm.current_player(state)
            assert seat is not None
            view = warm.view(state, seat)
            assert view.needs == state.needs
            assert warm.legal_moves(view) == moves
            state = _apply_on_both(warm, fresh, state, twin, _biased(moves, rng))
            steps += 1
    assert steps > 150


def test_royal_road_shared_events_match_a_fresh_engine() -> None:
    warm = get_game("royal_road")
    steps = 0
    for game_index in range(4):
        players = 2 + game_index % 4
        rng = random.Random(game_index)
        state = warm.new_game(players, 700 + game_index)
        while not warm.is_over(state) and steps < 3000:
            fresh = get_game("royal_road")
            twin = fresh.from_dict(warm.to_dict(state))
            moves = warm.legal_moves(state)
            state = _apply_on_both(warm, fresh, state, twin, rng.choice(moves))
            steps += 1
    assert steps > 300


def _apply_on_both(warm, fresh, state, twin, move):
    """Play ``move`` on the warm engine and, by its notation, on the fresh one's twin state:
    the same events (equal and as dicts) and the same next state; returns the warm state."""
    state, events = warm.apply(state, move)
    twin, fresh_events = fresh.apply(twin, fresh.parse_move(twin, warm.format_move(move)))
    assert events == fresh_events
    assert [e.to_dict() for e in events] == [e.to_dict() for e in fresh_events]
    assert warm.to_dict(state) == fresh.to_dict(twin)
    return state
