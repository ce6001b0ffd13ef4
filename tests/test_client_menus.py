"""Menus a player can follow: the language from --lang, setup, title, results, gamepad."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.settings import load_settings  # noqa: E402
from game.client.testing import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def test_m_keeps_the_language_given_with_lang_until_the_player_picks_one():
    settings = load_settings()
    settings.values.update(language="cs", ai_pace=0.0)
    driver = Driver(Options(lang="en", game="cesta",
                            players=[SeatSpec("human"), SeatSpec("ai", "easy")], seed=3),
                    settings=settings)
    try:
        assert i18n.language() == "en"
        driver.step(3)
        driver.key(pygame.K_m)  # mute: applies the settings again
        assert driver.app.settings["mute"] is True
        assert i18n.language() == "en"
        # choosing a language in Settings is the player's word: it wins from then on
        driver.app.choose_language("cs")
        driver.app.apply_settings()
        assert i18n.language() == "cs" and driver.app.settings["language"] == "cs"
        driver.app.settings.set("mute", False)
        driver.app.apply_settings()
        assert i18n.language() == "cs"
    finally:
        driver.close()
        i18n.set_language("cs")
