"""A Cesta player a good human would recognise.

How it thinks, milestone by milestone:
1. **What can each side still reach?** For every unclaimed milestone it estimates the chance
   of winning it. Its own side is completed with the best cards of its hand (strongest
   category first, as the proof search does; the hand is shared out, sides nearest
   completion and heavier milestones first) - or, when unseen cards would make a much
   better combination, with those, discounted for each card it still has to find. The
   opponent's side is completed with cards it cannot see (the opponent's hand and the
   deck), the better of two random tries because the opponent chooses too. Complete
   sides are compared exactly, with the action cards at the milestone; a side that
   already wins by proof is a sure claim next turn.
2. **Which milestones matter?** Path ends count more while holding both ends wins; a
   milestone that would complete a win (the other end held, or one short of `win_any`)
   counts about double, and so does one the opponent needs to win. (The rules give no
   other milestone a special role, so neighbours of held milestones get no extra weight.)
3. **Each card where it helps most.** Every legal play is scored by how much it raises the
   weighted chances, so a strong card goes where it completes or promises a winning
   combination and a weak one where it spoils nothing; completing a winning side earns a
   little extra because the claim comes sooner.
4. **Action cards for the moments that need them.** RUST and TIME are spent when they turn
   an open draw or a near loss into a win; DEED shields a won milestone while the opponent
   still holds action cards and has RUST or TIME left to play. Each kind is played once
   per game, so an action has to gain clearly more than a plain card to be spent.
5. **Drawing.** Without a live action card in hand (and with enough event cards), it draws
   from the action deck when most unseen action cards are of kinds it can still play;
   otherwise event cards, which build sides.

Only the view is used (own hand, the table, counts of hidden cards), with the agent's own
seeded generator, so the choice never depends on hidden cards. ``evaluate`` and
``rollout_move`` are the cheap pieces ISMCTS uses on full states.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai.agents import seat_to_move
from game.rules.cesta.cards import (
    ALL_EVENTS,
    DEED_BIT,
    RUST_BIT,
    STRENGTH,
    TIME_BIT,
    UNKNOWN_ACTION,
    cards_of,
)
from game.rules.cesta.combos import Key, best_in_category, compare, prove
from game.rules.cesta.engine import Game as CestaGame
from game.rules.cesta.moves import Draw, Move, Play
from game.rules.cesta.state import CestaState as State

SAMPLES = 14          # random completions per side estimate
ACTION_COST = 0.12    # an action card must gain this much more than keeping it
TEMPO = 0.12          # completing a winning side now: the claim comes a turn sooner
SURE = 0.97           # a milestone that will be claimed next turn for certain
DRAW_HOPE = 0.35      # chance of getting one particular unseen card in time


def _kinds(acts: tuple[int, ...]) -> int:
    kinds = 0
    for card in acts:
        kinds |= 1 << (card - 32)
    return kinds


def _mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        if 0 <= card < 32:
            mask |= 1 << card
    return mask


def best_completion(game: Any, have: int, avail: int) -> tuple[Key, int] | None:
    """The strongest combination over ``have`` using cards of ``avail`` (and the cards used)."""
    need = 3 - have.bit_count()
    if need == 0:
        return game.keys[have], 0
    if avail.bit_count() < need:
        return None
    have_sum = sum(STRENGTH[c] for c in cards_of(have))
    for position, name in enumerate(game.ranking):
        found = best_in_category(name, have, avail, need, have_sum, True)
        if found is not None:
            return Key(position, found[0], found[1]), found[2]
    return None  # pragma: no cover - a sum is always reachable


class Table:
    """What one seat knows of a position: its hand, the table and the unseen event cards."""

    def __init__(self, game: Any, state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.other = 1 - seat
        self.ev = state.ev
        self.act = state.act
        self.owner = state.owner
        self.used = state.used
        self.hand = state.hands[seat]
        self.hand_mask = _mask(self.hand)
        self.unseen = ALL_EVENTS & ~state.table & ~self.hand_mask
        self.unseen_list = cards_of(self.unseen)
        hidden = state.hands[self.other]
        self.opp_hidden_actions = sum(1 for c in hidden if c == UNKNOWN_ACTION or c >= 32)
        self.weights = self._weights()
        # value() is asked for every candidate play of a decision, and most sides and
        # completions repeat between them: both lookups are pure, so cache them per table
        self._completions: dict[tuple[int, int], tuple[Key, int] | None] = {}
        self._beaten: dict[tuple[int, Key, tuple[int, ...], tuple[int, ...]], float] = {}

    def _weights(self) -> list[float]:
        """How much each milestone matters for winning the game (path ends, win threats)."""
        game = self.game
        last = game.milestones - 1
        held = (self.owner.count(self.seat), self.owner.count(self.other))
        weights = []
        for m in range(game.milestones):
            w = 1.0
            is_end = m in (0, last)
            if game.win_ends and is_end:
                w += 0.4
                other_end = last if m == 0 else 0
                if self.owner[other_end] == self.seat:
                    w += 1.0
                elif self.owner[other_end] == self.other:
                    w += 0.7
            if held[0] == game.win_any - 1:
                w += 1.0
            if held[1] == game.win_any - 1:
                w += 0.7
            weights.append(w)
        return weights

    # --- the chances of holding the milestones --------------------------------------------

    def prepare(self, rng: random.Random) -> None:
        """Sample the opponent's possible completions once per decision (the same samples
        score every candidate move, so differences between moves are not noise)."""
        game = self.game
        pool = self.unseen_list
        self._beaten.clear()  # new samples, new shares
        self.opp_samples: list[list[Key] | None] = []
        for m in range(game.milestones):
            theirs = self.ev[2 * m + self.other]
            if self.owner[m] is not None:
                self.opp_samples.append([])
                continue
            have = _mask(theirs)
            need = 3 - len(theirs)
            if need == 0:
                self.opp_samples.append([game.keys[have]])
            elif len(pool) < need:
                self.opp_samples.append(None)
            else:
                keys: list[Key] = []
                for _ in range(SAMPLES):
                    best: Key | None = None
                    for _try in range(2):  # the opponent chooses its cards too
                        key = game.keys[have | _mask(rng.sample(pool, need))]
                        if best is None or (-key.position, key.total, key.heart) > \
                                (-best.position, best.total, best.heart):
                            best = key
                    assert best is not None  # two tries always give a key
                    keys.append(best)
                self.opp_samples.append(keys)

    def value(self, ev: tuple[tuple[int, ...], ...], act: tuple[tuple[int, ...], ...],
              hand_mask: int) -> float:
        """Weighted chances of holding each milestone, with the hand's cards shared out:
        sides nearest completion get the best completion the remaining hand offers."""
        game = self.game
        seat, other = self.seat, self.other
        total = 0.0
        remaining = hand_mask
        weights = self.weights
        order = sorted((m for m in range(game.milestones) if self.owner[m] is None),
                       key=lambda m: (-len(ev[2 * m + seat]), -weights[m]))
        for m in range(game.milestones):
            if self.owner[m] == seat:
                total += self.weights[m]
        for m in order:
            mine = ev[2 * m + seat]
            theirs = ev[2 * m + other]
            my_acts, their_acts = act[2 * m + seat], act[2 * m + other]
            have = _mask(mine)
            opp_have = _mask(theirs)
            if len(mine) == 3:
                key = game.keys[have]
                if len(theirs) == 3:
                    won, _ = compare(key, game.keys[opp_have], _kinds(my_acts),
                                     _kinds(their_acts), game.bottom, game.heart_tiebreak)
                    p = SURE - self._threat(m, _kinds(my_acts), their_acts) if won == 1 \
                        else 0.5 if won == 0 else 0.03
                    total += self.weights[m] * p
                    continue
                if game.proof_claims and prove(key, opp_have, sum(STRENGTH[c] for c in theirs),
                                               _kinds(their_acts), self.unseen | hand_mask,
                                               game.ranking, game.heart_tiebreak):
                    total += self.weights[m] * (SURE - self._threat(m, _kinds(my_acts),
                                                                   their_acts))
                    continue
            else:
                # either the hand completes the side now, or better cards may still come
                # from the unseen ones (each needed card is a long shot: DRAW_HOPE)
                hand_done = self._completion(have, remaining)
                hoped = self._completion(have, (remaining | self.unseen) & ~opp_have)
                p_hand = self._beats(m, hand_done[0], my_acts, their_acts) \
                    if hand_done is not None else 0.0
                p_hoped = 0.0
                if hoped is not None:
                    p_hoped = self._beats(m, hoped[0], my_acts, their_acts) * \
                        DRAW_HOPE ** (hoped[1] & self.unseen).bit_count()
                if hand_done is not None and p_hand >= p_hoped:
                    remaining &= ~hand_done[1]
                total += self.weights[m] * 0.85 * max(p_hand, p_hoped)
                continue
            total += self.weights[m] * self._beats(m, key, my_acts, their_acts)
        return total

    def _completion(self, have: int, avail: int) -> tuple[Key, int] | None:
        """``best_completion`` remembered for this table."""
        memo = (have, avail)
        if memo in self._completions:
            return self._completions[memo]
        found = self._completions[memo] = best_completion(self.game, have, avail)
        return found

    def _beats(self, m: int, key: Key, my_acts: tuple[int, ...],
               their_acts: tuple[int, ...]) -> float:
        """Share of the opponent's sampled completions at ``m`` that ``key`` beats
        (remembered for this table: the samples are fixed once ``prepare`` ran)."""
        memo = (m, key, my_acts, their_acts)
        known = self._beaten.get(memo)
        if known is not None:
            return known
        samples = self.opp_samples[m]
        if samples is None:
            return 0.9  # the opponent can no longer complete this side
        game = self.game
        mk, tk = _kinds(my_acts), _kinds(their_acts)
        score = 0.0
        for opp_key in samples:
            won, _ = compare(key, opp_key, mk, tk, game.bottom, game.heart_tiebreak)
            score += 1.0 if won == 1 else 0.5 if won == 0 else 0.0
        share = self._beaten[memo] = score / len(samples)
        return share

    def _threat(self, m: int, my_kinds: int, their_acts: tuple[int, ...]) -> float:
        """Risk that the opponent still spoils a won milestone with RUST or TIME."""
        if my_kinds & DEED_BIT or not self.opp_hidden_actions:
            return 0.0
        here = _kinds(self.act[2 * m]) | _kinds(self.act[2 * m + 1]) | _kinds(their_acts)
        live = 0
        for bit in (RUST_BIT, TIME_BIT):
            if not self.used[self.other] & bit and not here & bit:
                live += 1
        return 0.12 * live


class HeuristicAgent:
    """Plays the move that most raises its weighted chances of holding the milestones."""

    def __init__(self, game: CestaGame, seed: int = 0, mistakes: float = 0.0) -> None:
        self.game = game
        self.seed = seed
        self.mistakes = mistakes
        self.rng = random.Random(seed)

    def choose(self, view: State) -> Move:
        game = self.game
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if self.mistakes and self.rng.random() < self.mistakes:
            return self.rng.choice(moves)
        table = Table(game, view, seat_to_move(game, view))
        if isinstance(moves[0], Draw):
            return self._draw(table, moves)
        return self._play(table, moves)

    def _draw(self, table: Table, moves: list[Move]) -> Move:
        """An action card when none is in hand and most unseen ones are of playable kinds:
        every kind is strong once (ties, near losses, shields), a dead copy only clogs."""
        game = self.game
        seat = table.seat
        live_in_hand = any(c >= 32 and not table.used[seat] >> (c - 32) & 1
                           for c in table.hand)
        events_in_hand = sum(1 for c in table.hand if c < 32)
        if live_in_hand or events_in_hand <= 2:
            return Draw("event")
        # unseen action cards whose kind this seat can still play: a draw is worth it
        # when most of them are live (a dead duplicate would only clog the hand)
        counts = {32: game.action_copies, 33: game.action_copies, 34: game.action_copies}
        for side in table.act:
            for card in side:
                counts[card] -= 1
        for card in table.hand:
            if card >= 32:
                counts[card] -= 1
        live = sum(n for card, n in counts.items() if not table.used[seat] >> (card - 32) & 1)
        total = sum(counts.values())
        return Draw("action") if total and live * 2 >= total else Draw("event")

    def _play(self, table: Table, moves: list[Move]) -> Move:
        table.prepare(random.Random(self.rng.getrandbits(32)))
        best_move, best_score = moves[0], -math.inf
        for move, score in self.scores(table, moves):
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    def scores(self, table: Table, moves: list[Move]) -> list[tuple[Move, float]]:
        """Each play with how much it raises the weighted chances (``table`` prepared);
        the expert's search takes its few best as the candidates worth simulating."""
        seat = table.seat
        base = table.value(table.ev, table.act, table.hand_mask)
        out: list[tuple[Move, float]] = []
        for move in moves:
            if not isinstance(move, Play):
                return [(move, 0.0)]  # pass (draws are chosen by _draw)
            m = move.milestone - 1
            k = 2 * m + seat
            card = move.idx // 16
            ev, act, hand_mask = table.ev, table.act, table.hand_mask
            if card < 32:
                side = ev[k] + (card,)
                ev = ev[:k] + (side,) + ev[k + 1:]
                hand_mask &= ~(1 << card)
            else:
                act = act[:k] + (act[k] + (card,),) + act[k + 1:]
            score = table.value(ev, act, hand_mask) - base
            if card < 32:
                if len(side) == 3 and score > 0:
                    score += TEMPO * table.weights[m]
                score -= STRENGTH[card] / 4000.0  # among equals, keep the strong cards
            else:
                score -= ACTION_COST  # each kind once a game: spend it where it counts
            out.append((move, score))
        return out


