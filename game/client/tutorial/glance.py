"""Each game's rules at a glance: a few short lines, built from the rules in play.

The lines read the engine's own settings (hand size, milestones to win, rows, which
optional rules are on), so a house rule shows on the card as it is played; the strengths
of Cesta's cards come from its rules core. Words only, no pygame: the scene that shows
them is ``scenes.glance``.
"""

from __future__ import annotations

from game.client.i18n import language, nt, t
from game.client.match.types import AnyGame
from game.i18n import cesta as cesta_names
from game.i18n import translator
from game.rules.cesta import Game as CestaGame
from game.rules.cesta.cards import IDS, STRENGTH
from game.rules.cut_the_rope import Game as CutGame
from game.rules.royal_road import Game as RoyalGame


def glance_lines(game: AnyGame) -> list[str]:
    """The card's lines for the game the engine plays, in the active language."""
    if isinstance(game, CestaGame):
        return _cesta(game)
    if isinstance(game, RoyalGame):
        return _royal(game)
    if isinstance(game, CutGame):
        return _cut(game)
    raise TypeError(f"no rules card for {type(game).__name__}")


def _cesta(game: CestaGame) -> list[str]:
    def strength(rank: str) -> int:
        return STRENGTH[IDS["R" + rank]]   # a rank counts the same in every colour

    last = game.milestones
    lines = [
        # TRANSLATORS: Hearts, Bells, Leaves, Acorns: the suits (srdce, kule, listy, žaludy);
        # U, O: Unter, Ober (spodek, svršek)
        t("Cards: 7, 8, 9, 10, U (Unter), O (Ober), K (King), A (Ace), low to high, in "
          "Hearts, Bells, Leaves and Acorns. Strength: 7 to 10 as printed, U {u}, O {o}, "
          "K {k}, A {a}.", u=strength("U"), o=strength("O"), k=strength("K"),
          a=strength("A")),
        nt("Goal: hold any {n} milestone, or both ends of the path (1 and {last}).",
           "Goal: hold any {n} milestones, or both ends of the path (1 and {last}).",
           game.win_any, last=last) if game.win_ends else
        nt("Goal: hold any {n} milestone.", "Goal: hold any {n} milestones.", game.win_any),
        nt("Your turn: play one card onto your side of a milestone (three event cards at "
           "most), then draw one; you hold {n} card.",
           "Your turn: play one card onto your side of a milestone (three event cards at "
           "most), then draw one; you hold {n} cards.", game.hand_size),
        t("Three cards, strongest first: {order}.", order=", ".join(
            cesta_names.combination_in_text(translator(language()), name)
            for name in game.ranking)),
        t("Same category: the higher sum wins; then the side with a Heart.")
        if game.heart_tiebreak else t("Same category: the higher sum wins."),
        t("At the start of your turn you take every milestone you have won — also early, "
          "once your opponent can no longer beat you there (proof).")
        if game.proof_claims else
        t("At the start of your turn you take every milestone you have won."),
    ]
    if game.action_cards:
        lines.append(t("Action cards, each kind once per game: Rust (their combination "
                       "counts one category lower), Time (only the sums count), Good Deed "
                       "(their action cards here do nothing)."))
    return lines


def _royal(game: RoyalGame) -> list[str]:
    colour = t("Your turn: roll the colour die (white: any colour)")
    if game.reuse_previous:
        colour = t("Your turn: roll the colour die (white: any colour) or reuse the colour "
                   "the previous player used, unless it was white")
    lines = [
        t("Pyramids: five colours, each small, medium and large; all start on START."),
        nt("You keep {n} secret card; each shows three pyramids.",
           "You keep {n} secret cards; each shows three pyramids.", game.keep),
        t("Goal: at the end of your turn, all three pyramids of one of your secret cards "
          "stand in the goal."),
        t("{first}; then move a pyramid of that colour forward, at most to the first card "
          "showing its colour. A card holding a pyramid of the same size is skipped.",
          first=colour),
        t("A pyramid landing on the trapdoor falls into jail and lies there; when any "
          "pyramid reaches the goal, every lying pyramid stands up (amnesty).")
        if game.trapdoor else
        t("A pyramid landing on jail lies there; when any pyramid reaches the goal, every "
          "lying pyramid stands up (amnesty)."),
    ]
    if game.bonus_swap != "off":
        lines.append(t("Fill a card with a small, a medium and a large pyramid: you may "
                       "swap two cards of the track, pyramids and all."))
    if game.overstep:
        lines.append(nt("You may move past a stop, but the next player may report it: the "
                        "pyramid goes back and its mover skips {n} turn.",
                        "You may move past a stop, but the next player may report it: the "
                        "pyramid goes back and its mover skips {n} turns.", game.penalty))
    return lines


def _cut(game: CutGame) -> list[str]:
    top = game.row_length
    lines = [
        t("Cards: the numbers 1 to {top}, and scissors, which stand for any number.",
          top=top),
        t("Goal: be the first to empty your own pile."),
        nt("Up to {n} shared row: up from 1 to {top}, or down from {top} to 1; scissors "
           "start either.",
           "Up to {n} shared rows: up from 1 to {top}, or down from {top} to 1; scissors "
           "start either.", game.main_rows, top=top),
        nt("Your turn: play onto the rows from your pile, your hand or the tops of your "
           "auxiliary rows; end by putting a hand card on an auxiliary row ({n} at most).",
           "Your turn: play onto the rows from your pile, your hand or the tops of your "
           "auxiliary rows; end by putting a hand card on an auxiliary row ({n} at most).",
           game.aux_rows),
        nt("Then your hand fills up to {n} card again.",
           "Then your hand fills up to {n} cards again.", game.hand_size),
        nt("A complete row of {n} card goes to the discard pile.",
           "A complete row of {n} cards goes to the discard pile.", top),
    ]
    if game.reshuffle:
        lines.append(t("When a card must be drawn and the draw pile is empty, the discard "
                       "pile is shuffled into a new one."))
    if game.refill_when_empty:
        lines.append(nt("A hand emptied during your turn fills up to {n} card at once.",
                        "A hand emptied during your turn fills up to {n} cards at once.",
                        game.hand_size))
    return lines
