"""Post-game review: chances from views only; moments are the seat's own choices that lost
the most against the expert's from the same view (a known blunder is one; forced moves and
chance events never are); all of it judged in the background, never in draw or events."""

from __future__ import annotations

import random
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

import ai  # noqa: E402
from game.client.i18n import t  # noqa: E402
from game.client.match import analysis  # noqa: E402
from game.client.match.analysis import (  # noqa: E402
    Decision,
    ReviewJob,
    decision_plies,
    is_chance_move,
    key_moments,
    luck_line,
)
from game.client.match.match import Match, SeatInfo  # noqa: E402
from tests.ai.test_endgame import CESTA_ONE_WIN  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _finished(game: str) -> Match:
    match = Match.create(game, [SeatInfo("human", name="A"), SeatInfo("ai", "easy", name="B")],
                         seed=3, inline_ai=True)
    rng = random.Random(2)
    while not match.over:
        match.play(rng.choice(match.legal_moves()))
    match.close()
    return match


def _quick_expert(monkeypatch) -> None:  # noqa: ANN001
    """The heuristic stands in for the expert (the hint budget costs a second a choice)."""
    monkeypatch.setattr(analysis, "expert_agent",
                        lambda game, seed: ai.agent_for_level(game, "normal", seed))


@pytest.mark.parametrize("game", ["cesta", "royal_road", "cut_the_rope"])
def test_review_never_reads_another_seats_hidden_cards(game, monkeypatch):
    _quick_expert(monkeypatch)
    match = _finished(game)
    seen: list[object] = []
    real_chance, real_judge = analysis.win_chance, analysis.judge_decision

    def spy(game_obj, view, seat, playouts, seed):  # noqa: ANN001, ANN202
        seen.append(view)
        return real_chance(game_obj, view, seat, playouts, seed)

    def judge(game_obj, view, seat, *rest, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(view)
        return real_judge(game_obj, view, seat, *rest, **kw)

    monkeypatch.setattr(analysis, "win_chance", spy)
    monkeypatch.setattr(analysis, "judge_decision", judge)
    job = ReviewJob(match, 0, playouts=2, inline=True)
    job.start()
    job.poll(budget=100_000)
    assert job.done and len(job.chances) == len(match.history) + 1
    assert all(0.0 <= c <= 1.0 for c in job.chances if c is not None)
    assert sorted(job.decisions) == decision_plies(match, 0)
    assert seen
    for view in seen:  # each is a view of seat 0: the other hand is unknown cards only
        data = match.game.to_dict(view)
        assert data == match.game.to_dict(match.game.from_dict(data))
        hidden_key = {"cesta": "hands", "cut_the_rope": "hands"}.get(game)
        if hidden_key:
            assert set(data[hidden_key][1]) <= {"??", "?A"}
        else:
            assert data["kept"][1] == [] or set(data["kept"][1]) == {"??"}
    winner_final = 1.0 if 0 in match.result().winners else 0.0
    assert job.chances[-1] == winner_final


def _blunder_match() -> tuple[Match, Any]:
    """Seat 1 to move with both decks empty: only "play YO 1" wins (tests/ai/test_endgame);
    seat 1 plays "play DEED 1" instead, then both play the heuristic's moves to the end."""
    from game.rules import get_game

    game = get_game("cesta", CESTA_ONE_WIN["rules"])
    state = game.from_dict(CESTA_ONE_WIN)
    match = Match("cesta", game, [SeatInfo("ai", "easy", name="A"), SeatInfo("human", name="B")],
                  1, state)
    blunder = next(m for m in match.legal_moves() if game.format_move(m) == "play DEED 1")
    match.play(blunder)
    players = [ai.agent_for_level(game, "normal", seat) for seat in (0, 1)]
    while not match.over:
        seat = match.to_move
        match.play(players[seat].choose(game.view(match.state, seat)))
    return match, blunder


def test_a_known_blunder_is_a_moment_with_the_better_move_and_its_reason():
    match, blunder = _blunder_match()
    job = ReviewJob(match, 1, inline=True, lang="cs")
    job.start()
    job.poll(budget=1000)
    assert job.done and not job.failures
    moments = job.moments()
    first = moments[0]
    assert first.ply == 0 and first.played == blunder
    assert match.game.format_move(first.expert) == "play YO 1"
    # judged exactly (the view determines the game): the win given away entirely
    assert first.expert_chance == 1.0 and first.played_chance is not None
    assert first.loss >= 0.5
    assert first.reason and first.reason.startswith("Vynucená výhra")   # why, in the asked language


def test_forced_moves_and_chance_events_are_never_moments(monkeypatch):
    """Every choice is judged a total loss here (a stand-in judge), so every eligible move
    would be a moment: the forced ones and the draws and rolls must still not be."""
    def judge(game, view, seat, ply, played, *rest, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        return Decision(ply, played, played, 1.0, 0.0, 1.0, None)

    monkeypatch.setattr(analysis, "judge_decision", judge)
    for name in ("cesta", "royal_road"):
        match = _finished(name)
        game = match.game
        forced = [i for i, e in enumerate(match.history)
                  if e.seat == 0 and len(game.legal_moves(e.before)) == 1]
        chance = [i for i, e in enumerate(match.history)
                  if e.seat == 0 and is_chance_move(e.played)
                  and len(game.legal_moves(e.before)) > 1]
        assert forced and chance, name   # the game has both, so the test means something
        job = ReviewJob(match, 0, playouts=1, inline=True)
        job.start()
        job.poll(budget=100_000)
        judged = set(job.decisions)
        assert judged and not judged & (set(forced) | set(chance))
        assert all(match.history[d.ply].seat == 0 for d in job.moments(len(judged)))
        assert {d.ply for d in job.moments(len(judged))} == judged


def test_key_moments_are_the_biggest_losses_in_game_order():
    def decision(ply: int, loss: float) -> Decision:
        return Decision(ply, "a", "b", loss)

    found = key_moments([decision(1, 0.2), decision(4, 0.5), decision(7, 0.01),
                         decision(9, 0.3), decision(12, 0.1)], 3)
    assert [d.ply for d in found] == [1, 4, 9]
    assert key_moments([decision(3, 0.0), decision(5, 0.02)]) == []   # no real mistake


def test_luck_line_counts_from_the_log():
    match = _finished("royal_road")
    luck = luck_line(match)
    rolls = sum(1 for e in match.history for ev in e.events if ev.type == "roll")
    assert abs(sum(exp for _got, exp in luck.values()) - rolls / 6) < 1e-9


class FakeConn:
    """The review process's end of the pipe, fed by the test."""

    def __init__(self) -> None:
        self.messages: list[tuple[Any, ...]] = []

    def poll(self, timeout: float = 0) -> bool:
        return bool(self.messages)

    def recv(self) -> tuple[Any, ...]:
        return self.messages.pop(0)


class FakeJob(ReviewJob):
    def connect(self) -> Any:
        self.conn = FakeConn()
        return self.conn


def test_results_and_review_only_take_answers_and_never_judge_in_draw_or_events(monkeypatch):
    from game.client.scenes import results as results_module
    from game.client.scenes.review import ReviewScene
    from tests.client.test_marks import finished_results

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the review was judged in the scene")

    monkeypatch.setattr(analysis, "run_unit", never)
    monkeypatch.setattr(analysis, "judge_decision", never)
    monkeypatch.setattr(analysis, "win_chance", never)

    def start(match, seat, inline):  # noqa: ANN001, ANN202
        job = FakeJob(match, seat, inline=False)
        job.start()
        return job

    monkeypatch.setattr(results_module, "start_review", start)
    driver = finished_results("cesta", 2, (960, 540))
    try:
        scene = driver.top
        assert isinstance(scene, results_module.ResultsScene)
        job = scene.review_job
        assert isinstance(job, FakeJob) and job.finished == 0
        driver.app.screen.fill((0, 0, 0))
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                              buttons=(0, 0, 0)))
        scene.draw(driver.app.screen)
        driver.step(3)
        # answers arrive: the Review button shows the progress
        plies = [unit[1] for unit in job.units if unit[0] == "decision"]
        job.conn.messages += [("chance", 0, 0.5), ("chance", 1, 0.4)]
        driver.step(2)
        assert job.finished == 2
        review = next(w for w in scene.focus.widgets if t("Review") in w.label())
        assert "%" in review.label()
        review.on_click()
        driver.step(2)
        view = driver.top
        assert isinstance(view, ReviewScene) and view.job is job and not view.owns_job
        played = job.match.history[plies[0]].played
        job.conn.messages.append(("decision", Decision(plies[0], played, played, 0.4,
                                                       0.1, 0.5, "because")))
        driver.step(2)
        assert [d.ply for d in view.moments] == [plies[0]]
        assert any(w.name == "moment0" for w in view.focus.widgets)
        view.draw(driver.app.screen)
        assert "%" in view.status()       # still judging: the progress in words
        driver.key(pygame.K_ESCAPE, frames=2)   # back to the results; the job goes on
        assert driver.top is scene and job.finished == 3
    finally:
        driver.app.close()


