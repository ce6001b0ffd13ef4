"""Cesta lessons: a proof claim, the draw, each action card, then a game against easy."""

from __future__ import annotations

from typing import Any

from game.client.match.types import AnyGame
from game.client.tutorial.lesson import Lesson, Step, Text, any_move, only
from game.client.tutorial.positions import dealt, place, refill

SEED = 11


def _position(game: AnyGame, hand: list[str], sides: dict[int, tuple[list[str], list[str]]],
              actions: dict[int, tuple[list[str], list[str]]] | None = None,
              ) -> dict[str, Any]:
    """Seat 0 to play holding ``hand`` (topped up to 5 from the deck); ``sides`` maps a
    milestone number to (seat 0's events, seat 1's events); ``actions`` likewise."""
    data = dealt(game, SEED)
    data["to_move"], data["step"], data["passes"] = 0, "play", 0
    for seat in (0, 1):  # the deal goes back: the lesson's cards are chosen by name
        data["event_deck"] += data["hands"][seat]
        data["hands"][seat] = []
    for number, (mine, theirs) in sides.items():
        side = data["milestones"][number - 1]["sides"]
        place(data, side[0]["events"], mine)
        place(data, side[1]["events"], theirs)
    for number, (mine, theirs) in (actions or {}).items():
        side = data["milestones"][number - 1]["sides"]
        place(data, side[0]["actions"], mine)
        place(data, side[1]["actions"], theirs)
    place(data, data["hands"][0], hand)
    refill(data, data["hands"][0], 5, data["event_deck"])
    refill(data, data["hands"][1], 5, data["event_deck"])
    return data


def _owner(number: int, seat: int = 0) -> Any:
    return lambda data: data["milestones"][number - 1]["owner"] == seat


DRAW = Step(any_move, Text("Teď si doberte kartu: z balíčku událostí, nebo akcí (vyberte si).",
                           "Now draw a card: from the event deck or the action deck (your "
                           "choice)."), ("deck:event", "deck:action"))

