"""The rules' own answers for what the tables show: what a Cut the Rope row needs next and
what its scissors stand for, how far a Královská cesta secret card's trio has come."""

from __future__ import annotations

import pytest

from game.rules import get_game
from game.rules.cut_the_rope.serial import row_need
from game.rules.cut_the_rope.state import number_at
from game.rules.royal_road.progress import goal_position, trio_progress


def test_number_at_counts_up_from_one_and_down_from_the_length() -> None:
    assert [number_at(i, True, 10) for i in range(3)] == [1, 2, 3]
    assert [number_at(i, False, 10) for i in range(3)] == [10, 9, 8]
    assert number_at(0, False, 7) == 7   # a house-rule row length


def test_row_need_agrees_with_the_engine_on_real_positions() -> None:
    game = get_game("cut_the_rope")
    state = game.new_game(2, 11)
    checked = 0
    for _ in range(200):
        if game.is_over(state):
            break
        data = game.to_dict(state)
        needs = tuple(row_need(row, game.row_length) for row in data["rows"])
        assert needs == state.needs
        checked += sum(1 for need in needs if need is not None)
        state, _ = game.apply(state, game.legal_moves(state)[0])
    assert checked > 0
    assert row_need(None, 10) is None
    assert row_need({"cards": ["10", "S"], "dir": "down"}, 10) == 8


def test_trio_progress_reads_goal_from_the_track() -> None:
    game = get_game("royal_road")
    state = game.new_game(2, 3)
    data = game.to_dict(state)
    track = data["track"]
    goal = goal_position(track)
    assert goal == state.ti.goal and track[goal] == "GOAL"
    pyramids = dict(data["pyramids"])
    pyramids.update({"rS": goal, "gM": goal, "kL": 4})
    progress = trio_progress("rS-gM-kL", pyramids, track)
    assert progress.pyramids == ("rS", "gM", "kL")
    assert progress.places == (goal, goal, 4)
    assert progress.done == 2 and not progress.complete
    pyramids["kL"] = goal
    assert trio_progress("rS-gM-kL", pyramids, track).complete
    with pytest.raises(ValueError):
        trio_progress("START", pyramids, track)


def test_stop_positions_are_the_cards_showing_the_colour() -> None:
    from game.rules.royal_road.state import stop_positions

    track = ["START", "rS-gM-bL", "yS-rM-kL", "gS-bM-kL", "JAIL", "TRAPDOOR", "GOAL"]
    assert stop_positions(track, "rS") == {1, 2}
    assert stop_positions(track, "kL") == {2, 3}
    assert stop_positions(track, "yM") == {2}
