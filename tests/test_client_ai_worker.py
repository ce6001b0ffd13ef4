"""AI seats think in a spawned process that receives only views and answers notation."""

from __future__ import annotations

import time

from game.client.ai_worker import AIWorker, InlineWorker, Request, choose
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
        move = game.parse_move(state, reply.move)  # legal in the real state
        assert move in game.legal_moves(state)
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
    assert reply.id == request_id and reply.move is not None
    broken = choose(Request(9, "cesta", game.rules, {"game": "cesta"}, seat, "easy", 1))
    assert broken.move is None and "StateError" in broken.error
