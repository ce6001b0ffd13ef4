"""Cesta moves and claims in words, from the engine's values (never from notation).

``describe_move`` is what the forced-move notice, hints and the replay bar say after a
colon ("Hint: Heart Seven to milestone 3"); ``claim_detail`` is the sentence under a
claimed milestone in the banner and the log. Card and combination names come from
``game.i18n.cesta``, which the AI's explanations share.
"""

from __future__ import annotations

from game.client.i18n import language, pt, t
from game.i18n import Translator, translator
from game.i18n import cesta as names
from game.rules.cesta import Draw, Move, Pass, Play
from game.rules.cesta.events import Strength
from game.rules.cesta.standing import Standing


def _tr() -> Translator:
    return translator(language())


def card_name(code: str) -> str:
    """``R7`` → "Heart Seven", ``GO`` → "Leaf Ober", ``RUST`` → "Rust"."""
    return names.card_name(_tr(), code)


def action_name(code: str) -> str:
    return names.action_name(_tr(), code)


def combination_label(name: str) -> str:
    return names.combination_name(_tr(), name)


def describe_move(move: Move) -> str:
    if isinstance(move, Draw):
        if move.deck == "event":
            return pt("move", "draw an event card")
        return pt("move", "draw an action card")
    if isinstance(move, Pass):
        return pt("move", "pass")
    if isinstance(move, Play):
        # TRANSLATORS: a move, shown after a colon ("Hint: Heart Seven to milestone 3")
        return t("{card} to milestone {m}", card=card_name(move.card), m=move.milestone)
    raise TypeError(f"not a Cesta move: {move!r}")


def labelled(category: str, total: int) -> str:
    """A set as a label with its sum ("Colour run · 27"), for badges and the tracker."""
    # TRANSLATORS: a combination's name and the sum of its cards, on a small label
    return t("{combination} · {sum}", combination=combination_label(category), sum=total)


def standing_label(standing: Standing) -> str:
    """What a side counts as at its milestone, as the rules say the comparison will use it:
    the category (one lower under the opponent's Rust) and the sum; only the sum once Time
    is in effect; "Σ" and the sum so far while the side is incomplete. The action cards in
    effect on it are named after it, so a rusted label says why it fell."""
    if standing.timed:
        # TRANSLATORS: a side's label at a milestone where Time makes only the sum count
        text = t("Time: sum {sum}", sum=standing.total) if standing.complete else \
            f"Σ {standing.total}"
    elif standing.category is not None:
        text = labelled(standing.category, standing.total)
    else:
        text = f"Σ {standing.total}"
    effects = []
    if standing.timed and not standing.complete:
        effects.append(action_name("TIME"))
    if standing.rusted:
        effects.append(action_name("RUST"))
    if not effects:
        return text
    # TRANSLATORS: a side's label and the action cards in effect on it: "Colour · 27 (Rust)"
    return t("{label} ({effects})", label=text, effects=", ".join(effects))


def best_text(value: Standing | None) -> str:
    """A best reachable set of the tracker, as its comparison would count it; "—" when the
    side can no longer be completed."""
    if value is None:
        return "—"
    return standing_label(value)


def _in_text(info: Strength) -> str:
    """A side's set inside a sentence, as its subject: "a colour (45)"."""
    # TRANSLATORS: a combination's name inside a sentence and its sum: "colour (45)"
    return t("{combination} ({sum})", combination=names.combination_in_text(_tr(),
                                                                            info.category),
             sum=info.total)


def claim_detail(how: str | None, claimant: Strength | None, opponent: Strength | None,
                 opponent_best: Strength | None,
                 decided_by: str | None = None, time: int | None = None) -> str:
    """Why a milestone was claimed, in one sentence saying what decided it: the stronger
    category, the higher sum, the heart on equal sums, or TIME making only the sums count; or,
    for an early claim, the proof that nothing left can beat it (empty when the engine
    gives no reason)."""
    if claimant is None:
        return ""
    if how == "comparison" and opponent is not None:
        return _compared(claimant, opponent, decided_by, time)
    if how == "proof":
        if opponent_best is None:
            return t("The opponent can no longer complete their side.")
        if time is not None:
            return t("Time: only the sums count, and the opponent can reach at most {best} "
                     "against {mine}.", best=opponent_best.total, mine=claimant.total)
        return t("The best the opponent can still make is {best}, weaker than {mine}.",
                 best=_in_text(opponent_best), mine=_in_text(claimant))
    return ""


def _compared(mine: Strength, theirs: Strength, decided_by: str | None,
              time: int | None) -> str:
    if time is not None:
        if mine.total == theirs.total:
            return t("Time: only the sums count, and equal sums ({n}) go to the side that "
                     "played Time.", n=mine.total)
        return t("Time: only the sums count, {a} against {b}.", a=mine.total, b=theirs.total)
    if decided_by == "sum":
        return t("Same category, so the higher sum wins: {a} against {b}.", a=mine.total,
                 b=theirs.total)
    if decided_by == "heart":
        return t("Same category and the same sum ({n}): the side with a heart (a red "
                 "card) wins.", n=mine.total)
    if decided_by == "category":
        return t("The category decides: {mine} is stronger than {theirs}.", mine=_in_text(mine),
                 theirs=_in_text(theirs))
    return t("Compared: {mine} is stronger than {theirs}.", mine=_in_text(mine),
             theirs=_in_text(theirs))
