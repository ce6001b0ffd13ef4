"""Královská cesta reasons: which secret goal (trio) a pyramid move serves, how the race
stands by the heuristic's reading, and what a move to JAIL or the trapdoor holds back.

Each reason is one whole sentence of the catalogues (``game.i18n``); the pyramids and
trios in it are named by ``game.i18n.royal_road``, in the case the sentence needs."""

from __future__ import annotations

import random

from ai.royal_road.heuristic import _trio_value, _trios_of
from game.i18n import Translator, translator
from game.i18n.royal_road import pyramid_object, trio_words, word_list
from game.rules.royal_road.cards import COLOURS, PYR_INDEX, PYRAMIDS
from game.rules.royal_road.engine import Game
from game.rules.royal_road.moves import Keep, Move, MovePyramid, NoSwap, Pass, Reuse, Roll, Swap
from game.rules.royal_road.state import State


def _trio(tr: Translator, trio: tuple[int, int, int]) -> str:
    """A goal card's three pyramids in words, smallest first."""
    return trio_words(tr, [PYRAMIDS[p] for p in trio])


def _share(value: float) -> float:
    """How far a goal is along, as a fraction clamped to 0..1."""
    return max(0.0, min(1.0, value))


def reason(game: Game, view: State, seat: int, move: Move, lang: str) -> str:
    tr = translator(lang)
    mine = _trios_of(view.kept[seat]) or _trios_of(view.dealt[seat])
    if isinstance(move, MovePyramid):
        p = PYR_INDEX[move.pyramid]
        pyramid = pyramid_object(tr, move.pyramid)
        if move.to in (view.ti.jail, view.ti.trap):
            return tr.t("Sends {pyramid} to jail, holding back a goal an opponent likely "
                        "backs.", pyramid=pyramid)
        served = [t for t in mine if p in t]
        if served:
            after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
            trio = max(served, key=lambda t: _trio_value(after, t))
            # TRANSLATORS: {trio} is a secret card's pyramids, "small red, medium green and
            # large black"; {percent} how far along that goal is, "42 %"
            return tr.t("Moves {pyramid} for a secret goal ({trio}): that goal is now "
                        "{percent} of the way home.", pyramid=pyramid, trio=_trio(tr, trio),
                        percent=tr.percent(_share(_trio_value(after, trio))))
        return tr.t("Moves {pyramid}, which serves no secret goal, to hide the real goals "
                    "and help no rival much.", pyramid=pyramid)
    if isinstance(move, Reuse):
        colour = view.prev
        if colour is not None and colour < len(COLOURS):
            for trio in mine:
                for p in trio:
                    if PYRAMIDS[p][0] == COLOURS[colour]:
                        return tr.t("Reuses the last colour to advance {pyramid}, part of a "
                                    "secret goal.", pyramid=pyramid_object(tr, PYRAMIDS[p]))
        return tr.t("Reuses the last colour rather than risk the die.")
    if isinstance(move, Roll):
        return tr.t("Rolls the die: the last colour moves no secret goal along well.")
    if isinstance(move, Keep):
        trios = [f"({_trio(tr, t)})" for t in _trios_of(move.cards)]
        # TRANSLATORS: {trios} lists the kept cards' pyramids, each in brackets
        return tr.nt("Keeps the goal {trios}: its pyramids lie best on this track.",
                     "Keeps the goals {trios}: their pyramids lie best on this track.",
                     len(trios), trios=word_list(tr, trios))
    if isinstance(move, Swap) and mine:
        after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
        trio = max(mine, key=lambda t: _trio_value(after, t) - _trio_value(view, t))
        return tr.t("Swaps two track cards to clear the way for a secret goal ({trio}).",
                    trio=_trio(tr, trio))
    if isinstance(move, NoSwap):
        return tr.t("Leaves the track as it is: no swap helps the secret goals more than "
                    "the rivals'.")
    if isinstance(move, Pass):
        return tr.t("No pyramid of this colour can move.")
    return tr.t("The move the race reading prefers.")
