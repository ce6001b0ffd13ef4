"""Scenarios of every tricky clause of royal-road.md, engine and reference side by side.

Each position is built through ``from_dict`` (``test_royal_road_helpers.build``: filler
cards depict no red unless a test lays out red cards). ``Both`` plays the same moves on the
engine and on ``tests/reference/royal_road_ref.py``, checking at every step that the legal
move sets and the resulting ``to_dict`` agree; the tests then assert what the spec says.
Default track: START 0, JAIL 5, TRAPDOOR 13, GOAL 14.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import IllegalMove, StateError
from tests.rules.test_royal_road_differential import compare_states
from tests.rules.test_royal_road_helpers import build, game
from tests.support.reference.royal_road_ref import ref_apply, ref_legal_moves

RED = "rS-yM-gL"        # depicts red (small corner), yellow, green
RED_L = "yS-gM-rL"      # depicts red in its large corner
ALL_GOAL = {c + s: 14 for c in "ygbk" for s in "SML"}


class Both:
    """One position on the engine and on the reference, kept in step."""

    def __init__(self, g: Any, state: Any) -> None:
        self.g = g
        self.state = state
        self.d = g.to_dict(state)
        again = g.from_dict(self.d)
        assert g.to_dict(again) == self.d

    def moves(self) -> set[str]:
        engine = {self.g.format_move(m) for m in self.g.legal_moves(self.state)}
        ref = ref_legal_moves(self.d)
        assert engine == ref, (f"only engine: {sorted(engine - ref)}, "
                               f"only ref: {sorted(ref - engine)}")
        return engine

    def play(self, text: str) -> list[dict[str, Any]]:
        self.moves()
        self.state, events = self.g.apply(self.state, self.g.parse_move(self.state, text))
        new = self.g.to_dict(self.state)
        self.d = ref_apply(self.d, text, new)
        compare_states(self.d, new, f"after {text!r}")
        return events

    def targets(self, code: str) -> list[int]:
        return sorted(int(m.split()[2]) for m in self.moves() if m.split()[1:2] == [code])


def both(g: Any = None, **kw: Any) -> Both:
    g = g or game()
    return Both(g, build(g, **kw))


# --- How far a pyramid moves -------------------------------------------------------------

def test_a_card_occupied_for_the_size_is_no_landing_no_stop_and_not_counted():
    # card 3 is red but holds gS: for rS it does not exist, so red card 7 is the stop
    b = both(cards={3: RED, 7: RED_L}, pyramids={"yS": 2, "gS": 3, "rS": 1})
    assert b.targets("rS") == [4, 5, 6, 7]
    assert b.targets("rM") == [1, 2, 3]          # smalls do not hinder a medium
    # the only non-ignored card ahead is GOAL: one card forward is GOAL itself
    b = both(pyramids={"rS": 10, "yS": 11, "gS": 12}, specials={0: "START", 5: "JAIL",
                                                                  13: "TRAPDOOR", 14: "GOAL"})
    assert b.targets("rS") == [13, 14]


def test_stops_are_face_up_cards_depicting_the_colour_whatever_the_size():
    b = both(cards={4: RED_L})
    for code in ("rS", "rM", "rL"):
        assert b.targets(code) == [1, 2, 3, 4]
    b.play("move rM 4")
    assert b.d["pyramids"]["rM"] == 4


def test_special_cards_have_no_size_limit_depict_nothing_and_goal_ends_the_way():
    b = both(pyramids={"rS": 4, "gS": 5, "yS": 5, "bS": 14, "kS": 14}, lying=("gS",))
    assert b.targets("rS") == list(range(5, 15))
    b.play("move rS 14")
    assert b.d["pyramids"]["rS"] == 14


def test_without_overstep_nothing_lies_past_the_first_stop():
    b = both(cards={2: RED, 6: RED_L}, color="w")
    assert b.targets("rS") == [1, 2]
    for colour in "ygbk":
        stops = [q for q, card in enumerate(b.d["track"]) if "-" in card and colour in
                 {part[0] for part in card.split("-")}]
        last = stops[0] if stops else 14
        assert b.targets(colour + "M") == list(range(1, last + 1))


# --- Jail, trapdoor, amnesty -------------------------------------------------------------

def test_trapdoor_falls_into_jail_wherever_jail_lies_now_also_after_a_swap():
    # cards 3 and 4 hold yS+gM / and the mover completes card 3 with rL, then swaps
    # JAIL (5) with card 9: the trapdoor now drops pyramids on position 9
    b = both(cards={3: RED_L}, pyramids={"yS": 3, "gM": 3, "bS": 5, "kM": 12},
             lying=("bS",), players=2)
    assert b.moves() >= {"move rL 3"}
    b.play("move rL 3")
    assert b.d["step"] == "bonus" and "swap 5 9" in b.moves()
    b.play("swap 5 9")
    assert b.d["track"][9] == "JAIL" and b.d["pyramids"]["bS"] == 9 and b.d["lying"] == ["bS"]
    assert b.d["pyramids"]["rL"] == 3
    # seat 1 rolls next; rather than hunt for a black face, continue at its move step
    d = dict(b.d, step="move", color="k", to_move=1)
    b2 = Both(b.g, b.g.from_dict(d))
    b2.play("move kM 13")
    assert b2.d["pyramids"]["kM"] == 9 and b2.d["lying"] == ["bS", "kM"]


def test_amnesty_when_a_pyramid_reaches_goal_frees_from_the_next_turn():
    b = both(pyramids={"rS": 10, "gS": 5, "bM": 5}, lying=("gS", "bM"))
    b.play("move rS 14")
    assert b.d["lying"] == [] and b.d["pyramids"]["gS"] == 5
    assert b.d["to_move"] == 1 and b.d["step"] == "color"


def test_amnesty_at_once_when_every_pyramid_not_in_goal_lies_in_jail():
    jailed = {"yS": 5, "yM": 5, "rM": 5, "rL": 5}
    kept = [["yS-gM-bL", "gS-yM-bL"], ["yS-bM-gL", "gS-bM-yL"]]
    places = {**ALL_GOAL, **jailed, "rS": 3}
    b = both(pyramids=places, lying=("yS", "yM", "rM", "rL"), kept=kept)
    b.play("move rS 13")     # trapdoor: into JAIL, and now everyone not in GOAL lies
    assert b.d["lying"] == [] and b.d["pyramids"]["rS"] == 5
    b = both(pyramids=places, lying=("yS", "yM", "rM", "rL"), kept=kept)
    b.play("move rS 5")
    assert b.d["lying"] == []
    b = both(pyramids=places, lying=("yS", "yM", "rM", "rL"), kept=kept)
    b.play("move rS 9")      # rS still stands outside: no amnesty
    assert b.d["lying"] == ["rM", "rL", "yS", "yM"]


# --- Bonus swap --------------------------------------------------------------------------

def test_bonus_exactly_when_the_third_size_arrives_on_an_ordinary_card():
    b = both(cards={3: RED}, pyramids={"yS": 3, "gM": 3})
    b.play("move rL 3")
    moves = b.moves()
    assert b.d["step"] == "bonus" and "noswap" in moves
    assert moves - {"noswap"} == {f"swap {a} {x}" for a in range(1, 14)
                                  for x in range(a + 1, 14)}
    # two sizes only: no bonus
    b = both(cards={3: RED}, pyramids={"yS": 3})
    b.play("move rL 3")
    assert b.d["step"] == "color"
    # specials never give it, even holding all three sizes
    for q in (5, 13, 14):
        b = both(pyramids={"yS": 5, "gM": 5, "rL": 4}, lying=("yS", "gM"))
        b.play(f"move rL {q}")
        assert b.d["step"] == "color"


def test_swap_pairs_per_mode_and_pyramids_travel_with_their_cards():
    g = game(bonus_swap="face-up-only")
    b = both(g, cards={3: RED}, pyramids={"yS": 3, "gM": 3, "bS": 5}, lying=("bS",))
    b.play("move rL 3")
    face_up = [q for q in range(1, 13) if q != 5]
    assert b.moves() - {"noswap"} == {f"swap {a} {x}" for a in face_up for x in face_up
                                      if a < x}
    b.play("swap 3 11")
    assert {b.d["pyramids"][c] for c in ("yS", "gM", "rL")} == {11}
    assert b.d["track"][11] == RED and b.d["to_move"] == 1
    g = game(bonus_swap="off")
    b = both(g, cards={3: RED}, pyramids={"yS": 3, "gM": 3})
    b.play("move rL 3")
    assert b.d["step"] == "color"


def test_win_check_comes_after_the_bonus_decision_of_the_mover():
    kept = [["yS-gM-bL", "gS-yM-bL"], ["bS-yM-gL", "kS-yM-gL"]]
    b = both(cards={3: RED}, pyramids={"yS": 14, "gM": 14, "bL": 14, "kS": 3, "bM": 3},
             kept=kept)
    b.play("move rL 3")
    assert b.d["step"] == "bonus" and b.d["winners"] == []
    b.play("swap 2 3")
    assert b.d["step"] == "over" and b.d["winners"] == [0] and b.d["win_card"] == "yS-gM-bL"


# --- Colour step -------------------------------------------------------------------------

def test_first_turn_must_roll_then_reuse_except_after_white():
    g = game(first_player=1)
    b = Both(g, g.new_game(3, 5))
    for _ in range(3):
        b.play(sorted(b.moves())[0])
    assert b.d["to_move"] == 1 and b.moves() == {"roll"}
    b = both(step="color", color=None, prev="w")
    assert b.moves() == {"roll"}
    b = both(step="color", color=None, prev="b")
    assert b.moves() == {"roll", "reuse"}
    b.play("reuse")
    assert b.d["color"] == "b"
    b = both(game(reuse_previous=False), step="color", color=None, prev="b")
    assert b.moves() == {"roll"}


def test_previous_colour_kept_through_a_pass_and_unchanged_by_a_skipped_turn():
    b = both(players=3, color="r", prev="g", skips=[0, 1, 0],
             pyramids={"rS": 14, "rM": 14, "rL": 14})
    assert b.moves() == {"pass"}
    b.play("pass")
    assert b.d["previous_color"] == "r" and b.d["to_move"] == 2 and b.d["skips"] == [0, 0, 0]
    b.play("reuse")
    assert b.d["color"] == "r"


def test_pass_only_when_no_pyramid_of_the_colour_can_move():
    b = both(color="r", pyramids={"rS": 14, "rM": 5, "rL": 13}, lying=("rM",))
    assert b.moves() == {"move rL 14"}


# --- End ---------------------------------------------------------------------------------

def test_only_the_mover_wins_at_the_end_of_its_own_turn():
    kept = [["yS-gM-bL", "gS-yM-bL"], ["rS-gM-bL", "kS-yM-gL"]]
    b = both(pyramids={"rS": 12, "rM": 14, "rL": 14, "gM": 14, "bL": 14}, kept=kept)
    b.play("move rS 14")            # completes seat 1's trio, seat 0 does not win
    assert b.d["step"] == "color" and b.d["to_move"] == 1
    b.play("reuse")
    b.play("pass")                  # red cannot move: seat 1's own turn ends, it wins
    assert b.d["winners"] == [1] and b.d["win_card"] == "rS-gM-bL"


def test_a_skipped_turn_has_no_win_check():
    kept = [["yS-gM-bL", "gS-yM-bL"], ["rS-gM-bL", "kS-yM-gL"]]
    b = both(pyramids={"rS": 12, "gM": 14, "bL": 14}, kept=kept, skips=[0, 1])
    b.play("move rS 14")
    assert b.d["to_move"] == 0 and b.d["step"] == "color" and b.d["winners"] == []


# --- Overstepping ------------------------------------------------------------------------

OVER = {"overstep": True}


def test_overstep_lands_past_stops_and_only_a_real_overstep_is_reportable():
    g = game(**OVER)
    b = both(g, cards={3: RED, 7: RED_L})
    assert b.targets("rS") == list(range(1, 15))
    b.play("move rS 3")           # on the stop: nothing to report
    assert "report" not in b.moves()
    b = both(g, cards={3: RED, 7: RED_L})
    b.play("move rS 9")
    assert b.d["overstep_pending"] == {"seat": 0, "pyramid": "rS", "stop": 3}
    assert "report" in b.moves()
    b.play("report")
    assert b.d["pyramids"]["rS"] == 3 and b.d["skips"] == [1, 0]
    assert "report" not in b.moves()          # reported once only
    b.play("reuse")
    b.play("move rM 3")
    assert b.d["to_move"] == 1 and b.d["skips"] == [0, 0]   # seat 0 skipped


def test_report_goes_to_the_nearest_free_card_before_an_occupied_stop():
    g = game(**OVER)
    b = both(g, cards={3: RED}, pyramids={"yS": 3, "gS": 2, "rS": 0, "bS": 1})
    b.play("move rS 6")      # 1, 2 and 3 are occupied for smalls: the way counts 4 first
    assert b.d["overstep_pending"] is None
    b = both(g, cards={4: RED}, pyramids={"yS": 1})
    b.play("move rS 9")
    d = dict(b.d)
    d["pyramids"] = dict(d["pyramids"], gS=4, bS=3)
    b2 = Both(g, g.from_dict(d))
    b2.play("report")
    assert b2.d["pyramids"]["rS"] == 2


def test_report_after_a_trapdoor_fall_stands_the_pyramid_on_the_stop():
    g = game(**OVER, overstep_penalty_turns=2)
    b = both(g, players=3, cards={3: RED}, pyramids={"rS": 1})
    b.play("move rS 13")
    assert b.d["lying"] == ["rS"]
    b.play("report")
    assert b.d["pyramids"]["rS"] == 3 and b.d["lying"] == [] and b.d["skips"] == [2, 0, 0]


def test_choosing_a_colour_closes_the_report_window_and_the_mover_cannot_report():
    g = game(**OVER)
    b = both(g, cards={3: RED})
    b.play("move rS 9")
    b.play("roll")
    assert b.d["overstep_pending"] is None
    b = both(g, cards={3: RED}, skips=[0, 1])
    b.play("move rS 9")
    assert b.d["to_move"] == 0 and "report" not in b.moves()


def test_a_winning_overstep_cannot_be_reported():
    g = game(**OVER)
    kept = [["rS-gM-bL", "gS-yM-bL"], ["bS-yM-gL", "kS-yM-gL"]]
    b = both(g, cards={3: RED}, pyramids={"gM": 14, "bL": 14}, kept=kept)
    b.play("move rS 14")
    assert b.d["step"] == "over" and b.d["overstep_pending"] is None and not b.moves()


def test_penalty_zero_still_reports_without_a_skip():
    g = game(**OVER, overstep_penalty_turns=0)
    b = both(g, cards={3: RED})
    b.play("move rS 9")
    b.play("report")
    assert b.d["skips"] == [0, 0] and b.d["pyramids"]["rS"] == 3


# --- Setup -------------------------------------------------------------------------------

def test_keep_step_goes_seat_zero_first_then_the_first_player():
    g = game(first_player=2, deal=4, keep=2)
    b = Both(g, g.new_game(4, 3))
    for seat in range(4):
        assert b.d["to_move"] == seat and len(b.moves()) == 6
        b.play(sorted(b.moves())[-1])
    assert b.d["step"] == "color" and b.d["to_move"] == 2


def test_a_reported_pyramid_does_not_block_its_own_card():
    # rS oversteps stop 3 onto card 8 and completes it; the bonus swap brings card 8 (with
    # rS) to position 2. Stop 3 now holds bS, so rS goes to the nearest card before it that
    # is free for a small: card 2, where it stands already (it does not block itself).
    g = game(**OVER)
    b = both(g, cards={3: RED}, pyramids={"yM": 8, "gL": 8})
    b.play("move rS 8")
    b.play("swap 2 8")
    assert b.d["pyramids"]["rS"] == 2 and b.d["overstep_pending"]["stop"] == 3
    d = dict(b.d, pyramids=dict(b.d["pyramids"], bS=3))
    b2 = Both(g, g.from_dict(d))
    b2.play("report")
    assert b2.d["pyramids"]["rS"] == 2


def test_a_pending_overstep_needs_the_rule_and_a_colour_or_bonus_step():
    pending = {"seat": 1, "pyramid": "rS", "stop": 3}
    with pytest.raises(StateError):
        both(step="color", color=None, pending=pending, pyramids={"rS": 9})
    with pytest.raises(StateError):
        both(game(**OVER), step="move", pending=pending, pyramids={"rS": 9})
    b = both(game(**OVER), step="color", color=None, pending=pending, pyramids={"rS": 9})
    assert "report" in b.moves()


def test_from_dict_reads_leftover_dealt_cards_after_keeping_as_discards():
    g = game()
    state = g.new_game(3, 8)
    for _ in range(3):
        state, _ = g.apply(state, g.legal_moves(state)[-1])
    d = g.to_dict(state)
    leftover = dict(d, dealt=d["discarded"])
    del leftover["discarded"]
    assert g.to_dict(g.from_dict(leftover)) == d
    whole = dict(d, dealt=[k + x for k, x in zip(d["kept"], d["discarded"], strict=True)])
    del whole["discarded"]
    assert sorted(map(sorted, g.to_dict(g.from_dict(whole))["discarded"])) == \
        sorted(map(sorted, d["discarded"]))


def test_notation_swap_smaller_first_and_report_only_when_legal():
    b = both(cards={3: RED}, pyramids={"yS": 3, "gM": 3})
    b.play("move rL 3")
    with pytest.raises(IllegalMove):
        b.g.parse_move(b.state, "swap 9 3")
    with pytest.raises(IllegalMove):
        b.g.parse_move(b.state, "swap 0 3")       # START never moves
    with pytest.raises(IllegalMove):
        b.g.parse_move(b.state, "swap 3 14")      # nor GOAL
    b.play("swap 3 9")
    g = game(**OVER)
    b = both(g, cards={3: RED})
    b.play("move rS 2")
    with pytest.raises(IllegalMove):
        g.parse_move(b.state, "report")
