"""AI seats think in a spawned process that receives only views and answers Move values."""

from __future__ import annotations

import time

from game.client.match.ai_worker import AIWorker, InlineWorker, Request, choose
from game.rules import get_game


def _view_request(seed: int = 3) -> tuple:
    game = get_game("cesta")
    state = game.new_game(2, seed)
    seat = game.current_player(state)
    view = game.to_dict(game.view(state, seat))
    return game, state, seat, view


def test_spawned_worker_answers_a_legal_move_without_blocking():
    game, state, seat, view = _view_request()
    worker = AIWorker()
    try:
        start = time.perf_counter()
        request_id = worker.request("cesta", game.rules, view, seat, "easy", 7)
        assert time.perf_counter() - start < 0.5  # sending never waits for the answer
        replies = []
        deadline = time.monotonic() + 60
        while not replies and time.monotonic() < deadline:
            replies = worker.poll()
            time.sleep(0.01)
        [reply] = replies
        assert reply.id == request_id and reply.error is None
        assert reply.move in game.legal_moves(state)  # a Move value, legal in the real state
    finally:
        worker.close()
    assert not worker.alive


def test_the_worker_never_sees_hidden_cards():
    game, state, seat, view = _view_request(5)
    other = 1 - seat
    assert all(card in ("??", "?A") for card in view["hands"][other])
    assert all(card in ("??", "?A") for card in view["event_deck"])


def test_inline_worker_and_bad_requests_report_errors_instead_of_raising():
    game, state, seat, view = _view_request()
    inline = InlineWorker()
    request_id = inline.request("cesta", game.rules, view, seat, "normal", 1)
    [reply] = inline.poll()
    assert reply.id == request_id and reply.move in game.legal_moves(state)
    broken = choose(Request(9, "cesta", game.rules, {"game": "cesta"}, seat, "easy", 1))
    assert broken.move is None and "StateError" in broken.error


def test_the_ai_request_never_carries_the_match_seed():
    from game.client.match.match import Match, SeatInfo

    sent = []

    class Recorder(InlineWorker):
        def request(self, game, rules, view, seat, level, seed):
            sent.append(seed)
            return super().request(game, rules, view, seat, level, seed)

    seats = [SeatInfo("ai", "easy", "A"), SeatInfo("ai", "easy", "B")]
    first = Match.create("cesta", seats, seed=1234, inline_ai=True)
    second = Match.create("cesta", seats, seed=1234, inline_ai=True)
    for match in (first, second):
        match.worker = Recorder()
        match.ai_pace = 0.0
        while len(match.history) < 6:
            match.update(1 / 60)
    assert len(sent) >= 4
    # nothing derived from the deal: not the old seed*7919+ply, and two matches of the
    # same deal draw different AI seeds (os-random per match)
    assert not any(seed == 1234 * 7919 + ply for ply in range(12) for seed in sent)
    assert first.ai_seed != second.ai_seed
    assert "ai_seed" not in __import__("game.client.storage.save_format", fromlist=["snapshot"]) \
        .snapshot(first)


def test_a_worker_that_cannot_be_reached_is_restarted_on_request():
    game, state, seat, view = _view_request()
    worker = AIWorker()
    try:
        worker._process.kill()          # dead before the first request
        worker._process.join(5)
        request_id = worker.request("cesta", game.rules, view, seat, "easy", 3)
        deadline = time.monotonic() + 60
        replies = []
        while not replies and time.monotonic() < deadline:
            replies = worker.poll()
            time.sleep(0.01)
        [reply] = replies
        assert reply.id == request_id and reply.move in game.legal_moves(state)
    finally:
        worker.close()


