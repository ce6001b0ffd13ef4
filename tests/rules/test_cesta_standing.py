"""Cesta: what a side counts as at its milestone (the labels' source), with Rust, Time and
Good Deed applied exactly as the engine's comparison applies them."""

from __future__ import annotations

from itertools import combinations

import pytest

from game.rules import get_game
from game.rules.cesta.standing import best_standing, standing
from tests.rules.test_cesta_rules import build

GAME = get_game("cesta")
RANKING = list(GAME.ranking)
TRIO = ["RK", "YK", "GK"]            # three of a kind, 90
RUN = ["R7", "Y8", "G9"]             # run, 24


def test_plain_side_counts_its_category_and_sum() -> None:
    s = standing(TRIO, [], [], RANKING)
    assert (s.category, s.total, s.rusted, s.timed) == ("three_of_a_kind", 90, False, False)


def test_opponents_rust_lowers_the_category() -> None:
    s = standing(["R7", "R8", "R10"], [], ["RUST"], RANKING)    # a colour, 25
    assert (s.natural, s.category, s.total, s.rusted) == ("colour", "run", 25, True)
    trio = standing(TRIO, [], ["RUST"], RANKING)
    assert trio.category == "colour" and trio.natural == "three_of_a_kind"


def test_own_rust_does_not_rust_oneself() -> None:
    assert standing(TRIO, ["RUST"], [], RANKING).category == "three_of_a_kind"


def test_rust_at_the_bottom_takes_ten() -> None:
    s = standing(["R7", "Y9", "GA"], [], ["RUST"], RANKING)     # a sum, 56
    assert (s.category, s.total) == ("sum", 46)


def test_time_leaves_only_the_sum() -> None:
    for own, other, owner in ((["TIME"], [], True), ([], ["TIME"], False)):
        s = standing(TRIO, own, other, RANKING)
        assert s.category is None and s.timed and s.total == 90 and s.time_owner is owner


def test_rust_under_time_takes_ten() -> None:
    s = standing(TRIO, ["TIME"], ["RUST"], RANKING)
    assert s.category is None and s.total == 80 and s.rusted


def test_deed_cancels_the_other_sides_cards() -> None:
    s = standing(TRIO, ["DEED"], ["RUST", "TIME"], RANKING)
    assert (s.category, s.total, s.rusted, s.timed) == ("three_of_a_kind", 90, False, False)
    # the DEED's owner's own cards still count against the other side, its TIME does not
    other = standing(RUN, ["TIME"], ["DEED", "RUST"], RANKING)
    assert (other.category, other.total, other.rusted, other.timed) == ("sum", 24, True, False)


def test_incomplete_side_shows_its_sum_and_the_effects() -> None:
    s = standing(["RK", "YK"], [], ["TIME", "RUST"], RANKING)
    assert (s.cards, s.category, s.total, s.rusted, s.timed) == (2, None, 60, True, True)


def test_house_rule_ranking_is_used() -> None:
    ranking = ["sum", "colour_run", "three_of_a_kind", "colour", "run"]
    assert standing(TRIO, [], [], ranking).category == "sum"


@pytest.mark.parametrize("acts", [((), ()), ((), ("RUST",)), (("RUST",), ()),
                                  (("TIME",), ("RUST",)), ((), ("TIME", "RUST")),
                                  (("DEED",), ("RUST",)), (("RUST", "DEED"), ("TIME",))])
def test_labels_order_the_sides_as_the_engine_decides(acts) -> None:
    """For sample positions, the side whose standing is stronger is the one the engine
    lets claim (equal standings: no claim by comparison, or the heart/Time tie-break)."""
    mine_a, theirs_a = acts
    trios = [["RK", "YK", "GK"], ["R7", "Y8", "G9"], ["B7", "B9", "BA"], ["Y10", "YU", "YO"],
             ["G7", "B10", "RA"], ["R8", "R9", "R10"], ["BU", "GU", "RU"]]
    seen = set()
    for mine, theirs in combinations(trios, 2):
        state = build(sides={2: (mine, list(mine_a), theirs, list(theirs_a))},
                      hands=(["BO"], ["GA"]), to_move=1)
        after, events = GAME.apply(state, GAME.parse_move(state, "play GA 1"))
        after, events2 = GAME.apply(after, GAME.parse_move(after, "draw event"))
        claimed = [e for e in events + events2 if getattr(e, "type", "") == "claim"]
        a = GAME.standing(state, 2, 0)
        b = GAME.standing(state, 2, 1)
        order = (a.total > b.total) - (a.total < b.total) if a.timed else \
            (_rank(b) > _rank(a)) - (_rank(b) < _rank(a)) or \
            (a.total > b.total) - (a.total < b.total)
        seen.add(order)
        if order > 0:
            assert claimed and claimed[0].milestone == 2, (mine, theirs, acts)
        elif order < 0:
            assert not claimed, (mine, theirs, acts)
    assert {1, -1} <= seen


def _rank(s) -> int:
    return RANKING.index(s.category)


def test_best_standing_without_actions_is_the_first_category_reached() -> None:
    best = best_standing(["R7", "R8"], ["R9", "GA", "BA"], [], [], RANKING)
    assert best is not None and (best.category, best.total) == ("colour_run", 24)


def test_best_standing_under_time_is_the_biggest_sum() -> None:
    best = best_standing(["R7", "R8"], ["R9", "GA", "BA"], [], ["TIME"], RANKING)
    assert best is not None and best.category is None and best.total == 55


def test_best_standing_under_rust_weighs_every_category() -> None:
    # a colour run rusts to three of a kind; a run to a sum; a plain sum loses 10
    best = best_standing(["R7", "R8"], ["R9", "GA", "BA"], [], ["RUST"], RANKING)
    assert best is not None and (best.category, best.total) == ("three_of_a_kind", 24)
    run_or_sum = best_standing(["R7", "Y8"], ["G9", "GA", "BA"], [], ["RUST"], RANKING)
    assert run_or_sum is not None and (run_or_sum.category, run_or_sum.total) == ("sum", 45)


def test_best_standing_with_too_few_cards_is_none() -> None:
    assert best_standing(["R7"], ["R8"], [], [], RANKING) is None


def test_game_method_matches_the_function() -> None:
    state = build(sides={3: (TRIO, ["TIME"], RUN, ["RUST"])}, hands=(["B10"], ["GA"]))
    assert GAME.standing(state, 3, 0) == standing(TRIO, ["TIME"], ["RUST"], RANKING)
    assert GAME.standing(state, 3, 1) == standing(RUN, ["RUST"], ["TIME"], RANKING)
