"""Královská cesta in words: every pyramid is one whole message per grammatical role (never
an adjective glued to a noun), and the AI's reasons are whole catalogue sentences in each
shipped language, with counts and percentages written the language's way."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ai import make_agent
from ai.royal_road.explain import reason
from game.i18n import Translator, languages, translator
from game.i18n import royal_road as names
from game.rules import get_game
from game.rules.royal_road.cards import PYRAMIDS
from game.rules.royal_road.moves import NOSWAP, REUSE, ROLL, Keep, MovePyramid


class Recorder(Translator):
    """A translator that answers with the message it was asked for, marked, so a test sees
    which whole messages a text was made of."""

    def __init__(self) -> None:
        super().__init__("en")

    def t(self, message: str, /, **values: Any) -> str:
        return "[" + super().t(message, **values) + "]"

    def pt(self, context: str, message: str, /, **values: Any) -> str:
        return f"[{context}|{message}]"


def test_every_pyramid_is_one_message_per_role() -> None:
    tr = Recorder()
    for code in PYRAMIDS:
        size = {"S": "small", "M": "medium", "L": "large"}[code[1]]
        colour = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "k": "black"}[code[0]]
        assert names.pyramid_name(tr, code) == f"[pyramid, subject|the {size} {colour} pyramid]"
        assert names.pyramid_object(tr, code) == f"[pyramid, object|the {size} {colour} pyramid]"
        assert names.pyramid_short(tr, code) == f"[pyramid, in a list|{size} {colour}]"
    for face in "rygbkw":
        assert names.colour_name(tr, face).startswith("[colour|")
        assert names.pick_colour_prompt(tr, face).count("[") == 1   # one whole prompt
    for face in "rygbk":
        assert names.reuse_label(tr, face).count("[") == 1
    assert names.reuse_label(tr, "w") == names.reuse_label(tr, None) == "[Reuse colour]"


def test_a_trio_reads_as_one_list() -> None:
    en = translator("en")
    assert names.trio_words(en, ["rS", "gM", "kL"]) == "small red, medium green and large black"
    assert names.word_list(en, ["a"]) == "a"
    assert names.word_list(en, []) == ""


def _translated(tr: Translator, context: str, message: str) -> bool:
    return tr.pt(context, message) != message


@pytest.mark.parametrize("lang,subject,object_,short,trio", [
    ("cs", "malá červená pyramidka", "malou červenou pyramidku", "střední zelená",
     "malá červená, střední zelená a\u00a0velká černá"),
    ("de", "die kleine rote Pyramide", "die kleine rote Pyramide", "mittlere grüne",
     "kleine rote, mittlere grüne und große schwarze"),
])
def test_names_agree_with_their_noun_and_case(lang: str, subject: str, object_: str, short: str,
                                              trio: str) -> None:
    if lang not in languages():
        pytest.skip(f"no {lang} catalogue")
    tr = translator(lang)
    if not _translated(tr, "pyramid, subject", "the small red pyramid"):
        pytest.skip("the catalogue does not hold the pyramid names yet")
    assert names.pyramid_name(tr, "rS") == subject
    assert names.pyramid_object(tr, "rS") == object_
    assert names.pyramid_short(tr, "gM") == short
    assert names.trio_words(tr, ["rS", "gM", "kL"]) == trio


def played(seed: int, plies: int) -> Any:
    game = get_game("royal_road")
    agent = make_agent("heuristic", game, "normal", seed)
    state = game.new_game(3, seed)
    for _ in range(plies):
        state = game.apply(state, agent.choose(game.view(state, game.current_player(state))))[0]
    return game, state


def reasons(lang: str, seed: int = 4, plies: int = 40) -> list[str]:
    """Reasons for every kind of move a game offers (moves, rolls, reuses, keeps, swaps)."""
    game = get_game("royal_road")
    agent = make_agent("heuristic", game, "normal", seed)
    state = game.new_game(3, seed)
    said: list[str] = []
    rng = random.Random(seed)
    for _ in range(plies):
        seat = game.current_player(state)
        if seat is None:
            break
        view = game.view(state, seat)
        moves = game.legal_moves(view)
        for move in moves[:4]:
            said.append(reason(game, view, seat, move, lang))
        state = game.apply(state, agent.choose(view) if rng.random() < 0.8
                           else rng.choice(moves))[0]
    return said


def test_english_reasons_are_whole_sentences_naming_the_pyramid_and_goal() -> None:
    game, state = played(4, 20)
    while not any(isinstance(m, MovePyramid) for m in game.legal_moves(state)):
        seat = game.current_player(state)
        state = game.apply(state, make_agent("heuristic", game).choose(
            game.view(state, seat)))[0]
    seat = game.current_player(state)
    view = game.view(state, seat)
    en = translator("en")
    for move in game.legal_moves(view):
        text = reason(game, view, seat, move, "en")
        assert names.pyramid_object(en, move.pyramid) in text, text
        assert text[0].isupper() and text.endswith("."), text
        if "for a secret goal (" in text:
            assert re.search(r"\(\w+ \w+, \w+ \w+ and \w+ \w+\): that goal is now \d+% of the "
                             r"way home\.", text), text


@pytest.mark.parametrize("lang", ["en", "cs", "de"])
def test_every_kind_of_reason_is_one_sentence(lang: str) -> None:
    if lang not in languages():
        pytest.skip(f"no {lang} catalogue")
    said = reasons(lang)
    assert len(said) > 40
    for text in said:
        assert text.endswith("."), text
        assert "{" not in text and "}" not in text, text
        assert text.count(". ") == 0, text    # one sentence
    if lang != "en":
        tr = translator(lang)
        if _translated(tr, "pyramid, object", "the small red pyramid"):
            english = set(reasons("en"))
            assert not english & set(said), english & set(said)
            if lang == "cs":
                assert all("%" not in text or re.search(r"\d\u00a0%", text) for text in said)


def test_keep_reasons_count_and_name_their_goals() -> None:
    game = get_game("royal_road")
    state = game.new_game(3, 2)
    seat = game.current_player(state)
    view = game.view(state, seat)
    keeps = [m for m in game.legal_moves(view) if isinstance(m, Keep)]
    assert keeps
    text = reason(game, view, seat, keeps[0], "en")
    assert text.startswith("Keeps the goals (") and " and (" in text, text
    for move in (ROLL, REUSE, NOSWAP):
        assert reason(game, view, seat, move, "en").endswith(".")
