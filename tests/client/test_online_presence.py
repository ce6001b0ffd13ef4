"""The client side of presence, leaving and ending online, driven by fake server frames.

The frames are the server's own (``game.server.room`` and ``frames`` build them from a
real room), handed to a ``RemoteMatch`` through a link that only records what it sends:
no socket, no clock. Each test walks what a person sees and presses on the real tables."""

from __future__ import annotations

import json
import time
from typing import Any

import pygame
import pytest

from game.client.i18n import language, set_language, t
from game.client.match.match import Presence
from game.client.online import link as link_module
from game.client.online.leaving import DecisionScene, EndOfferScene, QuitScene
from game.client.online.play import open_table
from game.client.online.presence import notice_text, plate_status
from game.client.online.remote import RemoteMatch
from game.client.online.scenes import LobbyScene
from game.client.tables.base import reason_words
from game.server.frames import room_frame, state_frame
from game.server.protocol import PROTOCOL_VERSION
from game.server.room import Room
from tests.support.driver import Driver
from tests.support.online_fakes import FakeLink

TIMEOUT = 90.0
GAMES = ["cesta", "royal_road", "cut_the_rope"]


class Table:
    """A room on the server's side, this client holding seat ``mine``."""

    def __init__(self, game: str, people: list[str], computers: int = 0, mine: int = 0,
                 aids: bool = False, start: bool = True) -> None:
        self.room = Room.create(game, None, len(people) + computers, "127.0.0.1")
        self.room.aids = aids
        self.tokens = [self.room.take_seat(name, i)[1] for i, name in enumerate(people)]
        for index in range(len(people), len(people) + computers):
            self.room.set_seat(0, index, "computer", "easy", time.time(), TIMEOUT)
        for seat in self.room.seats:
            if seat.kind == "person":
                seat.connections = 1
        if start:
            self.room.start(0)
        self.mine = mine
        self.link = FakeLink()
        self.link.push({"type": "link", "state": "up"})
        self.link.inbox += [{"type": "joined", "room": self.room.code, "seat": mine,
                             "token": self.tokens[mine], "host": mine == 0},
                            self.room_frame()]
        if start:
            self.link.inbox.append(state_frame(self.room, mine, None))
        self.match = RemoteMatch(self.link)  # type: ignore[arg-type]

    def room_frame(self) -> dict[str, Any]:
        return room_frame(self.room, time.time(), TIMEOUT)

    def away(self, seat: int, seconds: float) -> None:
        self.room.seats[seat].connections = 0
        self.room.seats[seat].away_since = time.time() - seconds

    def send(self, *frames: dict[str, Any]) -> None:
        self.link.inbox.extend(frames)

    def notice(self, kind: str, seat: int, **fields: Any) -> dict[str, Any]:
        return {"type": "notice", "room": self.room.code, "kind": kind, "seat": seat,
                "name": self.room.seats[seat].name, **fields}


@pytest.fixture
def driver():
    shown = Driver()
    shown.app.settings.set("animation_speed", 0.0)
    yield shown
    shown.close()


def _on_table(driver: Driver, table: Table) -> Any:
    match = table.match
    match.hold_for_table = True
    for _ in range(5):
        match.update(1 / 60)
    assert match.started
    scene = open_table(driver.app, match)
    driver.app.stack.reset(scene)
    driver.step(3)
    return scene


def _plate_presence(scene: Any, seat: int) -> Presence | None:
    """What the table's plates are drawn from, per game."""
    name = scene.match.game_name
    if name == "cesta":
        return scene.shows().presence[seat]
    if name == "royal_road":
        return scene.shown().seats[seat].presence
    return scene.plates()[seat].presence


def _top(driver: Driver) -> str:
    return type(driver.top).__name__


# --- 1. presence on the plates -------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_seat_shows_here_away_with_a_countdown_or_left(driver, game):
    table = Table(game, ["Ann", "Bob", "Cyd"] if game != "cesta" else ["Ann", "Bob"])
    scene = _on_table(driver, table)
    assert _plate_presence(scene, 0) == Presence("here", mine=True)
    table.away(1, 20.0)
    table.send(table.room_frame())
    driver.step()
    assert _plate_presence(scene, 1) == Presence("away", 70)
    for _ in range(60 * 5 + 1):   # the countdown runs on between the server's frames
        table.match.update(1 / 60)
    assert _plate_presence(scene, 1) == Presence("away", 65)
    words, own = plate_status(_plate_presence(scene, 1), "")
    assert words.startswith("◐ ") and "1:05" in words and own
    driver.step()   # drawn on the plate without trouble
    table.room.quit(1, True)
    table.send(table.room_frame())
    driver.step()
    assert _plate_presence(scene, 1) == Presence("left")
    words, _own = plate_status(Presence("left"), "")
    assert words.startswith("✕ ") and words[2:]   # a symbol and words, never colour alone
    assert plate_status(Presence("here"), "")[0].startswith("● ")


