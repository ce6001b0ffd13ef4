"""Robustness: random input through every scene, a crash mid-game, broken files, odd sizes."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options  # noqa: E402
from game.client.app.loop import App  # noqa: E402
from game.client.match import ai_worker  # noqa: E402
from game.client.stage.scene import Scene  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.i18n import languages  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match, play_random, seats  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def quick_ai(monkeypatch):
    """AI seats answer with a random legal move at once (levels must not slow the monkey)."""

    def choose(request, games=None):
        from game.rules import get_game

        game = get_game(request.game, request.rules)
        view = game.from_dict(request.view)
        move = random.Random(request.seed).choice(game.legal_moves(view))
        return ai_worker.Reply(request.id, move)

    monkeypatch.setattr(ai_worker, "choose", choose)


# --- every scene ----------------------------------------------------------------------------

def _table(app: App, game: str, kinds=("human", "ai:easy")) -> Scene:
    app.go_to_title()
    app.start_match(game, seats(*kinds), {}, 5, replace=False)  # original rules
    return app.stack.top


def _finished(app: App, game: str) -> Scene:
    from game.client.scenes.results import ResultsScene

    table = _table(app, game, ("ai:easy", "ai:easy"))
    if not hasattr(table, "match"):
        return table
    table.match.on_change.clear()  # (no autosave for this fast-forward)
    play_random(table.match, 100_000)
    table.animator.clear()
    table.match.finished = True
    app.stack.push(ResultsScene(app, table))
    return app.stack.top


def scene_makers() -> list[tuple[str, Callable[[App], object]]]:
    from game.client.scenes.handoff import HandoffScene
    from game.client.scenes.house_rules import HouseRulesScene
    from game.client.scenes.message import MessageScene
    from game.client.scenes.pause import PauseScene
    from game.client.scenes.replay import ReplayScene, SavesScene
    from game.client.scenes.rules_help import RulesScene
    from game.client.scenes.settings_scene import SettingsScene
    from game.client.scenes.setup import SetupScene

    def push(factory):
        def make(app: App) -> None:
            app.go_to_title()
            app.stack.push(factory(app))
        return make

    makers: list[tuple[str, Callable[[App], object]]] = [
        ("title", lambda app: app.go_to_title()),
        ("settings", push(SettingsScene)),
        ("saves", push(SavesScene)),
        ("message", push(lambda app: MessageScene(app, "Title", "Body text\nline two"))),
    ]
    for game in GAME_NAMES:
        makers += [
            (f"setup:{game}", push(lambda app, g=game: SetupScene(app, g))),
            (f"rules:{game}", push(lambda app, g=game: RulesScene(app, g))),
            (f"house:{game}", push(lambda app, g=game: HouseRulesScene(app, g))),
        ]

        def pause(app, g=game):
            table = _table(app, g)
            app.stack.push(PauseScene(app, table))

        def handoff(app, g=game):
            table = _table(app, g, ("human", "human"))
            app.stack.push(HandoffScene(app, table))

        def replay(app, g=game):
            match = new_match(g, ("human", "ai:easy"), seed=2)
            play_random(match, 30)
            app.go_to_title()
            app.stack.push(ReplayScene.from_match(app, match))

        def house_in_game(app, g=game):
            table = _table(app, g)
            app.stack.push(HouseRulesScene(app, g, table=table))

        makers += [
            (f"table:{game}", lambda app, g=game: _table(app, g)),
            (f"hotseat:{game}", lambda app, g=game: _table(app, g, ("human", "human"))),
            (f"pause:{game}", pause),
            (f"handoff:{game}", handoff),
            (f"results:{game}", lambda app, g=game: _finished(app, g)),
            (f"replay:{game}", replay),
            (f"house_in_game:{game}", house_in_game),
        ]
    return makers


KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
        pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_HOME,
        pygame.K_END, pygame.K_DELETE, pygame.K_F1, pygame.K_F11, pygame.K_KP_ENTER,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN] + [ord(c) for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
MODS = [0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT]
TEXTS = ["a", "ž", "Řehoř", "😀", "", "x" * 40, "\n"]


def random_events(rng: random.Random, size: tuple[int, int], count: int
                  ) -> list[pygame.event.Event]:
    """A burst of random input: keys, text, clicks, drags, wheel, resizes, quits."""
    w, h = size
    events: list[pygame.event.Event] = []

    def pos() -> tuple[int, int]:
        if rng.random() < 0.05:
            return (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
        return (rng.randrange(w), rng.randrange(h))

    while len(events) < count:
        roll = rng.random()
        if roll < 0.25:
            key = rng.choice(KEYS)
            mod = rng.choice(MODS)
            events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
            events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                             scancode=0))
        elif roll < 0.30:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS)))
        elif roll < 0.55:
            p = pos()
            button = rng.choice([1, 1, 1, 2, 3, 4, 5])
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(0, 0, 0)))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))
        elif roll < 0.70:  # a drag
            start, end = pos(), pos()
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            for step in (0.33, 0.66, 1.0):
                p = (int(start[0] + (end[0] - start[0]) * step),
                     int(start[1] + (end[1] - start[1]) * step))
                events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1),
                                                 buttons=(1, 0, 0)))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        elif roll < 0.85:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos(), rel=(2, -1),
                                             buttons=(0, 0, 0)))
        elif roll < 0.92:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 2]),
                                             flipped=False, precise_x=0.0, precise_y=1.0,
                                             which=0, touch=False))
        elif roll < 0.97:
            size2 = (rng.choice([1, 120, 320, 640, 1920, 5000]),
                     rng.choice([1, 90, 240, 480, 1080, 4000]))
            events.append(pygame.event.Event(pygame.VIDEORESIZE, size=size2, w=size2[0],
                                             h=size2[1]))
            events.append(pygame.event.Event(pygame.WINDOWRESIZED, x=size2[0], y=size2[1]))
        else:
            events.append(pygame.event.Event(pygame.QUIT))
    return events


def monkey(app: App, rng: random.Random, makers, total_events: int, per_frame: int = 36
           ) -> dict[str, int]:
    """Send ``total_events`` random events, visiting every scene in turn; quits are
    cancelled (the app is told to keep running). Returns events sent per scene."""
    sent: dict[str, int] = {}
    per_visit = max(60, total_events // len(makers))
    index = 0
    count = 0
    dt = 1 / 60
    while count < total_events or index < len(makers):
        name, make = makers[index % len(makers)]
        index += 1
        make(app)
        budget = per_visit
        while budget > 0:
            events = random_events(rng, app.screen.get_size(), per_frame)
            app.step(dt, events)
            app.running = True  # the quit is cancelled
            if not len(app.stack):
                app.go_to_title()
            budget -= len(events)
            count += len(events)
            sent[name] = sent.get(name, 0) + len(events)
        # let animations and AI seats run a little without input
        for _ in range(3):
            app.step(dt, [])
    return sent


def test_monkey_twenty_thousand_random_events_through_every_scene(quick_ai):
    settings = load_settings()
    settings.values["animation_speed"] = 0.3
    settings.values["ai_pace"] = 0.0
    driver = Driver(Options(size=(640, 360)), settings=settings)
    try:
        makers = scene_makers()
        sent = monkey(driver.app, random.Random(2024), makers, 20_000)
        assert sum(sent.values()) >= 20_000
        assert set(sent) == {name for name, _ in makers}  # every scene got its share
    finally:
        driver.close()


@pytest.mark.slow
def test_monkey_long_run(quick_ai):
    driver = Driver(Options(size=(800, 450)))
    try:
        sent = monkey(driver.app, random.Random(7), scene_makers(), 200_000)
        assert sum(sent.values()) >= 200_000
    finally:
        driver.close()


# --- tiny and huge windows ------------------------------------------------------------------

HUGE_SCENES = ("title", "settings", "saves", "message", "setup:cesta", "house:royal_road",
               "rules:cesta", "pause:cesta")


@pytest.mark.parametrize("size", [(320, 240), (3840, 2160)])  # the smallest allowed size
def test_every_scene_at_tiny_and_huge_sizes(quick_ai, size):
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    driver = Driver(Options(size=size), settings=settings)
    try:
        app = driver.app
        assert app.screen.get_size() == size
        rng = random.Random(5)
        for name, make in scene_makers():
            if size[0] > 2000 and not name.startswith(HUGE_SCENES):
                continue  # (4K frames are slow; the slow run below visits everything)
            make(app)
            for _ in range(2):
                app.step(1 / 60, random_events(rng, size, 6))
                app.running = True
            app.step(1 / 60, [])
    finally:
        driver.close()


@pytest.mark.slow
def test_every_scene_at_a_huge_size_slow(quick_ai):
    driver = Driver(Options(size=(3840, 2160)))
    try:
        rng = random.Random(6)
        for _name, make in scene_makers():
            make(driver.app)
            driver.app.step(1 / 60, random_events(rng, (3840, 2160), 6))
            driver.app.running = True
    finally:
        driver.close()


# --- a crash mid-game --------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import os, random, sys, time
    from pathlib import Path
    from game.cli import Options, SeatSpec
    from game.client.storage import save_folder
    from game.client.storage.settings import load_settings
    from tests.support.driver import Driver

    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.1)
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=int(sys.argv[1]), rules_file=Path(sys.argv[2])),
                    settings=settings, inline_ai=False)   # the real AI worker process
    match = driver.top.match
    import threading
    lock = threading.Lock()

    def say(text):
        with lock:  # the writer thread reports too: whole lines only
            sys.stdout.write(text + "\\n")
            sys.stdout.flush()

    match.on_change.append(lambda: say(f"MOVE {len(match.history)} "
                                       f"{match.history[-1].notation if match.history else ''}"))
    save_folder.autosaver_of(match).on_written.append(lambda n: say(f"SAVED {n}"))
    rng = random.Random(1)
    thinking = 0
    reported_worker = False
    while True:
        if not reported_worker and match.worker is not None and match.worker.pid:
            say(f"WORKER {match.worker.pid}")
            reported_worker = True
        if match.waiting_for_human:
            thinking += 1
            if thinking >= 12:  # a person takes a moment
                thinking = 0
                match.play(rng.choice(match.legal_moves()))
        driver.step()
        time.sleep(0.004)
        if match.over:
            print("OVER", flush=True)
            time.sleep(60)
""")


