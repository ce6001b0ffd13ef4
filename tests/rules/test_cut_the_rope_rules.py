"""Cut the Rope: one test per rule sentence of shared/spec/cut-the-rope.md.

Scenarios are built through ``from_dict`` with ``table``: name the cards that matter, and
every other card of the deck goes to the bottom of the draw pile (or the discard pile).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game.rules import IllegalMove, RulesError, StateError, get_game
from game.rules.cut_the_rope import Game, Move
from game.rules.events import Event

GAME = get_game("cut_the_rope")


def table(game: Game = GAME, *, players: int = 2, to_move: int | None = 0,
          piles: list[list[str]] | None = None, hands: list[list[str]] | None = None,
          aux: list[list[list[str]]] | None = None, rows: list[Any] | None = None,
          draw: list[str] = (), discard: list[str] = (), rest: str = "draw",
          winners: list[int] = (), **extra: Any) -> dict[str, Any]:
    """A full state dict: the named cards plus the rest of the deck on ``rest``'s bottom."""
    piles = piles or [["5"] for _ in range(players)]
    hands = hands if hands is not None else [[] for _ in range(players)]
    aux = aux or [[] for _ in range(players)]
    slots: list[Any] = [None] * game.main_rows
    for k, row in enumerate(rows or []):
        slots[k] = None if row is None else {"dir": row[0], "cards": list(row[1])}
    used: Counter = Counter()
    for stack in (*piles, *hands, draw, discard):
        used.update(stack)
    for rows_of_seat in aux:
        for row in rows_of_seat:
            used.update(row)
    for row in slots:
        if row is not None:
            used.update(row["cards"])
    leftover = []
    for card in ["S", *map(str, range(1, game.row_length + 1))]:
        total = game.rules["scissors"] if card == "S" else game.rules["copies"]
        assert used[card] <= total, f"scenario uses too many {card}"
        leftover.extend([card] * (total - used[card]))
    draw, discard = list(draw), list(discard)
    if rest == "draw":
        draw = leftover + draw
    else:
        discard = leftover + discard
    data = {"game": "cut_the_rope", "version": 1, "players": players, "to_move": to_move,
            "winners": list(winners), "rules": game.rules, "piles": piles, "hands": hands,
            "aux": aux, "rows": slots, "draw": draw, "discard": discard}
    data.update(extra)
    return data


def load(data: dict[str, Any], game: Game = GAME):
    return game.from_dict(data)


def moves_of(state, game: Game = GAME) -> list[str]:
    return [game.format_move(m) for m in game.legal_moves(state)]


def play(state, text: str, game: Game = GAME):
    return game.apply(state, game.parse_move(state, text))


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


# ------------------------------------------------------------------------------ components

def test_deck_has_14_copies_of_each_number_and_20_scissors() -> None:
    data = GAME.to_dict(GAME.new_game(2, 5))
    cards: Counter = Counter()
    for stack in (*data["piles"], *data["hands"], data["draw"]):
        cards.update(stack)
    assert sum(cards.values()) == 160
    assert cards == Counter({**{str(v): 14 for v in range(1, 11)}, "S": 20})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_can_play(players: int) -> None:
    state = GAME.new_game(players, 1)
    assert len(GAME.to_dict(state)["piles"]) == players


@pytest.mark.parametrize("players", [1, 7, 0])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError):
        GAME.new_game(players, 1)


# ----------------------------------------------------------------------------------- setup

def test_setup_shuffles_the_whole_deck_by_seed() -> None:
    a = GAME.to_dict(GAME.new_game(3, 11))
    b = GAME.to_dict(GAME.new_game(3, 11))
    c = GAME.to_dict(GAME.new_game(3, 12))
    assert a == b
    assert a["piles"] != c["piles"]


@pytest.mark.parametrize("players,size", [(2, 20), (3, 20), (4, 16), (5, 16), (6, 12)])
def test_personal_pile_sizes_by_player_count(players: int, size: int) -> None:
    data = GAME.to_dict(GAME.new_game(players, 3))
    assert [len(p) for p in data["piles"]] == [size] * players
    assert len(data["draw"]) == 160 - players * (size + 6)


