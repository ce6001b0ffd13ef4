"""A seat's chance to win from its own view, for the review's graph and the hints.

How: the view's hidden cards are dealt out many times (``game.determinize``, so only what
the seat may know is used) and each deal is played to the end by the game's playout
policy (the heuristic's quick ``rollout_move``, the same one the searches use), for all
seats; the share of playouts the seat wins (ties shared) is the estimate. When the view
already determines the game (``ai/endgame``) and the exact search finishes, the answer is
exact instead: 1, 0.5 or 0 under best play.

Why the playout policy and not the level's own agent: a hard agent spends a second a move,
so a game played out by it costs minutes; the quick policy costs milliseconds and the
calibration script (``python -m tools.ai.calibrate``) measures how well its shares match what
agents of the level really do. ``level`` sets the budget (more playouts for stronger
levels, whose games are less noisy to predict) and is checked like every level name.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ai.agents import rollout_policy
from ai.levels import check_level
from game.rules import AnyGame

# Playouts per estimate by level: a fixed count, so an estimate (and the calibration
# measured for it) does not depend on how busy the machine is; SECONDS is only a safety
# cap for the client (an idle machine finishes the count well inside it; calibration runs
# pass ``seconds=math.inf``).
PLAYOUTS: dict[str, int] = {"easy": 48, "normal": 96, "hard": 160, "expert": 320}
SECONDS = 1.0
# The playouts are quicker and wilder than agents' play, so their raw shares may misjudge
# how decided a position is. Each game's raw share r (clipped to [CLIP, 1 - CLIP]: a share
# of 0 or 1 from a finite count is not a certainty) may go through a logistic map on the
# log-odds scale whose slope may change with how far the game has gone (t = ``progress``):
# p = 1 / (1 + exp(-(a + b x + c t + d x t))), x = logit(r). (a, b, c, d) per game;
# (0, 1, 0, 0) is the raw share itself. b < 1 pulls toward the middle, a moves the curve.
CALIBRATION: dict[str, tuple[float, float, float, float]] = {
    "cesta": (-0.089, 0.621, 0.0, 0.0),
    "royal_road": (-0.468, 0.343, -0.925, 0.329),
    "cut_the_rope": (0.0, 1.0, 0.0, 0.0),
}
# Each map was chosen by held-out Brier score on games between the ladder's hard seats
# (``python -m tools.ai.calibrate``; docs/ai.md, "Win chance"): Cut the Rope's raw share
# beat every map; Královská cesta's playout shares say little about races until late,
# hence its progress term.
CLIP = 0.02
# A playout longer than this is cut and scored by the heuristic's evaluation (none of the
# three games comes near it in ordinary play).
MAX_PLIES = 3000


def win_chance(game: AnyGame, view: Any, seat: int, level: str = "hard", *,
               seed: int = 0, playouts: int | None = None,
               seconds: float | None = None, calibrated: bool = True) -> float:
    """``seat``'s chance to win, 0..1, estimated from ``game.view(state, seat)`` only; the
    same seed gives the same estimate (time cap aside). ``calibrated=False`` gives the raw
    playout share (what the calibration map is fitted on)."""
    check_level(level)
    if game.is_over(view):
        winners = game.result(view).winners
        return 1.0 / len(winners) if seat in winners else 0.0
    exact = _exact(game, view, seat)
    if exact is not None:
        return exact
    budget = playouts if playouts is not None else PLAYOUTS[level]
    deadline = time.perf_counter() + (SECONDS if seconds is None else seconds)
    policy = rollout_policy(game)
    rng = random.Random(seed)
    players = game.players(view)
    total = 0.0
    done = 0
    while done < budget:
        state = game.determinize(view, seat, rng)
        total += _playout(game, state, seat, policy, rng, players)
        done += 1
        if time.perf_counter() > deadline:
            break
    share = total / done
    return calibrate(game.name, share, progress(game, view)) if calibrated else share


def move_chances(game: AnyGame, view: Any, seat: int, moves: list[Any],
                 level: str = "normal", *, seed: int = 0, playouts: int | None = None,
                 seconds: float | None = None) -> list[float]:
    """``seat``'s chance to win after each of ``moves`` (the seat's own, in ``view``), from
    its view only. Every move is played in the same deals and played out with the same
    playout seeds (paired), so the differences between the moves are not deal luck: the
    review measures what a choice cost against the expert's. Exact (1, 0.5, 0 under best
    play) when the view determines the game and every line is solved in time."""
    check_level(level)
    exact = _exact_after(game, view, seat, moves)
    if exact is not None:
        return exact
    budget = playouts if playouts is not None else PLAYOUTS[level]
    deadline = time.perf_counter() + (SECONDS if seconds is None else seconds) * len(moves)
    policy = rollout_policy(game)
    rng = random.Random(seed)
    players = game.players(view)
    totals = [0.0] * len(moves)
    done = 0
    while done < budget:
        world = game.determinize(view, seat, rng)
        playout_seed = rng.getrandbits(32)
        for index, move in enumerate(moves):
            after = game.apply(world, move)[0]
            totals[index] += _playout(game, after, seat, policy, random.Random(playout_seed),
                                      players)
        done += 1
        if time.perf_counter() > deadline:
            break
    stage = progress(game, view)
    return [calibrate(game.name, total / done, stage) for total in totals]


def _exact_after(game: AnyGame, view: Any, seat: int, moves: list[Any]) -> list[float] | None:
    """The exact value for ``seat`` after each move, when the view determines the game and
    every position after is solved (else None: the caller samples them all alike)."""
    from ai.endgame import determined_state, solve

    state = determined_state(game, view, seat)
    if state is None:
        return None
    values = []
    for move in moves:
        after = game.apply(state, move)[0]
        if game.is_over(after):
            winners = game.result(after).winners
            values.append(1.0 / len(winners) if seat in winners else 0.0)
            continue
        solution = solve(game, after)
        if solution is None:
            return None
        mover = game.current_player(after)
        values.append(solution.value if mover == seat else 1.0 - solution.value)
    return values


def calibrate(game_name: str, share: float, progress: float = 0.0) -> float:
    """A raw playout share mapped to a calibrated chance (see CALIBRATION); ``progress``
    (0 at the deal .. 1 near the end, see ``progress``) for the maps that use it."""
    fit = CALIBRATION.get(game_name)
    if fit is None:
        return share
    a, b, c, d = fit
    x = logit(share)
    return sigmoid(a + b * x + c * progress + d * x * progress)


def progress(game: AnyGame, view: Any) -> float:
    """How far the game has gone, 0..1, from what every seat sees: Cesta, the share of
    the event cards (deck, hands, milestones) already on milestones; Královská cesta, the
    pyramids' mean way along the track; Cut the Rope, how far the shortest personal pile
    has shrunk. Late positions are more decided than early ones with the same playout
    share, which the map may account for."""
    data = game.to_dict(view)
    if game.name == "cesta":
        placed = sum(len(side["events"]) for m in data["milestones"] for side in m["sides"])
        held = sum(len(hand) for hand in data["hands"])
        return float(placed / max(1, placed + held + len(data["event_deck"])))
    if game.name == "royal_road":
        goal = len(data["track"]) - 1
        return float(sum(min(q, goal) for q in data["pyramids"].values()) / (15 * max(1, goal)))
    if game.name == "cut_the_rope":
        start = int(data["rules"]["pile_sizes"][str(data["players"])])
        return 1.0 - min(len(pile) for pile in data["piles"]) / max(1, start)
    return 0.0


def sigmoid(z: float) -> float:
    """1 / (1 + e^-z), safe for any z (a fit on a few separable points can run far)."""
    z = max(-50.0, min(50.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def logit(share: float) -> float:
    """Log-odds of a share clipped to [CLIP, 1 - CLIP]."""
    share = min(1.0 - CLIP, max(CLIP, share))
    return math.log(share / (1.0 - share))


def _playout(game: AnyGame, state: Any, seat: int, policy: Any, rng: random.Random,
             players: int) -> float:
    """Play ``state`` out with the playout policy; the seat's share of the result."""
    apply = game.apply
    plies = 0
    while not game.is_over(state) and plies < MAX_PLIES:
        state = apply(state, policy(game, state, rng))[0]
        plies += 1
    if not game.is_over(state):
        from ai.agents import evaluation

        evaluate = evaluation(game)
        return evaluate(game, state, seat) if evaluate is not None else 1.0 / players
    winners = game.result(state).winners
    if not winners:
        return 1.0 / players
    return 1.0 / len(winners) if seat in winners else 0.0


def _exact(game: AnyGame, view: Any, seat: int) -> float | None:
    """The exact value for ``seat`` when the view determines a two-player game and the
    endgame search finishes in its time cap."""
    from ai.endgame import determined_state, solve

    state = determined_state(game, view, seat)
    if state is None:
        return None
    solution = solve(game, state)
    if solution is None:
        return None
    mover = game.current_player(state)
    return solution.value if mover == seat else 1.0 - solution.value
