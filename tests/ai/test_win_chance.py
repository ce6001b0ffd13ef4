"""ai.win_chance: a 0..1 chance from the seat's view only, exact when the
endgame is determined, and the calibration script's table and Brier score."""

from __future__ import annotations

import gzip
import math
import random
from typing import Any

import pytest

import ai
from ai.endgame import solve
from game.rules import get_game
from tests.ai.test_endgame import CESTA_ONE_WIN, late_cesta
from tools.ai.calibrate import Sample, brier, main, table


def test_finished_game_gives_certainties() -> None:
    game = get_game("cesta")
    state = late_cesta(1)
    assert state is not None
    rng = random.Random(0)
    while not game.is_over(state):
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])[0]
    winners = game.result(state).winners
    for seat in (0, 1):
        expected = (1.0 / len(winners) if seat in winners else 0.0) if winners else 0.0
        assert ai.win_chance(game, game.view(state, seat), seat) == expected


def test_determined_endgame_is_exact_for_both_seats() -> None:
    game = get_game("cesta")
    state = game.from_dict(CESTA_ONE_WIN)
    assert ai.win_chance(game, game.view(state, 1), 1) == 1.0
    assert ai.win_chance(game, game.view(state, 0), 0) == 0.0
    solution = solve(game, late_cesta(9))
    assert solution is not None


def test_estimate_uses_only_the_view_and_repeats_with_its_seed() -> None:
    game = get_game("royal_road")
    state = game.new_game(3, 4)
    rng = random.Random(4)
    for _ in range(30):
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])[0]
    view = game.view(state, 1)
    first = ai.win_chance(game, view, 1, "easy", seed=5)
    assert 0.0 <= first <= 1.0
    assert ai.win_chance(game, view, 1, "easy", seed=5) == first
    # another deal of what seat 1 cannot see gives the same view, so the same estimate
    other = game.determinize(view, 1, random.Random(99))
    assert ai.win_chance(game, game.view(other, 1), 1, "easy", seed=5) == first


def test_a_clear_lead_is_seen() -> None:
    # Cut the Rope: seat 0 can empty its pile this turn, seat 1 has twenty cards to go
    from tests.ai.test_endgame import rope_position

    game = get_game("cut_the_rope")
    state = game.from_dict(rope_position(
        [["9", "2"], ["10"] * 8 + ["5"] * 6 + ["7"] * 6],
        [["5", "6", "8", "2", "3", "3"], ["1", "1", "4", "4", "10", "10"]],
        [(["1", "2", "3", "4"], True), None, None], [[["7"]], []], draw=["4"] * 10))
    # the playouts see it (raw shares); the calibrated chance, fitted on games between hard
    # agents where such leads were lost now and then, still says it clearly
    assert ai.win_chance(game, game.view(state, 0), 0, "easy", playouts=40,
                         calibrated=False) > 0.8
    assert ai.win_chance(game, game.view(state, 1), 1, "easy", playouts=40,
                         calibrated=False) < 0.2
    assert ai.win_chance(game, game.view(state, 0), 0, "easy", playouts=40) > 0.75
    assert ai.win_chance(game, game.view(state, 1), 1, "easy", playouts=40) < 0.25


def test_unknown_level_is_refused() -> None:
    game = get_game("cesta")
    state = game.new_game(2, 1)
    with pytest.raises(ValueError, match="level"):
        ai.win_chance(game, game.view(state, 0), 0, "godlike")


def test_calibration_table_and_brier() -> None:
    samples = [Sample(0, 1, 0, 0.05, 0.0), Sample(0, 2, 1, 0.95, 1.0),
               Sample(1, 1, 0, 0.95, 0.0), Sample(1, 3, 1, 1.0, 1.0)]
    rows = table(samples)
    assert [r.count for r in rows] == [1, 0, 0, 0, 0, 0, 0, 0, 0, 3]
    assert rows[9].observed == pytest.approx(2 / 3)
    assert rows[9].mean_estimate == pytest.approx((0.95 + 0.95 + 1.0) / 3)
    own, flat = brier(samples, 2)
    assert own == pytest.approx((0.05 ** 2 + 0.05 ** 2 + 0.95 ** 2 + 0) / 4)
    assert flat == 0.25


