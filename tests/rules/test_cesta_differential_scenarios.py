"""Tricky clauses of shared/spec/cesta.md, built through ``from_dict`` and played on the
engine AND the reference side by side; each test also asserts the outcome the spec text
gives, worked out by hand in its comment."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import IllegalMove, get_game
from game.rules.cesta import Draw
from tests.support.reference.cesta_ref import ref_apply, ref_legal_moves

EVENTS = [c + r for c in "RYBG" for r in ("7", "8", "9", "10", "U", "O", "K", "A")]
KINDS = ("TIME", "RUST", "DEED")


def build(game: Any, sides: dict[int, tuple] | None = None, hands: tuple = ([], []),
          to_move: int = 1, owners: dict[int, int] | None = None, passes: int = 0,
          event_deck: list[str] | None = None, action_deck: list[str] | None = None,
          step: str = "play") -> dict[str, Any]:
    """A ``to_dict`` position: ``sides`` maps a milestone (1-based) to (events0, actions0,
    events1, actions1); cards placed nowhere else fill the decks."""
    sides = sides or {}
    owners = owners or {}
    placed = list(hands[0]) + list(hands[1])
    milestones = []
    for m in range(1, game.milestones + 1):
        e0, a0, e1, a1 = sides.get(m, ([], [], [], []))
        placed += list(e0) + list(a0) + list(e1) + list(a1)
        milestones.append({"sides": [{"events": list(e0), "actions": list(a0)},
                                     {"events": list(e1), "actions": list(a1)}],
                           "owner": owners.get(m)})
    if event_deck is None:
        event_deck = [c for c in EVENTS if c not in placed]
    if action_deck is None:
        copies = game.action_copies if game.rules["action_cards"] else 0
        action_deck = [k for k in KINDS for _ in range(copies - placed.count(k))]
    d = {"game": "cesta", "version": 1, "players": 2, "to_move": to_move, "winners": [],
         "rules": game.rules, "step": step, "passes": passes,
         "hands": [list(hands[0]), list(hands[1])], "event_deck": event_deck,
         "action_deck": action_deck, "milestones": milestones}
    return game.to_dict(game.from_dict(d))


def both(game: Any, d: dict[str, Any], move: str) -> tuple[dict[str, Any], list[dict]]:
    """Apply ``move`` on the engine and the reference; they must agree on the result."""
    state = game.from_dict(d)
    legal = {game.format_move(m) for m in game.legal_moves(state)}
    assert legal == ref_legal_moves(d)
    assert move in legal, (move, legal)
    after, events = game.apply(state, game.parse_move(state, move))
    got = game.to_dict(after)
    want = ref_apply(d, move)
    assert {**got, "hands": [sorted(h) for h in got["hands"]]} == \
        {**want, "hands": [sorted(h) for h in want["hands"]]}
    return got, events


def turn(game: Any, d: dict[str, Any], move: str) -> tuple[dict[str, Any], list[dict]]:
    """One whole turn: ``move`` and then, if a draw step follows, a draw (event deck first)."""
    d, events = both(game, d, move)
    if d["step"] == "draw":
        deck = "draw event" if d["event_deck"] else "draw action"
        d, more = both(game, d, deck)
        events = events + more
    return d, events


def owners(d: dict[str, Any]) -> list[int | None]:
    return [m["owner"] for m in d["milestones"]]


def claimed(events: list[dict]) -> list[tuple[int, int]]:
    return [(e.seat, e.milestone) for e in events if e.type == "claim"]


GAME = get_game("cesta")


# --- claim by proof ---------------------------------------------------------------------

@pytest.mark.parametrize("rust, b9_on_table, claim", [
    (False, False, True),   # colour run 90 beats every completion of B7 B8 (best: B9, 24)
    (True, False, False),   # their RUST: mine counts as trips; B7 B8 B9 colour run beats it
    (True, True, True),     # B9 gone: their best is a colour, below rusted trips
])
def test_proof_applies_the_opponents_rust(rust: bool, b9_on_table: bool, claim: bool) -> None:
    sides = {3: (["GO", "GK", "GA"], [], ["B7", "B8"], ["RUST"] if rust else []),
             2: (["B9"] if b9_on_table else [], [], [], [])}
    d = build(GAME, sides, hands=(["Y7"], ["YA"]))
    d, events = turn(GAME, d, "play YA 1")
    assert claimed(events) == ([(0, 3)] if claim else [])


def test_proof_ignores_the_claimants_own_deed() -> None:
    # DEED would cancel their RUST in a comparison, but own cards cannot prove control
    sides = {3: (["GO", "GK", "GA"], ["DEED"], ["B7", "B8"], ["RUST"])}
    d = build(GAME, sides, hands=(["Y7"], ["YA"]))
    d, events = turn(GAME, d, "play YA 1")
    assert claimed(events) == []


def test_proof_ignores_the_claimants_own_time_and_rust() -> None:
    # a plain sum of 110 against R7 R8 + R9 (colour run): own TIME/RUST would win it
    sides = {3: (["GA", "BA", "YK"], ["TIME", "RUST"], ["R7", "R8"], [])}
    d = build(GAME, sides, hands=(["Y7"], ["YA"]))
    d, events = turn(GAME, d, "play YA 1")
    assert claimed(events) == []


def crowded(focus: tuple, off: list[str], m: int = 9) -> tuple[Any, dict[int, tuple]]:
    """Nine milestones; ``focus`` (e0, a0, e1, a1) at milestone ``m``; every other event
    card except ``off`` (left for the event deck) on milestones 1..8, two a side, so that
    nothing else can be claimed."""
    game = get_game("cesta", {"milestones": 9})
    rest = [c for c in EVENTS if c not in focus[0] + focus[2] + off]
    sides: dict[int, tuple] = {m: focus}
    for k in range(1, 10):
        if k != m:
            sides[k] = (rest[:2], [], rest[2:4], [])
            rest = rest[4:]
    assert not rest
    return game, sides


@pytest.mark.parametrize("off, claim", [
    (["Y10"], True),         # RO BO Y10 = 50 < 60
    (["Y10", "YO"], False),  # RO BO YO = 60 = 60: their TIME takes equal sums
    ([], True),              # nothing off the table
])
def test_proof_opponents_time_makes_equal_sums_theirs(off: list[str], claim: bool) -> None:
    game, sides = crowded((["GA", "G10", "B10"], [], ["RO", "BO"], ["TIME"]), off)
    d = build(game, sides, hands=([], ["DEED"]), event_deck=off)
    d, events = turn(game, d, "play DEED 1")
    assert claimed(events) == ([(0, 9)] if claim else [])


@pytest.mark.parametrize("off_table, claim", [
    (["G9"], False),            # G7 B8 G9: run 24 without heart = a tie: the proof fails
    ([], True),                 # only sums left for them: the run proves
])
def test_a_tie_with_any_completion_fails_the_proof(off_table: list[str], claim: bool) -> None:
    table_nines = [c for c in ("R9", "B9", "G9") if c not in off_table]
    sides = {3: (["B7", "G8", "Y9"], [], ["G7", "B8"], []), 2: (table_nines, [], [], [])}
    d = build(GAME, sides, hands=(["Y7"], ["YA"]))
    d, events = turn(GAME, d, "play YA 1")
    assert claimed(events) == ([(0, 3)] if claim else [])


@pytest.mark.parametrize("heart_tiebreak, claim", [(True, True), (False, False)])
def test_a_heart_decides_a_proof_only_with_the_heart_tiebreak(heart_tiebreak: bool,
                                                             claim: bool) -> None:
    # mine R7 G8 Y9 (run 24, heart) vs G7 B8 + B9/G9 (run 24, no heart); R9 on the table
    game = get_game("cesta", {"heart_tiebreak": heart_tiebreak})
    sides = {3: (["R7", "G8", "Y9"], [], ["G7", "B8"], []), 2: (["R9"], [], [], [])}
    d = build(game, sides, hands=(["Y7"], ["YA"]))
    d, events = turn(game, d, "play YA 1")
    assert claimed(events) == ([(0, 3)] if claim else [])


@pytest.mark.parametrize("off, claim", [
    (["RK", "RO"], False),  # RA RK RO: a colour run beats the sum of 25
    (["RK"], True),         # one card off the table, two needed: the proof holds
    ([], True),             # none off the table at all
])
def test_proof_holds_when_too_few_cards_are_off_the_table(off: list[str], claim: bool) -> None:
    game, sides = crowded((["B7", "G8", "Y10"], [], ["RA"], []), off)
    d = build(game, sides, hands=([], ["TIME"]), event_deck=off)
    d, events = turn(game, d, "play TIME 1")
    assert claimed(events) == ([(0, 9)] if claim else [])


# --- action cards -----------------------------------------------------------------------

def duel(game: Any, mine: list[str], theirs: list[str], my_actions: list[str] = (),
         their_actions: list[str] = ()) -> list[tuple[int, int]]:
    """Seat 0 holds ``mine`` at milestone 3 against ``theirs``; seat 1 plays elsewhere; the
    claims at the start of seat 0's turn."""
    d = build(game, {3: (mine, list(my_actions), theirs, list(their_actions))},
              hands=([next(c for c in ("G10", "B10", "Y10") if c not in mine + theirs)],
                     [next(c for c in ("RA", "RK", "RO") if c not in mine + theirs)]))
    d, events = turn(game, d, f"play {d['hands'][1][0]} 1")
    return claimed(events)


