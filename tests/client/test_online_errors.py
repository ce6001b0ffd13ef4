"""Online errors reach the player as words: every code the server can send, a connection
that fails and a server that cannot start, in every shipped language; the server's English
text and the system's own text never stand alone."""

from __future__ import annotations

import ast
import errno
import socket
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.frames import Close

from game.client.i18n import language, set_language, t
from game.client.online.errors import (
    LINK_ERRORS,
    SERVER_ERRORS,
    UNKNOWN_SERVER_ERROR,
    hosting_error,
    link_error,
    server_error,
)
from game.client.online.link import Link, failure_kind
from game.client.online.remote import RemoteMatch, seat_name
from game.i18n import SOURCE_LANGUAGE, languages, translator
from tests.support.server_support import ServerThread

SERVER = Path(__file__).resolve().parents[2] / "game" / "server"


def _strings(node: ast.AST) -> set[str]:
    """The string constants an argument can be (a literal, or either side of an if)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def server_codes() -> set[str]:
    """Every error code in the server's source: ``ProtocolError(code, …)``,
    ``error_frame(code, …)`` and ``reply("error", …, code=…)``."""
    codes: set[str] = set()
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if name in ("ProtocolError", "error_frame") and node.args:
                codes |= _strings(node.args[0])
            elif name == "reply" and node.args and _strings(node.args[0]) == {"error"}:
                for keyword in node.keywords:
                    if keyword.arg == "code":
                        codes |= _strings(keyword.value)
    return codes


@pytest.fixture
def english():
    before = language()
    set_language(SOURCE_LANGUAGE)
    yield
    set_language(before)


def test_the_scan_finds_the_server_codes():
    codes = server_codes()
    assert {"no_room", "room_full", "not_your_turn", "stale", "version", "internal",
            "rate_limited", "not_started", "over"} <= codes
    assert len(codes) >= 30


def test_every_server_code_has_its_own_sentence():
    missing = sorted(server_codes() - set(SERVER_ERRORS))
    assert not missing, f"codes the server sends with no words for the player: {missing}"


@pytest.mark.parametrize("code", [c for c in languages() if c != SOURCE_LANGUAGE])
def test_every_online_error_is_translated(code: str):
    words = translator(code)
    untranslated = sorted(key for key, message in {**SERVER_ERRORS, **LINK_ERRORS,
                                                    "unknown": UNKNOWN_SERVER_ERROR}.items()
                          if words.t(message, code="x") == message.format(code="x"))
    assert not untranslated, f"{code}: online errors still in English: {untranslated}"


def test_an_error_frame_is_said_in_words_not_in_the_servers_english(english):
    match = RemoteMatch(link=None)  # type: ignore[arg-type]
    match._receive({"type": "error", "code": "no_room",
                    "message": "there is no room with that code"})
    assert match.error == t(SERVER_ERRORS["no_room"]) and match.error_code == "no_room"
    assert match.notice is not None and "there is no room with that code" not in \
        match.notice.text


def test_an_unknown_code_gets_a_general_sentence_with_the_code(english):
    text = server_error({"code": "shiny_new_thing", "message": "some server English"})
    assert "shiny_new_thing" in text and "some server English" not in text
    assert text == t(UNKNOWN_SERVER_ERROR, code="shiny_new_thing")
    assert server_error({}) == t(UNKNOWN_SERVER_ERROR, code="?")


def test_a_version_error_says_which_side_to_update(english):
    newer_client = server_error({"code": "version", "newer": "client"})
    newer_server = server_error({"code": "version", "newer": "server"})
    assert newer_client != newer_server
    assert "server" in newer_client.lower() and "this computer" in newer_server


@pytest.mark.parametrize(("error", "kind"), [
    (ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"), "refused"),
    (TimeoutError("timed out during opening handshake"), "timeout"),
    (socket.gaierror(-2, "Name or service not known"), "no_host"),
    (OSError(errno.ENETUNREACH, "Network is unreachable"), "unreachable"),
    (InvalidURI("ws//x", "no scheme"), "bad_address"),
    (InvalidHandshake("not a websocket"), "not_server"),
    (ConnectionClosed(Close(1008, "message rate limit"), None), "flooded"),
    (ConnectionClosed(Close(1012, "restarting"), None), "closed"),
    (OSError(errno.EIO, "I/O error"), "network"),
])
def test_every_kind_of_connection_failure_has_words(error, kind, english):
    assert failure_kind(error) == kind
    assert link_error(kind) == t(LINK_ERRORS[kind])
    assert str(error) not in link_error(kind) or not str(error)


def test_a_refused_connection_is_said_in_words_and_keeps_trying(english):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    link = Link(f"ws://127.0.0.1:{port}")
    match = RemoteMatch.join(link, "ABCD", "Ada")
    try:
        end = time.monotonic() + 10
        while match.error is None:
            assert time.monotonic() < end, "no word of the refused connection"
            match.update(1 / 60)
            time.sleep(0.01)
        assert match.error == t(LINK_ERRORS["refused"])
        assert match.notice is not None and match.error in match.notice.text
        assert "Errno" not in match.notice.text and match.drops == 0
    finally:
        match.close()


def test_joining_a_room_that_does_not_exist_is_said_in_every_language():
    before = language()
    try:
        with ServerThread() as server:
            for code in languages():
                set_language(code)
                match = RemoteMatch.join(Link(server.url), "NOSUCHRM", "Ada")
                try:
                    end = time.monotonic() + 10
                    while match.error_code is None:
                        assert time.monotonic() < end, "the refusal did not come"
                        match.update(1 / 60)
                        time.sleep(0.01)
                    assert match.error_code == "no_room"
                    assert match.error == t(SERVER_ERRORS["no_room"])
                finally:
                    match.close()
    finally:
        set_language(before)


def test_a_server_that_cannot_start_is_said_in_words_with_the_system_text_after(english):
    text = hosting_error("OSError: [Errno 98] error while attempting to bind: "
                         "address already in use")
    assert text.startswith(t("Herna could not start a server on this computer: another "
                             "program already uses its port. Close that program or try "
                             "again."))
    assert "Errno 98" in text  # the detail follows, for a bug report
    assert hosting_error(None) == t("Herna could not start a server on this computer.")


def test_names_the_server_made_up_are_in_the_players_language():
    before = language()
    try:
        set_language("cs")
        assert seat_name({"seat": 1, "kind": "computer", "name": "Robot 2"}) == \
            t("Robot {n}", n=2)
        assert seat_name({"seat": 0, "kind": "person", "name": "Ada"}) == "Ada"
        assert seat_name({"seat": 2, "kind": "person", "name": ""}) == t("Player {n}", n=3)
    finally:
        set_language(before)
