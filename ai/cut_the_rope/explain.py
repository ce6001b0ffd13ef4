"""Cut the Rope reasons: which main row a card builds and how far that row gets, what the
personal pile gains, and why a card goes to an auxiliary row; the race standing is the
heuristic's own ``evaluate`` (a softmax over the cards each seat still has to shed)."""

from __future__ import annotations

import random

from ai.cut_the_rope.heuristic import evaluate
from ai.explain import percent
from game.rules.cut_the_rope.engine import Game
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State

CARD = {"en": {"S": "scissors"}, "cs": {"S": "nůžky"}}
DIRECTION = {"en": {"up": "upward", "down": "downward"},
             "cs": {"up": "vzestupnou", "down": "sestupnou"}}
TEXT = {
    "en": {
        "pile": "Plays the top card of my pile onto main row {row}: {left} cards left to "
                "shed, about {p} % to win.",
        "pile_new": "Starts a new {dir} row with the top of my pile: {left} cards left to "
                    "shed, about {p} % to win.",
        "build": "Builds {card} on main row {row}, which now stands at {top}, to shed a card "
                 "from hand.",
        "feeds": "Builds {card} on main row {row} (now at {top}) so that my pile's {next} "
                 "fits next.",
        "complete": "Completes main row {row} with {card}: its ten cards leave the table.",
        "new": "Starts a new {dir} main row with {card}.",
        "win": "Plays the last card of my pile: the game is won.",
        "end": "Ends the turn keeping {card} on auxiliary row {row} for a later build.",
        "end_new": "Ends the turn starting a new auxiliary row with {card}.",
        "end_empty": "Ends the turn: the hand is empty.",
    },
    "cs": {
        "pile": "Hraje vrchní kartu své hromádky na hlavní řadu {row}: zbývá {left} karet, "
                "asi {p} % na výhru.",
        "pile_new": "Začíná novou {dir} řadu vrchní kartou své hromádky: zbývá {left} "
                    "karet, asi {p} % na výhru.",
        "build": "Přikládá {card} na hlavní řadu {row}, která je teď na {top}, a zbavuje "
                 "se karty z ruky.",
        "feeds": "Přikládá {card} na hlavní řadu {row} (teď na {top}), aby na ni pak šla "
                 "{next} z hromádky.",
        "complete": "Dokončuje hlavní řadu {row} kartou {card}: jejích deset karet odchází "
                    "ze stolu.",
        "new": "Začíná novou {dir} hlavní řadu kartou {card}.",
        "win": "Hraje poslední kartu své hromádky: hra je vyhraná.",
        "end": "Končí tah a odkládá {card} na pomocnou řadu {row} na později.",
        "end_new": "Končí tah a zakládá pomocnou řadu kartou {card}.",
        "end_empty": "Končí tah: ruka je prázdná.",
    },
}


def card_words(code: str, lang: str) -> str:
    """A card in words: a number stays a number, the wild card is named."""
    return CARD[lang].get(code, code)


def reason(game: Game, view: State, seat: int, move: Move, lang: str) -> str:
    words = TEXT[lang]
    if move.kind == "end":
        if not move.source:
            return words["end_empty"]
        card = card_words(move.card, lang)
        if move.target:
            return words["end"].format(card=card, row=move.target)
        return words["end_new"].format(card=card)
    after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
    if after.winners:
        return words["win"]
    if move.source == "pile":
        left = len(after.piles[seat])
        chance = percent(evaluate(game, after, seat))
        if move.target:
            return words["pile"].format(row=move.target, left=left, p=chance)
        return words["pile_new"].format(dir=DIRECTION[lang][move.dir], left=left, p=chance)
    code = move.card if move.source == "hand" else _aux_top(view, seat, move.index)
    card = card_words(code, lang)
    if not move.target:
        return words["new"].format(dir=DIRECTION[lang][move.dir], card=card)
    row = after.rows[move.target - 1]
    if row is None:  # the card completed the row, which left the table
        return words["complete"].format(card=card, row=move.target)
    length = game.rules["row_length"]
    top = len(row[0]) if row[1] else length + 1 - len(row[0])
    following = top + 1 if row[1] else top - 1
    pile = after.piles[seat]
    if pile and pile[-1] == following:
        return words["feeds"].format(card=card, row=move.target, top=top, next=following)
    return words["build"].format(card=card, row=move.target, top=top)


def _aux_top(view: State, seat: int, index: int) -> str:
    """The code of the top card of auxiliary row ``index`` (1-based) of ``seat``."""
    card = view.aux[seat][index - 1][-1]
    return "S" if card == 0 else str(card)
