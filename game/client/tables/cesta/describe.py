"""Cesta moves and claims in words, from the engine's values (never from notation).

``describe_move`` is what the forced-move notice and the replay bar say; ``claim_detail``
is the explanation under a claimed milestone in the banner and the log.
"""

from __future__ import annotations

from game.client.i18n import N_, t
from game.client.tables.cesta.cards import is_action, is_event, split
from game.rules.cesta import Draw, Move, Pass, Play
from game.rules.cesta.events import Strength


def action_name(code: str) -> str:
    words = {
        "DEED": t("Good deed"),
        "RUST": t("Rust"),
        "TIME": t("Time"),
    }
    return words.get(code, code)

def _rank(rank: str) -> str:
    words = {
        "A": t("Ace"),
        "K": t("King"),
        "O": t("Ober"),
        "U": t("Unter"),
    }
    return words.get(rank, rank)

def _suit(colour: str) -> str:
    words = {
        "B": t("Acorn"),
        "G": t("Leaf"),
        "R": t("Heart"),
        "Y": t("Bell"),
    }
    return words.get(colour, colour)

def card_name(code: str) -> str:
    """``R7`` → "Heart 7", ``GO`` → "Leaf Ober", ``RUST`` → "Rust"."""
    if is_action(code):
        return action_name(code)
    if is_event(code):
        colour, rank = split(code)
        rank_word = _rank(rank)
        return t("{suit} {rank}", suit=_suit(colour), rank=rank_word)
    return code


def describe_move(move: Move) -> str:
    if isinstance(move, Draw):
        return t("Draw event") if move.deck == "event" else t("Draw action")
    if isinstance(move, Pass):
        return t("Pass")
    if isinstance(move, Play):
        return t("{card} to milestone {m}", card=card_name(move.card), m=move.milestone)
    raise TypeError(f"not a Cesta move: {move!r}")


def combo_text(info: Strength | None) -> str:
    """A side's set as the claim event reports it: the engine's ``Strength`` (category,
    total); "—" when there is none."""
    if info is None:
        return "—"
    return f"{t('combo.' + info.category)} {info.total}"


def best_text(value: tuple[str, int] | None) -> str:
    """A best reachable set of the tracker: (category, sum)."""
    if value is None:
        return "—"
    return f"{t('combo.' + value[0])} {value[1]}"


def sum_text(info: Strength | None) -> str:
    """A side's strength when TIME is in effect: only its sum counts (the engine's
    ``Strength`` value); "—" when there is none."""
    if info is None:
        return "—"
    return t("sum {n}", n=info.total)


def claim_detail(how: str | None, claimant: Strength | None, opponent: Strength | None,
                 opponent_best: Strength | None,
                 decided_by: str | None = None, time: int | None = None) -> str:
    """Why a milestone was claimed, saying what decided it: the stronger kind, the higher
    sum, the heart on equal sums, or TIME making only the sums count; or, for an early
    claim, the proof that nothing left can beat it (empty when the engine gives no
    reason)."""
    shown = sum_text if time is not None else combo_text
    lead = t("TIME: only the sums count —") + " " if time is not None else ""
    if how == "comparison":
        versus = t("{a} beats {b}", a=shown(claimant), b=shown(opponent))
        if decided_by == "heart":
            return lead + t("{vs}: the side with the "
                            "heart (red card) wins", vs=t("{a} ties {b}", a=shown(claimant),
                                                     b=shown(opponent)))
        why = {"category": N_("stronger kind: {vs}"), "sum": N_("same "
                                                                "kind, "
                                                                "higher "
                                                                "sum: {vs}")}.get(decided_by or "")
        if why is not None and time is None:
            return t(why, vs=versus)
        return lead + versus
    if how == "proof":
        if opponent_best is None:
            return lead + t("the opponent can no longer complete the set")
        return lead + t("{mine}; the best the "
                        "opponent can still "
                        "make: {best}", mine=shown(claimant), best=shown(opponent_best))
    return ""
