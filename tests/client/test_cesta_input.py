"""Cesta table input builds the engine's Move values; descriptions come from Move values.

``TableInput`` is tested on its own (a layout, a hand, a ``Legal`` index): a click, a drag
or a key yields the expected ``Play``/``Draw`` value, the engine's own instance when it is
legal, and never notation.
"""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client import i18n  # noqa: E402
from game.client.tables.cesta.describe import card_name, describe_move  # noqa: E402
from game.client.tables.cesta.input import LOG, SORT, TRACKER, Intent, TableInput  # noqa: E402
from game.client.tables.cesta.layout import CestaLayout  # noqa: E402
from game.client.tables.cesta.model import Legal, Pointer  # noqa: E402
from game.rules import get_game  # noqa: E402
from game.rules.cesta import Draw, Pass, Play  # noqa: E402
from game.rules.cesta.events import Drew  # noqa: E402

HAND = ["R7", "Y8", "RUST"]


@pytest.fixture
def table_input() -> TableInput:
    return TableInput(CestaLayout((1280, 720), 5), Pointer())


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def card_centre(inp: TableInput, index: int) -> tuple[int, int]:
    return inp.layout.hand_slots(len(HAND), True)[index].center


def column_centre(inp: TableInput, m: int) -> tuple[int, int]:
    return inp.layout.column_rect(m, True).center


def test_legal_is_a_membership_index_of_the_engine_moves():
    game = get_game("cesta")
    state = game.new_game(2, 5)
    moves = game.legal_moves(state)
    legal = Legal(moves)
    play = next(m for m in moves if isinstance(m, Play))
    fresh = Play(play.card, play.milestone)        # an equal value, not the same object
    assert fresh in legal and legal.play(play.card, play.milestone - 1) is play
    assert legal.targets(play.card) == tuple(sorted(m.milestone - 1 for m in moves
                                                    if isinstance(m, Play)
                                                    and m.card == play.card))
    assert Draw("event") not in legal and legal.draw("event") is None and not legal.draws
    assert Play("XX", 1) not in legal and legal.play("XX", 0) is None


def test_number_key_selects_and_enter_plays_the_first_legal_milestone(table_input):
    legal = Legal([Play("Y8", 4), Play("Y8", 2), Play("R7", 1)])
    intent = table_input.handle(key(pygame.K_2), HAND, legal, False)
    assert intent == Intent(sound="flip")
    assert table_input.pointer.selected == 1 and table_input.pointer.target == 1
    intent = table_input.handle(key(pygame.K_RETURN), HAND, legal, False)
    assert intent is not None and intent.move == Play("Y8", 2)
    assert intent.move is legal.get(Play("Y8", 2))   # the engine's instance


def test_arrows_cycle_the_target_among_legal_milestones_only(table_input):
    legal = Legal([Play("Y8", 4), Play("Y8", 2), Play("Y8", 5)])
    table_input.handle(key(pygame.K_2), HAND, legal, False)
    seen = []
    for _ in range(4):
        table_input.handle(key(pygame.K_RIGHT), HAND, legal, False)
        seen.append(table_input.pointer.target)
    assert seen == [3, 4, 1, 3]
    table_input.handle(key(pygame.K_LEFT), HAND, legal, False)
    assert table_input.pointer.target == 1
    intent = table_input.handle(key(pygame.K_SPACE), HAND, legal, False)
    assert intent is not None and intent.move == Play("Y8", 2)


def test_click_a_card_then_a_milestone_plays_it(table_input):
    legal = Legal([Play("R7", 3), Play("RUST", 5)])
    start = card_centre(table_input, 0)
    assert table_input.handle(down(start), HAND, legal, False) is None
    assert table_input.handle(up(start), HAND, legal, False) == Intent(sound="flip")
    assert table_input.pointer.selected == 0 and table_input.pointer.target == 2
    intent = table_input.handle(down(column_centre(table_input, 2)), HAND, legal, False)
    assert intent == Intent(move=Play("R7", 3))


def test_a_milestone_that_does_not_take_the_card_is_refused_with_a_sound(table_input):
    legal = Legal([Play("R7", 3)])
    table_input.handle(key(pygame.K_1), HAND, legal, False)
    intent = table_input.handle(down(column_centre(table_input, 0)), HAND, legal, False)
    assert intent == Intent(sound="error")


