"""Cesta's names in words: its cards, action cards and combinations, in any language.

Shared by the table and the AI's explanations, so both call a card by one name. Pure (no
pygame): every function takes the ``Translator`` of the language to speak. A card's name is
one message per card, as adjectives agree with the rank's gender in some languages
("červená sedma", "červený král", "červené eso"); card codes are the rules' (``R7``,
``YU``, ``GO``, ``BA``; ``TIME``, ``RUST``, ``DEED``).
"""

from __future__ import annotations

from game.i18n import Translator


def card_name(tr: Translator, code: str) -> str:
    """An event or action card's name ("Heart Seven", "Rust"); an unknown code as it is."""
    if code in ("TIME", "RUST", "DEED"):
        return action_name(tr, code)
    names = {
        "R7": tr.pt("card", "Heart Seven"),
        "R8": tr.pt("card", "Heart Eight"),
        "R9": tr.pt("card", "Heart Nine"),
        "R10": tr.pt("card", "Heart Ten"),
        "RU": tr.pt("card", "Heart Unter"),
        "RO": tr.pt("card", "Heart Ober"),
        "RK": tr.pt("card", "Heart King"),
        "RA": tr.pt("card", "Heart Ace"),
        "Y7": tr.pt("card", "Bell Seven"),
        "Y8": tr.pt("card", "Bell Eight"),
        "Y9": tr.pt("card", "Bell Nine"),
        "Y10": tr.pt("card", "Bell Ten"),
        "YU": tr.pt("card", "Bell Unter"),
        "YO": tr.pt("card", "Bell Ober"),
        "YK": tr.pt("card", "Bell King"),
        "YA": tr.pt("card", "Bell Ace"),
        "G7": tr.pt("card", "Leaf Seven"),
        "G8": tr.pt("card", "Leaf Eight"),
        "G9": tr.pt("card", "Leaf Nine"),
        "G10": tr.pt("card", "Leaf Ten"),
        "GU": tr.pt("card", "Leaf Unter"),
        "GO": tr.pt("card", "Leaf Ober"),
        "GK": tr.pt("card", "Leaf King"),
        "GA": tr.pt("card", "Leaf Ace"),
        "B7": tr.pt("card", "Acorn Seven"),
        "B8": tr.pt("card", "Acorn Eight"),
        "B9": tr.pt("card", "Acorn Nine"),
        "B10": tr.pt("card", "Acorn Ten"),
        "BU": tr.pt("card", "Acorn Unter"),
        "BO": tr.pt("card", "Acorn Ober"),
        "BK": tr.pt("card", "Acorn King"),
        "BA": tr.pt("card", "Acorn Ace"),
    }
    return names.get(code, code)


def action_name(tr: Translator, code: str) -> str:
    """An action card's name as printed on it ("Good Deed")."""
    names = {
        # TRANSLATORS: the name of an action card (Czech: Čas)
        "TIME": tr.pt("action card", "Time"),
        # TRANSLATORS: the name of an action card (Czech: Rezivění)
        "RUST": tr.pt("action card", "Rust"),
        # TRANSLATORS: the name of an action card (Czech: Dobrý skutek)
        "DEED": tr.pt("action card", "Good Deed"),
    }
    return names.get(code, code)


def combination_name(tr: Translator, name: str) -> str:
    """A combination's name as a label ("Colour run"), from the rules' category name."""
    names = {
        "colour_run": tr.pt("combination", "Colour run"),
        "three_of_a_kind": tr.pt("combination", "Three of a kind"),
        "colour": tr.pt("combination", "Colour"),
        "run": tr.pt("combination", "Run"),
        "sum": tr.pt("combination", "Sum"),
    }
    return names.get(name, name)


def combination_in_text(tr: Translator, name: str) -> str:
    """A combination's name inside a sentence, as the subject ("a colour is stronger than
    a sum": Czech writes it in lower case there)."""
    names = {
        "colour_run": tr.pt("combination in a sentence", "Colour run"),
        "three_of_a_kind": tr.pt("combination in a sentence", "Three of a kind"),
        "colour": tr.pt("combination in a sentence", "Colour"),
        "run": tr.pt("combination in a sentence", "Run"),
        "sum": tr.pt("combination in a sentence", "Sum"),
    }
    return names.get(name, name)