def test_an_agent_failure_is_reported_not_replaced(monkeypatch, caplog):
    """The worker answers an error with its reason; the match says so in words (the reason
    itself goes to the log) and asks the same agent again (never a random or weaker move)."""
    from game.client.match import ai_worker
    from game.client.match.match import Match, SeatInfo

    calls = []
    real_choose = ai_worker.choose

    def flaky(request, games=None):
        calls.append(request.level)
        if len(calls) == 1:
            return ai_worker.Reply(request.id, None, "RuntimeError: search blew up")
        return real_choose(request, games)

    monkeypatch.setattr(ai_worker, "choose", flaky)
    seats = [SeatInfo("ai", "hard", "Ada"), SeatInfo("human", "normal", "Bob")]
    match = Match.create("cesta", seats, seed=3, inline_ai=True)
    try:
        match.ai_pace = 0.0
        for _ in range(2000):
            if len(calls) >= 2 and match.history and match.history[-1].seat == 0:
                break
            if match.to_move == 1 and match.waiting_for_human:
                match.play(match.legal_moves()[0])
            match.update(1 / 60)
        assert calls[:2] == ["hard", "hard"]          # the same level, asked again
        assert match.history[-1].seat == 0           # and its answer was played
        assert match.alert is not None and "search blew up" not in match.alert.text
        assert "Ada" in match.alert.text and "error" in match.alert.text
        assert "search blew up" in caplog.text  # the detail goes to the log
    finally:
        match.close()


PARENT_SCRIPT = r"""
import sys, time
from game.client.match.ai_worker import AIWorker
from game.rules import get_game
game = get_game("cesta")
state = game.new_game(2, 4)
seat = game.current_player(state)
view = game.to_dict(game.view(state, seat))
worker = AIWorker()
worker.request("cesta", dict(game.rules), view, seat, "expert", 1)  # seconds of search
print(worker.pid, flush=True)
time.sleep(120)
"""


def test_the_worker_exits_when_its_parent_is_killed(tmp_path):
    """A killed game leaves no AI process behind, even one in the middle of a search."""
    import os
    import signal
    import subprocess
    import sys

    parent = subprocess.Popen([sys.executable, "-c", PARENT_SCRIPT], stdout=subprocess.PIPE,
                              text=True, cwd=tmp_path)
    try:
        worker_pid = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while _cpu_seconds(worker_pid) < 1.5 and time.monotonic() < deadline:
            time.sleep(0.05)                   # imports done, deep in the expert search
        assert _running(worker_pid)            # alive while its parent is
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 0.8      # the search alone would need seconds more
        while _running(worker_pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        if _running(worker_pid):
            os.kill(worker_pid, signal.SIGKILL)
            raise AssertionError("the AI worker outlived its killed parent")
    finally:
        if parent.poll() is None:
            parent.kill()


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (an exited orphan may linger as a zombie: not running)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[-1].split()
    except FileNotFoundError:
        return 0.0
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_worker_that_keeps_failing_to_start_is_said_on_screen_and_the_same_agent_moves(caplog):
    """request() failing every time (the process cannot be reached): each failure is shown,
    and after the fresh processes failed the same agent thinks in this process."""
    from game.client.i18n import t
    from game.client.match.ai_worker import CANNOT_REACH, WorkerError
    from game.client.match.match import WORKER_RESTARTS, Match, SeatInfo

    class Unreachable:
        alive = True
        started = 0

        def __init__(self):
            Unreachable.started += 1

        def request(self, *args):
            raise WorkerError(CANNOT_REACH, "Broken pipe")

        def poll(self):
            return []

        def close(self):
            pass

    seats = [SeatInfo("ai", "normal", "Ada"), SeatInfo("ai", "normal", "Eve")]
    match = Match.create("cesta", seats, seed=9, inline_ai=True)
    match.worker_factory = Unreachable
    match.worker = Unreachable()
    match.ai_pace = 0.0
    first = match.seats[match.to_move].name   # who the deal lets begin
    alerts = []
    try:
        for _ in range(20 * 60):
            match.update(1 / 60)
            if match.alert is not None and match.alert.text not in alerts:
                alerts.append(match.alert.text)
            if match.history:
                break
        assert match.history, "the game must go on"
        assert Unreachable.started == WORKER_RESTARTS + 1   # fresh workers were tried
        assert isinstance(match.worker, InlineWorker)        # then the same agent, in-process
        # in words on screen; the system's own text only in the log
        assert alerts and all(t(CANNOT_REACH) in text and "Broken pipe" not in text
                              for text in alerts)
        assert "Broken pipe" in caplog.text
        assert any(first in text for text in alerts)
    finally:
        match.close()
