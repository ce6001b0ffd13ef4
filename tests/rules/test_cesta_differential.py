"""Cesta engine against the independent reference of tests/reference/cesta_ref.py.

Random seeded games (default and house rules) compare, at every step, the set of legal
moves in notation and the resulting ``to_dict`` (hands as multisets: the spec leaves hand
order open); targeted scenarios built with ``from_dict`` check the tricky rule clauses on
both implementations.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.rules import get_game
from tests.support.reference.cesta_ref import ref_apply, ref_legal_moves

HOUSE_RULES: list[dict[str, Any]] = [
    {},
    {"hand_size": 3},
    {"hand_size": 8},
    {"milestones": 3, "win_any": 2},
    {"milestones": 7},
    {"milestones": 9, "win_any": 9, "win_ends": False},  # long games: empty decks, passes
    {"milestones": 3, "win_any": 1},
    {"milestones": 7, "win_any": 5, "win_ends": True},
    {"win_any": 2},
    {"win_ends": False},
    {"ranking": ["sum", "run", "colour", "three_of_a_kind", "colour_run"]},
    {"ranking": ["three_of_a_kind", "colour_run", "run", "colour", "sum"]},
    {"ranking": ["colour_run", "three_of_a_kind", "sum", "colour", "run"]},
    {"heart_tiebreak": False},
    {"proof_claims": False},
    {"action_cards": False},
    {"action_copies": 1},
    {"action_copies": 4, "hand_size": 6},
]



def normal(d: dict[str, Any]) -> dict[str, Any]:
    """``to_dict`` with each hand as a sorted multiset (hand order is not part of the rules)."""
    out = dict(d)
    out["hands"] = [sorted(h) for h in d["hands"]]
    return out


def run_game(game: Any, seed: int, rng: random.Random) -> int:
    """Play one random game on the engine, checking each step against the reference."""
    state = game.new_game(2, seed)
    steps = 0
    while True:
        d = game.to_dict(state)
        legal = {game.format_move(m) for m in game.legal_moves(state)}
        assert legal == ref_legal_moves(d), (seed, steps, d)
        if game.is_over(state):
            return steps
        # the mover's view, through to_dict / from_dict, offers the same moves
        seen = game.from_dict(game.to_dict(game.view(state, d["to_move"])))
        assert {game.format_move(m) for m in game.legal_moves(seen)} == legal
        move = rng.choice(sorted(legal))
        state, _ = game.apply(state, game.parse_move(state, move))
        got = normal(game.to_dict(state))
        want = normal(ref_apply(d, move))
        assert got == want, (seed, steps, move, d)
        steps += 1


@pytest.mark.parametrize("overrides", HOUSE_RULES, ids=lambda o: ",".join(o) or "default")
def test_random_games_match_the_reference(overrides: dict[str, Any]) -> None:
    game = get_game("cesta", overrides)
    rng = random.Random(1234)
    count = 120 if not overrides else 25
    for seed in range(count):
        assert run_game(game, seed, rng) > 0


@pytest.mark.slow
@pytest.mark.parametrize("overrides", HOUSE_RULES, ids=lambda o: ",".join(o) or "default")
def test_many_random_games_match_the_reference(overrides: dict[str, Any]) -> None:
    game = get_game("cesta", overrides)
    rng = random.Random(99)
    for seed in range(1000, 1000 + (3000 if not overrides else 400)):
        run_game(game, seed, rng)


# --- random positions built through from_dict -------------------------------------------

EVENTS = [c + r for c in "RYBG" for r in ("7", "8", "9", "10", "U", "O", "K", "A")]
KINDS = ("TIME", "RUST", "DEED")


def random_position(game: Any, rng: random.Random) -> dict[str, Any] | None:
    """A random mid-game position (or None when from_dict finds it impossible): sides
    filled at random, action cards placed within their limits, a few milestones claimed."""
    rules = game.rules
    n = rules["milestones"]
    events = EVENTS[:]
    rng.shuffle(events)
    sides = [[{"events": [], "actions": []} for _ in (0, 1)] for _ in range(n)]
    crowd = rng.random()
    for m in range(n):
        for s in (0, 1):
            k = 3 if rng.random() < crowd else rng.randint(0, 3)
            for _ in range(k):
                if events:
                    sides[m][s]["events"].append(events.pop())
    copies = rules["action_copies"] if rules["action_cards"] else 0
    actions = [k for k in KINDS for _ in range(copies)]
    for s in (0, 1):
        for kind in KINDS:
            if kind in actions and rng.random() < 0.5:
                free = [m for m in range(n) if kind not in sides[m][0]["actions"]
                        and kind not in sides[m][1]["actions"]]
                if free:
                    sides[rng.choice(free)][s]["actions"].append(kind)
                    actions.remove(kind)
    rng.shuffle(actions)
    to_move = rng.randint(0, 1)
    hands: list[list[str]] = [[], []]
    for s in (to_move, 1 - to_move):
        size = rng.randint(1 if s == to_move else 0, rules["hand_size"])
        while len(hands[s]) < size and (events or actions):
            pool = events if (rng.random() < 0.7 or not actions) and events else actions
            hands[s].append(pool.pop())
    if rng.random() < 0.2:
        events_deck: list[str] = []
    else:
        events_deck = events
        events = []
    if events:  # cards that must go somewhere: put them back in the deck
        events_deck = events
    owners = [None] * n
    for m in range(n):
        for s in (0, 1):
            if len(sides[m][s]["events"]) == 3 and owners[m] is None and rng.random() < 0.15:
                owners[m] = s
    d = {"game": "cesta", "version": 1, "players": 2, "to_move": to_move, "winners": [],
         "rules": rules, "step": "play", "passes": rng.choice((0, 0, 1)),
         "hands": hands, "event_deck": events_deck, "action_deck": actions,
         "milestones": [{"sides": sides[m], "owner": owners[m]} for m in range(n)]}
    try:
        return game.to_dict(game.from_dict(d))
    except Exception:  # noqa: BLE001 - an impossible random position is simply skipped
        return None


def explore(game: Any, d: dict[str, Any], depth: int) -> None:
    """Every legal move of ``d`` (and of the draw steps after them) on both sides."""
    state = game.from_dict(d)
    legal = {game.format_move(m) for m in game.legal_moves(state)}
    assert legal == ref_legal_moves(d), d
    for move in sorted(legal):
        after, _ = game.apply(state, game.parse_move(state, move))
        got = game.to_dict(after)
        assert normal(got) == normal(ref_apply(d, move)), (move, d)
        if depth > 1 and got["step"] != "over":
            explore(game, got, depth - 1)


@pytest.mark.parametrize("overrides", HOUSE_RULES, ids=lambda o: ",".join(o) or "default")
def test_random_positions_match_the_reference(overrides: dict[str, Any]) -> None:
    game = get_game("cesta", overrides)
    rng = random.Random(77)
    done = 0
    for _ in range(60):
        d = random_position(game, rng)
        if d is not None:
            explore(game, d, 2)
            done += 1
    assert done > 25  # some random positions are impossible (a seat already won)


@pytest.mark.slow
@pytest.mark.parametrize("overrides", HOUSE_RULES, ids=lambda o: ",".join(o) or "default")
def test_many_random_positions_match_the_reference(overrides: dict[str, Any]) -> None:
    game = get_game("cesta", overrides)
    rng = random.Random(5)
    for _ in range(5000):
        d = random_position(game, rng)
        if d is not None:
            explore(game, d, 2)