LESSONS = (
    Lesson(
        "cesta", "proof",
        Text("Zábor důkazem", "Claim by proof"),
        Text("Zaberte milník 3 důkazem.", "Claim milestone 3 by proof."),
        Text("Výborně! Červený svršek, král a eso jsou nejsilnější možná kombinace, takže "
             "soupeř už milník 3 nemůže vyhrát, ať dohraje cokoli. Na začátku vašeho tahu "
             "se proto milník zabral sám — důkazem, dřív než soupeř dokončil trojici.",
             "Well done! Red Ober, King and Ace are the strongest combination there is, so "
             "your opponent can no longer win milestone 3 whatever they add. At the start "
             "of your turn it was claimed by itself — by proof, before they finished "
             "their three."),
        lambda game: _position(game, ["RA", "Y8", "G9"], {3: (["RO", "RK"], ["G7"])}),
        (Step(only("play RA 3"),
              Text("Na milníku 3 máte červeného svrška a krále. Přiložte červené eso "
                   "(klikněte na eso, pak na milník 3): postupka v barvě, kterou nic nepřebije.",
                   "At milestone 3 you hold the red Ober and King. Add the red Ace (click "
                   "the Ace, then milestone 3): a colour run nothing can beat."),
              ("hand:RA", "milestone:3")),
         DRAW),
        reached=_owner(3),
    ),
    Lesson(
        "cesta", "rust",
        Text("Rezivění", "Rust"),
        Text("Zachraňte milník 2 kartou Rezivění.", "Save milestone 2 with the Rust card."),
        Text("Výborně! Rezivění srazilo soupeřovu postupku v barvě o stupeň níž na trojici; "
             "trojice králů (90) pak přebije trojici 8-9-10 (27), a milník 2 je váš. "
             "Každou akční kartu smíte za hru zahrát jen jednou.",
             "Well done! Rust dropped their colour run one category to three of a kind; "
             "your three Kings (90) then beat 8-9-10 (27), and milestone 2 is yours. You "
             "may play each action card only once per game."),
        lambda game: _position(game, ["RUST", "R7", "B8"],
                               {2: (["YK", "BK", "GK"], ["G8", "G9", "G10"])}),
        (Step(only("play RUST 2"),
              Text("Soupeř má na milníku 2 postupku v barvě a vaši trojici králů by přebil. "
                   "Zahrajte Rezivění na milník 2: jeho kombinace bude o stupeň slabší.",
                   "Your opponent's colour run at milestone 2 beats your three Kings. Play "
                   "Rust on milestone 2: their combination counts one category lower."),
              ("hand:RUST", "milestone:2")),
         DRAW),
        reached=_owner(2),
    ),
    Lesson(
        "cesta", "time",
        Text("Čas", "Time"),
        Text("Vyhrajte milník 4 kartou Čas.", "Win milestone 4 with the Time card."),
        Text("Výborně! Pod Časem se kategorie nepočítají, jen součet: vašich 79 bodů "
             "přebilo soupeřovu barvu se součtem 25.",
             "Well done! Under Time categories do not count, only the sum: your 79 points "
             "beat their colour worth 25."),
        lambda game: _position(game, ["TIME", "R8", "B7"],
                               {4: (["YA", "GK", "B9"], ["R7", "R9", "RU"])}),
        (Step(only("play TIME 4"),
              Text("Na milníku 4 má soupeř barvu (silnější kategorie), vy jen součet — ale "
                   "vyšší. Zahrajte Čas na milník 4: rozhodne jen součet.",
                   "At milestone 4 they hold a colour (a stronger category), you only a "
                   "sum — but a higher one. Play Time on milestone 4: only the sum counts."),
              ("hand:TIME", "milestone:4")),
         DRAW),
        reached=_owner(4),
    ),
    Lesson(
        "cesta", "deed",
        Text("Dobrý skutek", "Good deed"),
        Text("Zrušte soupeřovo Rezivění na milníku 1.", "Cancel their Rust at milestone 1."),
        Text("Výborně! Dobrý skutek zrušil soupeřovy akční karty na milníku 1, takže vaše "
             "trojice devítek zase přebíjí jeho barvu.",
             "Well done! The Good Deed cancelled their action cards at milestone 1, so your "
             "three Nines beat their colour again."),
        lambda game: _position(game, ["DEED", "R8", "B7"],
                               {1: (["Y9", "B9", "G9"], ["BA", "BK", "B10"])},
                               {1: ([], ["RUST"])}),
        (Step(only("play DEED 1"),
              Text("Soupeř zahrál na milník 1 Rezivění: vaše trojice se počítá jako barva a "
                   "prohrává. Zahrajte Dobrý skutek na milník 1.",
                   "They played Rust at milestone 1: your three of a kind counts as a colour "
                   "and loses. Play the Good Deed on milestone 1."),
              ("hand:DEED", "milestone:1")),
         DRAW),
        reached=_owner(1),
    ),
    Lesson(
        "cesta", "combos",
        Text("Kombinace", "Combinations"),
        Text("Dokončete trojici na milníku 5 a porovnejte ji se soupeřem.",
             "Complete your three at milestone 5 and compare it with theirs."),
        Text("Výborně! Obě strany mají tři karty, tak se porovnaly: postupka v barvě "
             "(9-10-spodek zelená) je nad trojicí, barvou, postupkou i součtem.",
             "Well done! Both sides held three cards, so they were compared: your colour "
             "run (green 9-10-Unter) beats three of a kind, colour, run and sum."),
        lambda game: _position(game, ["GU", "Y7", "BO"],
                               {5: (["G9", "G10"], ["RK", "YK", "BK"])}),
        (Step(only("play GU 5"),
              Text("Soupeř má na milníku 5 trojici králů. Zelená 9 a 10 čekají na zeleného "
                   "spodka: přiložte ho na milník 5.",
                   "They hold three Kings at milestone 5. Your green 9 and 10 wait for the "
                   "green Unter: add it to milestone 5."),
              ("hand:GU", "milestone:5")),
         DRAW),
        reached=_owner(5),
    ),
    Lesson(
        "cesta", "game",
        Text("Hra proti počítači", "A game against the computer"),
        Text("Zahrajte si celou hru proti lehkému soupeři: 3 milníky, nebo oba krajní.",
             "Play a whole game against the easy computer: 3 milestones, or both ends."),
        Text("Hotovo! Znáte všechna pravidla Cesty.", "Done! You know every rule of Cesta."),
        None, seed=SEED, free_game=True,
    ),
)
