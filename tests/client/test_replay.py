"""Replay viewer: stepping forwards (animated) and backwards through saved games."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options  # noqa: E402
from game.client.scenes.message import MessageScene  # noqa: E402
from game.client.scenes.replay import ReplayScene, SavesScene, replay_eyes  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match, play_random, seats  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def driver():
    s = load_settings()
    s.values["animation_speed"] = 1.0
    d = Driver(Options(), settings=s)
    yield d
    d.close()


def finished_save(game: str = "cesta", kinds=("human", "ai:easy")):
    match = new_match(game, kinds, seed=4)
    save_folder.attach_autosave(match)
    play_random(match, 100_000, seed=2)
    assert match.over
    return match


def test_replay_steps_forwards_with_animation_and_backwards_exactly(driver):
    match = finished_save()
    loaded = save_folder.load(match.save_path)
    scene = ReplayScene.from_loaded(driver.app, loaded)
    driver.app.stack.push(scene)
    driver.step(2)
    assert scene.ply == 0 and scene.match.history == []
    game = scene.match.game
    busy = 0
    for _ in range(4):
        driver.key(pygame.K_RIGHT, frames=1)
        busy += scene.table.busy  # the move is animated by the table
        driver.step(25)
    assert busy >= 3
    assert scene.ply == 4
    assert game.to_dict(scene.match.state) == game.to_dict(loaded.history[4].state_before)
    driver.key(pygame.K_LEFT)
    assert scene.ply == 3
    assert game.to_dict(scene.match.state) == game.to_dict(loaded.history[3].state_before)
    driver.key(pygame.K_END)
    assert scene.ply == len(loaded.history)
    assert game.to_dict(scene.match.state) == game.to_dict(loaded.state)
    driver.key(pygame.K_HOME)
    assert scene.ply == 0
    # a click on the progress bar seeks
    driver.click((scene.progress.x + scene.progress.width // 2, scene.progress.centery))
    assert abs(scene.ply - len(loaded.history) // 2) <= 1
    # autoplay runs to the end on its own
    scene.seek(len(loaded.history) - 4)
    driver.key(pygame.K_SPACE)
    assert driver.run_until(lambda: scene.ply == len(loaded.history), 60 * 400)
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.top, ReplayScene)


def test_finished_games_show_every_card_unfinished_ones_do_not(driver):
    match = finished_save()
    scene = ReplayScene.from_match(driver.app, match)
    scene.seek(len(scene.moves) // 2)
    hands = scene.table.view_dict["hands"]
    assert scene.table.viewer is None
    assert all(card not in ("??", "?A") for hand in hands for card in hand)
    running = new_match("cesta", ("human", "ai:easy"), seed=5)
    play_random(running, 9)
    scene = ReplayScene.from_match(driver.app, running)
    scene.seek(5)
    assert scene.table.viewer == 0
    assert all(card in ("??", "?A") for card in scene.table.view_dict["hands"][1])


def test_replay_seats_keep_no_eyes_while_several_people_play():
    both = seats("human", "human", "ai")
    # an unfinished hot-seat game: whoever opens it may be any of them, so nobody's eyes
    assert replay_eyes(both, finished=False) is None
    assert replay_eyes(both, finished=True) is None
    alone = seats("ai", "human", "ai")
    assert replay_eyes(alone, finished=False) == 1
    assert replay_eyes(alone, finished=True) is None  # over: every card is shown


@pytest.mark.parametrize("game", [g for g in GAME_NAMES if g != "cesta"])
def test_other_games_replay_when_their_table_exists(driver, game):
    match = new_match(game, ("human", "ai:easy", "ai:easy"), seed=3)
    play_random(match, 40, seed=1)
    scene = ReplayScene.from_match(driver.app, match)
    driver.app.stack.push(scene)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END, pygame.K_HOME):
        driver.key(key, frames=5)
    assert scene.ply == 0


def test_saves_list_watch_continue_and_broken_files(driver):
    finished = finished_save()
    running = new_match("cesta", ("human", "ai:easy"), seed=6)
    save_folder.attach_autosave(running)
    play_random(running, 5)
    broken = save_folder.saves_dir() / "zz-broken.json"
    broken.write_text("{not json")
    driver.click_widget("replays")
    scene = driver.top
    assert isinstance(scene, SavesScene)
    assert len(scene.saves) == 3
    problems = [i for i in scene.saves if i.problem]
    assert [i.path for i in problems] == [broken]
    index = next(i for i, (_, info) in enumerate(scene.rows)
                 if info.path == finished.save_path)
    driver.step(2)
    driver.click_widget(f"watch{index}")
    assert isinstance(driver.top, ReplayScene)
    assert driver.top.finished
    driver.key(pygame.K_ESCAPE)
    index = next(i for i, (_, info) in enumerate(scene.rows) if info.path == running.save_path)
    driver.click_widget(f"continue{index}", frames=3)
    assert driver.top.match.history[0].notation == running.history[0].notation
    assert broken.read_text() == "{not json"
    # watching a file that broke after the list was made reports it
    driver.app.go_to_title()
    driver.step(2)
    driver.click_widget("replays")
    scene = driver.top
    target = next(info for _, info in scene.rows if info.path == finished.save_path)
    target.path.write_text("[]")
    scene.watch(target)
    assert isinstance(driver.top, MessageScene)
    assert target.path.read_text() == "[]"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_replays_show_people_as_people_and_nobody_thinking(driver, game):
    """A replay steps by hand: a person's seat is still a person (icon, "human" plate),
    no computer seat is "thinking", nobody waits for input and no hand-off is asked."""
    kinds = ("human", "ai:easy") if game == "cesta" else ("human", "ai:easy", "human")
    match = new_match(game, kinds, seed=3)
    play_random(match, 30, seed=1)
    scene = ReplayScene.from_match(driver.app, match)
    driver.app.stack.push(scene)
    assert [s.kind for s in scene.match.seats] == [s.kind for s in match.seats]
    for _ in range(6):
        driver.key(pygame.K_RIGHT, frames=3)
        replay = scene.match
        assert replay.thinking is None and not replay.waiting_for_human
        assert not replay.needs_handoff and not replay.hot_seat
    assert scene.ply == 6
    # a finished game is seen with every card: nobody's eyes
    done = finished_save()
    finished = ReplayScene.from_match(driver.app, done)
    assert finished.match.viewer is None and finished.match.seats[0].kind == "human"


def test_the_replay_bar_words_moves_never_notation(driver):
    match = finished_save()
    scene = ReplayScene.from_match(driver.app, match)
    driver.app.stack.push(scene)
    for _ in range(8):
        driver.key(pygame.K_RIGHT, frames=2)
        entry = scene.match.history[-1]
        words = scene.match.words_for(entry.move)
        assert words and words != entry.notation


def test_a_finished_game_in_the_replays_list_opens_its_review(driver):
    from game.client.scenes.review import ReviewScene

    finished = finished_save("royal_road")
    running = new_match("cesta", ("human", "ai:easy"), seed=6)
    save_folder.attach_autosave(running)
    play_random(running, 5)
    driver.click_widget("replays")
    scene = driver.top
    driver.step(2)
    index = next(i for i, (_, info) in enumerate(scene.rows)
                 if info.path == finished.save_path)
    unfinished = next(i for i, (_, info) in enumerate(scene.rows)
                      if info.path == running.save_path)
    names = {w.name for w in scene.focus.widgets}
    assert f"review{index}" in names and f"review{unfinished}" not in names
    driver.click_widget(f"review{index}", frames=2)
    review = driver.top
    assert isinstance(review, ReviewScene)
    assert review.match.over and len(review.match.history) == len(finished.history)
    assert [e.notation for e in review.match.history] == [e.notation for e in finished.history]
    assert review.seat == 0 and review.match.worker is None  # nobody to play: no AI process
    review.job.close()
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top is scene
