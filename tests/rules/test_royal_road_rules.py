"""One test per rule sentence of shared/spec/royal-road.md, on positions built with from_dict.

Default track (15 cards): START 0, JAIL 5, TRAPDOOR 13, GOAL 14; filler cards depict no red
unless a test says otherwise, so red pyramids meet only the stops a test lays out.
"""

from __future__ import annotations

import random

import pytest

from game.rules import IllegalMove, RulesError, StateError
from game.rules.royal_road.cards import jail_index
from tests.rules.test_royal_road_helpers import PYRAMIDS, build, colours, game, places, play, texts

RED_CARD = "rS-yM-gL"      # depicts red, yellow, green
RED_CARD2 = "yS-rM-gL"


# --- Setup -------------------------------------------------------------------------------

def test_setup_deals_five_cards_to_each_player():
    g = game()
    s = g.new_game(3, 1)
    d = g.to_dict(s)
    assert d["step"] == "keep" and d["to_move"] == 0
    assert [len(h) for h in d["dealt"]] == [5, 5, 5]
    assert d["kept"] == [[], [], []]


def test_keep_two_discard_three_in_dealt_order():
    g = game()
    s = g.new_game(2, 1)
    hand = g.to_dict(s)["dealt"][0]
    moves = texts(g, s)
    assert len(moves) == 10  # C(5, 2) pairs
    assert moves[0] == f"keep {hand[0]} {hand[1]}" and moves[-1] == f"keep {hand[3]} {hand[4]}"
    s2, events = play(g, s, f"keep {hand[1]} {hand[3]}")
    d = g.to_dict(s2)
    assert d["kept"][0] == [hand[1], hand[3]]
    assert d["dealt"][0] == []
    assert sorted(d["discarded"][0]) == sorted([hand[0], hand[2], hand[4]])
    assert [e.to_dict() for e in events] == [{"type": "keep", "seat": 0, "cards": [hand[1], hand[3]]}]


def test_keep_out_of_dealt_order_is_illegal():
    g = game()
    s = g.new_game(2, 1)
    hand = g.to_dict(s)["dealt"][0]
    with pytest.raises(IllegalMove):
        g.parse_move(s, f"keep {hand[3]} {hand[1]}")


def test_keep_choices_made_seat_zero_first_then_first_player_starts():
    g = game(first_player=2)
    s = g.new_game(3, 7)
    for seat in range(3):
        assert g.current_player(s) == seat and g.to_dict(s)["step"] == "keep"
        s, _ = g.apply(s, g.legal_moves(s)[0])
    d = g.to_dict(s)
    assert d["step"] == "color" and d["to_move"] == 2 and d["color"] is None


def test_track_start_jail_trapdoor_goal_positions():
    g = game()
    track = g.to_dict(g.new_game(2, 3))["track"]
    assert len(track) == 15
    assert [q for q, c in enumerate(track) if "-" not in c] == [0, 5, 13, 14]
    assert (track[0], track[5], track[13], track[14]) == ("START", "JAIL", "TRAPDOOR", "GOAL")


@pytest.mark.parametrize(("n", "jail"), [(7, 2), (8, 3), (14, 5), (15, 5), (16, 5), (17, 6),
                                         (40, 13)])
def test_jail_third_is_round_n_over_3(n, jail):
    # n/3 never ends in .5, so banker's rounding never differs from rounding half up
    assert jail_index(n, "third") == jail
    g = game(track_cards=n)
    track = g.to_dict(g.new_game(2, 1))["track"]
    assert track.index("JAIL") == jail and track[n - 2] == "TRAPDOOR"


def test_jail_position_number_is_used():
    g = game(jail_position=8)
    assert g.to_dict(g.new_game(2, 1))["track"][8] == "JAIL"


def test_track_cards_are_distinct_deck_cards_face_up():
    g = game()
    d = g.to_dict(g.new_game(5, 4))
    face_up = [c for c in d["track"] if "-" in c]
    assert len(face_up) == 11
    everything = face_up + d["deck"] + [c for h in d["dealt"] for c in h]
    assert len(set(everything)) == len(everything) == 60 - 4


def test_all_pyramids_stand_on_start():
    g = game()
    d = g.to_dict(g.new_game(4, 2))
    assert d["pyramids"] == {code: 0 for code in PYRAMIDS} and d["lying"] == []


