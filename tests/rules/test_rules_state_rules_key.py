"""A serialised state names its house rules: loading it needs an engine with the same rules,
but a hand-written scenario may leave out the keys it does not change."""

from __future__ import annotations

import pytest

from game.rules import GAME_NAMES, StateError, get_game

CHANGED = {"cesta": ("hand_size", 6), "royal_road": ("track_cards", 17),
           "cut_the_rope": ("hand_size", 5)}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_may_be_partial_or_empty(name: str) -> None:
    game = get_game(name)
    data = game.to_dict(game.new_game(players=2, seed=3))
    full = game.to_dict(game.from_dict(data))
    for rules in ({}, {k: v for k, v in list(data["rules"].items())[:2]}):
        partial = dict(data, rules=rules)
        assert game.to_dict(game.from_dict(partial)) == full


@pytest.mark.parametrize("name", GAME_NAMES)
def test_other_rules_are_refused_naming_the_key(name: str) -> None:
    key, value = CHANGED[name]
    other = get_game(name, {key: value})
    data = other.to_dict(other.new_game(players=2, seed=3))
    with pytest.raises(StateError, match=key):
        get_game(name).from_dict(data)
    assert other.to_dict(other.from_dict(data)) == data


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unknown_rule_key_is_refused(name: str) -> None:
    game = get_game(name)
    data = game.to_dict(game.new_game(players=2, seed=3))
    with pytest.raises(StateError, match="no_such_rule"):
        game.from_dict(dict(data, rules={"no_such_rule": 1}))
