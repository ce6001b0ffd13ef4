"""Strings of the Cesta table that read moves aloud (merged into ``i18n.STRINGS``).

The older Cesta strings still live in ``game/client/i18n/__init__.py``; these are the words that
``describe`` needs to name a move without notation.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "cesta.suit.R": "Heart",
        "cesta.suit.Y": "Bell",
        "cesta.suit.G": "Leaf",
        "cesta.suit.B": "Acorn",
        "cesta.rank.U": "Unter",
        "cesta.rank.O": "Ober",
        "cesta.rank.K": "King",
        "cesta.rank.A": "Ace",
        "cesta.card": "{suit} {rank}",
        "cesta.play_move": "{card} to milestone {m}",
    },
    "cs": {
        "cesta.suit.R": "srdce",
        "cesta.suit.Y": "kule",
        "cesta.suit.G": "zelené",
        "cesta.suit.B": "žaludy",
        "cesta.rank.U": "spodek",
        "cesta.rank.O": "svršek",
        "cesta.rank.K": "král",
        "cesta.rank.A": "eso",
        "cesta.card": "{suit} {rank}",
        "cesta.play_move": "{card} na milník {m}",
    },
}
