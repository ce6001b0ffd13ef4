"""Cesta's names and counts read right in every language: a card's adjectives agree with its
rank, counts take the language's plural forms, and the keys line never parts a key from
its word."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.tables.base import reason_words  # noqa: E402
from game.client.tables.cesta.cards import ALL_EVENTS  # noqa: E402
from game.client.tables.common.key_line import SEPARATOR, rows  # noqa: E402
from game.i18n import languages, translator  # noqa: E402
from game.i18n.cesta import action_name, card_name, combination_name  # noqa: E402

CZECH_GENDER = {"7": 0, "8": 0, "9": 0, "10": 0, "U": 1, "O": 1, "K": 1, "A": 2}
CZECH_SUIT = {"R": ("červená", "červený", "červené"), "Y": ("kulová", "kulový", "kulové"),
              "G": ("zelená", "zelený", "zelené"), "B": ("žaludová", "žaludový", "žaludové")}


@pytest.mark.parametrize("code", languages())
def test_every_card_has_its_own_name(code: str) -> None:
    tr = translator(code)
    names = {card_name(tr, card) for card in ALL_EVENTS}
    assert len(names) == 32
    assert all(card_name(tr, action) == action_name(tr, action) != action
               for action in ("TIME", "RUST", "DEED"))


def test_czech_card_adjectives_agree_with_the_rank() -> None:
    tr = translator("cs")
    for card in ALL_EVENTS:
        adjective = CZECH_SUIT[card[0]][CZECH_GENDER[card[1:]]]
        assert card_name(tr, card).startswith(adjective + " "), card
    assert card_name(tr, "BK") == "žaludový král"
    assert card_name(tr, "GO") == "zelený svršek"
    assert card_name(tr, "R7") == "červená sedma"
    assert card_name(tr, "YA") == "kulové eso"


def test_german_card_names_join_suit_and_rank() -> None:
    tr = translator("de")
    assert [card_name(tr, c) for c in ("BK", "GO", "R7", "YA")] == \
        ["Eichel-König", "Grün-Ober", "Herz-Sieben", "Schellen-Ass"]
    assert combination_name(tr, "colour_run") == "Farbstraße"


def test_the_end_reason_counts_the_house_rules_milestones() -> None:
    from game.client import i18n

    previous = i18n.language()
    try:
        i18n.set_language("cs")
        assert reason_words("cesta", "win_any", {"win_any": 3}) == "Vítěz ovládá 3 milníky."
        assert reason_words("cesta", "win_any", {"win_any": 5}) == "Vítěz ovládá 5 milníků."
        assert "stejný počet" in reason_words("cesta", "stalemate", {}, draw=True)
        i18n.set_language("en")
        assert reason_words("cesta", "win_any", {"win_any": 4}) == \
            "The winner holds 4 milestones."
    finally:
        i18n.set_language(previous)


def test_the_keys_line_wraps_only_between_items() -> None:
    items = ["1–5 Karte", "←→ Meilenstein", "Enter spielen", "E/A ziehen", "S sortieren"]
    lines = rows(items, lambda row: len(row) <= 30)
    assert SEPARATOR.join(lines) == SEPARATOR.join(items)
    assert all(any(line.startswith(item) for item in items) for line in lines)
    assert all(len(line) <= 30 for line in lines)
