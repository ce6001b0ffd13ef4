"""Královská cesta lessons in a teacher's order: the pyramids, your secret cards, the goal
and a turn with the die; then white, reuse, trapdoor and jail, amnesty, the bonus swap,
bluffing, and a game against easy.

Every position is the seeded deal after both players kept their first two cards (your
trios: blue-green-black and green-black-blue), with pyramids set out along the track. The
card numbers the words quote (jail, trapdoor, goal, a full card) are facts read off the
lesson's position (``_facts``).
"""

from __future__ import annotations

from typing import Any

from game.client.i18n import t
from game.client.i18n.words import game_title
from game.client.match.types import AnyGame, Move, State
from game.client.tables.royal_road.describe import reuse_label
from game.client.tutorial.lesson import Facts, Lesson, Step, only, starting_with
from game.client.tutorial.positions import dealt
from game.rules.royal_road import Game as RoyalGame

SEED = 3
# an rng state whose first roll shows white (found once with the engine; the tests check it)
WHITE_RNG = 23

SPREAD = {"rS": 2, "yM": 3, "gS": 4, "bL": 7, "kM": 8}
# the seeded track's places the lessons name (numbered on the table as here)
JAIL, TRAPDOOR, GOAL = 5, 13, 14
BONUS_CARD = 3      # holds yM of SPREAD; the bonus lesson adds kS and then gL


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


def _facts(game: AnyGame, state: State) -> dict[str, Any]:
    """The track's special cards, the pyramids and the rules' counts, as the position and
    the rules core have them."""
    data = game.to_dict(state)
    assert isinstance(game, RoyalGame), "a Královská cesta lesson runs on its engine"
    track, pyramids = data["track"], data["pyramids"]
    found: dict[str, Any] = {
        "pyramids": len(pyramids),
        "colours": len({code[0] for code in pyramids}),
        "sizes": len({code[1] for code in pyramids}),
        "keep": game.keep,
        "goal": track.index("GOAL"),
        "jail": track.index("JAIL"),
        "start": track.index("START"),
    }
    if "TRAPDOOR" in track:
        found["trapdoor"] = track.index("TRAPDOOR")
    found["bonus_card"] = pyramids["yM"]   # the bonus lesson fills the card of yM
    return found


def _bluff(game: AnyGame, state: State, move: Move) -> bool:
    """A move of a pyramid that none of the learner's kept trios shows."""
    mine = {p for card in game.to_dict(state)["kept"][0] for p in card.split("-")}
    text = game.format_move(move)
    return text.startswith("move ") and text.split()[1] not in mine


def _reuse_black(facts: Facts) -> str:
    # TRANSLATORS: {button} is the label of the table's reuse button, e.g. "Reuse black"
    return t("Your opponent used black. Instead of rolling, you may reuse their colour: click "
             "“{button}”.", button=reuse_label("k"))


