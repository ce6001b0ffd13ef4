"""The title greets a new player with where learning starts, until a lesson was offered."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.i18n import t  # noqa: E402
from game.client.options import Options  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage.tutorial_progress import Progress  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

GREETING = "Welcome! “Learn to play” under a game teaches it from the start."


def _drawn_words(driver: Driver) -> list[str]:
    said: list[str] = []
    real = driver.app.assets.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        said.append(text)
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    driver.app.assets.text = spy  # type: ignore[method-assign]
    try:
        driver.top.draw(driver.app.screen)
    finally:
        driver.app.assets.text = real  # type: ignore[method-assign]
    return said


def test_a_new_player_is_greeted_and_a_returning_one_sees_the_tagline():
    driver = Driver(Options(headless=True))
    try:
        assert isinstance(driver.top, TitleScene)
        assert t(GREETING) in _drawn_words(driver)
        progress = Progress.load()
        progress.mark_offered("cesta")
        assert progress.save()
        driver.top.on_resume()
        words = _drawn_words(driver)
        assert t(GREETING) not in words and t("a little game room") in words
    finally:
        driver.close()
