"""How far a secret card's trio has come: the rules' own answer for the table's drawer.

A kept card wins once all three of its pyramids stand in GOAL (``engine._end_turn``); the
table shows where each of them is and how many are there by asking ``trio_progress``
instead of working GOAL out itself. Pure, on the state format's codes (``rS-gM-kL``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rules.royal_road.cards import PYRAMIDS, TRIO_PYRAMIDS


@dataclass(frozen=True, slots=True)
class TrioProgress:
    """A card's three pyramids (small, medium, large), each one's track position and
    whether it stands in GOAL."""

    pyramids: tuple[str, str, str]
    places: tuple[int, int, int]
    in_goal: tuple[bool, bool, bool]

    @property
    def done(self) -> int:
        """How many of the three stand in GOAL."""
        return sum(self.in_goal)

    @property
    def complete(self) -> bool:
        """All three in GOAL: the card wins at the end of its owner's turn."""
        return all(self.in_goal)


def goal_position(track: Sequence[str]) -> int:
    """GOAL is the track's last card (bonus swaps never move it)."""
    return len(track) - 1


def trio_progress(card: str, pyramids: Mapping[str, int],
                  track: Sequence[str]) -> TrioProgress:
    """Where ``card``'s trio stands: ``pyramids`` maps each pyramid code to its position,
    ``track`` is the track's cards (as in the state's ``"pyramids"`` and ``"track"``)."""
    numbers = TRIO_PYRAMIDS.get(card)
    if numbers is None:
        raise ValueError(f"not a royal card: {card!r}")
    codes = (PYRAMIDS[numbers[0]], PYRAMIDS[numbers[1]], PYRAMIDS[numbers[2]])
    goal = goal_position(track)
    places = (pyramids[codes[0]], pyramids[codes[1]], pyramids[codes[2]])
    return TrioProgress(codes, places, (places[0] == goal, places[1] == goal,
                                        places[2] == goal))
