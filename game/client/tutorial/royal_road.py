"""Královská cesta lessons: the die, white, reuse, trapdoor and jail, amnesty, the bonus
swap, bluffing, then a game against easy.

Every position is the seeded deal after both players kept their first two cards (your
trios: blue-green-black and green-black-blue), with pyramids set out along the track.
"""

from __future__ import annotations

from typing import Any

from game.client.match.types import AnyGame, Move, State
from game.client.tutorial.lesson import Lesson, Step, Text, only, starting_with
from game.client.tutorial.positions import dealt

SEED = 3
# an rng state whose first roll shows white (found once with the engine; the tests check it)
WHITE_RNG = 23

SPREAD = {"rS": 2, "yM": 3, "gS": 4, "bL": 7, "kM": 8}


def _position(game: AnyGame, pyramids: dict[str, int] | None = None,
              previous: str | None = "r", lying: tuple[str, ...] = (),
              rng: int | None = None) -> dict[str, Any]:
    data = dealt(game, SEED)
    for seat in (0, 1):  # both keep their first two cards, as in a real setup
        cards = data["dealt"][seat]
        keep = game.parse_move(game.from_dict(data), f"keep {cards[0]} {cards[1]}")
        data = game.to_dict(game.apply(game.from_dict(data), keep)[0])
    data["to_move"], data["previous_color"] = 0, previous
    data["turn"] = 0 if previous is None else 2
    data["first_player"] = 0 if previous is None else 1
    data["history"] = []
    places = dict(SPREAD if pyramids is None else pyramids)
    data["pyramids"] = {code: places.get(code, 0) for code in data["pyramids"]}
    data["lying"] = list(lying)
    if rng is not None:
        data["rng"] = rng
    return data


def _bluff(game: AnyGame, state: State, move: Move) -> bool:
    """A move of a pyramid that none of the learner's kept trios shows."""
    mine = {p for card in game.to_dict(state)["kept"][0] for p in card.split("-")}
    text = game.format_move(move)
    return text.startswith("move ") and text.split()[1] not in mine


REUSE_BLACK = Text("Soupeř hrál černou. Místo hodu můžete jeho barvu použít znovu: Znovu.",
                   "Your opponent used black. Instead of rolling you may reuse it: Reuse.")

