"""House-rules editor and the user's house-rules TOML."""

from __future__ import annotations

import tomllib

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.scenes.house_rules import (  # noqa: E402
    PRESET_NAMES,
    PRESETS,
    HouseRulesScene,
    ValueWidget,
    options_for,
)
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage import user_rules  # noqa: E402
from game.paths import rules_defaults_file  # noqa: E402
from game.rules import GAME_NAMES, get_game  # noqa: E402
from game.rules.houserule_keys import SCHEMAS  # noqa: E402
from game.rules.houserules import load_rules  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def driver():
    d = Driver(Options())
    yield d
    d.close()


def open_editor(driver: Driver, game: str) -> HouseRulesScene:
    scene = HouseRulesScene(driver.app, game)
    driver.app.stack.push(scene)
    driver.step(2)
    return scene


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_key_has_a_widget_with_its_value_and_help(driver, game):
    scene = open_editor(driver, game)
    schema = SCHEMAS[game]
    assert [row.key.name for row in scene.rows] == list(schema.names)
    for row in scene.rows:
        assert row.get() == load_rules(game)[row.key.name]
        assert row.key.help
        options = options_for(row.key, row.get())
        assert row.get() in options and len(options) >= 2
        for value in options:
            assert row.key.check(value) is None, (row.key.name, value)
    assert scene.preset() == "original"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_presets_are_valid_playable_and_selectable(driver, game):
    scene = open_editor(driver, game)
    for name in PRESET_NAMES:
        rules = load_rules(game, PRESETS[game][name])
        engine = get_game(game, rules)
        engine.new_game(2, 1)
        scene.set_preset(name)
        assert scene.preset() == name and scene.error is None
    scene.focus.focus = 0
    driver.key(pygame.K_RIGHT)  # the preset cycler with the keyboard
    assert scene.preset() in (*PRESET_NAMES, "custom")


def test_steppers_respect_ranges_and_odd_numbers(driver):
    scene = open_editor(driver, "cesta")
    milestones = next(r for r in scene.rows if r.key.name == "milestones")
    seen = set()
    for _ in range(10):
        milestones.adjust(1)
        seen.add(scene.values["milestones"])
    assert seen <= {3, 5, 7, 9}
    hand = next(r for r in scene.rows if r.key.name == "hand_size")
    scene.focus.focus = scene.focus.widgets.index(hand)
    driver.key(pygame.K_RIGHT)
    assert scene.values["hand_size"] == 6
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert scene.values["hand_size"] == 4
    driver.click((hand.rect.x + 4, hand.rect.centery))  # left half steps down
    assert scene.values["hand_size"] == 3
    driver.click((hand.rect.right - 4, hand.rect.centery))
    assert scene.values["hand_size"] == 4
    driver.key(pygame.K_r)  # reset the focused key
    assert scene.values["hand_size"] == 5
    toggle = next(r for r in scene.rows if r.key.name == "action_cards")
    driver.click(toggle.rect.center)
    assert scene.values["action_cards"] is False


def test_live_validation_blocks_impossible_combinations(driver):
    scene = open_editor(driver, "cesta")
    scene.change("milestones", 3)
    scene.change("win_any", 5)
    assert scene.error is not None and scene.error.key == "win_any"
    assert not scene.save_button.enabled
    scene.save()
    assert not user_rules.user_rules_path("cesta").exists()
    scene.change("win_any", 2)
    assert scene.error is None and scene.save_button.enabled
    road = open_editor(driver, "royal_road")
    road.change("keep", 5)
    road.change("deal", 3)
    assert road.error is not None and road.error.key == "keep"


def test_saving_writes_the_users_toml_with_the_shipped_comments(driver):
    scene = open_editor(driver, "cut_the_rope")
    scene.set_preset("quick")
    scene.change("hand_size", 5)
    driver.click_widget("save")
    path = user_rules.user_rules_path("cut_the_rope")
    text = path.read_text(encoding="utf-8")
    shipped = rules_defaults_file("cut_the_rope").read_text(encoding="utf-8")
    comments = [line for line in shipped.splitlines() if line.strip().startswith("#")]
    assert all(c in text for c in comments)
    assert "# cards in hand after refilling" in text  # trailing comments too
    data = tomllib.loads(text)
    assert data["hand_size"] == 5 and data["pile_sizes"]["2"] == 10
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]
    # new games use the player's rules; the original rules are one preset away
    assert load_rules("cut_the_rope", user_rules.overrides_for("cut_the_rope"))["hand_size"] == 5
    from tests.support.saves_support import seats

    match = driver.app.start_match("cut_the_rope", seats("human", "ai:easy"), None, 3)
    if match is not None:  # (the table exists)
        assert match.game.rules["hand_size"] == 5
    again = open_editor(driver, "cut_the_rope")
    assert again.values["hand_size"] == 5 and again.preset() == "custom"


def test_a_users_own_comments_survive_an_edit():
    path = user_rules.user_rules_path("cesta")
    path.parent.mkdir(parents=True)
    path.write_text("# my table's rules\nhand_size = 4   # we like it short\n\n"
                    "# Sunday: no actions\naction_cards = false\n", encoding="utf-8")
    user_rules.save_user_rules("cesta", {**load_rules("cesta"), "hand_size": 6,
                                         "action_cards": False})
    text = path.read_text(encoding="utf-8")
    assert "# my table's rules" in text and "# we like it short" in text
    assert "# Sunday: no actions" in text
    assert "hand_size = 6" in text
    assert load_rules("cesta", path)["hand_size"] == 6


