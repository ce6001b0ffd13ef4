"""The rules at a glance: key I on every table (and the pause menu) opens it; its lines
follow the rules in play, house rules included, in every language."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import SeatSpec  # noqa: E402
from game.client.i18n import set_language  # noqa: E402
from game.client.options import Options  # noqa: E402
from game.client.scenes.glance import GlanceScene  # noqa: E402
from game.client.tutorial.glance import glance_lines  # noqa: E402
from game.i18n import languages  # noqa: E402
from game.rules import GAME_NAMES, get_game  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_key_i_opens_the_card_over_every_table_and_closes_it(game):
    driver = Driver(Options(game=game, players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=2, lang="en"))
    try:
        table = driver.top
        driver.key(pygame.K_i)
        card = driver.top
        assert isinstance(card, GlanceScene) and card.game is table.match.game
        blocks = card.text_blocks(400, 14)
        assert len(blocks) >= 5   # the heading and the rules
        driver.key(pygame.K_i)
        assert driver.top is table
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("glance", frames=2)    # from the pause menu too
        assert isinstance(driver.top, GlanceScene)
        driver.click_widget("glance.rules", frames=2)
        assert type(driver.top).__name__ == "RulesScene" and driver.top.game == game
    finally:
        driver.app.close()


def test_the_lines_follow_house_rules():
    set_language("en")
    plain = " ".join(glance_lines(get_game("cesta")))
    assert "any 3 milestones" in plain and "you hold 5 cards" in plain and "Rust" in plain
    house = " ".join(glance_lines(get_game("cesta", {"hand_size": 6, "milestones": 7,
                                                     "win_any": 4, "action_cards": False})))
    assert "any 4 milestones" in house and "(1 and 7)" in house and "you hold 6 cards" in house
    assert "Rust" not in house
    rope = " ".join(glance_lines(get_game("cut_the_rope", {"hand_size": 5, "main_rows": 4})))
    assert "Up to 4 shared rows" in rope and "fills up to 5 cards" in rope
    royal = " ".join(glance_lines(get_game("royal_road", {"keep": 3, "trapdoor": False})))
    assert "You keep 3 secret cards" in royal and "trapdoor" not in royal


@pytest.mark.parametrize("code", languages())
def test_every_line_renders_in_every_language(code):
    set_language(code)
    try:
        for game in GAME_NAMES:
            for line in glance_lines(get_game(game)):
                assert line.strip() and "{" not in line, f"{code} {game}: {line!r}"
    finally:
        set_language("en")