def test_your_turn_words_only_on_your_own_plate():
    """Another person's turn reads "on the move", never the table's "your turn!"."""
    assert plate_status(Presence("here", mine=True), "your turn!")[0] == "● your turn!"
    assert plate_status(Presence("here"), "your turn!")[0] == "● on the move"


# --- 6. notices: a log line and a toast ----------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_notice_is_a_log_line_and_a_toast(driver, game):
    table = Table(game, ["Ann", "Bob"])
    scene = _on_table(driver, table)
    before = len(scene.log_entries())
    table.away(1, 0.0)
    table.send(table.notice("away", 1, timeout=TIMEOUT), table.room_frame(),
               table.notice("whatever_comes_next", 1))
    driver.step()
    entries = scene.log_entries()
    assert len(entries) == before + 1 and entries[-1].seat is None
    line = t("{name} is away. The seat waits for them.", name="Bob")
    assert any(line in text for text in driver.app.notices.texts)
    driver.step(2)   # the note line is drawn in the log panel


def test_every_notice_kind_has_its_own_words():
    room = {"seats": [{"seat": 0, "kind": "person", "name": "Ann"},
                      {"seat": 1, "kind": "person", "name": "Bob"},
                      {"seat": 2, "kind": "person", "name": "Player 3"}]}
    kinds = ["away", "back", "left", "resigned", "waiting", "computer", "abandoned",
             "end_offer", "end_declined", "end_withdrawn", "agreed", "host"]
    said = {kind: notice_text({"kind": kind, "seat": 1, "name": "Bob"}, room)
            for kind in kinds}
    for choice in ("wait", "computer", "end"):
        said[choice] = notice_text({"kind": "vote", "seat": 0, "name": "Ann", "about": 2,
                                    "choice": choice}, room)
    assert all(said.values()) and len(set(said.values())) == len(said)
    assert t("Player {n}", n=3) in str(said["wait"]) and "Bob" in str(said["left"])
    assert notice_text({"kind": "vote", "seat": 0, "name": "Ann", "about": 1,
                        "choice": "dance"}, room) is None


# --- 2. quitting asks first ----------------------------------------------------------------
@pytest.mark.parametrize("for_good", [False, True])
def test_quit_to_title_asks_how_the_seat_is_left_and_says_so(driver, for_good):
    table = Table("cesta", ["Ann", "Bob"])
    _on_table(driver, table)
    driver.key(pygame.K_ESCAPE)
    assert _top(driver) == "PauseScene"
    driver.click_widget("quit_to_title")
    assert isinstance(driver.top, QuitScene)
    said = " ".join(driver.top.lines())
    assert table.room.code in said   # where to come back with the stored token
    driver.click_widget("stay")
    assert _top(driver) in ("CestaTable", "CestaTableScene") or \
        driver.top is table.match.presenter
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("quit_to_title")
    driver.click_widget("leave_for_good" if for_good else "leave_for_a_while")
    assert table.link.of("quit") == [{"type": "quit", "for_good": for_good, "id": "quit"}]
    assert table.link.closed and _top(driver) == "TitleScene"


def test_a_spectator_or_a_finished_game_quits_without_asking(driver):
    table = Table("cesta", ["Ann", "Bob"])
    table.match.spectating = True
    table.match.tokens = {}
    table.link.inbox = [{"type": "link", "state": "up"}, table.room_frame(),
                        state_frame(table.room, None, None)]
    _on_table(driver, table)
    driver.key(pygame.K_ESCAPE)
    names = [w.name for w in driver.top.focus.widgets]
    assert "resign" not in names and "undo" not in names
    driver.click_widget("quit_to_title")
    assert _top(driver) == "TitleScene" and not table.link.of("quit")


# --- 3. deciding about an empty seat -----------------------------------------------------------
def test_the_one_left_in_a_two_seat_game_decides_alone_and_nobody_loses(driver):
    table = Table("cesta", ["Ann", "Bob"])
    scene = _on_table(driver, table)
    table.away(1, 30.0)
    table.send(table.room_frame())
    driver.step(2)
    assert driver.top is scene   # still within the seat timeout: nothing to decide
    table.away(1, TIMEOUT + 1)
    table.send(table.room_frame())
    driver.step(2)
    assert isinstance(driver.top, DecisionScene)
    assert not any(":" in line and "not yet" in line for line in driver.top.lines())
    driver.click_widget("end")
    assert table.link.of("decide")[-1] | {} == {"type": "decide", "seat": 1, "choice": "end",
                                                "level": "normal", "as": 0, "id": "decide"}
    assert driver.top is scene
    table.room.finish([], "abandoned")
    table.send(table.notice("abandoned", 1, by=0), table.room_frame(),
               state_frame(table.room, 0, None))
    driver.step(2)
    result = table.match.result()
    assert result.winners == () and result.reason == "abandoned"
    assert scene.result_reason() == reason_words(table.match.game_name, "abandoned",
                                                 table.match.game.rules, draw=True)
    assert driver.run_until(lambda: _top(driver) == "ResultsScene", 400)
    assert driver.top.headline == t("Game ended") != t("A draw!")   # nobody drew either


