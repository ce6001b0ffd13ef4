"""Cesta's claim explanations say what decided them (heart tie-break, TIME, kind, sum)."""

from __future__ import annotations

import pytest

from game.client import i18n
from game.client.tables.cesta.describe import claim_detail
from game.rules.cesta.events import Strength


@pytest.fixture(autouse=True)
def _czech():
    i18n.set_language("cs")
    yield
    i18n.set_language("cs")


def strength(category: str, total: int, heart: bool = False) -> Strength:
    return Strength(category=category, total=total, heart=heart)


def test_a_heart_tie_break_is_named():
    text = claim_detail("comparison", strength("sum", 21, heart=True), strength("sum", 21),
                        None, decided_by="heart")
    assert "srdcem" in text and "se rovná" in text
    i18n.set_language("en")
    text = claim_detail("comparison", strength("sum", 21, heart=True), strength("sum", 21),
                        None, decided_by="heart")
    assert "heart" in text and "ties" in text


def test_time_makes_only_the_sums_count_and_says_so():
    text = claim_detail("comparison", strength("sum", 48), strength("colour_run", 40), None,
                        decided_by="time", time=1)
    assert text.startswith("Čas: počítají se jen součty")
    assert "součet 48 poráží součet 40" in text
    assert i18n.t("Colour run") not in text  # under TIME the kind does not matter
    proof = claim_detail("proof", strength("sum", 30), None, strength("sum", 20), time=0)
    assert proof.startswith("Čas:") and "součet 20" in proof


def test_kind_and_sum_say_which_one_decided():
    kind = claim_detail("comparison", strength("colour", 20), strength("sum", 40), None,
                        decided_by="category")
    assert kind.startswith("silnější druh:")
    same = claim_detail("comparison", strength("run", 24), strength("run", 15), None,
                        decided_by="sum")
    assert same.startswith("stejný druh, vyšší součet:")