def test_rust_on_a_sum_counts_10_less() -> None:
    # B7 G8 YA = 55 against BA G9 Y7 = 56 (both sums): rusted 56 -> 46
    assert duel(GAME, ["B7", "G8", "YA"], ["BA", "G9", "Y7"]) == []
    assert duel(GAME, ["B7", "G8", "YA"], ["BA", "G9", "Y7"], ["RUST"]) == [(0, 3)]


def test_rust_under_time_counts_10_less_in_any_category() -> None:
    # their colour run Y8 Y9 Y10 = 27 with their TIME against my run 25; my RUST: 27 -> 17
    assert duel(GAME, ["B7", "G8", "R10"], ["Y8", "Y9", "Y10"], [], ["TIME"]) == []
    assert duel(GAME, ["B7", "G8", "R10"], ["Y8", "Y9", "Y10"], ["RUST"], ["TIME"]) == \
        [(0, 3)]


def test_rust_one_category_down_then_sums() -> None:
    # their trips 21 rusted to the colour place: my colour 77 wins on the sum
    assert duel(GAME, ["YA", "YK", "Y7"], ["B7", "G7", "R7"]) == []
    assert duel(GAME, ["YA", "YK", "Y7"], ["B7", "G7", "R7"], ["RUST"]) == [(0, 3)]


