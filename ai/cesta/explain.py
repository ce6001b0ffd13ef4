"""Cesta reasons: which milestone a card builds, the combination it aims at, and the
heuristic's own estimate of the chance to hold that milestone, in the asked language's
catalogue (one whole sentence per message)."""

from __future__ import annotations

import random

from ai.cesta.heuristic import Table, _mask, best_completion
from ai.explain import percent
from game.i18n import Translator, translator
from game.rules.cesta.cards import IDS
from game.rules.cesta.engine import Game
from game.rules.cesta.moves import Draw, Move, Pass, Play
from game.rules.cesta.state import CestaState

# The estimate samples the opponent's completions; a fixed seed makes one move's reason
# the same every time it is asked for.
_SEED = 20


def milestone_chance(game: Game, view: CestaState, seat: int, m: int,
                     ev: tuple[tuple[int, ...], ...], act: tuple[tuple[int, ...], ...],
                     hand_mask: int) -> float:
    """The heuristic's chance of holding milestone ``m`` (0-based) on the given table:
    its ``Table.value`` with all weight on ``m``."""
    table = Table(game, view, seat)
    table.prepare(random.Random(_SEED))
    table.weights = [1.0 if k == m else 0.0 for k in range(game.milestones)]
    return min(1.0, table.value(ev, act, hand_mask))


def reason(game: Game, view: CestaState, seat: int, move: Move, lang: str) -> str:
    tr = translator(lang)
    if isinstance(move, Pass):
        return tr.t("No card can be played this turn.")
    if isinstance(move, Draw):
        if move.deck == "event":
            return tr.t("Draws an event card: more cards to build combinations with.")
        return tr.t("Draws an action card to turn a close milestone later.")
    assert isinstance(move, Play)
    m = move.milestone - 1
    card = IDS[move.card]
    side = 2 * m + seat
    hand_mask = _mask(view.hands[seat]) & ~(1 << card)
    if card >= 32:
        act = view.act[:side] + (view.act[side] + (card,),) + view.act[side + 1:]
        before = milestone_chance(game, view, seat, m, view.ev, view.act, _mask(view.hands[seat]))
        after = milestone_chance(game, view, seat, m, view.ev, act, hand_mask)
        return _action(tr, move.card, move.milestone, _percent(tr, before),
                       _percent(tr, after))
    ev = view.ev[:side] + (view.ev[side] + (card,),) + view.ev[side + 1:]
    chance = _percent(tr, milestone_chance(game, view, seat, m, ev, view.act, hand_mask))
    have = _mask(ev[side])
    if len(ev[side]) == 3:
        key = game.keys[have]
        return _completes(tr, game.ranking[key.position], move.milestone, chance)
    unseen = Table(game, view, seat).unseen
    # the combination the hand can finish now, else the best the unseen cards may bring
    best = best_completion(game, have, hand_mask) or best_completion(game, have, hand_mask | unseen)
    name = game.ranking[best[0].position] if best is not None else "sum"
    return _builds(tr, name, move.milestone, chance)


def _percent(tr: Translator, chance: float) -> str:
    """A chance as a whole percentage in the language's notation ("42 %")."""
    return tr.percent(percent(chance) / 100)


# One whole sentence per combination, so a language declines its name as the sentence needs.
def _completes(tr: Translator, category: str, m: int, p: str) -> str:
    sentences = {
        "colour_run": lambda: tr.t("Completes a colour run at milestone {m}: about a {p} "
                                   "chance of winning it.", m=m, p=p),
        "three_of_a_kind": lambda: tr.t("Completes three of a kind at milestone {m}: about "
                                        "a {p} chance of winning it.", m=m, p=p),
        "colour": lambda: tr.t("Completes a colour at milestone {m}: about a {p} chance of "
                               "winning it.", m=m, p=p),
        "run": lambda: tr.t("Completes a run at milestone {m}: about a {p} chance of winning "
                            "it.", m=m, p=p),
    }
    sentence = sentences.get(category)
    if sentence is not None:
        return sentence()
    return tr.t("Completes a sum at milestone {m}: about a {p} chance of winning it.", m=m,
                p=p)


def _builds(tr: Translator, category: str, m: int, p: str) -> str:
    sentences = {
        "colour_run": lambda: tr.t("Builds toward a colour run at milestone {m}: about a {p} "
                                   "chance of winning it.", m=m, p=p),
        "three_of_a_kind": lambda: tr.t("Builds toward three of a kind at milestone {m}: "
                                        "about a {p} chance of winning it.", m=m, p=p),
        "colour": lambda: tr.t("Builds toward a colour at milestone {m}: about a {p} chance "
                               "of winning it.", m=m, p=p),
        "run": lambda: tr.t("Builds toward a run at milestone {m}: about a {p} chance of "
                            "winning it.", m=m, p=p),
    }
    sentence = sentences.get(category)
    if sentence is not None:
        return sentence()
    return tr.t("Builds toward a high sum at milestone {m}: about a {p} chance of winning "
                "it.", m=m, p=p)


def _action(tr: Translator, code: str, m: int, a: str, b: str) -> str:
    if code == "TIME":
        return tr.t("Time at milestone {m} changes the chance of winning it from {a} to {b}.",
                    m=m, a=a, b=b)
    if code == "RUST":
        return tr.t("Rust at milestone {m} changes the chance of winning it from {a} to {b}.",
                    m=m, a=a, b=b)
    return tr.t("Good Deed at milestone {m} changes the chance of winning it from {a} to "
                "{b}.", m=m, a=a, b=b)