def test_first_player_random_comes_from_the_seed():
    g = game()
    firsts = {g.to_dict(g.new_game(4, seed))["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert g.to_dict(g.new_game(4, 9)) == g.to_dict(g.new_game(4, 9))


def test_impossible_deal_raises_rules_error():
    g = game(deal=10, keep=2)
    g.new_game(4, 1)  # 40 + 15 <= 60
    with pytest.raises(RulesError):
        g.new_game(5, 1)  # 50 + 15 > 60
    with pytest.raises(RulesError):
        game().new_game(6, 1)


def test_first_player_seat_beyond_players_raises():
    with pytest.raises(RulesError):
        game(first_player=3).new_game(2, 1)


# --- Turn: skip, colour ------------------------------------------------------------------

def test_skipped_seat_loses_its_turn_and_count_goes_down():
    g = game()
    s = build(g, players=3, color="r", skips=[0, 2, 0],
              pyramids={"rS": 14, "rM": 14, "rL": 14})
    s2, events = play(g, s, "pass")
    d = g.to_dict(s2)
    assert d["to_move"] == 2 and d["skips"] == [0, 1, 0]
    assert {"type": "skip", "seat": 1, "remaining": 1} in [e.to_dict() for e in events]


def test_skipped_turn_leaves_previous_color_unchanged():
    g = game()
    s = build(g, players=3, color="r", prev="g", skips=[0, 1, 0],
              pyramids={"rS": 14, "rM": 14, "rL": 14})
    s2, _ = play(g, s, "pass")
    assert g.to_dict(s2)["previous_color"] == "r"   # seat 0's colour, not changed by the skip
    assert texts(g, s2) == ["roll", "reuse"]
    s3, events = play(g, s2, "reuse")
    assert [e.to_dict() for e in events] == [{"type": "reuse", "seat": 2, "color": "r"}]


def test_colour_step_roll_or_reuse_previous():
    g = game()
    s = build(g, step="color", color=None, prev="b")
    assert texts(g, s) == ["roll", "reuse"]
    s2, _ = play(g, s, "reuse")
    d = g.to_dict(s2)
    assert d["step"] == "move" and d["color"] == "b"


def test_reuse_never_after_white():
    g = game()
    s = build(g, step="color", color=None, prev="w")
    assert texts(g, s) == ["roll"]


def test_reuse_previous_off_must_roll():
    g = game(reuse_previous=False)
    s = build(g, step="color", color=None, prev="b")
    assert texts(g, s) == ["roll"]


def test_first_turn_of_the_game_must_roll():
    g = game()
    s = g.new_game(2, 5)
    s, _ = g.apply(s, g.legal_moves(s)[0])
    s, _ = g.apply(s, g.legal_moves(s)[0])
    assert texts(g, s) == ["roll"]


def test_roll_is_a_seeded_chance_step():
    g = game()
    faces = set()
    for rng in range(60):
        s = build(g, step="color", color=None, rng=rng * 7919)
        s2, events = play(g, s, "roll")
        s3, events3 = play(g, s, "roll")
        assert events == events3 and g.to_dict(s2) == g.to_dict(s3)   # deterministic
        assert events[0].type == "roll" and events[0].face == g.to_dict(s2)["color"]
        assert g.to_dict(s2)["rng"] != g.to_dict(s)["rng"]
        faces.add(events[0].face)
    assert faces == set("rygbkw")


def test_color_is_null_in_colour_step_and_set_after():
    g = game()
    s = build(g, step="color", color=None, prev="y")
    assert g.to_dict(s)["color"] is None
    s2, _ = play(g, s, "roll")
    assert g.to_dict(s2)["color"] in "rygbkw"


# --- Turn: move --------------------------------------------------------------------------

def test_move_only_pyramids_of_the_colour():
    g = game()
    s = build(g, color="r", cards={3: RED_CARD})
    assert {m.split()[1] for m in texts(g, s)} == {"rS", "rM", "rL"}


def test_white_moves_any_pyramid():
    g = game()
    s = build(g, color="w")
    assert {m.split()[1] for m in texts(g, s)} == set(PYRAMIDS)


def test_pyramids_in_goal_or_lying_cannot_move():
    g = game()
    s = build(g, color="r", pyramids={"rS": 14, "rM": 5}, lying=("rM",))
    assert {m.split()[1] for m in texts(g, s)} == {"rL"}


def test_pass_is_the_only_move_when_nothing_can_move_and_it_is_a_move():
    g = game()
    s = build(g, color="r", pyramids={"rS": 14, "rM": 14, "rL": 5}, lying=("rL",))
    assert texts(g, s) == ["pass"]
    s2, events = play(g, s, "pass")
    assert [e.to_dict() for e in events] == [{"type": "pass", "seat": 0}]
    d = g.to_dict(s2)
    assert d["to_move"] == 1 and d["step"] == "color"


def test_previous_color_set_at_end_of_turn_also_on_pass():
    g = game()
    s = build(g, color="k", prev="r", pyramids={"kS": 14, "kM": 14, "kL": 14})
    s2, _ = play(g, s, "pass")
    d = g.to_dict(s2)
    assert d["previous_color"] == "k" and d["color"] is None


def test_play_passes_to_next_seat():
    g = game()
    s = build(g, players=4, to_move=3, color="r", cards={3: RED_CARD})
    s2, _ = play(g, s, "move rS 1")
    assert g.current_player(s2) == 0


# --- How far a pyramid moves -------------------------------------------------------------

def test_stop_card_depicting_colour_limits_move_any_size():
    g = game()
    s = build(g, color="r", cards={3: RED_CARD})   # rS on the card: size does not matter
    assert texts(g, s) == ["move rS 1", "move rS 2", "move rS 3",
                           "move rM 1", "move rM 2", "move rM 3",
                           "move rL 1", "move rL 2", "move rL 3"]


def test_no_stop_ahead_lands_anywhere_up_to_goal():
    g = game()
    s = build(g, color="r", pyramids={"rM": 14, "rL": 14})
    assert texts(g, s) == [f"move rS {q}" for q in range(1, 15)]


def test_pyramid_moves_at_least_one_card():
    g = game()
    s = build(g, color="r", cards={1: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    assert texts(g, s) == ["move rS 1"]


def test_occupied_card_is_ignored_no_landing_no_stop_not_counted():
    g = game()
    # card 2 holds yS: for rS it does not exist; card 3 (red) holds gS: not a stop for rS
    s = build(g, color="r", cards={3: RED_CARD, 7: RED_CARD2},
              pyramids={"yS": 2, "gS": 3, "rM": 14, "rL": 14})
    assert texts(g, s) == ["move rS 1", "move rS 4", "move rS 5", "move rS 6", "move rS 7"]
    # a medium pyramid is not hindered by small ones: card 3 is its stop
    s = build(g, color="r", cards={3: RED_CARD, 7: RED_CARD2},
              pyramids={"yS": 2, "gS": 3, "rS": 14, "rL": 14})
    assert texts(g, s) == ["move rM 1", "move rM 2", "move rM 3"]


def test_ordinary_card_holds_at_most_one_pyramid_of_each_size():
    g = game()
    s = build(g, color="w", pyramids={"yS": 2})
    assert "move rS 2" not in texts(g, s) and "move rM 2" in texts(g, s)
    d = g.to_dict(build(g, color="w"))
    d["pyramids"]["yS"] = 2
    d["pyramids"]["gS"] = 2
    with pytest.raises(StateError):
        g.from_dict(d)


def test_special_cards_have_no_size_limit_and_depict_nothing():
    g = game()
    # gS lies on JAIL, yS stands on JAIL: rS may still land there; JAIL is no stop
    s = build(g, color="r", pyramids={"rS": 4, "gS": 5, "yS": 5, "rM": 14, "rL": 14},
              lying=("gS",))
    assert texts(g, s) == [f"move rS {q}" for q in range(5, 15)]


def test_goal_is_reachable_by_several_of_a_size():
    g = game()
    s = build(g, color="r", pyramids={"rS": 12, "yS": 14, "gS": 14, "rM": 14, "rL": 14})
    assert texts(g, s) == ["move rS 13", "move rS 14"]


def test_move_event_lists_the_path():
    g = game()
    s = build(g, color="r", cards={7: RED_CARD}, pyramids={"yS": 3, "rM": 14, "rL": 14})
    _, events = play(g, s, "move rS 6")
    assert events[0].to_dict() == {"type": "move", "seat": 0, "pyramid": "rS", "from": 0, "to": 6,
                         "path": [1, 2, 4, 5, 6]}


# --- Jail, trapdoor, amnesty -------------------------------------------------------------

def test_landing_on_jail_lies_down():
    g = game()
    s = build(g, color="r")
    s2, events = play(g, s, "move rS 5")
    d = g.to_dict(s2)
    assert d["pyramids"]["rS"] == 5 and d["lying"] == ["rS"]
    assert {"type": "jail", "pyramid": "rS", "position": 5} in [e.to_dict() for e in events]


def test_trapdoor_falls_straight_into_jail():
    g = game()
    s = build(g, color="r", pyramids={"rS": 12})
    s2, events = play(g, s, "move rS 13")
    d = g.to_dict(s2)
    assert d["pyramids"]["rS"] == 5 and d["lying"] == ["rS"]
    assert [e.type for e in events] == ["move", "trapdoor_fall", "jail"]
    assert events[1].to_dict() == {"type": "trapdoor_fall", "pyramid": "rS", "from": 13, "to": 5}


def test_trapdoor_falls_into_jail_wherever_it_lies_now():
    g = game()
    s = build(g, color="r", pyramids={"rS": 12},
              specials={0: "START", 9: "JAIL", 13: "TRAPDOOR", 14: "GOAL"})
    s2, _ = play(g, s, "move rS 13")
    assert places(g, s2)["rS"] == 9 and g.to_dict(s2)["lying"] == ["rS"]


def test_lying_pyramid_cannot_move():
    g = game()
    s = build(g, color="w", pyramids={"rS": 5}, lying=("rS",))
    assert not any(m.startswith("move rS") for m in texts(g, s))


def test_no_trapdoor_rule_makes_the_card_ordinary():
    g = game(trapdoor=False)
    track = g.to_dict(g.new_game(2, 1))["track"]
    assert "TRAPDOOR" not in track and "-" in track[13]
    s = build(g, color="r", pyramids={"rS": 12})
    s2, _ = play(g, s, "move rS 13")
    assert places(g, s2)["rS"] == 13 and g.to_dict(s2)["lying"] == []


def test_amnesty_when_a_pyramid_reaches_goal():
    g = game()
    s = build(g, color="r", pyramids={"rS": 12, "gS": 5, "bM": 5, "yL": 5},
              lying=("gS", "bM"))
    s2, events = play(g, s, "move rS 14")
    d = g.to_dict(s2)
    assert d["lying"] == [] and d["pyramids"]["gS"] == 5 and d["pyramids"]["bM"] == 5
    assert {"type": "amnesty", "cause": "goal", "pyramids": ["gS", "bM"]} in [e.to_dict() for e in events]


def test_freed_pyramid_moves_again_next_turn():
    g = game()
    s = build(g, color="r", pyramids={"rS": 12, "gS": 5}, lying=("gS",))
    s2, _ = play(g, s, "move rS 14")
    s3, _ = g.apply(s2, g.legal_moves(s2)[0])  # roll
    d = g.to_dict(s3)
    d["color"] = "g"
    s3 = g.from_dict(d)
    assert any(m.startswith("move gS") for m in texts(g, s3))


def test_amnesty_at_once_when_every_pyramid_not_in_goal_lies_in_jail():
    g = game()
    spots = {code: 14 for code in PYRAMIDS}
    spots.update({"gS": 5, "bM": 5, "rS": 12})
    s = build(g, color="r", pyramids=spots, lying=("gS", "bM"))
    s2, events = play(g, s, "move rS 13")   # trapdoor: now all three not in GOAL lie
    assert g.to_dict(s2)["lying"] == []
    assert events[-1].type == "amnesty" and events[-1].cause == "all_jailed"
    assert events[-1].pyramids == ("rS", "gS", "bM")


def test_no_early_amnesty_while_a_pyramid_stands_outside_goal():
    g = game()
    spots = {code: 14 for code in PYRAMIDS}
    spots.update({"gS": 5, "bM": 7, "rS": 12})
    s = build(g, color="r", pyramids=spots, lying=("gS",))
    s2, _ = play(g, s, "move rS 13")
    assert g.to_dict(s2)["lying"] == ["rS", "gS"]


def test_moving_past_jail_is_allowed():
    g = game()
    s = build(g, color="r", pyramids={"rS": 4})
    assert "move rS 6" in texts(g, s)
    s2, _ = play(g, s, "move rS 6")
    assert places(g, s2)["rS"] == 6 and g.to_dict(s2)["lying"] == []


# --- Bonus swap --------------------------------------------------------------------------

def test_bonus_offered_when_third_size_lands_on_ordinary_card():
    g = game()
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4})
    s2, events = play(g, s, "move rS 4")
    d = g.to_dict(s2)
    assert d["step"] == "bonus" and d["to_move"] == 0 and d["color"] == "r"
    assert events[-1].to_dict() == {"type": "bonus_offer", "seat": 0, "position": 4}
    moves = texts(g, s2)
    assert len(moves) == 79 and moves[0] == "swap 1 2" and moves[-1] == "noswap"
    assert "swap 0 3" not in moves and "swap 3 14" not in moves and "swap 5 13" in moves


def test_no_bonus_with_two_pyramids():
    g = game()
    s = build(g, color="r", pyramids={"gM": 4})
    s2, _ = play(g, s, "move rS 4")
    assert g.to_dict(s2)["step"] == "color"


def test_no_bonus_on_special_cards():
    g = game()
    s = build(g, color="r", pyramids={"gM": 5, "bL": 5, "rS": 4})
    s2, _ = play(g, s, "move rS 5")
    assert g.to_dict(s2)["step"] == "color"
    spots = {"gM": 14, "bL": 14, "rS": 12}
    s = build(g, color="r", pyramids=spots)
    s2, _ = play(g, s, "move rS 14")
    assert g.to_dict(s2)["step"] == "color"


def test_bonus_swap_face_up_only():
    g = game(bonus_swap="face-up-only")
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4})
    s2, _ = play(g, s, "move rS 4")
    moves = texts(g, s2)
    assert len(moves) == 55 + 1   # C(11, 2) face-up cards + noswap
    assert not any("5" in m.split()[1:] or "13" in m.split()[1:] for m in moves)