def test_drag_and_drop_onto_a_milestone_plays_the_card(table_input):
    legal = Legal([Play("RUST", 4), Play("R7", 1)])
    start, end = card_centre(table_input, 2), column_centre(table_input, 3)
    table_input.handle(down(start), HAND, legal, False)
    table_input.handle(motion(((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)), HAND,
                       legal, False)
    table_input.handle(motion(end), HAND, legal, False)
    assert table_input.pointer.drag is not None and table_input.pointer.drag.moved
    assert table_input.pointer.target == 3        # the pointed legal milestone
    intent = table_input.handle(up(end), HAND, legal, False)
    assert intent == Intent(move=Play("RUST", 4)) and table_input.pointer.drag is None


def test_decks_and_draw_keys_build_draw_moves(table_input):
    legal = Legal([Draw("event"), Draw("action")])
    layout = table_input.layout
    intent = table_input.handle(down(layout.event_deck.center), HAND, legal, False)
    assert intent == Intent(move=Draw("event")) and intent.move is legal.draw("event")
    intent = table_input.handle(down(layout.action_deck.center), HAND, legal, False)
    assert intent == Intent(move=Draw("action"))
    assert table_input.handle(key(pygame.K_a), HAND, legal, False) == \
        Intent(move=Draw("action"))
    only_events = Legal([Draw("event")])
    assert table_input.handle(down(layout.action_deck.center), HAND, only_events,
                              False) is None
    # E while drawing is not possible still asks for the move: the table refuses it
    # because it is not in the legal index (the error sound, nothing played)
    refused = table_input.handle(key(pygame.K_e), HAND, Legal([Play("R7", 1)]), False)
    assert refused == Intent(move=Draw("event"))
    assert refused.move not in Legal([Play("R7", 1)])


def test_tool_buttons_and_keys_are_commands_not_moves(table_input):
    layout, legal = table_input.layout, Legal()
    assert table_input.handle(down(layout.sort_button.center), HAND, legal, False) == \
        Intent(command=SORT)
    assert table_input.handle(down(layout.tracker_button.center), HAND, legal, False) == \
        Intent(command=TRACKER)
    assert table_input.handle(down(layout.log_button.center), HAND, legal, False) == \
        Intent(command=LOG, sound="button")
    for k, command in ((pygame.K_s, SORT), (pygame.K_t, TRACKER), (pygame.K_l, LOG)):
        assert table_input.handle(key(k), HAND, legal, False) == Intent(command=command)


def test_moves_are_described_in_words_from_move_values():
    previous = i18n.language()
    try:
        i18n.set_language("en")
        assert describe_move(Play("GO", 3)) == "Leaf Ober to milestone 3"
        assert describe_move(Play("R7", 1)) == "Heart Seven to milestone 1"
        assert describe_move(Play("RUST", 5)) == "Rust to milestone 5"
        assert describe_move(Draw("event")) == "draw an event card"
        assert describe_move(Draw("action")) == "draw an action card"
        assert describe_move(Pass()) == "pass"
        i18n.set_language("cs")
        assert describe_move(Play("BA", 2)) == "žaludové eso k milníku 2"
        assert card_name("Y10") == "kulová desítka"
        assert card_name("GO") == "zelený svršek"
        i18n.set_language("de")
        assert describe_move(Play("BK", 4)) == "Eichel-König an Meilenstein 4"
        assert card_name("RA") == "Herz-Ass"
    finally:
        i18n.set_language(previous)


def test_a_draw_from_the_server_is_read_as_a_typed_event_with_its_hidden_card():
    """The online match decodes the server's dicts; another seat's draw carries "??"."""
    game = get_game("cesta")
    drawn = Drew(seat=1, deck="event", card="R7")
    hidden, = game.view_events([drawn], 0)
    assert hidden == Drew(seat=1, deck="event", card="??")
    assert game.events_from_dicts([hidden.to_dict()]) == [hidden]
    action, = game.view_events([Drew(seat=1, deck="action", card="TIME")], 0)
    assert action.to_dict() == {"type": "draw", "seat": 1, "deck": "action", "card": "?A"}
