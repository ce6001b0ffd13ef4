"""Královská cesta reasons: which secret goal (trio) a pyramid move serves, how the race
stands by the heuristic's reading, and what a move to JAIL or the trapdoor holds back."""

from __future__ import annotations

import random

from ai.explain import percent
from ai.royal_road.heuristic import _trio_value, _trios_of
from game.rules.royal_road.cards import COLOURS, PYR_INDEX, PYRAMIDS
from game.rules.royal_road.engine import Game
from game.rules.royal_road.moves import Keep, Move, MovePyramid, NoSwap, Pass, Reuse, Roll, Swap
from game.rules.royal_road.state import State

COLOUR = {"en": {"r": "red", "y": "yellow", "g": "green", "b": "blue", "k": "black"},
          # feminine accusative ("pyramida" is feminine; sentences take it as an object)
          "cs": {"r": "červenou", "y": "žlutou", "g": "zelenou", "b": "modrou",
                 "k": "černou"}}
SIZE = {"en": {"S": "small", "M": "medium", "L": "large"},
        "cs": {"S": "malou", "M": "střední", "L": "velkou"}}
COLOUR_NOM = {"en": COLOUR["en"],
              "cs": {"r": "červená", "y": "žlutá", "g": "zelená", "b": "modrá", "k": "černá"}}
SIZE_NOM = {"en": SIZE["en"], "cs": {"S": "malá", "M": "střední", "L": "velká"}}
TEXT = {
    "en": {
        "serves": "Moves the {pyr} pyramid for my goal {trio}: that goal is now {p} % of "
                  "the way home.",
        "jail": "Sends the {pyr} pyramid to jail, holding back a goal an opponent likely "
                "backs.",
        "decoy": "Moves the {pyr} pyramid, which serves none of my goals, to hide my goals "
                 "and help no one I fear.",
        "roll": "Rolls the die: the last colour moves none of my goals well.",
        "reuse": "Reuses the last colour: it moves the {pyr} pyramid of my goal.",
        "reuse_plain": "Reuses the last colour rather than risk the die.",
        "keep": "Keeps the goals {trios}: their pyramids lie best on this track.",
        "swap": "Swaps two track cards to open the road for my goal {trio}.",
        "noswap": "Leaves the track as it is: no swap helps my goals more than my rivals'.",
        "pass": "No pyramid of this colour can move.",
        "other": "The move the race reading prefers.",
    },
    "cs": {
        "serves": "Posouvá {pyr} pyramidu pro můj cíl {trio}: ten je teď z {p} % v cíli.",
        "jail": "Posílá {pyr} pyramidu do vězení a brzdí cíl, který soupeř nejspíš má.",
        "decoy": "Posouvá {pyr} pyramidu, která neslouží žádnému mému cíli: skrývá mé "
                 "cíle a nepomáhá soupeřům.",
        "roll": "Hází kostkou: minulá barva mé cíle dobře neposune.",
        "reuse": "Bere minulou barvu: posune {pyr} pyramidu mého cíle.",
        "reuse_plain": "Bere minulou barvu, místo aby riskoval kostku.",
        "keep": "Ponechává si cíle {trios}: jejich pyramidy mají na této cestě nejlepší "
                "polohu.",
        "swap": "Prohazuje dvě karty cesty, aby uvolnil cestu mému cíli {trio}.",
        "noswap": "Nechává cestu, jak je: žádná výměna nepomůže mně víc než soupeřům.",
        "pass": "Žádná pyramida této barvy se nemůže pohnout.",
        "other": "Tah, který hodnocení závodu vychází nejlépe.",
    },
}
AND = {"en": " and ", "cs": " a "}


def pyramid_words(code: str, lang: str) -> str:
    """"small red" / "malou červenou": a pyramid named in words (accusative in Czech)."""
    return f"{SIZE[lang][code[1]]} {COLOUR[lang][code[0]]}"


def trio_words(trio: tuple[int, int, int], lang: str) -> str:
    """A goal card's three pyramids in words, smallest first."""
    parts = [f"{SIZE_NOM[lang][PYRAMIDS[p][1]]} {COLOUR_NOM[lang][PYRAMIDS[p][0]]}"
             for p in trio]
    return "(" + ", ".join(parts) + ")"


def reason(game: Game, view: State, seat: int, move: Move, lang: str) -> str:
    words = TEXT[lang]
    mine = _trios_of(view.kept[seat]) or _trios_of(view.dealt[seat])
    if isinstance(move, MovePyramid):
        p = PYR_INDEX[move.pyramid]
        pyr = pyramid_words(move.pyramid, lang)
        if move.to in (view.ti.jail, view.ti.trap):
            return words["jail"].format(pyr=pyr)
        served = [t for t in mine if p in t]
        if served:
            after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
            trio = max(served, key=lambda t: _trio_value(after, t))
            return words["serves"].format(pyr=pyr, trio=trio_words(trio, lang),
                                          p=percent(_trio_value(after, trio)))
        return words["decoy"].format(pyr=pyr)
    if isinstance(move, Reuse):
        colour = view.prev
        if colour is not None and colour < len(COLOURS):
            for trio in mine:
                for p in trio:
                    if PYRAMIDS[p][0] == COLOURS[colour]:
                        return words["reuse"].format(pyr=pyramid_words(PYRAMIDS[p], lang))
        return words["reuse_plain"]
    if isinstance(move, Roll):
        return words["roll"]
    if isinstance(move, Keep):
        trios = [trio_words(t, lang) for t in _trios_of(move.cards)]
        return words["keep"].format(trios=AND[lang].join(trios))
    if isinstance(move, Swap) and mine:
        after = game.apply(game.determinize(view, seat, random.Random(0)), move)[0]
        trio = max(mine, key=lambda t: _trio_value(after, t) - _trio_value(view, t))
        return words["swap"].format(trio=trio_words(trio, lang))
    if isinstance(move, NoSwap):
        return words["noswap"]
    if isinstance(move, Pass):
        return words["pass"]
    return words["other"]
