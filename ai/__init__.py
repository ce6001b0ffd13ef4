"""Computer opponents for the three games (contract: architecture.md, "AI contract").

```python
from ai import make_agent, AGENT_KINDS
agent = make_agent("ismcts", game, level="hard", seed=1)
move = agent.choose(game.view(state, seat))
```
Agents see only views. ``agent_for_level`` maps a seat's difficulty (as the client offers
it) to the player of that level in the game's ladder (``ai.levels.LADDERS``).
"""

from __future__ import annotations

from typing import Any

from ai.agents import Agent, RandomAgent, make_heuristic, search_module
from ai.levels import (
    EXACT_LEVELS,
    HINT,
    LEVELS,
    check_level,
    heuristic_mistakes,
    rung,
)
from game.rules import AnyGame

AGENT_KINDS: tuple[str, ...] = ("random", "heuristic", "ismcts")
SEAT_KIND = "ai"  # a spec ``ai:<level>``: the client's opponent of that level

__all__ = ["AGENT_KINDS", "LEVELS", "Agent", "agent_classes", "agent_for_level",
           "hint_agent", "make_agent", "move_chances", "parse_spec", "win_chance"]


def win_chance(game: AnyGame, view: Any, seat: int, level: str = "hard", **kwargs: Any) -> float:
    """The seat's chance to win, 0..1, from its view only (see ``ai/chances.py``)."""
    from ai.chances import win_chance as estimate

    return estimate(game, view, seat, level, **kwargs)


def move_chances(game: AnyGame, view: Any, seat: int, moves: list[Any], level: str = "normal",
                 **kwargs: Any) -> list[float]:
    """The seat's chance to win after each of its ``moves``, paired over the same deals, from
    its view only (see ``ai/chances.py``)."""
    from ai.chances import move_chances as estimate

    return estimate(game, view, seat, moves, level, **kwargs)


def make_agent(kind: str, game: AnyGame, level: str = "normal", seed: int = 0) -> Agent[Any, Any]:
    """An agent of ``kind`` for ``game`` at ``level``; the same seed gives the same play.
    ``"ismcts"`` is the game's own search (``ai.agents.SEARCHES``)."""
    check_level(level)
    if kind == SEAT_KIND:
        return agent_for_level(game, level, seed)
    if kind == "random":
        return RandomAgent(game, seed)
    if kind == "heuristic":
        return make_heuristic(game, seed, heuristic_mistakes(level))
    if kind == "ismcts":
        # each game's own search (``ai.agents.search_module``), at the level's budget
        agent: Agent[Any, Any] = search_module(game.name).make_search_agent(game, level, seed)
        agent.exact_endgames = level in EXACT_LEVELS  # exact endgames from hard up
        return agent
    raise ValueError(f"unknown agent kind {kind!r} (choose from {', '.join(AGENT_KINDS)})")


def agent_for_level(game: AnyGame, level: str, seed: int = 0) -> Agent[Any, Any]:
    """The opponent a client seat set to ``level`` gets: the rung of the game's ladder
    (``ai.levels.LADDERS``: the heuristic with its rate of random moves, or the game's
    search at a level's budget). hard and expert also play exact endgames, whichever
    player the rung is."""
    step = rung(game.name, level)
    agent: Agent[Any, Any]
    if step.kind == "heuristic":
        agent = make_heuristic(game, seed, step.mistakes)
    else:
        agent = make_agent("ismcts", game, step.search or level, seed)
    agent.exact_endgames = level in EXACT_LEVELS
    return agent


def agent_classes() -> dict[str, dict[str, str]]:
    """Per game and level, the class a seat of that level gets (``module.Class``, with the
    heuristic a wrapper carries in brackets): a packaged app must list the same as the
    installed game, or a module of the AI did not make it into the package."""
    from game.rules import GAME_NAMES, get_game

    def name(value: object) -> str:
        kind = type(value)
        return f"{kind.__module__}.{kind.__qualname__}"

    classes: dict[str, dict[str, str]] = {}
    for game_name in GAME_NAMES:
        game = get_game(game_name)
        classes[game_name] = {}
        for level in LEVELS:
            agent = agent_for_level(game, level)
            inner = getattr(agent, "inner", None)
            classes[game_name][level] = name(agent) + (f"[{name(inner)}]" if inner else "")
    return classes


def hint_agent(game: AnyGame, seed: int = 0) -> Agent[Any, Any]:
    """The player behind hints and the review's better move: the expert's own search (every
    game's expert rung is its search) on the ``HINT`` budget, which answers within
    ``ai.levels.HINT_SECONDS`` on one core; it plays exact endgames like the expert."""
    agent: Agent[Any, Any] = search_module(game.name).make_search_agent(game, HINT, seed)
    agent.exact_endgames = True
    return agent


def parse_spec(spec: str) -> tuple[str, str]:
    """Split an agent spec ``kind[:level]`` (as the arena takes it) and validate both.
    ``ai:<level>``, as in the client's ``--players``, is the opponent a seat of that level
    gets there (``agent_for_level``)."""
    kind, _, level = spec.partition(":")
    level = level or "normal"
    if kind not in AGENT_KINDS + (SEAT_KIND,):
        raise ValueError(f"unknown agent kind {kind!r} in {spec!r} "
                         f"(choose from {', '.join(AGENT_KINDS + (SEAT_KIND,))})")
    check_level(level)
    return kind, level
