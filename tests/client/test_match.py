"""TableScene.try_move: the one path from a table's input to the match, with Move values."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.options import Options, SeatSpec  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.base import TableScene  # noqa: E402
from game.rules import IllegalMove  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("game", ["cesta", "royal_road", "cut_the_rope"])
def test_try_move_plays_a_legal_move_and_refuses_the_rest_with_a_sound(game):
    settings = load_settings()
    settings.values.update(ai_pace=0.0, animation_speed=0.0)
    driver = Driver(Options(game=game, players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=4), settings=settings)
    sounds: list[str] = []
    driver.app.audio.play = sounds.append  # type: ignore[method-assign]
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 5000)
        legal = match.legal_moves()
        before = len(match.history)
        # a move of another game's kind, or one legal only elsewhere: IllegalMove, refused
        other = next(m for g in ("cesta", "royal_road", "cut_the_rope") if g != game
                     for m in _first_moves(g))
        with pytest.raises(IllegalMove):
            match.game.apply(match.state, other)
        assert TableScene.try_move(table, other) is False
        assert sounds[-1] == "error" and len(match.history) == before
        assert TableScene.try_move(table, legal[-1]) is True
        assert match.history[before].move == legal[-1] and match.history[before].seat == 0
        if not match.waiting_for_human:  # someone else's turn now: input is not a move
            assert TableScene.try_move(table, legal[0]) is False
            assert len(match.history) == before + 1
    finally:
        driver.close()


def _first_moves(game: str) -> list[object]:
    from game.rules import get_game

    engine = get_game(game)
    return list(engine.legal_moves(engine.new_game(2, 1)))