def test_bonus_swap_off():
    g = game(bonus_swap="off")
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4})
    s2, _ = play(g, s, "move rS 4")
    assert g.to_dict(s2)["step"] == "color"


def test_swap_carries_pyramids_with_their_cards():
    g = game()
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4, "kS": 10, "yS": 5}, lying=("yS",))
    s2, _ = play(g, s, "move rS 4")
    before = g.to_dict(s2)["track"]
    s3, events = play(g, s2, "swap 4 10")
    d = g.to_dict(s3)
    assert events[0].to_dict() == {"type": "swap", "seat": 0, "positions": [4, 10]}
    assert d["track"][10] == before[4] and d["track"][4] == before[10]
    assert d["pyramids"]["rS"] == 10 and d["pyramids"]["gM"] == 10 and d["pyramids"]["kS"] == 4
    assert d["step"] == "color" and d["to_move"] == 1
    # JAIL moves with the pyramids lying on it
    s4, _ = play(g, s2, "swap 5 12")
    d = g.to_dict(s4)
    assert d["track"][12] == "JAIL" and d["pyramids"]["yS"] == 12 and d["lying"] == ["yS"]


def test_noswap_declines_the_bonus():
    g = game()
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4})
    s2, _ = play(g, s, "move rS 4")
    s3, events = play(g, s2, "noswap")
    assert [e.to_dict() for e in events] == [{"type": "noswap", "seat": 0}]
    assert g.to_dict(s3)["track"] == g.to_dict(s2)["track"]


