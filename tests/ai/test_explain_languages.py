"""``explain`` speaks every language that has a catalogue: the AI's sentences come from
``game.i18n`` (a translator per call, never the client's active language)."""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.explain import check_lang
from game.i18n import languages, translator
from game.rules import get_game
from tests.ai.test_endgame import CESTA_ONE_WIN
from tests.ai.test_explain import NOTATION, played


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name,players", [("cesta", 2), ("royal_road", 3),
                                          ("cut_the_rope", 2)])
def test_explain_works_in_every_language_with_a_catalogue(lang: str, name: str,
                                                          players: int) -> None:
    game, state = played(name, players, 3, 12)
    agent = make_agent("heuristic", game, "normal", seed=1)
    view = game.view(state, game.current_player(state))
    for move in game.legal_moves(view)[:4]:
        text = agent.explain(view, move, lang)
        assert text and text.endswith("."), text
        assert not NOTATION.search(text), text
        assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize("lang", languages())
def test_the_exact_endgame_sentence_comes_from_the_catalogue(lang: str) -> None:
    game = get_game("cesta")
    view = game.view(game.from_dict(CESTA_ONE_WIN), 1)
    agent = make_agent("ismcts", game, "hard", seed=1)
    move = agent.choose(view)
    assert agent.last_exact is not None and agent.last_exact.value == 1.0
    first = translator(lang).t("A forced win: exact search of the endgame.")
    assert agent.explain(view, move, lang).startswith(first + " ")


def test_the_languages_are_the_catalogues() -> None:
    for lang in languages():
        assert check_lang(lang) == lang
    for lang in ("xx", "", "EN", "cs_CZ"):
        with pytest.raises(ValueError, match="language"):
            check_lang(lang)
