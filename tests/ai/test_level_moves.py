"""The shipped levels play exactly the recorded moves (``tests/ai/fixtures/level_moves.json``,
written by ``python -m tools.ai.record_level_moves``).

Every budget is a count, so the same seed and view give the same move on any machine; a
change here means a level plays differently, which a refactoring must not do. The slow
marker holds the longer set (more expert decisions and later positions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai import agent_for_level, make_agent
from game.rules import get_game
from tests.support.ai_support import golden_position

ROWS = json.loads((Path(__file__).parent / "fixtures" / "level_moves.json").read_text("utf-8"))


def _id(row: dict) -> str:
    return f"{row['game']}-{row['players']}p-{row['plies']}-{row['step']}-{row['agent']}"


@pytest.mark.parametrize("row", [pytest.param(r, id=_id(r), marks=[pytest.mark.slow] if r["slow"]
                                              else []) for r in ROWS])
def test_level_plays_the_recorded_move(row: dict) -> None:
    game = get_game(row["game"])
    state = golden_position(game, row["players"], row["seed"], row["plies"])
    seat = game.current_player(state)
    kind, level = row["agent"].split(":")
    agent = (agent_for_level(game, level, seed=row["agent_seed"]) if kind == "ai"
             else make_agent(kind, game, level, seed=row["agent_seed"]))
    assert game.format_move(agent.choose(game.view(state, seat))) == row["move"]
