"""Cesta lessons: a proof claim, the draw, each action card, then a game against easy."""

from __future__ import annotations

from typing import Any

from game.client.i18n import t
from game.client.i18n.words import game_title
from game.client.match.types import AnyGame
from game.client.tutorial.lesson import Lesson, Step, any_move, only
from game.client.tutorial.positions import dealt, place, refill
from game.rules.cesta.cards import IDS, STRENGTH

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


def _sum(cards: list[str]) -> int:
    """The strength sum of ``cards``, as the lesson's words quote it."""
    return sum(STRENGTH[IDS[card]] for card in cards)


# Each lesson's milestone and cards, named once: the position, the taught move and the
# words that quote a milestone or a sum all read them from here.
PROOF, PROOF_MINE, PROOF_THEIRS = 3, ["RO", "RK"], ["G7"]
RUST, RUST_MINE, RUST_THEIRS = 2, ["YK", "BK", "GK"], ["G8", "G9", "G10"]
TIME, TIME_MINE, TIME_THEIRS = 4, ["YA", "GK", "B9"], ["R7", "R9", "RU"]
DEED, DEED_MINE, DEED_THEIRS = 1, ["Y9", "B9", "G9"], ["BA", "BK", "B10"]
COMBOS, COMBOS_MINE, COMBOS_THEIRS = 5, ["G9", "G10"], ["RK", "YK", "BK"]


DRAW = Step(any_move,
            lambda: t("Now draw a card: from the event deck or the action deck, as you like."),
            ("deck:event", "deck:action"))

LESSONS = (
    Lesson(
        "cesta", "proof",
        lambda: t("Claim by proof"),
        lambda: t("Claim milestone {milestone} by proof.", milestone=PROOF),
        # TRANSLATORS: Heart, Leaf: card suits; Ober, Unter: ranks (svršek, spodek)
        lambda: t("Well done! The Heart Ober, King and Ace are the strongest combination there "
                  "is, so your opponent can no longer win milestone {milestone}, whatever "
                  "they add. That is why the milestone became yours at the start of your "
                  "turn — by proof, before they had completed their three cards.",
                  milestone=PROOF),
        lambda game: _position(game, ["RA", "Y8", "G9"], {PROOF: (PROOF_MINE, PROOF_THEIRS)}),
        (Step(only(f"play RA {PROOF}"),
              # TRANSLATORS: Heart, Leaf: card suits; Ober, Unter: ranks (svršek, spodek)
              lambda: t("At milestone {milestone} you have the Heart Ober and King. Add the "
                        "Heart Ace (click the Ace, then milestone {milestone}): nothing can "
                        "beat this colour run.", milestone=PROOF),
              ("hand:RA", f"milestone:{PROOF}")),
         DRAW),
        reached=_owner(PROOF),
    ),
    Lesson(
        "cesta", "rust",
        lambda: t("Rust"),
        lambda: t("Save milestone {milestone} with the Rust card.", milestone=RUST),
        lambda: t("Well done! Rust dropped your opponent's colour run one category, to three "
                  "of a kind; your three Kings (sum {mine}) then beat their 8-9-10 (sum "
                  "{theirs}), and milestone {milestone} is yours. You may play each kind of "
                  "action card only once per game.",
                  milestone=RUST, mine=_sum(RUST_MINE), theirs=_sum(RUST_THEIRS)),
        lambda game: _position(game, ["RUST", "R7", "B8"], {RUST: (RUST_MINE, RUST_THEIRS)}),
        (Step(only(f"play RUST {RUST}"),
              lambda: t("Your opponent's colour run at milestone {milestone} beats your three "
                        "Kings. Play Rust on milestone {milestone}: their combination will "
                        "count one category lower.", milestone=RUST),
              ("hand:RUST", f"milestone:{RUST}")),
         DRAW),
        reached=_owner(RUST),
    ),
    Lesson(
        "cesta", "time",
        lambda: t("Time"),
        lambda: t("Win milestone {milestone} with the Time card.", milestone=TIME),
        lambda: t("Well done! Under Time the categories do not count, only the sum: your sum "
                  "of {mine} beat your opponent's colour with its sum of {theirs}.",
                  mine=_sum(TIME_MINE), theirs=_sum(TIME_THEIRS)),
        lambda game: _position(game, ["TIME", "R8", "B7"], {TIME: (TIME_MINE, TIME_THEIRS)}),
        (Step(only(f"play TIME {TIME}"),
              lambda: t("At milestone {milestone} your opponent has a colour (a stronger "
                        "category) and you only a sum — but a higher one. Play Time on "
                        "milestone {milestone}: only the sum will count.", milestone=TIME),
              ("hand:TIME", f"milestone:{TIME}")),
         DRAW),
        reached=_owner(TIME),
    ),
    Lesson(
        "cesta", "deed",
        lambda: t("Good deed"),
        lambda: t("Cancel your opponent's Rust at milestone {milestone}.", milestone=DEED),
        lambda: t("Well done! The Good Deed cancelled your opponent's action cards at "
                  "milestone {milestone}, so your three Nines beat their colour again.",
                  milestone=DEED),
        lambda game: _position(game, ["DEED", "R8", "B7"], {DEED: (DEED_MINE, DEED_THEIRS)},
                               {DEED: ([], ["RUST"])}),
        (Step(only(f"play DEED {DEED}"),
              lambda: t("Your opponent played Rust at milestone {milestone}: your three of a "
                        "kind counts as a colour and loses. Play the Good Deed on milestone "
                        "{milestone}.", milestone=DEED),
              ("hand:DEED", f"milestone:{DEED}")),
         DRAW),
        reached=_owner(DEED),
    ),
    Lesson(
        "cesta", "combos",
        lambda: t("Combinations"),
        lambda: t("Complete your three cards at milestone {milestone} and compare them with "
                  "your opponent's.", milestone=COMBOS),
        # TRANSLATORS: Heart, Leaf: card suits; Ober, Unter: ranks (svršek, spodek)
        lambda: t("Well done! Both sides had three cards, so they were compared: your colour "
                  "run (Leaf 9, 10 and Unter) beats three of a kind, a colour, a run and a "
                  "sum."),
        lambda game: _position(game, ["GU", "Y7", "BO"], {COMBOS: (COMBOS_MINE, COMBOS_THEIRS)}),
        (Step(only(f"play GU {COMBOS}"),
              # TRANSLATORS: Heart, Leaf: card suits; Ober, Unter: ranks (svršek, spodek)
              lambda: t("Your opponent has three Kings at milestone {milestone}. Your Leaf 9 "
                        "and 10 are waiting for the Leaf Unter: add it to milestone "
                        "{milestone}.", milestone=COMBOS),
              ("hand:GU", f"milestone:{COMBOS}")),
         DRAW),
        reached=_owner(COMBOS),
    ),
    Lesson(
        "cesta", "game",
        lambda: t("A game against the computer"),
        lambda: t("Play a whole game against the easy computer: take any three milestones, "
                  "or both ends of the path."),
        lambda: t("Done! Now you know every rule of {game}.", game=game_title("cesta")),
        None, seed=SEED, free_game=True,
    ),
)
