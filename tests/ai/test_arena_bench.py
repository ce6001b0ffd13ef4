"""The arena and bench command lines run end to end; seat rotation and intervals are right;
a small seeded match guards the heuristics' strength against random play."""

from __future__ import annotations

import json
import random

import pytest

from ai import arena, bench
from ai.agents import building_biased_move
from game.rules import get_game
from tests.support.ai_support import default_engine


def test_wilson_interval_known_values():
    low, high = arena.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-3)
    low, high = arena.wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-3)


def test_seating_puts_every_agent_at_every_seat_equally():
    for k in (2, 3, 4):
        counts = [[0] * k for _ in range(k)]
        for index in range(3 * k):
            for seat, agent in enumerate(arena.seating(index, k)):
                counts[agent][seat] += 1
        assert all(c == 3 for row in counts for c in row)
        # one deal per rotation block
        assert len({arena.deal_seed(5, i, k) for i in range(k)}) == 1


@pytest.mark.parametrize("name,agents", [("cesta", ["random", "random"]),
                                         ("royal_road", ["random", "random", "random"]),
                                         ("cut_the_rope", ["random", "random"])])
def test_arena_cli_end_to_end(name, agents, tmp_path, capsys):
    default_engine(name)
    out = tmp_path / "arena.json"
    code = arena.main(["--game", name, "--agents", *agents, "--games", str(len(agents)),
                       "--seed", "3", "--json", str(out), "--quiet"])
    assert code == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "95 % CI" in text
    report = json.loads(out.read_text())
    assert report["games"] == len(agents)
    assert [row["spec"] for row in report["agents"]] == agents
    decided = sum(row["wins"] for row in report["agents"])
    assert decided + report["draws"] >= len(agents)
    for row in report["agents"]:
        assert row["games"] == len(agents)
        assert row["games_by_seat"] == [1] * len(agents)
        assert row["moves"] > 0 and row["max_s_per_move"] >= row["mean_s_per_move"] >= 0
    assert report["mean_length"] > 0


def test_arena_with_processes_matches_single_process():
    default_engine("cut_the_rope")
    one = arena.run_match("cut_the_rope", ["random", "random"], 4, seed=9, jobs=1)
    two = arena.run_match("cut_the_rope", ["random", "random"], 4, seed=9, jobs=2)
    assert one["records"] == two["records"]


def test_arena_rejects_bad_specs(capsys):
    default_engine("cut_the_rope")
    assert arena.main(["--game", "cut_the_rope", "--agents", "random", "wizard",
                       "--games", "2", "--quiet"]) == 2
    assert "wizard" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["cesta", "royal_road", "cut_the_rope"])
def test_bench_cli_end_to_end(name, tmp_path):
    default_engine(name)
    out = tmp_path / "bench.json"
    code = bench.main(["--game", name, "--json", str(out), "--playout-seconds", "0.05",
                       "--positions", "2", "--search-seconds", "0.05",
                       "--levels", "easy", "normal"])
    assert code == 0
    figures = json.loads(out.read_text())[name]
    assert figures["random_playouts"]["games"] >= 1
    assert figures["random_playouts"]["moves_per_s"] > 0
    assert figures["ismcts"]["opening_iterations_per_s"] > 0
    assert set(figures["levels"]) == {"easy", "normal"}
    assert all(v["median_s"] >= 0 for v in figures["levels"].values())


# A strength regression guard with a generous margin: the targets (>= 90 % two-player,
# >= 55 % in three-player royal_road) are measured with the full arena, see the README.
@pytest.mark.parametrize("name,agents,games,minimum", [
    ("cesta", ["heuristic", "random"], 12, 8),
    ("cut_the_rope", ["heuristic", "random"], 8, 6),
    ("royal_road", ["heuristic", "random", "random"], 12, 6),
])
def test_heuristic_beats_random_in_a_small_seeded_match(name, agents, games, minimum):
    default_engine(name)
    report = arena.run_match(name, agents, games, seed=2024, jobs=1)
    assert report["agents"][0]["wins"] >= minimum, report["agents"]


def test_bench_policy_chooses_as_the_building_biased_policy():
    """The bench's faster Cut the Rope policy makes exactly the agents' policy's choices."""
    default_engine("cut_the_rope")
    game = get_game("cut_the_rope")
    state = game.new_game(2, 5)
    ours, theirs = random.Random(3), random.Random(3)
    for _ in range(200):
        if game.is_over(state):
            break
        move = bench.biased_by_kind(game, state, ours)
        assert move is building_biased_move(game, state, theirs)
        state = game.apply(state, move)[0]