def test_pile_top_card_is_face_up_for_everyone() -> None:
    state = GAME.new_game(3, 4)
    data = GAME.to_dict(state)
    for seat in range(3):
        view = GAME.to_dict(GAME.view(state, seat))
        for s in range(3):
            assert view["piles"][s][-1] == data["piles"][s][-1]
            assert set(view["piles"][s][:-1]) == {"??"}


def test_next_pile_card_is_turned_up_when_the_top_leaves() -> None:
    state = load(table(piles=[["4", "1"], ["5"]], hands=[["2"], ["3"]]))
    state, events = play(state, "build pile new:up")
    assert events[-1].to_dict() == {"type": "pile_revealed", "seat": 0, "card": "4"}
    assert GAME.to_dict(GAME.view(state, 1))["piles"][0] == ["4"]


def test_each_player_gets_a_hand_of_six_from_the_draw_pile() -> None:
    data = GAME.to_dict(GAME.new_game(4, 9))
    assert [len(h) for h in data["hands"]] == [6] * 4


def test_first_player_is_chosen_at_random_by_seed() -> None:
    firsts = {GAME.new_game(4, seed).to_move for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game(4, 8).to_move == GAME.new_game(4, 8).to_move


def test_first_player_house_rule_names_the_seat() -> None:
    game = get_game("cut_the_rope", {"first_player": 2})
    assert all(game.new_game(3, s).to_move == 2 for s in range(5))
    with pytest.raises(RulesError):
        game.new_game(2, 1)


# ------------------------------------------------------------------------------ main rows

def test_at_most_three_main_rows_at_once() -> None:
    state = load(table(piles=[["1"], ["5"]], hands=[["S", "10"], []],
                       rows=[("up", ["1"]), ("up", ["1", "2"]), ("down", ["10"])]))
    moves = moves_of(state)
    assert not any("new:" in m for m in moves)
    assert "build hand:S row:3" in moves


def test_up_row_runs_from_1_and_down_row_from_10() -> None:
    state = load(table(piles=[["1"], ["5"]], hands=[["10", "2", "9"], []]))
    assert {"build pile new:up", "build hand:10 new:down"} <= set(moves_of(state))
    state, events = play(state, "build hand:10 new:down")
    assert events[0].to_dict() == {"type": "row_started", "seat": 0, "row": 1, "dir": "down"}
    assert events[1].value == 10
    assert "build hand:9 row:1" in moves_of(state)
    assert "build hand:2 row:1" not in moves_of(state)


def test_a_1_only_starts_an_up_row_and_a_10_only_a_down_row() -> None:
    state = load(table(piles=[["7"], ["5"]], hands=[["1", "10"], []]))
    moves = moves_of(state)
    assert "build hand:1 new:up" in moves and "build hand:1 new:down" not in moves
    assert "build hand:10 new:down" in moves and "build hand:10 new:up" not in moves
    with pytest.raises(IllegalMove):
        GAME.apply(state, Move("build", "hand", "1", 0, 0, "down"))


def test_scissors_start_a_row_either_way_standing_for_1_or_10() -> None:
    state = load(table(piles=[["7"], ["5"]], hands=[["S", "S"], []]))
    assert {"build hand:S new:up", "build hand:S new:down"} <= set(moves_of(state))
    up, events = play(state, "build hand:S new:up")
    assert events[1].value == 1 and GAME.to_dict(up)["rows"][0]["dir"] == "up"
    down, events = play(state, "build hand:S new:down")
    assert events[1].value == 10 and GAME.to_dict(down)["rows"][0]["dir"] == "down"


def test_each_card_must_be_the_next_number_in_the_rows_direction() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["3", "5", "8", "7"], []],
                       rows=[("up", ["1", "2"]), ("down", ["10", "9"])]))
    builds = [m for m in moves_of(state) if m.startswith("build")]
    assert builds == ["build hand:3 row:1", "build hand:8 row:2"]


def test_scissors_stand_for_the_needed_number() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["S"], []],
                       rows=[("up", ["1", "2"]), ("down", ["10", "9"])]))
    assert {"build hand:S row:1", "build hand:S row:2"} <= set(moves_of(state))
    state, events = play(state, "build hand:S row:2")
    assert events[0].value == 8
    # the next card after the scissors is the number after the one it stood for
    state2 = load(table(piles=[["7"], ["5"]], rows=[("down", ["10", "9", "S"])]))
    assert "build pile row:1" in moves_of(state2)


