"""The expert's royal_road belief: it learns goals from moves and samples consistent states."""

from __future__ import annotations

import random

import pytest

from ai.royal_road.belief import RoyalRoadBelief
from tests.support.ai_support import default_engine


def goal_directed(game, state, rng):
    """A transparent opponent: always moves a pyramid of its own kept cards when it can."""
    moves = game.legal_moves(state)
    seat = game.current_player(state)
    mine = {p for card in game.to_dict(state)["kept"][seat] for p in card.split("-")}
    own = [m for m in moves if game.format_move(m).split()[0] == "move"
           and game.format_move(m).split()[1] in mine]
    if own:
        return own[rng.randrange(len(own))]
    noswap = [m for m in moves if game.format_move(m) == "noswap"]
    return noswap[0] if noswap else moves[rng.randrange(len(moves))]


@pytest.mark.parametrize("fresh_each_call", [False, True])
def test_belief_ranks_true_goals_above_average_and_samples_consistent_states(fresh_each_call):
    """``fresh_each_call``: the client builds a new agent per request; memory must survive."""
    game = default_engine("royal_road")
    observer = 0
    better = total = 0
    for seed in range(1, 7):
        rng = random.Random(seed)
        state = game.new_game(3, seed)
        belief = RoyalRoadBelief(game, seed)
        calls = 0
        while not game.is_over(state) and calls < 25:
            seat = game.current_player(state)
            if seat == observer:
                if fresh_each_call:
                    belief = RoyalRoadBelief(game, seed)
                view = game.view(state, seat)
                belief.observe(view, seat)
                move = goal_directed(game, state, rng)
                belief.after_choice(view, seat, move)
                if game.to_dict(view)["step"] != "keep":
                    calls += 1
            else:
                move = goal_directed(game, state, rng)
            state = game.apply(state, move)[0]
        if game.is_over(state):
            continue
        data = game.to_dict(state)
        view = game.view(state, observer)
        for other in (1, 2):
            hidden = [c for c in game.rules["deck"] if c not in data["track"]
                      and c not in data["kept"][observer]
                      and c not in data["discarded"][observer]]
            weights = dict(zip(hidden, belief.weights(other, hidden), strict=True))
            mean = sum(weights.values()) / len(weights)
            for card in data["kept"][other]:
                total += 1
                better += weights[card] > mean
        want = game.to_dict(view)
        samples = [belief.sample(view, observer, random.Random(k)) for k in range(5)]
        for sample in samples:
            assert game.to_dict(game.view(sample, observer)) == want
        assert len({str(game.to_dict(s)["kept"]) for s in samples}) > 1
    assert total >= 12
    assert better / total >= 0.7, (better, total)


class _NoHistory:
    """The royal_road engine as if its views had no public move record (older saves)."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)

    def to_dict(self, state):
        data = self._game.to_dict(state)
        data.pop("history", None)
        return data


def test_belief_without_history_learns_from_view_differences():
    game = default_engine("royal_road")
    wrapped = _NoHistory(game)
    better = total = 0
    for seed in range(1, 5):
        rng = random.Random(seed)
        state = game.new_game(2, seed)
        belief = RoyalRoadBelief(wrapped, seed)
        calls = 0
        while not game.is_over(state) and calls < 30:
            seat = game.current_player(state)
            move = goal_directed(game, state, rng)
            if seat == 0:
                view = game.view(state, 0)
                belief.observe(view, 0)
                belief.after_choice(view, 0, move)
                calls += 1
            state = game.apply(state, move)[0]
        if game.is_over(state):
            continue
        data = game.to_dict(state)
        hidden = [c for c in game.rules["deck"] if c not in data["track"]
                  and c not in data["kept"][0] and c not in data["discarded"][0]]
        weights = dict(zip(hidden, belief.weights(1, hidden), strict=True))
        mean = sum(weights.values()) / len(weights)
        for card in data["kept"][1]:
            total += 1
            better += weights[card] > mean
    assert total >= 4
    assert better / total >= 0.7, (better, total)
