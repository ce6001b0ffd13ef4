"""The online client against a real server: the ordinary table scenes, driven headless
by a ``RemoteMatch`` instead of a local ``Match``."""

from __future__ import annotations

import random
import time

import pytest

from game.client.online.link import Link, normalise_url
from game.client.online.remote import RemoteMatch
from game.client.tables import table_for
from tests.support.driver import Driver
from tests.support.server_support import ServerThread


def _lobby(match: RemoteMatch, seconds: float = 15.0, until=None) -> None:
    end = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < end, "the lobby did not get there"
        match.update(1 / 60)
        time.sleep(0.005)


@pytest.mark.parametrize("game_name", ["cesta", "royal_road", "cut_the_rope"])
def test_online_table_plays_to_the_end(game_name: str) -> None:
    with ServerThread(messages_per_second=1000.0, burst=1000) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            match = RemoteMatch.host(Link(server.url), game_name, 2, "Ada")
            _lobby(match, until=lambda: match.room.get("seats") and match.tokens)
            assert match.is_host and match.room_code
            match.set_seat(1, "computer", "easy")
            _lobby(match, until=lambda: match.room["seats"][1]["kind"] == "computer")
            match.start()
            _lobby(match, until=lambda: match.started)
            table = table_for(game_name)(driver.app, match)
            driver.app.stack.reset(table)
            rng = random.Random(1)
            end = time.monotonic() + 60
            while not match.finished:
                assert time.monotonic() < end, "the online game did not end"
                if match.waiting_for_human:
                    match.play(rng.choice(match.legal_moves()))
                driver.step()
                time.sleep(0.001)
            assert match.over and match.result().reason
            full = server.server.rooms[match.room_code].room
            assert len(match.history) == len(full.moves)
            # the table drew from seat 0's view: seat 1's private cards never arrived
            view = table.view_dict
            assert view.get("rng") is None
            assert view.get("view_of", view.get("viewer")) == 0
            driver.step(5)
            assert driver.top.__class__.__name__ == "ResultsScene"
            match.close()
        finally:
            driver.close()


def test_addresses_people_type() -> None:
    assert normalise_url("192.168.1.5") == "ws://192.168.1.5:8765"
    assert normalise_url("example.org:9000") == "ws://example.org:9000"
    assert normalise_url(" wss://herna.example/r ") == "wss://herna.example/r"
    with pytest.raises(ValueError):
        normalise_url("http://example.org")
    with pytest.raises(ValueError):
        normalise_url("")


def test_title_online_host_and_a_friend_joins(tmp_path, monkeypatch) -> None:
    """Title → Online → host on a server → lobby; a friend joins from another client;
    the host starts and both play to the end on the ordinary table."""
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    from game.client.online.scenes import LobbyScene, OnlineScene

    with ServerThread(messages_per_second=1000.0, burst=1000) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            driver.step(20)
            driver.click_widget("online")
            driver.step(3)
            scene = driver.top
            assert isinstance(scene, OnlineScene)
            scene.memory.address = server.url.removeprefix("ws://")
            scene.memory.name = "Ada"
            scene.memory.game = "cesta"
            driver.click_widget("host_server")
            driver.step(3)
            lobby = driver.top
            assert isinstance(lobby, LobbyScene)
            end = time.monotonic() + 15
            while not (lobby.match and lobby.match.room_code and lobby.match.room):
                assert time.monotonic() < end
                driver.step()
                time.sleep(0.005)
            code = lobby.match.room_code
            friend = RemoteMatch.join(Link(server.url), code.lower(), "Bob")
            _lobby(friend, until=lambda: friend.tokens and friend.room)
            while lobby.match.room["seats"][1]["kind"] != "person":
                assert time.monotonic() < end
                driver.step()
                time.sleep(0.005)
            driver.step(2)
            assert driver.widget("start").enabled
            driver.click_widget("start")
            rng = random.Random(2)
            end = time.monotonic() + 60
            while driver.top.__class__.__name__ != "ResultsScene":
                assert time.monotonic() < end, "the game did not end"
                table_match = getattr(driver.top, "match", None)
                if isinstance(table_match, RemoteMatch) and table_match.waiting_for_human:
                    table_match.play(rng.choice(table_match.legal_moves()))
                friend.update(1 / 60)
                if friend.started and friend.waiting_for_human:
                    friend.play(rng.choice(friend.legal_moves()))
                driver.step()
                time.sleep(0.001)
            assert friend.over
            remembered = (tmp_path / "data" / "online.json").read_text()
            assert "Ada" in remembered
            friend.close()
        finally:
            driver.close()


