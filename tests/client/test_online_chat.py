"""The room's chat: cleaned text, quick phrases in the player's language, lines among the
table's log lines, muting, the Chat menu with no keyboard, and hostile text that cannot
crash, reorder or overflow anything (fake frames, no sockets)."""

from __future__ import annotations

import pygame
import pytest

from game.client.i18n import language, set_language
from game.client.online.chat import (
    MAX_CHARS,
    QUICK_PHRASES,
    ChatRoom,
    clean_text,
    phrase_words,
    quick_message,
    text_message,
)
from game.client.online.chat_ui import CHAT_KEY, ChatLogLine, ChatScene, chat_picture
from game.client.online.play import open_table
from game.client.online.remote import RemoteMatch
from game.client.tables.common.log import SideEntry
from game.server.protocol import QUICK_PHRASES as SERVER_PHRASES
from tests.support.driver import Driver
from tests.support.online_fakes import FakeLink, FakeRoom

HOSTILE = [
    "\u202eevil\u202c override", "\u2066isolate\u2069", "zero\u200bwidth\u200djoin",
    "bell\x07null\x00esc\x1b[31mred", "line\nbreak\rcarriage\u2028sep",
    "Z" + "\u0301\u0302\u0303\u0304\u0305" * 60 + "algo", "W" * 5000, "\U00012000" * 300,
    "\ufdfd" * 80, "\ud800 lone surrogate", "\ue000private", "a" + " " * 500 + "b",
    "\u0301starts with a mark", "",
]


def test_the_quick_phrases_are_the_servers():
    assert tuple(QUICK_PHRASES) == SERVER_PHRASES


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_cleaned(text):
    clean = clean_text(text)
    assert len(clean) <= MAX_CHARS
    for ch in clean:
        assert ch.isprintable(), repr(ch)
        assert ch not in "\u202e\u202c\u2066\u2069\u200b\u200d"
    assert clean == clean.strip() and "  " not in clean


def test_typed_messages_and_phrases_to_send():
    assert text_message("  hi\tthere \x07") == {"type": "chat", "text": "hi there"}
    assert text_message(" \u202e \x00 ") is None
    assert quick_message("good_game") == {"type": "chat", "quick": "good_game"}
    with pytest.raises(ValueError):
        quick_message("anything")


def test_frames_become_lines_and_malformed_ones_are_dropped():
    chat = ChatRoom()
    chat.receive({"type": "chat", "seat": 1, "name": "Bob\u202e", "quick": "your_turn"}, 1,
                 {0})
    chat.receive({"type": "chat", "seat": 0, "name": "Ada", "text": "hi"}, 1, {0})
    for bad in ({"seat": "1", "name": "x", "text": "a"}, {"seat": True, "name": "x", "text": "a"},
                {"seat": 1, "name": None, "text": "a"}, {"seat": 1, "name": "x"},
                {"seat": 1, "name": "x", "quick": "new_phrase"},
                {"seat": 1, "name": "x", "text": "\u200b"}, {"seat": 1, "name": "x", "text": 7}):
        chat.receive(dict(bad, type="chat"), 1, {0})
    assert [(line.seat, line.name, line.words, line.mine) for line in chat.lines] == \
        [(1, "Bob", "Your turn", False), (0, "Ada", "hi", True)]
    before = language()
    try:
        set_language("de")
        assert chat.lines[0].words == phrase_words("your_turn") != "Your turn"
    finally:
        set_language(before)
    chat.toggle_mute(1, "Bob")
    assert [line.name for line in chat.visible()] == ["Ada"]
    assert not chat.is_muted(1, "Cecil")  # someone new in that seat is heard
    chat.toggle_mute(1, "Bob")
    assert len(chat.visible()) == 2


def _table(driver: Driver, room: FakeRoom, link: FakeLink):
    match = RemoteMatch.join(link, room.code, "Ada")  # type: ignore[arg-type]
    match.hold_for_table = True
    link.push(room.joined(0), room.room_frame(), room.state(0))
    match.update(1 / 60)
    table = open_table(driver.app, match)
    driver.app.stack.reset(table)
    driver.step(2)
    return match, table


def test_chat_lines_stand_among_the_log_lines_and_muting_hides_them():
    driver = Driver()
    driver.app.settings.set("animation_speed", 0.0)
    room, link = FakeRoom("royal_road", ("Ada", "Bob", "Cecil")), FakeLink()
    match, table = _table(driver, room, link)
    moves_before = len(table.log_entries())
    link.push(room.chat(1, quick="good_game"), room.chat(2, "hello \u202eall"))
    driver.step(2)
    link.push(room.play_first_legal(0))
    driver.step(10)
    shown = table.shown_log()
    chats = [entry for entry in shown if isinstance(entry, SideEntry)]
    assert [entry.line.words for entry in chats] == [phrase_words("good_game"), "hello all"]
    assert list(shown).index(chats[0]) == moves_before  # before the move after them
    assert len(shown) == len(table.log_entries()) + 2
    assert table.log_scroll.count == len(shown)
    match.chat.toggle_mute(2, "Cecil")
    driver.step(2)
    assert [e.line.words for e in table.shown_log() if isinstance(e, SideEntry)] == \
        [phrase_words("good_game")]


def test_the_chat_menu_sends_a_phrase_with_no_keyboard_and_a_typed_line():
    driver = Driver()
    driver.app.settings.set("animation_speed", 0.0)
    room, link = FakeRoom(), FakeLink()
    match, table = _table(driver, room, link)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=CHAT_KEY, mod=0, unicode="",
                                         scancode=0))
    driver.step(1)
    menu = driver.top
    assert isinstance(menu, ChatScene)
    names = [w.name for w in menu.focus.widgets]
    assert "mute1" in names and "mute0" not in names  # others only
    menu.focus.focus = names.index("quick_one_moment")   # (the pad's arrows get there)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    driver.step(1)
    assert link.sent[-1] == {"type": "chat", "quick": "one_moment"}
    assert driver.top is table
    table.room_keys[CHAT_KEY]()
    driver.step(1)
    menu = driver.top
    menu.focus.focus = [w.name for w in menu.focus.widgets].index("message")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="gg \u202ewp"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    driver.step(1)
    assert link.sent[-1] == {"type": "chat", "text": "gg wp"}
    table.room_keys[CHAT_KEY]()
    driver.step(1)
    menu = driver.top
    mute = menu.focus.widgets[[w.name for w in menu.focus.widgets].index("mute1")]
    mute.activate()
    assert match.chat.is_muted(1, "Bob") and "Bob" in mute.label()


@pytest.mark.parametrize("size", [(960, 540), (3840, 2160)])
def test_hostile_lines_never_overflow_the_log(size):
    from game.client.options import Options

    driver = Driver(Options(headless=True, size=size))
    driver.app.settings.set("animation_speed", 0.0)
    room, link = FakeRoom("cut_the_rope", ("Ada", "Bob", "\u202eCecil" + "\u0301" * 50)), \
        FakeLink()
    match, table = _table(driver, room, link)
    for text in HOSTILE:
        link.push(room.chat(1, text or "x"), room.chat(2, quick="hello"))
    driver.step(3)
    width = 180
    u_size = 12
    for line in match.chat.lines:
        image = chat_picture(driver.app, line, width, u_size)
        assert image.get_width() == width
        assert image.get_height() <= 5 * 2 * u_size + 20
    scroll = table.log_scroll
    driver.step(1)
    assert scroll.area is not None
    entry = next(e for e in table.shown_log() if isinstance(e, ChatLogLine))
    assert entry.render(scroll.area.width).get_width() == scroll.area.width
