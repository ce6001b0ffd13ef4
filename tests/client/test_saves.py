"""Saves: JSON format, atomic autosave after every move, load = replay + verify, resume."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import time

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.scenes.message import MessageScene  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage import save_folder  # noqa: E402
from game.client.tables.base import TableScene  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from tests.support.driver import Driver  # noqa: E402
from tests.support.saves_support import new_match, play_random  # noqa: E402

HOUSE = {"cesta": {"hand_size": 6}, "royal_road": {"track_cards": 13},
         "cut_the_rope": {"hand_size": 5}}


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_autosave_after_every_move_and_exact_reload(game):
    match = new_match(game, ("human", "ai:hard", "ai:easy") if game != "cesta"
                      else ("human", "ai:hard"), rules=HOUSE[game], seed=11)
    saver = save_folder.attach_autosave(match)
    path = saver.path
    assert path.parent == save_folder.saves_dir() and path.is_file()
    for step in range(25):
        if match.over:
            break
        play_random(match, 1, seed=step)
        data = json.loads(path.read_text(encoding="utf-8"))
        # written after *every* move: the file always holds the whole history so far
        assert data["moves"] == [e.notation for e in match.history]
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("game", "rules", "seed", "players", "moves", "state"):
        assert key in data
    assert data["game"] == game and data["seed"] == 11
    assert data["rules"] == match.game.rules
    assert data["state"] == json.loads(json.dumps(match.game.to_dict(match.state)))
    assert [p["kind"] for p in data["players"]] == [s.kind for s in match.seats]
    loaded = save_folder.load(path)
    assert loaded.game.rules == match.game.rules
    assert [s.level for s in loaded.seats] == [s.level for s in match.seats]
    assert [e.notation for e in loaded.history] == [e.notation for e in match.history]
    assert loaded.game.to_dict(loaded.state) == match.game.to_dict(match.state)
    # the rebuilt history carries the events and states undo and replays need
    for mine, theirs in zip(loaded.history, match.history, strict=True):
        assert mine.seat == theirs.seat
        assert mine.events == theirs.events
        assert (loaded.game.to_dict(mine.state_before)
                == match.game.to_dict(theirs.state_before))
    assert not list(path.parent.glob("*.tmp")), "temporary files left behind"


def test_atomic_write_keeps_the_old_file_when_the_rename_fails(monkeypatch, tmp_path):
    match = new_match("cesta")
    saver = save_folder.attach_autosave(match)
    play_random(match, 3)
    before = saver.path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    play_random(match, 1, seed=5)  # must not raise: the game goes on
    assert saver.error is not None
    assert saver.path.read_bytes() == before
    assert not [p for p in saver.path.parent.iterdir() if p.name.startswith(".")]
    monkeypatch.undo()
    play_random(match, 1, seed=6)
    assert saver.error is None
    assert len(json.loads(saver.path.read_text())["moves"]) == len(match.history)


def _save_of(game: str = "cesta", moves: int = 6):
    match = new_match(game)
    saver = save_folder.attach_autosave(match)
    play_random(match, moves)
    return match, saver.path


def test_tampered_state_and_illegal_moves_are_refused():
    match, path = _save_of()
    data = json.loads(path.read_text())
    # swap two cards between the hands: a possible-looking but wrong position
    hands = data["state"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(data))
    with pytest.raises(save_folder.SaveError, match="agree|impossible"):
        save_folder.load(path)
    data = json.loads(json.dumps(save_folder.snapshot(match)))
    data["moves"][2] = "play ZZ 9"
    path.write_text(json.dumps(data))
    with pytest.raises(save_folder.SaveError, match="move 3"):
        save_folder.load(path)


def test_a_pickle_is_never_unpickled(tmp_path):
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    path = save_folder.saves_dir() / "evil.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(Evil()))
    with pytest.raises(save_folder.SaveError):
        save_folder.load(path)
    assert not marker.exists()


def test_resume_restores_seats_levels_rules_and_history():
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "hard")],
                            seed=21, rules_file=None))
    try:
        table = driver.top
        match = table.match
        driver.run_until(lambda: match.waiting_for_human, 3000)
        play_random(match, 1)
        driver.run_until(lambda: len(match.history) >= 3, 6000)
        moves = [e.notation for e in match.history]
        state = match.game.to_dict(match.state)
    finally:
        driver.close()
    resumed = Driver(Options(resume=True))
    try:
        top = resumed.top
        assert isinstance(top, TableScene)
        again = top.match
        assert [(s.kind, s.level, s.name) for s in again.seats] == \
               [(s.kind, s.level, s.name) for s in match.seats]
        assert [e.notation for e in again.history][:len(moves)] == moves
        assert again.game.rules == match.game.rules
        if len(again.history) == len(moves):
            assert again.game.to_dict(again.state) == state
        # the title is underneath: leaving the table goes back to it
        assert isinstance(resumed.app.stack.scenes[0], TitleScene)
        # and the game goes on (the AI seat plays again after the resume)
        resumed.run_until(lambda: again.waiting_for_human or again.over, 6000)
        assert again.waiting_for_human or again.over
    finally:
        resumed.close()


def test_house_rules_survive_resume(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("hand_size = 4\nmilestones = 3\nwin_any = 2\n")
    # a person plays (games of computers only are not continued, see below)
    driver = Driver(Options(game="cesta", players=[SeatSpec("ai", "easy"),
                                                   SeatSpec("human")], seed=3,
                            rules_file=rules))
    try:
        match = driver.top.match
        assert driver.run_until(lambda: len(match.history) >= 1, 6000)
    finally:
        driver.close()
    resumed = Driver(Options(resume=True))
    try:
        rules_now = resumed.top.match.game.rules
        assert rules_now["hand_size"] == 4 and rules_now["milestones"] == 3
    finally:
        resumed.close()


def test_continue_button_on_the_title():
    driver = Driver(Options())
    try:
        assert not driver.widget("continue").enabled  # nothing saved yet
    finally:
        driver.close()
    match, path = _save_of("cesta", 4)
    driver = Driver(Options())
    try:
        assert driver.widget("continue").enabled
        driver.click_widget("continue", frames=3)
        assert isinstance(driver.top, TableScene)
        resumed = [e.notation for e in driver.top.match.history]
        assert resumed[:len(match.history)] == [e.notation for e in match.history]
    finally:
        driver.close()


def test_resume_without_a_save_shows_the_title():
    driver = Driver(Options(resume=True))
    try:
        assert isinstance(driver.top, TitleScene)
    finally:
        driver.close()


def test_finished_games_are_not_continued_but_listed():
    match = new_match("cesta", ("ai:easy", "ai:easy"))
    save_folder.attach_autosave(match)
    play_random(match, 10_000)
    assert match.over
    assert not save_folder.has_save()
    infos = save_folder.list_saves()
    assert len(infos) == 1 and infos[0].finished and infos[0].problem is None
    assert json.loads(infos[0].path.read_text())["result"]["winners"] == \
           list(match.result().winners)


CORRUPT = {
    "empty": b"",
    "truncated": None,  # filled from a real save
    "garbage": bytes(range(256)) * 8,
    "latin1": "hra – šachy".encode("cp1250"),
    "list": b"[1, 2, 3]",
    "foreign": json.dumps({"name": "some other program", "data": [1, 2]}).encode(),
    "newer": json.dumps({"format": "herna-save", "format_version": 99}).encode(),
    "nan": b'{"format": "herna-save", "format_version": 1, "seed": NaN}',
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "unknown_game": None,
    "bad_rules": None,
    "wrong_types": None,
    "bad_played_on_from": None,
}


def _corrupt_bytes(kind: str, good: dict) -> bytes:
    if CORRUPT[kind] is not None:
        return CORRUPT[kind]
    text = json.dumps(good)
    if kind == "truncated":
        return text[: len(text) // 2].encode()
    data = json.loads(text)
    if kind == "unknown_game":
        data["game"] = "chess"
    elif kind == "bad_rules":
        data["rules"]["hand_size"] = 99
    elif kind == "wrong_types":
        data["players"] = "two"
    elif kind == "bad_played_on_from":
        data["played_on_from"] = len(data["moves"]) + 1  # more lead-in than moves
    return json.dumps(data).encode()


def test_corrupt_saves_are_reported_and_left_untouched():
    match, path = _save_of("cesta", 4)
    good = json.loads(path.read_text())
    match.on_change.clear()  # this match no longer writes
    for kind in sorted(CORRUPT):
        path.write_bytes(_corrupt_bytes(kind, good))
        before = digest(path)
        with pytest.raises(save_folder.SaveError):
            save_folder.load(path)
        assert save_folder.has_save(), kind  # a broken newest file is offered, so it gets reported
        assert digest(path) == before, kind
    # in the UI: --resume and the title's Continue report it, and it stays as it is
    driver = Driver(Options(resume=True))
    try:
        for kind in ("truncated", "garbage", "foreign", "bad_rules"):
            path.write_bytes(_corrupt_bytes(kind, good))
            before = digest(path)
            if not isinstance(driver.top, MessageScene):
                driver.app.go_to_title()
                driver.step(2)
                driver.click_widget("continue", frames=3)
            assert isinstance(driver.top, MessageScene), kind
            assert path.name in driver.top.body
            driver.step(2)
            driver.click_widget("ok")
            assert isinstance(driver.top, TitleScene)
            assert digest(path) == before, kind
        # a new game gets its own file: the broken one is never written over
        driver.app.start_match("cesta", new_match("cesta").seats, None, 5)
        driver.step(5)
    finally:
        driver.close()
    assert digest(path) == before
    assert len(list(save_folder.saves_dir().glob("*.json"))) == 2


def test_save_files_are_plain_json_without_code():
    match, path = _save_of("cesta", 5)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "herna-save" and isinstance(data["format_version"], int)
    assert all(isinstance(m, str) for m in data["moves"])
    assert os.path.getsize(path) < 200_000


def test_hot_seat_resume_starts_with_a_hand_off():
    from game.client.scenes.handoff import HandoffScene

    match = new_match("cesta", ("human", "human"), seed=6)
    save_folder.attach_autosave(match)
    play_random(match, 5)
    driver = Driver(Options(resume=True))
    try:
        driver.step(2)
        # whoever sits at the screen now must not see the hand of the person to move
        assert isinstance(driver.top, HandoffScene)
        table = driver.app.stack.scenes[-2]
        assert table.match.screen_owner is None and table.concealed
        driver.click_widget("confirm", frames=2)
        assert table.match.screen_owner == table.match.to_move
    finally:
        driver.close()


def test_pruning_keeps_the_newest_finished_games_every_unfinished_game_and_unreadable_file():
    match, path = _save_of("cesta", 3)
    match.on_change.clear()
    data = json.loads(path.read_text())
    folder = path.parent
    now = time.time()
    os.utime(path, (now - 2000, now - 2000))
    for index in range(40):
        copy = dict(data, finished=index % 2 == 0)
        target = folder / f"game-{index:03d}.json"
        target.write_text(json.dumps(copy))
        os.utime(target, (now - 1000 + index, now - 1000 + index))
    broken = folder / "old-broken.json"
    broken.write_text("{")
    os.utime(broken, (now - 5000, now - 5000))
    save_folder.prune(keep_finished=5)
    left = sorted(p.name for p in folder.glob("*.json"))
    assert "old-broken.json" in left
    finished = [n for n in left if n.startswith("game-") and int(n[5:8]) % 2 == 0]
    unfinished = [n for n in left if n.startswith("game-") and int(n[5:8]) % 2 == 1]
    assert finished == [f"game-{i:03d}.json" for i in (30, 32, 34, 36, 38)]  # oldest went
    # an unfinished game can still be continued: never deleted without asking
    assert unfinished == [f"game-{i:03d}.json" for i in range(1, 40, 2)]
    assert path.name in left  # the oldest unfinished game too
    assert save_folder.latest_unfinished().path.name == "game-039.json"


def test_a_thirty_first_new_game_keeps_every_unfinished_game():
    match, path = _save_of("cesta", 2)
    match.on_change.clear()
    data = json.loads(path.read_text())
    for index in range(35):
        (path.parent / f"old-{index:03d}.json").write_text(json.dumps(data))
    save_folder.attach_autosave(new_match("cesta"))  # a new game prunes first
    names = {p.name for p in path.parent.glob("*.json")}
    assert {f"old-{i:03d}.json" for i in range(35)} <= names and path.name in names


def test_continue_skips_games_of_computers_only_which_stay_in_replays():
    """A headless run or a demo is nobody's game: Continue brings back the last game a
    person played, and the computer-only game is still listed for Replays."""
    person = new_match("cesta", ("human", "ai:easy"), seed=3)
    save_folder.attach_autosave(person)
    play_random(person, 4)
    time.sleep(0.02)
    demo = new_match("cesta", ("ai:easy", "ai:easy"), seed=4)
    save_folder.attach_autosave(demo)
    play_random(demo, 4)
    assert not demo.over
    os.utime(demo.save_path, (time.time() + 5, time.time() + 5))  # the demo is newest
    latest = save_folder.latest_unfinished()
    assert latest is not None and latest.path == person.save_path
    listed = {info.path: info for info in save_folder.list_saves()}
    assert demo.save_path in listed and not listed[demo.save_path].has_person
    assert listed[person.save_path].has_person
