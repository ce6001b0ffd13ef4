"""Cesta's milestone badges and tracker say what the comparison there will use: the labels
drawn on the table come from the rules core's ``standing``, with Rust, Time and Good Deed
applied (a rusted three of a kind no longer reads "Three of a kind · 90")."""

from __future__ import annotations

from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from game.client import i18n  # noqa: E402
from game.client.match.match import SeatInfo  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.cesta import CestaTable, info  # noqa: E402
from game.client.tables.cesta.render import badge_text, draw_milestones  # noqa: E402
from game.i18n import translator  # noqa: E402
from game.i18n.cesta import action_name, combination_name  # noqa: E402
from game.rules import get_game  # noqa: E402
from tests.rules.test_cesta_rules import build  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

GAME = get_game("cesta")


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def english():
    previous = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(previous)


def position() -> dict[str, Any]:
    """Milestone 1: the opponent's trio under my Rust. 2: Time on my side. 3: my Good Deed
    cancels the opponent's Rust. 4: incomplete sides under the opponent's Time."""
    state = build(sides={1: (["R7", "Y8", "G9"], ["RUST"], ["RK", "YK", "GK"], []),
                         2: (["B7", "B9", "BA"], ["TIME"], ["Y10", "YU", "YO"], []),
                         3: (["RU", "GU", "BU"], ["DEED"], ["R8"], ["RUST"]),
                         4: (["BK", "GO"], [], ["G10"], ["TIME"])},
                  hands=(["B8", "G8"], ["Y9", "YA"]))
    return GAME.to_dict(GAME.view(state, 0))


EXPECTED = {(0, 1): "Colour · 90 (Rust)", (0, 0): "Run · 24",
            (1, 0): "Time: sum 56", (1, 1): "Time: sum 40",
            (2, 0): "Three of a kind · 30", (2, 1): "Σ 8",
            (3, 0): "Σ 50 (Time)", (3, 1): "Σ 10 (Time)"}


def test_badge_words_follow_the_rules_core(english) -> None:
    view = position()
    for (m, seat), words in EXPECTED.items():
        assert badge_text(view, m, seat) == words, (m, seat)
    assert badge_text(view, 4, 0) is None


def test_czech_badge_under_rust_names_the_lower_category() -> None:
    previous = i18n.language()
    i18n.set_language("cs")
    try:
        text = badge_text(position(), 0, 1)
    finally:
        i18n.set_language(previous)
    tr = translator("cs")
    assert text is not None and text.startswith(combination_name(tr, "colour"))
    assert combination_name(tr, "three_of_a_kind") not in text
    assert action_name(tr, "RUST") in text and "90" in text


def test_the_table_draws_those_words(english) -> None:
    settings = load_settings()
    settings.values["language"] = "en"
    driver = Driver(settings=settings)
    try:
        match = driver.app.start_match("cesta", [SeatInfo("human"), SeatInfo("ai", "easy")],
                                       None, 4)
        assert match is not None
        driver.step(2)
        table = match.presenter
        assert isinstance(table, CestaTable)
        table.view_dict = position()
        shows = table.shows()
        drawn: list[str] = []
        assets = table.renderer.painter.assets
        real_text = assets.text

        def spy(text: str, *args: Any, **kwargs: Any) -> Any:
            drawn.append(text)
            return real_text(text, *args, **kwargs)

        assets.text = spy   # type: ignore[method-assign]
        try:
            surface = pygame.Surface(driver.app.screen.get_size())
            draw_milestones(table.renderer.painter, surface, shows, set())
        finally:
            del assets.text
        for words in EXPECTED.values():
            assert words in drawn
        assert "Three of a kind · 90" not in drawn
    finally:
        driver.close()


def test_tracker_best_sets_count_the_action_cards(english) -> None:
    view = position()
    rows = {m: (mine, theirs) for m, _owner, mine, theirs in info.tracker(view, 0, 0)["rows"]}
    mine, theirs = rows[4]
    assert mine is not None and mine.timed and mine.category is None
    assert theirs is not None and theirs.timed and not theirs.rusted
    _, trio = rows[1]
    assert trio is not None and trio.category == "colour" and trio.rusted