# --- pieces for ISMCTS ------------------------------------------------------------------------

def evaluate(game: CestaGame, state: State, seat: int) -> float:
    """Heuristic value of a full state for ``seat`` in [0, 1].

    Milestones held count fully; a side that wins by proof (or by comparison) nearly so;
    otherwise each side is completed with the best cards of its own hand (shared out,
    sides nearest completion first) or, failing that, with cards still in the deck, and
    the two completions are compared, trusted less the more they rely on future cards.
    """
    if game.is_over(state):
        winners = game.result(state).winners
        return 0.5 if not winners else (1.0 if seat in winners else 0.0)
    g: Any = game
    other = 1 - seat
    last = g.milestones - 1
    avail = ALL_EVENTS & ~state.table
    deck = _mask(state.event_deck)
    score = 0.0
    open_ms = []
    for m in range(g.milestones):
        owner = state.owner[m]
        if owner is None:
            open_ms.append(m)
        else:
            score += _end_weight(g, m, last) * (1 if owner == seat else -1)
    finals = {}
    for s in (seat, other):
        remaining = _mask(state.hands[s])
        for m in sorted(open_ms, key=lambda m: -len(state.ev[2 * m + s])):
            side = state.ev[2 * m + s]
            have = _mask(side)
            if len(side) == 3:
                finals[m, s] = (g.keys[have], 1.0)
                continue
            found = best_completion(g, have, remaining)
            if found is not None:
                remaining &= ~found[1]
                finals[m, s] = (found[0], 0.7)
                continue
            found = best_completion(g, have, remaining | deck)
            finals[m, s] = (None, 0.0) if found is None else (found[0], 0.4)
    for m in open_ms:
        weight = _end_weight(g, m, last)
        mine, theirs = state.ev[2 * m + seat], state.ev[2 * m + other]
        if len(mine) == 3 and len(theirs) < 3 and \
                _proved(g, mine, theirs, state.act[2 * m + other], avail):
            score += 0.9 * weight  # claimed at the start of the next own turn
            continue
        if len(theirs) == 3 and len(mine) < 3 and \
                _proved(g, theirs, mine, state.act[2 * m + seat], avail):
            score -= 0.9 * weight
            continue
        (mine_key, mine_sure), (their_key, their_sure) = finals[m, seat], finals[m, other]
        if mine_key is None or their_key is None:
            if mine_key is not None:
                score += 0.5 * weight * mine_sure
            elif their_key is not None:
                score -= 0.5 * weight * their_sure
            continue
        won, _ = compare(mine_key, their_key, _kinds(state.act[2 * m + seat]),
                         _kinds(state.act[2 * m + other]), g.bottom, g.heart_tiebreak)
        score += 0.8 * weight * won * min(mine_sure, their_sure)
    return 1.0 / (1.0 + math.exp(-1.2 * score))


