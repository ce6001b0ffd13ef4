"""Successive halving, the budget rule of the rollout and plan searches: candidates are
compared on the same sampled worlds round by round, and after each round only the best
few (and the heuristic's own choice, the anchor) go on, so later samples go to the close
calls instead of to moves already plainly worse."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def survivors(alive: Sequence[T], score: Callable[[T], float], keep: int, anchor: T,
              order: Sequence[T] | None = None) -> list[T]:
    """The ``keep`` best of ``alive`` by ``score`` (ties keep their order), plus ``anchor``
    if it fell out. Listed best first, or in ``order``'s order when it is given."""
    kept = sorted(alive, key=lambda item: -score(item))[:keep]
    if anchor not in kept:
        kept.append(anchor)
    return kept if order is None else [item for item in order if item in kept]


def round_share(budget: int, spent: int, rounds_left: int, alive: int) -> int:
    """Samples per candidate in the next round when the rest of ``budget`` is split evenly
    over the ``rounds_left`` rounds (at least one each)."""
    return max(1, (budget - spent) // rounds_left // alive)
