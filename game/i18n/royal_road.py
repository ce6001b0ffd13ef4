"""Královská cesta's names in words, shared by the table and the AI's explanations: colours,
pyramids, a secret card's trio, the prompts and buttons that name a colour.

Each name is a whole message per colour or pyramid, never an adjective glued to a noun:
adjectives agree with their noun and take its case ("malá červená pyramidka" as a subject,
"malou červenou pyramidku" as an object; "die kleine rote Pyramide"). Every function takes
the ``Translator`` of the language to speak, so this module stays pure (no pygame).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import Translator


def colour_name(tr: Translator, face: str) -> str:
    """A die face or colour on its own, as a label ("red", "červená", "Rot")."""
    names = {
        # TRANSLATORS: a colour of the die or of pyramids, on its own as a label
        "r": tr.pt("colour", "red"),
        # TRANSLATORS: a colour of the die or of pyramids, on its own as a label
        "y": tr.pt("colour", "yellow"),
        # TRANSLATORS: a colour of the die or of pyramids, on its own as a label
        "g": tr.pt("colour", "green"),
        # TRANSLATORS: a colour of the die or of pyramids, on its own as a label
        "b": tr.pt("colour", "blue"),
        # TRANSLATORS: a colour of the die or of pyramids, on its own as a label
        "k": tr.pt("colour", "black"),
        # TRANSLATORS: the white face of the colour die (a joker: any pyramid may move)
        "w": tr.pt("colour", "white"),
    }
    return names.get(face, face)


def pyramid_name(tr: Translator, code: str) -> str:
    """A pyramid as the subject of a sentence ("the small red pyramid")."""
    names = {
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "rS": tr.pt("pyramid, subject", "the small red pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "rM": tr.pt("pyramid, subject", "the medium red pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "rL": tr.pt("pyramid, subject", "the large red pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "yS": tr.pt("pyramid, subject", "the small yellow pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "yM": tr.pt("pyramid, subject", "the medium yellow pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "yL": tr.pt("pyramid, subject", "the large yellow pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "gS": tr.pt("pyramid, subject", "the small green pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "gM": tr.pt("pyramid, subject", "the medium green pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "gL": tr.pt("pyramid, subject", "the large green pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "bS": tr.pt("pyramid, subject", "the small blue pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "bM": tr.pt("pyramid, subject", "the medium blue pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "bL": tr.pt("pyramid, subject", "the large blue pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "kS": tr.pt("pyramid, subject", "the small black pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "kM": tr.pt("pyramid, subject", "the medium black pyramid"),
        # TRANSLATORS: a pyramid as the subject of a sentence (nominative)
        "kL": tr.pt("pyramid, subject", "the large black pyramid"),
    }
    return names.get(code, code)


def pyramid_object(tr: Translator, code: str) -> str:
    """A pyramid as the object of a verb ("moves the small red pyramid")."""
    names = {
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "rS": tr.pt("pyramid, object", "the small red pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "rM": tr.pt("pyramid, object", "the medium red pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "rL": tr.pt("pyramid, object", "the large red pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "yS": tr.pt("pyramid, object", "the small yellow pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "yM": tr.pt("pyramid, object", "the medium yellow pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "yL": tr.pt("pyramid, object", "the large yellow pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "gS": tr.pt("pyramid, object", "the small green pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "gM": tr.pt("pyramid, object", "the medium green pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "gL": tr.pt("pyramid, object", "the large green pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "bS": tr.pt("pyramid, object", "the small blue pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "bM": tr.pt("pyramid, object", "the medium blue pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "bL": tr.pt("pyramid, object", "the large blue pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "kS": tr.pt("pyramid, object", "the small black pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "kM": tr.pt("pyramid, object", "the medium black pyramid"),
        # TRANSLATORS: a pyramid as the object of a verb (accusative)
        "kL": tr.pt("pyramid, object", "the large black pyramid"),
    }
    return names.get(code, code)


def pyramid_short(tr: Translator, code: str) -> str:
    """A pyramid in the list of a card's trio, its size and colour only ("small red")."""
    names = {
        # TRANSLATORS: one pyramid of a card's trio in a list, without the noun "pyramid"
        # (the adjectives agree with it, in the nominative)
        "rS": tr.pt("pyramid, in a list", "small red"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "rM": tr.pt("pyramid, in a list", "medium red"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "rL": tr.pt("pyramid, in a list", "large red"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "yS": tr.pt("pyramid, in a list", "small yellow"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "yM": tr.pt("pyramid, in a list", "medium yellow"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "yL": tr.pt("pyramid, in a list", "large yellow"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "gS": tr.pt("pyramid, in a list", "small green"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "gM": tr.pt("pyramid, in a list", "medium green"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "gL": tr.pt("pyramid, in a list", "large green"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "bS": tr.pt("pyramid, in a list", "small blue"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "bM": tr.pt("pyramid, in a list", "medium blue"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "bL": tr.pt("pyramid, in a list", "large blue"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "kS": tr.pt("pyramid, in a list", "small black"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "kM": tr.pt("pyramid, in a list", "medium black"),
        # TRANSLATORS: one pyramid of a card's trio in a list (nominative)
        "kL": tr.pt("pyramid, in a list", "large black"),
    }
    return names.get(code, code)


def word_list(tr: Translator, items: Sequence[str]) -> str:
    """``items`` as one list in words: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list; {items} is the items before the last, joined by ", "
    return tr.t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def trio_words(tr: Translator, pyramids: Sequence[str]) -> str:
    """A secret card's three pyramids in words, smallest first: "small red, medium green
    and large black"."""
    return word_list(tr, [pyramid_short(tr, code) for code in pyramids])


def pick_colour_prompt(tr: Translator, face: str) -> str:
    """The prompt after a colour is rolled or reused: pick a pyramid of that colour."""
    prompts = {
        "r": tr.t("Pick a red pyramid to move"),
        "y": tr.t("Pick a yellow pyramid to move"),
        "g": tr.t("Pick a green pyramid to move"),
        "b": tr.t("Pick a blue pyramid to move"),
        "k": tr.t("Pick a black pyramid to move"),
        "w": tr.t("White! Pick any pyramid to move"),
    }
    return prompts.get(face, "")


def reuse_label(tr: Translator, face: str | None) -> str:
    """The Reuse button: the previous player's colour, when there is one to take."""
    labels = {
        # TRANSLATORS: a button: take the colour the previous player used
        "r": tr.t("Reuse red"),
        # TRANSLATORS: a button: take the colour the previous player used
        "y": tr.t("Reuse yellow"),
        # TRANSLATORS: a button: take the colour the previous player used
        "g": tr.t("Reuse green"),
        # TRANSLATORS: a button: take the colour the previous player used
        "b": tr.t("Reuse blue"),
        # TRANSLATORS: a button: take the colour the previous player used
        "k": tr.t("Reuse black"),
    }
    # TRANSLATORS: the Reuse button while there is no colour to reuse (none yet, or white)
    return labels.get(face or "", tr.t("Reuse colour"))
