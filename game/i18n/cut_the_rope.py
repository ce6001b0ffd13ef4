"""Cut the Rope words that the table and the AI's explanations share (pure, no pygame).

A card reads as its number; the wild card is named. The rest of each sentence is a whole
catalogue message where it is used, so that a language can decline around the name.
"""

from __future__ import annotations

from game.i18n import Translator

SCISSORS = "S"


def card_name(tr: Translator, code: str) -> str:
    """A card as a label ("7", "scissors"): for "{card} → row 2" and the like."""
    if code == SCISSORS:
        # TRANSLATORS: the wild card of Cut the Rope, as a short label (plural noun in English)
        return tr.pt("cut the rope card", "scissors")
    return code
