"""Cesta lessons in a teacher's order: the cards and their strengths, the goal and one turn,
combinations, the sum, claiming by proof, then each action card, then a game against easy.

Every number the words quote (a milestone, a sum, a card's strength, a rule's count) is a
fact read off the lesson's own position with the rules core (``_facts``)."""

from __future__ import annotations

from typing import Any

from game.client.i18n import nt, t
from game.client.i18n.words import game_title
from game.client.match.types import AnyGame, State
from game.client.tutorial.lesson import Facts, FactsOf, Lesson, Step, any_move, only
from game.client.tutorial.positions import dealt, place, refill
from game.rules.cesta import Game as CestaGame
from game.rules.cesta.cards import IDS, RANKS, STRENGTH, mask_of

SEED = 11


def _position(game: AnyGame, hand: list[str], sides: dict[int, tuple[list[str], list[str]]],
              actions: dict[int, tuple[list[str], list[str]]] | None = None,
              ) -> dict[str, Any]:
    """Seat 0 to play holding ``hand`` (topped up to the hand size from the deck); ``sides``
    maps a milestone number to (seat 0's events, seat 1's events); ``actions`` likewise."""
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
    size = _cesta(game).hand_size
    refill(data, data["hands"][0], size, data["event_deck"])
    refill(data, data["hands"][1], size, data["event_deck"])
    return data


def _cesta(game: AnyGame) -> CestaGame:
    assert isinstance(game, CestaGame), "a Cesta lesson runs on the Cesta engine"
    return game


def evaluate(game: AnyGame, cards: list[str]) -> tuple[str | None, int]:
    """(category, sum) of event cards as the rules core counts them: three cards have a
    category from the rules' ranking; fewer only a sum so far."""
    cesta = _cesta(game)
    ids = [IDS[card] for card in cards]
    if len(ids) == 3:
        key = cesta.keys[mask_of(ids)]
        return cesta.ranking[key.position], key.total
    return None, sum(STRENGTH[card] for card in ids)


def _facts(adds: str | None = None) -> FactsOf:
    """What the words of a lesson quote: the rules' counts, the strengths of the ranks, and
    at the lesson's milestone (the one with cards on it, else the middle one) both sides'
    sums — ``mine_after`` with the learner's ``adds`` card from hand added."""

    def facts(game: AnyGame, state: State) -> dict[str, Any]:
        data = game.to_dict(state)
        cesta = _cesta(game)
        found: dict[str, Any] = {
            "hand": cesta.hand_size, "win_any": cesta.win_any,
            "milestones": cesta.milestones, "last": cesta.milestones,
            "middle": (cesta.milestones + 1) // 2,
        }
        for rank in RANKS:   # a rank's strength is the same in every colour
            found[f"strength_{rank}"] = STRENGTH[IDS["R" + rank]]
        filled = [number for number, m in enumerate(data["milestones"], 1)
                  if m["sides"][0]["events"] or m["sides"][1]["events"]]
        number = filled[0] if filled else found["middle"]
        found["milestone"] = number
        sides = data["milestones"][number - 1]["sides"]
        mine, theirs = list(sides[0]["events"]), list(sides[1]["events"])
        found["mine_category"], found["mine"] = evaluate(game, mine)
        found["theirs_category"], found["theirs"] = evaluate(game, theirs)
        if adds is not None:
            assert adds in data["hands"][0], "the taught card is in the learner's hand"
            found["after_category"], found["mine_after"] = evaluate(game, mine + [adds])
        return found

    return facts


def _owner(number: int, seat: int = 0) -> Any:
    return lambda data: data["milestones"][number - 1]["owner"] == seat


def _draw_words(facts: Facts) -> str:
    return nt("Now draw a card, from the event deck or the action deck: your hand fills up "
              "to {n} card again.",
              "Now draw a card, from the event deck or the action deck: your hand fills up "
              "to {n} cards again.", facts["hand"])


DRAW = Step(any_move, _draw_words, ("deck:event", "deck:action"))

