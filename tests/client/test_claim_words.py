"""Cesta's claim explanations say what decided them (heart tie-break, TIME, category, sum), in a
whole sentence per case, with the combinations' names as the sentence's subjects."""

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
    assert text == "Stejná kategorie i součet (21): vyhrává strana se srdcem (červenou kartou)."
    i18n.set_language("en")
    text = claim_detail("comparison", strength("sum", 21, heart=True), strength("sum", 21),
                        None, decided_by="heart")
    assert "heart" in text and "same sum (21)" in text


def test_time_makes_only_the_sums_count_and_says_so():
    text = claim_detail("comparison", strength("sum", 48), strength("colour_run", 40), None,
                        decided_by="time", time=1)
    assert text == "Čas: počítají se jen součty, 48 proti 40."
    assert "postupka" not in text.lower()  # under TIME the kind does not matter
    tie = claim_detail("comparison", strength("sum", 30), strength("colour", 30), None,
                       decided_by="time", time=0)
    assert tie.startswith("Čas:") and "(30)" in tie and "Čas zahrála" in tie
    proof = claim_detail("proof", strength("sum", 30), None, strength("sum", 20), time=0)
    assert proof.startswith("Čas:") and "nanejvýš 20 proti 30" in proof


def test_kind_and_sum_say_which_one_decided():
    kind = claim_detail("comparison", strength("colour", 20), strength("sum", 40), None,
                        decided_by="category")
    assert kind == "Rozhoduje kategorie: barva (20) je silnější než součet (40)."
    same = claim_detail("comparison", strength("run", 24), strength("run", 15), None,
                        decided_by="sum")
    assert same == "Stejná kategorie, a tak vyhrává vyšší součet: 24 proti 15."
    i18n.set_language("de")
    kind = claim_detail("comparison", strength("colour_run", 27), strength("three_of_a_kind", 30),
                        None, decided_by="category")
    assert kind == "Die Kategorie entscheidet: Farbstraße (27) ist stärker als Drilling (30)."


def test_a_proof_names_the_best_the_opponent_can_still_make():
    text = claim_detail("proof", strength("colour", 45), None, strength("three_of_a_kind", 21))
    assert text == "Nejlepší, co soupeři ještě zbývá, je trojice (21) – slabší než barva (45)."
    assert claim_detail("proof", strength("colour", 45), None, None) == \
        "Soupeř už nemůže svou stranu doplnit na tři karty."