def test_win_check_comes_after_the_bonus_decision():
    g = game()
    kept = [["rS-gM-bL", "yS-kM-gL"], ["bS-yM-kL", "kS-bM-yL"]]
    spots = {"rS": 14, "gM": 14, "bL": 14, "kM": 4, "yL": 4, "bS": 2}
    s = build(g, color="w", pyramids=spots, kept=kept, avoid="b")
    s2, events = play(g, s, "move bS 4")
    assert g.to_dict(s2)["step"] == "bonus" and not g.is_over(s2)
    s3, events = play(g, s2, "noswap")
    assert events[-1].to_dict() == {"type": "game_over", "seat": 0, "card": "rS-gM-bL",
                                      "winners": [0], "reason": "trio_in_goal"}


# --- Overstepping ------------------------------------------------------------------------

def test_overstep_off_never_lands_past_a_stop():
    g = game()
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    with pytest.raises(IllegalMove):
        g.parse_move(s, "move rS 4")


def test_overstep_on_lands_on_any_card_ahead():
    g = game(overstep=True)
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14, "yS": 6})
    assert texts(g, s) == [f"move rS {q}" for q in range(1, 15) if q != 6]


def test_report_legal_only_after_a_real_overstep():
    g = game(overstep=True)
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 3")        # onto the stop: no violation
    assert texts(g, s2) == ["roll", "reuse"]
    s2, _ = play(g, s, "move rS 7")        # past the stop at 3
    assert texts(g, s2) == ["roll", "reuse", "report"]
    assert g.to_dict(s2)["overstep_pending"] == {"seat": 0, "pyramid": "rS", "stop": 3}


