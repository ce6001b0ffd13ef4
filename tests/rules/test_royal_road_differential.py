"""The Královská cesta engine beside an independent reading of the spec.

Random seeded games under the default and many house-rule sets compare, at every step, the
set of legal move notations and the resulting ``to_dict`` with ``tests/reference/
royal_road_ref.py`` (the die's face is the only thing taken from the engine). Scenario tests
(in ``test_royal_road_differential_scenarios.py``) build positions through ``from_dict``
for each tricky rule clause and check both the spec's expected outcome and the agreement.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game.rules import get_game
from game.rules.houserule_keys import RR_FULL_DECK
from tests.support.reference.royal_road_ref import ref_apply, ref_check_setup, ref_legal_moves

VARIANTS: list[dict[str, Any]] = [
    {},
    {"track_cards": 7},
    {"track_cards": 10},
    {"track_cards": 20},
    {"track_cards": 40, "deal": 3, "keep": 1},
    {"jail_position": 2},
    {"jail_position": 11, "track_cards": 15},
    {"trapdoor": False},
    {"trapdoor": False, "track_cards": 8, "jail_position": 5},
    {"reuse_previous": False},
    {"bonus_swap": "face-up-only"},
    {"bonus_swap": "off"},
    {"overstep": True},
    {"overstep": True, "overstep_penalty_turns": 0},
    {"overstep": True, "overstep_penalty_turns": 2},
    {"overstep": True, "overstep_penalty_turns": 3, "bonus_swap": "face-up-only",
     "trapdoor": False},
    {"first_player": 1},
    {"first_player": 0, "deal": 3, "keep": 3},
    {"deal": 8, "keep": 1, "players_max": 4},
    {"deal": 1, "keep": 1},
    {"deck": list(RR_FULL_DECK[::3]), "deal": 2, "keep": 1, "track_cards": 9},
    {"deck": [c for c in RR_FULL_DECK if "k" not in c], "track_cards": 12, "deal": 3,
     "players_max": 3},
]


def game_of(variant: int) -> Any:
    return get_game("royal_road", VARIANTS[variant])


def compare_states(expected: dict[str, Any], actual: dict[str, Any], where: str) -> None:
    for key in sorted(set(expected) | set(actual)):
        assert expected.get(key) == actual.get(key), (
            f"{where}: {key} differs\n ref: {expected.get(key)!r}\n eng: {actual.get(key)!r}")


def check_legal(game: Any, state: Any, ref: dict[str, Any], where: str) -> list[str]:
    texts = [game.format_move(m) for m in game.legal_moves(state)]
    assert len(texts) == len(set(texts)), f"{where}: a move is listed twice: {texts}"
    expected = ref_legal_moves(ref)
    assert set(texts) == expected, (f"{where}: legal moves differ\n only engine: "
                                    f"{sorted(set(texts) - expected)}\n only ref: "
                                    f"{sorted(expected - set(texts))}")
    return texts


def pick(rng: random.Random, texts: list[str], style: int) -> str:
    """A random legal move, leaning by ``style`` so that every kind of move occurs."""
    if "report" in texts and rng.random() < (0.2, 0.6, 0.9)[style % 3]:
        return "report"
    if "reuse" in texts and rng.random() < 0.4:
        return "reuse"
    moves = [t for t in texts if t.startswith("move")]
    if moves and style % 2 == 1 and rng.random() < 0.7:
        # lean to far moves: reaches GOAL, oversteps and full cards more often
        moves.sort(key=lambda t: int(t.split()[2]))
        return rng.choice(moves[len(moves) // 2:])
    swaps = [t for t in texts if t.startswith("swap")]
    if swaps and rng.random() < 0.7:
        return rng.choice(swaps)
    return rng.choice([t for t in texts if t != "report"] or texts)


def play_game(game: Any, players: int, seed: int, style: int,
              reload_every: int = 0) -> tuple[int, dict[str, Any], Counter]:
    """One game beside the reference; returns (moves played, final dict, move kinds)."""
    rng = random.Random(seed * 7919 + players * 31 + style)
    state = game.new_game(players, seed)
    d = game.to_dict(state)
    ref_check_setup(d, players)
    ref = d
    kinds: Counter = Counter()
    steps = 0
    while True:
        where = f"rules {game.rules_overrides} seed {seed} players {players} step {steps}"
        texts = check_legal(game, state, ref, where)
        if not texts:
            assert d["to_move"] is None and len(d["winners"]) == 1
            return steps, d, kinds
        if reload_every and steps % reload_every == 2 and d["step"] != "keep":
            # the seat to move gets the same moves from its view, also after a round trip
            seat = d["to_move"]
            view = game.to_dict(game.view(state, seat))
            again = game.from_dict(view)
            assert game.to_dict(again) == view
            assert {game.format_move(m) for m in game.legal_moves(again)} == set(texts)
        text = pick(rng, texts, style)
        kinds[text.split()[0]] += 1
        state, events = game.apply(state, game.parse_move(state, text))
        d = game.to_dict(state)
        ref = ref_apply(ref, text, d)
        compare_states(ref, d, f"{where} after {text!r}")
        kinds.update(e.type for e in events if e.type in
                     ("amnesty", "trapdoor_fall", "skip", "bonus_offer"))
        if reload_every and steps % reload_every == 0:
            again = game.from_dict(d)
            assert game.to_dict(again) == d
            state = again
        steps += 1


def run_many(variant: int, games: int, seed0: int) -> Counter:
    game = game_of(variant)
    game.rules_overrides = VARIANTS[variant]
    low, high = game.rules["players_min"], game.rules["players_max"]
    totals: Counter = Counter()
    for i in range(games):
        players = low + i % (high - low + 1)
        if game.deal * players + game.n > len(game.deck_cards):
            continue
        _, _, kinds = play_game(game, players, seed0 + i, i, reload_every=11)
        totals.update(kinds)
        totals["games"] += 1
    return totals


def test_default_rules_random_games_match_the_reference() -> None:
    totals = run_many(0, 120, 1000)
    assert totals["games"] == 120
    # the random games really exercise the rules that matter
    for kind in ("keep", "roll", "reuse", "move", "pass", "swap", "noswap", "amnesty",
                 "trapdoor_fall", "bonus_offer"):
        assert totals[kind] > 0, kind


@pytest.mark.parametrize("variant", range(1, len(VARIANTS)))
def test_house_rule_random_games_match_the_reference(variant: int) -> None:
    totals = run_many(variant, 14, 5000 + 100 * variant)
    assert totals["games"] > 0
    if VARIANTS[variant].get("overstep") and VARIANTS[variant].get(
            "overstep_penalty_turns", 1):
        assert totals["report"] > 0 and totals["skip"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_many_random_games_match_the_reference(variant: int) -> None:
    totals = run_many(variant, 400, 90_000 + 1000 * variant)
    assert totals["games"] > 0


def random_position(game: Any, rng: random.Random) -> dict[str, Any]:
    """A possible but unusual position: crowded cards, moved JAIL/TRAPDOOR, lying pyramids,
    pending oversteps, skips — places random play seldom reaches."""
    n = game.n
    players = rng.randint(game.rules["players_min"], min(game.rules["players_max"], 5))
    cards = list(game.deck_cards)
    rng.shuffle(cards)
    specials = ["JAIL"] + (["TRAPDOOR"] if game.trapdoor else [])
    track: list[str] = ["START"] + [cards.pop() for _ in range(n - 2)] + ["GOAL"]
    if game.bonus_swap == "any-but-ends" and rng.random() < 0.5:
        places = rng.sample(range(1, n - 1), len(specials))
    else:
        places = [game.jail0] + ([n - 2] if game.trapdoor else [])
    for q, name in zip(places, specials, strict=True):
        track[q] = name
    jail = track.index("JAIL")
    trap = track.index("TRAPDOOR") if game.trapdoor else -1
    pyramids: dict[str, int] = {}
    taken: set[tuple[int, str]] = set()
    crowd = rng.choice([0.3, 0.7, 0.95])
    for code in (c + s for c in "rygbk" for s in "SML"):
        while True:
            roll = rng.random()
            if roll > crowd:
                q = 0
            elif roll > crowd * 0.8:
                q = rng.choice([jail, n - 1])
            else:
                q = rng.randrange(1, n)
            if q == trap:
                continue
            if q in (0, jail, n - 1) or (q, code[1]) not in taken:
                break
        taken.add((q, code[1]))
        pyramids[code] = q
    lying = [c for c, q in pyramids.items() if q == jail and rng.random() < 0.6]
    standing = [c for c, q in pyramids.items() if q != n - 1]
    if lying and all(c in lying for c in standing):
        lying.pop()
    kept = [[cards.pop() for _ in range(game.keep)] for _ in range(players)]
    step = rng.choice(["color", "color", "move", "move", "move", "bonus"])
    to_move = rng.randrange(players)
    faces = "rygbkw"
    color = rng.choice(faces) if step != "color" else None
    prev = rng.choice(faces + " ").strip() or None
    skips = [rng.choice([0, 0, 0, 1, 2]) if seat != to_move else 0 for seat in range(players)]
    pending = None
    if game.overstep and step == "color" and rng.random() < 0.7:
        mover = (to_move - 1) % players
        code = rng.choice(list(pyramids))
        before = [q for q in range(1, pyramids[code]) if track[q] not in ("JAIL", "TRAPDOOR")]
        if before:
            pending = {"seat": mover, "pyramid": code, "stop": rng.choice(before)}
    rules = dict(game.rules)
    rules["deck"] = list(rules["deck"])
    return {
        "game": "royal_road", "version": 1, "players": players, "to_move": to_move,
        "winners": [], "rules": rules, "step": step, "track": track, "pyramids": pyramids,
        "lying": lying, "kept": kept, "dealt": [[] for _ in range(players)],
        "color": color, "previous_color": prev, "skips": skips, "deck": cards[:5],
        "rng": rng.getrandbits(64), "overstep_pending": pending,
    }


@pytest.mark.parametrize("variant", [0, 5, 7, 10, 12, 14, 15])
def test_random_positions_from_dict_match_the_reference(variant: int) -> None:
    game = game_of(variant)
    game.rules_overrides = VARIANTS[variant]
    rng = random.Random(4242 + variant)
    for i in range(150):
        data = random_position(game, rng)
        state = game.from_dict(data)
        d = game.to_dict(state)
        assert game.from_dict(d) is not None
        ref = d
        for step in range(12):
            where = f"variant {variant} position {i} step {step}"
            texts = check_legal(game, state, ref, where)
            if not texts:
                break
            text = pick(rng, texts, i)
            state, _ = game.apply(state, game.parse_move(state, text))
            d = game.to_dict(state)
            ref = ref_apply(ref, text, d)
            compare_states(ref, d, f"{where} after {text!r}")


@pytest.mark.slow
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_many_random_positions_match_the_reference(variant: int) -> None:
    game = game_of(variant)
    game.rules_overrides = VARIANTS[variant]
    rng = random.Random(77_000 + variant)
    for i in range(1500):
        data = random_position(game, rng)
        state = game.from_dict(data)
        ref = game.to_dict(state)
        for step in range(20):
            where = f"variant {variant} position {i} step {step}"
            texts = check_legal(game, state, ref, where)
            if not texts:
                break
            text = pick(rng, texts, i)
            state, _ = game.apply(state, game.parse_move(state, text))
            d = game.to_dict(state)
            ref = ref_apply(ref, text, d)
            compare_states(ref, d, f"{where} after {text!r}")
