"""The online client, protocol 2: a client restarted mid-game gets its whole log back,
a spectator follows on the ordinary table, the room plays a rematch, and a finished online
game is saved as its seat saw it and replays in Replays."""

from __future__ import annotations

import random
import time

from game.client.online.link import Link
from game.client.online.play import RematchScene, open_table
from game.client.online.remote import RemoteMatch
from tests.support.driver import Driver
from tests.support.server_support import ServerThread, check_no_leaks, full_states, secrets_of

FAST = {"messages_per_second": 1000.0, "burst": 1000}


def _until(step, condition, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "it did not get there"
        step()
        time.sleep(0.002)


def _hosted(url: str, game_name: str) -> RemoteMatch:
    """Ada hosts a room of two: herself and a computer."""
    match = RemoteMatch.host(Link(url), game_name, 2, "Ada")
    _until(lambda: match.update(1 / 60), lambda: match.room.get("seats") and match.tokens)
    match.set_seat(1, "computer", "easy")
    _until(lambda: match.update(1 / 60), lambda: match.room["seats"][1]["kind"] == "computer")
    return match


def _play(driver: Driver, match: RemoteMatch, rng: random.Random, until) -> None:
    def step() -> None:
        if match.waiting_for_human:
            match.play(rng.choice(match.legal_moves()))
        driver.step()

    _until(step, until, 60)


def test_a_restarted_client_gets_its_whole_log_and_the_game_is_saved(tmp_path,
                                                                      monkeypatch) -> None:
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    from game.client.scenes.replay import SavesScene
    from game.client.storage.save_folder import list_saves

    with ServerThread(**FAST) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            first = _hosted(server.url, "cesta")
            first.hold_for_table = True  # as the lobby does: moves made before the table
            first.start()                # is built wait for it, so its log starts whole
            _until(lambda: first.update(1 / 60), lambda: first.started)
            table = open_table(driver.app, first)
            driver.app.stack.reset(table)
            rng = random.Random(5)
            _play(driver, first, rng, lambda: len(first.history) >= 10)
            before = list(table.log_entries())
            code, tokens = first.room_code, dict(first.tokens)
            table.owns_match = False
            first.close()  # the window is gone (killed): only the code and token remain
            again = RemoteMatch.resume(Link(server.url), code, tokens)
            again.hold_for_table = True
            _until(lambda: again.update(1 / 60), lambda: again.started)
            table = open_table(driver.app, again)
            driver.app.stack.reset(table)
            room = server.server.rooms[code].room
            _until(driver.step, lambda: len(again.history) >= len(room.moves) >= 10
                   and not again._queue)
            assert all(entry.seat >= 0 for entry in again.history)  # no placeholders
            assert list(table.log_entries())[:len(before)] == before  # the log is whole
            _play(driver, again, rng, lambda: again.finished)
            driver.step(5)
            assert driver.top.__class__.__name__ == "ResultsScene"
            saves = [s for s in list_saves() if s.problem is None]
            assert len(saves) == 1 and saves[0].finished and saves[0].game == "cesta"
            assert saves[0].moves == len(room.moves)
            # the saved frames show no card seat 0 could not see (the same check as the
            # server's frames get)
            import json

            data = json.loads(saves[0].path.read_text())
            assert data["online"]["seat"] == 0 and "seed" not in json.dumps(data["online"])

            class Saved:
                raw = [json.dumps(data["online"])]
                frames = [dict(f, type="state", seat=0) for f in data["online"]["frames"]]

            states = full_states(server.server, code)
            assert check_no_leaks("cesta", Saved, states, 0,
                                  secrets_of(server.server, code, states)) == len(room.moves)
            # Replays lists it and shows it from the seat's frames, to the end
            driver.app.stack.reset(SavesScene(driver.app))
            driver.step(2)
            driver.click_widget("watch0")
            replay = driver.top
            assert replay.__class__.__name__ == "OnlineReplayScene"
            replay.seek(replay.total)
            assert replay.ply == len(room.moves)
            assert replay.table.view_dict == data["state"]
            replay.seek(3)
            assert len(replay.match.history) == 3
            again.close()
        finally:
            driver.close()


def test_a_spectator_follows_on_the_table_with_every_hand_hidden() -> None:
    with ServerThread(**FAST) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            host = _hosted(server.url, "cesta")
            host.start()
            rng = random.Random(6)
            _until(lambda: host.update(1 / 60), lambda: host.started)

            def host_step() -> None:
                host.update(1 / 60)
                if host.waiting_for_human:
                    host.play(rng.choice(host.legal_moves()))

            _until(host_step, lambda: len(host.history) >= 6)
            watcher = RemoteMatch.watch(Link(server.url), host.room_code)
            watcher.hold_for_table = True
            _until(lambda: watcher.update(1 / 60), lambda: watcher.started)
            table = open_table(driver.app, watcher)
            driver.app.stack.reset(table)
            room = server.server.rooms[host.room_code].room

            def both() -> None:
                host_step()
                driver.step()

            _until(both, lambda: watcher.finished, 60)
            assert len(watcher.history) == len(room.moves)
            assert all(entry.seat >= 0 for entry in watcher.history)
            assert watcher.viewer is None and not watcher.legal_moves()
            for frame in watcher.record:  # the public view: no hand, ever
                assert {c for hand in frame["view"]["hands"] for c in hand} <= {"??", "?A"}
            assert len(table.log_entries()) > 0
            host.close()
            watcher.close()
        finally:
            driver.close()


def test_rematch_in_the_same_room_from_the_results() -> None:
    with ServerThread(**FAST) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            host = RemoteMatch.host(Link(server.url), "cesta", 2, "Ada")
            _until(lambda: host.update(1 / 60), lambda: host.room.get("seats") and host.tokens)
            friend = RemoteMatch.join(Link(server.url), host.room_code, "Bob")
            _until(lambda: (host.update(1 / 60), friend.update(1 / 60)),
                   lambda: host.room["seats"][1]["kind"] == "person")
            host.start()
            _until(lambda: host.update(1 / 60), lambda: host.started)
            driver.app.stack.reset(open_table(driver.app, host))
            rng = random.Random(8)

            def friend_step() -> None:
                friend.update(1 / 60)
                if friend.started and friend.waiting_for_human:
                    friend.play(rng.choice(friend.legal_moves()))

            def both() -> None:
                friend_step()
                if host.waiting_for_human:
                    host.play(rng.choice(host.legal_moves()))
                driver.step()

            _until(both, lambda: driver.top.__class__.__name__ == "ResultsScene", 60)
            first_moves = len(host.history)
            friend.ask_rematch()  # Bob is ready: the host sees it
            _until(both, lambda: host.room["seats"][1].get("rematch") or
                   server.server.rooms[host.room_code].room.rematch_asks == {1})
            driver.click_widget("result0")  # Rematch
            _until(both, lambda: not isinstance(driver.top, RematchScene)
                   and driver.top.__class__.__name__ != "ResultsScene"
                   and friend.game_number == 2)
            assert host.game_number == 2 and friend.game_number == 2
            assert len(host.history) < first_moves or host.history == []
            assert getattr(driver.top, "match", None) is host  # a new table, same match
            room = server.server.rooms[host.room_code].room
            assert room.game_number == 2 and [s.name for s in room.seats] == ["Ada", "Bob"]
            _until(both, lambda: host.finished, 60)
            assert len(host.history) == len(room.moves)
            host.close()
            friend.close()
        finally:
            driver.close()
