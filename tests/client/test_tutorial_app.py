"""The tutorial in the real App (headless): --tutorial, the coach over the table, a refused
move, a finished lesson remembered, Next; the first-start offer; the progress file."""

from __future__ import annotations

import json
import os

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import options_from_args  # noqa: E402
from game.client.i18n import set_language  # noqa: E402
from game.client.options import Options  # noqa: E402
from game.client.storage.tutorial_progress import Progress  # noqa: E402
from game.client.tutorial import lessons_for  # noqa: E402
from game.client.tutorial.lesson import not_this_move  # noqa: E402
from game.client.tutorial.scene import CoachScene, TutorialOfferScene, start_lesson  # noqa: E402
from game.i18n import languages, translator  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support import text_layout_support as layout_texts  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _settle(driver: Driver, coach: CoachScene) -> None:
    assert driver.run_until(lambda: coach.match.waiting_for_human or coach.coach.complete,
                            limit=3000)


def test_cli_knows_tutorial():
    assert options_from_args(["--tutorial", "royal_road"]).tutorial == "royal_road"


def test_cesta_lesson_refuses_kindly_then_completes_and_goes_on(tmp_path):
    driver = Driver(Options(tutorial="cesta", lang="en"))
    try:
        coach = driver.top
        assert isinstance(coach, CoachScene) and coach.index == 0
        table, match = coach.table, coach.match
        _settle(driver, coach)
        # highlighted: the Leaf Ober in hand and milestone 3
        assert len(table.coach_rects(coach.coach.highlights(), driver.app.size)) == 2
        assert not table.try_move(match.game.parse_move(match.state, "play Y7 1"))
        assert coach.coach.refusal is not None and not match.history
        assert table.try_move(match.game.parse_move(match.state, "play GO 3"))
        _settle(driver, coach)
        assert table.try_move(match.legal_moves()[0])   # the draw
        assert driver.run_until(lambda: coach.coach.complete, limit=6000)
        driver.step(2)
        assert "GO" in match.game.to_dict(match.state)["milestones"][2]["sides"][0]["events"]
        saved = json.loads((tmp_path / "data" / "tutorial.json").read_text())
        assert saved["done"]["cesta"] == ["cards"]
        driver.click_widget("tutorial.next", frames=3)
        assert isinstance(driver.top, CoachScene) and driver.top.index == 1
        assert driver.top.table is not table
        driver.top.leave()
        driver.step(2)
        assert driver.top is not None and driver.top.is_title
    finally:
        driver.app.close()


def test_first_start_of_a_game_offers_the_tutorial_once():
    driver = Driver(offer_tutorials=True)
    try:
        driver.step(3)
        driver.click_widget("royal_road", frames=3)
        assert isinstance(driver.top, TutorialOfferScene)
        driver.click_widget("tutorial.offer.no", frames=3)
        assert type(driver.top).__name__ == "SetupScene"
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("royal_road", frames=3)
        assert type(driver.top).__name__ == "SetupScene"   # asked only once
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("cesta", frames=3)
        driver.click_widget("tutorial.offer.yes", frames=3)
        assert isinstance(driver.top, CoachScene) and driver.top.game == "cesta"
    finally:
        driver.app.close()


def test_title_and_rules_open_the_lessons():
    driver = Driver(Options(lang="cs"))
    try:
        driver.step(2)
        driver.click_widget("tutorial", frames=2)
        driver.click_widget("tutorial.game.cut_the_rope", frames=2)
        driver.click_widget("tutorial.lesson.2", frames=3)
        assert isinstance(driver.top, CoachScene) and driver.top.lesson.key == "aux"
    finally:
        driver.app.close()


def test_progress_survives_a_kill_during_the_write(tmp_path, monkeypatch):
    path = tmp_path / "tutorial.json"
    progress = Progress.load(path)
    progress.mark_done("cesta", "proof")
    before = path.read_text()

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # the process dies between writing and renaming

    with monkeypatch.context() as patched, pytest.raises(KeyboardInterrupt):
        patched.setattr(os, "replace", killed)
        progress.mark_done("cesta", "rust")
    assert path.read_text() == before
    assert not [p for p in tmp_path.iterdir() if p.name != "tutorial.json"]  # no temp left
    assert Progress.load(path).done == {"cesta": ["proof"]}


def test_a_broken_progress_file_is_reported_and_never_overwritten(tmp_path):
    path = tmp_path / "tutorial.json"
    path.write_text("{not json")
    progress = Progress.load(path)
    assert progress.problem is not None
    progress.mark_done("cesta", "proof")
    assert path.read_text() == "{not json"


