"""Královská cesta moves, colours and pyramids in words (Czech or English), from the
engine's Move values and the state format's codes — never from splitting notation."""

from __future__ import annotations

from typing import Any

from game.client.i18n import pt, t
from game.rules.royal_road.moves import Keep, MovePyramid, NoSwap, Pass, Report, Reuse, Roll, Swap


def _colour(face: str) -> str:
    words = {
        "b": pt("colour", "blue"),
        "g": pt("colour", "green"),
        "k": pt("colour", "black"),
        "r": pt("colour", "red"),
        "w": pt("colour", "white"),
        "w_any": pt("colour", "white: any pyramid"),
        "y": pt("colour", "yellow"),
    }
    return words.get(face, face)


def color_name(face: str | None) -> str:
    return _colour(face) if face else ""


def _size(size: str) -> str:
    words = {
        "L": pt("pyramid size", "large"),
        "M": pt("pyramid size", "medium"),
        "S": pt("pyramid size", "small"),
    }
    return words.get(size, size)


def pyramid_name(code: str) -> str:
    return t("the {size} {colour} pyramid", colour=color_name(code[0]), size=_size(code[1]))


def describe_move(move: Any) -> str:
    """How a move reads to people (the forced-move notice, the replay bar)."""
    if isinstance(move, MovePyramid):
        return t("{pyramid} to card {q}", pyramid=pyramid_name(move.pyramid), q=move.to)
    if isinstance(move, Swap):
        return t("swap cards {a} and {b}", a=move.a, b=move.b)
    words = {Roll: t("roll the die"), Reuse: t("reuse the colour"),
             Pass: t("no pyramid can move: pass"), NoSwap: t("no swap"),
             Report: t("report the last move"), Keep: t("keep the secret cards")}
    return words.get(type(move), str(move))
