"""Hot-seat privacy: the replay of a running game of several people shows no hand at all.

With seat 1 at the screen, Title → Replays on the running hot-seat game used to show seat
0's cards. While a game of two or more people is not over, its replay shows only public
information (every hand, the deck and the dealt cards hidden); finished games show all.
"""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options  # noqa: E402
from game.client.scenes.replay import ReplayScene, public_dict  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.rules import GAME_NAMES, get_game  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match, play_random  # noqa: E402

UNKNOWN = ("??", "?A")
HANDS = {"cesta": ("hands",), "royal_road": ("kept", "dealt", "discarded"), "cut_the_rope": ("hands",)}
DECKS = {"cesta": ("event_deck", "action_deck"), "royal_road": ("deck",),
         "cut_the_rope": ("draw",)}


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def driver():
    settings = load_settings()
    settings.values["animation_speed"] = 1.0
    d = Driver(Options(), settings=settings)
    yield d
    d.close()


def _cards(data: dict, keys: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for key in keys:
        for row in data.get(key) or []:
            out.extend(row if isinstance(row, list) else [row])
    return out


def _secret_codes(game, state, keys) -> set[str]:
    full = game.to_dict(state)
    return {c for c in _cards(full, keys) if c not in UNKNOWN}


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_public_dict_hides_every_hand_and_the_deck(game_name):
    kinds = ("human", "human") if game_name == "cesta" else ("human", "human", "ai:easy")
    match = new_match(game_name, kinds, seed=3)
    play_random(match, 7)
    game = match.game
    public = public_dict(game, match.state)
    assert all(c in UNKNOWN for c in _cards(public, HANDS[game_name]))
    assert all(c in UNKNOWN for c in _cards(public, DECKS[game_name]))
    assert "rng" not in public or public["rng"] is None
    # everything that every seat sees is still there (the board, the track, the rows)
    view = game.to_dict(game.view(match.state, 0))
    for key in view:
        if key not in HANDS[game_name] + DECKS[game_name] + ("view_of", "viewer"):
            assert public[key] == view[key], key


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_replay_of_a_running_hot_seat_game_hides_every_hand(driver, game_name, tmp_path):
    kinds = ("human", "human") if game_name == "cesta" else ("human", "human", "ai:easy")
    match = new_match(game_name, kinds, seed=11)
    saver = save_folder.attach_autosave(match)
    play_random(match, 12, seed=4)
    assert not match.over
    match.screen_owner = 1  # seat 1 is at the screen
    scene = ReplayScene.from_loaded(driver.app, save_folder.load(saver.path))
    assert scene.public
    driver.app.stack.push(scene)
    secrets = _secret_codes(match.game, match.state, HANDS[game_name])
    for ply in range(len(scene.moves) + 1):
        scene.seek(ply)
        for _ in range(3):
            driver.step()
        shown = scene.table.view_dict
        assert shown, "the board is drawn, not a blank concealed table"
        assert all(c in UNKNOWN for c in _cards(shown, HANDS[game_name])), ply
        assert all(c in UNKNOWN for c in _cards(shown, DECKS[game_name])), ply
    for entry in scene.match.history:  # the animated events hid every draw too
        for event in scene.match.view_events(entry.events):
            data = event.to_dict()
            for key in ("card", "cards"):
                value = data.get(key)
                if data["type"] in ("draw", "keep") and value is not None:
                    assert all(c in UNKNOWN for c in (value if isinstance(value, list)
                                                      else [value]))
    pygame.image.save(driver.app.screen, str(tmp_path / f"public_{game_name}.png"))
    assert secrets  # (the game really had hidden cards to leak)


def test_a_finished_hot_seat_game_replays_with_every_card(driver):
    match = new_match("cesta", ("human", "human"), seed=4)
    play_random(match, 100_000, seed=2)
    assert match.over
    scene = ReplayScene.from_match(driver.app, match)
    assert not scene.public
    scene.seek(len(scene.moves) // 2)
    assert all(c not in UNKNOWN for hand in scene.table.view_dict["hands"] for c in hand)


def test_title_replays_of_the_running_game_hide_the_other_seats(driver):
    settings = driver.app.settings
    settings.values.update(animation_speed=0.0, ai_pace=0.0)
    from game.client.match.match import SeatInfo

    seats = [SeatInfo("human", "normal", "Ann"), SeatInfo("human", "normal", "Bob")]
    match = driver.app.start_match("cesta", seats, {}, 21)
    rng = random.Random(3)
    for _ in range(6):  # each person takes the screen for their move (the hand-off)
        match.screen_owner = match.to_move
        match.play(rng.choice(match.legal_moves()))
    match.screen_owner = 1  # seat 1 is at the screen when the replay is opened
    driver.step(3)
    driver.app.go_to_title()
    driver.step(2)
    driver.click_widget("replays", frames=3)
    driver.click_widget("watch0", frames=3)
    assert isinstance(driver.top, ReplayScene)
    driver.top.seek(len(driver.top.moves))
    driver.step(3)
    assert all(c in UNKNOWN for hand in driver.top.table.view_dict["hands"] for c in hand)
    assert get_game("cesta")  # (the rules core is untouched by the public view)