def _read_lines(lines: list[str], moves: list[str], saved: list[int],
                workers: list[int] | None = None) -> None:
    for line in lines:
        parts = line.split(maxsplit=2)
        if parts and parts[0] == "WORKER" and workers is not None:
            workers.append(int(parts[1]))
        elif parts and parts[0] == "MOVE":
            moves.append(parts[2].strip() if len(parts) > 2 else "")
        elif parts and parts[0] == "SAVED":
            saved.append(int(parts[1]))


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper does not count)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_killed_mid_game_then_resumed(tmp_path):
    """A game with the real AI worker killed mid-game (maybe mid-write): the save holds a
    prefix of the game, no AI process is left behind, no temporary file survives the next
    start, and the game resumes and finishes."""
    rules = tmp_path / "house.toml"
    rules.write_text("hand_size = 6\n", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, "13", str(rules)], cwd=ROOT,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    printed: list[str] = []
    saved: list[int] = []
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while len(printed) < 14 and time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            _read_lines([line], printed, saved, workers)
        assert len(printed) >= 14, child.stderr.read()
        os.kill(child.pid, signal.SIGKILL)  # mid-game, possibly mid-write
    finally:
        if child.poll() is None:
            child.kill()
        rest, _ = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL
    _read_lines(rest.splitlines(), printed, saved, workers)
    # no orphan: the real AI worker process follows its killed parent within moments
    assert workers, "the game ran with a real AI worker process"
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    leftover = [pid for pid in workers if _alive(pid)]
    for pid in leftover:
        os.kill(pid, signal.SIGKILL)
    assert not leftover, "the AI worker outlived the killed game"
    # a write killed half-way may leave a temporary file; the next start removes it
    for stale in save_folder.saves_dir().glob("*.tmp"):
        os.utime(stale, (time.time() - 60, time.time() - 60))
    save_folder.clean_at_start()   # what herna's start does (game/client/main.py)
    info = save_folder.latest_unfinished()
    assert info is not None and info.problem is None
    loaded = save_folder.load(info.path)  # verifies by replaying every move
    moves = [e.notation for e in loaded.history]
    # the file holds a prefix of the game: everything reported written, and at most the
    # move in progress (made, its write not finished) is missing
    assert moves == printed[:len(moves)]
    assert saved and len(moves) >= max(saved)
    assert len(printed) - len(moves) <= 1
    assert loaded.game.rules["hand_size"] == 6
    assert [(s.kind, s.level) for s in loaded.seats] == [("human", "normal"), ("ai", "easy")]
    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.0)
    driver = Driver(Options(resume=True), settings=settings)
    try:
        table = driver.top
        match = table.match
        assert [e.notation for e in match.history] == moves
        assert not list(save_folder.saves_dir().glob("*.tmp")), "stale temporary files cleaned"
        assert match.game.rules["hand_size"] == 6
        rng = random.Random(3)
        for _ in range(20_000):
            if match.over:
                break
            if match.waiting_for_human:
                match.play(rng.choice(match.legal_moves()))
            driver.step()
        assert match.over
        save_folder.flush_writes()
        assert json.loads(info.path.read_text())["finished"] is True
    finally:
        driver.close()