def test_comments_in_tables_and_on_unchanged_lines_survive_in_place():
    """The player's file is edited, not rewritten: comments stay where they were, a
    changed value keeps its comment, and a key it lacked is added beside its other keys
    only when it differs from the original rules."""
    path = user_rules.user_rules_path("cut_the_rope")
    path.parent.mkdir(parents=True)
    path.write_text("# our Friday table\n"
                    "hand_size = 7        # big hands\n"
                    "scissors = 10  # fewer wilds\n"
                    "\n"
                    "# piles: short games\n"
                    "[pile_sizes]\n"
                    "2 = 12   # two of us\n"
                    "3 = 12\n"
                    "4 = 12\n"
                    "5 = 12\n"
                    "6 = 12\n", encoding="utf-8")
    rules = load_rules("cut_the_rope", path)
    rules["hand_size"] = 5
    rules["main_rows"] = 2
    rules["pile_sizes"] = {**rules["pile_sizes"], "2": 9}
    user_rules.save_user_rules("cut_the_rope", rules)
    assert path.read_text(encoding="utf-8") == ("# our Friday table\n"
                                                "hand_size = 5        # big hands\n"
                                                "scissors = 10  # fewer wilds\n"
                                                "main_rows = 2\n"
                                                "\n"
                                                "# piles: short games\n"
                                                "[pile_sizes]\n"
                                                "2 = 9   # two of us\n"
                                                "3 = 12\n"
                                                "4 = 12\n"
                                                "5 = 12\n"
                                                "6 = 12\n")
    assert load_rules("cut_the_rope", path) == rules


def test_a_text_that_does_not_read_back_is_not_written(monkeypatch):
    path = user_rules.user_rules_path("cesta")
    path.parent.mkdir(parents=True)
    path.write_text("# mine\nhand_size = 4\n", encoding="utf-8")
    before = path.read_bytes()
    monkeypatch.setattr(user_rules, "render", lambda template, values, defaults: "hand_size = 3\n")
    with pytest.raises(user_rules.UserRulesError, match=r"cesta\.toml"):
        user_rules.save_user_rules("cesta", {**load_rules("cesta"), "hand_size": 6})
    assert path.read_bytes() == before


BROKEN = {
    "syntax": ("hand_size = 5\nmilestones = = 7\n", 2, None),
    "unknown_key": ("hand_size = 5\n\nhandsize = 4\n", 3, "handsize"),
    "range": ("# mine\nhand_size = 40\n", 2, "hand_size"),
    "type": ("win_ends = \"yes\"\n", 1, "win_ends"),
    "cross": ("milestones = 3\nwin_any = 5\n", 2, "win_any"),
    "binary": (b"\xff\xfe\x00garbage", None, None),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_user_file_is_reported_defaults_are_used_and_it_is_kept(kind):
    content, line, key = BROKEN[kind]
    path = user_rules.user_rules_path("cesta")
    path.parent.mkdir(parents=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    loaded = user_rules.load_user_rules("cesta")
    problem = loaded.problem
    assert problem is not None
    assert problem.file == str(path)
    assert problem.line == line
    assert problem.key == key
    assert loaded.rules() == load_rules("cesta")  # the game runs on the original rules
    assert user_rules.overrides_for("cesta") is None
    with pytest.raises(user_rules.UserRulesError):
        user_rules.save_user_rules("cesta", load_rules("cesta"))
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai")]))
    try:
        assert driver.top.match.game.rules == load_rules("cesta")
        driver.app.go_to_title()
        driver.step(2)
        title = driver.top
        assert isinstance(title, TitleScene)
        assert path.name in title.problems and (key is None or key in title.problems)
        editor = open_editor(driver, "cesta")
        assert not editor.save_button.enabled
        editor.save()
        assert driver.widget("reload") is not None
    finally:
        driver.close()
    assert path.read_bytes() == before


def test_fixing_the_file_and_reloading(driver):
    path = user_rules.user_rules_path("cesta")
    path.parent.mkdir(parents=True)
    path.write_text("hand_size = 99\n", encoding="utf-8")
    scene = open_editor(driver, "cesta")
    assert scene.user.problem is not None
    path.write_text("hand_size = 7\n", encoding="utf-8")
    driver.click_widget("reload")
    assert scene.user.problem is None and scene.values["hand_size"] == 7
    assert scene.save_button.enabled


def test_editor_from_a_game_starts_a_new_game_with_the_rules():
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai")],
                            seed=2))
    try:
        driver.step(2)
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("house_rules")
        scene = driver.top
        assert isinstance(scene, HouseRulesScene) and scene.table is not None
        row = next(r for r in scene.rows if r.key.name == "hand_size")
        assert isinstance(row, ValueWidget)
        row.adjust(1)
        driver.click_widget("new_game", frames=3)
        assert driver.top.match.game.rules["hand_size"] == 6
        assert len(driver.app.stack) == 1 or not isinstance(driver.top, HouseRulesScene)
    finally:
        driver.close()
