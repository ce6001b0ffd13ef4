"""The Královská cesta belief's read-out: a probability per pair of
cards that sums to one, and the measuring command."""

from __future__ import annotations

import itertools
import math

import pytest

from ai.royal_road.belief import RoyalRoadBelief, _visible_complement
from game.rules import get_game
from tools.ai.bluff import main, reads


def test_pair_probabilities_sum_to_one_and_start_uniform() -> None:
    game = get_game("royal_road")
    state = game.new_game(3, 2)
    while game.step(state) == "keep":
        state = game.apply(state, game.legal_moves(state)[0])[0]
    view = game.view(state, 0)
    belief = RoyalRoadBelief(game, 1)
    belief.observe(view, 0)
    hidden = _visible_complement(game, game.to_dict(view), 0)
    total = sum(belief.pair_probability(view, 0, 1, (a, b))
                for a, b in itertools.combinations(hidden, 2))
    assert total == pytest.approx(1.0)
    a, b = hidden[:2]
    # nothing seen yet: every pair is the uniform guess
    assert belief.pair_probability(view, 0, 1, (a, b)) == pytest.approx(
        1.0 / math.comb(len(hidden), 2))
    assert belief.pair_probability(view, 0, 1, (a, a)) == 0.0


def test_reads_after_ten_moves_beat_a_uniform_guess_on_average() -> None:
    found = reads(4, seed=3)
    assert found
    assert all(0.0 <= p <= 1.0 and 0.0 < u < 1.0 for p, u in found)
    assert sum(p for p, _ in found) > 2 * sum(u for _, u in found)


def test_bluff_command_prints_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seed", "4"]) == 0
    assert "ratio to uniform" in capsys.readouterr().out
    assert main(["--games", "0"]) == 2
