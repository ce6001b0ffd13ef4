"""Cut the Rope lessons: rows and the pile, scissors, auxiliary rows (putting and playing),
the row complete, the reshuffle, then a game against easy."""

from __future__ import annotations

from typing import Any

from game.client.i18n import nt, t
from game.client.i18n.words import game_title
from game.client.match.types import AnyGame, State
from game.client.tutorial.lesson import Lesson, Step, only, starting_with
from game.client.tutorial.positions import dealt, place
from game.rules.cut_the_rope import Game as CutGame

SEED = 5


def _position(game: AnyGame, hand: list[str], pile_top: str,
              rows: tuple[tuple[list[str], str] | None, ...] = (),
              aux: list[list[str]] | None = None, empty_draw: bool = False) -> dict[str, Any]:
    """Seat 0 to build holding ``hand`` with ``pile_top`` showing on its pile."""
    data = dealt(game, SEED)
    data["to_move"] = 0
    for seat in (0, 1):  # back into the draw pile: the lesson's cards are chosen by name
        data["draw"] += data["hands"][seat]
        data["hands"][seat] = []
    data["draw"].append(data["piles"][0].pop())    # the dealt top card makes room
    place(data, data["piles"][0], [pile_top])
    slots: list[dict[str, Any] | None] = []
    for row in rows:
        if row is None:
            slots.append(None)
            continue
        cards, direction = row
        row_cards: list[str] = []
        place(data, row_cards, cards)
        slot = {"cards": row_cards, "dir": direction}
        slots.append(slot)
    data["rows"] = (slots + [None, None, None])[:3]
    for cards in aux or []:
        target: list[str] = []
        place(data, target, cards)
        data["aux"][0].append(target)
    place(data, data["hands"][0], hand)
    for _ in range(6):
        data["hands"][1].append(data["draw"].pop())
    if empty_draw:
        data["discard"] += data["draw"]
        data["draw"] = []
    data["stall"], data["began_empty"], data["built"] = 0, False, False
    return data


def _facts(game: AnyGame, state: State) -> dict[str, Any]:
    """The rules' counts and the learner's pile, as the position and the rules core have
    them."""
    data = game.to_dict(state)
    assert isinstance(game, CutGame), "a Cut the Rope lesson runs on its engine"
    return {"top": game.row_length, "hand": game.hand_size, "rows": game.main_rows,
            "aux": game.aux_rows, "pile": len(data["piles"][0])}


def _row_gone(slot: int) -> Any:
    return lambda data: data["rows"][slot] is None


LESSONS = (
    Lesson(
        "cut_the_rope", "rows",
        lambda: t("Rows and your pile"),
        lambda f: t("Start a row with a 1 and add the 2 from your pile."),
        lambda f: t("Well done! An up row runs from 1 to {top}; a down row, started with a "
                    "{top}, runs from {top} down to 1. Whoever empties their own pile first "
                    "wins — so play from your pile whenever you can.", top=f["top"]),
        lambda game: _position(game, ["1", "4", "6", "6", "9", "9"], "2"),
        (Step(only("build hand:1 new:up"),
              lambda f: t("The cards show the numbers 1 to {top}, and scissors. Your pile "
                          "(bottom left) shows its top card: whoever empties their own pile "
                          "first wins. The middle holds the shared rows. A 1 from your hand "
                          "starts a new up row: drag it to a free slot.", top=f["top"]),
              ("hand:1", "row:1")),
         Step(only("build pile row:1"),
              lambda f: t("Your pile shows a 2. Put it on the row."), ("pile", "row:1"))),
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "scissors",
        lambda: t("Scissors"),
        lambda f: t("Start a row with scissors."),
        lambda f: t("Well done! Scissors stand for any number — here a 1, so the 2 from your "
                  "pile could follow at once."),
        lambda game: _position(game, ["S", "5", "7", "7", "8", "9"], "2"),
        (Step(only("build hand:S new:up"),
              lambda f: t("You have no 1, but you hold scissors. Start an up row with them."),
              ("hand:S", "row:1")),
         Step(only("build pile row:1"),
              lambda f: t("The scissors count as a 1: add the 2 from your pile."),
              ("pile", "row:1"))),
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "aux",
        lambda: t("Auxiliary rows"),
        lambda f: t("End your turn with a card on an auxiliary row."),
        lambda f: nt("Well done! A turn ends with a card on one of your auxiliary rows; you "
                     "may have {n} of them. Only their top cards can be played, so put high "
                     "numbers at the bottom.",
                     "Well done! A turn ends with a card on one of your auxiliary rows; you "
                     "may have up to {n} of them. Only their top cards can be played, so put "
                     "high numbers at the bottom.", f["aux"]),
        lambda game: _position(game, ["4", "5", "6", "7", "8", "9"], "3"),
        (Step(only("end hand:9 aux:new"),
              lambda f: t("Nothing can be built. Put the 9 on a new auxiliary row — lower "
                        "cards can go on top of it later."), ("hand:9", "aux:new")),),
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "aux_play",
        lambda: t("Playing from an auxiliary row"),
        lambda f: t("Play the 5 from your auxiliary row."),
        lambda f: t("Well done! The top cards of your auxiliary rows are your reserve; when a "
                  "row is used up, the others move along."),
        lambda game: _position(game, ["2", "7", "7", "8", "9", "9"], "6",
                               rows=((["1", "2", "3", "4"], "up"),), aux=[["9", "5"]]),
        (Step(only("build aux:1 row:1"),
              lambda f: t("The row ends with a 4, and your auxiliary row shows a 5. Play it."),
              ("aux:1", "row:1")),
         Step(only("build pile row:1"),
              lambda f: t("And now the 6 from your pile!"), ("pile", "row:1"))),
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "complete",
        lambda: t("A complete row"),
        lambda f: t("Complete the row with a {top}.", top=f["top"]),
        lambda f: nt("Well done! A complete row of {n} card goes to the discard pile, and "
                     "its slot is free for a new row. Your turn goes on.",
                     "Well done! A complete row of {n} cards goes to the discard pile, and "
                     "its slot is free for a new row. Your turn goes on.", f["top"]),
        lambda game: _position(game, ["10", "4", "4", "6", "7", "7"], "5",
                               rows=((["1", "2", "3", "4", "5", "6", "7", "8", "9"], "up"),
                                     (["10", "9", "8", "7", "6"], "down"))),
        (Step(only("build hand:10 row:1"),
              lambda f: t("The first row lacks only the {top}. Play it.", top=f["top"]),
              ("hand:10", "row:1")),),
        reached=_row_gone(0),
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "reshuffle",
        lambda: t("The reshuffle"),
        lambda f: t("End your turn while the draw pile is empty."),
        lambda f: t("Well done! When a card must be drawn and the draw pile is empty, the "
                  "discard pile is shuffled into a new one — only then, not earlier."),
        lambda game: _position(game, ["1", "3", "4", "7", "8", "9"], "5", empty_draw=True),
        (Step(starting_with("end"),
              lambda f: t("The draw pile is empty. End your turn with a card on an auxiliary "
                        "row and watch where your new cards come from."),
              ("draw", "discard", "aux:new")),),
        reached=lambda data: bool(data["draw"]) or not data["discard"],
        facts=_facts,
    ),
    Lesson(
        "cut_the_rope", "game",
        lambda: t("A game against the computer"),
        lambda f: t("Play a whole game against the easy computer: empty your pile first."),
        lambda f: t("Done! Now you know every rule of {game}.", game=game_title("cut_the_rope")),
        None, seed=SEED, free_game=True, facts=_facts,
    ),
)
