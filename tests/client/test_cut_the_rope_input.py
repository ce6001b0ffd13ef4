"""Cut the Rope input builds the engine's Move values: a source and a place make a Move,
"legal" is membership in the legal moves, clicks and keys play exactly that Move, and the
words for a move come from the Move itself."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import set_language, t  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.cut_the_rope import describe  # noqa: E402
from game.client.tables.cut_the_rope.describe import describe_move  # noqa: E402
from game.client.tables.cut_the_rope.model import (  # noqa: E402
    NEW_AUX,
    NEW_ROW,
    LegalMoves,
    SourceRef,
    aux_place,
    move_for,
    row_place,
)
from game.client.tables.cut_the_rope.scene import CutTheRopeTable  # noqa: E402
from game.rules import get_game  # noqa: E402
from game.rules.cut_the_rope.events import (  # noqa: E402
    Built,
    Drew,
    GameOver,
    NextTurn,
    RowStarted,
    TurnEnded,
)
from game.rules.cut_the_rope.moves import Move, parse_notation  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("cs")


def start(tmp_path, seed: int = 3) -> tuple[Driver, CutTheRopeTable]:
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.3
    rules = tmp_path / "ctr.toml"
    rules.write_text("first_player = 0\n", encoding="utf-8")
    options = Options(game="cut_the_rope", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                      seed=seed, rules_file=rules)
    driver = Driver(options, settings=settings)
    table = driver.top
    assert isinstance(table, CutTheRopeTable)
    assert driver.run_until(lambda: table.match.waiting_for_human, 3000)
    return driver, table


@pytest.mark.parametrize(("ref", "place", "direction", "notation"), [
    (SourceRef("hand", "7"), row_place(2), "", "build hand:7 row:2"),
    (SourceRef("pile"), row_place(1), "", "build pile row:1"),
    (SourceRef("aux", index=3), row_place(3), "", "build aux:3 row:3"),
    (SourceRef("hand", "S"), NEW_ROW, "down", "build hand:S new:down"),
    (SourceRef("pile"), NEW_ROW, "up", "build pile new:up"),
    (SourceRef("hand", "4"), aux_place(2), "", "end hand:4 aux:2"),
    (SourceRef("hand", "10"), NEW_AUX, "", "end hand:10 aux:new"),
])
def test_a_source_and_a_place_make_the_move_the_notation_names(ref, place, direction,
                                                                notation):
    assert move_for(ref, place, direction) == parse_notation(notation)


def test_only_hand_cards_make_end_moves():
    assert move_for(SourceRef("pile"), aux_place(1)) is None
    assert move_for(SourceRef("aux", index=1), NEW_AUX) is None


def test_legal_is_membership_and_hands_back_the_engine_value():
    game = get_game("cut_the_rope")
    state = game.new_game(players=2, seed=1)
    moves = game.legal_moves(state)
    legal = LegalMoves(moves)
    for move in moves:
        copy = Move(move.kind, move.source, move.card, move.index, move.target, move.dir)
        assert copy in legal and legal.get(copy) is move
    assert Move("build", "hand", "99", 0, 1, "") not in legal
    assert legal.get(None) is None
    assert legal.empty_end is None and legal.builds


def test_a_key_plays_the_move_of_the_lit_place(tmp_path):
    driver, table = start(tmp_path)
    try:
        match = table.match
        legal = table.legal()
        move = next((m for m in legal.builds if m.source == "hand"), None)
        if move is None:
            pytest.skip("no build from the hand in this deal")
        driver.key(pygame.K_1 + table.hand(table.bottom).index(move.card))
        board = table.board()
        place = table.focus.kb_target
        assert place is not None and place in board.targets_of(table.focus.selected)
        expected = board.move_to(table.focus.selected, place,
                                 "up" if place == NEW_ROW else "")
        assert expected is not None and expected in match.legal_moves()
        before = len(match.history)
        driver.key(pygame.K_RETURN)
        if table.focus.chooser is not None:
            driver.key(pygame.K_u)
        assert len(match.history) == before + 1
        assert match.history[-1].move == expected
    finally:
        driver.close()


def test_a_click_on_a_card_then_a_row_plays_that_build(tmp_path):
    driver, table = start(tmp_path)
    try:
        match = table.match
        hand = table.hand(table.bottom)
        # a 1 or a 10 onto the free row (one way only), else a card onto a started row
        move = next((m for m in table.legal().builds
                     if m.source == "hand" and (m.target or m.card != "S")), None)
        if move is None:
            pytest.skip("no build from the hand without the direction chooser")
        index = hand.index(move.card)
        rect, _angle = table.layout.hand_slots(len(hand))[index]
        driver.click(rect.center)
        assert table.focus.selected == ("hand", index)
        place = row_place(move.target) if move.target else NEW_ROW
        spot = table.board().target_rect(place)
        assert spot is not None
        before = len(match.history)
        driver.click(spot.center)
        assert len(match.history) == before + 1
        assert match.history[-1].move == Move("build", "hand", move.card, 0, move.target,
                                              move.dir)
    finally:
        driver.close()


def test_the_end_button_with_an_empty_hand_plays_the_bare_end(tmp_path, monkeypatch):
    driver, table = start(tmp_path)
    try:
        match = table.match
        empty_end = Move("end")
        monkeypatch.setattr(table, "legal", lambda: LegalMoves([empty_end]))
        played: list[Move] = []
        match.play = played.append  # type: ignore[method-assign]
        driver.click(table.layout.end_button.center)
        assert played == [empty_end]
    finally:
        driver.close()


def test_only_illegal_move_is_a_refusal(tmp_path):
    """A refused move shows its reason in words; any other error is a bug and is not swallowed."""
    from game.rules import IllegalMove

    driver, table = start(tmp_path)
    try:
        match = table.match
        move = table.legal().builds[0]

        def refuse(_move: Move) -> None:
            raise IllegalMove.because("That card does not fit there.", "build pile row:1")

        match.play = refuse  # type: ignore[method-assign]
        assert table.input.try_move(move) is False
        assert table.hud.toast is not None
        assert table.hud.toast.text == t("That card does not fit there.")  # words, no notation

        def crash(_move: Move) -> None:
            raise RuntimeError("a real bug")

        match.play = crash  # type: ignore[method-assign]
        with pytest.raises(RuntimeError):
            table.input.try_move(move)
    finally:
        driver.close()


def test_moves_read_as_words(english):
    assert describe_move(parse_notation("build hand:7 row:2")) == "7 → row 2"
    assert describe_move(parse_notation("build pile row:1")) == "pile → row 1"
    assert describe_move(parse_notation("build pile new:up")) == "pile → new row ▲"
    assert describe_move(parse_notation("build aux:2 new:down")) == "aux row 2 → new row ▼"
    assert describe_move(parse_notation("build hand:S new:up")) == "scissors → new row ▲"
    assert describe_move(parse_notation("end hand:4 aux:1")) == "4 → aux row 1"
    assert describe_move(parse_notation("end hand:S aux:new")) == "scissors → new aux row"
    assert describe_move(Move("end")) == "End turn (empty hand)"


def test_moves_and_log_lines_read_in_czech():
    set_language("cs")
    if describe.draw_line(Drew(seat=0, cards=("3",) * 5)) == "draws 5 cards":
        pytest.skip("the Czech catalogue does not hold the table's words yet")
    assert describe_move(parse_notation("build hand:S row:2")) == "nůžky → řada 2"
    assert describe_move(parse_notation("end hand:4 aux:1")) == "4 → pomocná řada 1"
    # three plural forms: 1 karta, 2–4 karty, 5 karet
    assert describe.draw_line(Drew(seat=0, cards=("3",))) == "dobírá 1 kartu"
    assert describe.draw_line(Drew(seat=0, cards=("3", "4"))) == "dobírá 2 karty"
    assert describe.draw_line(Drew(seat=0, cards=("3",) * 5)) == "dobírá 5 karet"


def test_log_lines_read_the_typed_events(english):
    started = RowStarted(seat=0, row=2, dir="up")
    from_aux = Built(seat=0, source="aux", card="3", row=2, value=1, aux=2)
    assert describe.build_line(from_aux, started) == "aux row 2 → new row 2 ▲"
    assert describe.build_line(Built(seat=1, source="hand", card="4", row=1, value=4),
                               None) == "hand → row 1"
    assert describe.end_line(TurnEnded(seat=0, card="5", aux=1, new=False)) == "→ aux row 1"
    assert describe.end_line(TurnEnded(seat=0, card="5", aux=2, new=True)) \
        == "→ new aux row 2"
    assert describe.end_line(TurnEnded(seat=0, card=None, aux=None, new=False)) \
        == "ends the turn with an empty hand"
    assert describe.draw_line(Drew(seat=1, cards=("??", "??"))) == "draws 2 cards"  # another's
    assert describe.draw_line(Drew(seat=1, cards=("??",))) == "draws 1 card"
    win = GameOver(seat=1, winners=(1,), reason="pile_emptied")
    stalemate = GameOver(winners=(0, 2), piles=(3, 5, 3), reason="stalemate")
    assert describe.is_win(win) and describe.winner_of(win) == 1
    assert describe.is_stalemate(stalemate) and not describe.is_win(stalemate)
    assert not describe.is_win(NextTurn(seat=1))


def test_enter_in_the_discard_step_never_puts_away_a_card_nobody_picked(tmp_path):
    driver, table = start(tmp_path)
    try:
        if table.board().legal.empty_end is not None:
            pytest.skip("this deal ends with an empty hand")
        driver.key(pygame.K_e)                    # End turn: now a hand card goes away
        assert table.board().end_step and table.focus.selected is None
        before = len(table.match.history)
        driver.key(pygame.K_RETURN)
        driver.key(pygame.K_RETURN)
        assert len(table.match.history) == before  # nothing was thrown away
        assert table.focus.selected is None
        assert table.hud.toast is not None         # the player is told what to do
        driver.key(pygame.K_1)                    # a card the player chose: now it goes
        assert len(table.match.history) == before + 1
        assert table.match.history[before].notation.startswith("end hand:")
    finally:
        driver.close()


def test_end_turn_with_nothing_picked_asks_which_card_and_the_chosen_one_completes_it(
        tmp_path):
    from game.client.tables.cut_the_rope import hud

    driver, table = start(tmp_path)
    try:
        board = table.board()
        assert board.legal.empty_end is None and not board.state["aux"][board.bottom]
        before = len(table.match.history)
        driver.key(pygame.K_n)                    # nothing is picked: nothing is put away
        assert len(table.match.history) == before
        assert table.focus.end_mode and table.focus.selected is None
        assert hud.end_prompt(table.shows()) == t(
            "Which card do you put away? Press 1–{n} or click it · Esc cancels",
            n=len(table.hand(table.bottom)))
        screen = driver.app.screen
        panel = hud.draw_end_prompt(table.kit, screen, table.shows())
        layout = table.layout
        assert panel is not None and layout.bottom_panel.contains(panel)
        badge = table.house_rect(screen.get_size())      # first_player = 0 is a house rule
        assert badge is not None and not panel.colliderect(badge)
        assert not panel.colliderect(layout.controls)
        driver.key(pygame.K_ESCAPE)               # Esc cancels the question, not the game
        assert not table.focus.end_mode and hud.end_prompt(table.shows()) == ""
        assert len(table.match.history) == before
        driver.key(pygame.K_n)
        third = table.hand(table.bottom)[2]
        driver.key(pygame.K_3)                    # no aux row yet: a new one is the only place
        assert len(table.match.history) == before + 1
        assert table.match.history[before].move == Move("end", "hand", third, 0, 0, "")
    finally:
        driver.close()


def test_a_card_with_several_places_is_picked_and_the_prompt_asks_where(tmp_path):
    from game.client.tables.cut_the_rope import hud

    driver, table = start(tmp_path)
    try:
        board = table.board()
        card = table.hand(table.bottom)[0]
        several = LegalMoves([Move("end", "hand", card, 0, 1, ""),
                              Move("end", "hand", card, 0, 0, "")])
        table.legal = lambda: several  # type: ignore[method-assign]
        assert board.state is not None
        driver.key(pygame.K_n)
        driver.key(pygame.K_1)
        assert table.focus.selected == ("hand", 0) and table.focus.end_mode
        assert hud.end_prompt(table.shows()) == t(
            "Where does it go? Click one of your aux rows, or ←→ and Enter · Esc cancels")
    finally:
        driver.close()


def test_a_refusal_speaks_czech_in_a_czech_game_and_stays_inside_the_window(tmp_path):
    from game.client.tables.cut_the_rope import hud

    set_language("cs")
    driver, table = start(tmp_path)
    try:
        surface = driver.app.screen
        corner = (surface.get_width() - 2, surface.get_height() - 2)
        table.focus.mouse = corner
        table.input.refuse(t("That card does not fit there."), corner)
        toast = table.hud.toast
        assert toast is not None
        if t("That card does not fit there.") == "That card does not fit there.":
            pytest.skip("the Czech catalogue is not compiled here")
        assert toast.text == t("That card does not fit there.")
        panel = hud.draw_toast(table.kit, surface, toast)
        assert panel is not None and surface.get_rect().contains(panel)
        # a refusal of the rules comes as its message id and is said in Czech
        from game.rules import IllegalMove

        def refuse(_move: Move) -> None:
            raise IllegalMove.because("Every main row is in use.", "build hand:1 new:up")

        table.match.play = refuse  # type: ignore[method-assign]
        assert table.input.try_move(table.legal().builds[0]) is False
        assert table.hud.toast is not None
        assert table.hud.toast.text == t("Every main row is in use.") != \
            "Every main row is in use."
    finally:
        driver.close()
