"""Cut the Rope against an independent reference (tests/support/reference/cut_the_rope_ref.py).

Random seeded games are replayed beside the reference, comparing at every step the set of
legal move notations (each listed once) and the whole resulting ``to_dict`` (hands as
multisets: the spec leaves hand order open); chance (a reshuffle's order) is the only thing
the reference takes from the engine. Then scenarios built through ``from_dict`` check the
tricky rule clauses one by one, each against the reference as well as by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game.rules import RulesError, get_game
from tests.support.reference.cut_the_rope_ref import (
    normalised,
    ref_apply,
    ref_initial_bookkeeping,
    ref_legal_moves,
)

# house-rule variants the random games run under (players_max keeps small decks dealable)
VARIANTS: list[dict[str, Any]] = [
    {},
    {"main_rows": 1},
    {"main_rows": 5},
    {"aux_rows": 1},
    {"row_length": 5, "pile_sizes": {"2": 8, "3": 8, "4": 6, "5": 6, "6": 5}},
    {"row_length": 12},
    {"copies": 4, "scissors": 4, "players_max": 3,
     "pile_sizes": {"2": 10, "3": 8, "4": 6, "5": 5, "6": 4}},
    {"scissors": 0},
    {"hand_size": 3},
    {"refill_when_empty": True},
    {"reshuffle": False},
    {"pile_sizes": {"2": 3, "3": 3, "4": 2, "5": 2, "6": 1}},
    {"first_player": 1},
    # stalemate hunters: a small deck, no reshuffle, long piles
    {"reshuffle": False, "copies": 3, "scissors": 0, "row_length": 6, "players_max": 3,
     "hand_size": 3, "pile_sizes": {"2": 6, "3": 3, "4": 2, "5": 2, "6": 1}},
    {"reshuffle": True, "copies": 3, "scissors": 0, "row_length": 5, "players_max": 2,
     "hand_size": 2, "main_rows": 1, "aux_rows": 1,
     "pile_sizes": {"2": 4, "3": 1, "4": 1, "5": 1, "6": 1}},
    {"refill_when_empty": True, "reshuffle": False, "hand_size": 3, "aux_rows": 1,
     "main_rows": 1, "first_player": 0},
]

_GAMES: dict[int, Any] = {}


def game_of(variant: int) -> Any:
    if variant not in _GAMES:
        _GAMES[variant] = get_game("cut_the_rope", VARIANTS[variant])
    return _GAMES[variant]


def compare_states(expected: dict[str, Any], actual: dict[str, Any], where: str) -> None:
    exp, act = normalised(expected), normalised(actual)
    for key in sorted(set(exp) | set(act)):
        assert exp.get(key) == act.get(key), f"{where}: {key} differs\n ref: " \
            f"{exp.get(key)!r}\n eng: {act.get(key)!r}"


def check_legal(game: Any, state: Any, ref: dict[str, Any], where: str) -> list[str]:
    texts = [game.format_move(m) for m in game.legal_moves(state)]
    assert len(texts) == len(set(texts)), f"{where}: a move is listed twice: {texts}"
    expected = ref_legal_moves(ref)
    assert set(texts) == expected, (f"{where}: legal moves differ\n only engine: "
                                    f"{sorted(set(texts) - expected)}\n only ref: "
                                    f"{sorted(expected - set(texts))}")
    return texts


def play_game(game: Any, players: int, seed: int, bias: float,
              reload_every: int = 0) -> tuple[int, dict[str, Any]]:
    """One game beside the reference; returns (moves played, final state dict)."""
    rng = random.Random(seed * 7919 + players)
    state = game.new_game(players, seed)
    d = game.to_dict(state)
    ref = ref_initial_bookkeeping(d)
    compare_states(ref, d, f"seed {seed} setup")
    steps = 0
    while True:
        where = f"seed {seed} players {players} step {steps}"
        texts = check_legal(game, state, ref, where)
        if not texts:
            assert d["to_move"] is None and d["winners"]
            return steps, d
        if reload_every and steps % reload_every == 3:
            # the seat to move gets the same moves from its view, also after a round trip
            seat = d["to_move"]
            view = game.to_dict(game.view(state, seat))
            assert view["hands"][seat] == d["hands"][seat]
            again = game.from_dict(view)
            assert game.to_dict(again) == view
            assert {game.format_move(m) for m in game.legal_moves(again)} == set(texts)
        builds = [t for t in texts if t.startswith("build")]
        if builds and rng.random() < bias:
            text = rng.choice(builds)
        else:
            text = rng.choice([t for t in texts if t.startswith("end")])
        state, _ = game.apply(state, game.parse_move(state, text))
        d = game.to_dict(state)
        ref = ref_apply(ref, text, d)
        compare_states(ref, d, f"{where} after {text!r}")
        if reload_every and steps % reload_every == 0:
            again = game.from_dict(d)
            assert game.to_dict(again) == d
            state = again
        steps += 1


def run_many(variant: int, games: int, seed0: int) -> Counter:
    game = game_of(variant)
    low, high = game.rules["players_min"], game.rules["players_max"]
    outcomes: Counter = Counter()
    for i in range(games):
        players = low + i % (high - low + 1)
        bias = (0.85, 0.5, 0.97, 0.2)[i % 4]
        try:
            _, final = play_game(game, players, seed0 + i, bias, reload_every=7)
        except RulesError:
            continue
        won_by_pile = any(not final["piles"][s] for s in final["winners"])
        outcomes["pile" if won_by_pile else "stalemate"] += 1
    return outcomes


def test_default_rules_random_games_match_the_reference() -> None:
    outcomes = run_many(0, 60, 1000)
    assert sum(outcomes.values()) == 60


@pytest.mark.parametrize("variant", range(1, len(VARIANTS)))
def test_house_rule_random_games_match_the_reference(variant: int) -> None:
    outcomes = run_many(variant, 16, 5000 + 100 * variant)
    assert sum(outcomes.values()) > 0


def test_stalemates_are_reached_and_match() -> None:
    total: Counter = Counter()
    for variant in (13, 14, 10):
        total += run_many(variant, 20, 777)
    assert total["stalemate"] > 0 and total["pile"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_many_random_games_match_the_reference(variant: int) -> None:
    run_many(variant, 300, 90_000 + 1000 * variant)


# ------------------------------------------------------------------------------ scenarios

GAME = get_game("cut_the_rope")


def scenario(game: Any = GAME, *, players: int = 2, to_move: int = 0,
             piles: list[list[str]] | None = None, hands: list[list[str]] | None = None,
             aux: list[list[list[str]]] | None = None, rows: list[Any] = (),
             draw: list[str] | None = None, discard: list[str] | None = None,
             rest: str = "draw") -> dict[str, Any]:
    """A full state dict with only the required keys: the named cards, and every other card
    of the deck at the bottom of ``rest`` ("draw", "discard" or "aux": seat 0's aux rows)."""
    piles = piles if piles is not None else [["5"] for _ in range(players)]
    hands = hands if hands is not None else [[] for _ in range(players)]
    aux = aux if aux is not None else [[] for _ in range(players)]
    draw = list(draw or [])
    discard = list(discard or [])
    slots: list[Any] = [None] * game.rules["main_rows"]
    for k, row in enumerate(rows):
        if row is not None:
            slots[k] = {"cards": list(row[1]), "dir": row[0]}
    used: Counter = Counter()
    for stack in [*piles, *hands, draw, discard, *(r for rs in aux for r in rs),
                  *(r["cards"] for r in slots if r is not None)]:
        used.update(stack)
    length = game.rules["row_length"]
    leftover: list[str] = []
    for card in ["S", *map(str, range(1, length + 1))]:
        total = game.rules["scissors" if card == "S" else "copies"]
        assert used[card] <= total, card
        leftover += [card] * (total - used[card])
    if rest == "draw":
        draw = leftover + draw
    elif rest == "discard":
        discard = leftover + discard
    else:  # bury them in seat 0's auxiliary rows, under what the scenario names there
        # 2s and scissors lowest, high numbers on top: nothing there fits a young row
        leftover.sort(key=lambda c: (c not in ("S", "2"), 0 if c == "S" else int(c)))
        aux = [list(map(list, rs)) for rs in aux]
        while len(aux[0]) < game.rules["aux_rows"]:
            aux[0].append([])
        share = -(-len(leftover) // len(aux[0]))
        for k, row in enumerate(aux[0]):
            aux[0][k] = leftover[k * share:(k + 1) * share] + row
        aux[0] = [r for r in aux[0] if r]
    return {"game": "cut_the_rope", "version": 1, "players": players, "to_move": to_move,
            "winners": [], "rules": game.rules, "piles": piles, "hands": hands, "aux": aux,
            "rows": slots, "draw": draw, "discard": discard}


class Table:
    """A scenario played through the engine and the reference side by side."""

    def __init__(self, data: dict[str, Any], game: Any = GAME) -> None:
        self.game = game
        self.state = game.from_dict(data)
        self.d = game.to_dict(self.state)
        self.ref = ref_initial_bookkeeping(data)
        self.ref["rng"] = self.d["rng"]
        compare_states(self.ref, self.d, "loaded")

    def moves(self) -> set[str]:
        return set(check_legal(self.game, self.state, self.ref, "scenario"))

    def play(self, text: str) -> list[dict[str, Any]]:
        assert text in self.moves(), f"{text!r} should be legal"
        self.state, events = self.game.apply(self.state, self.game.parse_move(self.state, text))
        self.d = self.game.to_dict(self.state)
        self.ref = ref_apply(self.ref, text, self.d)
        compare_states(self.ref, self.d, f"after {text!r}")
        return events


def test_scissors_start_a_row_up_or_down_and_stand_for_the_next_number() -> None:
    t = Table(scenario(hands=[["S", "S", "9", "2"], []]))
    assert {"build hand:S new:up", "build hand:S new:down"} <= t.moves()
    t.play("build hand:S new:down")
    assert t.d["rows"][0] == {"cards": ["S"], "dir": "down"}
    assert "build hand:9 row:1" in t.moves() and "build hand:2 row:1" not in t.moves()
    t.play("build hand:S new:up")
    assert t.d["rows"][1] == {"cards": ["S"], "dir": "up"}
    assert "build hand:2 row:2" in t.moves() and "build hand:9 row:2" not in t.moves()
    t.play("build hand:2 row:2")
    t.play("build hand:9 row:1")
    assert t.d["rows"][:2] == [{"cards": ["S", "9"], "dir": "down"},
                               {"cards": ["S", "2"], "dir": "up"}]


def test_scissors_in_a_row_stand_for_the_number_they_replace() -> None:
    t = Table(scenario(hands=[["3", "8"], []], rows=[("up", ["1", "S"]), ("down", ["10", "S"])]))
    assert {"build hand:3 row:1", "build hand:8 row:2"} <= t.moves()
    assert "build hand:3 row:2" not in t.moves() and "build hand:8 row:1" not in t.moves()


def test_1_only_starts_up_rows_and_10_only_down_rows() -> None:
    t = Table(scenario(piles=[["10"], ["5"]], hands=[["1", "5"], []],
                       aux=[[["S", "1"], ["10"]], []]))
    moves = t.moves()
    assert "build hand:1 new:up" in moves and "build hand:1 new:down" not in moves
    assert "build pile new:down" in moves and "build pile new:up" not in moves
    assert "build aux:1 new:up" in moves and "build aux:2 new:down" in moves
    assert not any(m.startswith("build hand:5") for m in moves)


def test_a_complete_row_goes_to_the_discard_pile_at_once_and_frees_its_slot() -> None:
    cards = ["1", "2", "S", "4", "5", "6", "7", "S", "9"]
    t = Table(scenario(hands=[["10", "1"], []], rows=[("up", cards), ("down", ["10"])],
                       discard=["3", "3"], rest="draw"))
    t.play("build hand:10 row:1")
    assert t.d["rows"][0] is None and t.d["to_move"] == 0
    assert t.d["discard"] == ["3", "3", *cards, "10"]   # the row's first card lowest
    assert "build hand:1 new:up" in t.moves()
    t.play("build hand:1 new:up")
    assert t.d["rows"][0] == {"cards": ["1"], "dir": "up"}


def test_new_rows_take_the_lowest_free_slot_and_no_more_than_main_rows() -> None:
    t = Table(scenario(hands=[["1", "1", "10"], []], rows=[None, ("up", ["1"]), None]))
    t.play("build hand:1 new:up")
    assert t.d["rows"][0] == {"cards": ["1"], "dir": "up"}
    t.play("build hand:10 new:down")
    assert t.d["rows"][2] == {"cards": ["10"], "dir": "down"}
    assert not any("new:" in m for m in t.moves())


def test_aux_rows_any_card_only_the_top_plays_and_emptied_rows_disappear() -> None:
    t = Table(scenario(hands=[["7", "3"], []], aux=[[["2"], ["9", "3"], ["5"]], []],
                       rows=[("up", ["1"])]))
    moves = t.moves()
    assert "build aux:1 row:1" in moves
    assert not any(m.startswith("build aux:2") or m.startswith("build aux:3") for m in moves)
    t.play("build aux:1 row:1")
    assert t.d["aux"][0] == [["9", "3"], ["5"]]      # row 1 gone, the others moved up
    assert "build aux:1 row:1" in t.moves()          # the 3 of the old row 2
    assert "end hand:7 aux:new" in t.moves() and "end hand:7 aux:3" not in t.moves()
    t.play("end hand:7 aux:1")                      # any order: a 7 on a 3
    assert t.d["aux"][0] == [["9", "3", "7"], ["5"]] and t.d["to_move"] == 1


def test_end_needs_an_aux_row_card_while_the_hand_holds_one() -> None:
    t = Table(scenario(hands=[["4"], []], aux=[[["5"], ["2"], ["3"]], []]))
    assert t.moves() == {"end hand:4 aux:1", "end hand:4 aux:2", "end hand:4 aux:3"}
    t = Table(scenario(hands=[[], []], rows=[("up", ["1"])], piles=[["2", "2"], ["5"]]))
    assert t.moves() == {"build pile row:1", "end"}
    t.play("build pile row:1")
    assert t.d["to_move"] == 0                      # building never ends the turn
    t.play("end")
    assert t.d["to_move"] == 1 and len(t.d["hands"][0]) == 6


def test_refill_at_the_end_of_the_turn_takes_the_top_cards() -> None:
    t = Table(scenario(hands=[["1", "2", "3", "7", "7", "7"], []],
                       draw=["4", "5", "6", "8"]))
    t.play("build hand:1 new:up")
    t.play("build hand:2 row:1")
    assert len(t.d["hands"][0]) == 4 and t.d["draw"][-1] == "8"
    t.play("end hand:7 aux:new")
    assert Counter(t.d["hands"][0]) == Counter(["3", "7", "7", "8", "6", "5"])


def test_reshuffle_only_when_a_card_must_be_drawn_from_an_empty_draw_pile() -> None:
    # exactly enough on the draw pile: the discard pile stays
    data = scenario(hands=[["1", "1", "1"], []], rest="discard", draw=["2", "3", "4", "5"])
    t = Table(data)
    t.play("end hand:1 aux:new")
    assert t.d["draw"] == [] and t.d["discard"] == data["discard"]
    # one short: the last card comes from the shuffled discard pile
    data = scenario(hands=[["1", "1", "1"], []], rest="discard", draw=["2", "3", "4"])
    t = Table(data)
    t.play("end hand:1 aux:new")
    assert t.d["discard"] == [] and len(t.d["draw"]) == len(data["discard"]) - 1
    assert Counter(t.d["hands"][0]) == Counter(["1", "1", "2", "3", "4"]) + (
        Counter(data["discard"]) - Counter(t.d["draw"]))


def test_nothing_is_drawn_when_both_piles_are_empty_or_reshuffle_is_off() -> None:
    t = Table(scenario(hands=[["1", "1"], []], rest="aux"))
    t.play("end hand:1 aux:1")
    assert t.d["hands"][0] == ["1"] and t.d["draw"] == [] and t.d["discard"] == []
    game = get_game("cut_the_rope", {"reshuffle": False})
    data = scenario(game, hands=[["1", "1"], []], rest="discard")
    t = Table(data, game)
    t.play("end hand:1 aux:new")
    assert t.d["hands"][0] == ["1"] and t.d["discard"] == data["discard"]


def test_refill_when_empty_refills_at_once_during_build() -> None:
    game = get_game("cut_the_rope", {"refill_when_empty": True})
    t = Table(scenario(game, hands=[["1"], []], draw=["3", "4"]), game)
    t.play("build hand:1 new:up")
    assert len(t.d["hands"][0]) == 6 and t.d["to_move"] == 0
    off = Table(scenario(hands=[["1"], []], draw=["3", "4"]))
    off.play("build hand:1 new:up")
    assert off.d["hands"][0] == [] and off.moves() == {"end"}


def test_emptying_the_personal_pile_wins_at_once() -> None:
    t = Table(scenario(piles=[["4", "2"], ["5"]], rows=[("up", ["1"])]))
    t.play("build pile row:1")
    assert t.d["piles"][0] == ["4"] and t.d["winners"] == []
    view = GAME.to_dict(GAME.view(t.state, 1))
    assert view["piles"][0][-1] == "4"               # the next card is turned up
    cards = [str(v) for v in range(10, 1, -1)]
    t = Table(scenario(piles=[["1"], ["5"]], rows=[("down", cards)], hands=[["3"], []]))
    t.play("build pile row:1")
    assert t.d["winners"] == [0] and t.d["to_move"] is None and t.d["rows"][0] is None
    assert t.d["discard"][-10:] == [*cards, "1"] and t.moves() == set()


def _stuck(players: int, piles: list[list[str]], **kw: Any) -> dict[str, Any]:
    """Draw and discard empty; three up rows need a 2; every 2 and S is buried in aux rows."""
    return scenario(players=players, piles=piles, rows=[("up", ["1"])] * 3, rest="aux", **kw)


def test_stalemate_exactly_players_turns_that_began_empty_without_a_build() -> None:
    t = Table(_stuck(3, [["4", "5"], ["6"], ["7"]], to_move=2))
    for _ in range(2):
        assert t.moves() == {"end"}
        t.play("end")
        assert t.d["winners"] == []
    t.play("end")
    assert t.d["winners"] == [1, 2] and t.d["to_move"] is None


def test_stalemate_count_restarts_after_a_build() -> None:
    t = Table(_stuck(2, [["4", "5"], ["6"]], hands=[[], ["2", "7"]]))
    t.play("end")                                    # 1
    t.play("build hand:2 row:1")
    t.play("end hand:7 aux:new")                     # a build: back to 0
    assert t.d["winners"] == []
    t.play("end")                                    # 1
    assert t.d["winners"] == []
    assert t.moves() == {"end"}
    t.play("end")                                    # 2 = players
    assert t.d["winners"] == [1]


def test_a_turn_that_began_with_a_card_to_draw_does_not_count() -> None:
    data = _stuck(2, [["4", "5"], ["6"]])
    data["draw"] = [data["aux"][0][0].pop(0)]
    t = Table(data)
    t.play("end")                                    # began with a draw pile: no count
    t.play("end")
    assert t.d["winners"] == []
    t.play(next(m for m in sorted(t.moves()) if m.startswith("end")))
    assert t.d["winners"] == [1]


def test_distinct_moves_are_listed_once() -> None:
    t = Table(scenario(piles=[["S"], ["5"]], hands=[["7", "7", "S", "S"], []],
                       aux=[[["S"], ["S"]], []],
                       rows=[("up", ["1", "2", "3", "4", "5", "6"]), ("down", ["10", "9", "8"])]))
    moves = t.moves()     # check_legal already asserts no duplicates in the engine's list
    for src in ("pile", "hand:S", "aux:1", "aux:2"):
        assert {f"build {src} row:1", f"build {src} row:2", f"build {src} new:up",
                f"build {src} new:down"} <= moves
    assert {"build hand:7 row:1", "build hand:7 row:2"} <= moves


@pytest.mark.parametrize("text", ["build aux:² row:1", "build pile row:²", "end hand:1 aux:²",
                                  "build pile row:01", "end hand:1 aux:01", "build aux:0 row:1",
                                  "build hand:07 new:up", "build pile row:٣"])
def test_odd_digits_in_notation_raise_illegal_move(text: str) -> None:
    from game.rules import IllegalMove
    state = GAME.from_dict(scenario(hands=[["1", "7"], []], aux=[[["1"]], []],
                                    rows=[("up", ["1"]), ("up", ["1"]), ("up", ["1"])]))
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, text)


def test_parsing_a_move_once_the_game_is_over_raises_illegal_move() -> None:
    from game.rules import IllegalMove
    t = Table(scenario(piles=[["2"], ["5"]], hands=[["1"], []], rows=[("up", ["1"])]))
    t.play("build pile row:1")
    for text in ("end", "end hand:1 aux:new", "build hand:1 new:up", "build pile row:1"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(t.state, text)