def test_a_row_of_ten_is_removed_to_the_discard_pile_at_once_and_the_turn_goes_on() -> None:
    cards = ["1", "2", "3", "S", "5", "6", "7", "8", "9"]
    state = load(table(piles=[["4"], ["5"]], hands=[["10", "3"], []],
                       rows=[("up", cards)], discard=["2"], rest="draw"))
    state, events = play(state, "build hand:10 row:1")
    assert types(events) == ["build", "row_completed"]
    assert events[1].cards == (*cards, "10")
    data = GAME.to_dict(state)
    assert data["rows"][0] is None
    assert data["discard"] == ["2"] + cards + ["10"]  # on top of the discard pile
    assert state.to_move == 0
    assert "build hand:3 new:up" not in moves_of(state)  # no 3 starts a row
    assert "end hand:3 aux:new" in moves_of(state)


def test_a_completed_rows_place_is_free_for_a_new_row() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["1", "S"], []],
                       rows=[("up", ["1"]), ("down", list("S") + [str(v) for v in
                                                                 range(9, 1, -1)]),
                             ("up", ["1"])]))
    assert not any("new:" in m for m in moves_of(state))
    state, _ = play(state, "build hand:1 row:2")
    assert GAME.to_dict(state)["rows"][1] is None
    state, events = play(state, "build hand:S new:down")
    assert events[0].row == 2


def test_new_rows_go_to_the_lowest_free_slot() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["1", "10"], []],
                       rows=[None, ("up", ["1"]), None]))
    state, events = play(state, "build hand:10 new:down")
    assert events[0].row == 1 and events[1].row == 1
    state, events = play(state, "build hand:1 new:up")
    assert events[1].row == 3


# ------------------------------------------------------------------------------- aux rows

def test_at_most_three_auxiliary_rows() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["7"], []],
                       aux=[[["2"], ["3"], ["9"]], []]))
    assert moves_of(state) == ["end hand:7 aux:1", "end hand:7 aux:2", "end hand:7 aux:3"]


def test_any_card_may_start_or_go_on_top_of_an_auxiliary_row_in_any_order() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["3", "S"], []], aux=[[["8"]], []]))
    assert [m for m in moves_of(state) if m.startswith("end")] == [
        "end hand:3 aux:1", "end hand:3 aux:new", "end hand:S aux:1", "end hand:S aux:new"]
    state, events = play(state, "end hand:3 aux:1")
    assert events[0].to_dict() == {"type": "end", "seat": 0, "card": "3", "aux": 1, "new": False}
    assert GAME.to_dict(state)["aux"][0] == [["8", "3"]]


def test_only_the_top_card_of_an_auxiliary_row_is_playable() -> None:
    state = load(table(piles=[["4"], ["5"]], aux=[[["1", "7"]], []], hands=[["6"], []]))
    assert not any(m.startswith("build aux") for m in moves_of(state))
    state = load(table(piles=[["4"], ["5"]], aux=[[["7", "1"]], []], hands=[["6"], []]))
    assert "build aux:1 new:up" in moves_of(state)


def test_an_emptied_auxiliary_row_disappears_and_later_rows_move_up() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["6"], []],
                       aux=[[["9"], ["1"], ["5", "2"]], []]))
    state, events = play(state, "build aux:2 new:up")
    assert events[1].aux == 2 and events[1].aux_removed is True
    assert GAME.to_dict(state)["aux"][0] == [["9"], ["5", "2"]]
    assert "build aux:2 row:1" in moves_of(state)  # the old row 3 is now aux:2
    assert "end hand:6 aux:new" in moves_of(state)


# ----------------------------------------------------------------------- draw and discard

