"""The Královská cesta table's words in Czech, English and German: the log is kept as data
and said in the language of the moment, the prompts and buttons name colours and pyramids
in whole messages, and the die tray's title and the Hint button share their row without
clipping in any language or window size."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import set_language  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.royal_road import hud  # noqa: E402
from game.client.tables.royal_road.describe import (  # noqa: E402
    color_name,
    pick_colour_prompt,
    pyramid_name,
    reuse_label,
)
from game.client.tables.royal_road.scene import RoyalRoadTable  # noqa: E402
from game.i18n import languages, translator  # noqa: E402
from game.rules.royal_road.moves import ROLL, MovePyramid  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

LANGS = [lang for lang in ("cs", "en", "de") if lang in languages()]


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def table_driver(size: tuple[int, int], lang: str = "en") -> Driver:
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.15
    settings.values["language"] = lang
    return Driver(Options(game="royal_road", size=size, seed=5,
                          players=[SeatSpec("human"), SeatSpec("ai", "easy")]),
                  settings=settings)


def play_a_few_turns(driver: Driver, table: RoyalRoadTable, turns: int) -> None:
    match = table.match
    for _ in range(turns):
        assert driver.run_until(lambda: match.waiting_for_human or match.over, 6000)
        if match.over:
            return
        legal = table.legal()
        if table.shown().keep_open:
            table.input.toggle_keep(0)
            table.input.toggle_keep(1)
            table.input.confirm_keep()
        elif legal.roll:
            table.try_move(ROLL)
        elif legal.moves:
            code = next(iter(legal.moves))
            table.try_move(MovePyramid(code, legal.moves[code][0]))
        else:
            table.try_move(match.legal_moves()[0])
        driver.step(30)


def test_the_log_keeps_data_and_says_it_in_the_language_of_now() -> None:
    driver = table_driver((1280, 720))
    try:
        table = driver.top
        assert isinstance(table, RoyalRoadTable)
        table.match.on_change.clear()
        play_a_few_turns(driver, table, 8)
        entries = table.model.entries
        assert len(entries) >= 4
        for entry in entries:
            for part in entry.parts:
                # pictures, numbers and arrows as they are; every word a message said late
                assert isinstance(part, tuple) or callable(part) or \
                    not any(c.isalpha() for c in str(part)), part
        words = [part() for entry in entries for part in entry.parts if callable(part)]
        assert any(text.startswith("rolled ") for text in words), words
        if "cs" in languages() and translator("cs").t("rolled {colour}") != "rolled {colour}":
            set_language("cs")
            try:
                czech = [part() for entry in entries for part in entry.parts if callable(part)]
            finally:
                set_language("en")
            assert czech != words and not any(text.startswith("rolled ") for text in czech)
    finally:
        driver.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_tray_title_and_the_hint_button_share_their_row(lang: str,
                                                           size: tuple[int, int]) -> None:
    driver = table_driver(size, lang)
    try:
        table = driver.top
        assert isinstance(table, RoyalRoadTable)
        set_language(lang)
        paint, layout = table.paint, table.layout
        hint = hud.hint_button_rect(layout, paint.assets)
        assert layout.right.contains(hint)
        left = layout.right.x + int(10 * layout.u)
        room = hint.x - left - int(6 * layout.u)
        lines = hud.tray_title(paint, hud.t("Colour die"), room)
        assert 1 <= len(lines) <= 2
        assert all(line.get_width() <= room for line in lines)
        # the title ends above the die; the button's label fits, shrunk by a point at most
        height = sum(line.get_height() - int(3 * layout.u) for line in lines)
        assert layout.right.y + int(6 * layout.u) + height <= layout.die_rect.top
        label = paint.assets.text(hud.t("Hint"), max(12, int(hint.height * 0.42)) - 1,
                                  (0, 0, 0), bold=True)
        assert label.get_width() <= hint.width - int(hint.height * 1.2)
    finally:
        set_language("en")
        driver.close()


def test_colours_prompts_and_buttons_are_whole_messages_per_colour() -> None:
    set_language("en")
    assert pick_colour_prompt("r") == "Pick a red pyramid to move"
    assert pick_colour_prompt("w") == "White! Pick any pyramid to move"
    assert reuse_label("b") == "Reuse blue"
    assert reuse_label("w") == reuse_label(None) == "Reuse colour"
    assert color_name("k") == "black" and color_name(None) == ""
    assert pyramid_name("yL") == "the large yellow pyramid"


@pytest.mark.parametrize("lang,prompt,reuse,pyramid", [
    ("cs", "Posuň jednu červenou pyramidku", "Využít modrou", "velká žlutá pyramidka"),
    ("de", "Ziehe eine rote Pyramide", "Blau nutzen", "die große gelbe Pyramide"),
])
def test_czech_and_german_colours_agree_with_their_noun(lang: str, prompt: str, reuse: str,
                                                       pyramid: str) -> None:
    if lang not in languages() or \
            translator(lang).t("Pick a red pyramid to move") == "Pick a red pyramid to move":
        pytest.skip(f"the {lang} catalogue does not hold the table's words yet")
    set_language(lang)
    try:
        assert pick_colour_prompt("r") == prompt
        assert reuse_label("b") == reuse
        assert pyramid_name("yL") == pyramid
    finally:
        set_language("en")
