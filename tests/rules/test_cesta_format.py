"""Cesta: the state format (validation of from_dict), views, notation and house-rule errors."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.rules import IllegalMove, RulesError, StateError, get_game
from game.rules.cesta import Draw, Pass, Play

GAME = get_game("cesta")


def fresh() -> dict[str, Any]:
    state = GAME.new_game(2, 11)
    rng = random.Random(3)
    for _ in range(12):
        state, _ = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    return GAME.to_dict(state)


def broken(change: Any) -> None:
    data = copy.deepcopy(fresh())
    change(data)
    with pytest.raises(StateError):
        GAME.from_dict(data)


def test_to_dict_has_the_required_keys() -> None:
    data = fresh()
    for key in ("game", "version", "players", "to_move", "winners", "rules", "step", "passes",
                "hands", "event_deck", "action_deck", "milestones"):
        assert key in data
    assert data["game"] == "cesta" and data["version"] == 1 and data["players"] == 2
    assert data["rules"] == GAME.rules and isinstance(data["rng"], int)
    assert set(data["milestones"][0]) == {"sides", "owner"}
    assert set(data["milestones"][0]["sides"][0]) == {"events", "actions"}


def test_from_dict_rejects_a_missing_key() -> None:
    broken(lambda d: d.pop("hands"))


def test_from_dict_rejects_a_card_twice() -> None:
    broken(lambda d: d["hands"][0].append(d["hands"][1][0]))


def test_from_dict_rejects_a_missing_card() -> None:
    broken(lambda d: d["event_deck"].pop())


def test_from_dict_rejects_four_events_on_a_side() -> None:
    def change(d: dict) -> None:
        side = d["milestones"][4]["sides"][0]["events"]
        while len(side) < 4:
            side.append(d["event_deck"].pop())
    broken(change)


def test_from_dict_rejects_a_kind_twice_at_a_milestone() -> None:
    data = GAME.to_dict(GAME.new_game(2, 1))  # all six action cards are in the deck
    data["action_deck"] = ["TIME", "TIME", "DEED", "DEED"]
    data["milestones"][0]["sides"][0]["actions"] = ["RUST"]
    data["milestones"][0]["sides"][1]["actions"] = ["RUST"]
    with pytest.raises(StateError, match="twice at milestone 1"):
        GAME.from_dict(data)


def test_from_dict_rejects_one_player_using_a_kind_twice() -> None:
    data = GAME.to_dict(GAME.new_game(2, 1))
    data["action_deck"] = ["TIME", "TIME", "DEED", "DEED"]
    data["milestones"][0]["sides"][0]["actions"] = ["RUST"]
    data["milestones"][1]["sides"][0]["actions"] = ["RUST"]
    with pytest.raises(StateError, match="more than once"):
        GAME.from_dict(data)
    data["milestones"][1]["sides"][0]["actions"] = []
    data["milestones"][1]["sides"][1]["actions"] = ["RUST"]
    GAME.from_dict(data)  # one each is fine


def test_from_dict_rejects_a_claim_without_three_events() -> None:
    broken(lambda d: d["milestones"][2].update(owner=0))


def test_from_dict_rejects_other_house_rules_and_bad_values() -> None:
    broken(lambda d: d["rules"].update(hand_size=6))
    broken(lambda d: d.update(step="dance"))
    broken(lambda d: d.update(to_move=2))
    broken(lambda d: d.update(passes=-1))
    broken(lambda d: d.update(game="royal_road"))
    broken(lambda d: d["hands"][0].append("X9"))
    broken(lambda d: d["event_deck"].append("TIME"))
    broken(lambda d: d.update(winners=[0]))


def test_round_trip_gives_the_same_dict() -> None:
    data = fresh()
    assert GAME.to_dict(GAME.from_dict(data)) == data


def test_view_hides_hand_and_decks_and_round_trips() -> None:
    state = GAME.from_dict(fresh())
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    data = GAME.to_dict(view)
    assert data["view_of"] == seat and data["rng"] is None
    assert set(data["hands"][1 - seat]) <= {"??", "?A"}
    assert GAME.to_dict(GAME.from_dict(data)) == data
    assert GAME.legal_moves(GAME.from_dict(data)) == GAME.legal_moves(state)
    data.pop("view_of")  # the viewer is inferred from where the unknowns are
    assert GAME.from_dict(data).view_of == seat


def test_view_of_the_seat_not_to_move_has_no_legal_moves_to_offer() -> None:
    state = GAME.from_dict(fresh())
    other = 1 - GAME.current_player(state)
    with pytest.raises(StateError):
        GAME.legal_moves(GAME.view(state, other))


def test_moves_cannot_be_applied_to_a_view() -> None:
    state = GAME.from_dict(fresh())
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    with pytest.raises(IllegalMove, match="view"):
        GAME.apply(view, GAME.legal_moves(view)[0])


def test_determinize_gives_a_full_state_consistent_with_the_view() -> None:
    state = GAME.from_dict(fresh())
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    det = GAME.determinize(view, seat, random.Random(5))
    assert det.view_of is None
    assert GAME.to_dict(GAME.view(det, seat)) == GAME.to_dict(view)
    GAME.from_dict(GAME.to_dict(det))
    again = GAME.determinize(view, seat, random.Random(5))
    assert GAME.to_dict(again) == GAME.to_dict(det)


def test_notation_round_trip_and_errors() -> None:
    assert GAME.format_move(Play("R7", 3)) == "play R7 3"
    assert GAME.format_move(Play("RUST", 2)) == "play RUST 2"
    assert GAME.format_move(Draw("event")) == "draw event"
    assert GAME.format_move(Draw("action")) == "draw action"
    assert GAME.format_move(Pass()) == "pass"
    state = GAME.new_game(2, 4)
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.format_move(move)) == move
        assert GAME.parse_move(state, "  " + GAME.format_move(move).replace(" ", "   ")) == move
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, "draw event")
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, "play Z9 1")


def test_illegal_moves_raise_with_a_reason() -> None:
    state = GAME.new_game(2, 4)
    with pytest.raises(IllegalMove, match="Play a card first") as refusal:
        GAME.apply(state, Draw("event"))
    assert refusal.value.reason == "'draw event': Play a card first, then draw."
    assert refusal.value.message == "Play a card first, then draw." and not refusal.value.values
    with pytest.raises(IllegalMove, match="no such card"):
        GAME.apply(state, Play("Z9", 1))
    with pytest.raises(IllegalMove):
        GAME.apply(state, "pass")


def test_apply_leaves_its_input_unchanged() -> None:
    state = GAME.from_dict(fresh())
    before = GAME.to_dict(state)
    GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.to_dict(state) == before


@pytest.mark.parametrize("overrides", [{"milestones": 4}, {"hand_size": 0},
                                       {"ranking": ["sum"]}, {"win_any": 9}])
def test_bad_house_rules_raise_rules_error(overrides: dict) -> None:
    with pytest.raises(RulesError):
        get_game("cesta", overrides)


def test_more_milestones_house_rule() -> None:
    game = get_game("cesta", {"milestones": 9, "win_any": 5})
    state = game.new_game(2, 1)
    assert len(game.legal_moves(state)) == 45
    assert len(game.to_dict(state)["milestones"]) == 9


def test_mangled_dicts_load_cleanly_or_raise_state_error() -> None:
    """Random damage to saved states and views: never a crash, only StateError or a
    position that round-trips and can be played on."""
    rng = random.Random(7)
    junk: list[Any] = [None, True, 0, 1, 2, -1, 3.5, "x", "R7", "??", "?A", "TIME", [], {},
                       ["R7"], [[]], {"a": 1}]
    states = []
    for seed in range(6):
        state = GAME.new_game(2, seed)
        while not GAME.is_over(state):
            states.append(state)
            state, _ = GAME.apply(state, rng.choice(GAME.legal_moves(state)))

    def paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
        out = [prefix]
        if isinstance(obj, dict):
            for key, value in obj.items():
                out += paths(value, prefix + (key,))
        elif isinstance(obj, list):
            for i, value in enumerate(obj):
                out += paths(value, prefix + (i,))
        return out

    accepted = 0
    for _ in range(1500):
        state = rng.choice(states)
        data = GAME.to_dict(state) if rng.random() < 0.7 else \
            GAME.to_dict(GAME.view(state, rng.randrange(2)))
        path = rng.choice(paths(data)[1:])
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and rng.random() < 0.3:
            parent.pop(path[-1])
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(junk))
        try:
            loaded = GAME.from_dict(data)
        except StateError:
            continue
        accepted += 1
        again = GAME.to_dict(loaded)
        assert GAME.to_dict(GAME.from_dict(again)) == again
        if loaded.view_of is None and not GAME.is_over(loaded):
            for move in GAME.legal_moves(loaded):
                GAME.apply(loaded, move)
    assert accepted > 0