LESSONS = (
    Lesson(
        "royal_road", "die",
        Text("Kostka", "The die"), Text("Hoďte kostkou a posuňte pyramidu té barvy.",
                                        "Roll the die and move a pyramid of its colour."),
        Text("Výborně! Pyramida jde dopředu a zastaví se nejpozději na první kartě, která "
             "její barvu ukazuje. Karty s pyramidou stejné velikosti se přeskakují.",
             "Well done! A pyramid goes forward and stops at the latest on the first card "
             "showing its colour. Cards holding a pyramid of its size are skipped."),
        lambda game: _position(game, {}, previous="k"),
        (Step(only("roll"), Text("Na začátku tahu hodíte kostkou: klikněte na Hodit.",
                                 "A turn begins with the colour die: click Roll."),
              ("die",)),
         Step(starting_with("move", "pass"),
              Text("Vyberte pyramidu padlé barvy a kartu, kam ji posunete (zvýrazněné).",
                   "Pick a pyramid of the rolled colour and the card to move it to "
                   "(highlighted)."), ("track",))),
    ),
    Lesson(
        "royal_road", "white",
        Text("Bílá", "White"), Text("Padne bílá: posuňte kteroukoli pyramidu.",
                                    "White comes up: move any pyramid you like."),
        Text("Výborně! Bílá je žolík — smíte posunout jakoukoli pyramidu. Bílou ale další "
             "hráč znovu použít nesmí: po bílé se vždy hází.",
             "Well done! White is the joker — any pyramid may move. The next player may "
             "not reuse white, though: after white one always rolls."),
        lambda game: _position(game, previous="g", rng=WHITE_RNG),
        (Step(only("roll"), Text("Hoďte kostkou — jedna její stěna je bílá.",
                                 "Roll the die — one of its faces is white."), ("die",)),
         Step(starting_with("move"),
              Text("Bílá! Posuňte kteroukoli pyramidu.", "White! Move any pyramid."),
              ("track",))),
    ),
    Lesson(
        "royal_road", "reuse",
        Text("Znovu stejnou barvou", "Reuse"), Text("Použijte soupeřovu barvu znovu.",
                                                    "Reuse your opponent's colour."),
        Text("Výborně! Znovupoužitím barvy se vyhnete náhodě kostky.",
             "Well done! Reusing a colour takes the luck of the die out of your turn."),
        lambda game: _position(game, previous="k"),
        (Step(only("reuse"), REUSE_BLACK, ("reuse",)),
         Step(starting_with("move"),
              Text("Teď posuňte černou pyramidu.", "Now move a black pyramid."),
              ("track",))),
    ),
    Lesson(
        "royal_road", "trapdoor",
        Text("Propadliště a vězení", "Trapdoor and jail"),
        Text("Shoďte zelenou malou pyramidu do propadliště.",
             "Drop the small green pyramid through the trapdoor."),
        Text("Výborně! Z propadliště dějin pyramida spadla rovnou do vězení a leží tam: "
             "nemůže se hnout, dokud nepřijde amnestie.",
             "Well done! Through the trapdoor the pyramid fell straight into jail and lies "
             "there: it cannot move until an amnesty."),
        lambda game: _position(game, {**SPREAD, "gS": 12}, previous="g"),
        (Step(only("reuse"), Text("Soupeř hrál zelenou; použijte ji znovu.",
                                  "Your opponent used green; reuse it."), ("reuse",)),
         Step(only("move gS 13"),
              Text("Zelená malá stojí těsně před cílem — a soupeř ji potřebuje. Posuňte ji "
                   "na propadliště (předposlední karta).",
                   "The small green one stands just before the goal — and your opponent "
                   "needs it. Move it onto the trapdoor (the card before last)."),
              ("pyramid:gS", "place:13"))),
        reached=lambda data: "gS" in data["lying"],
    ),
    Lesson(
        "royal_road", "amnesty",
        Text("Amnestie", "Amnesty"), Text("Dostaňte žlutou velkou do cíle.",
                                          "Bring the large yellow pyramid home."),
        Text("Výborně! Pyramida v cíli vyhlásila amnestii: všechny ležící pyramidy ve "
             "vězení vstaly a mohou zase jít.",
             "Well done! A pyramid reaching the goal called an amnesty: every pyramid lying "
             "in jail stood up and may move again."),
        lambda game: _position(game, {**SPREAD, "yL": 12, "rS": 5}, previous="y",
                               lying=("rS",)),
        (Step(only("reuse"), Text("Použijte znovu žlutou.", "Reuse yellow."), ("reuse",)),
         Step(only("move yL 14"),
              Text("Červená malá leží ve vězení. Pošlete žlutou velkou do cíle (poslední "
                   "karta) a sledujte vězení.",
                   "The small red one lies in jail. Send the large yellow one to the goal "
                   "(the last card) and watch the jail."),
              ("pyramid:yL", "place:14", "place:5"))),
        reached=lambda data: not data["lying"],
    ),
    Lesson(
        "royal_road", "bonus",
        Text("Bonusová výměna", "The bonus swap"),
        Text("Postavte na kartu třetí pyramidu a vyměňte dvě karty.",
             "Put a third pyramid on a card and swap two cards."),
        Text("Výborně! Karta s malou, střední i velkou pyramidou dává bonus: výměnou dvou "
             "karet (i s pyramidami) můžete poslat své pyramidy kupředu a cizí dozadu.",
             "Well done! A card holding a small, a medium and a large pyramid earns a "
             "bonus: swapping two cards (with their pyramids) can send yours forward and "
             "theirs back."),
        lambda game: _position(game, {**SPREAD, "kS": 3, "gL": 2}, previous="g"),
        (Step(only("reuse"), Text("Použijte znovu zelenou.", "Reuse green."), ("reuse",)),
         Step(only("move gL 3"),
              Text("Na třetí kartě stojí malá černá a střední žlutá. Přidejte velkou "
                   "zelenou: karta bude plná.",
                   "The third card holds the small black and the medium yellow. Add the "
                   "large green: the card is full."), ("pyramid:gL", "place:3")),
         Step(starting_with("swap"),
              Text("Bonus! Klikněte na dvě karty dráhy, které chcete vyměnit.",
                   "Bonus! Click two cards of the track to swap them."), ("track",))),
    ),
    Lesson(
        "royal_road", "bluff",
        Text("Blafování", "Bluffing"), Text("Posuňte pyramidu, kterou nepotřebujete.",
                                            "Move a pyramid you do not need."),
        Text("Výborně! Soupeř čte vaše cíle z toho, čím táhnete. Tah pyramidou, kterou "
             "nepotřebujete, ho svede ze stopy — a jeho tahy zase prozrazují jeho trojice.",
             "Well done! Your opponent reads your goals from the pyramids you move. Moving "
             "one you do not need throws them off — and their moves betray their trios."),
        lambda game: _position(game, previous="k"),
        (Step(only("reuse"), REUSE_BLACK, ("reuse",)),
         Step(_bluff,
              Text("Vaše karty (dole) chtějí střední a velkou černou. Posuňte malou černou: "
                   "tu nepotřebujete, a soupeř to neví.",
                   "Your cards (below) want the medium and large black. Move the small "
                   "black one: you do not need it, and your opponent cannot tell."),
              ("pyramid:kS", "hand"))),
    ),
    Lesson(
        "royal_road", "game",
        Text("Hra proti počítači", "A game against the computer"),
        Text("Celá hra proti lehkému soupeři: první se svou trojicí v cíli vyhrává.",
             "A whole game against the easy computer: first with a trio home wins."),
        Text("Hotovo! Znáte všechna pravidla Královské cesty.",
             "Done! You know every rule of Královská cesta."),
        None, seed=SEED, free_game=True,
    ),
)
