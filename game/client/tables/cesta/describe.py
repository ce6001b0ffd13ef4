"""Cesta moves and claims in words, from the engine's values (never from notation).

``describe_move`` is what the forced-move notice and the replay bar say; ``claim_detail``
is the explanation under a claimed milestone in the banner and the log.
"""

from __future__ import annotations

from game.client.i18n import t
from game.client.tables.cesta.cards import is_action, is_event, split
from game.rules.cesta import Draw, Move, Pass, Play
from game.rules.cesta.events import Strength


def card_name(code: str) -> str:
    """``R7`` → "Heart 7", ``GO`` → "Leaf Ober", ``RUST`` → "Rust"."""
    if is_action(code):
        return t(f"action.{code}")
    if is_event(code):
        colour, rank = split(code)
        rank_word = t(f"cesta.rank.{rank}") if rank in "UOKA" else rank
        return t("cesta.card", suit=t(f"cesta.suit.{colour}"), rank=rank_word)
    return code


def describe_move(move: Move) -> str:
    if isinstance(move, Draw):
        return t("cesta.draw_event") if move.deck == "event" else t("cesta.draw_action")
    if isinstance(move, Pass):
        return t("cesta.pass_button")
    if isinstance(move, Play):
        return t("cesta.play_move", card=card_name(move.card), m=move.milestone)
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
    return t("cesta.sum_only", n=info.total)


def claim_detail(how: str | None, claimant: Strength | None, opponent: Strength | None,
                 opponent_best: Strength | None,
                 decided_by: str | None = None, time: int | None = None) -> str:
    """Why a milestone was claimed, saying what decided it: the stronger kind, the higher
    sum, the heart on equal sums, or TIME making only the sums count; or, for an early
    claim, the proof that nothing left can beat it (empty when the engine gives no
    reason)."""
    shown = sum_text if time is not None else combo_text
    lead = t("cesta.why.time") + " " if time is not None else ""
    if how == "comparison":
        versus = t("cesta.vs", a=shown(claimant), b=shown(opponent))
        if decided_by == "heart":
            return lead + t("cesta.why.heart", vs=t("cesta.tie", a=shown(claimant),
                                                     b=shown(opponent)))
        why = {"category": "cesta.why.category", "sum": "cesta.why.sum"}.get(decided_by or "")
        if why is not None and time is None:
            return t(why, vs=versus)
        return lead + versus
    if how == "proof":
        if opponent_best is None:
            return lead + t("cesta.proof_none")
        return lead + t("cesta.proof_detail", mine=shown(claimant), best=shown(opponent_best))
    return ""
