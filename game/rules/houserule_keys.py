"""The house-rule keys of each game, with defaults, ranges and one-line help.

The help is a player-facing English sentence marked for the catalogues (``N_``); the client
shows it translated.

The shipped ``config/rules/<game>.toml`` files repeat these defaults with comments for
players; a test keeps the two in agreement.
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import Any

from game.rules.common import N_
from game.rules.houserules import (
    RuleSchema,
    bool_key,
    choice_key,
    custom_key,
    int_key,
    seat_or_choice_key,
    shown,
)

# --- Cesta -----------------------------------------------------------------------------

CESTA_RANKING = ("colour_run", "three_of_a_kind", "colour", "run", "sum")


def _check_ranking(value: Any) -> str | None:
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(CESTA_RANKING) or \
            len(value) != len(CESTA_RANKING):
        return f"must list each of {', '.join(CESTA_RANKING)} exactly once, not {shown(value)}"
    return None


def _cesta_cross(rules: dict[str, Any]) -> list[tuple[str, str]]:
    if rules["win_any"] > rules["milestones"]:
        return [("win_any", f"({rules['win_any']}) cannot exceed milestones "
                            f"({rules['milestones']})")]
    return []


CESTA = RuleSchema("cesta", (
    int_key("hand_size", 5, 1, 10, N_("How many cards you hold after each draw.")),
    int_key("milestones", 5, 3, 9,
            N_("How many milestones lie along the path (an odd number)."), odd=True),
    int_key("win_any", 3, 1, 9, N_("How many milestones anywhere on the path win the game.")),
    bool_key("win_ends", True,
             N_("Holding both ends of the path, the first and the last milestone, wins.")),
    custom_key("ranking", list(CESTA_RANKING), "list",
               N_("The combinations from the strongest to the weakest."), _check_ranking),
    bool_key("heart_tiebreak", True,
             N_("Same combination and same sum: the side with a heart (a red card) wins.")),
    bool_key("proof_claims", True,
             N_("You may claim a milestone early once your opponent can no longer beat you "
                "there.")),
    bool_key("action_cards", True, N_("Play with the action cards Time, Rust and Good Deed.")),
    int_key("action_copies", 2, 1, 4,
            N_("How many copies of each action card the action deck holds.")),
), _cesta_cross)

# --- Královská cesta ---------------------------------------------------------------------

RR_COLOURS = ("r", "y", "g", "b", "k")
RR_SIZES = ("S", "M", "L")
RR_FULL_DECK = tuple(f"{a}S-{b}M-{c}L" for a, b, c in permutations(RR_COLOURS, 3))


def _check_deck(value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return "must be a list of trio codes like 'rS-gM-kL'"
    seen: set[str] = set()
    for code in value:
        if not isinstance(code, str):
            return f"has a non-text entry {shown(code)}"
        parts = code.split("-")
        if (len(parts) != 3 or [p[1:] for p in parts] != ["S", "M", "L"]
                or any(p[:1] not in RR_COLOURS for p in parts)
                or len({p[0] for p in parts}) != 3):
            return (f"has a bad trio code {shown(code)} "
                    f"(small, medium, large of three colours)")
        if code in seen:
            return f"lists {shown(code)} twice"
        seen.add(code)
    return None


def _rr_cross(rules: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if rules["players_min"] > rules["players_max"]:
        problems.append(("players_min", "cannot exceed players_max"))
    if rules["keep"] > rules["deal"]:
        problems.append(("keep", f"({rules['keep']}) cannot exceed deal ({rules['deal']})"))
    needed = rules["deal"] * rules["players_min"] + rules["track_cards"]
    if needed > len(rules["deck"]):
        problems.append(("deck", f"has {len(rules['deck'])} cards, too few to deal "
                                 f"{rules['deal']} to {rules['players_min']} players and lay "
                                 f"{rules['track_cards']} track cards"))
    jail = rules["jail_position"]
    if isinstance(jail, int) and not 1 <= jail <= rules["track_cards"] - 3:
        problems.append(("jail_position", f"must lie between START and TRAPDOOR "
                                          f"(1..{rules['track_cards'] - 3})"))
    if isinstance(rules["first_player"], int) and rules["first_player"] >= rules["players_max"]:
        problems.append(("first_player", "names a seat beyond players_max"))
    return problems


ROYAL_ROAD = RuleSchema("royal_road", (
    int_key("players_min", 2, 2, 5, N_("The fewest players a game needs.")),
    int_key("players_max", 5, 2, 5, N_("The most players a game allows.")),
    int_key("track_cards", 15, 7, 40,
            N_("How many cards make up the road, START and GOAL included.")),
    int_key("deal", 5, 1, 10, N_("How many royal cards each player is dealt.")),
    int_key("keep", 2, 1, 5, N_("How many of the dealt cards each player keeps as secret goals.")),
    seat_or_choice_key("jail_position", "third", ("third",), 1, 37,
                       N_("Where JAIL lies: a third of the way along the road, or on a card "
                          "you choose.")),
    bool_key("trapdoor", True,
             N_("The card before GOAL is a trapdoor that drops a pyramid into JAIL.")),
    bool_key("reuse_previous", True,
             N_("Instead of rolling, you may take the colour the previous player used.")),
    choice_key("bonus_swap", "any-but-ends", ("any-but-ends", "face-up-only", "off"),
               N_("Whoever puts the third size on a card may swap two cards of the road.")),
    bool_key("overstep", False,
             N_("A pyramid may run past a stop, and the next player may report it.")),
    int_key("overstep_penalty_turns", 1, 0, 5,
            N_("How many turns a player skips after a reported overstep.")),
    seat_or_choice_key("first_player", "random", ("random",), 0, 4,
                       N_("Who starts: a player drawn at random, or the player you choose.")),
    custom_key("deck", list(RR_FULL_DECK), "list",
               N_("Which trios of pyramids the royal cards show."), _check_deck),
), _rr_cross)

# --- Cut the Rope ------------------------------------------------------------------------

CTR_DEFAULT_PILES = {"2": 20, "3": 20, "4": 16, "5": 16, "6": 12}
_PLAYER_COUNT = re.compile(r"[2-6]")  # ASCII only: "²".isdigit() is true, int("²") is not


def _player_count(key: Any) -> int | None:
    """A ``pile_sizes`` key as a player count 2..6 (a TOML key is text; a dict may use ints)."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key if 2 <= key <= 6 else None
    if isinstance(key, str) and _PLAYER_COUNT.fullmatch(key):
        return int(key)
    return None


