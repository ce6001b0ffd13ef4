"""Cesta: one test per rule sentence of shared/spec/cesta.md, scenarios built with from_dict."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import IllegalMove, RulesError, get_game
from game.rules.cesta import Draw, Pass, Play
from game.rules.cesta.cards import CODES

GAME = get_game("cesta")
EVENTS = [CODES[c] for c in range(32)]
ACTIONS = ["TIME", "RUST", "DEED"]


def build(game: Any = GAME, *, sides: dict[int, tuple] | None = None,
          owners: dict[int, int] | None = None, hands: tuple[list, list] = ([], []),
          to_move: int | None = 0, step: str = "play", passes: int = 0,
          event_deck: list[str] | None = None, action_deck: list[str] | None = None,
          event_top: list[str] = (), winners: list[int] | None = None) -> Any:
    """A state from a compact description; unplaced cards fill the decks (sorted order).

    ``sides`` maps a milestone (1-based) to (events0, actions0, events1, actions1);
    ``event_top`` are put on top of the event deck (the last one drawn first).
    """
    sides = sides or {}
    owners = owners or {}
    milestones = []
    placed: list[str] = list(hands[0]) + list(hands[1])
    for m in range(1, game.milestones + 1):
        e0, a0, e1, a1 = sides.get(m, ([], [], [], []))
        placed += e0 + a0 + e1 + a1
        milestones.append({"sides": [{"events": list(e0), "actions": list(a0)},
                                     {"events": list(e1), "actions": list(a1)}],
                           "owner": owners.get(m)})
    if event_deck is None:
        event_deck = [c for c in EVENTS if c not in placed and c not in event_top]
        event_deck += list(event_top)
    if action_deck is None:
        action_deck = []
        for kind in ACTIONS if game.action_cards else []:
            action_deck += [kind] * (game.action_copies - placed.count(kind))
    data = {"game": "cesta", "version": 1, "players": 2, "to_move": to_move,
            "winners": winners or [], "rules": game.rules, "step": step, "passes": passes,
            "hands": [list(hands[0]), list(hands[1])], "event_deck": event_deck,
            "action_deck": action_deck, "milestones": milestones}
    return game.from_dict(data)


def play(state: Any, text: str, game: Any = GAME) -> tuple[Any, list[dict]]:
    """Apply one move given in notation."""
    return game.apply(state, game.parse_move(state, text))


def end_turn(state: Any, text: str, game: Any = GAME) -> tuple[Any, list[dict]]:
    """Play ``text`` and, if a draw step follows, draw from the event deck (or the other)."""
    state, events = play(state, text, game)
    if game.to_dict(state)["step"] == "draw":
        deck = "event" if "draw event" in map(game.format_move, game.legal_moves(state)) \
            else "action"
        state, more = play(state, f"draw {deck}", game)
        events += more
    return state, events


def claims(events: list[dict]) -> list[tuple[int, int, str]]:
    return [(e.seat, e.milestone, e.how) for e in events if e.type == "claim"]


def owners(state: Any, game: Any = GAME) -> list[int | None]:
    return [m["owner"] for m in game.to_dict(state)["milestones"]]


def moves(state: Any, game: Any = GAME) -> list[str]:
    return [game.format_move(m) for m in game.legal_moves(state)]


def duel(mine: list[str], theirs: list[str], my_actions: tuple = (), their_actions: tuple = (),
         game: Any = GAME) -> list[tuple[int, int, str]]:
    """Seat 0 holds ``mine`` at milestone 3 against ``theirs``; seat 1 ends a turn elsewhere;
    returns the claims at the start of seat 0's turn."""
    free = [c for c in ("GA", "BA", "YA", "RA", "G7", "B7") if c not in mine + theirs]
    state = build(game, sides={3: (mine, list(my_actions), theirs, list(their_actions))},
                  hands=([free[0]], [free[1]]), to_move=1)
    card = game.to_dict(state)["hands"][1][0]
    state, events = end_turn(state, f"play {card} 1", game)
    return claims(events)


# --- components and setup ---------------------------------------------------------------

def test_setup_shuffles_and_deals_hand_size_event_cards_to_each_player() -> None:
    data = GAME.to_dict(GAME.new_game(2, 7))
    assert [len(h) for h in data["hands"]] == [5, 5]
    assert all(c in EVENTS for h in data["hands"] for c in h)
    assert len(data["event_deck"]) == 22 and sorted(data["action_deck"]) == sorted(ACTIONS * 2)
    assert data["step"] == "play" and data["passes"] == 0


def test_setup_deals_hand_size_house_rule() -> None:
    game = get_game("cesta", {"hand_size": 7})
    assert [len(h) for h in game.to_dict(game.new_game(2, 1))["hands"]] == [7, 7]


