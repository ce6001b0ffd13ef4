"""The setup screen remembers each game's seats, levels and names between games; the memory
lives in the settings file, and a broken file is reported and never overwritten."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.storage.settings import SETUP_PROBLEM, load_settings  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _setup(driver: Driver, game: str) -> SetupScene:
    driver.step(2)
    driver.click_widget(game)
    scene = driver.top
    assert isinstance(scene, SetupScene)
    return scene


def test_each_game_keeps_its_seats_levels_and_names_for_the_next_setup():
    driver = Driver(Options())
    try:
        scene = _setup(driver, "cut_the_rope")
        driver.click_widget("add")
        scene._set_kind(1, "human")
        scene._set_level(2, "hard")
        scene.names[1] = "Bára"
        driver.click_widget("start")
    finally:
        driver.close()
    saved = load_settings().values["last_setup"]
    assert saved["cut_the_rope"]["kinds"] == ["human", "human", "ai"]
    again = Driver(Options())   # a new session reads the settings file
    try:
        scene = _setup(again, "cut_the_rope")
        assert scene.kinds == ["human", "human", "ai"]
        assert scene.levels[2] == "hard"
        assert scene.names[1] == "Bára"
        again.key(pygame.K_ESCAPE)
        other = _setup(again, "cesta")        # another game keeps its own seats
        assert other.kinds == ["human", "ai"] and other.levels == ["normal", "normal"]
    finally:
        again.close()


def test_a_broken_memory_is_reported_and_the_file_is_kept_as_it_was(tmp_path):
    folder = tmp_path / "config"
    folder.mkdir()
    path = folder / "settings.toml"
    text = ('volume = 0.5\n\n[last_setup.cesta]\nkinds = ["human", "ai"]\n'
            'levels = ["normal", "godlike"]\nnames = ["Alena", ""]\n')
    path.write_text(text, encoding="utf-8")
    settings = load_settings()
    assert [(p.key, p.reason) for p in settings.problems] == [("last_setup", SETUP_PROBLEM)]
    assert settings.problems[0].message            # said in words on the title screen
    assert settings["volume"] == 0.5               # the rest of the file still counts
    driver = Driver(Options(), settings=settings)
    try:
        scene = _setup(driver, "cesta")
        assert scene.levels == ["normal", "normal"]   # nothing half-read
        driver.click_widget("start")
    finally:
        driver.close()
    assert path.read_text(encoding="utf-8") == text   # the player's file is theirs to fix
