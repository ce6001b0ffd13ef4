"""A Cut the Rope player a good human would recognise.

Strategy, in the order a player thinks about it:
1. **Chain to the pile.** Search every sequence of builds available this turn (hand cards,
   auxiliary-row tops, scissors) and prefer the one that plays the personal-pile card —
   emptying the pile wins, so pile cards outweigh everything else. After a pile card is
   played the next one is unknown until it turns up: the search goes on without it (the
   pile card is tried first, so among equal lines the one that plays it first wins, and the
   agent plans again with the newly turned card on its next call).
2. **Do not feed the next player.** Every line of play is scored by what it leaves on the
   table: a main row that now needs the next player's open pile card (or a free slot for
   their 1 or 10) is a gift, so such lines are avoided when another line is as good.
3. **Cycle cards cheaply, keep the scissors.** Building hand and auxiliary cards that hurt
   nobody is mildly good (fresh cards next turn, auxiliary rows unblocked); scissors are
   spent only where they bring the pile card closer.
4. **End with order.** The end card goes where the auxiliary rows stay unloadable in
   sequence (on a card one higher or one lower), never a scissors if another card will do.

Only the view is used (own hand, every open card), so the choice never depends on hidden
cards. ``evaluate`` and ``rollout_move`` are the cheap pieces ISMCTS uses.
"""

from __future__ import annotations

import math
import random

from ai.agents import seat_to_move
from ai.cut_the_rope.lines import SCISSORS, action_text, best_line, row_codes
from game.rules.cut_the_rope.engine import Game as CutTheRopeGame
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State

FEED = (40.0, 14.0, 6.0)  # next player can play their pile card / the one after / later


