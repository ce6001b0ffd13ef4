"""Nothing a TOML file holds crashes Herna: size, nesting, odd bytes and every rule check.

Every TOML file goes through ``houserules.read_toml``; every house-rule value through the
schema checks. Whatever they are given, they answer with a rule set or a ``RulesError``
naming the file, line and key — never another exception.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAME_NAMES, RulesError, get_game
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import MAX_TOML_BYTES, load_rules, parse_toml, read_toml

DEEP = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"


def test_deeply_nested_toml_is_a_rules_error_naming_the_file(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(DEEP, "utf-8")
    with pytest.raises(RulesError, match="nested too deeply") as caught:
        read_toml(path)
    assert caught.value.file == str(path)
    assert "\n" not in str(caught.value)


def test_moderately_deep_data_is_refused_before_later_code_recurses():
    text = "ranking = " + "[" * 200 + "]" * 200 + "\n"
    with pytest.raises(RulesError, match="nested too deeply"):
        parse_toml(text)


def test_a_huge_integer_is_a_rules_error_not_a_value_error(tmp_path):
    path = tmp_path / "cesta.toml"
    path.write_text("hand_size = " + "9" * 5000 + "\n", "utf-8")
    with pytest.raises(RulesError, match="cannot be read"):
        load_rules("cesta", path)


def test_files_over_a_megabyte_are_refused_unread(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"# padding\n" * (MAX_TOML_BYTES // 10 + 1))
    with pytest.raises(RulesError, match="too large") as caught:
        read_toml(path)
    assert caught.value.file == str(path)


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "cesta.toml"
    path.write_bytes("\ufeffhand_size = 6\n".encode())
    assert load_rules("cesta", path)["hand_size"] == 6


def test_a_folder_or_missing_file_is_a_clear_rules_error(tmp_path):
    with pytest.raises(RulesError, match="not a regular file"):
        read_toml(tmp_path)
    with pytest.raises(RulesError, match="cannot read"):
        read_toml(tmp_path / "missing.toml")


@pytest.mark.parametrize("key", ["²", "١", "02", "7", "1", "two", " 2", "2.0", ""])
def test_bad_player_counts_in_pile_sizes_name_file_line_and_key(tmp_path, key):
    path = tmp_path / "cut_the_rope.toml"
    path.write_text(f'hand_size = 6\n\n[pile_sizes]\n"{key}" = 20\n', "utf-8")
    with pytest.raises(RulesError, match="bad player count") as caught:
        get_game("cut_the_rope", path)
    error = caught.value
    assert (error.file, error.line, error.key) == (str(path), 3, "pile_sizes")


def test_pile_sizes_may_use_integer_keys_from_code_but_not_twice():
    assert get_game("cut_the_rope", {"pile_sizes": {2: 20, 3: 20, 4: 16, 5: 16, 6: 12}})
    with pytest.raises(RulesError, match="two pile sizes"):
        get_game("cut_the_rope", {"pile_sizes": {2: 20, "2": 20, 3: 20, 4: 16, 5: 16, 6: 12}})


def test_unknown_keys_with_control_characters_stay_one_printable_line():
    with pytest.raises(RulesError) as caught:
        get_game("cesta", {"bad\x00\nkey": 1})
    assert str(caught.value).isprintable()


def test_values_in_messages_are_cut_short():
    with pytest.raises(RulesError) as caught:
        get_game("cesta", {"ranking": ["x" * 10_000]})
    assert len(str(caught.value)) < 300


# --- any table: a rule set or a RulesError ------------------------------------------------------

_scalars = st.one_of(
    st.integers(min_value=-(10 ** 6), max_value=10 ** 6), st.integers(), st.booleans(),
    st.floats(allow_nan=True), st.text(max_size=8),
    st.sampled_from(["third", "random", "any-but-ends", "off", "rS-yM-gL", "2", "²", "S"]),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.one_of(st.text(string.digits + "²١x", max_size=2),
                                st.integers(0, 8)), inner, max_size=5),
    max_leaves=12,
)


def _table_for(game: str) -> st.SearchStrategy[dict[Any, Any]]:
    names = st.sampled_from(SCHEMAS[game].names) | st.text(max_size=6)
    return st.dictionaries(names, _values, max_size=6)


@pytest.mark.parametrize("game", GAME_NAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_tables_give_a_rule_set_or_a_rules_error(game, data):
    table = data.draw(_table_for(game))
    try:
        engine = get_game(game, table)
        rules = engine.rules
        engine.new_game(rules.get("players_min", 2), seed=1)
    except RulesError as error:
        assert str(error).isprintable()
        assert error.key is None or isinstance(error.key, str)


@pytest.mark.parametrize("game", GAME_NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet='[]{}="\'.,#\n 0123456789abx_-²\ufeff', max_size=80))
def test_random_toml_text_gives_a_rule_set_or_a_rules_error(game, tmp_path, text):
    path: Path = tmp_path / f"{game}.toml"
    path.write_text(text, "utf-8")
    try:
        load_rules(game, path)
    except RulesError as error:
        assert error.file == str(path)
        assert str(error).isprintable()


# --- the client's readers: defaults, a message, the file kept ------------------------------------

@pytest.mark.parametrize("content", [DEEP.encode(), b"volume = " + b"9" * 5000 + b"\n",
                                     b"# x\n" * (MAX_TOML_BYTES // 4 + 1)])
def test_settings_that_cannot_be_parsed_fall_back_to_defaults_and_keep_their_bytes(
        tmp_path, content):
    from game.client.storage.settings import BUILTIN_DEFAULTS, load_settings

    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    settings = load_settings(tmp_path)
    [problem] = settings.problems
    assert problem.file == str(path) and "\n" not in str(problem)
    assert settings["volume"] == BUILTIN_DEFAULTS["volume"]
    settings.set("mute", True)
    assert settings.save() is False  # never overwritten while broken
    assert path.read_bytes() == content


def test_settings_with_a_byte_order_mark_are_read(tmp_path):
    from game.client.storage.settings import load_settings

    (tmp_path / "settings.toml").write_bytes('\ufefflanguage = "en"\n'.encode())
    settings = load_settings(tmp_path)
    assert settings["language"] == "en" and not settings.problems


def test_a_settings_key_with_control_characters_is_reported_printably(tmp_path):
    from game.client.storage.settings import load_settings

    (tmp_path / "settings.toml").write_text('"bad\\u0000key" = 1\n', "utf-8")
    [problem] = load_settings(tmp_path).problems
    assert str(problem).isprintable() and problem.short().isprintable()


@pytest.mark.parametrize("content", [DEEP, '[pile_sizes]\n"²" = 20\n'])
def test_user_rules_that_cannot_be_used_are_a_problem_and_keep_their_bytes(
        tmp_path, monkeypatch, content):
    from game.client.storage.user_rules import load_user_rules, overrides_for, problems

    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path))
    path = tmp_path / "rules" / "cut_the_rope.toml"
    path.parent.mkdir()
    path.write_text(content, "utf-8")
    user = load_user_rules("cut_the_rope")
    assert user.problem is not None and user.problem.file == str(path)
    assert overrides_for("cut_the_rope") is None  # new games use the original rules
    [found] = problems()
    assert found.where().isprintable() and "\n" not in found.message
    assert path.read_text("utf-8") == content
