"""agent.explain: one sentence per move, Czech and English, in words,
naming what it claims (the milestone, the pyramid and its goal, the row)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ai import AGENT_KINDS, make_agent
from game.rules import get_game
from game.rules.cesta.moves import Play
from game.rules.royal_road.cards import PYR_INDEX, TRIO_PYRAMIDS
from game.rules.royal_road.moves import MovePyramid
from tests.ai.test_endgame import CESTA_ONE_WIN, rope_position

NOTATION = re.compile(r"\b(play|draw|build|end|move|keep|swap|hand:|row:|aux:)\b|[RYBG](7|8|9|10|U|O|K|A)\b")


def played(name: str, players: int, seed: int, plies: int) -> Any:
    """A seeded position some plies into a game between heuristics."""
    game = get_game(name)
    agent = make_agent("heuristic", game, "normal", seed)
    state = game.new_game(players, seed)
    for _ in range(plies):
        seat = game.current_player(state)
        state = game.apply(state, agent.choose(game.view(state, seat)))[0]
    return game, state


@pytest.mark.parametrize("kind", AGENT_KINDS)
@pytest.mark.parametrize("name,players", [("cesta", 2), ("royal_road", 3),
                                          ("cut_the_rope", 2)])
def test_every_agent_kind_explains_in_both_languages_without_notation(kind: str, name: str,
                                                                      players: int) -> None:
    game, state = played(name, players, 3, 12)
    level = "easy" if kind == "ismcts" else "normal"
    agent = make_agent(kind, game, level, seed=1)
    seat = game.current_player(state)
    view = game.view(state, seat)
    for move in game.legal_moves(view)[:6]:
        en, cs = agent.explain(view, move, "en"), agent.explain(view, move, "cs")
        assert en and cs and en != cs
        for text in (en, cs):
            assert text.endswith("."), text
            assert not NOTATION.search(text), text
            assert text.count(".") <= 2, text  # short: one sentence (two with an exact note)


def test_unknown_language_is_refused() -> None:
    game, state = played("cesta", 2, 1, 4)
    agent = make_agent("heuristic", game)
    view = game.view(state, game.current_player(state))
    with pytest.raises(ValueError, match="language"):
        agent.explain(view, game.legal_moves(view)[0], "xx")


def test_cesta_reason_names_the_milestone_and_its_odds() -> None:
    game, state = played("cesta", 2, 5, 10)
    seat = game.current_player(state)
    view = game.view(state, seat)
    agent = make_agent("heuristic", game)
    plays = [m for m in game.legal_moves(view) if isinstance(m, Play)]
    assert plays
    for move in plays:
        en = agent.explain(view, move, "en")
        cs = agent.explain(view, move, "cs")
        assert f"milestone {move.milestone}" in en, en
        assert f"milníku {move.milestone}" in cs, cs
        assert re.search(r"\d+%", en) and re.search(r"\d+\xa0%", cs)  # each language's way
        if move.card in ("TIME", "RUST", "DEED"):
            assert {"TIME": "Time", "RUST": "Rust", "DEED": "Good Deed"}[move.card] in en
            assert {"TIME": "Čas", "RUST": "Rezivění", "DEED": "Dobrý skutek"}[move.card] in cs
        else:
            assert any(word in en for word in ("colour run", "three of a kind", "colour",
                                               "run", "sum")), en


def test_cesta_complete_side_names_its_combination() -> None:
    game = get_game("cesta")
    state = game.from_dict(CESTA_ONE_WIN)
    view = game.view(state, 1)
    agent = make_agent("heuristic", game)
    # seat 1 holds GU GK at milestone 1: G8 makes them a colour (green)
    text = agent.explain(view, Play("G8", 1), "en")
    assert text.startswith("Completes a colour at milestone 1"), text
    assert agent.explain(view, Play("G8", 1), "cs").startswith("Dokončí barvu u milníku 1")


def test_cesta_reason_reads_in_german() -> None:
    """``reason`` speaks any catalogue's language (``ai.explain`` decides which it offers)."""
    from ai.cesta.explain import reason

    game = get_game("cesta")
    view = game.view(game.from_dict(CESTA_ONE_WIN), 1)
    text = reason(game, view, 1, Play("G8", 1), "de")
    assert text.startswith("Vervollständigt eine Farbe an Meilenstein 1: etwa "), text
    assert re.search(r"\d+\xa0% Chance", text), text


