"""Inviting friends: the invite string (made and read back, read robustly, refused in
words), this computer's addresses, the remembered servers, and the room screen and the
Join screen with them (fake frames, no sockets)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.client.i18n import t
from game.client.online import clipboard
from game.client.online.invite import (
    CODE_ALPHABET,
    CODE_LENGTH,
    INVITE_PROBLEMS,
    InviteError,
    looks_like_invite,
    make_invite,
    parse_invite,
    shown_addresses,
    usable_addresses,
)
from game.client.online.remote import RemoteMatch
from game.client.online.scenes import LobbyScene, OnlineScene
from game.client.storage.servers import KEEP, RecentServers
from game.server import room as server_room
from tests.support.driver import Driver
from tests.support.online_fakes import FakeLink, FakeRoom


def test_codes_are_the_servers():
    assert (CODE_ALPHABET, CODE_LENGTH) == (server_room.CODE_ALPHABET, server_room.CODE_LENGTH)


@pytest.mark.parametrize("text, url, code", [
    ("herna://192.168.1.5:8765/K7QM2XTA", "ws://192.168.1.5:8765", "K7QM2XTA"),
    ("  herna://192.168.1.5:8765/k7qm-2xta/ \n", "ws://192.168.1.5:8765", "K7QM2XTA"),
    ("HERNA://host/K7QM2XTA", "ws://host:8765", "K7QM2XTA"),
    ("192.168.1.5:9000/K7QM2XTA", "ws://192.168.1.5:9000", "K7QM2XTA"),
    ("192.168.1.5 K7QM 2XTA", "ws://192.168.1.5:8765", "K7QM2XTA"),
    ("hernas://play.example/herna/K7QM2XTA", "wss://play.example/herna", "K7QM2XTA"),
    ("herna://[fe80::1]:9000/K7QM2XTA", "ws://[fe80::1]:9000", "K7QM2XTA"),
])
def test_invites_are_read_as_people_paste_them(text, url, code):
    invite = parse_invite(text)
    assert (invite.url, invite.code) == (url, code)
    assert parse_invite(invite.text()) == invite  # made and read back


def test_an_invite_is_made_from_the_server_and_the_code():
    assert make_invite("ws://192.168.1.5:8765", "K7QM2XTA") == \
        "herna://192.168.1.5:8765/K7QM2XTA"
    assert make_invite("wss://play.example/herna/", "K7QM2XTA") == \
        "hernas://play.example/herna/K7QM2XTA"
    assert parse_invite("herna://h:8765/K7QM2XTA").address == "h:8765"
    assert parse_invite("hernas://h/K7QM2XTA").address == "wss://h"


@pytest.mark.parametrize("text, reason", [
    ("", "empty"), ("   ", "empty"), ("herna://192.168.1.5:8765", "no_code"),
    ("herna://host:8765/K7QM", "bad_code"), ("herna://host:8765/K7QM2XT0", "bad_code"),
    ("herna://host:99999/K7QM2XTA", "bad_port"), ("herna://host:x/K7QM2XTA", "bad_port"),
    ("herna://host:/K7QM2XTA", "bad_port"), ("herna://host:0/K7QM2XTA", "bad_port"),
    ("herna://:8765/K7QM2XTA", "no_host"), ("K7QM2XTA", "no_host"),
    ("http://host/K7QM2XTA", "bad_scheme"), ("herna://host/\u202eK7QM2XTA", "bad_code"),
])
def test_a_malformed_invite_is_refused_in_words(text, reason):
    with pytest.raises(InviteError) as caught:
        parse_invite(text)
    assert caught.value.reason == reason
    assert INVITE_PROBLEMS[reason].endswith(".")


def test_addresses_are_told_from_invites():
    assert looks_like_invite("herna://x/K7QM2XTA") and looks_like_invite("h:1/K7QM2XTA")
    assert looks_like_invite("h:1 K7QM2XTA")
    for address in ("192.168.1.5", "host:8765", "host:8765/", "ws://h:1/path", ""):
        assert not looks_like_invite(address), address


def test_only_addresses_others_can_reach_are_offered():
    assert usable_addresses(["192.168.1.5", "127.0.0.1", "169.254.3.3", "0.0.0.0",
                             "192.168.1.5", "10.0.0.7", "fe80::1", "nonsense"]) == \
        ["192.168.1.5", "10.0.0.7"]
    assert shown_addresses(["10.0.0.7"], 8765) == ["10.0.0.7:8765"]


def test_recent_servers_are_kept_newest_first_and_a_broken_file_is_not_touched(tmp_path):
    path = tmp_path / "servers.json"
    recent = RecentServers.load(path)
    assert recent.servers == [] and recent.problem is None
    for n in range(KEEP + 2):
        assert recent.remember(f"host{n}:8765")
    assert recent.remember("host3:8765")
    again = RecentServers.load(path)
    assert again.servers[0] == "host3:8765" and len(again.servers) == KEEP
    assert len(set(again.servers)) == KEEP
    for bad in ("{not json", json.dumps({"servers": "x"}), json.dumps({"servers": [3]}),
                json.dumps(["a"])):
        path.write_text(bad)
        broken = RecentServers.load(path)
        assert broken.servers == [] and broken.problem
        assert not broken.remember("new:1")
        assert path.read_text() == bad  # kept for the player to look at


class LocalStub:
    """A server on this computer that is already listening."""
    port, ready, error, url = 8765, True, None, "ws://127.0.0.1:8765"

    def stop(self) -> None:
        pass


def _lobby(driver: Driver, room: FakeRoom, link: FakeLink) -> LobbyScene:
    lobby = LobbyScene(driver.app, None, LocalStub(),  # type: ignore[arg-type]
                       lambda url: RemoteMatch.join(link, room.code, "Ada"),  # type: ignore
                       addresses=["192.168.1.5", "10.0.0.7"])
    driver.app.stack.push(lobby)
    driver.step(1)
    link.push(room.joined(0), room.room_frame())
    driver.step(2)
    return lobby


def _texts(scene) -> list[str]:
    return [w.label() if callable(w.label) else w.label for w in scene.focus.widgets
            if hasattr(w, "label")]


def test_the_room_screen_shows_every_address_the_code_and_copies_the_invite(tmp_path,
                                                                             monkeypatch):
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path))
    driver = Driver()
    room, link = FakeRoom(start=False), FakeLink()
    lobby = _lobby(driver, room, link)
    invite = f"herna://192.168.1.5:8765/{room.code}"
    assert lobby.invite() == invite
    lines = " ".join(text for text, *_ in lobby._invite_lines(lobby.match))
    outside = t("From outside your local network, friends need a server that can be reached "
                "from the Internet (see the README).")
    for part in ("192.168.1.5:8765", "10.0.0.7:8765", room.code, invite, outside):
        assert part in lines, part
    copy = next(w for w in lobby.focus.widgets if w.name == "copy")
    copy.activate()
    assert pygame.scrap.get_text() == invite
    assert lobby.copied == t("The invite is on the clipboard: paste it to your friends.")
    monkeypatch.setattr(clipboard, "available", lambda: False)
    lobby._rebuild()
    assert not any(w.name == "copy" for w in lobby.focus.widgets)  # hidden, and said:
    assert lobby.copy_note() == t("Copying is not available here: read the invite out or "
                                  "write it down.")
    driver.step(1)


def test_the_join_screen_reads_a_pasted_invite_and_offers_recent_servers(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path))
    RecentServers.load().remember("example.org:9000")
    driver = Driver()
    scene = OnlineScene(driver.app)
    driver.app.stack.push(scene)
    names = [w.name for w in scene.focus.widgets]
    assert "recent" in names
    scene.focus.focus = names.index("address")

    def paste(text: str) -> None:
        pygame.scrap.put_text(text)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v,
                                             mod=pygame.KMOD_CTRL, unicode="", scancode=0))
        driver.step(1)

    paste("herna://192.168.1.5:8765/K7QM2XT")
    assert scene.message == t(INVITE_PROBLEMS["bad_code"])
    assert scene.memory.code == ""
    paste(" herna://192.168.1.5:8765/k7qm2xta\n")
    assert (scene.memory.address, scene.memory.code) == ("192.168.1.5:8765", "K7QM2XTA")
    scene.memory.address = ""
    paste("plain.example:7000")  # not an invite: typed into the field
    assert scene.memory.address == "plain.example:7000"
    recent = scene.focus.widgets[names.index("recent")]
    recent.activate()
    assert scene.memory.address == "example.org:9000"
    scene.memory.address, scene.memory.code = "herna://10.0.0.7:8765/ABCDEFGH", ""
    assert scene._url() == "ws://10.0.0.7:8765"  # a typed invite fills the code too
    assert scene.memory.code == "ABCDEFGH"
    assert RecentServers.load().servers[0] == "10.0.0.7:8765"