def test_reshuffle_only_when_a_card_must_be_drawn_and_the_draw_pile_is_empty() -> None:
    base = table(piles=[["4"], ["5"]], hands=[["7", "8"], ["2"] * 6], rest="discard")
    # draw holds nothing: drawing 5 cards (hand of 1 after the end move) reshuffles
    state = load(base)
    state, events = play(state, "end hand:7 aux:new")
    assert types(events) == ["end", "reshuffle", "draw", "turn"]
    data = GAME.to_dict(state)
    assert len(data["hands"][0]) == 6 and data["discard"] == []
    assert events[1].cards == 160 - 2 - 2 - 6  # all but the piles and the hands
    # not earlier: a draw pile that runs out exactly is not refilled from the discard pile
    spec = table(piles=[["4"], ["5"]], hands=[["7", "8", "9", "9", "9", "9"], ["2"] * 6],
                 draw=["3"], rest="discard")
    state, events = play(load(spec), "end hand:7 aux:new")
    assert types(events) == ["end", "draw", "turn"]
    data = GAME.to_dict(state)
    assert data["draw"] == [] and len(data["discard"]) == 160 - 6 - 6 - 2 - 1


def test_reshuffle_mid_refill_continues_drawing() -> None:
    spec = table(piles=[["4"], ["5"]], hands=[["7", "8", "9"], ["2"] * 6], draw=["3"],
                 rest="discard")
    state, events = play(load(spec), "end hand:7 aux:new")
    assert types(events) == ["end", "draw", "reshuffle", "draw", "turn"]
    assert events[1].cards == ("3",) and len(events[3].cards) == 3


def test_nothing_is_drawn_when_draw_and_discard_are_both_empty() -> None:
    spec = table(piles=[["4"] * 14, ["5"] * 14], hands=[["7"], ["2"]], rest="discard",
                 aux=[[], [[c] for c in "123"]])
    # put every leftover card on seat 1's auxiliary rows to empty the piles
    left = spec["discard"]
    spec["discard"] = []
    spec["aux"][1] = [spec["aux"][1][0] + left[:60], spec["aux"][1][1] + left[60:120],
                      spec["aux"][1][2] + left[120:]]
    state, events = play(load(spec), "end hand:7 aux:new")
    assert types(events) == ["end", "turn"]
    assert GAME.to_dict(state)["hands"][0] == []


def test_reshuffle_off_never_refills_the_draw_pile() -> None:
    game = get_game("cut_the_rope", {"reshuffle": False})
    state = load(table(game, piles=[["4"], ["5"]], hands=[["7", "8"], ["2"] * 6],
                       rest="discard"), game)
    state, events = play(state, "end hand:7 aux:new", game)
    assert types(events) == ["end", "turn"]
    assert GAME.to_dict(state)["hands"][0] == ["8"]


def test_row_length_house_rule_sets_the_numbers() -> None:
    game = get_game("cut_the_rope", {"row_length": 5, "copies": 20,
                                     "pile_sizes": {"2": 20, "3": 20, "4": 16, "5": 12,
                                                    "6": 10}})
    state = load(table(game, piles=[["1", "2"], ["2"]], hands=[["5", "4", "S"], []]), game)
    assert "build hand:5 new:down" in moves_of(state, game)  # a down row starts at 5
    assert "build hand:10 new:down" not in moves_of(state, game)
    state, _ = play(state, "build hand:5 new:down", game)
    state, _ = play(state, "build hand:4 row:1", game)
    state, events = play(state, "build hand:S row:1", game)
    assert events[0].value == 3
    state, events = play(state, "build pile row:1", game)
    assert events[0].value == 2
    state, events = play(state, "build pile row:1", game)  # a row of 5 is complete
    assert types(events) == ["build", "row_completed", "game_over"]
    assert len(events[1].cards) == 5


# ----------------------------------------------------------------------------------- turn

def test_build_from_pile_hand_and_own_auxiliary_rows_only() -> None:
    state = load(table(piles=[["1"], ["1"]], hands=[["1"], ["1"]],
                       aux=[[["1"]], [["1"]]]))
    builds = [m for m in moves_of(state) if m.startswith("build")]
    assert builds == ["build pile new:up", "build hand:1 new:up", "build aux:1 new:up"]


