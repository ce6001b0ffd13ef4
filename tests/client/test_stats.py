"""Statistics: counted per person and game, computer-only games ignored, a kill during the
write leaves the previous file, a broken file is never overwritten, reset empties it."""

from __future__ import annotations

import os
import random

import pytest

pygame = pytest.importorskip("pygame")

from game.client.match.match import Match, SeatInfo  # noqa: E402
from game.client.storage.stats import Stats, attach, average_length, win_rate  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _finished(seats: list[SeatInfo], seed: int, hints: int = 0) -> Match:
    """A match played to its end by random moves for every seat (the AI is not asked)."""
    match = Match.create("royal_road", seats, seed=seed, inline_ai=True)
    match.hints_used = {0: hints} if hints else {}
    attach(match)
    rng = random.Random(seed)
    while not match.over:
        match.play(rng.choice(match.legal_moves()))
    match.close()
    return match


def test_games_are_counted_per_person_with_levels_streaks_hints_and_recent():
    for seed in range(1, 6):
        _finished([SeatInfo("human", name="Eva"), SeatInfo("ai", "easy", name="Robot")],
                  seed, hints=1)
    record = Stats.load().people["Eva"]["royal_road"]
    assert record["games"] == 5 and record["hints"] == 5
    assert record["vs_level"]["easy"][0] == 5 and record["vs_level"]["easy"][1] == record["wins"]
    assert 0 <= record["best_streak"] <= record["wins"]
    assert len(record["recent"]) == 5
    assert win_rate(record) == record["wins"] / 5 and average_length(record) > 0
    assert "Robot" not in Stats.load().people


def test_games_of_computers_alone_do_not_count():
    match = _finished([SeatInfo("ai", "easy", name="A"), SeatInfo("ai", "easy", name="B")], 3)
    assert match.over
    assert Stats.load().people == {}


def test_a_kill_during_the_write_keeps_the_previous_file(tmp_path, monkeypatch):
    _finished([SeatInfo("human", name="Eva"), SeatInfo("human", name="Jan")], 2)
    path = tmp_path / "data" / "stats.json"
    before = path.read_text()

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched, pytest.raises(KeyboardInterrupt):
        patched.setattr(os, "replace", killed)
        _finished([SeatInfo("human", name="Eva"), SeatInfo("human", name="Jan")], 5)
    assert path.read_text() == before
    assert Stats.load().people["Jan"]["royal_road"]["games"] == 1


def test_a_broken_file_is_reported_and_kept_until_reset(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("[1, 2")
    stats = Stats.load(path)
    assert stats.problem
    assert not stats.save() and path.read_text() == "[1, 2"
    stats.reset()
    assert Stats.load(path).people == {} and Stats.load(path).problem is None


def test_statistics_screen_from_the_title_and_its_reset():
    from game.client.scenes.stats_scene import StatsScene
    from tests.support.driver import Driver

    _finished([SeatInfo("human", name="Eva"), SeatInfo("ai", "hard", name="R")], 4)
    driver = Driver()
    try:
        driver.step(2)
        driver.click_widget("stats", frames=2)
        assert isinstance(driver.top, StatsScene) and driver.top.rows()
        driver.click_widget("reset", frames=2)
        assert Stats.load().people                       # the first press only asks
        driver.click_widget("reset", frames=2)
        assert Stats.load().people == {} and not driver.top.rows()
    finally:
        driver.app.close()


def test_a_game_saved_resumed_and_finished_counts_exactly_once_with_its_hints():
    """Half a game in one session (saved after every move, a hint used), the rest after
    Continue in another: counted once when it ends, hints of both sessions included; a
    second continue of the same save (a copy) cannot count it again."""
    import shutil

    from game.client.options import Options
    from game.client.scenes.resume import resume
    from game.client.storage import save_folder
    from tests.support.driver import Driver
    from tests.support.saves_support import new_match, play_random

    first = new_match("cut_the_rope", ("human", "ai:easy"), seed=8)
    save_folder.attach_autosave(first)
    attach(first)
    play_random(first, 6, seed=1)
    first.hints_used[0] = 2
    play_random(first, 1, seed=3)        # the save after this move holds the hints
    assert not first.over
    path = first.save_path
    copy = path.with_name("copy-" + path.name)
    first.close()
    shutil.copy(path, copy)
    assert Stats.load().people == {}     # nothing counted for an unfinished game

    counts = []
    for save in (path, copy):
        driver = Driver(Options())
        try:
            assert resume(driver.app, save)
            match = driver.top.shown_match
            assert match.hints_used == {0: 2}
            play_random(match, 100_000, seed=5)
            assert match.over
            driver.step(2)
        finally:
            driver.app.close()
        record = Stats.load().people["Person 1"]["cut_the_rope"]
        counts.append((record["games"], record["hints"]))
    assert counts == [(1, 2), (1, 2)]


def test_a_game_is_counted_once_even_if_recorded_twice():
    match = Match.create("cesta", [SeatInfo("human", name="Eva"), SeatInfo("ai", "easy")],
                         seed=9, inline_ai=True)
    match.started_at = "2026-01-01T10:00:00+0000"
    rng = random.Random(1)
    while not match.over:
        match.play(rng.choice(match.legal_moves()))
    match.close()
    assert Stats.load().record(match)
    assert not Stats.load().record(match)
    assert Stats.load().people["Eva"]["cesta"]["games"] == 1


@pytest.mark.parametrize(("lang", "expected"), [
    ("cs", "1 hra · 1 výhra (100 %) · nejdelší série: 1 výhra v řadě · průměrně 3 tahy na hru · "
           "2 nápovědy · proti počítači: lehký 1/1"),
    ("en", "1 game · 1 win (100%) · best streak: 1 win in a row · 3 moves a game on average · "
           "2 hints · against the computer: easy 1/1"),
    ("de", "1 Partie · 1 Sieg (100 %) · längste Serie: 1 Sieg in Folge · im Schnitt 3 Züge pro "
           "Partie · 2 Tipps · gegen den Computer: leicht 1/1"),
])
def test_the_figures_line_counts_each_number_in_its_plural_form(lang, expected):
    from game.client.i18n import set_language
    from game.client.scenes.stats_scene import figures_line

    record = {"games": 1, "wins": 1, "best_streak": 1, "moves": 3, "hints": 2,
              "vs_level": {"easy": [1, 1]}, "recent": []}
    set_language(lang)
    try:
        assert figures_line(record).replace("\xa0", " ") == expected
        many = figures_line({**record, "games": 5, "wins": 2, "hints": 0, "vs_level": {}})
        assert many.startswith({"cs": "5 her · 2 výhry (40", "en": "5 games · 2 wins (40",
                                "de": "5 Partien · 2 Siege (40"}[lang])
    finally:
        set_language("cs")
