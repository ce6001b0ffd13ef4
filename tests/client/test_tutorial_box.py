"""The lesson's box and the keyboard in a lesson: the box never covers what the lesson
points at or talks about, nor the table's own prompt and banner strips, at any window
size; the highlight is the keyboard's focus, and Enter plays exactly the highlighted move."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.options import Options  # noqa: E402
from game.client.tutorial import lessons_for  # noqa: E402
from game.client.tutorial.scene import CoachScene, start_lesson  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _coach(driver: Driver, game: str, index: int) -> CoachScene:
    start_lesson(driver.app, game, index)
    driver.step(2)
    coach = driver.top
    assert isinstance(coach, CoachScene)
    return coach


def _covered(coach: CoachScene, size: tuple[int, int]) -> list[str]:
    """What the drawn panel covers of what it must leave visible."""
    screen = pygame.Surface(size)
    coach.draw(screen)
    window = pygame.Rect(0, 0, *size)
    where = f"{coach.game} {coach.lesson.key} {size} done={coach.coach.complete}"
    found = [f"{where}: the panel leaves the window"] if not window.contains(coach.panel) else []
    must = coach.must_see(size)
    assert coach.coach.complete or must, f"{where}: nothing to keep clear"
    found += [f"{where}: covers {rect}" for rect in must if coach.panel.colliderect(rect)]
    found += [f"{where}: a button leaves the panel" for button in coach.buttons.values()
              if button.visible and not coach.compact and not coach.panel.contains(button.rect)]
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_box_covers_nothing_the_lesson_shows(size):
    found: list[str] = []
    driver = Driver(Options(size=size, lang="en"))
    try:
        for game in GAME_NAMES:
            for index, lesson in enumerate(lessons_for(game)):
                coach = _coach(driver, game, index)
                found += _covered(coach, size)
                coach.coach.complete = True   # the "well done", with its buttons
                coach.coach.won = False if lesson.free_game else None
                found += _covered(coach, size)
                driver.app.stack.pop()
                driver.app.stack.pop()
    finally:
        driver.app.close()
    assert not found, "\n".join(found)


def test_the_highlighted_card_and_milestone_are_the_keyboard_focus_and_enter_plays_them():
    """The Time lesson: the Time card is picked and milestone 4 its target before any key;
    pressing 1 (the Time card's key) and Enter plays Time on milestone 4, the highlight."""
    driver = Driver(Options(lang="en"))
    try:
        driver.step(2)
        index = next(i for i, x in enumerate(lessons_for("cesta")) if x.key == "time")
        coach = _coach(driver, "cesta", index)
        table, match = coach.table, coach.match
        assert driver.run_until(lambda: match.waiting_for_human, limit=600)
        driver.step(2)
        hand = table.hand(table.bottom)
        assert table.pointer.selected == hand.index("TIME")
        milestone = coach.coach.facts["milestone"]
        assert table.pointer.target == milestone - 1
        assert f"milestone:{milestone}" in coach.coach.highlights()
        driver.key(pygame.K_1 + hand.index("TIME"))
        driver.key(pygame.K_RETURN)
        assert match.history, "Enter played nothing"
        played = match.game.format_move(match.history[0].move)
        assert played == f"play TIME {milestone}"
    finally:
        driver.app.close()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_enter_plays_each_lessons_single_taught_move(game):
    """Wherever a step teaches one move, Enter alone plays it (the reuse button's move
    too, though the table's own Enter would roll the die)."""
    driver = Driver(Options(lang="en"))
    try:
        driver.step(2)
        for index, lesson in enumerate(lessons_for(game)):
            if lesson.free_game:
                continue
            coach = _coach(driver, game, index)
            match = coach.match
            assert driver.run_until(lambda: match.waiting_for_human, limit=600)  # noqa: B023
            taught = coach.coach.taught_moves(match.state)
            if len(taught) == 1:
                driver.key(pygame.K_RETURN)
                assert match.history and match.history[0].move == taught[0], lesson.key
                assert coach.coach.step_index == 1
            driver.app.stack.pop()
            driver.app.stack.pop()
    finally:
        driver.app.close()
