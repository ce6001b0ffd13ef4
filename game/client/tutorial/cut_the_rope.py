"""Cut the Rope lessons: rows and the pile, scissors, auxiliary rows (putting and playing),
the row complete, the reshuffle, then a game against easy."""

from __future__ import annotations

from typing import Any

from game.client.match.types import AnyGame
from game.client.tutorial.lesson import Lesson, Step, Text, only, starting_with
from game.client.tutorial.positions import dealt, place

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


def _row_gone(slot: int) -> Any:
    return lambda data: data["rows"][slot] is None


LESSONS = (
    Lesson(
        "cut_the_rope", "rows",
        Text("Řady a vlastní balíček", "Rows and your pile"),
        Text("Založte řadu jedničkou a přiložte dvojku ze svého balíčku.",
             "Start a row with a 1 and add the 2 from your pile."),
        Text("Výborně! Řada nahoru jde od 1 do 10. Kdo první vyloží celý svůj balíček, "
             "vyhrává — proto hrajte z balíčku, kdykoli to jde.",
             "Well done! An up row runs from 1 to 10. Whoever empties their own pile first "
             "wins — so play from the pile whenever you can."),
        lambda game: _position(game, ["1", "4", "6", "6", "9", "9"], "2"),
        (Step(only("build hand:1 new:up"),
              Text("Jednička z ruky zakládá novou řadu nahoru: přetáhněte ji na volné místo.",
                   "A 1 from your hand starts a new up row: drag it to a free slot."),
              ("hand:1", "row:1")),
         Step(only("build pile row:1"),
              Text("Na vašem balíčku leží dvojka. Přiložte ji na řadu.",
                   "Your pile shows a 2. Put it on the row."), ("pile", "row:1"))),
    ),
    Lesson(
        "cut_the_rope", "scissors",
        Text("Nůžky", "Scissors"), Text("Založte řadu nůžkami.", "Start a row with scissors."),
        Text("Výborně! Nůžky zastoupí jakékoli číslo — tady jedničku, a dvojka z balíčku "
             "mohla hned za ni.",
             "Well done! Scissors stand for any number — here a 1, so the 2 from your pile "
             "could follow at once."),
        lambda game: _position(game, ["S", "5", "7", "7", "8", "9"], "2"),
        (Step(only("build hand:S new:up"),
              Text("Nemáte jedničku, ale máte nůžky. Založte jimi řadu nahoru.",
                   "No 1 in hand, but you hold scissors. Start an up row with them."),
              ("hand:S", "row:1")),
         Step(only("build pile row:1"),
              Text("Nůžky platí jako 1: přiložte dvojku z balíčku.",
                   "The scissors count as 1: add the 2 from your pile."), ("pile", "row:1"))),
    ),
    Lesson(
        "cut_the_rope", "aux",
        Text("Pomocné řady", "Auxiliary rows"),
        Text("Ukončete tah kartou na pomocnou řadu.",
             "End your turn with a card on an auxiliary row."),
        Text("Výborně! Tah končí kartou na vlastní pomocnou řadu (nejvýš tři). Hrát se z ní "
             "dá jen vrchní karta, tak vysoká čísla dávejte dospod.",
             "Well done! A turn ends with a card on one of your auxiliary rows (three at "
             "most). Only its top card can be played, so put high numbers underneath."),
        lambda game: _position(game, ["4", "5", "6", "7", "8", "9"], "3"),
        (Step(only("end hand:9 aux:new"),
              Text("Nic nejde vyložit. Položte devítku na novou pomocnou řadu — na ni pak "
                   "půjdou nižší karty.",
                   "Nothing can be built. Put the 9 on a new auxiliary row — lower cards "
                   "can go on top of it later."), ("hand:9", "aux:new")),),
    ),
    Lesson(
        "cut_the_rope", "aux_play",
        Text("Hra z pomocné řady", "Playing from an auxiliary row"),
        Text("Přiložte pětku z pomocné řady.", "Play the 5 from your auxiliary row."),
        Text("Výborně! Vrchní karty pomocných řad jsou vaše zásoba; když řada zmizí, "
             "ostatní se posunou.",
             "Well done! The top cards of your auxiliary rows are your reserve; when a row "
             "empties, the others move up."),
        lambda game: _position(game, ["2", "7", "7", "8", "9", "9"], "6",
                               rows=((["1", "2", "3", "4"], "up"),), aux=[["9", "5"]]),
        (Step(only("build aux:1 row:1"),
              Text("Řada končí čtyřkou a na vaší pomocné řadě leží pětka. Přiložte ji.",
                   "The row ends with a 4 and your auxiliary row shows a 5. Play it."),
              ("aux:1", "row:1")),
         Step(only("build pile row:1"),
              Text("A teď šestka z balíčku!", "And now the 6 from your pile!"),
              ("pile", "row:1"))),
    ),
    Lesson(
        "cut_the_rope", "complete",
        Text("Hotová řada", "A complete row"),
        Text("Dokončete řadu desítkou.", "Complete the row with a 10."),
        Text("Výborně! Řada s deseti kartami zmizí na odhazovací balíček a místo je volné "
             "pro novou řadu. Hrajete dál.",
             "Well done! A row of ten cards goes to the discard pile and its slot is free "
             "for a new row. Your turn goes on."),
        lambda game: _position(game, ["10", "4", "4", "6", "7", "7"], "5",
                               rows=((["1", "2", "3", "4", "5", "6", "7", "8", "9"], "up"),
                                     (["10", "9", "8", "7", "6"], "down"))),
        (Step(only("build hand:10 row:1"),
              Text("První řadě chybí jen desítka. Přiložte ji.",
                   "The first row lacks only the 10. Play it."), ("hand:10", "row:1")),),
        reached=_row_gone(0),
    ),
    Lesson(
        "cut_the_rope", "reshuffle",
        Text("Zamíchání", "The reshuffle"),
        Text("Ukončete tah; dobírací balíček je prázdný.",
             "End your turn; the draw pile is empty."),
        Text("Výborně! Když je třeba dobrat a dobírací balíček je prázdný, odhozené karty "
             "se zamíchají do nového — teprve tehdy, ne dřív.",
             "Well done! When a card must be drawn and the draw pile is empty, the discard "
             "pile is shuffled into a new one — only then, not earlier."),
        lambda game: _position(game, ["1", "3", "4", "7", "8", "9"], "5", empty_draw=True),
        (Step(starting_with("end"),
              Text("Dobírací balíček je prázdný. Ukončete tah kartou na pomocnou řadu a "
                   "sledujte, odkud se dobírá.",
                   "The draw pile is empty. End your turn with a card on an auxiliary row "
                   "and watch where your new card comes from."),
              ("draw", "discard", "aux:new")),),
        reached=lambda data: bool(data["draw"]) or not data["discard"],
    ),
    Lesson(
        "cut_the_rope", "game",
        Text("Hra proti počítači", "A game against the computer"),
        Text("Celá hra proti lehkému soupeři: vyložte svůj balíček první.",
             "A whole game against the easy computer: empty your pile first."),
        Text("Hotovo! Znáte všechna pravidla Cut the Rope.",
             "Done! You know every rule of Cut the Rope."),
        None, seed=SEED, free_game=True,
    ),
)