# Each lesson's milestone and cards, named once: the position and the taught move read
# them from here; the words quote only facts read off the position.
CARDS, CARDS_PLAY = 3, "GO"
TURN, TURN_MINE, TURN_THEIRS, TURN_PLAY = 2, ["Y9"], ["B7"], "Y8"
COMBOS, COMBOS_MINE, COMBOS_THEIRS, COMBOS_PLAY = 5, ["G9", "G10"], ["RK", "YK", "BK"], "GU"
SUMS, SUMS_MINE, SUMS_THEIRS, SUMS_PLAY = 4, ["YK", "YA"], ["B7", "B9", "BO"], "Y7"
PROOF, PROOF_MINE, PROOF_THEIRS, PROOF_PLAY = 3, ["RO", "RK"], ["G7"], "RA"
RUST, RUST_MINE, RUST_THEIRS = 2, ["YK", "BK", "GK"], ["G8", "G9", "G10"]
TIME, TIME_MINE, TIME_THEIRS = 4, ["YA", "GK", "B9"], ["R7", "R9", "RU"]
DEED, DEED_MINE, DEED_THEIRS = 1, ["Y9", "B9", "G9"], ["BA", "BK", "B10"]


LESSONS = (
    Lesson(
        "cesta", "cards",
        lambda: t("The cards"),
        lambda f: t("Find the Leaf Ober and play it onto milestone {milestone}.",
                    milestone=f["middle"]),
        lambda f: t("Well done! Every card has a strength: a 7, 8, 9 or 10 counts its number, "
                    "the Unter {u}, the Ober {o}, the King {k} and the Ace {a}. The number "
                    "beside a milestone is the sum of the strengths of the cards on that side.",
                    u=f["strength_U"], o=f["strength_O"], k=f["strength_K"],
                    a=f["strength_A"]),
        lambda game: _position(game, ["Y7", "B10", CARDS_PLAY, "RA", "GU"], {}),
        (Step(only(f"play {CARDS_PLAY} {CARDS}"),
              # TRANSLATORS: Hearts, Bells, Leaves, Acorns: the suits of the Czech deck
              # (srdce, kule, listy/zelené, žaludy); Unter, Ober: ranks (spodek, svršek)
              lambda f: t("Cesta is played with four colours: Hearts (red), Bells (yellow), "
                          "Leaves (green) and Acorns (blue). Each colour has, from low to "
                          "high: 7, 8, 9, 10, U (the Unter), O (the Ober), K (the King) and A "
                          "(the Ace). Play your Leaf Ober — the green card marked O — onto "
                          "milestone {milestone}.", milestone=f["middle"]),
              ("hand:" + CARDS_PLAY, f"milestone:{CARDS}")),
         DRAW),
        facts=_facts(),
    ),
    Lesson(
        "cesta", "turn",
        lambda: t("The goal and your turn"),
        lambda f: t("Play the Bell Eight onto milestone {milestone}, then draw.",
                    milestone=f["milestone"]),
        lambda f: t("That was a whole turn: play one card, draw one. At most three event "
                    "cards go on your side of a milestone; when both sides are complete, the "
                    "stronger three win it, at the start of the winner's turn."),
        lambda game: _position(game, [TURN_PLAY, "R7", "GA"], {TURN: (TURN_MINE, TURN_THEIRS)}),
        (Step(only(f"play {TURN_PLAY} {TURN}"),
              lambda f: nt("You win with any {n} milestone, or with both ends of the path, "
                           "milestones 1 and {last}. In your turn you play one card from your "
                           "hand onto your side of a milestone (the bottom row). Play the Bell "
                           "Eight onto milestone {milestone}, beside your Bell Nine.",
                           "You win with any {n} milestones, or with both ends of the path, "
                           "milestones 1 and {last}. In your turn you play one card from your "
                           "hand onto your side of a milestone (the bottom row). Play the Bell "
                           "Eight onto milestone {milestone}, beside your Bell Nine.",
                           f["win_any"], last=f["last"], milestone=f["milestone"]),
              ("hand:" + TURN_PLAY, f"milestone:{TURN}")),
         DRAW),
        facts=_facts(TURN_PLAY),
    ),
    Lesson(
        "cesta", "combos",
        lambda: t("Combinations"),
        lambda f: t("Complete your three cards at milestone {milestone} and beat your "
                    "opponent's.", milestone=f["milestone"]),
        # TRANSLATORS: Leaf: a card suit (zelené); Unter: a rank (spodek)
        lambda f: t("Well done! Both sides had three cards, so they were compared and the "
                    "stronger category won: a colour run beats three of a kind, a colour, a "
                    "run and a plain sum. The sum only counts between two combinations of "
                    "the same category."),
        lambda game: _position(game, [COMBOS_PLAY, "Y7", "BO"],
                               {COMBOS: (COMBOS_MINE, COMBOS_THEIRS)}),
        (Step(only(f"play {COMBOS_PLAY} {COMBOS}"),
              # TRANSLATORS: Leaf: a card suit (zelené); Unter: a rank (spodek)
              lambda f: t("Three cards make a combination. Strongest first: a colour run "
                          "(one colour, three ranks in a row), three of a kind (one rank), a "
                          "colour, a run (three ranks in a row), and a plain sum. Your "
                          "opponent has three Kings at milestone {milestone}. Add the Leaf "
                          "Unter to your Leaf 9 and 10: a colour run.",
                          milestone=f["milestone"]),
              ("hand:" + COMBOS_PLAY, f"milestone:{COMBOS}")),
         DRAW),
        reached=_owner(COMBOS),
        facts=_facts(COMBOS_PLAY),
        mentions=(f"column:{COMBOS}",),
    ),
    Lesson(
        "cesta", "sums",
        lambda: t("The higher sum"),
        lambda f: t("Beat your opponent's colour at milestone {milestone} with a stronger one.",
                    milestone=f["milestone"]),
        lambda f: t("Well done! Both sides had a colour, so the sums decided: {mine} against "
                    "{theirs}. Were the sums equal too, the side with a Heart would win.",
                    mine=f["mine_after"], theirs=f["theirs"]),
        lambda game: _position(game, [SUMS_PLAY, "R8", "G10"], {SUMS: (SUMS_MINE, SUMS_THEIRS)}),
        (Step(only(f"play {SUMS_PLAY} {SUMS}"),
              # TRANSLATORS: Bell: a card suit (kule)
              lambda f: t("Your opponent has a colour at milestone {milestone}, sum {theirs}. "
                          "Add the Bell Seven to your Bell King and Ace: a colour too, but "
                          "with the sum {mine}.", milestone=f["milestone"],
                          theirs=f["theirs"], mine=f["mine_after"]),
              ("hand:" + SUMS_PLAY, f"milestone:{SUMS}")),
         DRAW),
        reached=_owner(SUMS),
        facts=_facts(SUMS_PLAY),
        mentions=(f"column:{SUMS}",),
    ),
    Lesson(
        "cesta", "proof",
        lambda: t("Claim by proof"),
        lambda f: t("Claim milestone {milestone} by proof.", milestone=f["milestone"]),
        # TRANSLATORS: Heart: a card suit (srdce); Ober: a rank (svršek)
        lambda f: t("Well done! The Heart Ober, King and Ace are the strongest combination there "
                    "is, so your opponent can no longer win milestone {milestone}, whatever "
                    "they add. That is why the milestone became yours at the start of your "
                    "turn — by proof, before they had completed their three cards.",
                    milestone=f["milestone"]),
        lambda game: _position(game, [PROOF_PLAY, "Y8", "G9"], {PROOF: (PROOF_MINE, PROOF_THEIRS)}),
        (Step(only(f"play {PROOF_PLAY} {PROOF}"),
              # TRANSLATORS: Heart: a card suit (srdce); Ober: a rank (svršek)
              lambda f: t("At milestone {milestone} you have the Heart Ober and King. Add the "
                          "Heart Ace: nothing can beat this colour run, so you need not wait "
                          "for your opponent's three cards.", milestone=f["milestone"]),
              ("hand:" + PROOF_PLAY, f"milestone:{PROOF}")),
         DRAW),
        reached=_owner(PROOF),
        facts=_facts(PROOF_PLAY),
        mentions=(f"column:{PROOF}",),
    ),
    Lesson(
        "cesta", "rust",
        lambda: t("Rust"),
        lambda f: t("Save milestone {milestone} with the Rust card.", milestone=f["milestone"]),
        lambda f: t("Well done! Rust dropped your opponent's colour run one category, to three "
                    "of a kind. With the same category on both sides the sums decided: your "
                    "{mine} against their {theirs}. You may play each kind of action card only "
                    "once per game.", mine=f["mine"], theirs=f["theirs"]),
        lambda game: _position(game, ["RUST", "R7", "B8"], {RUST: (RUST_MINE, RUST_THEIRS)}),
        (Step(only(f"play RUST {RUST}"),
              lambda f: t("Your opponent's colour run at milestone {milestone} beats your three "
                          "Kings. Play Rust on milestone {milestone}: their combination will "
                          "count one category lower.", milestone=f["milestone"]),
              ("hand:RUST", f"milestone:{RUST}")),
         DRAW),
        reached=_owner(RUST),
        facts=_facts(),
        mentions=(f"column:{RUST}",),
    ),
    Lesson(
        "cesta", "time",
        lambda: t("Time"),
        lambda f: t("Win milestone {milestone} with the Time card.", milestone=f["milestone"]),
        lambda f: t("Well done! Under Time the categories do not count, only the sum: your sum "
                    "of {mine} beat your opponent's colour with its sum of {theirs}.",
                    mine=f["mine"], theirs=f["theirs"]),
        lambda game: _position(game, ["TIME", "R8", "B7"], {TIME: (TIME_MINE, TIME_THEIRS)}),
        (Step(only(f"play TIME {TIME}"),
              lambda f: t("At milestone {milestone} your opponent has a colour with the sum "
                          "{theirs}, and you only a plain sum — but a higher one, {mine}. Play "
                          "Time on milestone {milestone}: only the sum will count.",
                          milestone=f["milestone"], theirs=f["theirs"], mine=f["mine"]),
              ("hand:TIME", f"milestone:{TIME}")),
         DRAW),
        reached=_owner(TIME),
        facts=_facts(),
        mentions=(f"column:{TIME}",),
    ),
    Lesson(
        "cesta", "deed",
        lambda: t("Good deed"),
        lambda f: t("Cancel your opponent's Rust at milestone {milestone}.",
                    milestone=f["milestone"]),
        lambda f: t("Well done! The Good Deed cancelled your opponent's action cards at "
                    "milestone {milestone}, so your three Nines beat their colour again.",
                    milestone=f["milestone"]),
        lambda game: _position(game, ["DEED", "R8", "B7"], {DEED: (DEED_MINE, DEED_THEIRS)},
                               {DEED: ([], ["RUST"])}),
        (Step(only(f"play DEED {DEED}"),
              lambda f: t("Your opponent played Rust at milestone {milestone}: your three of a "
                          "kind counts as a colour and loses. Play the Good Deed on milestone "
                          "{milestone}.", milestone=f["milestone"]),
              ("hand:DEED", f"milestone:{DEED}")),
         DRAW),
        reached=_owner(DEED),
        facts=_facts(),
        mentions=(f"column:{DEED}",),
    ),
    Lesson(
        "cesta", "game",
        lambda: t("A game against the computer"),
        lambda f: nt("Play a whole game against the easy computer: take any {n} milestone, "
                     "or both ends of the path.",
                     "Play a whole game against the easy computer: take any {n} milestones, "
                     "or both ends of the path.", f["win_any"]),
        lambda f: t("Done! Now you know every rule of {game}.", game=game_title("cesta")),
        None, seed=SEED, free_game=True, facts=_facts(),
    ),
)