def test_waiting_puts_the_question_off_and_a_computer_level_can_be_chosen(driver):
    table = Table("royal_road", ["Ann", "Bob"])
    scene = _on_table(driver, table)
    table.room.quit(1, True)
    table.send(table.notice("left", 1), table.room_frame())
    driver.step(2)
    assert isinstance(driver.top, DecisionScene)
    driver.click_widget("wait")
    table.send(table.notice("waiting", 1, by=0), table.room_frame())
    driver.step(3)
    assert driver.top is scene   # not asked again at once: the table waits
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("decide")   # the pause menu asks again whenever wanted
    assert isinstance(driver.top, DecisionScene)
    driver.click_widget("level")
    driver.click_widget("computer")
    sent = table.link.of("decide")[-1]
    assert sent["choice"] == "computer" and sent["level"] == "hard"


def test_in_a_larger_game_the_votes_show_until_a_majority_decides(driver):
    table = Table("cut_the_rope", ["Ann", "Bob", "Cyd"])
    _on_table(driver, table)
    table.room.quit(2, True)
    table.room.votes[2] = {1: "end:normal"}
    table.send(table.notice("left", 2), table.notice("vote", 1, about=2, choice="end"),
               table.room_frame())
    driver.step(2)
    dialog = driver.top
    assert isinstance(dialog, DecisionScene)
    lines = dialog.lines()
    assert t("{name}: {choice}", name="Bob", choice="end the game") in " ".join(lines) or \
        any("Bob" in line for line in lines)
    assert any("Ann" in line for line in lines)
    driver.click_widget("computer")
    assert table.link.of("decide")[-1]["choice"] == "computer"
    assert driver.top is dialog   # open while the vote is pending
    table.room.votes[2][0] = "computer:normal"
    table.send(table.notice("vote", 0, about=2, choice="computer"), table.room_frame())
    driver.step(2)
    assert driver.top is dialog and "Ann" in dialog.lines()[-1] and "Bob" in dialog.lines()[-1]
    table.room.seats[2].kind = "computer"
    table.room.votes = {}
    table.send(table.notice("computer", 2, by=1), table.room_frame())
    driver.step(2)
    assert driver.top is table.match.presenter   # decided: the dialog closed itself


# --- 4. resign and ending by agreement ---------------------------------------------------------
def test_resign_and_offer_to_end_from_the_pause_menu(driver):
    table = Table("cesta", ["Ann", "Bob"])
    scene = _on_table(driver, table)
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("resign")
    assert _top(driver) == "ResignScene" and "Bob" in " ".join(driver.top.lines())
    driver.click_widget("play_on")
    assert driver.top is scene and not table.link.of("resign")
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("end_game")
    assert table.link.of("end_game")[-1]["agree"] is True and driver.top is scene
    table.room.end_offers.add(0)
    table.send(table.room_frame())
    driver.step()
    driver.key(pygame.K_ESCAPE)
    assert driver.widget("end_game").label() == t("Take back the offer to end")
    driver.click_widget("end_game")
    assert table.link.of("end_game")[-1]["agree"] is False
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("resign")
    driver.click_widget("resign")
    assert table.link.of("resign") == [{"type": "resign", "as": 0, "id": "resign"}]


def test_an_offer_to_end_is_answered(driver):
    table = Table("royal_road", ["Ann", "Bob"])
    scene = _on_table(driver, table)
    table.room.end_offers.add(1)
    table.send(table.notice("end_offer", 1), table.room_frame())
    driver.step(2)
    assert isinstance(driver.top, EndOfferScene)
    assert "Bob" in " ".join(driver.top.lines())
    driver.click_widget("decline")
    assert table.link.of("end_game")[-1]["agree"] is False and driver.top is scene
    table.room.end_offers = {1}
    table.send(table.room_frame())
    driver.step(2)
    assert driver.top is scene   # the same offer is not asked twice
    table.room.end_offers = set()
    table.send(table.room_frame())
    driver.step()
    table.room.end_offers = {1}
    table.send(table.room_frame())
    driver.step(2)
    assert isinstance(driver.top, EndOfferScene)
    driver.click_widget("agree")
    assert table.link.of("end_game")[-1]["agree"] is True
    table.room.finish([], "agreed")
    table.send(table.notice("agreed", 1), state_frame(table.room, 0, None))
    driver.step(2)
    assert table.match.result().reason == "agreed"


