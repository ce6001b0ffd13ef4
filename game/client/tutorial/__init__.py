"""Playable tutorials: lessons per game as data, a coach that holds a match to them, the
progress file, and the scene that shows the coach over the real table.

``lessons_for(game)`` is the one entry other code needs besides the scene."""

from __future__ import annotations

from game.client.tutorial import cesta, cut_the_rope, royal_road
from game.client.tutorial.lesson import Coach, Lesson, Step, Words

_LESSONS: dict[str, tuple[Lesson, ...]] = {
    "cesta": cesta.LESSONS,
    "royal_road": royal_road.LESSONS,
    "cut_the_rope": cut_the_rope.LESSONS,
}


def lessons_for(game: str) -> tuple[Lesson, ...]:
    return _LESSONS[game]


__all__ = ["Coach", "Lesson", "Step", "Words", "lessons_for"]