class HeuristicAgent:
    """Plans the whole turn's chain of builds on every call and plays its first step."""

    def __init__(self, game: CutTheRopeGame, seed: int = 0, mistakes: float = 0.0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.length: int = game.rules["row_length"]

    def choose(self, view: State) -> Move:
        game = self.game
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if self.mistakes and self.rng.random() < self.mistakes:
            return moves[self.rng.randrange(len(moves))]
        by_text = {game.format_move(m): m for m in moves}
        seat = seat_to_move(self.game, view)
        plan = self._best_line(view, seat)
        if plan is not None and plan in by_text:
            return by_text[plan]
        return by_text[self._end_move(view, seat)]

    # --------------------------------------------------------------------- the build search

    def _best_line(self, view: State, seat: int) -> str | None:
        """The first build of the best line this turn, or None to end the turn now (the
        search itself is ``cut_the_rope_lines.best_line``)."""
        length = self.length
        pile = view.piles[seat]
        line, _ = best_line(row_codes(view.rows, length), list(view.hands[seat][:-1]),
                            [list(r) for r in view.aux[seat]], pile[-1], len(pile),
                            self._threats(view, seat), length,
                            self.game.rules["refill_when_empty"])
        return action_text(line[0]) if line else None

    def _threats(self, view: State, seat: int) -> list[tuple[float, int, tuple[int, ...]]]:
        """Per other seat in turn order: (weight, open pile card, its aux tops)."""
        out = []
        players = view.players
        for d in range(1, players):
            other = (seat + d) % players
            pile = view.piles[other]
            if not pile:
                continue
            weight = FEED[min(d - 1, len(FEED) - 1)]
            tops = tuple(row[-1] for row in view.aux[other])
            out.append((weight, pile[-1], tops))
        return out

    # ------------------------------------------------------------------------ the end card

    def _end_move(self, view: State, seat: int) -> str:
        """Where the end card goes: keep aux rows unloadable in sequence, keep scissors."""
        hand = view.hands[seat]
        if not any(hand[:-1]):
            return "end"
        aux = view.aux[seat]
        room = len(aux) < self.game.rules["aux_rows"]
        length = self.length
        pile = view.piles[seat]
        top = pile[-1] if pile else -1
        needs = [len(r[0]) + 1 if r[1] else length - len(r[0])
                 for r in view.rows if r is not None]
        best, best_score = "", -math.inf
        for card in range(length + 1):
            if not hand[card]:
                continue
            code = "S" if card == SCISSORS else str(card)
            base = 0.0
            if card == SCISSORS:
                base -= 60.0
            if hand[card] > 1:
                base += 3.0  # a duplicate is the cheapest card to put down
            if card == top:
                base -= 2.0  # a copy of the pile card can follow it later
            if card in needs:
                base -= 4.0  # playable soon: rather keep it at hand
            options = []
            for k, row in enumerate(aux, 1):
                under = row[-1]
                if under == SCISSORS:
                    value = -12.0  # never bury a scissors
                elif under in (card + 1, card - 1):
                    value = 10.0   # unloads in sequence
                elif under == card:
                    value = 6.0
                else:
                    value = -4.0 - 0.5 * abs(under - card)
                options.append((value, f"end hand:{code} aux:{k}"))
            if room:
                options.append((7.0 - 3.0 * len(aux), f"end hand:{code} aux:new"))
            for value, text in options:
                if base + value > best_score:
                    best, best_score = text, base + value
        return best


def evaluate(game: CutTheRopeGame, state: State, seat: int) -> float:
    """Winning chances as a softmax over each seat's *effective* cards left: the personal
    pile, less most of a card when its open card fits a main row right now, less a little
    for every scissors in hand (a wild card is a pile card waiting to happen)."""
    if state.winners:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    rules = game.rules
    length = rules["row_length"]
    k = 6.0 / rules["pile_sizes"][str(state.players)]
    needs = set()
    free = False
    for row in state.rows:
        if row is None:
            free = True
        else:
            needs.add(len(row[0]) + 1 if row[1] else length - len(row[0]))
    if free:
        needs.update((1, length))
    weights = []
    for pile, hand in zip(state.piles, state.hands, strict=True):
        left: float = len(pile)
        top = pile[-1]
        if top == SCISSORS or top in needs:
            left -= 0.7
        left -= 0.25 * hand[SCISSORS]
        weights.append(math.exp(-k * left))
    return weights[seat] / sum(weights)


def rollout_move(game: CutTheRopeGame, state: State, rng: random.Random) -> Move:
    """Cheap playout policy with the heuristic's instincts: play a pile build at once; else a
    build after which the pile card fits; else mostly a random build that uses no scissors
    and leaves the next player's open card unplayable; end with a non-scissors card, onto
    an aux row it continues in sequence when there is one."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    seat = seat_to_move(game, state)
    length = game.rules["row_length"]
    rows = state.rows
    top = state.piles[seat][-1]
    nxt = state.piles[(seat + 1) % state.players]
    their = nxt[-1] if nxt else -2
    aux = state.aux[seat]
    builds = []
    ends = []
    for move in moves:
        if move.kind == "build":
            if move.source == "pile":
                return move
            if move.target:
                row = rows[move.target - 1]
                assert row is not None  # a legal build onto a row has that row
                after = len(row[0]) + 1
                need = after + 1 if row[1] else length - after
                if after == length:
                    need = -1  # the row completes and its slot frees
                if top == need:
                    return move
                if move.card != "S" and need != their:
                    builds.append(move)
            elif move.card != "S" and not (move.source == "hand" and move.dir == "up"
                                           and their == 2):
                builds.append(move)
        elif move.card != "S":
            ends.append(move)
    if builds and (not ends or rng.random() < 0.6):
        return builds[rng.randrange(len(builds))]
    if not ends:
        ends = [m for m in moves if m.kind == "end"]
        return ends[rng.randrange(len(ends))]
    fitting = []
    for move in ends:
        if move.target:
            under = aux[move.target - 1][-1]
            card = int(move.card)
            if under in (card - 1, card + 1):
                fitting.append(move)
    if fitting and rng.random() < 0.8:
        return fitting[rng.randrange(len(fitting))]
    return ends[rng.randrange(len(ends))]
