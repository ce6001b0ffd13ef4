"""The match controller: forced moves after a notice, AI pacing, events for the viewer."""

from __future__ import annotations

import random

from game.client.match.match import FORCED_NOTICE, Match, SeatInfo


class Recorder:
    """A presenter that records what the table would animate."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, object, list]] = []
        self.busy = False

    def present(self, seat, move, events):
        self.calls.append((seat, move, events))

    def move_words(self, move):
        return f"words for {move!r}"


def forced_position(match: Match, rng: random.Random):
    """Play random moves until the person (seat 0) has exactly one legal move."""
    game = match.game
    state = match.state
    for _ in range(400):
        if game.is_over(state):
            state = game.new_game(2, rng.randrange(1000))
            continue
        moves = game.legal_moves(state)
        if game.current_player(state) == 0 and len(moves) == 1:
            return state
        state, _ = game.apply(state, rng.choice(moves))
    raise AssertionError("no forced position found")


def test_a_forced_move_is_announced_then_played_for_the_person():
    match = Match.create("cesta", [SeatInfo("human", name="Ann"), SeatInfo("ai", name="Bot")],
                         seed=2, inline_ai=True)
    try:
        match.presenter = recorder = Recorder()
        match.state = forced_position(match, random.Random(4))
        [only] = match.game.legal_moves(match.state)
        match.update(1 / 60)
        assert match.notice is not None and not match.waiting_for_human
        assert f"words for {only!r}" in match.notice.text  # the table's words for the Move
        steps = 0
        while not match.history and steps < 600:
            match.update(1 / 60)
            steps += 1
        assert match.history and match.history[0].move == only
        assert match.history[0].notation == match.game.format_move(only)
        assert steps >= int(FORCED_NOTICE * 60 * 0.9) - 2  # visible for a moment first
        assert match.notice is None and recorder.calls[0][0] == 0
    finally:
        match.close()


def test_ai_moves_wait_for_the_table_and_the_pace():
    match = Match.create("cesta", [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")], seed=3,
                         inline_ai=True)
    try:
        match.presenter = recorder = Recorder()
        match.ai_pace = 0.5
        recorder.busy = True
        for _ in range(30):
            match.update(1 / 60)
        assert not match.history  # the table is still animating: nothing lands
        recorder.busy = False
        match.update(1 / 60)
        assert len(match.history) == 1
        for _ in range(10):  # 1/6 s < half the pace (same seat draws next)
            match.update(1 / 60)
        assert len(match.history) == 1
        for _ in range(40):
            match.update(1 / 60)
        assert len(match.history) >= 2
    finally:
        match.close()


def test_the_person_sees_only_their_own_draws():
    match = Match.create("cesta", [SeatInfo("human"), SeatInfo("ai", "easy")], seed=6,
                         inline_ai=True)
    try:
        match.presenter = recorder = Recorder()
        match.ai_pace = 0.0
        rng = random.Random(1)
        for _ in range(400):
            if match.over:
                break
            if match.waiting_for_human:
                match.play(rng.choice(match.legal_moves()))
            match.update(1 / 60)
        draws = [e for _, _, events in recorder.calls for e in events if e.type == "draw"]
        assert draws
        for event in draws:
            hidden = event.card in ("??", "?A")
            assert hidden == (event.seat == 1)
    finally:
        match.close()
