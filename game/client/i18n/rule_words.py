"""A house rule as a player reads it: "Karet v ruce: 5", never ``hand_size = 5``.

The setup panel and the house-rules editor both word rules here, so a rule has one name
everywhere; the TOML keys stay what they are in the files.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.i18n import nt, t
from game.client.i18n.words import combo_name
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import RuleKey, load_rules


def rule_key(game: str, name: str) -> RuleKey | None:
    return next((key for key in SCHEMAS[game].keys if key.name == name), None)


def rule_name(game: str, name: str) -> str:
    """The rule's name in the active language."""
    names = {
        "cesta.action_cards": t("Action cards"),
        "cesta.action_copies": t("Copies of each action card"),
        "cesta.hand_size": t("Cards in hand"),
        "cesta.heart_tiebreak": t("Heart breaks a tie"),
        "cesta.milestones": t("Milestones on the path"),
        "cesta.proof_claims": t("Early claims"),
        "cesta.ranking": t("Order of combinations"),
        "cesta.win_any": t("Milestones that win"),
        "cesta.win_ends": t("Both ends win"),
        "cut_the_rope.aux_rows": t("Auxiliary rows each"),
        "cut_the_rope.copies": t("Copies of each number"),
        "cut_the_rope.first_player": t("Who starts"),
        "cut_the_rope.hand_size": t("Cards in hand"),
        "cut_the_rope.main_rows": t("Main rows"),
        "cut_the_rope.pile_sizes": t("Personal pile"),
        "cut_the_rope.players_max": t("Most players"),
        "cut_the_rope.players_min": t("Fewest players"),
        "cut_the_rope.refill_when_empty": t("Refill an empty hand"),
        "cut_the_rope.reshuffle": t("Reshuffle the discards"),
        "cut_the_rope.row_length": t("Length of a row"),
        "cut_the_rope.scissors": t("Scissors in the deck"),
        "royal_road.bonus_swap": t("Bonus swap"),
        "royal_road.deal": t("Cards dealt"),
        "royal_road.deck": t("Royal cards"),
        "royal_road.first_player": t("Who starts"),
        "royal_road.jail_position": t("Place of the jail"),
        "royal_road.keep": t("Secret cards kept"),
        "royal_road.overstep": t("Overstepping"),
        "royal_road.overstep_penalty_turns": t("Overstep penalty"),
        "royal_road.players_max": t("Most players"),
        "royal_road.players_min": t("Fewest players"),
        "royal_road.reuse_previous": t("Take the previous colour"),
        "royal_road.track_cards": t("Cards in the road"),
        "royal_road.trapdoor": t("Trapdoor before the goal"),
    }
    return names.get(f"{game}.{name}", name.replace("_", " "))


def rule_help(game: str, key: RuleKey) -> str:
    """The rule's one-line explanation in the active language (the schema's help is an
    English message id, marked in ``game.rules.houserule_keys``)."""
    return t(key.help)


def rule_value(game: str, name: str, value: Any) -> str:
    """The value in words: yes/no, "náhodně", "třetina cesty", "2 hráči: 20" …"""
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, str):
        words = {
            "random": t("at random"),
            "off": t("off"),
            "third": t("a third of the road"),
            "any-but-ends": t("any but START and GOAL"),
            "face-up-only": t("face-up cards only"),
        }
        return words.get(value, value)
    if name == "first_player" and isinstance(value, int):
        return t("player {n}", n=value + 1)
    if name == "jail_position" and isinstance(value, int):
        return t("card {n}", n=value)
    if name == "overstep_penalty_turns" and isinstance(value, int):
        return nt("{n} turn skipped", "{n} turns skipped", value)
    if name == "ranking" and isinstance(value, list):
        return " › ".join(combo_name(str(v)) for v in value)
    if isinstance(value, dict):
        return " · ".join(_pile_group(low, high, cards, first=index == 0)
                          for index, (low, high, cards) in enumerate(_runs(value)))
    if isinstance(value, list):
        return nt("{n} card", "{n} cards", len(value))
    return str(value)


def rule_line(game: str, name: str, value: Any) -> str:
    """"Karet v ruce: 5"."""
    return f"{rule_name(game, name)}: {rule_value(game, name, value)}"


def _runs(sizes: dict[Any, Any]) -> list[tuple[int, int, Any]]:
    """Pile sizes by player count as runs of counts with one size: {2: 20, 3: 20, 4: 16}
    → [(2, 3, 20), (4, 4, 16)], so the value stays short enough for its widget."""
    runs: list[tuple[int, int, Any]] = []
    for count, cards in sorted((int(k), v) for k, v in sizes.items()):
        if runs and runs[-1][1] == count - 1 and runs[-1][2] == cards:
            runs[-1] = (runs[-1][0], count, cards)
        else:
            runs.append((count, count, cards))
    return runs


def _pile_group(low: int, high: int, cards: Any, first: bool) -> str:
    """"2–3 players: 20"; after the first group the counts alone ("4–5: 16") keep the
    line short."""
    players = str(low) if low == high else f"{low}–{high}"
    if not first:
        return f"{players}: {cards}"
    # TRANSLATORS: a personal pile's size for some player counts: "2–3 players: 20";
    # {players} is a count or a range, and the plural form follows its highest number
    return nt("{players} player: {cards}", "{players} players: {cards}", high,
              players=players, cards=cards)


def house_rule_lines(game: str, rules: Mapping[str, Any] | None) -> list[str]:
    """What ``rules`` (validated, as ``load_rules`` gives them) change from the original
    rules of ``game``, one "name: value" line per rule, in the schema's order; empty for
    the original rules."""
    if not rules:
        return []
    original = load_rules(game, None)
    return [rule_line(game, key.name, rules[key.name]) for key in SCHEMAS[game].keys
            if key.name in rules and rules[key.name] != original.get(key.name)]