def test_calibrate_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "cesta", "--positions", "3", "--level", "easy",
                 "--per-game", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "0.0-0.1" in out and "0.9-1.0" in out and "Brier" in out and "always 1/2" in out
    assert main(["--game", "cesta", "--positions", "0"]) == 2


def test_logistic_fit_recovers_a_known_map() -> None:
    # outcomes drawn from p = sigmoid(0.3 + 0.5 * logit(raw)): the fit finds (0.3, 0.5)
    from ai.chances import logit
    from tools.ai.calibrate import fit_logistic

    rng = random.Random(3)
    samples = []
    for i in range(4000):
        raw = rng.uniform(0.03, 0.97)
        p = 1.0 / (1.0 + math.exp(-(0.3 + 0.5 * logit(raw))))
        samples.append(Sample(i, 0, 0, raw, 1.0 if rng.random() < p else 0.0))
    a, b = fit_logistic(samples)
    assert a == pytest.approx(0.3, abs=0.1)
    assert b == pytest.approx(0.5, abs=0.1)


def test_calibration_map_is_monotone_and_raw_shares_are_available() -> None:
    from ai.chances import CALIBRATION, calibrate

    for name in CALIBRATION:
        values = [calibrate(name, r / 20) for r in range(21)]
        assert all(0.0 < v < 1.0 for v in values)
        assert values == sorted(values)
    game = get_game("cesta")
    state = game.new_game(2, 3)
    view = game.view(state, 0)
    raw = ai.win_chance(game, view, 0, "easy", seed=1, calibrated=False)
    from ai.chances import progress

    assert ai.win_chance(game, view, 0, "easy", seed=1) == pytest.approx(
        calibrate("cesta", raw, progress(game, view)))


def test_recorded_games_are_estimated_and_fitted(tmp_path: Any,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    assert main(["--game", "cesta", "--level", "easy", "--per-game", "4", "--seed", "3",
                 "--record", str(path), "--games", "2"]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert main(["--game", "cesta", "--level", "easy", "--records", str(path), "--fit"]) == 0
    out = capsys.readouterr().out
    assert "fitted on 8 positions from 2 games" in out and "Brier" in out
    assert main(["--game", "royal_road", "--records", str(path)]) == 2  # none of that game
    packed = tmp_path / "games.jsonl.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    assert main(["--game", "cesta", "--level", "easy", "--records", str(packed), "--fit",
                 "--progress"]) == 0
    out = capsys.readouterr().out
    assert "fitted on 8 positions from 2 games" in out and out.count(",") >= 3


def test_progress_fit_recovers_a_map_whose_slope_grows_with_the_game() -> None:
    # outcomes drawn from p = sigmoid(0.2 + 0.4 x + 0.3 t + 1.2 x t): the fit finds them
    from ai.chances import logit
    from tools.ai.calibrate import fit_progress

    rng = random.Random(5)
    samples = []
    for i in range(6000):
        raw, t = rng.uniform(0.03, 0.97), rng.random()
        x = logit(raw)
        p = 1.0 / (1.0 + math.exp(-(0.2 + 0.4 * x + 0.3 * t + 1.2 * x * t)))
        samples.append(Sample(i, 0, 0, raw, 1.0 if rng.random() < p else 0.0, t))
    a, b, c, d = fit_progress(samples)
    assert (a, b, c, d) == pytest.approx((0.2, 0.4, 0.3, 1.2), abs=0.25)


@pytest.mark.parametrize("name", ["cesta", "royal_road", "cut_the_rope"])
def test_progress_runs_from_the_deal_towards_the_end(name: str) -> None:
    from ai.agents import rollout_policy
    from ai.chances import progress

    game = get_game(name)
    players = 3 if name == "royal_road" else 2
    state = game.new_game(players, 4)
    first = progress(game, game.view(state, 0))
    policy, rng = rollout_policy(game), random.Random(4)
    seen = [first]
    while not game.is_over(state) and len(seen) < 3000:
        state = game.apply(state, policy(game, state, rng))[0]
        if not game.is_over(state):
            seen.append(progress(game, game.view(state, 1)))
    assert first == pytest.approx(0.0, abs=0.05)
    assert all(0.0 <= t <= 1.0 for t in seen)
    assert max(seen) > first + 0.3


