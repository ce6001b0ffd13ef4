"""A refused move says why twice: ``reason`` in English for the command line and the server,
and ``message`` + ``values`` (an English message id and its numbers) for a client to say in
its own language. The two must tell the same thing, and the client's part never carries card
notation."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from game.rules import GAME_NAMES, IllegalMove, get_game
from game.rules.common import GENERIC_REFUSAL

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_because_builds_the_reason_from_the_message_and_the_move() -> None:
    refusal = IllegalMove.because("Milestone {milestone} is claimed and closed.", "play R7 3",
                                  milestone=3)
    assert refusal.reason == "'play R7 3': Milestone 3 is claimed and closed."
    assert str(refusal) == refusal.reason
    assert refusal.message == "Milestone {milestone} is claimed and closed."
    assert refusal.values == {"milestone": 3}
    assert IllegalMove.because("The game is over.").reason == "The game is over."


def test_a_bare_reason_keeps_working_and_carries_the_generic_message() -> None:
    refusal = IllegalMove("not the move this lesson teaches")
    assert refusal.reason == "not the move this lesson teaches"
    assert refusal.message == GENERIC_REFUSAL and refusal.values == {}


def test_values_are_numbers_only() -> None:
    with pytest.raises(TypeError):
        IllegalMove.because("{card} is not in your hand.", "play R7 1", card="R7")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        IllegalMove.because("Row {row}.", None, row=True)


def test_a_refusal_survives_pickling() -> None:
    """The AI and the match may run in another process; a refusal crosses it whole."""
    refusal = IllegalMove.because("There is no main row {row}.", "build pile row:4", row=4)
    back = pickle.loads(pickle.dumps(refusal))
    assert (back.reason, back.message, back.values) == (refusal.reason, refusal.message,
                                                        refusal.values)


def _refusals(name: str, games: int = 6) -> list[IllegalMove]:
    """Refusals of moves that were legal a few plies earlier, of foreign objects and of
    nonsense notation, over some random games."""
    game = get_game(name)
    found: list[IllegalMove] = []
    rng = random.Random(7)
    for seed in range(games):
        state = game.new_game(3 if name != "cesta" else 2, seed)
        past: list[object] = []
        while not game.is_over(state) and len(past) < 400:
            legal = game.legal_moves(state)
            for old in rng.sample(past, min(4, len(past))):
                if old not in legal:
                    with pytest.raises(IllegalMove) as caught:
                        game.apply(state, old)
                    found.append(caught.value)
            for text in ("nonsense", "play Z9 7", "build hand:99 row:9", "move xS 3"):
                try:
                    game.parse_move(state, text)
                except IllegalMove as refusal:
                    found.append(refusal)
            move = rng.choice(legal)
            past.append(move)
            state = game.apply(state, move)[0]
        with pytest.raises(IllegalMove) as caught:
            game.apply(state, past[-1])
        found.append(caught.value)
        with pytest.raises(IllegalMove) as caught:
            game.apply(game.new_game(3 if name != "cesta" else 2, seed), object())
        found.append(caught.value)
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_refusal_of_the_rules_has_a_message_with_numbers_only(name: str) -> None:
    refusals = _refusals(name)
    assert len(refusals) > 20
    messages = set()
    for refusal in refusals:
        assert refusal.message != GENERIC_REFUSAL, refusal.reason
        assert set(PLACEHOLDER.findall(refusal.message)) == set(refusal.values), refusal.reason
        assert all(type(v) in (int, float) for v in refusal.values.values()), refusal.values
        sentence = refusal.message.format(**refusal.values)
        assert refusal.reason == sentence or refusal.reason.endswith(f"': {sentence}")
        assert sentence[:1].isupper() and sentence.endswith("."), sentence
        messages.add(refusal.message)
    assert len(messages) >= 3, messages