def test_build_any_number_of_times_in_a_turn() -> None:
    state = load(table(piles=[["9", "4", "3"], ["5"]], hands=[["1", "2"], []]))
    for text in ("build hand:1 new:up", "build hand:2 row:1", "build pile row:1",
                 "build pile row:1"):
        state, _ = play(state, text)
        assert state.to_move == 0
    assert GAME.to_dict(state)["rows"][0]["cards"] == ["1", "2", "3", "4"]


def test_build_none_and_end_at_once() -> None:
    state = load(table(piles=[["1"], ["5"]], hands=[["7"], []]))
    state, events = play(state, "end hand:7 aux:new")
    assert state.to_move == 1 and types(events) == ["end", "draw", "turn"]


def test_end_puts_a_hand_card_on_an_aux_row_and_ends_the_turn() -> None:
    state = load(table(piles=[["1"], ["5"]], hands=[["7", "1"], []]))
    state, _ = play(state, "end hand:7 aux:new")
    assert state.to_move == 1
    assert GAME.to_dict(state)["aux"][0] == [["7"]]


def test_end_alone_only_with_an_empty_hand() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["7"], []]))
    assert "end" not in moves_of(state)
    with pytest.raises(IllegalMove, match="empty hand"):
        GAME.apply(state, Move("end"))
    state = load(table(piles=[["4"], ["5"]], hands=[[], []], rest="discard",
                       draw=[], discard=[]))
    assert moves_of(state)[-1] == "end"
    state, events = play(state, "end")
    assert events[0].card is None and len(GAME.to_dict(state)["hands"][0]) == 6


def test_refill_when_empty_off_keeps_an_emptied_hand_empty_until_the_end() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["1"], []]))
    state, events = play(state, "build hand:1 new:up")
    assert GAME.to_dict(state)["hands"][0] == [] and "draw" not in types(events)
    assert moves_of(state) == ["end"]


def test_refill_when_empty_refills_an_emptied_hand_at_once() -> None:
    game = get_game("cut_the_rope", {"refill_when_empty": True})
    state = load(table(game, piles=[["4"], ["5"]], hands=[["1"], []]), game)
    state, events = play(state, "build hand:1 new:up", game)
    assert types(events) == ["row_started", "build", "draw"]
    assert len(game.to_dict(state)["hands"][0]) == 6 and state.to_move == 0


def test_refill_the_hand_to_six_then_play_passes_to_the_next_seat() -> None:
    state = load(table(players=3, to_move=2, piles=[["4"], ["5"], ["6"]],
                       hands=[[], [], ["7", "8", "9"]], draw=["1", "2", "3", "4"]))
    state, events = play(state, "end hand:7 aux:new")
    assert events[1].to_dict() == {"type": "draw", "seat": 2, "cards": ["4", "3", "2", "1"]}
    assert GAME.to_dict(state)["hands"][2] == ["1", "2", "3", "4", "8", "9"]
    assert state.to_move == 0 and events[-1].to_dict() == {"type": "turn", "seat": 0}


# ------------------------------------------------------------------------------------ end

def test_playing_the_last_pile_card_wins_at_once() -> None:
    state = load(table(piles=[["2"], ["5"]], hands=[["3"], []], rows=[("up", ["1"])]))
    state, events = play(state, "build pile row:1")
    assert types(events) == ["build", "game_over"]
    assert GAME.is_over(state) and GAME.current_player(state) is None
    assert GAME.result(state).winners == (0,)
    assert GAME.to_dict(state)["winners"] == [0]
    assert GAME.legal_moves(state) == []
    with pytest.raises(IllegalMove):
        GAME.apply(state, Move("end"))


def test_winning_card_completing_a_row_still_clears_it() -> None:
    cards = [str(v) for v in range(10, 1, -1)]
    state = load(table(piles=[["1"], ["5"]], rows=[("down", cards)]))
    state, events = play(state, "build pile row:1")
    assert types(events) == ["build", "row_completed", "game_over"]
    assert GAME.to_dict(state)["rows"][0] is None


