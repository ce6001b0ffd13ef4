"""Helpers shared by the AI tests (not collected: no ``test_`` prefix).

"""

from __future__ import annotations

import random

from ai.agents import building_biased_move, random_rollout_move
from game.rules import get_game

PLAYERS = {"cesta": 2, "royal_road": 3, "cut_the_rope": 2}


def default_engine(name: str):
    """The game's engine with its default rules."""
    return get_game(name)


def random_positions(game, count: int, seed: int = 1, players: int | None = None,
                     spread: int = 7) -> list:
    """``count`` full states where the seat to move has a decision, from seeded games.

    Every ``spread``-th decision point of each game is kept, so positions cover openings,
    middle games and endings. Cut the Rope uses the building-biased policy (uniform play
    there barely moves the game on)."""
    players = players or PLAYERS[game.name]
    policy = building_biased_move if game.name == "cut_the_rope" else random_rollout_move
    rng = random.Random(seed)
    out: list = []
    game_seed = seed * 1000
    while len(out) < count:
        game_seed += 1
        state = game.new_game(players, game_seed)
        ply = 0
        while not game.is_over(state) and len(out) < count and ply < 3000:
            if ply % spread == rng.randrange(spread) or ply == 0:
                out.append(state)
            state = game.apply(state, policy(game, state, rng))[0]
            ply += 1
    return out


def golden_position(game, players: int, seed: int, plies: int):
    """The full state after ``plies`` seeded random moves from deal ``seed`` (the positions
    of ``tests/ai/fixtures/level_moves.json``; Cut the Rope plays the building-biased
    policy)."""
    policy = building_biased_move if game.name == "cut_the_rope" else random_rollout_move
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for _ in range(plies):
        state = game.apply(state, policy(game, state, rng))[0]
    return state
