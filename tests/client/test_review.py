"""Post-game review: chances from views only, key moments, the luck line, play on."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.client.match import analysis  # noqa: E402
from game.client.match.analysis import ReviewJob, key_moments, luck_line  # noqa: E402
from game.client.match.match import Match, SeatInfo  # noqa: E402


def _finished(game: str) -> Match:
    match = Match.create(game, [SeatInfo("human", name="A"), SeatInfo("ai", "easy", name="B")],
                         seed=3, inline_ai=True)
    rng = random.Random(2)
    while not match.over:
        match.play(rng.choice(match.legal_moves()))
    match.close()
    return match


@pytest.mark.parametrize("game", ["cesta", "royal_road", "cut_the_rope"])
def test_review_never_reads_another_seats_hidden_cards(game, monkeypatch):
    match = _finished(game)
    seen: list[object] = []
    real = analysis.win_chance

    def spy(game_obj, view, seat, playouts, seed):  # noqa: ANN001, ANN202
        seen.append(view)
        return real(game_obj, view, seat, playouts, seed)

    monkeypatch.setattr(analysis, "win_chance", spy)
    job = ReviewJob(match, 0, playouts=2, inline=True)
    job.start()
    job.poll(budget=10_000)
    assert job.done and len(job.chances) == len(match.history) + 1
    assert all(0.0 <= c <= 1.0 for c in job.chances if c is not None)
    assert seen
    full_codes = {str(v) for v in match.game.to_dict(match.state).values()}
    for view in seen:  # each is a view of seat 0: the other hand is unknown cards only
        data = match.game.to_dict(view)
        assert data == match.game.to_dict(match.game.from_dict(data))
        hidden_key = {"cesta": "hands", "cut_the_rope": "hands"}.get(game)
        if hidden_key:
            assert set(data[hidden_key][1]) <= {"??", "?A"}
        else:
            assert data["kept"][1] == [] or set(data["kept"][1]) == {"??"}
    assert full_codes  # the full state exists; the review was never given it
    winner_final = 1.0 if 0 in match.result().winners else 0.0
    assert job.chances[-1] == winner_final


def test_key_moments_are_the_biggest_swings_in_game_order():
    assert key_moments([0.5, 0.5, 0.9, 0.8, 0.1, 0.15], 3) == [1, 2, 3]


def test_luck_line_counts_from_the_log():
    match = _finished("royal_road")
    luck = luck_line(match)
    rolls = sum(1 for e in match.history for ev in e.events if ev.type == "roll")
    assert abs(sum(exp for _got, exp in luck.values()) - rolls / 6) < 1e-9


def test_review_scene_from_results_and_play_on(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    from game.client.match import ai_worker
    from game.client.scenes.review import ReviewScene
    from game.client.scenes.review_moment import MomentScene
    from tests.support.driver import Driver

    asked: list[dict] = []
    real = ai_worker.InlineWorker.request

    def spy(self, game, rules, view, seat, level, seed, explain_lang=None):  # noqa: ANN001
        asked.append({"view": view, "seat": seat, "level": level})
        return real(self, game, rules, view, seat, level, seed, explain_lang)

    monkeypatch.setattr(ai_worker.InlineWorker, "request", spy)
    driver = Driver()
    try:
        match = _finished("cesta")
        scene = ReviewScene(driver.app, match, 0)
        scene.job.playouts = 2
        driver.app.stack.push(scene)
        assert driver.run_until(lambda: scene.job.done, limit=400)
        driver.step(2)
        assert len(scene.moments) == 3
        # the seat's own decisions come first: these are moves seat 0 chose
        assert all(match.history[ply].seat == 0 for ply in scene.moments)
        driver.click_widget("moment0", frames=2)
        assert scene.opened == scene.moments[0]
        moment = driver.top
        assert isinstance(moment, MomentScene)
        before = match.history[scene.moments[0]].state_before
        game = match.game
        # the position as seat 0 saw it, on the real table: its view, never the full state
        seen = game.to_dict(game.view(before, 0))
        assert moment.table.view_dict == seen
        assert set(moment.table.view_dict["hands"][1]) <= {"??", "?A"}
        assert moment.table.view_dict != game.to_dict(before)
        # the expert was asked from that same view, for that seat, and its move is legal
        assert driver.run_until(lambda: moment.expert is not None or moment.problem, limit=200)
        assert asked and asked[-1] == {"view": seen, "seat": 0, "level": "expert"}
        assert moment.expert in game.legal_moves(before), moment.problem
        text = " ".join(moment.lines())
        played = match.history[scene.moments[0]].move
        assert moment.table.move_words(played) in text   # words, never notation
        assert match.game.format_move(played) not in text
        assert moment.table.move_words(moment.expert) in text
        assert moment.table.hint_rects(driver.app.screen.get_size())  # marked on the table
        driver.click_widget("play_on", frames=3)
        table = driver.top
        assert table.shown_match is not None and table.shown_match is not match
        assert len(table.shown_match.history) == 0
        assert match.game.to_dict(table.shown_match.state) == \
            match.game.to_dict(match.history[scene.moments[0]].state_before)
        assert [s.kind for s in table.shown_match.seats] == ["human", "ai"]
        assert table.shown_match.seats[1].level == "easy"
    finally:
        driver.app.close()


def test_key_moments_prefer_the_seats_own_decisions():
    chances = [0.5, 0.9, 0.85, 0.1, 0.12, 0.5]
    assert key_moments(chances, 2, eligible={1, 3}) == [1, 3]
    # too few own decisions: the biggest other swings fill in
    assert key_moments(chances, 3, eligible={1}) == [0, 1, 2]


@pytest.mark.parametrize("game", ["cesta", "royal_road"])
def test_a_game_played_on_is_saved_resumes_and_replays_from_its_own_start(game):
    """Play on from a review moment: the new game is autosaved (its save replays the
    reviewed deal up to the moment, then its own moves), Continue brings it back whole, the
    replay starts at the moment, and the statistics leave it out (practice)."""
    from game.client.scenes.replay import ReplayScene
    from game.client.scenes.review import ReviewScene
    from game.client.storage.save_format import load, match_from
    from game.client.storage.stats import StatsRecorder
    from tests.support.driver import Driver

    driver = Driver()
    try:
        old = _finished(game)
        ply = len(old.history) // 2
        scene = ReviewScene(driver.app, old, 0)
        driver.app.stack.push(scene)
        scene.play_on(ply)
        match = driver.top.shown_match
        assert match is not None and match.history == []
        assert match.lead_in == tuple(e.notation for e in old.history[:ply])
        assert not any(isinstance(c, StatsRecorder) for c in match.on_change)
        rng = random.Random(4)
        for _ in range(6):
            if match.over:
                break
            match.play(rng.choice(match.legal_moves()))
        match.close()
        own = len(match.history)
        assert own >= 1
        for callback in match.on_change:  # the autosave writes after every move
            flush = getattr(callback, "flush", None)
            if flush is not None:
                flush()
        assert match.save_path is not None
        loaded = load(match.save_path)
        assert loaded.lead_in == match.lead_in and len(loaded.history) == own
        assert old.game.to_dict(loaded.initial) == \
            old.game.to_dict(old.history[ply].state_before)
        back = match_from(loaded, inline_ai=True)
        assert back.lead_in == match.lead_in
        assert old.game.to_dict(back.state) == old.game.to_dict(match.state)
        assert [e.notation for e in back.history] == [e.notation for e in match.history]
        back.close()
        for replay in (ReplayScene.from_match(driver.app, match),
                       ReplayScene.from_loaded(driver.app, loaded)):
            assert len(replay.moves) == own
            assert old.game.to_dict(replay.match.state) == \
                old.game.to_dict(old.history[ply].state_before)
            replay.seek(own)
            assert old.game.to_dict(replay.match.state) == old.game.to_dict(match.state)
    finally:
        driver.app.close()


def test_changes_of_chance_and_dates_are_written_as_each_language_writes_them():
    from game.client.i18n import date_time, set_language, signed_percent, t

    try:
        set_language("cs")
        assert t("Move {n}: {swing}", n=12, swing=signed_percent(-0.314)) == "Tah 12: −31\xa0%"
        assert signed_percent(0.05) == "+5\xa0%" and signed_percent(0.001) == "0\xa0%"
        assert date_time("2026-03-05T18:07:00+0100") == "5. 3. 2026 18:07"
        set_language("en")
        assert t("Move {n}: {swing}", n=3, swing=signed_percent(0.2)) == "Move 3: +20%"
        set_language("de")
        assert date_time("2026-03-05T18:07:00+0100") == "05.03.2026 18:07"
        assert date_time("not a date") == "not a date"
    finally:
        set_language("cs")