# --- broken settings and data folders -------------------------------------------------------------

BROKEN_SETTINGS = {
    "syntax": b"volume = = 3\n",
    "binary": bytes(range(256)),
    "types": b'volume = "loud"\nmute = 3\nwindow_size = [1, 2, 3]\nlanguage = "xx"\n',
    "unknown": b"colour_scheme = \"dark\"\n",
    "huge_number": b"volume = 1e400\nai_pace = 99999999999999999999\n",
    "nested": b"[volume]\nlevel = 3\n",
}


@pytest.mark.parametrize("kind", sorted(BROKEN_SETTINGS))
def test_broken_settings_files_start_on_defaults_and_are_kept(kind, tmp_path, quick_ai):
    folder = tmp_path / "config"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "settings.toml"
    path.write_bytes(BROKEN_SETTINGS[kind])
    settings = load_settings()
    assert settings.problems, kind
    assert settings.problems[0].file == str(path)
    assert 0.0 <= settings["volume"] <= 1.0 and settings["language"] in ("", *languages())
    driver = Driver(Options(), settings=settings)
    try:
        from game.client.scenes.settings_scene import SettingsScene

        driver.app.stack.push(SettingsScene(driver.app))
        driver.step(2)
        driver.click_widget("mute")
        driver.click_widget("back")
        driver.step(2)
        assert path.name in driver.top.problems  # the title says which file is broken
    finally:
        driver.close()
    assert path.read_bytes() == BROKEN_SETTINGS[kind]  # never overwritten