def test_the_axis_ticks_step_so_their_numbers_have_room():
    from game.client.scenes.review import tick_step

    assert tick_step(10, 800, 46) == 1
    assert tick_step(60, 800, 46) == 5
    assert tick_step(400, 800, 46) == 25


def test_a_moment_opens_on_the_table_with_the_better_move_and_play_on(monkeypatch):
    from game.client.scenes.review import ReviewScene
    from game.client.scenes.review_moment import MomentScene
    from tests.support.driver import Driver

    driver = Driver()
    try:
        match, blunder = _blunder_match()
        scene = ReviewScene(driver.app, match, 1)
        driver.app.stack.push(scene)
        assert driver.run_until(lambda: scene.job.done, limit=400)
        driver.step(2)
        assert scene.moments and scene.moments[0].ply == 0
        assert all(match.history[d.ply].seat == 1 for d in scene.moments)
        driver.click_widget("moment0", frames=2)
        assert scene.opened == 0
        moment = driver.top
        assert isinstance(moment, MomentScene)
        before = match.history[0].state_before
        game = match.game
        # the position as seat 1 saw it, on the real table: its view, never the full state
        seen = game.to_dict(game.view(before, 1))
        assert moment.table.view_dict == seen
        assert moment.table.view_dict != game.to_dict(before)
        text = " ".join(moment.lines())
        assert moment.table.move_words(blunder) in text   # words, never notation
        assert game.format_move(blunder) not in text
        assert moment.table.move_words(moment.decision.expert) in text
        assert moment.decision.reason and moment.decision.reason in text
        assert "100" in text   # the expert's move kept the whole chance
        assert moment.table.hint_rects(driver.app.screen.get_size())  # marked on the table
        driver.click_widget("play_on", frames=3)
        table = driver.top
        assert table.shown_match is not None and table.shown_match is not match
        assert len(table.shown_match.history) == 0
        assert game.to_dict(table.shown_match.state) == game.to_dict(before)
    finally:
        driver.app.close()


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
