"""Cut the Rope reasons: which main row a card builds and how far that row gets, what the
personal pile gains, and why a card goes to an auxiliary row; the race standing is the
heuristic's own ``evaluate`` (a softmax over the cards each seat still has to shed).

Every sentence is one catalogue message; a sentence that names scissors is a message of
its own, since languages decline the wild card's name where they keep a number as it is.
"""

from __future__ import annotations

import random

from ai.cut_the_rope.heuristic import evaluate
from game.i18n import Translator, translator
from game.rules.cut_the_rope.engine import Game
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State

SCISSORS = "S"


def reason(game: Game, view: State, seat: int, move: Move, lang: str) -> str:
    tr = translator(lang)
    if move.kind == "end":
        return end_reason(tr, move)
    after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
    if after.winners:
        return tr.t("Plays the last card of the personal pile: the game is won.")
    if move.source == "pile":
        left = len(after.piles[seat])
        chance = tr.percent(max(0.0, min(1.0, evaluate(game, after, seat))))
        if move.target:
            return tr.nt("Plays the top card of the personal pile onto main row {row}: {n} "
                         "card left in the pile, about {chance} to win.",
                         "Plays the top card of the personal pile onto main row {row}: {n} "
                         "cards left in the pile, about {chance} to win.",
                         left, row=move.target, chance=chance)
        if move.dir == "up":
            return tr.nt("Starts a new ascending main row with the top card of the personal "
                         "pile: {n} card left in the pile, about {chance} to win.",
                         "Starts a new ascending main row with the top card of the personal "
                         "pile: {n} cards left in the pile, about {chance} to win.",
                         left, chance=chance)
        return tr.nt("Starts a new descending main row with the top card of the personal "
                     "pile: {n} card left in the pile, about {chance} to win.",
                     "Starts a new descending main row with the top card of the personal "
                     "pile: {n} cards left in the pile, about {chance} to win.",
                     left, chance=chance)
    card = move.card if move.source == "hand" else _aux_top(view, seat, move.index)
    if not move.target:
        return new_row_reason(tr, card, move.dir)
    row = after.rows[move.target - 1]
    if row is None:  # the card completed the row, which left the table
        if card == SCISSORS:
            return tr.t("Completes main row {row} with scissors: the whole row leaves the "
                        "table.", row=move.target)
        return tr.t("Completes main row {row} with the {card}: the whole row leaves the "
                    "table.", row=move.target, card=card)
    length = game.rules["row_length"]
    value = len(row[0]) if row[1] else length + 1 - len(row[0])
    following = value + 1 if row[1] else value - 1
    pile = after.piles[seat]
    if pile and pile[-1] == following:
        if card == SCISSORS:
            return tr.t("Builds scissors as {value} on main row {row} so that the personal "
                        "pile's {next} can follow.", value=value, row=move.target,
                        next=following)
        return tr.t("Builds the {card} on main row {row} so that the personal pile's {next} "
                    "can follow.", card=card, row=move.target, next=following)
    if move.source == "aux":
        if card == SCISSORS:
            return tr.t("Builds scissors from auxiliary row {aux} as {value} on main row "
                        "{row}.", aux=move.index, value=value, row=move.target)
        return tr.t("Builds the {card} from auxiliary row {aux} on main row {row}.",
                    card=card, aux=move.index, row=move.target)
    if card == SCISSORS:
        return tr.t("Builds scissors from the hand as {value} on main row {row}: one card "
                    "fewer in the hand.", value=value, row=move.target)
    return tr.t("Builds the {card} from the hand on main row {row}: one card fewer in the "
                "hand.", card=card, row=move.target)


def new_row_reason(tr: Translator, card: str, direction: str) -> str:
    """A hand or auxiliary card that starts a main row."""
    if card == SCISSORS:
        if direction == "up":
            return tr.t("Starts a new ascending main row with scissors.")
        return tr.t("Starts a new descending main row with scissors.")
    if direction == "up":
        return tr.t("Starts a new ascending main row with the {card}.", card=card)
    return tr.t("Starts a new descending main row with the {card}.", card=card)


def end_reason(tr: Translator, move: Move) -> str:
    """The end of the turn: which card is kept on which auxiliary row."""
    if not move.source:
        return tr.t("Ends the turn: the hand is empty.")
    if move.target:
        if move.card == SCISSORS:
            return tr.t("Ends the turn keeping scissors on auxiliary row {aux} for later.",
                        aux=move.target)
        return tr.t("Ends the turn keeping the {card} on auxiliary row {aux} for later.",
                    card=move.card, aux=move.target)
    if move.card == SCISSORS:
        return tr.t("Ends the turn starting a new auxiliary row with scissors.")
    return tr.t("Ends the turn starting a new auxiliary row with the {card}.", card=move.card)


def _aux_top(view: State, seat: int, index: int) -> str:
    """The code of the top card of auxiliary row ``index`` (1-based) of ``seat``."""
    card = view.aux[seat][index - 1][-1]
    return SCISSORS if card == 0 else str(card)
