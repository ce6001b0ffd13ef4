"""Undo against AI seats: own moves of this turn, never past revealed information."""

from __future__ import annotations

import json
import random

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import set_language, t  # noqa: E402
from game.client.scenes.settings_scene import UNDO_MODES  # noqa: E402
from game.client.stage import undo  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.base import TableScene  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def settings(**values):
    s = load_settings()
    s.values.update(values)
    return s


@pytest.mark.parametrize("game", GAME_NAMES)
def test_undo_target_invariants_over_random_games(game):
    """Wherever we stop, undo only takes back the person's own trailing moves, none of them
    revealing, and lands on a position where the person really had a choice."""
    rng = random.Random(3)
    on = settings(undo="turn")
    checked = undone = 0
    for seed in range(4):
        match = new_match(game, ("human", "ai:easy"), seed=seed)
        for _ in range(220):
            if match.over:
                break
            match.play(rng.choice(match.legal_moves()))
            ply = undo.target(match, on)
            checked += 1
            if ply is None:
                continue
            undone += 1
            tail = match.history[ply:]
            assert tail and all(e.seat == 0 for e in tail)
            assert not any(undo.reveals(match, i) for i in range(ply, len(match.history)))
            assert not any(e.type in ("draw", "roll", "reshuffle") for entry in tail
                           for e in entry.events)
            assert len(match.game.legal_moves(tail[0].state_before)) > 1
            if rng.random() < 0.3:
                expected = match.game.to_dict(tail[0].state_before)
                match.rewind(ply)
                assert match.game.to_dict(match.state) == expected
                assert match.to_move == 0
    assert checked > 100
    assert undone > 0, "undo was never possible in a whole game"


def test_revealing_moves_are_recognised():
    match = new_match("cesta")
    rng = random.Random(1)
    while len(match.history) < 12:
        match.play(rng.choice(match.legal_moves()))
    for index, entry in enumerate(match.history):
        kinds = {e.type for e in entry.events}
        if "draw" in kinds:
            assert undo.reveals(match, index)
    road = new_match("royal_road", seed=2)
    while len(road.history) < 8:
        road.play(rng.choice(road.legal_moves()))
    for index, entry in enumerate(road.history):
        if entry.notation == "roll":
            assert undo.reveals(road, index)
        if entry.notation.startswith("keep"):
            assert not undo.reveals(road, index)  # hiding your own pick reveals nothing


def test_settings_off_and_hot_seat():
    match = new_match("cesta", ("human", "ai:easy"), seed=4)
    while match.to_move != 0:
        match.play(match.legal_moves()[0])
    play = next(m for m in match.legal_moves() if match.game.format_move(m).startswith("play"))
    match.play(play)
    assert undo.target(match, settings(undo="turn")) == len(match.history) - 1
    assert undo.target(match, settings(undo="off")) is None
    hot = new_match("cesta", ("human", "human"), seed=4)
    hot.screen_owner = hot.to_move
    play = next(m for m in hot.legal_moves() if hot.game.format_move(m).startswith("play"))
    hot.play(play)
    assert undo.target(hot, settings(undo="turn")) is None  # off in hot seat by default
    assert undo.target(hot, settings(undo="turn", undo_hot_seat=True)) == 0
    assert undo.refusal(match, settings(undo="off")) == "Undo is off: Settings → Undo moves"
    assert undo.refusal(hot, settings(undo="turn")) == (
        "Undo is off while several people share the screen: Settings → Undo moves → always "
        "(also hot seat)")


@pytest.mark.parametrize("lang", ["cs", "de", "en"])
def test_the_hot_seat_refusal_names_the_settings_row_that_controls_it(lang):
    """The message must point to a row the Settings screen really has, with the value
    that turns undo on for the hot seat (not a TOML key the player never sees)."""
    set_language(lang)
    try:
        message = t("Undo is off while several people share the screen: Settings → Undo moves "
                    "→ always (also hot seat)")
        assert "hot_seat" in UNDO_MODES
        assert t("Undo moves") in message and t("always (also hot seat)") in message
        assert t("Settings") in message
        assert "undo_hot_seat" not in message
        assert t("Undo moves") in t("Undo is off: Settings → Undo moves")
    finally:
        set_language("cs")


def test_never_past_a_draw_and_not_after_the_ai_moved():
    match = new_match("cesta", ("human", "ai:easy"), seed=4)
    while match.to_move != 0:
        match.play(match.legal_moves()[0])
    play = next(m for m in match.legal_moves() if match.game.format_move(m).startswith("play"))
    match.play(play)
    draw = next(m for m in match.legal_moves() if match.game.format_move(m).startswith("draw"))
    match.play(draw)
    assert match.history[-1].events[0].type == "draw"
    assert undo.target(match, settings(undo="turn")) is None  # the card was seen
    assert undo.refusal(match, settings(undo="turn")) == (
        "Cannot take back: your last move revealed a card (or a roll) you have now seen")
    while match.to_move == 1:
        match.play(match.legal_moves()[0])
    assert undo.target(match, settings(undo="turn")) is None  # someone else moved since


def _play_a_card(driver: Driver) -> TableScene:
    table = driver.top
    match = table.match
    assert driver.run_until(lambda: match.waiting_for_human, 4000)
    play = next(m for m in match.legal_moves() if match.game.format_move(m).startswith("play"))
    match.play(play)
    driver.run_until(lambda: match.waiting_for_human, 600)
    return table


def test_ctrl_z_and_the_button_take_the_move_back_and_the_save_follows():
    s = settings(undo="turn", ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=8), settings=s)
    try:
        table = _play_a_card(driver)
        match = table.match
        count = len(match.history)
        before = match.game.to_dict(match.history[-1].state_before)
        assert undo.cached_available(table)
        driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        new = driver.top
        assert isinstance(new, TableScene) and new is not table and new.match is match
        assert len(match.history) == count - 1
        assert match.game.to_dict(match.state) == before
        saved = json.loads(match.save_path.read_text())
        assert saved["moves"] == [e.notation for e in match.history]
        assert save_folder.load(match.save_path).game.to_dict(save_folder.load(match.save_path).state) \
            == before
        # the worker survived the rebuild: the game goes on
        table = _play_a_card(driver)
        rect = table.undo_rect(driver.app.screen.get_size())
        driver.step(2)
        driver.click(rect.center, frames=3)
        assert len(match.history) == count - 1
        # nothing more to take back: a message, no change
        driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert len(match.history) == count - 1
        assert driver.top.undo_toast is not None
    finally:
        driver.close()


def test_pause_menu_undo_entry():
    s = settings(undo="turn", ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=9), settings=s)
    try:
        table = _play_a_card(driver)
        count = len(table.match.history)
        driver.key(pygame.K_ESCAPE)
        undo_button = driver.widget("undo")
        assert undo_button.enabled
        driver.click(undo_button.rect.center, frames=3)
        assert isinstance(driver.top, TableScene)
        assert len(driver.top.match.history) == count - 1
        driver.key(pygame.K_ESCAPE)
        assert not driver.widget("undo").enabled  # nothing left to take back
    finally:
        driver.close()


def test_undo_off_setting_disables_everything():
    s = settings(undo="off", ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=8), settings=s)
    try:
        table = _play_a_card(driver)
        count = len(table.match.history)
        assert not undo.cached_available(table)
        driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert len(table.match.history) == count and driver.top is table
    finally:
        driver.close()