def _stuck_table(players: int, piles: list[list[str]], hands: list[list[str]] | None = None,
                 **extra: Any) -> dict[str, Any]:
    """Draw and discard empty, three up rows waiting for a 2 that nobody can reach."""
    spec = table(players=players, piles=piles,
                 hands=hands or [[] for _ in range(players)], rest="discard",
                 rows=[("up", ["1"]), ("up", ["1"]), ("up", ["1"])], **extra)
    left = [c for c in spec["discard"] if c not in ("2", "S")]
    twos = [c for c in spec["discard"] if c in ("2", "S")]
    spec["discard"] = []
    # bury the 2s and scissors under other cards of seat 0's auxiliary rows
    spec["aux"][0] = [twos + left[:40], left[40:80], left[80:]]
    return spec


def test_stalemate_after_players_turns_without_builds_from_empty_piles() -> None:
    state = load(_stuck_table(2, [["4", "5"], ["6"]]))
    assert state.began_empty
    assert moves_of(state) == ["end"]
    state, events = play(state, "end")
    assert types(events) == ["end", "turn"]
    assert not GAME.is_over(state)
    state, events = play(state, "end")
    assert types(events) == ["end", "game_over"]
    assert GAME.result(state).winners == (1,)  # fewest cards left in the personal pile
    assert events[-1].winners == (1,)
    assert GAME.to_dict(state)["to_move"] is None


def test_stalemate_ties_share_the_win() -> None:
    state = load(_stuck_table(3, [["4"], ["6"], ["7", "8"]], to_move=1))
    for _ in range(3):
        state, events = play(state, "end")
    assert GAME.result(state).winners == (0, 1)
    assert "stalemate" in GAME.result(state).reason


def test_stalemate_count_restarts_after_a_build() -> None:
    state = load(_stuck_table(2, [["4", "5"], ["6"]], hands=[[], ["2"]]))
    state, _ = play(state, "end")       # seat 0 stalls: 1
    assert state.stall == 1
    state, _ = play(state, "build hand:2 row:1")
    state, _ = play(state, "end")       # seat 1 built: the count restarts
    assert state.stall == 0 and not GAME.is_over(state)
    state, _ = play(state, "end")       # 1
    assert not GAME.is_over(state)
    state, events = play(state, "end")  # 2 = players
    assert events[-1].type == "game_over" and events[-1].seat is None  # a stalemate
    assert GAME.result(state).winners == (1,)


def test_stalemate_needs_turns_that_began_with_draw_and_discard_empty() -> None:
    spec = _stuck_table(2, [["4", "5"], ["6"]])
    card = spec["aux"][0][2].pop()
    spec["draw"] = [card]
    state = load(spec)
    assert not state.began_empty
    state, events = play(state, "end")  # draws the last card: this turn does not count
    assert "draw" in types(events) and state.stall == 0
    state, _ = play(state, "end")       # began empty: 1
    assert not GAME.is_over(state)
    state, _ = play(state, f"end hand:{card} aux:1")  # 2
    assert GAME.is_over(state)


# --------------------------------------------------------------------------------- views

def test_view_hides_hands_pile_cards_below_the_top_and_the_draw_order() -> None:
    state = GAME.new_game(3, 21)
    data = GAME.to_dict(state)
    view = GAME.to_dict(GAME.view(state, 1))
    assert view["hands"][1] == data["hands"][1]
    assert view["hands"][0] == ["??"] * 6 and view["hands"][2] == ["??"] * 6
    assert view["draw"] == ["??"] * len(data["draw"]) and view["rng"] is None
    assert view["piles"][1][:-1] == ["??"] * 19  # own pile is hidden too


def test_view_events_hide_other_seats_draws() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["7"], []], draw=["3", "9"]))
    _, events = play(state, "end hand:7 aux:new")
    assert GAME.view_events(events, 0)[1].cards[:2] == ("9", "3")
    hidden = GAME.view_events(events, 1)[1]
    assert set(hidden.cards) == {"??"} and len(hidden.cards) == 6
    assert events[1].cards[0] == "9"  # the input is not changed


def test_determinize_keeps_the_visible_and_fills_the_hidden() -> None:
    import random
    state = GAME.new_game(2, 5)
    seat = state.to_move
    view = GAME.view(state, seat)
    full = GAME.determinize(view, seat, random.Random(1))
    assert GAME.to_dict(full)["hands"][seat] == GAME.to_dict(state)["hands"][seat]
    assert full.rng is not None and full.viewer is None
    GAME.apply(full, GAME.legal_moves(full)[0])
    with pytest.raises(IllegalMove):
        GAME.apply(view, GAME.legal_moves(view)[0])


