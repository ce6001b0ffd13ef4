"""The key help and the rules screen follow the rules in play: a house-rules file with
six-card hands and seven milestones makes them say 1–6 and 7, not 1–5 and 5."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import set_language  # noqa: E402
from game.client.scenes.rules_help import RulesScene, pages_for  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

SEATS = [SeatSpec("human"), SeatSpec("ai", "easy")]


@pytest.fixture(autouse=True)
def _english(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    set_language("en")
    yield
    set_language("cs")


def _table(tmp_path, game: str, text: str) -> Driver:
    rules = tmp_path / f"{game}.toml"
    rules.write_text(text, encoding="utf-8")
    settings_path = tmp_path / "config" / "settings.toml"
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    settings_path.write_text('language = "en"\nai_pace = 0.0\n', encoding="utf-8")
    return Driver(Options(game=game, players=SEATS, seed=4, rules_file=rules, lang="en"))


def test_cesta_key_help_and_rules_pages_follow_the_house_rules(tmp_path, monkeypatch):
    from game.client.tables.cesta import render

    driver = _table(tmp_path, "cesta", "hand_size = 6\nmilestones = 7\nwin_any = 4\n")
    try:
        table = driver.top
        assert driver.run_until(lambda: table.match.waiting_for_human, 3000)
        said: list[str] = []
        real = render.key_line

        def spy(assets, cache, words, *rest):   # what the key help is asked to say
            said.append(words)
            return real(assets, cache, words, *rest)

        monkeypatch.setattr(render, "key_line", spy)
        driver.step(2)
        assert len(table.hand(table.bottom)) == 6
        assert said and said[-1].startswith("1–6 card")
        driver.key(pygame.K_h)
        scene = driver.top
        assert isinstance(scene, RulesScene)
        text = "\n".join(page.text() for page in scene.pages)
        assert "7 milestones" in text and "any 4 milestones" in text
        assert "the keys 1–6" in text and "five" not in text and "1–5" not in text
        assert scene.pages[0].heading() == "The house rules of this game"
        assert "Cards in hand: 6" in scene.pages[0].text()
    finally:
        driver.close()


def test_cut_the_rope_key_help_and_rules_pages_follow_the_house_rules(tmp_path,
                                                                       monkeypatch):
    from game.client.tables.cut_the_rope import hud

    driver = _table(tmp_path, "cut_the_rope", "hand_size = 7\naux_rows = 4\n"
                                              "first_player = 0\n")
    try:
        table = driver.top
        assert driver.run_until(lambda: table.match.waiting_for_human, 3000)
        said: list[str] = []
        real = hud.wrapped

        def spy(kit, text, *rest):
            said.append(text)
            return real(kit, text, *rest)

        monkeypatch.setattr(hud, "wrapped", spy)
        driver.step(2)
        assert len(table.hand(table.bottom)) == 7
        assert "Q pile · 1–7 hand · Z X C V aux · ←→ place · Enter play · N end turn · " \
               "U/D scissors · L log" in said
        driver.key(pygame.K_h)
        scene = driver.top
        assert isinstance(scene, RulesScene)
        text = "\n".join(page.text() for page in scene.pages)
        assert "1–7 hand cards, Z X C V tops" in text
        assert "at most 4 auxiliary rows" in text and "refill your hand to 7 cards" in text
    finally:
        driver.close()


def test_the_original_rules_read_as_before_and_other_games_keep_their_own():
    cesta = "\n".join(page.text() for page in pages_for("cesta"))
    assert "5 milestones" in cesta and "the keys 1–5" in cesta
    assert "(the first and the last milestone)" in cesta
    no_ends = "\n".join(page.text() for page in pages_for("cesta", {"win_ends": False}))
    assert "both ends" not in no_ends
    rope = "\n".join(page.text() for page in pages_for("cut_the_rope"))
    assert "1 to 10, 14 of each, and 20 scissors cards" in rope
    road = "\n".join(page.text() for page in pages_for("royal_road", {"deal": 6, "keep": 3}))
    assert "dealt 6 royal cards. You secretly keep 3 of them." in road
