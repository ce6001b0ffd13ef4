"""Each language on screen: the title and a table show that language's words.

Every text the frame renders is recorded as it goes to the font; the words must be the
chosen language's catalogue entries, and none may be an English message id that the
language translates otherwise (an English leak inside a Czech or German screen).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

pytest.importorskip("pygame")

from babel.messages.pofile import read_po  # noqa: E402

from game.cli import Options, SeatSpec  # noqa: E402
from game.client import i18n  # noqa: E402
from game.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE, languages  # noqa: E402
from tests.i18n.test_no_literals import wordy  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

OTHERS = [code for code in languages() if code != SOURCE_LANGUAGE]


@cache
def pairs(code: str) -> frozenset[tuple[str, str]]:
    """(English, translation) of every entry of ``code``'s catalogue, plural forms too."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalogue = read_po(handle, locale=code)
    found = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            for text in strings:
                found.add((english, text))
    return frozenset(found)


def shown_texts(options: Options, frames: int) -> set[str]:
    driver = Driver(options)
    seen: set[str] = set()
    render = driver.app.assets.text

    def recording(text: str, *args: object, **kwargs: object) -> object:
        seen.add(text)
        return render(text, *args, **kwargs)  # type: ignore[arg-type]

    driver.app.assets.text = recording  # type: ignore[method-assign]
    try:
        driver.app.assets.forget_texts()
        driver.step(frames)
    finally:
        driver.close()
        i18n.set_language("cs")
    return {text for text in seen if wordy(text)}


def screens(code: str) -> Iterator[tuple[str, set[str]]]:
    yield "title", shown_texts(Options(lang=code), 3)
    table = Options(lang=code, game="cesta", seed=7,
                    players=[SeatSpec("human"), SeatSpec("ai", "easy")])
    yield "cesta table", shown_texts(table, 30)


@pytest.mark.parametrize("code", OTHERS)
def test_a_translated_language_shows_its_own_words(code: str):
    translations = {text for english, text in pairs(code) if text}
    english_only = {english for english, text in pairs(code) if english != text} - translations
    for screen, texts in screens(code):
        assert len(texts & translations) >= 5, (screen, sorted(texts))
        assert not texts & english_only, (screen, sorted(texts & english_only))


def test_english_shows_the_message_ids_and_nothing_translated():
    english = {english for code in OTHERS for english, _text in pairs(code)}
    foreign = {text for code in OTHERS for _english, text in pairs(code)} - english
    for screen, texts in screens(SOURCE_LANGUAGE):
        assert len(texts & english) >= 5, (screen, sorted(texts))
        assert not texts & foreign, (screen, sorted(texts & foreign))


@pytest.mark.parametrize(("lang", "shown"), [("de_DE.UTF-8", "de"), ("cs_CZ.UTF-8", "cs"),
                                             ("sk_SK.UTF-8", "cs"), ("fr_FR.UTF-8", "en")])
def test_the_first_start_speaks_the_computers_language(monkeypatch, lang: str, shown: str):
    monkeypatch.setenv("LANG", lang)
    driver = Driver()
    try:
        assert i18n.language() == shown
        assert driver.app.settings["language"] == ""  # nothing chosen yet: nothing stored
    finally:
        driver.close()
        i18n.set_language("cs")


def test_a_chosen_language_wins_over_the_computers(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    driver = Driver()
    try:
        driver.app.choose_language("en")
        driver.app.apply_settings()  # what the Settings screen does after a change
        driver.app.settings.save()
        assert i18n.language() == "en" and driver.app.settings["language"] == "en"
    finally:
        driver.close()
    again = Driver()
    try:
        assert i18n.language() == "en"
    finally:
        again.close()
        i18n.set_language("cs")