def _play_the_lesson(driver: Driver, coach: CoachScene) -> None:
    """The learner follows the coach (the first move each step accepts) to the end."""
    table, match, lesson_coach = coach.table, coach.match, coach.coach
    while not lesson_coach.complete:
        _settle(driver, coach)
        if lesson_coach.complete:
            break
        step, state = lesson_coach.step, match.state
        moves = match.legal_moves()
        taught = [m for m in moves if step is None or step.accept(match.game, state, m)]
        assert table.try_move(taught[0])


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_after_the_well_done_the_easy_opponent_makes_no_move(lang):
    """Královská cesta's first lesson ends on the learner's move, with the computer next:
    it must not play under the "well done" (nor "think", nor wait for anyone)."""
    from game.client.tutorial.scene import start_lesson

    driver = Driver(Options(lang=lang))
    try:
        driver.step(2)
        start_lesson(driver.app, "royal_road", 0)
        coach = driver.top
        assert isinstance(coach, CoachScene)
        match = coach.match
        _play_the_lesson(driver, coach)
        played = len(match.history)
        assert match.seats[match.to_move].is_ai     # the opponent would be next
        driver.step(600)                            # ten seconds of the loop
        assert len(match.history) == played
        assert match.thinking is None and not match.waiting_for_human
        assert driver.top is coach                  # no results, no hand-off over it
        assert driver.widget("tutorial.next").visible and driver.widget("tutorial.leave").visible
        assert coach.coach.coach_line() == coach.lesson.done(coach.coach.facts)
        driver.key(pygame.K_r, frames=2)            # a key for the table (roll) does nothing
        driver.step(120)
        assert len(match.history) == played
        driver.click_widget("tutorial.next", frames=3)
        assert isinstance(driver.top, CoachScene) and driver.top.index == 1
    finally:
        driver.app.close()


@pytest.mark.parametrize("lang", ["cs", pytest.param("en", marks=pytest.mark.slow)])
def test_the_last_lessons_game_ends_with_the_panel_and_the_opponent_stops(lang):
    import random

    from game.client.tutorial import lessons_for
    from game.client.tutorial.scene import start_lesson

    driver = Driver(Options(lang=lang))
    try:
        driver.step(2)
        last = len(lessons_for("royal_road")) - 1
        start_lesson(driver.app, "royal_road", last)
        coach = driver.top
        assert isinstance(coach, CoachScene) and coach.lesson.free_game
        table, match = coach.table, coach.match
        rng = random.Random(3)
        while not coach.coach.complete:
            assert driver.run_until(lambda: match.waiting_for_human or coach.coach.complete,
                                    limit=3000)
            if not coach.coach.complete:
                assert table.try_move(rng.choice(match.legal_moves()))
        played = len(match.history)
        driver.step(300)
        assert match.over and len(match.history) == played
        assert driver.top is coach and type(driver.top).__name__ == "CoachScene"
        assert not coach.buttons["next"].visible                # the last lesson: no Next
        assert driver.widget("tutorial.again").visible and driver.widget("tutorial.leave").visible
        won = 0 in match.result().winners
        said = translator(lang).t("You won!") if won else \
            translator(lang).t("The computer won this time — try again.")
        assert coach.coach.coach_line().startswith(said)
        driver.click_widget("tutorial.leave", frames=3)
        assert driver.top is not None and driver.top.is_title
    finally:
        driver.app.close()


def _panel_texts(coach: CoachScene, size: tuple[int, int]
                 ) -> tuple[list[layout_texts.PlacedText], pygame.Rect, bool]:
    """The texts of one frame of the coach, its panel in that frame, and whether the panel
    showed only the lesson's title (the table needed the room)."""
    screen = layout_texts.RecordingSurface(size)
    coach.draw(screen)
    return screen.texts, pygame.Rect(coach.panel), coach.compact