def test_exact_endgame_move_says_it_is_a_forced_win() -> None:
    game = get_game("cesta")
    state = game.from_dict(CESTA_ONE_WIN)
    view = game.view(state, 1)
    agent = make_agent("ismcts", game, "hard", seed=1)
    move = agent.choose(view)
    assert agent.explain(view, move, "en").startswith("A forced win")
    assert agent.explain(view, move, "cs").startswith("Vynucená výhra")


def test_royal_road_reason_names_the_pyramid_and_the_goal_it_serves() -> None:
    game, state = played("royal_road", 3, 4, 20)
    while not any(isinstance(m, MovePyramid) for m in game.legal_moves(state)):
        seat = game.current_player(state)
        state = game.apply(state, make_agent("heuristic", game).choose(
            game.view(state, seat)))[0]
    seat = game.current_player(state)
    view = game.view(state, seat)
    agent = make_agent("heuristic", game)
    mine = {p for card in view.kept[seat] for p in TRIO_PYRAMIDS[card]}
    sizes = {"S": "small", "M": "medium", "L": "large"}
    colours = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "k": "black"}
    for move in game.legal_moves(view):
        assert isinstance(move, MovePyramid)
        text = agent.explain(view, move, "en")
        words = f"{sizes[move.pyramid[1]]} {colours[move.pyramid[0]]} pyramid"
        assert words in text, text
        if move.to in (view.ti.jail, view.ti.trap):
            assert "jail" in text
        elif PYR_INDEX[move.pyramid] in mine:
            assert "for a secret goal (" in text and "% of the way home" in text, text
        else:
            assert "serves no secret goal" in text, text


def test_cut_the_rope_reason_names_the_row_and_the_pile() -> None:
    game = get_game("cut_the_rope")
    state = game.from_dict(rope_position(
        [["9", "6"], ["3"]], [["5", "6", "8", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3", "4"], True), (["10", "9", "8"], False), None], [[["7"]], []],
        draw=["2", "2"]))
    view = game.view(state, 0)
    agent = make_agent("heuristic", game)
    texts = {game.format_move(m): agent.explain(view, m, "en") for m in game.legal_moves(view)}
    assert "main row 1" in texts["build hand:5 row:1"]
    # 5 on the up row 1 and 7 on the down row 2 both make the pile's 6 playable next
    assert texts["build hand:5 row:1"] == ("Builds the 5 on main row 1 so that the personal "
                                           "pile's 6 can follow.")
    assert "personal pile's 6 can follow" in texts["build aux:1 row:2"]
    assert "auxiliary row 1" in texts["end hand:8 aux:1"]
    assert texts["end hand:8 aux:new"] == ("Ends the turn starting a new auxiliary row with "
                                           "the 8.")
    cs = agent.explain(view, game.parse_move(view, "build hand:5 row:1"), "cs")
    assert "hlavní řadu 1" in cs


def test_cut_the_rope_reason_counts_the_pile_in_the_plural_the_language_needs() -> None:
    game = get_game("cut_the_rope")
    rows = [(["1", "2", "3", "4"], True), None, None]
    hands = [["5", "6", "8", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]]
    agent = make_agent("heuristic", game)
    for pile, words in ((["9", "5"], "1 card left"), (["9", "9", "5"], "2 cards left")):
        state = game.from_dict(rope_position([pile, ["3"]], hands, rows, [[], []],
                                             draw=["2", "2"]))
        view = game.view(state, 0)
        text = agent.explain(view, game.parse_move(view, "build pile row:1"), "en")
        assert f"onto main row 1: {words} in the pile, about " in text, text
        assert re.search(r"about \d+% to win\.$", text), text
        text = agent.explain(view, game.parse_move(view, "build hand:5 row:1"), "en")
        assert text == "Builds the 5 from the hand on main row 1: one card fewer in the hand."