def _end_weight(game: Any, m: int, last: int) -> float:
    return 1.4 if game.win_ends and m in (0, last) else 1.0


def _proved(game: Any, full: tuple[int, ...], partial: tuple[int, ...],
            partial_acts: tuple[int, ...], avail: int) -> bool:
    """Can ``full`` already claim against the incomplete ``partial`` by proof?"""
    return game.proof_claims and bool(prove(
        game.keys[_mask(full)], _mask(partial), sum(STRENGTH[c] for c in partial),
        _kinds(partial_acts), avail, game.ranking, game.heart_tiebreak))


def rollout_move(game: CestaGame, state: State, rng: random.Random) -> Move:
    """Cheap playout policy: build sides that fit (colour, rank), draw mostly events."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    first = moves[0]
    if isinstance(first, Draw):
        return first if rng.random() < 0.8 else moves[-1]
    seat = seat_to_move(game, state)
    ev = state.ev
    best: Move = first
    best_score = -1.0
    for move in moves:
        idx = move.idx
        card = idx >> 4
        if card >= 32:
            score = rng.random() * 0.6
        else:
            side = ev[2 * (idx & 15) + seat]
            score = rng.random()
            for other in side:
                if other >> 3 == card >> 3:
                    score += 1.0
                diff = abs((other & 7) - (card & 7))
                if diff <= 2:
                    score += 1.0 if diff else 1.2
        if score > best_score:
            best, best_score = move, score
    return best


__all__ = ["HeuristicAgent", "Play", "evaluate", "rollout_move"]