def test_data_folder_that_is_a_file_does_not_stop_the_game(tmp_path, monkeypatch, quick_ai):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x")
    monkeypatch.setenv("HERNA_DATA_DIR", str(blocker))
    assert not save_folder.has_save()
    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.0)
    driver = Driver(Options(game="cesta", players=[]), settings=settings)
    try:
        match = driver.top.match
        saver = save_folder.autosaver_of(match)
        assert saver is not None and saver.error is not None
        rng = random.Random(1)
        for _ in range(150):
            if match.waiting_for_human:
                match.play(rng.choice(match.legal_moves()))
            driver.step()
        assert len(match.history) > 5
    finally:
        driver.close()
    assert blocker.read_text() == "x"


def test_broken_saves_folder_entries_do_not_break_the_title(tmp_path):
    folder = save_folder.saves_dir()
    folder.mkdir(parents=True)
    (folder / "dir.json").mkdir()
    (folder / "weird.json").write_bytes(b"\x00" * 10)
    (folder / ".hidden.json").write_text("{}")
    (folder / "notes.txt").write_text("hello")
    driver = Driver(Options())
    try:
        driver.click_widget("continue", frames=3)
        from game.client.scenes.message import MessageScene

        assert isinstance(driver.top, MessageScene)
        assert "weird.json" in driver.top.body
    finally:
        driver.close()
    assert (folder / "weird.json").read_bytes() == b"\x00" * 10
