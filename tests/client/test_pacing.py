"""The windowed loop draws only while something changes, and frame times stay bounded.

A fake pacer stands in for the clock and the event queue, so these tests count what the
loop draws over many idle turns without any timing: the real App and scenes run headless
(SDL's dummy driver), driven through ``App.windowed_turn`` exactly as the window's loop is.
"""

from __future__ import annotations

import random

import pygame

from game.client.app.frametimes import BIN, BINS, FrameTimes
from game.client.app.pacing import SETTLE
from game.client.match.ai_worker import Reply
from game.client.options import Options, SeatSpec
from game.client.tables.base import RULES_NOTE_SECONDS
from game.rules import get_game
from tests.support.driver import Driver

FRAME = 1.0 / 60.0
IDLE = 0.02


class FakePacer:
    """Frames of 1/60 s, idle sleeps of 20 ms, and the events a test queues."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.pending: list[pygame.event.Event] = []
        self.frames = 0
        self.idles = 0

    def _take(self) -> list[pygame.event.Event]:
        events, self.pending = self.pending, []
        return events

    def frame(self) -> tuple[float, list[pygame.event.Event]]:
        self.frames += 1
        self.clock += FRAME
        return FRAME, self._take()

    def idle(self) -> tuple[float, list[pygame.event.Event]]:
        self.idles += 1
        self.clock += IDLE
        return IDLE, self._take()

    def now(self) -> float:
        return self.clock


def turns(driver: Driver, pacer: FakePacer, count: int) -> int:
    """Run ``count`` turns of the windowed loop; how many frames were drawn."""
    drawn = 0
    for _ in range(count):
        drawn += driver.app.windowed_turn(pacer)
    return drawn


QUIET = RULES_NOTE_SECONDS + 2.0   # a quick start's table: past its note of which rules


def settle(driver: Driver, pacer: FakePacer, seconds: float = 3.0) -> None:
    """Let start-up, fades and entrances play out (whatever they draw)."""
    turns(driver, pacer, int(seconds / IDLE))


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))


def test_the_title_stops_drawing_when_nothing_happens_and_input_wakes_it():
    driver = Driver(Options(headless=True))
    pacer = FakePacer()
    try:
        assert turns(driver, pacer, 1) == 1  # the first picture is always drawn
        settle(driver, pacer)
        before = pacer.idles
        assert turns(driver, pacer, 500) == 0  # ten idle seconds: not one frame
        assert pacer.idles - before == 500     # and the loop slept in each of them
        pacer.pending.append(motion((200, 200)))
        assert turns(driver, pacer, 1) == 1    # input is drawn at once
        drawn = turns(driver, pacer, int(2 * SETTLE / FRAME))
        assert 0 < drawn < int(2 * SETTLE / FRAME)  # a short settle after input, then rest
        assert turns(driver, pacer, 200) == 0
    finally:
        driver.close()


def test_a_menu_opened_by_a_click_is_drawn_then_rests():
    driver = Driver(Options(headless=True))
    pacer = FakePacer()
    try:
        settle(driver, pacer)
        title = driver.top
        button = driver.widget("settings")
        pos = button.rect.center
        pacer.pending += [motion(pos),
                          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        assert turns(driver, pacer, 1) == 1
        assert driver.top is not title  # the settings menu is on top, and drawn
        settle(driver, pacer)
        assert turns(driver, pacer, 300) == 0
    finally:
        driver.close()


def person_first_table(game: str) -> Driver:
    """A person (seat 0) and a computer player; the table waits for the person once the
    computer, if it starts, has moved."""
    return Driver(Options(headless=True, game=game, seed=5,
                          players=[SeatSpec("human"), SeatSpec("ai", "easy")]))


def test_a_table_waiting_for_a_person_does_not_redraw():
    for game in ("cesta", "royal_road", "cut_the_rope"):
        driver = person_first_table(game)
        pacer = FakePacer()
        try:
            settle(driver, pacer, QUIET)  # deal animations, art, the quick start's note
            match = driver.top.shown_match
            assert match is not None and match.waiting_for_human, game
            assert turns(driver, pacer, 300) == 0, game
        finally:
            driver.close()


class SilentWorker:
    """An AI worker that thinks until the test lets it answer (the match's first move)."""

    def __init__(self, game_name: str) -> None:
        self.game = get_game(game_name)
        self.answer: Reply | None = None
        self.asked: tuple[int, dict] | None = None
        self.polls = 0

    def request(self, game, rules, view, seat, level, seed) -> int:
        self.asked = (7, view)
        return 7

    def release(self) -> None:
        assert self.asked is not None
        view = self.game.from_dict(self.asked[1])
        move = random.Random(1).choice(self.game.legal_moves(view))
        self.answer = Reply(self.asked[0], move)

    def poll(self) -> list[Reply]:
        self.polls += 1
        answer, self.answer = self.answer, None
        return [answer] if answer is not None else []

    @property
    def alive(self) -> bool:
        return True

    def close(self) -> None:
        pass


def test_an_ai_thinking_does_not_wake_drawing_until_its_move_arrives():
    driver = person_first_table("cesta")  # with this seed the computer (seat 1) starts
    pacer = FakePacer()
    try:
        match = driver.top.shown_match
        assert match is not None and match.to_move == 1
        worker = SilentWorker("cesta")
        if match.worker is not None:
            match.worker.close()
        match.worker = worker
        match.worker_factory = lambda: worker
        settle(driver, pacer, QUIET)
        assert worker.asked is not None and not match.history  # asked, still thinking
        polls = worker.polls
        assert turns(driver, pacer, 300) == 0     # six seconds of thinking: nothing drawn
        assert worker.polls - polls == 300        # but the worker is looked at each turn
        worker.release()
        drawn = turns(driver, pacer, 120)
        assert len(match.history) >= 1            # the move landed …
        assert drawn > 10                         # … and was animated frame by frame
        settle(driver, pacer, 6.0)
        assert turns(driver, pacer, 100) == 0     # and then the table rests again
    finally:
        driver.close()


def test_headless_runs_still_draw_every_frame():
    driver = Driver(Options(headless=True))
    try:
        start = driver.app.frame
        driver.step(50)  # tests and --headless step the App: each step draws
        assert driver.app.frame - start == 50
    finally:
        driver.close()


def test_frame_times_match_nearest_rank_percentiles_within_a_bin():
    rng = random.Random(4)
    samples = [rng.uniform(0.0005, 0.02) for _ in range(5000)] + [0.031, 0.6]
    times = FrameTimes()
    for value in samples:
        times.add(value)
    ordered = sorted(samples)
    for p in (50, 99):
        exact = ordered[min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1)]
        assert exact <= times.percentile(p) <= exact + BIN
    summary = times.summary()
    assert summary["frames"] == len(samples)
    assert summary["max_ms"] == 600.0  # beyond the last bin, the maximum stays exact
    assert summary["p50_ms"] <= summary["p99_ms"] <= summary["max_ms"]