# ------------------------------------------------------------------------------ notation

@pytest.mark.parametrize("text", ["build pile row:2", "build hand:7 row:1",
                                  "build aux:3 row:2", "build hand:S new:up",
                                  "build hand:1 new:up", "build aux:1 new:down",
                                  "end hand:7 aux:2", "end hand:7 aux:new", "end"])
def test_notation_examples_round_trip(text: str) -> None:
    from game.rules.cut_the_rope.moves import format_move, parse_notation
    assert format_move(parse_notation(text)) == text


def test_two_equal_hand_cards_give_one_move() -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["7", "7"], []], rows=[("up", ["S"] +
                                                                              [str(v) for v in
                                                                               range(2, 7)])]))
    assert moves_of(state) == ["build hand:7 row:1", "end hand:7 aux:new"]


@pytest.mark.parametrize("text", ["build hand:7 row:1", "build pile row:4", "bogus",
                                  "end hand:7", "build hand:07 row:1"])
def test_unknown_or_illegal_text_raises(text: str) -> None:
    state = load(table(piles=[["4"], ["5"]], hands=[["8"], []]))
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, text)


# ---------------------------------------------------------------------------- house rules

def test_main_rows_house_rule() -> None:
    game = get_game("cut_the_rope", {"main_rows": 1})
    state = load(table(game, piles=[["1"], ["5"]], hands=[["10"], []]), game)
    state, _ = play(state, "build pile new:up", game)
    assert not any("new:" in m for m in moves_of(state, game))
    assert len(game.to_dict(state)["rows"]) == 1


def test_aux_rows_house_rule() -> None:
    game = get_game("cut_the_rope", {"aux_rows": 1})
    state = load(table(game, piles=[["1"], ["5"]], hands=[["10"], []], aux=[[["3"]], []]),
                 game)
    assert [m for m in moves_of(state, game) if m.startswith("end")] == ["end hand:10 aux:1"]


def test_hand_size_copies_scissors_and_pile_sizes_house_rules() -> None:
    game = get_game("cut_the_rope", {"hand_size": 4, "copies": 5, "scissors": 3,
                                     "pile_sizes": {"2": 7, "3": 6, "4": 5, "5": 4, "6": 3}})
    data = game.to_dict(game.new_game(2, 1))
    assert [len(h) for h in data["hands"]] == [4, 4]
    assert [len(p) for p in data["piles"]] == [7, 7]
    assert len(data["draw"]) == 53 - 22


def test_impossible_rule_sets_are_refused() -> None:
    with pytest.raises(RulesError):
        get_game("cut_the_rope", {"copies": 1, "scissors": 0})
    with pytest.raises(RulesError):
        get_game("cut_the_rope", {"players_min": 3, "players_max": 4}).new_game(2, 1)


# ------------------------------------------------------------------------ from_dict checks

def test_round_trip_of_a_scenario() -> None:
    data = table(piles=[["4", "2"], ["5"]], hands=[["7", "S"], ["1"]], aux=[[["3"]], []],
                 rows=[None, ("down", ["S", "9"])])
    state = load(data)
    again = GAME.to_dict(state)
    assert GAME.to_dict(GAME.from_dict(again)) == again


@pytest.mark.parametrize("breakage", [
    "missing_key", "duplicate_card", "missing_card", "out_of_sequence", "complete_row",
    "four_aux_rows", "four_main_rows", "unknown_in_full", "bad_code", "empty_aux_row",
    "hidden_top", "empty_pile_not_winner", "big_hand", "wrong_rules", "wrong_game"])
