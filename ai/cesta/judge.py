"""The judge Cesta's rollout search (``ai/cesta/rollouts.py``) scores positions with:
the heuristic's own judgement of both seats.

Why: a quick count of completions knows far less than the heuristic's ``Table.value``
(sampled opponent completions, path-end and win-threat weights, the RUST/TIME threat);
a search judged by it gained almost nothing over the heuristic. Here a position is scored
by ``Table.value`` for both seats, each from what that seat would know (its own hand and
the unseen cards), and the reward is the difference, through a sigmoid.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai.cesta.heuristic import Table
from game.rules.cesta.engine import Game as CestaGame
from game.rules.cesta.state import CestaState as State

# Reward slope: a difference of one weighted milestone between the seats' judged chances
# is worth about 0.69 of the reward range's half (sigmoid(0.8) - 0.5 = 0.19 per unit).
SLOPE = 0.8
def judged_value(game: CestaGame, state: State, seat: int,
                 rng: random.Random | None = None) -> float:
    """``seat``'s reward in [0, 1]: the heuristic's judgement for it minus the opponent's.

    ``Table`` only reads the seat's own hand, the table and the *count* of the other
    hand's action cards (public: which deck a player draws from is seen), so building it
    on a determinized state uses nothing that seat could not know.
    """
    g: Any = game
    if g.is_over(state):
        winners = g.result(state).winners
        return 0.5 if not winners else (1.0 if seat in winners else 0.0)
    sampler = rng or _JUDGE_RNG
    values = [0.0, 0.0]
    for side in (0, 1):
        table = QuickTable(g, state, side)
        table.prepare(sampler)
        values[side] = table.value(table.ev, table.act, table.hand_mask)
    return 1.0 / (1.0 + math.exp(-SLOPE * (values[seat] - values[1 - seat])))


# Opponent completions sampled per open milestone at each leaf (the heuristic takes 14 for
# one decision; a search averages thousands of leaves, so a few each are enough and leave
# room for more iterations: 6 samples run about 3,200 iterations per CPU second).
JUDGE_SAMPLES = 6


class QuickTable(Table):
    """``Table`` with a faster draw of the opponent's possible completions (the same
    distribution: ``need`` distinct unseen cards, uniformly), as the judge runs thousands
    of times a move and ``random.sample`` was three quarters of its cost."""

    def prepare(self, rng: random.Random) -> None:
        game = self.game
        pool = self.unseen_list
        size = len(pool)
        keys = game.keys
        draw = rng.random
        other = self.other
        self._beaten.clear()  # new samples, new shares
        samples: list[list[Any] | None] = []
        for m in range(game.milestones):
            if self.owner[m] is not None:
                samples.append([])
                continue
            theirs = self.ev[2 * m + other]
            have = 0
            for card in theirs:
                have |= 1 << card
            need = 3 - len(theirs)
            if need == 0:
                samples.append([keys[have]])
                continue
            if size < need:
                samples.append(None)
                continue
            found = []
            for _ in range(JUDGE_SAMPLES):
                best = None
                best_rank = None
                for _try in range(2):  # the opponent chooses its cards too
                    mask = have
                    got = 0
                    while got < need:
                        bit = 1 << pool[int(draw() * size)]
                        if not mask & bit:
                            mask |= bit
                            got += 1
                    key = keys[mask]
                    rank = (-key.position, key.total, key.heart)
                    if best_rank is None or rank > best_rank:
                        best, best_rank = key, rank
                found.append(best)
            samples.append(found)
        self.opp_samples = samples


# Share of a play's budget spent on choosing a deck to draw from.
DRAW_SHARE = 0.3
# The judge's own samples of opponent completions; seeded so searches repeat exactly.
_JUDGE_RNG = random.Random(0x5EED)
