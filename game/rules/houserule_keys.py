"""The house-rule keys of each game, with defaults, ranges and one-line help.

The shipped ``config/rules/<game>.toml`` files repeat these defaults with comments for
players; a test keeps the two in agreement.
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import Any

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
    int_key("hand_size", 5, 1, 10, "cards in hand after each draw"),
    int_key("milestones", 5, 3, 9, "milestones along the path (odd)", odd=True),
    int_key("win_any", 3, 1, 9, "milestones anywhere that win the game"),
    bool_key("win_ends", True, "holding both ends of the path (first and last) wins"),
    custom_key("ranking", list(CESTA_RANKING), "list",
               "combination categories, strongest first", _check_ranking),
    bool_key("heart_tiebreak", True, "equal sums: the side with a red card (heart) wins"),
    bool_key("proof_claims", True, "claim early when no completion can beat you"),
    bool_key("action_cards", True, "play with the TIME, RUST and DEED action cards"),
    int_key("action_copies", 2, 1, 4, "copies of each action card in the action deck"),
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
    int_key("players_min", 2, 2, 5, "fewest players"),
    int_key("players_max", 5, 2, 5, "most players"),
    int_key("track_cards", 15, 7, 40, "cards in the track, START and GOAL included"),
    int_key("deal", 5, 1, 10, "royal cards dealt to each player"),
    int_key("keep", 2, 1, 5, "dealt cards each player keeps as secret goals"),
    seat_or_choice_key("jail_position", "third", ("third",), 1, 37,
                       "JAIL position: 'third' = round(track_cards / 3), or a position"),
    bool_key("trapdoor", True, "the card before GOAL is a trapdoor into JAIL"),
    bool_key("reuse_previous", True, "a player may reuse the previous player's colour"),
    choice_key("bonus_swap", "any-but-ends", ("any-but-ends", "face-up-only", "off"),
               "completing a card with three sizes lets the mover swap two track cards"),
    bool_key("overstep", False, "pyramids may move past stops; others may report it"),
    int_key("overstep_penalty_turns", 1, 0, 5, "turns skipped after a reported overstep"),
    seat_or_choice_key("first_player", "random", ("random",), 0, 4,
                       "who starts: 'random' or a seat number"),
    custom_key("deck", list(RR_FULL_DECK), "list", "the royal cards' trios", _check_deck),
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
    int_key("players_min", 2, 2, 6, "fewest players"),
    int_key("players_max", 6, 2, 6, "most players"),
    custom_key("pile_sizes", dict(CTR_DEFAULT_PILES), "table",
               "personal pile size by number of players", _check_piles),
    int_key("hand_size", 6, 1, 12, "cards in hand after refilling"),
    int_key("main_rows", 3, 1, 6, "shared main rows at once"),
    int_key("aux_rows", 3, 1, 6, "auxiliary rows per player"),
    int_key("row_length", 10, 3, 20, "numbers run 1..row_length; a full row is removed"),
    int_key("copies", 14, 1, 30, "copies of each number in the deck"),
    int_key("scissors", 20, 0, 60, "wild scissors cards in the deck"),
    bool_key("reshuffle", True, "shuffle the discard pile into a new draw pile when needed"),
    bool_key("refill_when_empty", False, "an emptied hand refills to full at once (Skip-Bo)"),
    seat_or_choice_key("first_player", "random", ("random",), 0, 5,
                       "who starts: 'random' or a seat number"),
), _ctr_cross)

SCHEMAS: dict[str, RuleSchema] = {s.game: s for s in (CESTA, ROYAL_ROAD, CUT_THE_ROPE)}