# --- 5. a lobby host who leaves -----------------------------------------------------------------
def test_the_next_person_hosts_the_lobby_when_the_host_leaves(driver):
    table = Table("cesta", ["Ann", "Bob"], mine=1, start=False)
    lobby = LobbyScene(driver.app, "ws://fake", None, lambda _url: table.match)
    driver.app.stack.push(lobby)
    driver.step(3)
    names = [w.name for w in lobby.focus.widgets]
    assert "start" not in names and "★" in lobby._seat_text(0)
    table.room.leave(0)
    table.send(table.notice("host", 1), table.room_frame())
    driver.step(3)
    assert table.match.is_host and "start" in [w.name for w in lobby.focus.widgets]
    assert "★" in lobby._seat_text(1) and "★" not in lobby._seat_text(0)
    assert any("Bob" in text for text in driver.app.notices.texts)
    lobby.back()
    assert table.link.of("leave") and table.link.closed


# --- 7. hints and private aids ------------------------------------------------------------------
def test_hint_on_an_online_table_against_the_computer_works(driver):
    driver.app.settings.set("hints_vs_ai", True)
    table = Table("cesta", ["Ann"], computers=1)
    scene = _on_table(driver, table)
    match = table.match
    assert match.hints_offered
    room = table.room
    if room.to_move != 0:   # the computer starts: its moves come from the server
        while room.to_move != 0:
            room.play(1, room.game.format_move(room.game.legal_moves(room.state)[0]))
        table.send(state_frame(room, 0, None))
        driver.run_until(lambda: match.waiting_for_human, 200)
    assert match.waiting_for_human and scene.hint_button_shown
    driver.click(scene.hint_rect(driver.app.screen.get_size()).center)
    assert driver.run_until(lambda: scene.hints.shown is not None, 600)
    assert scene.hints.shown.move in match.legal_moves()
    assert _top(driver) == type(scene).__name__


@pytest.mark.parametrize("aids", [False, True])
def test_between_people_hints_only_when_the_host_allowed_them(driver, aids):
    table = Table("royal_road", ["Ann", "Bob"], aids=aids)
    scene = _on_table(driver, table)
    assert table.match.hints_offered is aids
    driver.key(pygame.K_F2)
    driver.step(2)
    if not aids:
        assert scene.hints.line is None and not scene.hint_button_shown


def test_the_host_chooses_aids_when_creating_the_room(driver):
    link = FakeLink()
    RemoteMatch.host(link, "cesta", 2, "Ann", aids=True)  # type: ignore[arg-type]
    assert link.of("create")[0]["aids"] is True
    driver.app.stack.push(driver.app.scenes.make("online", driver.app)
                          if "online" in driver.app.scenes else _online_scene(driver))
    driver.step()
    before = driver.top.memory.aids
    driver.click_widget("aids")
    assert driver.top.memory.aids is not before


def _online_scene(driver: Driver) -> Any:
    from game.client.online.scenes import OnlineScene
    return OnlineScene(driver.app)


# --- 8. versions ------------------------------------------------------------------------------
def test_a_version_error_says_which_side_to_update_and_stays(driver):
    before = language()
    try:
        set_language("cs")
        table = Table("cesta", ["Ann", "Bob"], start=False)
        lobby = LobbyScene(driver.app, "ws://fake", None, lambda _url: table.match)
        driver.app.stack.push(lobby)
        table.send({"type": "error", "id": "hello", "code": "version", "newer": "server",
                    "protocol": 4, "supported": [4], "version": "9.0",
                    "message": "update the client"})
        driver.step(3)
        words = t("This server runs a newer Herna than yours. Update Herna on this computer.")
        assert table.match.outdated == words and "update the client" not in words
        for _ in range(600):   # still said ten seconds later
            table.match.update(1 / 60)
        assert table.match.alert is not None and table.match.alert.text == words
        driver.step()
    finally:
        set_language(before)


def test_every_connection_first_says_hello_with_its_versions(monkeypatch):
    sent: list[str] = []

    class FakeSocket:
        def __enter__(self) -> FakeSocket:
            return self

        def __exit__(self, *args: Any) -> None:
            return None

        def send(self, text: str) -> None:
            sent.append(text)

        def __iter__(self) -> Any:
            yield json.dumps({"type": "welcome", "id": "hello", "protocol": PROTOCOL_VERSION})

        def close(self) -> None:
            return None

    monkeypatch.setattr(link_module, "connect", lambda *a, **k: FakeSocket())
    link = link_module.Link("ws://fake", reconnect=False)
    link._reader.join(5)
    link.send({"type": "ping"})
    link.close()
    hello = json.loads(sent[0])
    assert hello["type"] == "hello" and hello["protocol"] == PROTOCOL_VERSION
    assert hello["version"]
    frames = link.poll()
    assert frames[1]["type"] == "welcome"