@pytest.mark.parametrize("size", [(960, 540), (1080, 1350)])
def test_every_lessons_panel_fits_in_every_language(monkeypatch, size):
    """The coach's panel grows with its words: in the longest language, with the refusal on
    top, and with the "well done" and its buttons, every line lies inside the panel and the
    window, and nothing lies over anything else."""
    found: list[str] = []
    with layout_texts.recording(monkeypatch):
        driver = Driver(Options(size=size))
        try:
            for code in languages():
                set_language(code)
                for game in GAME_NAMES:
                    for index in range(len(lessons_for(game))):
                        start_lesson(driver.app, game, index)
                        driver.step(2)
                        coach = driver.top
                        assert isinstance(coach, CoachScene)
                        coach.coach.refusal = not_this_move
                        during = _panel_texts(coach, size)
                        coach.coach.refusal = None
                        coach.coach.complete = True
                        coach.coach.won = False if coach.lesson.free_game else None
                        after = _panel_texts(coach, size)
                        window = pygame.Rect(0, 0, *size)
                        for texts, panel, compact in (during, after):
                            where = f"{code} {game} {coach.lesson.key} {size}"
                            assert len(texts) >= (1 if compact else 4), f"{where}: lines missing"
                            assert window.contains(panel), f"{where}: the panel leaves"
                            found += [f"{where}: {p}" for p in layout_texts.problems(texts, size)]
                            found += [f"{where}: {t.label!r} leaves the panel" for t in texts
                                      if not panel.contains(t.rect)]
                        driver.app.stack.pop()
                        driver.app.stack.pop()
        finally:
            set_language("en")
            driver.app.close()
    assert not found, "\n".join(found)


def test_a_language_switch_shows_in_the_open_lesson_at_once(monkeypatch):
    driver = Driver(Options(lang="en"))
    drawn: list[str] = []
    text = driver.app.assets.text

    def spy(label: str, *args: object, **kwargs: object) -> object:
        drawn.append(label)
        return text(label, *args, **kwargs)

    try:
        driver.step(2)
        start_lesson(driver.app, "cesta", 0)
        driver.step(3)
        coach = driver.top
        assert isinstance(coach, CoachScene)
        monkeypatch.setattr(driver.app.assets, "text", spy)
        for code in languages():
            set_language(code)
            drawn.clear()
            coach.draw(driver.app.screen)
            title = translator(code).t("The cards")
            assert translator(code).t("Lesson {n} of {total}: {title}", n=1,
                                      total=len(coach.lessons), title=title) in drawn
            assert coach.coach.coach_line() in drawn
    finally:
        set_language("en")
        driver.app.close()


def test_the_title_offers_learn_to_play_under_each_game():
    from game.client.tutorial.scene import TutorialMenuScene

    driver = Driver(Options(lang="en"))
    try:
        driver.step(2)
        for game in GAME_NAMES:
            assert driver.widget(f"learn.{game}").visible
        driver.click_widget("learn.royal_road", frames=2)
        assert isinstance(driver.top, TutorialMenuScene) and driver.top.game == "royal_road"
        assert Progress.load().was_offered("royal_road")   # no second offer on its start
        driver.click_widget("tutorial.lesson.0", frames=3)
        assert isinstance(driver.top, CoachScene) and driver.top.game == "royal_road"
    finally:
        driver.app.close()


def test_a_skipped_lesson_is_kept_apart_and_any_lesson_opens_from_the_list():
    from game.client.tutorial.scene import TutorialMenuScene, first_unfinished

    driver = Driver(Options(lang="en"))
    try:
        driver.step(2)
        start_lesson(driver.app, "cut_the_rope", 0)
        driver.step(2)
        driver.click_widget("tutorial.skip", frames=3)
        coach = driver.top
        assert isinstance(coach, CoachScene) and coach.index == 1
        progress = Progress.load()
        assert progress.skipped("cut_the_rope", "rows")
        assert not progress.finished("cut_the_rope", "rows")
        assert first_unfinished("cut_the_rope") == 1     # --tutorial resumes after it
        driver.click_widget("tutorial.lessons", frames=2)
        menu = driver.top
        assert isinstance(menu, TutorialMenuScene) and menu.game == "cut_the_rope"
        assert driver.widget("tutorial.lesson.0").label() == "Rows and your pile (skipped)"
        driver.click_widget("tutorial.lesson.0", frames=3)   # replayed from the list
        assert isinstance(driver.top, CoachScene) and driver.top.index == 0
        driver.top.coach.complete = True
        driver.step(2)
        assert Progress.load().finished("cut_the_rope", "rows")
        assert not Progress.load().skipped("cut_the_rope", "rows")
    finally:
        driver.app.close()


def test_progress_files_before_skipping_still_load(tmp_path):
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps({"done": {"cesta": ["proof"]}, "offered": ["cesta"]}))
    progress = Progress.load(path)
    assert progress.problem is None and progress.finished("cesta", "proof")
    progress.mark_skipped("cesta", "rust")
    saved = json.loads(path.read_text())
    assert saved["skipped"] == {"cesta": ["rust"]} and saved["done"] == {"cesta": ["proof"]}
