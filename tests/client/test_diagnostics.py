"""The game reports its own trouble: a log file in the user's log folder, an unexpected error
in a window shown as words with the log's place (then back to the title), and a headless
run that stops with the error instead of carrying on."""

from __future__ import annotations

import logging

import pygame
import pytest

from game.cli import Options
from game.client.app.diagnostics import LOG_NAME, Diagnostics
from game.client.i18n import t
from game.client.main import run
from game.client.scenes.message import MessageScene
from game.client.scenes.title import TitleScene
from game.client.stage.scene import Scene
from tests.support.driver import Driver


class Broken(Scene):
    """A screen with a bug: its update fails."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")

    def draw(self, surface: pygame.Surface) -> None:
        pass


@pytest.fixture
def log_dir(tmp_path, monkeypatch):
    folder = tmp_path / "logs"
    monkeypatch.setenv("HERNA_LOG_DIR", str(folder))
    return folder


def test_a_run_writes_its_log_file_in_the_log_folder(log_dir):
    assert run(Options(headless=True, frames=3)) == 0
    text = (log_dir / LOG_NAME).read_text(encoding="utf-8")
    assert "Herna started" in text and "Herna stopped" in text
    assert (log_dir / "crash.log").exists()  # where faulthandler writes a hard crash


def test_an_error_in_a_window_shows_words_and_returns_to_the_title(log_dir, caplog):
    diagnostics = Diagnostics()
    diagnostics.start()
    driver = Driver()
    try:
        driver.app.recover_from_errors = True  # what a window does
        driver.app.log_file = diagnostics.log_file
        driver.app.stack.push(Broken(driver.app))
        driver.step(2)
        scenes = driver.app.stack.scenes
        assert isinstance(scenes[0], TitleScene) and isinstance(scenes[-1], MessageScene)
        message = scenes[-1]
        assert message.title == t("Something went wrong")
        assert str(log_dir / LOG_NAME) in message.body
        assert driver.app.running
    finally:
        driver.close()
        diagnostics.stop()
    logged = (log_dir / LOG_NAME).read_text(encoding="utf-8")
    assert "a bug in a scene" in logged and "Traceback" in logged


def test_errors_that_keep_coming_stop_the_game(log_dir):
    driver = Driver()
    try:
        driver.app.recover_from_errors = True
        with pytest.raises(RuntimeError):
            for _ in range(5):
                driver.app.stack.push(Broken(driver.app))
                driver.step(1)
    finally:
        driver.close()


def test_a_headless_run_stops_with_the_error(log_dir, caplog):
    driver = Driver()
    try:
        assert not driver.app.recover_from_errors
        driver.app.stack.push(Broken(driver.app))
        with caplog.at_level(logging.ERROR, logger="herna"), pytest.raises(RuntimeError):
            driver.step(1)
    finally:
        driver.close()


def test_an_unwritable_log_folder_is_said_and_the_game_goes_on(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HERNA_LOG_DIR", str(blocker / "logs"))
    diagnostics = Diagnostics()
    diagnostics.start()
    try:
        assert diagnostics.log_file is None
        assert "no log file" in capsys.readouterr().err
    finally:
        diagnostics.stop()


def test_a_storage_warning_goes_to_the_log_file_and_stderr(log_dir, tmp_path, capsys):
    """The client's warnings (a broken data file here) go through ``logging``: into the
    log file a player can send, and to stderr for a terminal."""
    from game.client.storage.datafile import read_json_document

    broken = tmp_path / "stats.json"
    broken.write_text("{not json", encoding="utf-8")
    diagnostics = Diagnostics()
    diagnostics.start()
    try:
        data, problem = read_json_document(broken)
    finally:
        diagnostics.stop()
    assert data is None and problem is not None and problem.startswith("stats.json")
    assert f"herna.storage: {broken} is not JSON" in (log_dir / LOG_NAME).read_text("utf-8")
    assert f"herna: {broken} is not JSON" in capsys.readouterr().err
