"""Tricky clauses of shared/spec/cesta.md, built through ``from_dict`` and played on the
engine AND the reference side by side; each test also asserts the outcome the spec text
gives, worked out by hand in its comment."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import get_game
from tests.reference.cesta_ref import ref_apply, ref_legal_moves

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
    return [(e["seat"], e["milestone"]) for e in events if e["type"] == "claim"]


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
