"""The plain-reference speed comparison (``python -m tools.ai.bench_reference``)."""

from __future__ import annotations

import json

import pytest

from ai import bench
from game.rules import get_game
from tests.support.ai_support import default_engine
from tools.ai import bench_reference


@pytest.mark.parametrize("name", ["cesta", "royal_road", "cut_the_rope"])
def test_reference_comparison_replays_the_same_games(name):
    """The reference replays exactly the engine's games, ending with the same winners, so
    both sides of the comparison do the same work."""
    default_engine(name)
    game = get_game(name)
    traces = bench_reference.record(game, bench.BENCH_PLAYERS[name], range(3, 5))
    module = bench_reference.load_reference(name)
    assert module is not None
    for trace in traces:
        assert trace.moves and len(trace.moves) == len(trace.after)
        assert trace.after[-1]["winners"]
    replay = bench_reference.reference_stepper(name, module)
    for trace in traces:
        assert list(replay(trace)["winners"]) == list(trace.after[-1]["winners"])




def test_reference_command_prints_the_ratio(capsys):
    default_engine("cesta")
    assert bench_reference.main(["--game", "cesta", "--games", "2", "--rounds", "1"]) == 0
    figures = json.loads(capsys.readouterr().out)["cesta"]
    assert figures["engine_games_per_cpu_s"] > 0
    assert figures["reference_games_per_cpu_s"] > 0
    assert figures["ratio"] > 0 and len(figures["ratios"]) == 1
