"""Královská cesta moves, colours and pyramids in words (Czech or English), from the
engine's Move values and the state format's codes — never from splitting notation."""

from __future__ import annotations

from typing import Any

from game.client.i18n import t
from game.rules.royal_road.moves import Keep, MovePyramid, NoSwap, Pass, Report, Reuse, Roll, Swap


def color_name(face: str | None) -> str:
    return t(f"rr.colour.{face}") if face else ""


def pyramid_name(code: str) -> str:
    return t("rr.pyramid", colour=color_name(code[0]), size=t(f"rr.size.{code[1]}"))


def describe_move(move: Any) -> str:
    """How a move reads to people (the forced-move notice, the replay bar)."""
    if isinstance(move, MovePyramid):
        return t("rr.do.move", pyramid=pyramid_name(move.pyramid), q=move.to)
    if isinstance(move, Swap):
        return t("rr.do.swap", a=move.a, b=move.b)
    words = {Roll: "roll", Reuse: "reuse", Pass: "pass", NoSwap: "noswap", Report: "report",
             Keep: "keep"}
    key = words.get(type(move))
    return t(f"rr.do.{key}") if key else str(move)
