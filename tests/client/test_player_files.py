"""Nothing a player has is lost when the client is rearranged.

``fixtures/player_files`` holds files written by the client before its modules moved into
``game/client/{app,stage,match,storage,...}`` (commit 3bfb494), by that version's own
writers (``tools/make_player_file_fixtures.py``): finished games and autosaves of every
game (hot seat and 3-4 players among them), a finished online game, non-default settings,
statistics, tutorial progress and two house-rule files from the in-game editor. Each is
loaded here through the functions today's game uses, and must give back what was stored,
without the files changing under it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.client.online.record import is_online_save, load_record  # noqa: E402
from game.client.online.replay import saved_replay  # noqa: E402
from game.client.options import Options  # noqa: E402
from game.client.scenes.replay import ReplayScene  # noqa: E402
from game.client.scenes.resume import resume  # noqa: E402
from game.client.storage import user_rules  # noqa: E402
from game.client.storage.save_folder import latest_unfinished, list_saves  # noqa: E402
from game.client.storage.save_format import load, match_from  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.storage.stats import Stats  # noqa: E402
from game.client.storage.tutorial_progress import Progress  # noqa: E402
from game.rules import get_game  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "player_files"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))
SAVES = EXPECTED["saves"]
LOCAL = [name for name in SAVES if name != "online_done"]
ROOT = Path(__file__).resolve().parents[2]


def _bytes(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes()
            for p in sorted(home.rglob("*")) if p.is_file()}


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A copy of the player's folders, the saves dated as they were written (a checkout
    gives every file the same time; the saves list and Continue go by modification time)."""
    home = tmp_path / "home"
    shutil.copytree(FIXTURES, home)
    (home / "expected.json").unlink()
    for age, file in enumerate(EXPECTED["save_order_oldest_first"]):
        stamp = 1_740_000_000 + 3600 * age
        os.utime(home / file, (stamp, stamp))
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(home / "data"))
    user_rules._parsed.clear()  # remembered by path and signature; a fresh copy each test
    return home


@pytest.fixture
def driver():
    settings = load_settings()
    settings.values["animation_speed"] = 0.0
    d = Driver(Options(), settings=settings)
    yield d
    d.close()


def _state_in_file(name: str, home: Path) -> dict:
    return json.loads((home / SAVES[name]["file"]).read_text(encoding="utf-8"))["state"]


def test_the_saves_list_shows_every_old_game_newest_first(home):
    before = _bytes(home)
    infos = list_saves()
    newest_first = list(reversed(EXPECTED["save_order_oldest_first"]))
    assert [str(i.path.relative_to(home)) for i in infos] == newest_first
    by_file = {str(i.path.relative_to(home)): i for i in infos}
    for name, want in SAVES.items():
        info = by_file[want["file"]]
        assert info.problem is None, (name, info.problem)
        assert (info.game, info.moves, info.finished) == (want["game"], want["moves"],
                                                          want["finished"])
        assert info.winners == want["winners"]
        if "players" in want:
            assert info.players == want["players"]
    assert is_online_save(home / SAVES["online_done"]["file"])
    assert not any(is_online_save(home / SAVES[name]["file"]) for name in LOCAL)
    # Continue brings back the newest unfinished game: the hot-seat Cut the Rope
    latest = latest_unfinished()
    assert latest is not None
    assert str(latest.path.relative_to(home)) == SAVES["cut_the_rope_open"]["file"]
    assert _bytes(home) == before


@pytest.mark.parametrize("name", LOCAL)
def test_every_local_save_loads_and_its_moves_reach_the_saved_position(home, name):
    before = _bytes(home)
    want = SAVES[name]
    loaded = load(home / want["file"])
    assert loaded.game_name == want["game"] and loaded.seed == want["seed"]
    assert len(loaded.history) == want["moves"] and loaded.finished == want["finished"]
    assert [s.name for s in loaded.seats] == want["players"]
    saved = _state_in_file(name, home)
    # every move again from the first position, through the engine, to the saved state
    game, state = loaded.game, loaded.initial
    for entry in loaded.history:
        state, _events = game.apply(state, game.parse_move(state, entry.notation))
    assert json.loads(json.dumps(game.to_dict(state))) == saved
    if want["finished"]:
        assert list(game.result(state).winners) == want["winners"]
    else:
        assert game.current_player(state) is not None
    match = match_from(loaded, inline_ai=True)
    assert len(match.history) == want["moves"] and match.over == want["finished"]
    if name == "cesta_done":  # played with the player's own house rules
        assert loaded.game.rules["hand_size"] == 6
    assert _bytes(home) == before


