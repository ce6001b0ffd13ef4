"""A house rule as a player reads it: "Karet v ruce: 5", never ``hand_size = 5``.

The setup panel and the house-rules editor both word rules here, so a rule has one name
everywhere; the TOML keys stay what they are in the files.
"""

from __future__ import annotations

from typing import Any

from game.client.i18n import has, t
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import RuleKey


def rule_key(game: str, name: str) -> RuleKey | None:
    return next((key for key in SCHEMAS[game].keys if key.name == name), None)


def rule_name(game: str, name: str) -> str:
    """The rule's name in the active language (the key itself only if none was written)."""
    key = f"rule.{game}.{name}"
    return t(key) if has(key) else name.replace("_", " ")


def rule_help(game: str, key: RuleKey) -> str:
    """One line of explanation in the active language (the schema's English otherwise,
    unless it spells raw values such as 'random': those keys have player words here)."""
    name = f"house.help.{game}.{key.name}"
    return t(name) if has(name) else key.help


def rule_value(game: str, name: str, value: Any) -> str:
    """The value in words: yes/no, "náhodně", "třetina cesty", "2 hráči: 20" …"""
    if isinstance(value, bool):
        return t("rule.value.yes") if value else t("rule.value.no")
    if isinstance(value, str):
        word = f"rule.value.{value}"
        return t(word) if has(word) else value
    if name == "first_player" and isinstance(value, int):
        return t("rule.value.seat", n=value + 1)
    if name == "jail_position" and isinstance(value, int):
        return t("rule.value.position", n=value)
    if name == "ranking" and isinstance(value, list):
        return " › ".join(t(f"combo.{v}") if has(f"combo.{v}") else str(v) for v in value)
    if isinstance(value, dict):
        return " · ".join(t("rule.value.piles", players=k, n=v) for k, v in value.items())
    if isinstance(value, list):
        return t("rule.value.cards", n=len(value))
    return str(value)


def rule_line(game: str, name: str, value: Any) -> str:
    """"Karet v ruce: 5"."""
    return f"{rule_name(game, name)}: {rule_value(game, name, value)}"