LESSONS = (
    Lesson(
        "royal_road", "die",
        lambda: t("Pyramids, goal and the die"),
        lambda f: t("Roll the die and move a pyramid of the colour rolled."),
        lambda f: t("Well done! A pyramid moves forward and stops, at the latest, on the first "
                  "card that shows its colour. Cards that already hold a pyramid of its size "
                  "are skipped."),
        lambda game: _position(game, {}, previous="k"),
        (Step(only("roll"),
              # TRANSLATORS: {roll} is the label of the table's roll button
              lambda f: t("All the pyramids — small, medium and large in every colour — stand "
                          "on START. Each of your secret cards (the drawer on the right) shows "
                          "three of them: bring all three of one card to the goal (card "
                          "{goal}) and you win. A turn begins with the colour die: click "
                          "“{roll}”.", goal=f["goal"], roll=t("Roll")),
              ("die",)),
         Step(starting_with("move", "pass"),
              lambda f: t("Pick a pyramid of the colour rolled and the card to move it to "
                        "(highlighted)."), ("track",))),
        facts=_facts, mentions=("hand",),
    ),
    Lesson(
        "royal_road", "white",
        lambda: t("White"),
        lambda f: t("White comes up: move any pyramid you like."),
        lambda f: t("Well done! White is the joker: any pyramid may move. But the next player "
                  "may not reuse white: after white, the die is always rolled."),
        lambda game: _position(game, previous="g", rng=WHITE_RNG),
        (Step(only("roll"), lambda f: t("Roll the die — one of its faces is white."), ("die",)),
         Step(starting_with("move"), lambda f: t("White! Move any pyramid."), ("track",))),
        facts=_facts,
    ),
    Lesson(
        "royal_road", "reuse",
        lambda: t("Reusing a colour"),
        lambda f: t("Reuse your opponent's colour."),
        lambda f: t("Well done! Reusing a colour takes the luck of the die out of your turn."),
        lambda game: _position(game, previous="k"),
        (Step(only("reuse"), _reuse_black, ("reuse",)),
         Step(starting_with("move"), lambda f: t("Now move a black pyramid."), ("track",))),
        facts=_facts,
    ),
    Lesson(
        "royal_road", "trapdoor",
        lambda: t("Trapdoor and jail"),
        lambda f: t("Drop the small green pyramid through the trapdoor."),
        lambda f: t("Well done! Through the trapdoor the pyramid fell straight into jail, where "
                  "it lies: it cannot move until an amnesty."),
        lambda game: _position(game, {**SPREAD, "gS": TRAPDOOR - 1}, previous="g"),
        (Step(only("reuse"), lambda f: t("Your opponent used green: reuse it."), ("reuse",)),
         Step(only(f"move gS {TRAPDOOR}"),
              lambda f: t("The small green pyramid stands just before the goal — and your "
                        "opponent needs it. Move it onto the trapdoor (card {card}).",
                        card=f["trapdoor"]),
              ("pyramid:gS", f"place:{TRAPDOOR}"))),
        reached=lambda data: "gS" in data["lying"],
        facts=_facts, mentions=(f"place:{JAIL}",),
    ),
    Lesson(
        "royal_road", "amnesty",
        lambda: t("Amnesty"),
        lambda f: t("Get the large yellow pyramid to the goal."),
        lambda f: t("Well done! A pyramid reaching the goal calls an amnesty: every pyramid "
                  "lying in jail has stood up and may move again."),
        lambda game: _position(game, {**SPREAD, "yL": GOAL - 2, "rS": JAIL}, previous="y",
                               lying=("rS",)),
        (Step(only("reuse"), lambda f: t("Reuse yellow."), ("reuse",)),
         Step(only(f"move yL {GOAL}"),
              lambda f: t("The small red pyramid lies in jail (card {jail}). Send the large "
                        "yellow one to the goal (card {goal}) and watch the jail.",
                        jail=f["jail"], goal=f["goal"]),
              ("pyramid:yL", f"place:{GOAL}", f"place:{JAIL}"))),
        reached=lambda data: not data["lying"],
        facts=_facts, mentions=(f"place:{JAIL}", "pyramid:rS"),
    ),
    Lesson(
        "royal_road", "bonus",
        lambda: t("The bonus swap"),
        lambda f: t("Put a third pyramid on a card and swap two cards."),
        lambda f: t("Well done! A card holding a small, a medium and a large pyramid earns a "
                  "bonus: by swapping two cards (pyramids and all) you can send your "
                  "pyramids forward and the others back."),
        lambda game: _position(game, {**SPREAD, "kS": BONUS_CARD, "gL": BONUS_CARD - 1},
                               previous="g"),
        (Step(only("reuse"), lambda f: t("Reuse green."), ("reuse",)),
         Step(only(f"move gL {BONUS_CARD}"),
              lambda f: t("Card {card} holds the small black and the medium yellow pyramid. "
                        "Add the large green one: the card will be full.", card=f["bonus_card"]),
              ("pyramid:gL", f"place:{BONUS_CARD}")),
         Step(starting_with("swap"),
              lambda f: t("Bonus! Click the two track cards you want to swap."), ("track",))),
        facts=_facts,
    ),
    Lesson(
        "royal_road", "bluff",
        lambda: t("Bluffing"),
        lambda f: t("Move a pyramid you do not need."),
        lambda f: t("Well done! Your opponent reads your goals from the pyramids you move. "
                  "Moving one you do not need throws them off the scent — and their moves, "
                  "in turn, give away their trios."),
        lambda game: _position(game, previous="k"),
        (Step(only("reuse"), _reuse_black, ("reuse",)),
         Step(_bluff,
              lambda f: t("Your secret cards (in the highlighted drawer) want the medium and "
                        "the large black pyramid. Move the small black one: you do not need "
                        "it, and your opponent cannot tell."),
              ("pyramid:kS", "hand"))),
        facts=_facts,
    ),
    Lesson(
        "royal_road", "game",
        lambda: t("A game against the computer"),
        lambda f: t("Play a whole game against the easy computer: whoever first gets all three "
                  "pyramids of one of their cards to the goal wins."),
        lambda f: t("Done! Now you know every rule of {game}.", game=game_title("royal_road")),
        None, seed=SEED, free_game=True, facts=_facts,
    ),
)
