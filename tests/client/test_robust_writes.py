"""Writes that fail are said on screen and the game goes on; saves with bad text are refused.

Settings that cannot be written (the file is a folder, a read-only folder, a full disk), an
autosave that fails and later works again, temporary files a kill left behind, pruning, and
save files whose text a font could not draw.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import time

import pytest

pygame = pytest.importorskip("pygame")

from game import atomic  # noqa: E402
from game.cli import Options  # noqa: E402
from game.client.i18n import t  # noqa: E402
from game.client.scenes.message import MessageScene  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.storage.settings import clamp_window_size, load_settings  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match, play_random  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _press_mute(driver: Driver) -> None:
    from game.client.scenes.settings_scene import SettingsScene

    driver.app.stack.push(SettingsScene(driver.app))
    driver.step(2)
    driver.click_widget("mute")
    driver.click_widget("back")
    driver.step(2)


def _full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("how", ["folder", "read_only", "full_disk"])
def test_settings_that_cannot_be_written_are_reported_on_screen_and_the_game_goes_on(
        how, tmp_path, monkeypatch):
    folder = tmp_path / "config"
    folder.mkdir()
    if how == "folder":
        (folder / "settings.toml").mkdir()
    elif how == "read_only":
        folder.chmod(0o500)
        if os.geteuid() == 0:  # root writes anyway: refuse the way the folder would
            def refused(*args, **kwargs):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

            monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    else:
        monkeypatch.setattr(os, "fsync", _full_disk)
    driver = Driver(Options())
    try:
        _press_mute(driver)
        assert driver.app.running
        assert driver.app.settings.write_error is not None
        [shown] = driver.app.notices.texts
        assert "settings" in shown.lower() or "nastavení" in shown.lower()
        driver.step(3)  # drawn over the title without trouble
        driver.key(pygame.K_m)  # the title ignores it; the game is still here
        assert driver.app.running
    finally:
        folder.chmod(0o700)
        driver.close()
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_the_mute_key_on_a_table_with_a_full_disk_keeps_the_table(monkeypatch):
    monkeypatch.setattr(atomic.os, "replace", _full_disk)
    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[]), settings=settings)
    try:
        table = driver.top
        driver.key(pygame.K_m)
        assert driver.top is table and driver.app.running
        assert any("could not" in t or "nepodařilo" in t for t in driver.app.notices.texts)
    finally:
        driver.close()


def test_settings_writes_are_durable_and_keep_the_file_mode(tmp_path, monkeypatch):
    settings = load_settings(tmp_path)
    assert settings.save()
    path = tmp_path / "settings.toml"
    path.chmod(0o640)
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    settings.set("volume", 0.3)
    assert settings.save()
    assert synced, "the settings write must fsync like the saves"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert load_settings(tmp_path)["volume"] == 0.3


def test_a_failed_autosave_is_shown_once_and_again_when_it_works(monkeypatch):
    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[]), settings=settings)
    try:
        match = driver.top.match
        real_replace = atomic.os.replace
        monkeypatch.setattr(atomic.os, "replace", _full_disk)
        play_random(match, 3)
        driver.step()
        failed = [text for text in driver.app.notices.texts if "could not be saved" in text
                  or "nepodařilo uložit" in text]
        assert len(failed) == 1  # once, not after every move
        play_random(match, 2, seed=1)
        driver.step()
        assert len(driver.app.notices.texts) == 1
        monkeypatch.setattr(atomic.os, "replace", real_replace)
        play_random(match, 1, seed=2)
        driver.step()
        assert t("Saving works again: the game is safe on disk.") in driver.app.notices.texts
        saved = json.loads(save_folder.autosaver_of(match).path.read_text())
        assert len(saved["moves"]) == len(match.history)
    finally:
        driver.close()


def test_stale_temporary_files_are_cleaned_at_start_but_not_fresh_ones():
    folder = save_folder.saves_dir()
    folder.mkdir(parents=True)
    stale = folder / ".20250101-cesta-abc-x1y2.tmp"
    stale.write_text("{half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = folder / ".other-write.tmp"
    fresh.write_text("{")
    mine = folder / "keep.tmp"  # not our pattern: not ours to delete
    mine.write_text("x")
    save_folder.clean_at_start()
    assert not stale.exists() and fresh.exists() and mine.exists()


def test_the_window_size_setting_is_clamped_to_the_display():
    assert clamp_window_size((2560, 1440), (1366, 768)) == (1366, 768)
    assert clamp_window_size((1280, 720), (1920, 1080)) == (1280, 720)
    assert clamp_window_size((1280, 720), None) == (1280, 720)


# --- text read from a save ------------------------------------------------------------------------

def _saved_game(tmp_moves: int = 4):
    match = new_match("cesta", ("human", "human"))
    saver = save_folder.attach_autosave(match)
    play_random(match, tmp_moves)
    match.on_change.clear()
    return saver.path


@pytest.mark.parametrize("field, value", [
    ("name", "Eva\u0000"), ("name", "tab\there"), ("name", "x" * 500),
    ("saved_at", "2026\u0000"), ("started_at", ["not", "text"]),
])
def test_a_save_with_text_a_font_cannot_draw_is_refused(field, value):
    path = _saved_game()
    data = json.loads(path.read_text())
    if field == "name":
        data["players"][0]["name"] = value
    else:
        data[field] = value
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(save_folder.SaveError) as caught:
        save_folder.load(path)
    assert str(caught.value).isprintable()
    assert save_folder.latest_unfinished().problem is not None
    assert path.read_bytes() == before


def test_continue_and_replays_with_a_nul_in_a_name_never_crash():
    path = _saved_game()
    data = json.loads(path.read_text())
    data["players"][1]["name"] = "Bad\u0000Name"
    path.write_text(json.dumps(data), "utf-8")
    odd = path.parent / "weird\u0001name.json"
    odd.write_text("{")
    before = path.read_bytes()
    driver = Driver(Options())
    try:
        driver.click_widget("continue", frames=3)
        assert isinstance(driver.top, MessageScene)
        assert "name" in driver.top.body
        driver.key(pygame.K_ESCAPE, frames=2)
        driver.click_widget("replays", frames=3)
        driver.step(3)  # the list draws every row, the broken ones with their problem
        assert any(info.problem for info in driver.top.saves)
    finally:
        driver.close()
    assert path.read_bytes() == before


def test_the_title_parses_each_rules_file_once_not_on_every_visit(tmp_path, monkeypatch):
    from game.client.scenes.settings_scene import SettingsScene
    from game.client.storage import user_rules

    folder = tmp_path / "config" / "rules"
    folder.mkdir(parents=True)
    (folder / "cesta.toml").write_text("hand_size = 99\n", "utf-8")  # broken: shown
    (folder / "royal_road.toml").write_text("deal = 4\n", "utf-8")   # fine
    calls: list[str] = []
    real = user_rules.read_toml
    monkeypatch.setattr(user_rules, "read_toml",
                        lambda path, *a, **k: (calls.append(str(path)), real(path, *a, **k))[1])
    driver = Driver(Options())
    try:
        for _ in range(4):
            driver.app.stack.push(SettingsScene(driver.app))
            driver.step(2)
            driver.app.stack.pop()
            driver.step(2)
            driver.app.go_to_title()
            driver.step(2)
        assert "cesta.toml" in driver.top.problems
        assert sorted(calls) == sorted({str(folder / "cesta.toml"),
                                        str(folder / "royal_road.toml")})
        (folder / "cesta.toml").write_text("hand_size = 7\n", "utf-8")  # fixed by hand
        driver.app.go_to_title()
        driver.step(2)
        assert "cesta.toml" not in driver.top.problems
    finally:
        driver.close()