def test_rust_with_a_reordered_ranking_drops_to_the_next_place_of_the_list() -> None:
    # ranking [colour_run, three_of_a_kind, colour, sum, run]: every non-special trio is a
    # "sum" (place 3); RUST moves it one place down the list, to place 4 (below every sum),
    # the bottom place being the one that counts 10 less (this project's reading).
    game = get_game("cesta", {"ranking": ["colour_run", "three_of_a_kind", "colour", "sum",
                                          "run"]})
    assert duel(game, ["B7", "G8", "YA"], ["BA", "GA", "YK"], ["RUST"]) == [(0, 3)]


def test_time_equal_sums_go_to_its_owner_even_against_a_heart() -> None:
    assert duel(GAME, ["B7", "G8", "Y9"], ["R7", "Y8", "G9"], ["TIME"]) == [(0, 3)]
    assert duel(GAME, ["R7", "G8", "Y9"], ["B7", "Y8", "G9"], [], ["TIME"]) == []


@pytest.mark.parametrize("deed_first", [True, False])
def test_deed_cancels_actions_played_before_or_after_it(deed_first: bool) -> None:
    # my trips 21 against their colour YA YK Y10 = 80: their RUST would make them win
    sides = {3: (["B7", "G7", "R7"], [], ["YA", "YK", "Y10"], [])}
    if deed_first:
        d = build(GAME, sides, hands=(["DEED", "G10"], ["RUST", "Y7"]), to_move=0)
        d, _ = turn(GAME, d, "play DEED 3")
        d, events = turn(GAME, d, "play RUST 3")
    else:
        d = build(GAME, sides, hands=(["DEED", "G10"], ["RUST", "Y7"]), to_move=1)
        d, _ = turn(GAME, d, "play RUST 3")
        d, events = turn(GAME, d, "play DEED 3")
        assert claimed(events) == []  # DEED cancels at seat 1's turn start: nothing for it
        d, events = turn(GAME, d, "play Y7 1")
    assert claimed(events) == [(0, 3)]


def test_dead_duplicate_stays_in_hand_and_a_pass_follows() -> None:
    d = build(GAME, {2: ([], ["RUST"], [], [])}, hands=(["RUST"], ["Y7"]), to_move=0)
    assert ref_legal_moves(d) == {"pass"}
    d, _ = both(GAME, d, "pass")
    assert d["hands"][0] == ["RUST"] and d["passes"] == 1
    assert d["step"] == "draw"  # the hand holds 2 < hand_size: the draw step follows


