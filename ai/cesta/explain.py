"""Cesta reasons: which milestone a card builds, the combination it aims at, and the
heuristic's own estimate of the chance to hold that milestone."""

from __future__ import annotations

import random

from ai.cesta.heuristic import Table, _mask, best_completion
from ai.explain import percent
from game.rules.cesta.cards import IDS
from game.rules.cesta.engine import Game
from game.rules.cesta.moves import Draw, Move, Pass, Play
from game.rules.cesta.state import CestaState

CATEGORY = {
    "en": {"colour_run": "a colour run", "three_of_a_kind": "three of a kind",
           "colour": "a colour", "run": "a run", "sum": "a sum"},
    "cs": {"colour_run": "postupku v barvě", "three_of_a_kind": "trojici",
           "colour": "barvu", "run": "postupku", "sum": "součet"},
}
ACTION = {"en": {"TIME": "Time", "RUST": "Rust", "DEED": "Good Deed"},
          "cs": {"TIME": "Čas", "RUST": "Rezivění", "DEED": "Dobrý skutek"}}
TEXT = {
    "en": {
        "complete": "Completes {combo} at milestone {m}: about {p} % to win it.",
        "build": "Builds milestone {m} toward {combo}: about {p} % to win it.",
        "action": "Plays {card} at milestone {m}: the chance there goes from {a} % to {b} %.",
        "draw_event": "Draws an event card: more cards to build combinations with.",
        "draw_action": "Draws an action card to turn a close milestone later.",
        "pass": "No card can be played this turn.",
    },
    "cs": {
        "complete": "Dokončuje {combo} u milníku {m}: asi {p} % na jeho zisk.",
        "build": "Staví u milníku {m} na {combo}: asi {p} % na jeho zisk.",
        "action": "Hraje {card} u milníku {m}: šance tam roste z {a} % na {b} %.",
        "draw_event": "Bere kartu události: víc karet na kombinace.",
        "draw_action": "Bere akční kartu, aby později zvrátil těsný milník.",
        "pass": "Tento tah nelze zahrát žádnou kartu.",
    },
}
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
    words = TEXT[lang]
    if isinstance(move, Pass):
        return words["pass"]
    if isinstance(move, Draw):
        return words["draw_event" if move.deck == "event" else "draw_action"]
    assert isinstance(move, Play)
    m = move.milestone - 1
    card = IDS[move.card]
    side = 2 * m + seat
    hand_mask = _mask(view.hands[seat]) & ~(1 << card)
    if card >= 32:
        act = view.act[:side] + (view.act[side] + (card,),) + view.act[side + 1:]
        before = milestone_chance(game, view, seat, m, view.ev, view.act, _mask(view.hands[seat]))
        after = milestone_chance(game, view, seat, m, view.ev, act, hand_mask)
        return words["action"].format(card=ACTION[lang][move.card], m=move.milestone,
                                      a=percent(before), b=percent(after))
    ev = view.ev[:side] + (view.ev[side] + (card,),) + view.ev[side + 1:]
    chance = milestone_chance(game, view, seat, m, ev, view.act, hand_mask)
    have = _mask(ev[side])
    if len(ev[side]) == 3:
        key = game.keys[have]
        return words["complete"].format(combo=CATEGORY[lang][game.ranking[key.position]],
                                        m=move.milestone, p=percent(chance))
    unseen = Table(game, view, seat).unseen
    # the combination the hand can finish now, else the best the unseen cards may bring
    best = best_completion(game, have, hand_mask) or best_completion(game, have, hand_mask | unseen)
    name = game.ranking[best[0].position] if best is not None else "sum"
    return words["build"].format(combo=CATEGORY[lang][name], m=move.milestone,
                                 p=percent(chance))
