"""Every screen laid out for the window's real size: at 16:9 sizes from 960×540
to 3840×2160, at 4:3, 21:9 and a tall window, after a live resize, each text of the frame
lies inside the window and no two texts lie over each other (``text_layout_support``
records where every text was drawn)."""

from __future__ import annotations

import os

import pytest

pygame = pytest.importorskip("pygame")

from game.client.options import Options, SeatSpec  # noqa: E402
from game.client.scenes.house_rules import HouseRulesScene  # noqa: E402
from game.client.scenes.pause import PauseScene  # noqa: E402
from game.client.scenes.replay import SavesScene  # noqa: E402
from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.scenes.review import ReviewScene  # noqa: E402
from game.client.scenes.rules_help import RulesScene  # noqa: E402
from game.client.scenes.settings_scene import SettingsScene  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.scenes.stats_scene import StatsScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.ui import theme  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support import text_layout_support as layout_texts  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import play_random, seats  # noqa: E402

ALL_SIZES = [(960, 540), (1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (2560, 1080),
             (1080, 1350)]
# the default run: the smallest, the largest and a portrait window (every size of every
# language is tools/layout-check's); all of them with HERNA_SLOW=1
SIZES = ALL_SIZES if os.environ.get("HERNA_SLOW") == "1" else \
    [(960, 540), (3840, 2160), (1080, 1350)]
REVIEW_SIZES = [(960, 540), (1080, 1350)] if os.environ.get("HERNA_SLOW") == "1" else \
    [(960, 540)]   # (the review judges moves with the expert: slow)


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def test_the_unit_is_the_smaller_of_the_width_and_the_height_scale():
    assert theme.unit((1280, 720)) == 1.0
    assert theme.unit((960, 540)) == 0.75
    assert theme.unit((1024, 768)) == pytest.approx(0.8)        # 4:3: the width decides
    assert theme.unit((2560, 1080)) == 1.5                       # 21:9: the height decides
    assert theme.unit((1080, 1350)) == pytest.approx(1080 / 1280)  # tall: the width
    assert theme.unit((3840, 2160)) == 3.0


def drawn_problems(driver: Driver, size: tuple[int, int]) -> list[str]:
    """Draw the stack like the app does (from the topmost opaque scene up) onto a recording
    screen; the texts of the top scene are checked (an overlay covers what is below)."""
    scenes = driver.app.stack.scenes
    start = max(i for i, scene in enumerate(scenes) if scene.opaque or i == 0)
    screen = layout_texts.RecordingSurface(size)
    for scene in scenes[start:]:
        screen.texts = []
        scene.draw(screen)
    assert screen.texts, "no text recorded"
    return layout_texts.problems(screen.texts, size)


def fast() -> object:
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.0
    return settings


def test_every_screen_fits_every_window_size_after_a_live_resize(monkeypatch):
    with layout_texts.recording(monkeypatch):
        driver = Driver(Options(size=(1280, 720)), settings=fast())
        app = driver.app
        try:
            found: list[str] = []

            def check(name: str, size: tuple[int, int]) -> None:
                driver.step(3)
                assert app.screen.get_size() == size
                found.extend(f"{name} {size}: {p}" for p in drawn_problems(driver, size))

            for size in SIZES:
                app.resize_window(size)
                app.go_to_title()
                check("title", size)
                app.stack.push(SetupScene(app, "royal_road"))
                check("setup", size)
                for name, make in (("settings", SettingsScene), ("replays", SavesScene),
                                   ("statistics", StatsScene),
                                   ("rules", lambda a: RulesScene(a, "royal_road")),
                                   ("house rules", lambda a: HouseRulesScene(a, "cesta"))):
                    app.go_to_title()
                    app.stack.push(make(app))
                    check(name, size)
                for game in GAME_NAMES:
                    app.go_to_title()
                    kinds = ("human", "ai:easy") if game == "cesta" else \
                        ("human", "ai:easy", "ai:easy", "ai:easy")
                    app.start_match(game, seats(*kinds), {}, 5, replace=False)
                    table = app.stack.top
                    table.match.on_change.clear()
                    assert driver.run_until(lambda t=table: t.match.waiting_for_human, 4000)
                    check(f"table:{game}", size)
                    app.stack.push(PauseScene(app, table))
                    check(f"pause:{game}", size)
                    app.stack.pop()
                    play_random(table.match, 100_000)
                    table.animator.clear()
                    table.match.finished = True
                    app.stack.push(ResultsScene(app, table))
                    driver.step(40)
                    check(f"results:{game}", size)
                    if size in REVIEW_SIZES:   # (the review computes win chances: slow)
                        review = ReviewScene(app, table.match)
                        review.job.playouts = 4   # the chances' accuracy is not the layout's
                        app.stack.push(review)
                        driver.step(30)
                        check(f"review:{game}", size)
                        app.stack.pop()
                    results = app.stack.top
                    assert isinstance(results, ResultsScene)
                    window = app.screen.get_rect()
                    assert window.contains(results.panel)
                    assert all(results.panel.contains(w.rect) for w in results.focus.widgets)
            # a table already on the screen, laid out again by live resizes
            for game in GAME_NAMES:
                app.resize_window((1280, 720))
                app.go_to_title()
                app.start_match(game, seats("human", "ai:easy"), {}, 7, replace=False)
                table = app.stack.top
                table.match.on_change.clear()
                assert driver.run_until(lambda t=table: t.match.waiting_for_human, 4000)
                for size in SIZES:
                    app.resize_window(size)
                    check(f"resized table:{game}", size)
                    assert app.stack.top is table
            assert not found, "\n".join(found)
        finally:
            driver.close()


def test_a_forced_move_notice_is_not_drawn_over_the_since_your_turn_summary(monkeypatch):
    with layout_texts.recording(monkeypatch):
        settings = fast()
        driver = Driver(Options(game="royal_road", size=(960, 540), seed=8, players=[
            SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("ai", "easy")]),
            settings=settings)
        try:
            table = driver.top
            table.match.on_change.clear()
            assert driver.run_until(lambda: table.match.waiting_for_human, 3000)
            table.input.toggle_keep(0)
            table.input.toggle_keep(2)
            table.input.confirm_keep()
            # the first turn: the others chose their cards, and only a roll is possible
            assert driver.run_until(lambda: table.summary is not None
                                    and table.match.notice is not None, 3000)
            driver.step(1)
            assert table.summary_rect is not None
            assert not drawn_problems(driver, (960, 540))
        finally:
            driver.close()