def test_report_returns_pyramid_to_the_first_stop_and_mover_skips():
    g = game(overstep=True, overstep_penalty_turns=2)
    s = build(g, players=3, color="r", cards={3: RED_CARD, 6: RED_CARD2},
              pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 9")
    s3, events = play(g, s2, "report")
    d = g.to_dict(s3)
    assert d["pyramids"]["rS"] == 3 and d["skips"] == [2, 0, 0]
    assert d["step"] == "color" and d["to_move"] == 1 and "report" not in texts(g, s3)
    assert [e.to_dict() for e in events] == [{"type": "report", "seat": 1, "against": 0, "pyramid": "rS",
                       "from": 9, "to": 3, "skips": 2}]


def test_reported_pyramid_from_jail_stands_on_the_stop():
    g = game(overstep=True)
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"rS": 1, "rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 13")       # trapdoor -> JAIL, lying
    assert g.to_dict(s2)["lying"] == ["rS"]
    s3, _ = play(g, s2, "report")
    d = g.to_dict(s3)
    assert d["pyramids"]["rS"] == 3 and d["lying"] == []


def test_report_to_nearest_free_card_before_an_occupied_stop():
    g = game(overstep=True)
    s = build(g, step="color", color=None, prev="r", to_move=1, cards={3: RED_CARD},
              pyramids={"rS": 9, "yS": 3, "gS": 2}, pending={"seat": 0, "pyramid": "rS",
                                                             "stop": 3})
    s2, _ = play(g, s, "report")
    assert places(g, s2)["rS"] == 1


