"""The shipped ``config/rules/<game>.toml`` files document the defaults; the rules core
itself takes them from its schemas (it reads no file it was not given). The two must agree
key for key, and every key the schema knows must be documented in the file."""

from __future__ import annotations

import pytest

from game.paths import rules_defaults_file
from game.rules import GAME_NAMES, get_game
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import read_toml, validate


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_shipped_file_lists_exactly_the_engine_defaults(name: str) -> None:
    schema = SCHEMAS[name]
    path = rules_defaults_file(name)
    data, text = read_toml(path)
    from_file = validate(schema, data, schema.defaults(), file=str(path), text=text)
    assert from_file == schema.defaults()
    assert set(data) == set(schema.defaults()), "every key is documented in the file"
    assert get_game(name).rules == schema.defaults()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_shipped_file_passed_as_overrides_changes_nothing(name: str) -> None:
    assert get_game(name, rules_defaults_file(name)).rules == get_game(name).rules
