"""Helpers that hand-build lesson positions from a seeded deal.

A lesson starts from ``to_dict(new_game(2, seed))`` of the real engine and moves the named
cards where the lesson needs them, taking each from wherever the deal put it; so every
card stays present exactly once and ``from_dict`` accepts the result. Lessons read as
"these cards here", not as a 160-card listing.
"""

from __future__ import annotations

from typing import Any

from game.client.match.types import AnyGame


def dealt(game: AnyGame, seed: int) -> dict[str, Any]:
    return game.to_dict(game.new_game(2, seed))


def _lists(data: dict[str, Any]) -> list[list[str]]:
    """Every list of cards in a cesta or cut_the_rope dict, decks last (cards are taken
    from hands and table first only when asked by name; decks give filler)."""
    found: list[list[str]] = []
    if data["game"] == "cesta":
        found += data["hands"]
        for milestone in data["milestones"]:
            for side in milestone["sides"]:
                found += [side["events"], side["actions"]]
        found += [data["event_deck"], data["action_deck"]]
    else:
        found += data["piles"] + data["hands"]
        for rows in data["aux"]:
            found += rows
        found += [row["cards"] for row in data["rows"] if row]
        found += [data["discard"], data["draw"]]
    return found


def take(data: dict[str, Any], card: str) -> str:
    """Remove one copy of ``card`` from wherever it lies (decks last) and return it."""
    lists = _lists(data)
    for cards in reversed(lists):  # decks first: a copy there disturbs nothing
        if card in cards:
            cards.remove(card)
            return card
    raise ValueError(f"no {card} left to place")


def place(data: dict[str, Any], target: list[str], cards: list[str]) -> None:
    """Put ``cards`` (bottom first) on ``target`` after taking each from the deal."""
    for card in cards:
        take(data, card)
        target.append(card)


def refill(data: dict[str, Any], target: list[str], size: int, source: list[str]) -> None:
    """Top ``target`` up to ``size`` cards from ``source`` (a deck), keeping counts right."""
    while len(target) < size and source:
        target.append(source.pop(0))
