"""One sentence on why an agent plays a move, in the player's language.

Why here and not in the client: the reason must come from the agent's own evaluation
(milestone odds, race standing, which goal a pyramid serves, which row a card builds), and
only the AI knows that evaluation; hints and the post-game review show the sentence as it
is. The rules of the imports hold (client -> ai -> rules), so the sentences are made here,
one module per game, from the catalogues of ``game.i18n`` (pure: a ``translator(lang)``, not
the client's active language), and every sentence names things in words, never in move
notation.

``explain(agent, view, move, lang)`` dispatches to ``ai/<game>/explain.py``'s
``reason(game, view, seat, move, lang) -> str``; a move an exact endgame search chose says
so first, as that is the strongest reason there is.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.i18n import N_, languages, translator

# by the value the exact search proved for the mover: win, draw, loss
_EXACT = {
    1.0: N_("A forced win: exact search of the endgame."),
    0.5: N_("Exact search of the endgame: a draw is the best either side can force."),
    0.0: N_("Exact search of the endgame: every move loses; this one makes it hardest."),
}


def check_lang(lang: str) -> str:
    """Validate a language code (it comes from the player's settings): one with a
    catalogue, or English."""
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(languages())})")
    return lang


def percent(p: float) -> int:
    """A chance as a whole percentage, clamped to 0..100."""
    return max(0, min(100, round(100 * p)))


def explain(agent: Any, view: Any, move: Any, lang: str = "en") -> str:
    """Why ``agent`` would play ``move`` in ``view`` (one sentence in ``lang``)."""
    check_lang(lang)
    game = agent.game
    seat = game.current_player(view)
    if seat is None:
        raise ValueError("the game is over: there is no move to explain")
    exact = getattr(agent, "last_exact", None)
    sentence = ""
    if exact is not None and exact.move == move:
        sentence = translator(lang).t(_EXACT[exact.value]) + " "
    module = importlib.import_module(f"ai.{game.name}.explain")
    text: str = module.reason(game, view, seat, move, lang)
    return sentence + text
