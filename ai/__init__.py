"""Computer opponents for the three games (contract: architecture.md, "AI contract").

```python
from ai import make_agent, AGENT_KINDS
agent = make_agent("ismcts", game, level="hard", seed=1)
move = agent.choose(game.view(state, seat))
```
Agents see only views. ``agent_for_level`` maps a seat's difficulty (as the client offers
it) to the right kind: easy/normal are the heuristic, hard/expert are ISMCTS.
"""

from __future__ import annotations

from typing import Any

from ai.agents import Agent, RandomAgent, has_heuristic, make_heuristic, search_module
from ai.levels import (
    BELIEF_LEVELS,
    EXACT_LEVELS,
    LEVELS,
    check_level,
    heuristic_mistakes,
    search_config,
)
from game.rules import AnyGame

AGENT_KINDS: tuple[str, ...] = ("random", "heuristic", "ismcts")

__all__ = ["AGENT_KINDS", "LEVELS", "Agent", "agent_for_level", "make_agent", "parse_spec",
           "win_chance"]


def win_chance(game: AnyGame, view: Any, seat: int, level: str = "hard", **kwargs: Any) -> float:
    """The seat's chance to win, 0..1, from its view only (see ``ai/chances.py``)."""
    from ai.chances import win_chance as estimate

    return estimate(game, view, seat, level, **kwargs)


def make_agent(kind: str, game: AnyGame, level: str = "normal", seed: int = 0) -> Agent[Any, Any]:
    """An agent of ``kind`` for ``game`` at ``level``; the same seed gives the same play
    (time-budgeted searches aside, whose iteration counts depend on the machine)."""
    check_level(level)
    if kind == "random":
        return RandomAgent(game, seed)
    if kind == "heuristic":
        return make_heuristic(game, seed, heuristic_mistakes(level))
    if kind == "ismcts":
        from ai.ismcts import ISMCTSAgent

        belief = None
        if level in BELIEF_LEVELS:
            from ai.belief import belief_for

            belief = belief_for(game, seed)
        config = search_config(game.name, level)
        # A game may shape its own search (``ai/search/<game>.py``: say, whole turns as one
        # move); otherwise the generic search runs with the level's settings.
        custom = search_module(game.name)
        agent: Agent[Any, Any]
        if custom is not None:
            agent = custom.make_search_agent(game, level, seed, config, belief)
        else:
            agent = ISMCTSAgent(game, seed, config, belief=belief)
        # hard and expert never lose a position an exact search wins (ai/endgame)
        agent.exact_endgames = level in EXACT_LEVELS
        return agent
    raise ValueError(f"unknown agent kind {kind!r} (choose from {', '.join(AGENT_KINDS)})")


def agent_for_level(game: AnyGame, level: str, seed: int = 0) -> Agent[Any, Any]:
    """The opponent a client seat set to ``level`` gets: the heuristic for easy and normal
    (falling back to ISMCTS while a game has no heuristic yet), ISMCTS for hard and expert."""
    check_level(level)
    if level in ("easy", "normal") and has_heuristic(game.name):
        return make_agent("heuristic", game, level, seed)
    if level in ("easy", "normal"):
        return make_agent("ismcts", game, level, seed)
    return make_agent("ismcts", game, level, seed)


def parse_spec(spec: str) -> tuple[str, str]:
    """Split an agent spec ``kind[:level]`` (as the arena takes it) and validate both."""
    kind, _, level = spec.partition(":")
    level = level or "normal"
    if kind not in AGENT_KINDS:
        raise ValueError(f"unknown agent kind {kind!r} in {spec!r} "
                         f"(choose from {', '.join(AGENT_KINDS)})")
    check_level(level)
    return kind, level
