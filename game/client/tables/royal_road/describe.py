"""Královská cesta moves, colours and pyramids in words in the active language, from the
engine's Move values and the state format's codes — never from splitting notation. The
names themselves live in ``game.i18n.royal_road`` (the AI's explanations use them too)."""

from __future__ import annotations

from typing import Any

from game.client.i18n import language, t
from game.i18n import Translator, translator
from game.i18n import royal_road as names
from game.rules.royal_road.moves import Keep, MovePyramid, NoSwap, Pass, Report, Reuse, Roll, Swap


def active() -> Translator:
    """The translator of the language the client speaks now."""
    return translator(language())


def color_name(face: str | None) -> str:
    """A die face on its own, as a label ("red"); empty for none."""
    return names.colour_name(active(), face) if face else ""


def pyramid_name(code: str) -> str:
    """A pyramid as the subject of a sentence ("the small red pyramid")."""
    return names.pyramid_name(active(), code)


def trio_words(pyramids: list[str]) -> str:
    """A card's trio in words: "small red, medium green and large black"."""
    return names.trio_words(active(), pyramids)


def pick_colour_prompt(face: str | None) -> str:
    return names.pick_colour_prompt(active(), face or "")


def reuse_label(face: str | None) -> str:
    return names.reuse_label(active(), face)


def describe_move(move: Any) -> str:
    """How a move reads to people (the forced-move notice, the replay bar)."""
    if isinstance(move, MovePyramid):
        # TRANSLATORS: a move in the replay bar: {pyramid} is "the small red pyramid"
        return t("{pyramid} to card {q}", pyramid=pyramid_name(move.pyramid), q=move.to)
    if isinstance(move, Swap):
        return t("swap cards {a} and {b}", a=move.a, b=move.b)
    words = {Roll: t("roll the die"), Reuse: t("reuse the colour"),
             Pass: t("pass (no pyramid can move)"), NoSwap: t("no swap"),
             Report: t("report the last move"), Keep: t("keep the secret cards")}
    return words.get(type(move), str(move))