def test_from_dict_rejects_impossible_positions(breakage: str) -> None:
    data = table(piles=[["4", "2"], ["5"]], hands=[["7", "S"], ["1"]], aux=[[["3"]], []],
                 rows=[("up", ["1", "2"])])
    if breakage == "missing_key":
        del data["aux"]
    elif breakage == "duplicate_card":
        data["hands"][0].append("7")
    elif breakage == "missing_card":
        data["draw"].pop()
    elif breakage == "out_of_sequence":
        data["rows"][0]["cards"] = ["1", "3"]
        data["hands"][0][0] = "2"
    elif breakage == "complete_row":  # a full row must have gone to the discard pile
        extra = [str(v) for v in range(3, 11)]
        for card in extra:
            data["draw"].remove(card)
        data["rows"][0]["cards"] += extra
    elif breakage == "four_aux_rows":
        data["aux"][0] = [["3"], ["8"], ["8"], ["8"]]
        for _ in range(3):
            data["draw"].remove("8")
    elif breakage == "four_main_rows":
        data["rows"].append(None)
    elif breakage == "unknown_in_full":
        data["draw"][0] = "??"
        data["hands"][1] = ["??"]
        data["viewer"] = None  # declared a full state
    elif breakage == "bad_code":
        data["hands"][0][0] = "11"
    elif breakage == "empty_aux_row":
        data["aux"][1] = [[]]
    elif breakage == "hidden_top":
        data["piles"][0][-1] = "??"
    elif breakage == "empty_pile_not_winner":
        data["draw"].extend(data["piles"][1])
        data["piles"][1] = []
    elif breakage == "big_hand":
        data["hands"][1] = data["draw"][:7]
        del data["draw"][:7]
    elif breakage == "wrong_rules":
        data["rules"] = {**data["rules"], "hand_size": 5}
    elif breakage == "wrong_game":
        data["game"] = "cesta"
    with pytest.raises(StateError):
        GAME.from_dict(data)


def test_stalemate_without_reshuffle_ignores_the_discard_pile() -> None:
    """With `reshuffle = false` the discard pile can never be drawn again, so a stalled table
    must still end by the stalemate rule (otherwise such a game could never finish)."""
    import random

    from game.rules import get_game

    game = get_game("cut_the_rope", {"reshuffle": False})
    rng = random.Random(5)
    for seed in range(12):
        state = game.new_game(players=2, seed=seed)
        for _ in range(20_000):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            builds = [m for m in moves if game.format_move(m).startswith("build")]
            pool = builds if builds and rng.random() < 0.85 else \
                [m for m in moves if not game.format_move(m).startswith("build")] or moves
            state, _ = game.apply(state, rng.choice(pool))
        assert game.is_over(state), seed


def test_from_dict_refuses_a_turn_that_cannot_have_begun_with_cards_to_draw() -> None:
    """Nothing built this turn means nothing was drawn or discarded since it began, so empty
    draw and discard piles now mean they were empty then: ``began_empty: false`` is
    impossible (it would reach the stalemate a turn late)."""
    spec = _stuck_table(2, [["4", "5"], ["6"]], began_empty=False, built=False)
    with pytest.raises(StateError, match="did not begin with empty"):
        GAME.from_dict(spec)
    assert load(_stuck_table(2, [["4", "5"], ["6"]], began_empty=True, built=False)).began_empty
    # once something was built, the piles may have emptied during the turn
    built = load(_stuck_table(2, [["4", "5"], ["6"]], began_empty=False, built=True))
    assert not built.began_empty and built.built


def test_stalemate_without_reshuffle_needs_only_the_draw_pile_empty() -> None:
    """`reshuffle = false`: the discard pile never comes back, so turns that began with an
    empty draw pile count towards the stalemate even while the discard pile holds cards."""
    game = get_game("cut_the_rope", {"reshuffle": False})
    spec = _stuck_table(2, [["4", "5"], ["6"]], game=game)
    spec["discard"] = spec["aux"][0][2]   # a full discard pile that can never be drawn
    spec["aux"][0] = spec["aux"][0][:2]
    state = game.from_dict(spec)
    assert state.began_empty and game.to_dict(state)["discard"]
    state, events = play(state, "end", game)
    assert types(events) == ["end", "turn"] and state.stall == 1
    state, events = play(state, "end", game)
    assert types(events) == ["end", "game_over"]
    assert game.result(state).winners == (1,)
    # with `reshuffle = true` the same discard pile is a source: those turns do not count
    with pytest.raises(StateError, match="yet they hold cards"):
        GAME.from_dict({**spec, "rules": GAME.rules, "began_empty": True})