def _check_piles(value: Any) -> str | None:
    if not isinstance(value, dict):
        return "must be a table from player count to pile size, like {2 = 20, 6 = 12}"
    seen: set[int] = set()
    for count, size in value.items():
        players = _player_count(count)
        if players is None:
            return f"has a bad player count {shown(count)} (2..6)"
        if players in seen:
            return f"gives {players} players two pile sizes"
        seen.add(players)
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 60:
            return f"has a bad pile size {shown(size)} for {players} players (1..60)"
    return None


def _ctr_cross(rules: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if rules["players_min"] > rules["players_max"]:
        problems.append(("players_min", "cannot exceed players_max"))
    piles = rules["pile_sizes"]
    deck = rules["copies"] * rules["row_length"] + rules["scissors"]
    for players in range(rules["players_min"], rules["players_max"] + 1):
        if str(players) not in piles:
            problems.append(("pile_sizes", f"gives no pile size for {players} players"))
            break
        if players * (piles[str(players)] + rules["hand_size"]) > deck:
            problems.append(("pile_sizes", f"and hands of {rules['hand_size']} for {players} "
                                           f"players need more than the {deck}-card deck"))
            break
    if isinstance(rules["first_player"], int) and rules["first_player"] >= rules["players_max"]:
        problems.append(("first_player", "names a seat beyond players_max"))
    return problems


CUT_THE_ROPE = RuleSchema("cut_the_rope", (
    int_key("players_min", 2, 2, 6, N_("The fewest players a game needs.")),
    int_key("players_max", 6, 2, 6, N_("The most players a game allows.")),
    custom_key("pile_sizes", dict(CTR_DEFAULT_PILES), "table",
               N_("How many cards each personal pile holds, by the number of players."),
               _check_piles),
    int_key("hand_size", 6, 1, 12, N_("How many cards you hold after refilling your hand.")),
    int_key("main_rows", 3, 1, 6, N_("How many main rows everyone builds on at once.")),
    int_key("aux_rows", 3, 1, 6, N_("How many auxiliary rows each player may have.")),
    int_key("row_length", 10, 3, 20,
            N_("How long a row grows: its cards run from 1 up to this number, and a full row "
               "leaves the table.")),
    int_key("copies", 14, 1, 30, N_("How many cards of each number the deck holds.")),
    int_key("scissors", 20, 0, 60,
            N_("How many scissors the deck holds; scissors stand for any number.")),
    bool_key("reshuffle", True,
             N_("When the draw pile runs out, the discard pile is shuffled into a new one.")),
    bool_key("refill_when_empty", False,
             N_("An emptied hand is refilled at once, as in Skip-Bo.")),
    seat_or_choice_key("first_player", "random", ("random",), 0, 5,
                       N_("Who starts: a player drawn at random, or the player you choose.")),
), _ctr_cross)

SCHEMAS: dict[str, RuleSchema] = {s.game: s for s in (CESTA, ROYAL_ROAD, CUT_THE_ROPE)}