def test_random_seat_starts_decided_by_the_seed() -> None:
    starters = {GAME.current_player(GAME.new_game(2, seed)) for seed in range(20)}
    assert starters == {0, 1}
    assert GAME.to_dict(GAME.new_game(2, 5)) == GAME.to_dict(GAME.new_game(2, 5))


def test_exactly_two_players() -> None:
    with pytest.raises(RulesError):
        GAME.new_game(3, 1)


def test_action_cards_false_plays_with_event_cards_only() -> None:
    game = get_game("cesta", {"action_cards": False})
    data = game.to_dict(game.new_game(2, 1))
    assert data["action_deck"] == []


def test_action_copies_house_rule() -> None:
    game = get_game("cesta", {"action_copies": 1})
    assert sorted(game.to_dict(game.new_game(2, 1))["action_deck"]) == sorted(ACTIONS)


def test_strength_u_is_10_o_20_k_30_a_40() -> None:
    # colour runs 9 10 U in yellow and green: 29 each, no heart: open draw (U counts 10)
    assert duel(["Y9", "Y10", "YU"], ["G9", "G10", "GU"]) == []
    # sums U+7+8 = 25 = 10+7+8: open draw
    assert duel(["BU", "G7", "Y8"], ["G10", "B7", "B8"]) == []
    # O counts 20: YO B7 G8 = 35 beats YU B8 G9... (U 8 9 is no run) = 27
    assert duel(["YO", "B7", "G8"], ["YU", "B8", "G9"]) == [(0, 3, "comparison")]
    assert duel(["YK", "B7", "G8"], ["YO", "B10", "G7"]) == [(0, 3, "comparison")]  # 45 > 37
    assert duel(["YA", "B7", "G9"], ["YK", "B10", "G8"]) == [(0, 3, "comparison")]  # 56 > 48


# --- turn: claim, play, draw ------------------------------------------------------------

def test_claim_step_claims_every_claimable_milestone_in_milestone_order() -> None:
    state = build(sides={2: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                         4: (["BA", "BK", "BO"], [], ["R7", "G9", "B9"], [])},
                  hands=(["GA"], ["Y7"]), to_move=1)
    state, events = end_turn(state, "play Y7 1")
    assert claims(events) == [(0, 2, "comparison"), (0, 4, "comparison")]
    assert owners(state) == [None, 0, None, 0, None]
    assert GAME.current_player(state) == 0


def test_claims_happen_only_at_the_start_of_the_claimants_own_turn() -> None:
    state = build(sides={2: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], [])},
                  hands=(["GA", "G7"], ["Y7"]), to_move=0)
    state, events = end_turn(state, "play GA 1")  # seat 0 could claim, but it is 1's turn now
    assert claims(events) == [] and owners(state)[1] is None
    state, events = end_turn(state, "play Y7 1")
    assert claims(events) == [(0, 2, "comparison")]