def test_replays_of_old_games_step_to_their_last_position(home, driver):
    before = _bytes(home)
    for name in LOCAL:
        loaded = load(home / SAVES[name]["file"])
        scene = ReplayScene.from_loaded(driver.app, loaded)
        scene.seek(len(scene.moves) - 1)
        scene.forward()  # the last move played as the viewer plays it
        assert scene.ply == SAVES[name]["moves"]
        # the real engine's view (an unfinished game of people only is shown face down)
        assert (json.loads(json.dumps(loaded.game.to_dict(scene.match.state)))
                == _state_in_file(name, home)), name
    online = home / SAVES["online_done"]["file"]
    record = load_record(online)
    assert record.game_name == "cesta" and record.seat == SAVES["online_done"]["seat"]
    assert len(record.frames) == SAVES["online_done"]["moves"]
    replay = saved_replay(driver.app, online)
    replay.seek(replay.total)
    assert replay.ply == SAVES["online_done"]["moves"]
    assert replay.table.view_dict == _state_in_file("online_done", home)
    assert _bytes(home) == before


@pytest.mark.parametrize("name", ["cesta_open", "royal_road_open", "cut_the_rope_open"])
def test_an_old_autosave_continues_on_its_table(home, driver, name):
    before = _bytes(home)
    assert resume(driver.app, home / SAVES[name]["file"])
    match = driver.top.match
    assert match.game_name == SAVES[name]["game"]
    assert len(match.history) == SAVES[name]["moves"] and not match.over
    assert [s.name for s in match.seats] == SAVES[name]["players"]
    assert (json.loads(json.dumps(match.game.to_dict(match.state)))
            == _state_in_file(name, home))
    assert _bytes(home) == before  # nothing is written until a move is made


def test_old_settings_load_with_their_values(home):
    before = _bytes(home)
    settings = load_settings()
    assert settings.problems == [] and settings.writable
    for key, value in EXPECTED["settings"]["values"].items():
        assert settings[key] == value, key
    assert _bytes(home) == before


def test_old_statistics_keep_their_totals(home):
    before = _bytes(home)
    stats = Stats.load()
    assert stats.problem is None
    assert stats.people == EXPECTED["stats"]["people"]
    assert stats.counted == EXPECTED["stats"]["counted"]
    eva = stats.people["Eva"]
    assert {game: record["games"] for game, record in eva.items()} == {
        "cesta": 1, "royal_road": 1, "cut_the_rope": 1}
    assert stats.people["Jan"]["royal_road"]["games"] == 1
    assert not any(name.startswith("Robot") for name in stats.people)
    assert _bytes(home) == before


def test_old_tutorial_progress_keeps_the_lessons_done(home):
    before = _bytes(home)
    progress = Progress.load()
    assert progress.problem is None
    assert progress.done == EXPECTED["tutorial"]["done"]
    assert progress.offered == EXPECTED["tutorial"]["offered"]
    for game, keys in EXPECTED["tutorial"]["done"].items():
        assert all(progress.finished(game, key) for key in keys)
    assert progress.was_offered("cut_the_rope") and not progress.was_offered("nonexistent")
    assert _bytes(home) == before


@pytest.mark.parametrize("game", ["cesta", "cut_the_rope"])
def test_old_house_rule_files_load_in_the_editor_and_the_engine(home, game):
    before = _bytes(home)
    want = EXPECTED["house_rules"][game]
    path = home / want["file"]
    assert json.loads(json.dumps(get_game(game, path).rules)) == want["rules"]
    user = user_rules.load_user_rules(game)
    assert user.problem is None and user.path == path
    assert json.loads(json.dumps(user.rules())) == want["rules"]
    overrides = user_rules.overrides_for(game)
    assert overrides is not None
    for key, value in want["changed"].items():
        assert overrides[key] == value
    assert user_rules.problems() == []
    assert _bytes(home) == before


def test_the_real_client_continues_from_the_old_folders(home):
    before = _bytes(home)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", HERNA_CONFIG_DIR=str(home / "config"),
               HERNA_DATA_DIR=str(home / "data"))
    done = subprocess.run([sys.executable, "-m", "game", "--headless", "--frames", "30",
                           "--resume"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    after = _bytes(home)
    # the resumed game is all people (hot seat): nobody moved in 30 frames, nothing written
    assert after == before