def test_the_opponents_kind_does_not_kill_mine_but_blocks_that_milestone() -> None:
    d = build(GAME, {2: ([], [], [], ["DEED"])}, hands=(["DEED"], ["Y7"]), to_move=0)
    assert ref_legal_moves(d) == {f"play DEED {m}" for m in (1, 3, 4, 5)}
    state = GAME.from_dict(d)
    assert {GAME.format_move(m) for m in GAME.legal_moves(state)} == ref_legal_moves(d)


def test_actions_go_where_the_side_is_full_or_empty_but_not_to_claimed_milestones() -> None:
    d = build(GAME, {1: (["B7", "G7", "R7"], [], ["Y8"], []), 2: (["B8", "G8", "R8"], [],
                                                                   [], [])},
              hands=(["TIME", "Y9"], ["Y7"]), to_move=0, owners={2: 0})
    assert ref_legal_moves(d) == {"play TIME 1", "play TIME 3", "play TIME 4",
                                  "play TIME 5", "play Y9 3", "play Y9 4", "play Y9 5"}
    both(GAME, d, "play TIME 1")


# --- turn order, claims and the end -----------------------------------------------------

# three of a kind for seat 0 against plain sums (no run, no colour) for seat 1
TRIPS = (["B7", "G7", "R7"], ["B8", "G8", "R8"], ["BK", "GK", "RK"])
SUMS = (["Y7", "B9", "GO"], ["Y8", "BU", "GA"], ["Y9", "BA", "G10"])

def test_claims_in_milestone_order_then_the_victory_check() -> None:
    d = build(GAME, {5: (TRIPS[0], [], SUMS[0], []), 1: (TRIPS[1], [], SUMS[1], []),
                     3: (TRIPS[2], [], SUMS[2], [])}, hands=(["YA"], ["YK"]))
    d, events = turn(GAME, d, "play YK 2")
    assert claimed(events) == [(0, 1), (0, 3), (0, 5)]
    assert [e.type for e in events][-1] == "game_over"
    assert d["step"] == "over" and d["winners"] == [0] and d["to_move"] is None


@pytest.mark.parametrize("milestones", [3, 7, 9])
def test_win_ends_with_other_milestone_counts(milestones: int) -> None:
    game = get_game("cesta", {"milestones": milestones, "win_any": 3})
    d = build(game, {1: (TRIPS[0], [], SUMS[0], []), milestones: (TRIPS[1], [], SUMS[1], [])},
              hands=(["YA"], ["YK"]))
    d, events = turn(game, d, "play YK 2")
    assert claimed(events) == [(0, 1), (0, milestones)]
    assert d["winners"] == [0]


def test_win_ends_off_needs_win_any() -> None:
    game = get_game("cesta", {"win_ends": False})
    d = build(game, {1: (TRIPS[0], [], SUMS[0], []), 5: (TRIPS[1], [], SUMS[1], [])},
              hands=(["YA"], ["YK"]))
    d, _ = turn(game, d, "play YK 2")
    assert owners(d) == [0, None, None, None, 0] and d["step"] == "play"


def test_claims_happen_only_at_the_start_of_the_claimants_own_turn() -> None:
    d = build(GAME, {3: (["Y8", "Y9"], [], ["B7", "G8", "RA"], [])},
              hands=(["Y10", "GA"], ["YA", "YK"]), to_move=0)
    d, events = turn(GAME, d, "play Y10 3")
    assert claimed(events) == []           # completed now, claimed at its next turn
    d, events = turn(GAME, d, "play YA 1")
    assert claimed(events) == [(0, 3)]


def test_an_opponents_play_can_complete_a_proof_for_the_next_turn() -> None:
    # mine: run 24 (B7 G8 Y9) vs their G7 B8; R9 on the table, B9 in seat 1's hand, G9 in
    # the deck: the proof fails (ties) until G9 and B9 are on the table
    d = build(GAME, {3: (["B7", "G8", "Y9"], [], ["G7", "B8"], []), 2: (["R9", "G9"], [],
                                                                      [], [])},
              hands=(["GA"], ["B9"]))
    d, events = turn(GAME, d, "play B9 1")
    assert claimed(events) == [(0, 3)]