def test_victory_is_checked_right_after_the_claim_step() -> None:
    state = build(sides={1: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                         2: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], []),
                         3: (["BA", "BK", "BO"], [], ["R7", "R8", "G10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, events = end_turn(state, "play Y7 5")
    assert GAME.is_over(state) and GAME.result(state).winners == (0,)
    assert GAME.result(state).reason == "win_any"
    assert events[-1].to_dict() == {"type": "game_over", "winners": [0], "reason": "win_any"}
    assert GAME.current_player(state) is None and GAME.legal_moves(state) == []


def test_play_event_card_only_where_side_holds_fewer_than_3_events() -> None:
    state = build(sides={1: (["YA", "YK", "YO"], [], [], [])}, hands=(["R7"], ["Y7"]))
    assert moves(state) == ["play R7 2", "play R7 3", "play R7 4", "play R7 5"]
    with pytest.raises(IllegalMove, match="three event cards"):
        GAME.apply(state, Play("R7", 1))


def test_play_only_to_unclaimed_milestones() -> None:
    state = build(sides={1: (["YA", "YK", "YO"], [], ["B7"], [])}, owners={1: 0},
                  hands=(["R7", "TIME"], ["Y7"]))
    assert "play R7 1" not in moves(state) and "play TIME 1" not in moves(state)
    with pytest.raises(IllegalMove, match="claimed") as refusal:
        GAME.apply(state, Play("R7", 1))
    assert refusal.value.message == "Milestone {milestone} is claimed and closed."
    assert refusal.value.values == {"milestone": 1}
    assert refusal.value.reason == "'play R7 1': Milestone 1 is claimed and closed."


def test_play_goes_to_own_side_and_cards_never_move() -> None:
    state = build(hands=(["R7", "R8"], ["Y7"]))
    state, events = GAME.apply(state, Play("R7", 2))
    assert [e.to_dict() for e in events] == [{"type": "play", "seat": 0, "card": "R7", "milestone": 2}]
    assert GAME.to_dict(state)["milestones"][1]["sides"][0]["events"] == ["R7"]
    assert GAME.to_dict(state)["hands"][0] == ["R8"]


def test_card_not_in_hand_is_illegal() -> None:
    state = build(hands=(["R7"], ["Y7"]))
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.apply(state, Play("R8", 2))


def test_pass_only_when_there_is_no_legal_play() -> None:
    state = build(hands=(["R7"], ["Y7"]))
    assert "pass" not in moves(state)
    with pytest.raises(IllegalMove, match="pass"):
        GAME.apply(state, Pass())
    # seat 0's sides are all full and its TIME is dead: only a pass is legal
    sides = {m: (trio, ["TIME"] if m == 2 else [], [], [])
             for m, trio in zip(range(1, 6), (["Y7", "B8", "G9"], ["Y10", "BU", "GO"],
                                              ["B10", "BK", "BA"], ["YO", "YK", "YA"],
                                              ["R7", "RO", "RK"]), strict=True)}
    state = build(sides=sides, hands=(["R8", "TIME"], ["RA"]))
    assert moves(state) == ["pass"]
    state, events = play(state, "pass")
    assert [e.to_dict() for e in events] == [{"type": "pass", "seat": 0}]
    assert GAME.to_dict(state)["step"] == "draw" and GAME.to_dict(state)["passes"] == 1


NO_ACTIONS = get_game("cesta", {"action_cards": False})


def full_table() -> dict[int, tuple]:
    """Every side full: 1, 2, 3, 5 open draws, seat 0 ahead at 4; R10 and RU off the table."""
    return {1: (["Y7", "B8", "G9"], [], ["G7", "Y8", "B9"], []),       # runs 24 / 24
            2: (["Y10", "BU", "GO"], [], ["G10", "YU", "BO"], []),     # runs 40 / 40
            3: (["B10", "BK", "BA"], [], ["GU", "GK", "GA"], []),      # colours 80 / 80
            4: (["YO", "YK", "YA"], [], ["B7", "G8", "Y9"], []),       # colour run / run
            5: (["R7", "RO", "RK"], [], ["R8", "R9", "RA"], [])}       # colours 57 / 57


def test_draw_step_player_chooses_the_deck() -> None:
    state = build(hands=(["R7"], ["Y7"]), event_top=["G7", "GA"],
                  action_deck=["TIME", "TIME", "DEED", "DEED", "RUST", "RUST"])
    state, _ = play(state, "play R7 1")
    assert GAME.current_player(state) == 0 and moves(state) == ["draw event", "draw action"]
    after, events = play(state, "draw action")
    assert GAME.to_dict(after)["hands"][0] == ["RUST"]  # the top card is the last listed
    assert events[0].to_dict() == {"type": "draw", "seat": 0, "deck": "action", "card": "RUST"}
    after, events = play(state, "draw event")
    assert GAME.to_dict(after)["hands"][0] == ["GA"]
    assert GAME.current_player(after) == 1


def test_draw_from_the_only_deck_left_is_still_a_move() -> None:
    sides = {2: ([], ["TIME"], [], ["RUST"]), 3: ([], ["RUST"], [], ["DEED"]),
             4: ([], ["DEED"], [], ["TIME"])}
    state = build(sides=sides, hands=(["R7"], ["Y7"]))
    state, _ = play(state, "play R7 1")
    assert moves(state) == ["draw event"]
    state = build(sides=full_table(), hands=(["TIME", "R10"], ["RU"]), event_deck=[])
    state, _ = play(state, "play TIME 1")
    assert moves(state) == ["draw action"]


def test_an_empty_deck_cannot_be_chosen() -> None:
    state = build(sides=full_table(), hands=(["TIME", "R10"], ["RU"]), event_deck=[])
    state, _ = play(state, "play TIME 1")
    with pytest.raises(IllegalMove, match="empty"):
        GAME.apply(state, Draw("event"))


def test_draw_step_skipped_when_hand_already_holds_hand_size_cards() -> None:
    game = get_game("cesta", {"action_cards": False, "hand_size": 1})
    state = build(game, sides=full_table(), hands=(["R10"], []), event_deck=["RU"])
    assert moves(state, game) == ["pass"]
    state, events = play(state, "pass", game)
    assert [e.type for e in events] == ["pass"]
    assert game.current_player(state) == 1 and game.to_dict(state)["step"] == "play"


def test_draw_step_skipped_when_both_decks_are_empty() -> None:
    sides = full_table()
    sides[5] = (["R7", "RO"], [], ["R8", "R9", "RA"], [])
    state = build(NO_ACTIONS, sides=sides, hands=(["RK", "R10"], ["RU"]), event_deck=[])
    state, events = play(state, "play RK 5", NO_ACTIONS)
    assert [e.type for e in events] == ["play"]
    assert NO_ACTIONS.current_player(state) == 1
    assert NO_ACTIONS.to_dict(state)["step"] == "play"


def test_draw_event_is_public_but_the_card_is_hidden_from_the_other_seat() -> None:
    state = build(hands=(["R7"], ["Y7"]), event_top=["G7", "GA"])
    state, _ = play(state, "play R7 1")
    state, events = play(state, "draw event")
    assert GAME.view_events(events, 1)[0].to_dict() == {"type": "draw", "seat": 0, "deck": "event",
                                              "card": "??"}
    assert GAME.view_events(events, 0)[0].card == "GA"
    state2 = build(hands=(["R7"], ["Y7"]))
    state2, _ = play(state2, "play R7 1")
    _, events = play(state2, "draw action")
    assert GAME.view_events(events, 1)[0].card == "?A"
    assert events[0].card in ACTIONS  # the original list is not changed


# --- combinations and comparing ---------------------------------------------------------

@pytest.mark.parametrize("stronger,weaker", [
    (["Y7", "Y8", "Y9"], ["B7", "G7", "R7"]),       # colour run beats three of a kind
    (["B7", "G7", "Y7"], ["YA", "YK", "Y10"]),      # three of a kind beats colour
    (["YA", "YK", "Y7"], ["BA", "GK", "BO"]),       # colour beats run (A K O)
    (["B7", "G8", "Y9"], ["BA", "GA", "YK"]),       # run beats sum
])
def test_higher_category_wins(stronger: list[str], weaker: list[str]) -> None:
    assert duel(stronger, weaker) == [(0, 3, "comparison")]


def test_order_of_play_does_not_matter() -> None:
    assert duel(["Y9", "Y7", "Y8"], ["B7", "G7", "R7"]) == [(0, 3, "comparison")]


def test_runs_do_not_wrap_around() -> None:
    # A 7 8 is no run: sum 55 loses to the run 7 8 9 (24)
    assert duel(["B7", "G8", "Y9"], ["BA", "G7", "Y8"]) == [(0, 3, "comparison")]


def test_same_category_higher_sum_wins() -> None:
    assert duel(["B8", "G8", "Y8"], ["B7", "G7", "Y7"]) == [(0, 3, "comparison")]


def test_same_sum_the_combination_with_a_heart_wins() -> None:
    assert duel(["R7", "G8", "Y9"], ["B7", "Y8", "G9"]) == [(0, 3, "comparison")]


def test_heart_tiebreak_house_rule_off_gives_open_draw() -> None:
    game = get_game("cesta", {"heart_tiebreak": False})
    assert duel(["R7", "G8", "Y9"], ["B7", "Y8", "G9"], game=game) == []


def test_equal_without_heart_is_an_open_draw_and_the_milestone_stays_open() -> None:
    state = build(sides={3: (["B7", "G8", "Y9"], [], ["G7", "B8", "B9"], [])},
                  hands=(["GA"], ["YA"]), to_move=1)
    state, events = end_turn(state, "play YA 1")
    assert claims(events) == [] and owners(state)[2] is None
    state, events = end_turn(state, "play GA 1")
    assert claims(events) == [] and owners(state)[2] is None


def test_ranking_house_rule_reorders_categories() -> None:
    game = get_game("cesta", {"ranking": ["sum", "run", "colour", "three_of_a_kind",
                                          "colour_run"]})
    # every combination qualifies for sum, so with sum first only the sums decide
    assert duel(["BA", "GK", "Y10"], ["Y7", "Y8", "Y9"], game=game) == [(0, 3, "comparison")]
    game = get_game("cesta", {"ranking": ["run", "colour_run", "three_of_a_kind", "colour",
                                          "sum"]})
    # a colour run counts as the strongest category it qualifies for: run (first)
    assert duel(["B8", "G9", "Y10"], ["Y7", "Y8", "Y9"], game=game) == [(0, 3, "comparison")]


# --- action cards -----------------------------------------------------------------------

def test_action_card_does_not_count_toward_the_event_limit() -> None:
    state = build(sides={1: (["YA", "YK", "YO"], [], [], [])}, hands=(["RUST"], ["Y7"]))
    assert "play RUST 1" in moves(state)


def test_action_card_may_go_where_the_side_has_no_event_card_yet() -> None:
    state = build(hands=(["DEED"], ["Y7"]))
    assert moves(state) == [f"play DEED {m}" for m in range(1, 6)]


def test_each_kind_at_most_once_per_player_and_a_dead_duplicate_stays_in_hand() -> None:
    state = build(sides={2: ([], ["TIME"], [], [])}, hands=(["TIME", "R7"], ["Y7"]))
    assert moves(state) == [f"play R7 {m}" for m in range(1, 6)]
    with pytest.raises(IllegalMove, match="dead"):
        GAME.apply(state, Play("TIME", 4))
    state, _ = GAME.apply(state, Play("R7", 4))
    assert GAME.to_dict(state)["hands"][0] == ["TIME"]


def test_kind_counts_as_used_on_claimed_milestones_too() -> None:
    state = build(sides={2: (["YA", "YK", "YO"], ["RUST"], ["B7", "G8", "Y9"], [])},
                  owners={2: 0}, hands=(["RUST", "R7"], ["Y7"]))
    assert not any("RUST" in m for m in moves(state))


def test_no_kind_twice_at_one_milestone_on_either_side() -> None:
    state = build(sides={2: ([], [], [], ["DEED"])}, hands=(["DEED", "TIME"], ["Y7"]))
    listed = moves(state)
    assert "play DEED 2" not in listed and "play TIME 2" in listed and "play DEED 1" in listed
    with pytest.raises(IllegalMove, match="already lies"):
        GAME.apply(state, Play("DEED", 2))


def test_two_copies_of_an_action_card_give_one_move() -> None:
    state = build(hands=(["RUST", "RUST"], ["Y7"]))
    assert moves(state) == [f"play RUST {m}" for m in range(1, 6)]


def test_rust_moves_the_opponents_combination_one_category_down() -> None:
    # my colour (YA YK Y7) vs their three of a kind: rusted trips count as colour, sums decide
    assert duel(["YA", "YK", "Y7"], ["B7", "G7", "R7"], my_actions=("RUST",)) == \
        [(0, 3, "comparison")]
    assert duel(["YA", "YK", "Y7"], ["B7", "G7", "R7"]) == []


def test_rusted_sum_counts_10_less() -> None:
    # sums 54 vs 58: rusted 58 -> 48
    assert duel(["BA", "G7", "Y7"], ["YA", "B8", "G10"], my_actions=("RUST",)) == \
        [(0, 3, "comparison")]


def test_rust_while_time_is_in_effect_counts_10_less() -> None:
    # their colour run 27 under my TIME... my sum 24+? : B7 G8 Y9 run 24 vs Y8 Y9 Y10 27
    # TIME (mine) and RUST (mine): 24 vs 27-10 = 17
    assert duel(["B7", "G8", "R10"], ["Y8", "Y9", "Y10"], my_actions=("TIME", "RUST")) == \
        [(0, 3, "comparison")]
    assert duel(["B7", "G8", "R10"], ["Y8", "Y9", "Y10"], my_actions=("TIME",)) == []


def test_time_ignores_categories_and_the_higher_sum_wins() -> None:
    assert duel(["BA", "GK", "Y7"], ["G7", "B7", "R7"],
                my_actions=("TIME",)) == [(0, 3, "comparison")]
    # TIME of the opponent works for them too: my run loses on sum
    assert duel(["B7", "G8", "Y9"], ["BA", "GK", "Y10"], their_actions=("TIME",)) == []


def test_time_equal_sums_go_to_the_time_player_without_heart_tiebreak() -> None:
    assert duel(["B7", "G8", "Y9"], ["R7", "Y8", "G9"], my_actions=("TIME",)) == \
        [(0, 3, "comparison")]
    assert duel(["R7", "G8", "Y9"], ["B7", "Y8", "G9"], their_actions=("TIME",)) == []


def test_deed_cancels_the_opponents_action_cards_at_the_milestone() -> None:
    # their RUST would rust my trips to colour and let their colour (higher sum) win
    assert duel(["B7", "G7", "R7"], ["YA", "YK", "Y10"], my_actions=("DEED",),
                their_actions=("RUST",)) == [(0, 3, "comparison")]
    assert duel(["B7", "G7", "R7"], ["YA", "YK", "Y10"], their_actions=("RUST",)) == []


def test_deed_cancels_actions_played_before_or_after_it() -> None:
    state = build(sides={3: (["B7", "G7", "R7"], [], ["YA", "YK", "Y10"], [])},
                  hands=(["DEED", "G10"], ["RUST", "Y7"]), to_move=0)
    state, _ = end_turn(state, "play DEED 3")        # DEED first
    state, _ = end_turn(state, "play RUST 3")        # their RUST after it
    assert owners(state)[2] == 0


def test_open_draw_broken_later_by_rust_at_start_of_next_turn_of_the_winner() -> None:
    state = build(sides={3: (["B7", "G8", "Y9"], [], ["G7", "B8", "B9"], [])},
                  hands=(["RUST", "GA"], ["YA"]), to_move=0)
    state, events = end_turn(state, "play RUST 3")
    assert claims(events) == []
    state, events = end_turn(state, "play YA 1")
    assert claims(events) == [(0, 3, "comparison")]


def test_open_draw_broken_later_by_time_goes_to_the_time_player() -> None:
    state = build(sides={3: (["B7", "G8", "Y9"], [], ["G7", "B8", "B9"], [])},
                  hands=(["GA"], ["TIME", "YA"]), to_move=1)
    state, events = end_turn(state, "play TIME 3")  # equal sums: TIME's owner wins
    assert claims(events) == []  # seat 0's turn starts: it does not win the milestone
    state, events = end_turn(state, "play GA 1")
    assert claims(events) == [(1, 3, "comparison")]
    assert next(e for e in events if e.type == "claim").decided_by == "time"


# --- claiming ---------------------------------------------------------------------------

def test_claim_needs_three_own_event_cards() -> None:
    state = build(sides={3: (["YA", "YK"], [], [], [])}, hands=(["GA"], ["Y7"]), to_move=1)
    _, events = end_turn(state, "play Y7 1")
    assert claims(events) == []


def test_claim_by_comparison_with_all_action_cards_applied() -> None:
    state = build(sides={3: (["YA", "YK", "Y7"], ["RUST"], ["B7", "G7", "R7"], [])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    claim = next(e for e in events if e.type == "claim")
    assert claim.how == "comparison" and claim.decided_by == "sum"
    assert claim.opponent.category == "colour" and claim.opponent.rusted


def test_claim_by_proof_when_no_completion_can_win() -> None:
    # my colour run O K A in yellow: only the other colour runs could tie or beat it
    state = build(sides={3: (["YO", "YK", "YA"], [], ["B7"], [])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == [(0, 3, "proof")]


def test_claim_by_proof_fails_while_a_completion_wins() -> None:
    # B7 + B8 B9 would be a colour run: beats my colour
    state = build(sides={3: (["YA", "YK", "Y7"], [], ["B7"], [])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == []


def test_claim_by_proof_counts_cards_in_hands_as_available() -> None:
    # their B7 B8 need B9: it is in MY hand, still counts as available to them
    table = {3: (["YA", "YK", "Y7"], [], ["B7", "B8"], [])}
    state = build(sides=table, hands=(["B9", "GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == []
    # once B9 lies on the table elsewhere, the proof holds
    table[1] = (["B9"], [], [], [])
    state = build(sides=table, hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 2")
    assert claims(events) == [(0, 3, "proof")]


def test_claim_by_proof_counts_cards_on_claimed_milestones_as_unavailable() -> None:
    table = {3: (["YA", "YK", "Y7"], [], ["B7", "B8"], []),
             1: (["RA", "RK", "B9"], [], ["G7", "G8", "G9"], [])}
    state = build(sides=table, owners={1: 1}, hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 2")
    assert claims(events) == [(0, 3, "proof")]


def test_claim_by_proof_fails_on_tie() -> None:
    # my R7 G8 Y9 run 24 with a heart; their B7 Y8 + G9 = run 24 without heart: I win that;
    # but B7 Y8 + R9 has a heart too: a tie (open draw) makes the proof fail
    table = {3: (["R7", "G8", "Y9"], [], ["B7", "Y8"], []),
             1: (["YA", "YK", "YO"], [], [], [])}
    # B9 on the table keeps their colour run B7 B8 B9 impossible
    table[2] = (["B9", "B10", "BU"], [], [], [])
    state = build(sides=table, hands=(["GA"], ["GK"]), to_move=1)
    _, events = end_turn(state, "play GK 4")
    assert claims(events) == []
    # without R9 available the tie is impossible: proof holds (G9 gives a lost run)
    table[4] = (["R9"], [], [], [])
    state = build(sides=table, hands=(["GA"], ["GK"]), to_move=1)
    _, events = end_turn(state, "play GK 5")
    assert claims(events) == [(0, 3, "proof")]


def test_claim_by_proof_applies_the_opponents_action_cards() -> None:
    state = build(sides={3: (["YO", "YK", "YA"], [], ["B7"], ["RUST"])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == []  # rusted: counts as three of a kind, AAA etc. beat it


def test_claim_by_proof_ignores_the_claimants_own_action_cards_deed_included() -> None:
    state = build(sides={3: (["YO", "YK", "YA"], ["DEED"], ["B7"], ["RUST"])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == []  # my DEED cannot prove control
    state = build(sides={3: (["YA", "YK", "Y7"], ["TIME", "RUST"], ["B7"], [])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1")
    assert claims(events) == []  # my TIME and RUST count for nothing in a proof


def test_claim_by_proof_opponents_time_makes_sums_decide_ties_to_them() -> None:
    # my sum 110 (A A K); their 2 aces gone... their B7 + best two left: K K = 67 < 110
    table = {3: (["YA", "GA", "YK"], [], ["B7"], ["TIME"]),
             1: (["RA", "BA", "RK"], [], [], [])}
    state = build(sides=table, hands=(["G7"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 2")
    assert claims(events) == [(0, 3, "proof")]


def _seven_milestones(off_table: list[str]) -> tuple[Any, dict[int, tuple]]:
    """Seven milestones; seat 0's weak B7 G8 R10 at 1 against seat 1's lone Y7; every other
    event card on the table except ``off_table`` (which goes to seat 0's hand)."""
    game = get_game("cesta", {"milestones": 7})
    mine, theirs = ["B7", "G8", "R10"], ["Y7"]
    rest = [c for c in EVENTS if c not in mine + theirs + off_table]
    sides: dict[int, tuple] = {1: (mine, [], theirs, [])}
    for m in range(2, 8):
        sides[m] = (rest[:3], [], rest[3:5], [])  # seat 1 sides keep room: no claims for 0
        rest = rest[5:]
    assert not rest
    return game, sides


def test_claim_by_proof_holds_when_too_few_event_cards_are_off_the_table() -> None:
    game, sides = _seven_milestones(["YA"])  # their Y7 needs two more: only YA is left
    state = build(game, sides=sides, hands=(["YA"], ["TIME"]), to_move=1)
    _, events = end_turn(state, "play TIME 2", game)
    assert (0, 1, "proof") in claims(events)
    proof = next(e for e in events if e.type == "claim" and e.milestone == 1)
    assert proof.opponent_best is None and proof.needed == 2 and proof.available == 1


def test_claim_by_proof_with_enough_cards_off_the_table_needs_a_real_proof() -> None:
    game, sides = _seven_milestones(["YA", "YK"])  # Y7 YA YK would be a colour: beats mine
    state = build(game, sides=sides, hands=(["YA", "YK"], ["TIME"]), to_move=1)
    _, events = end_turn(state, "play TIME 2", game)
    assert (0, 1, "proof") not in claims(events)


def test_proof_claims_house_rule_off() -> None:
    game = get_game("cesta", {"proof_claims": False})
    state = build(game, sides={3: (["YO", "YK", "YA"], [], ["B7"], [])},
                  hands=(["GA"], ["Y8"]), to_move=1)
    _, events = end_turn(state, "play Y8 1", game)
    assert claims(events) == []


def test_claimed_milestone_is_closed_to_both_sides() -> None:
    state = build(sides={3: (["YO", "YK", "YA"], [], ["B7"], [])},
                  hands=(["GA", "TIME"], ["Y8"]), to_move=1)
    state, _ = end_turn(state, "play Y8 1")
    assert not any(m.endswith(" 3") for m in moves(state))
    state, _ = end_turn(state, "play GA 1")
    assert not any(m.endswith(" 3") for m in moves(state))


# --- end ----------------------------------------------------------------------------------

def test_win_by_both_ends_of_the_path() -> None:
    state = build(sides={1: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                         5: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, _ = end_turn(state, "play Y7 3")
    assert GAME.result(state).winners == (0,) and GAME.result(state).reason == "win_ends"


def test_win_ends_house_rule_off() -> None:
    game = get_game("cesta", {"win_ends": False})
    state = build(game, sides={1: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                               5: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, _ = end_turn(state, "play Y7 3", game)
    assert not game.is_over(state)


def test_ends_are_milestone_1_and_the_last_for_any_count() -> None:
    game = get_game("cesta", {"milestones": 7})
    state = build(game, sides={1: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                               7: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, _ = end_turn(state, "play Y7 3", game)
    assert game.result(state).reason == "win_ends"
    state = build(game, sides={1: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                               5: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, _ = end_turn(state, "play Y7 3", game)
    assert not game.is_over(state)


def test_win_any_house_rule() -> None:
    game = get_game("cesta", {"win_any": 2, "win_ends": False})
    state = build(game, sides={2: (["YA", "YK", "YO"], [], ["B7", "G8", "Y9"], []),
                               3: (["GA", "GK", "GO"], [], ["B8", "G9", "Y10"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    state, _ = end_turn(state, "play Y7 1", game)
    assert game.result(state).reason == "win_any"


def test_stalemate_when_a_pass_follows_the_other_players_pass() -> None:
    state = build(NO_ACTIONS, sides=full_table(), owners={4: 0}, hands=(["R10"], ["RU"]),
                  to_move=1, event_deck=[])
    assert moves(state, NO_ACTIONS) == ["pass"]
    state, events = play(state, "pass", NO_ACTIONS)
    assert NO_ACTIONS.to_dict(state)["passes"] == 1 and NO_ACTIONS.current_player(state) == 0
    state, events = play(state, "pass", NO_ACTIONS)
    assert NO_ACTIONS.is_over(state) and NO_ACTIONS.result(state).reason == "stalemate"
    assert NO_ACTIONS.result(state).winners == (0,)  # seat 0 holds more milestones
    assert events[-1].to_dict() == {"type": "game_over", "winners": [0], "reason": "stalemate"}
    assert NO_ACTIONS.to_dict(state)["passes"] == 2


def test_stalemate_with_equal_milestone_counts_is_a_draw() -> None:
    sides = full_table()
    sides[3] = (["B7", "B10", "BK"], [], ["GU", "GK", "GA"], [])  # seat 1's colour wins
    sides[4] = (["YO", "YK", "YA"], [], ["BA", "G8", "Y9"], [])
    state = build(NO_ACTIONS, sides=sides, owners={3: 1, 4: 0}, hands=(["R10"], ["RU"]),
                  event_deck=[])
    state, _ = play(state, "pass", NO_ACTIONS)
    state, _ = play(state, "pass", NO_ACTIONS)
    assert NO_ACTIONS.result(state).winners == ()
    assert NO_ACTIONS.result(state).reason == "stalemate"


def test_no_stalemate_when_a_claim_starts_the_second_passers_turn() -> None:
    sides = full_table()
    sides[3] = (["B7", "B10", "BK"], [], ["GU", "GK", "GA"], [])  # seat 1 can claim 3
    sides[4] = (["YO", "YK", "YA"], [], ["BA", "G8", "Y9"], [])
    state = build(NO_ACTIONS, sides=sides, owners={4: 0}, hands=(["R10"], ["RU"]),
                  event_deck=[])
    state, _ = play(state, "pass", NO_ACTIONS)
    state, events = play(state, "pass", NO_ACTIONS)  # seat 1 claimed 3 first, then passed
    assert (1, 3, "comparison") in claims(events) or owners(state, NO_ACTIONS)[2] == 1
    assert not NO_ACTIONS.is_over(state) and NO_ACTIONS.to_dict(state)["passes"] == 1
    state, events = play(state, "pass", NO_ACTIONS)
    assert NO_ACTIONS.is_over(state) and NO_ACTIONS.result(state).winners == ()


def test_claim_events_carry_what_the_client_needs_to_explain_them() -> None:
    state = build(sides={3: (["YA", "YK", "YO"], [], ["B7", "G8"], ["RUST"]),
                         2: (["GA", "GK", "G7"], [], ["B8", "B9", "Y9"], [])},
                  hands=(["RA"], ["Y7"]), to_move=1)
    _, events = end_turn(state, "play Y7 1")
    by_milestone = {e.milestone: e for e in events if e.type == "claim"}
    comparison = by_milestone[2]
    assert comparison.how == "comparison" and comparison.decided_by == "category"
    assert comparison.claimant.category == "colour"
    assert comparison.opponent.category == "sum"
    assert comparison.cards == ("GA", "GK", "G7")
    proof = by_milestone[3]  # their RUST makes my colour run count as three of a kind
    assert proof.how == "proof" and proof.claimant.category == "three_of_a_kind"
    assert proof.opponent_actions == ("RUST",) and proof.needed == 1
    best = proof.opponent_best
    assert best.category in ("sum", "run")
    completed = ["B7", "G8", *proof.best_completion]
    assert len(completed) == 3 and best.total == sum(
        {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 20, "K": 30, "A": 40}[c[1:]]
        for c in completed)


def _proof_claim(hands: tuple[list, list]) -> Any:
    """The proof claim of milestone 3 in the position of the test above, with ``hands``
    (the rest of the event cards in the deck)."""
    state = build(sides={3: (["YA", "YK", "YO"], [], ["B7", "G8"], ["RUST"]),
                         2: (["GA", "GK", "G7"], [], ["B8", "B9", "Y9"], [])},
                  hands=hands, to_move=1)
    _, events = end_turn(state, f"play {hands[1][0]} 1")
    return next(e for e in events if e.type == "claim" and e.how == "proof"), events


def test_a_proofs_best_completion_is_public_information_and_no_seat_is_sent_its_cards() -> None:
    proof, events = _proof_claim((["RA"], ["Y7"]))
    completion = set(proof.best_completion)
    # the completion is worked out from the table alone: wherever the hidden cards lie
    # (here the completion's own cards are put in the hands), it is the same
    moved, _ = _proof_claim(([*sorted(completion)][:1], ["Y7"]))
    assert moved.best_completion == proof.best_completion
    # ... but its cards lie in a hand or the deck, so no seat's events name them
    for seat in (0, 1):
        shown = next(e for e in GAME.view_events(events, seat)
                     if e.type == "claim" and e.how == "proof")
        assert shown.best_completion == ("??",) * len(proof.best_completion)
        assert shown.opponent_best == proof.opponent_best  # what it is worth stays
        assert shown.needed == proof.needed and shown.cards == proof.cards
    assert completion <= set(EVENTS)  # the engine's own events keep the cards
