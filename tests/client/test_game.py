"""A whole human-vs-AI Cesta game played through synthetic mouse events on the real scenes,
from the title screen to the results screen."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.cesta import CestaTable  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def human_turn(driver: Driver, table: CestaTable, use_drag: bool) -> None:
    """Play one step of the person's turn with the mouse, as a player would."""
    legal = table.legal()
    layout = table.layout
    if legal.draws:
        deck = layout.event_deck if "event" in legal.draws else layout.action_deck
        driver.click(deck.center)
        return
    hand = table.hand(table.bottom)
    slots = layout.hand_slots(len(hand), True)
    for index, code in enumerate(hand):
        targets = legal.targets(code)
        if targets:
            m = min(targets)
            column = layout.column_rect(m, True)
            if use_drag:
                driver.drag(slots[index].center, column.center)
            else:
                driver.click(slots[index].center)
                assert table.pointer.selected == index
                driver.click(column.center)
            return
    raise AssertionError(f"no playable card although it is the person's turn: {legal}")


def test_whole_game_from_title_to_results_with_the_mouse():
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.5  # still animated, half the frames
    driver = Driver(settings=settings)
    try:
        assert isinstance(driver.top, TitleScene)
        driver.step(3)
        driver.click_widget("cesta")
        assert isinstance(driver.top, SetupScene)
        assert driver.top.kinds == ["human", "ai"]
        driver.click_widget("start", frames=3)
        table = driver.top
        assert isinstance(table, CestaTable)
        match = table.match
        assert [s.kind for s in match.seats] == ["human", "ai"]
        moves_by_mouse = 0
        for _ in range(30000):
            top = driver.top
            if isinstance(top, ResultsScene):
                break
            if top is table and match.waiting_for_human:
                before = len(match.history)
                human_turn(driver, table, use_drag=moves_by_mouse % 3 == 1)
                assert len(match.history) == before + 1, "the click did not make a move"
                moves_by_mouse += 1
            else:
                driver.step()
        else:
            raise AssertionError("the game did not reach the results screen")
        assert match.over
        assert moves_by_mouse >= 5
        result = match.result()
        results = driver.top
        assert results.winners == list(result.winners)
        seats = {e.seat for e in match.history}
        assert seats == {0, 1}
        # every move in the history is legal notation of the rules
        assert all(e.notation.split()[0] in ("play", "draw", "pass") for e in match.history)
        # the results screen offers a rematch that starts a fresh table
        driver.click_widget("result0", frames=3)
        assert isinstance(driver.top, CestaTable) and driver.top is not table
        assert not driver.top.match.history or driver.top.match.history[0].seat in (0, 1)
    finally:
        driver.close()


def test_keyboard_play_and_sorting():
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    from game.cli import Options, SeatSpec

    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=3), settings=settings)
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        driver.key(pygame.K_s)
        hand = table.hand(table.bottom)
        events = [c for c in hand if c[0] in "RYGB" and c[1:] != ""]
        order = "RYGB"
        assert [c[0] for c in events] == sorted((c[0] for c in events), key=order.index)
        before = len(match.history)
        legal = table.legal()
        index = next(i for i, c in enumerate(hand) if legal.targets(c))
        driver.key(pygame.K_1 + index)
        assert table.pointer.selected == index and table.pointer.target is not None
        driver.key(pygame.K_RETURN)
        assert len(match.history) == before + 1
        assert match.history[-1].notation.startswith(f"play {hand[index]} ")
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        if table.legal().draws:
            key = pygame.K_e if "event" in table.legal().draws else pygame.K_a
            driver.key(key)
            assert match.history[-1].notation.startswith("draw")
        # Esc pauses; Esc again resumes
        driver.key(pygame.K_ESCAPE)
        from game.client.scenes.pause import PauseScene

        assert isinstance(driver.top, PauseScene)
        driver.key(pygame.K_ESCAPE)
        assert driver.top is table
    finally:
        driver.close()


def test_a_refused_move_only_sounds_and_moves_are_described_in_words(monkeypatch):
    from game.client.tables.cesta.describe import describe_move
    from game.rules.cesta import Draw, Play

    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    from game.cli import Options, SeatSpec

    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=3, lang="en"), settings=settings)
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        assert table.view_dict["step"] == "play"
        sounds: list[str] = []
        monkeypatch.setattr(driver.app.audio, "play", lambda name, volume=1.0: sounds.append(name))
        before = len(match.history)
        assert not table.try_move(Draw("event"))      # not the draw step: refused, no error
        assert not table.try_move(Play("XX", 1))      # not a card at all
        assert len(match.history) == before and sounds == ["error", "error"]
        play = next(m for m in match.legal_moves() if isinstance(m, Play))
        notation = match.game.format_move(play)
        assert match.words_for(play) == describe_move(play) != notation
        assert table.try_move(play) and match.history[-1].move == play
        # the replay bar describes a past move from its Move value: still words
        assert match.words_for(match.history[-1].move) == describe_move(play)
    finally:
        driver.close()
