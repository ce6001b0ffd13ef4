"""Which rules a game is played by is always said: a quick start plays the original rules
unless --rules names a file, and says so; the setup screen and the tables show a
"house rules" badge listing what differs from the original rules."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import t  # noqa: E402
from game.client.i18n.rule_words import house_rule_lines, rule_line  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.storage import user_rules  # noqa: E402
from game.client.tables.base import TableScene  # noqa: E402
from game.rules.houserules import load_rules  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

SEATS = [SeatSpec("human"), SeatSpec("ai", "easy")]


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _saved(game: str, text: str) -> None:
    path = user_rules.user_rules_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_only_what_differs_is_listed():
    rules = load_rules("cesta", {"hand_size": 6, "milestones": 7})
    assert house_rule_lines("cesta", rules) == [rule_line("cesta", "hand_size", 6),
                                               rule_line("cesta", "milestones", 7)]
    assert house_rule_lines("cesta", load_rules("cesta", None)) == []


def test_a_quick_start_plays_the_original_rules_and_says_so():
    _saved("cesta", "hand_size = 7\n")
    driver = Driver(Options(game="cesta", players=SEATS, seed=2))
    try:
        table = driver.top
        assert isinstance(table, TableScene)
        assert table.match.game.rules == load_rules("cesta")   # the saved file is not used
        assert table.rules_note is not None
        assert table.rules_note[0] == t("The original rules. Your own house rules apply when "
                                        "you choose them on the setup screen.")
        assert table.house_rect(driver.app.screen.get_size()) is None   # no badge
        driver.step(int(7 / (1 / 60)))
        assert table.rules_note is None                          # the note goes by itself
    finally:
        driver.close()


@pytest.mark.parametrize("game,text", [("cesta", "hand_size = 6\nmilestones = 7\n"),
                                       ("cut_the_rope", "hand_size = 7\n"),
                                       ("royal_road", "keep = 3\n")])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_rules_file_shows_the_badge_in_a_free_place(tmp_path, game, text, size):
    rules = tmp_path / f"{game}.toml"
    rules.write_text(text, encoding="utf-8")
    driver = Driver(Options(game=game, players=SEATS, seed=2, rules_file=rules, size=size))
    try:
        table = driver.top
        assert isinstance(table, TableScene)
        assert table.rules_note is not None and rules.name in table.rules_note[0]
        assert table.house_lines == house_rule_lines(game, table.match.game.rules) != []
        badge = table.house_rect(size)
        assert badge is not None and pygame.Rect((0, 0), size).contains(badge)
        for name, rect in _neighbours(table, size):
            assert not badge.colliderect(rect), name
        driver.click(badge.center)
        assert table.house_open                          # a click keeps the list open
        driver.click(badge.center)
        assert not table.house_open
    finally:
        driver.close()


def _neighbours(table: TableScene, size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
    """What the badge must keep clear of on each table."""
    layout = table.layout  # type: ignore[attr-defined]
    out = [("undo", table.undo_rect(size))]
    hint = table.hint_rect(size)
    if hint is not None:
        out.append(("hint", hint))
    name = table.match.game_name
    if name == "cesta":
        out += [("right panel", layout.right), ("left panel", layout.left),
                ("top plate", layout.top_plate)]
        out += [(f"top hand {i}", r) for i, r in enumerate(layout.hand_slots(10, False))]
    elif name == "cut_the_rope":
        out += [("steps", layout.controls), ("own pile", layout.own_pile)]
        out += [(f"hand {i}", r) for i, (r, _a) in enumerate(layout.hand_slots(7))]
    else:
        title = table.app.assets.text(t("Moves"), int(15 * layout.u), (0, 0, 0), bold=True)
        out.append(("log title", title.get_rect(topleft=(layout.log_rect.x + int(10 * layout.u),
                                                         layout.log_rect.y + int(4 * layout.u)))))
        out += [(f"plate {i}", layout.plate(i, 5)) for i in range(5)]
    return out


def test_the_setup_screen_shows_the_saved_rules_and_starts_with_the_one_chosen():
    _saved("cesta", "hand_size = 7\n")
    driver = Driver(Options())
    try:
        driver.step(2)
        driver.click_widget("cesta")
        scene = driver.top
        assert isinstance(scene, SetupScene)
        assert scene.preset == "mine"
        assert house_rule_lines("cesta", scene.active_rules()) == [
            rule_line("cesta", "hand_size", 7)]
        assert scene._preset_name("mine") == t("My house rules")
        scene._set_preset("original")                   # the player may choose otherwise
        assert house_rule_lines("cesta", scene.active_rules()) == []
        scene._set_preset("mine")
        driver.click_widget("start")
        table = driver.top
        assert isinstance(table, TableScene)
        assert table.match.game.rules["hand_size"] == 7
        assert table.house_lines and table.rules_note is None
    finally:
        driver.close()