def test_connection_lost_and_back_mid_game() -> None:
    """The server drops the client mid-game: the table shows "connection lost", the link
    reconnects and resumes the seat with its token, the banner says it is back, and the
    game goes on to its end."""
    import asyncio

    from game.client.i18n import t

    with ServerThread(messages_per_second=1000.0, burst=1000) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            match = RemoteMatch.host(Link(server.url), "royal_road", 2, "Ada")
            _lobby(match, until=lambda: match.room.get("seats") and match.tokens)
            match.set_seat(1, "computer", "easy")
            _lobby(match, until=lambda: match.room["seats"][1]["kind"] == "computer")
            match.start()
            _lobby(match, until=lambda: match.started)
            driver.app.stack.reset(table_for("royal_road")(driver.app, match))
            rng = random.Random(3)
            seen: set[str] = set()
            dropped = False
            end = time.monotonic() + 60
            while not match.finished:
                assert time.monotonic() < end, "the game did not end"
                if match.waiting_for_human:
                    match.play(rng.choice(match.legal_moves()))
                if not dropped and len(match.history) >= 6:
                    dropped = True
                    live = server.server.rooms[match.room_code]

                    async def drop(live=live) -> None:
                        for client in list(live.clients):
                            await client.ws.close(1012, "restarting")

                    asyncio.run_coroutine_threadsafe(drop(), server.loop).result(10)
                if match.notice is not None:
                    seen.add(match.notice.text)
                driver.step()
                time.sleep(0.001)
            assert dropped and match.drops == 1 and match.returns == 1
            # the banners were up (a very busy machine may skip the frames of one of them)
            assert {t("Connection lost — reconnecting…"), t("Connection is back")} & seen
            assert len(match.history) == len(server.server.rooms[match.room_code].room.moves)
            match.close()
        finally:
            driver.close()


def test_host_on_this_computer_starts_and_stops_a_server(tmp_path) -> None:
    """"Host on this computer": herna serve as a child process; its port is read without
    blocking, a room can be made on it, and closing the match stops it."""
    from game.client.online.hosting import LocalServer, Remembered
    from game.client.online.invite import lan_addresses

    local = LocalServer(tmp_path / "server", host="127.0.0.1")
    end = time.monotonic() + 20
    while not local.ready:
        assert local.error is None, local.error
        assert time.monotonic() < end, "the local server did not start"
        time.sleep(0.05)
    match = RemoteMatch.host(Link(local.url), "cut_the_rope", 3, "Ada")
    match.local_server = local
    _lobby(match, until=lambda: match.room.get("seats") and match.tokens)
    assert (tmp_path / "server" / "rooms" / f"{match.room_code}.json").exists()
    process = local.process
    match.close()
    assert process is not None and process.wait(10) == 0
    assert all(address.count(".") == 3 for address in lan_addresses())
    path = tmp_path / "online.json"
    Remembered("example.org:9000", "Ada", "K7QM2XTA", "royal_road", 4).save(path)
    again = Remembered.load(path)
    assert (again.address, again.seats) == ("example.org:9000", 4)
    path.write_text('{"seats": "many"}')
    assert Remembered.load(path).seats == 2  # a bad file gives the defaults


def test_host_brings_house_rules_and_can_switch_to_original(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config" / "rules").mkdir(parents=True)
    (tmp_path / "config" / "rules" / "cesta.toml").write_text("hand_size = 6\n")
    from game.client.online.scenes import LobbyScene, OnlineScene

    with ServerThread() as server:
        driver = Driver()
        try:
            driver.step(5)
            driver.app.stack.push(OnlineScene(driver.app))
            driver.top.memory.address = server.url
            driver.top.memory.game = "cesta"
            driver.click_widget("host_server")
            lobby = driver.top
            assert isinstance(lobby, LobbyScene)
            end = time.monotonic() + 15

            def wait(cond) -> None:
                while not cond():
                    assert time.monotonic() < end
                    driver.step()
                    time.sleep(0.005)

            wait(lambda: lobby.match and lobby.match.room.get("rules"))
            assert lobby.match.room["rules"]["hand_size"] == 6
            wait(lambda: any(getattr(w, "name", "") == "rules" for w in lobby.focus.widgets))
            driver.widget("rules").activate()
            wait(lambda: lobby.match.room["rules"]["hand_size"] == 5)
        finally:
            driver.close()