def test_stalemate_when_a_pass_follows_the_other_players_pass() -> None:
    game = get_game("cesta", {"hand_size": 1})
    # only dead duplicates in full hands: pass, no draw step; seat 0 holds milestone 1
    sides = {1: (["B7", "G7", "R7"], [], ["Y7"], []), 2: ([], ["RUST"], [], ["TIME"])}
    d = build(game, sides, hands=(["RUST"], ["TIME"]), to_move=1, owners={1: 0})
    d, _ = both(game, d, "pass")
    assert d["to_move"] == 0 and d["passes"] == 1 and d["step"] == "play"
    d, events = both(game, d, "pass")
    assert d["step"] == "over" and d["winners"] == [0] and d["passes"] == 2
    assert events[-1].to_dict() == {"type": "game_over", "winners": [0], "reason": "stalemate"}


def test_a_claim_at_the_start_of_the_second_passers_turn_resets_the_passes() -> None:
    game = get_game("cesta", {"hand_size": 1})
    # seat 0 passes; seat 1's turn starts with a claim (trips beat a colour): its pass is
    # then a first pass again; seat 0's next pass (no claim for it) ends the game
    sides = {2: (["Y8", "Y9", "YA"], [], ["B7", "G7", "R7"], []),
             4: ([], ["RUST"], [], ["TIME"])}
    d = build(game, sides, hands=(["RUST"], ["TIME"]), to_move=0)
    d, _ = both(game, d, "pass")
    assert owners(d)[1] == 1 and d["passes"] == 0
    d, _ = both(game, d, "pass")
    assert d["step"] == "play" and d["passes"] == 1
    d, _ = both(game, d, "pass")
    assert d["step"] == "over" and d["winners"] == [1]


# --- the draw step ----------------------------------------------------------------------

def test_draw_takes_the_top_card_the_last_listed() -> None:
    d = build(GAME, {}, hands=(["Y7"], ["YA"]), to_move=0)
    top = d["event_deck"][-1]
    d, _ = both(GAME, d, "play Y7 1")
    assert ref_legal_moves(d) == {"draw event", "draw action"}
    d, events = both(GAME, d, "draw event")
    assert d["hands"][0] == [top] and events[0].card == top
    assert d["to_move"] == 1 and d["step"] == "play"


def test_an_empty_deck_cannot_be_chosen() -> None:
    game = get_game("cesta", {"milestones": 9})
    # every event card on the table or in hands: only the action deck is left
    sides = {m: (EVENTS[(m - 1) * 4:(m - 1) * 4 + 2], [], EVENTS[(m - 1) * 4 + 2:m * 4], [])
             for m in range(1, 9)}
    d = build(game, sides, hands=(["TIME"], []), to_move=0)
    assert d["event_deck"] == []
    d, _ = both(game, d, "play TIME 9")
    assert ref_legal_moves(d) == {"draw action"}
    state = game.from_dict(d)
    with pytest.raises(IllegalMove, match="empty"):
        game.apply(state, Draw("event"))


def test_no_draw_action_without_action_cards() -> None:
    game = get_game("cesta", {"action_cards": False})
    d = build(game, {}, hands=(["Y7"], ["YA"]), to_move=0)
    d, _ = both(game, d, "play Y7 1")
    assert ref_legal_moves(d) == {"draw event"}


def test_draw_step_skipped_when_both_decks_are_empty() -> None:
    game = get_game("cesta", {"milestones": 9})
    sides = {m: (EVENTS[(m - 1) * 4:(m - 1) * 4 + 2], [], EVENTS[(m - 1) * 4 + 2:m * 4], [])
             for m in range(1, 9)}
    d = build(game, sides, hands=(["TIME", "TIME", "RUST"], ["RUST", "DEED", "DEED"]),
              to_move=0)
    assert d["event_deck"] == [] and d["action_deck"] == []
    d, _ = both(game, d, "play TIME 9")
    assert d["to_move"] == 1 and d["step"] == "play"


def test_draw_step_skipped_when_the_hand_is_full_after_a_pass() -> None:
    game = get_game("cesta", {"hand_size": 1})
    d = build(game, {2: ([], ["RUST"], [], [])}, hands=(["RUST"], ["Y7"]), to_move=0)
    d, _ = both(game, d, "pass")
    assert d["to_move"] == 1 and d["step"] == "play" and d["passes"] == 1