def test_report_only_in_the_next_colour_step_closed_by_a_colour_choice():
    g = game(overstep=True)
    s = build(g, players=3, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 9")
    s3, _ = play(g, s2, "reuse")
    assert g.to_dict(s3)["overstep_pending"] is None
    s4, _ = g.apply(s3, g.legal_moves(s3)[0])
    assert "report" not in texts(g, s4)


def test_mover_cannot_report_itself():
    g = game(overstep=True)
    s = build(g, players=2, color="r", skips=[0, 1], cards={3: RED_CARD},
              pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 9")      # seat 1 is skipped: seat 0 acts next
    assert g.current_player(s2) == 0 and texts(g, s2) == ["roll", "reuse"]


def test_a_winning_overstep_cannot_be_reported():
    g = game(overstep=True)
    kept = [["rS-gM-bL", "yS-kM-gL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"gM": 14, "bL": 14}, kept=kept)
    s2, _ = play(g, s, "move rS 14")
    assert g.is_over(s2) and g.legal_moves(s2) == []


def test_skipped_turn_is_passed_over_after_report():
    g = game(overstep=True)
    s = build(g, players=2, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 9")
    s3, _ = play(g, s2, "report")
    s4, _ = play(g, s3, "reuse")         # seat 1 moves red
    s5, events = g.apply(s4, g.legal_moves(s4)[0])
    assert {"type": "skip", "seat": 0, "remaining": 0} in [e.to_dict() for e in events]
    assert g.current_player(s5) == 1


# --- End ---------------------------------------------------------------------------------

def test_win_at_end_of_own_turn_reveals_the_card():
    g = game()
    kept = [["yS-kM-gL", "rS-gM-bL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, color="r", pyramids={"gM": 14, "bL": 14, "rS": 9}, kept=kept)
    s2, events = play(g, s, "move rS 14")
    assert g.is_over(s2) and g.current_player(s2) is None
    assert events[-1].to_dict() == {"type": "game_over", "seat": 0, "card": "rS-gM-bL",
                                      "winners": [0], "reason": "trio_in_goal"}
    assert g.result(s2).winners == (0,)
    d = g.to_dict(s2)
    assert d["winners"] == [0] and d["step"] == "over" and d["to_move"] is None


def test_only_the_player_whose_turn_ends_can_win():
    g = game()
    kept = [["yS-kM-gL", "gS-yM-kL"], ["rS-gM-bL", "kS-bM-yL"]]
    s = build(g, color="r", pyramids={"gM": 14, "bL": 14, "rS": 9}, kept=kept)
    s2, _ = play(g, s, "move rS 14")      # completes seat 1's trio on seat 0's turn
    assert not g.is_over(s2)
    s3, _ = play(g, s2, "roll")
    s4, events = g.apply(s3, g.legal_moves(s3)[0])
    assert events[-1].to_dict() == {"type": "game_over", "seat": 1, "card": "rS-gM-bL",
                                      "winners": [1], "reason": "trio_in_goal"}


def test_a_skipped_turn_has_no_win_check():
    g = game()
    kept = [["yS-kM-gL", "gS-yM-kL"], ["rS-gM-bL", "kS-bM-yL"], ["bS-rM-kL", "kS-rM-bL"]]
    s = build(g, players=3, color="r", skips=[0, 1, 0], kept=kept,
              pyramids={"gM": 14, "bL": 14, "rS": 9})
    s2, events = play(g, s, "move rS 14")
    assert not g.is_over(s2) and g.current_player(s2) == 2


def test_shared_trio_first_to_end_own_turn_wins():
    g = game()
    kept = [["yS-kM-gL", "rS-gM-bL"], ["rS-gM-bL", "kS-bM-yL"]]
    with pytest.raises(StateError):   # one card cannot be held twice
        build(g, color="r", kept=kept)


# --- Views and hidden information --------------------------------------------------------

def test_view_hides_other_seats_cards_deck_and_seed():
    g = game()
    s = g.new_game(3, 11)
    v = g.view(s, 1)
    d, full = g.to_dict(v), g.to_dict(s)
    assert d["dealt"][1] == full["dealt"][1]
    assert d["dealt"][0] == ["??"] * 5 and d["dealt"][2] == ["??"] * 5
    assert d["deck"] == ["??"] * len(full["deck"]) and d["rng"] is None
    hidden = set(full["deck"]) | set(full["dealt"][0]) | set(full["dealt"][2])
    d.pop("rules")   # the rule set lists the whole deck; nothing else may name a card
    assert not hidden & set(str(d).replace("'", " ").split())


def test_view_of_winner_shows_the_revealed_card():
    g = game()
    kept = [["yS-kM-gL", "rS-gM-bL"], ["bS-yM-kL", "kS-bM-yL"]]
    s = build(g, color="r", pyramids={"gM": 14, "bL": 14, "rS": 9}, kept=kept)
    s2, _ = play(g, s, "move rS 14")
    assert g.to_dict(g.view(s2, 1))["kept"][0] == ["??", "rS-gM-bL"]


def test_view_events_hide_other_seats_keep():
    g = game()
    s = g.new_game(2, 1)
    _, events = g.apply(s, g.legal_moves(s)[0])
    assert g.view_events(events, 1)[0].cards == ("??", "??")
    assert g.view_events(events, 0) == events


def test_overstep_pending_is_public_information():
    # everything a report needs (stops, the move made) is on the table: the view shows it
    g = game(overstep=True)
    s = build(g, color="r", cards={3: RED_CARD}, pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 9")
    v = g.view(s2, 1)
    assert g.legal_moves(v) == g.legal_moves(s2)


def test_determinize_samples_hidden_cards_consistently():
    g = game()
    s = g.new_game(3, 2)
    for _ in range(3):
        s, _ = g.apply(s, g.legal_moves(s)[0])
    v = g.view(s, 0)
    a = g.determinize(v, 0, random.Random(1))
    b = g.determinize(v, 0, random.Random(2))
    da, db = g.to_dict(a), g.to_dict(b)
    assert da["kept"][0] == g.to_dict(s)["kept"][0] and da["track"] == db["track"]
    assert da["kept"][1] != db["kept"][1] or da["kept"][2] != db["kept"][2]
    assert isinstance(da["rng"], int)
    cards = [c for k in ("kept", "discarded") for row in da[k] for c in row] + da["deck"]
    assert len(set(cards)) == len(cards) and "??" not in cards


# --- from_dict validation ----------------------------------------------------------------

def _base():
    g = game()
    return g, g.to_dict(build(g, color="r"))


@pytest.mark.parametrize("change", [
    lambda d: d["pyramids"].pop("rS"),
    lambda d: d["pyramids"].update({"rS": 15}),
    lambda d: d["pyramids"].update({"rS": -1}),
    lambda d: d["lying"].append("rS"),                    # lying off JAIL
    lambda d: d["dealt"][0].append(d["kept"][1][0]),      # a card twice / impossible deal
    lambda d: d["kept"][0].pop(),                         # one kept card short
    lambda d: d["track"].__setitem__(3, d["track"][4]),   # a track card twice
    lambda d: d["track"].__setitem__(5, "rS-yM-gL"),     # no JAIL
    lambda d: d.update(step="dance"),
    lambda d: d.update(color=None),                       # move step needs a colour
    lambda d: d.update(to_move=2),
    lambda d: d.update(winners=[0]),
    lambda d: d.pop("skips"),
    lambda d: d.update(game="cesta"),
])
def test_from_dict_rejects_impossible_positions(change):
    g, d = _base()
    g.from_dict(d)
    change(d)
    with pytest.raises(StateError):
        g.from_dict(d)


def test_round_trip_of_a_scenario():
    g, d = _base()
    assert g.to_dict(g.from_dict(d)) == d


# --- Notation ----------------------------------------------------------------------------

def test_notation_of_every_move_kind():
    g = game(overstep=True)
    s = build(g, color="r", pyramids={"gM": 4, "bL": 4})
    for text in ("move rS 4", "move rS 1"):
        assert g.format_move(g.parse_move(s, text)) == text
    s2, _ = play(g, s, "move rS 4")
    for text in ("swap 1 2", "swap 5 13", "noswap"):
        assert g.format_move(g.parse_move(s2, text)) == text
    with pytest.raises(IllegalMove):
        g.parse_move(s2, "swap 13 5")
    with pytest.raises(IllegalMove):
        g.parse_move(s2, "swap 0 3")
    with pytest.raises(IllegalMove):
        g.apply(s, g.parse_move(s2, "noswap"))


def test_trios_depict_three_colours():
    assert colours(RED_CARD) == {"r", "y", "g"}


def test_history_records_every_move_made_publicly():
    # "Open: ... every move made" - the state keeps a public record the views show too
    g = game()
    s = build(g, color="r", pyramids={"rM": 14, "rL": 14})
    s2, _ = play(g, s, "move rS 13")
    d = g.to_dict(g.view(s2, 1))
    assert d["history"] == [[0, "rS", 0, 13]]
    assert g.to_dict(g.from_dict(d)) == d


def test_from_dict_accepts_hand_written_spellings():
    # no "rng" key and no unknown card: a full state (rolls work); dealt cards still
    # listed after keeping are read as kept + discarded
    g = game()
    s = g.new_game(2, 3)
    for _ in range(2):
        s, _ = g.apply(s, g.legal_moves(s)[0])
    d = g.to_dict(s)
    d.pop("rng")
    d["dealt"] = [d["kept"][i] + d["discarded"][i] for i in range(2)]
    d.pop("discarded")
    s2 = g.from_dict(d)
    assert g.to_dict(s2)["dealt"] == [[], []]
    assert sorted(g.to_dict(s2)["discarded"][1]) == sorted(g.to_dict(s)["discarded"][1])
    s3, events = g.apply(s2, g.legal_moves(s2)[0])
    assert events[0].type == "roll"