def test_noise_floor_is_what_a_perfect_estimator_would_score() -> None:
    from math import comb

    from tools.ai.calibrate import noise_floor

    # certain estimates are always met; 20 positions at 0.5 from 20 games land within
    # 5 points when 9-11 of them win (binomial), but from one game they all share one
    # outcome (0 or 20 wins) and never do
    sure = [Sample(g, 1, 0, 1.0, 1.0) for g in range(5)]
    assert noise_floor(sure, trials=50).all_per_game == 1.0
    spread = [Sample(g, 1, 0, 0.5, 0.0) for g in range(20)]
    floor = noise_floor(spread, trials=4000, seed=3)
    exact = sum(comb(20, k) for k in (9, 10, 11)) / 2 ** 20
    assert floor.within_independent[0] == pytest.approx(exact, abs=0.03)
    assert floor.within_per_game[0] == pytest.approx(exact, abs=0.03)  # a game a position
    one_game = [Sample(0, ply, 0, 0.5, 0.0) for ply in range(20)]
    assert noise_floor(one_game, trials=200).within_per_game == (0.0,)
    assert noise_floor(one_game, trials=4000, seed=3).within_independent[0] == \
        pytest.approx(exact, abs=0.03)


def test_isotonic_fit_is_a_monotone_table_of_big_enough_blocks() -> None:
    from tools.ai.calibrate import fit_isotonic, from_knots, mapped_knots

    rng = random.Random(5)
    # the truth: a share below 0.3 wins 10 %, 0.3-0.7 a third of the time, above 0.7 80 %
    samples = []
    for i in range(3000):
        share = rng.random()
        truth = 0.1 if share < 0.3 else (1 / 3 if share < 0.7 else 0.8)
        samples.append(Sample(i // 50, i, 0, share, float(rng.random() < truth)))
    knots = fit_isotonic(samples, min_positions=100)
    assert all(x0 < x1 and y0 < y1 for (x0, y0), (x1, y1) in zip(knots, knots[1:], strict=False))
    assert len(knots) >= 3
    ours = mapped_knots(samples, knots)
    for share, truth in ((0.15, 0.1), (0.5, 1 / 3), (0.85, 0.8)):
        assert from_knots(knots, share) == pytest.approx(truth, abs=0.08)
    assert brier(ours, 2)[0] < brier(samples, 2)[0]  # better than the raw share
    # linear between knots, flat beyond the end knots
    table = ((0.2, 0.1), (0.8, 0.6))
    assert from_knots(table, 0.5) == pytest.approx(0.35)
    assert from_knots(table, 0.0) == 0.1 and from_knots(table, 1.0) == 0.6


def test_move_chances_are_paired_and_exact_once_the_view_determines_the_game():
    from ai import move_chances
    from game.rules import get_game
    from tests.ai.test_endgame import CESTA_ONE_WIN

    game = get_game("cesta", CESTA_ONE_WIN["rules"])
    state = game.from_dict(CESTA_ONE_WIN)
    view = game.view(state, 1)
    by_name = {game.format_move(m): m for m in game.legal_moves(view)}
    win, other = move_chances(game, view, 1, [by_name["play YO 1"], by_name["play DEED 1"]])
    assert win == 1.0 and other < 1.0
    # sampled: the same deals for every move, so one move twice is judged the same
    opening = get_game("cesta").new_game(2, 4)
    seat = opening.to_move
    view = get_game("cesta").view(opening, seat)
    move = get_game("cesta").legal_moves(view)[0]
    first, again = move_chances(get_game("cesta"), view, seat, [move, move], playouts=6)
    assert first == again and 0.0 <= first <= 1.0