def test_frame_times_take_the_same_memory_after_many_frames():
    times = FrameTimes()
    size = len(times.counts)
    for index in range(200_000):
        times.add((index % 97) * 1e-4)
    assert len(times.counts) == size == BINS
    assert times.count == 200_000
    assert FrameTimes().summary() == {"frames": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}


def test_pictures_for_later_are_made_in_idle_turns_never_in_a_drawn_frame():
    """Rendering ahead (``Scene.warm``) runs only in turns that draw nothing, so a job
    never lengthens a frame; the tables' queues still empty while the table waits."""
    from game.client.ui.warm import IDLE_BUDGET

    for game in ("cesta", "royal_road"):
        driver = person_first_table(game)
        pacer = FakePacer()
        table = driver.top
        budgets: list[float] = []
        real_warm = table.warm

        def warm(budget: float, real=real_warm, seen=budgets) -> None:
            seen.append(budget)
            real(budget)

        table.warm = warm
        try:
            for _ in range(600):
                before = len(budgets)
                drawn = driver.app.windowed_turn(pacer)
                assert not (drawn and len(budgets) > before), game
            assert budgets and max(budgets) <= IDLE_BUDGET, game
            if game == "cesta":
                assert not table.renderer.warming
            else:
                assert not table.warm_queue.pending
        finally:
            driver.close()


def test_a_warm_queue_stops_once_its_budget_is_spent_and_keeps_the_rest():
    from game.client.ui.warm import WarmQueue

    now = [0.0]
    done: list[int] = []

    def job(n: int) -> None:
        done.append(n)
        now[0] += 0.003   # each picture takes 3 ms of the fake clock

    queue = WarmQueue(clock=lambda: now[0])
    queue.replace([lambda n=n: job(n) for n in range(10)])
    assert queue.run(0.008) == 3          # 3, 6, 9 ms: the third job crosses the budget
    assert done == [0, 1, 2] and len(queue) == 7
    queue.replace([lambda: job(99)])      # a new size: the old list is dropped
    queue.run_all()
    assert done == [0, 1, 2, 99] and not queue.pending
