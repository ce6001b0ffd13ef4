"""The foundation: house-rule loading and validation, paths, command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.paths import asset_dir, rules_defaults_file
from game.rules import GAME_NAMES, RulesError
from game.rules.common import rng_below, rng_shuffle, seed_to_rng
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import load_rules, read_toml

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_shipped_toml_lists_every_key_with_the_schema_default(name: str) -> None:
    data, _ = read_toml(rules_defaults_file(name))
    schema = SCHEMAS[name]
    assert set(data) == set(schema.names)
    assert load_rules(name) == schema.defaults()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_shipped_key_has_a_comment(name: str) -> None:
    text = rules_defaults_file(name).read_text(encoding="utf-8")
    for key in SCHEMAS[name].names:
        lines = text.splitlines()
        index = next(i for i, line in enumerate(lines)
                     if line.startswith(f"{key} =") or line.strip() == f"[{key}]")
        assert "#" in lines[index] or lines[index - 1].startswith("#"), key


def test_unknown_key_names_the_key() -> None:
    with pytest.raises(RulesError, match="no_such_key") as info:
        load_rules("cesta", {"no_such_key": 1})
    assert info.value.key == "no_such_key"


def test_wrong_type_names_the_key() -> None:
    with pytest.raises(RulesError, match="hand_size") as info:
        load_rules("cesta", {"hand_size": "five"})
    assert info.value.key == "hand_size"


@pytest.mark.parametrize("overrides,key", [
    ({"milestones": 4}, "milestones"),
    ({"milestones": 11}, "milestones"),
    ({"win_ends": 1}, "win_ends"),
    ({"hand_size": True}, "hand_size"),
    ({"ranking": ["sum", "run"]}, "ranking"),
    ({"win_any": 6}, "win_any"),
])
def test_cesta_out_of_range_values(overrides: dict, key: str) -> None:
    with pytest.raises(RulesError) as info:
        load_rules("cesta", overrides)
    assert info.value.key == key


@pytest.mark.parametrize("overrides,key", [
    ({"track_cards": 6}, "track_cards"),
    ({"bonus_swap": "sometimes"}, "bonus_swap"),
    ({"deck": ["rS-rM-rL"]}, "deck"),
    ({"keep": 5, "deal": 3}, "keep"),
    ({"deck": ["rS-gM-kL", "yS-gM-kL", "bS-gM-kL"] * 1}, "deck"),
    ({"first_player": "oldest"}, "first_player"),
])
def test_royal_road_bad_values(overrides: dict, key: str) -> None:
    with pytest.raises(RulesError) as info:
        load_rules("royal_road", overrides)
    assert info.value.key == key


@pytest.mark.parametrize("overrides,key", [
    ({"pile_sizes": {"2": 100}}, "pile_sizes"),
    ({"pile_sizes": {"7": 10}}, "pile_sizes"),
    ({"scissors": -1}, "scissors"),
    ({"copies": 1, "scissors": 0}, "pile_sizes"),
])
def test_cut_the_rope_bad_values(overrides: dict, key: str) -> None:
    with pytest.raises(RulesError) as info:
        load_rules("cut_the_rope", overrides)
    assert info.value.key == key


def test_integer_table_keys_are_normalised() -> None:
    rules = load_rules("cut_the_rope", {"pile_sizes": {2: 10, 3: 10, 4: 10, 5: 10, 6: 10}})
    assert rules["pile_sizes"]["2"] == 10


def test_overrides_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "quick.toml"
    path.write_text("hand_size = 6\nwin_any = 2\n", encoding="utf-8")
    rules = load_rules("cesta", path)
    assert rules["hand_size"] == 6 and rules["win_any"] == 2 and rules["milestones"] == 5


def test_toml_bad_value_reports_file_line_and_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("# my rules\nhand_size = 5\nmilestones = 4\n", encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules("cesta", path)
    assert info.value.key == "milestones" and info.value.line == 3
    assert str(path) in str(info.value) and ":3:" in str(info.value)


def test_toml_syntax_error_reports_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("hand_size = 5\nmilestones = = 4\n", encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules("cesta", path)
    assert info.value.line == 2 and "syntax" in str(info.value)


def test_missing_toml_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read"):
        load_rules("cesta", tmp_path / "nope.toml")


def test_loaded_rules_are_independent_copies() -> None:
    first = load_rules("cesta")
    first["ranking"].reverse()
    assert load_rules("cesta")["ranking"][0] == "colour_run"


def test_rng_is_deterministic_and_spread() -> None:
    state = seed_to_rng(42)
    values = []
    for _ in range(600):
        value, state = rng_below(state, 6)
        values.append(value)
    assert values == [v for v in values]  # same list object semantics
    assert {values.count(face) for face in range(6)} <= set(range(70, 131))
    deck = list(range(20))
    after = rng_shuffle(deck, seed_to_rng(7))
    deck2 = list(range(20))
    assert rng_shuffle(deck2, seed_to_rng(7)) == after and deck == deck2
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    assert seed_to_rng(1) != seed_to_rng(2)


def test_asset_folders_resolve() -> None:
    for name in ("sprites", "sounds", "config", "fonts"):
        assert asset_dir(name).is_dir(), name


def _herna(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    import os

    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


def test_help_and_version_need_no_display() -> None:
    assert "--headless" in _herna("--help").stdout
    assert _herna("--version").stdout.startswith("herna ")


def test_no_display_prints_one_line_and_fails() -> None:
    done = _herna()
    assert done.returncode != 0
    assert "--headless" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_bad_rules_file_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "cesta-bad.toml"
    path.write_text("hand_size = 'five'\n", encoding="utf-8")
    done = _herna("--game", "cesta", "--rules", str(path), "--headless", "--frames", "1")
    assert done.returncode == 2
    assert "hand_size" in done.stderr and str(path) in done.stderr and ":1:" in done.stderr
    assert "Traceback" not in done.stderr


def test_rng_below_is_the_generator_step_written_out() -> None:
    """``rng_below`` inlines ``rng_next`` for speed: both must always give the same stream."""
    from game.rules.common import rng_next

    state = seed_to_rng(2026)
    for n in (2, 3, 5, 6, 160, 1 << 40):
        for _ in range(200):
            value, after = rng_next(state)
            assert rng_below(state, n) == ((value * n) >> 64, after)
            state = after
