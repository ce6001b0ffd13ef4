"""The Cesta engine: legal moves, applying moves, the automatic claim step and the end.

Legality is decided in one place, ``_generate`` (the legal moves of a state, cached in it
with a bit mask of their ``idx``); ``apply`` only checks membership in that mask and
``_explain`` merely words the refusal of a move.

Events (``events.py``, in the order things happen; milestones are numbered from 1), here
in their dict form:
- ``{"type": "play", "seat", "card", "milestone"}`` - an event or action card played;
- ``{"type": "pass", "seat"}``;
- ``{"type": "draw", "seat", "deck": "event"|"action", "card"}`` - ``view_events`` turns
  the card into "??" / "?A" for the other seat (the deck stays public);
- ``{"type": "claim", "seat", "milestone", "how": "comparison"|"proof", "cards",
  "opponent_cards", "claimant": {"category", "sum", "heart"[, "rusted"]}, "time": seat of
  the TIME in effect or None, ...}``; a comparison adds ``"opponent"`` (the same fields),
  ``"decided_by"`` ("category", "sum", "heart" or "time") and ``"deed"`` (seat whose DEED
  cancelled the other's actions, or None); a proof adds ``"opponent_best"`` (the best
  completion the opponent could still reach, or None when too few cards are left),
  ``"best_completion"`` (cards that reach it), ``"needed"``, ``"available"`` and the
  ``"opponent_actions"`` that applied / ``"ignored_actions"`` of the claimant;
- ``{"type": "game_over", "winners": [...], "reason": "win_any"|"win_ends"|"stalemate"}``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.rules import base
from game.rules.cesta import serial
from game.rules.cesta.cards import (
    ACTION_KINDS,
    ALL_EVENTS,
    CODES,
    IDS,
    STRENGTH,
    cards_of,
)
from game.rules.cesta.combos import Key, Proof, build_key_table, compare, prove
from game.rules.cesta.events import (
    EVENT_TYPES,
    ClaimByComparison,
    ClaimByProof,
    Drew,
    GameOver,
    Passed,
    Played,
    Strength,
)
from game.rules.cesta.moves import (
    DRAW_ACTION,
    DRAW_ACTION_IDX,
    DRAW_EVENT,
    DRAW_EVENT_IDX,
    MAX_MILESTONES,
    PASS,
    PASS_IDX,
    PLAY,
    Draw,
    Move,
    Pass,
    Play,
    format_move,
)
from game.rules.cesta.standing import Standing, standing
from game.rules.cesta.state import (
    DRAW_STEP,
    OVER_STEP,
    PLAY_STEP,
    STEP_NAMES,
    CestaState,
    make_state,
)
from game.rules.common import (
    N_,
    IllegalMove,
    Result,
    RulesError,
    StateError,
    rng_below,
    rng_shuffle,
    seed_to_rng,
)
from game.rules.events import Event

Hands = tuple[tuple[int, ...], tuple[int, ...]]
Sides = tuple[tuple[int, ...], ...]   # one per (milestone, seat) side
_DRAWS = ((), (DRAW_EVENT,), (DRAW_ACTION,), (DRAW_EVENT, DRAW_ACTION))
_DRAW_MASKS = (0, 1 << DRAW_EVENT_IDX, 1 << DRAW_ACTION_IDX,
               (1 << DRAW_EVENT_IDX) | (1 << DRAW_ACTION_IDX))


class Game(base.Game[CestaState, Move]):
    """Cesta under one validated house-rule set."""

    name = "cesta"
    min_players = 2
    max_players = 2
    event_types = EVENT_TYPES

    def __init__(self, rules: Mapping[str, Any]) -> None:
        super().__init__(rules)
        r = self.rules
        self.hand_size: int = r["hand_size"]
        self.milestones: int = r["milestones"]
        self.win_any: int = r["win_any"]
        self.win_ends: bool = r["win_ends"]
        self.ranking: list[str] = list(r["ranking"])
        self.heart_tiebreak: bool = r["heart_tiebreak"]
        self.proof_claims: bool = r["proof_claims"]
        self.action_cards: bool = r["action_cards"]
        self.action_copies: int = r["action_copies"] if self.action_cards else 0
        if not 3 <= self.milestones <= 9 or self.milestones % 2 == 0:
            raise RulesError("milestones must be odd and at most 9", key="milestones")
        if 2 * self.hand_size > 32:
            raise RulesError("hand_size too large to deal two hands", key="hand_size")
        if self.win_any > self.milestones:
            raise RulesError("win_any cannot exceed milestones", key="win_any")
        self.bottom = len(self.ranking) - 1
        self.keys: dict[int, Key] = build_key_table(self.ranking)
        # the moves of one card for each bit mask of allowed milestones
        self._rows: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
            tuple(tuple(PLAY[card][m] for m in range(self.milestones) if allowed >> m & 1)
                  for allowed in range(1 << self.milestones)) for card in range(35))

    # --- setup -------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0) -> CestaState:
        """Shuffle both decks, deal ``hand_size`` event cards each, pick the first seat."""
        if players != 2:
            raise RulesError(f"Cesta is a game for exactly 2 players, not {players}",
                             key="players")
        rng = seed_to_rng(int(seed))
        actions = [card for card in (32, 33, 34) for _ in range(self.action_copies)]
        rng = rng_shuffle(actions, rng)
        events = list(range(32))
        rng = rng_shuffle(events, rng)
        hands: list[list[int]] = [[], []]
        for _ in range(self.hand_size):
            for seat in (0, 1):
                hands[seat].append(events.pop())
        first, rng = rng_below(rng, 2)
        m2 = 2 * self.milestones
        return make_state(first, PLAY_STEP, 0, (tuple(hands[0]), tuple(hands[1])),
                          tuple(events), tuple(actions), ((),) * m2, ((),) * m2,
                          (None,) * self.milestones, (), None, rng, None, 0, (0, 0))

    # --- queries -----------------------------------------------------------------------

    def current_player(self, state: CestaState) -> int | None:
        return state.to_move

    def is_over(self, state: CestaState) -> bool:
        return state.step == OVER_STEP

    def result(self, state: CestaState) -> Result:
        if state.step != OVER_STEP:
            raise StateError("the game is not over")
        return Result(tuple(state.winners), state.reason or "stalemate")

    def legal_moves(self, state: CestaState) -> list[Move]:
        legal = state._legal
        if legal is None:
            legal = self._generate(state)
        return list(legal)

    def _kind_milestones(self, act: tuple[tuple[int, ...], ...], card: int) -> int:
        """Milestones where an action card of this kind already lies (either side)."""
        mask = 0
        for k, side in enumerate(act):
            if card in side:
                mask |= 1 << (k >> 1)
        return mask

    def _generate(self, state: CestaState) -> tuple[Move, ...]:
        """THE legality rule: every distinct legal move of the seat to move."""
        step = state.step
        if step == PLAY_STEP:
            seat = state.to_move
            assert seat is not None  # the play step always has a seat to move
            if state.view_of is not None and state.view_of != seat:
                raise StateError("this view hides the hand of the seat to move")
            open_ = state.open
            room = open_ & ~state.full[seat]
            moves: list[Move] = []
            lmask = 0
            rows = self._rows
            for card in sorted(set(state.hands[seat])):
                if card < 32:
                    allowed = room
                else:
                    if state.used[seat] >> (card - 32) & 1:
                        continue  # a dead duplicate stays in hand
                    allowed = open_ & ~self._kind_milestones(state.act, card)
                if allowed:
                    moves.extend(rows[card][allowed])
                    lmask |= allowed << (card * MAX_MILESTONES)
            if not moves:
                moves.append(PASS)
                lmask = 1 << PASS_IDX
            legal = tuple(moves)
        elif step == DRAW_STEP:
            which = (1 if state.event_deck else 0) | (2 if state.action_deck else 0)
            legal = _DRAWS[which]
            lmask = _DRAW_MASKS[which]
        else:
            legal = ()
            lmask = 0
        state._legal = legal  # derived data: the state itself is not changed
        state._lmask = lmask
        return legal

    # --- applying moves ----------------------------------------------------------------

    def apply(self, state: CestaState, move: Move) -> tuple[CestaState, list[Event]]:
        if state.view_of is not None:
            raise IllegalMove.because(N_("A move cannot be played in a view of the game."))
        if state._legal is None:
            self._generate(state)
        try:
            idx = move.idx
        except AttributeError:
            raise IllegalMove.because(N_("That is not a move of Cesta."), repr(move)) from None
        if not (state._lmask >> idx) & 1:
            raise self._explain(state, move)
        seat = state.to_move
        assert seat is not None  # a legal move means a seat is to move
        hands = state.hands
        ev = state.ev
        act = state.act
        table = state.table
        used = state.used
        event_deck = state.event_deck
        action_deck = state.action_deck
        full = state.full
        if idx in (DRAW_EVENT_IDX, DRAW_ACTION_IDX):
            if idx == DRAW_EVENT_IDX:
                card = event_deck[-1]
                event_deck = event_deck[:-1]
                kind = "event"
            else:
                card = action_deck[-1]
                action_deck = action_deck[:-1]
                kind = "action"
            hand = hands[seat] + (card,)
            hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
            events: list[Event] = [Drew(seat=seat, deck=kind, card=CODES[card])]
            return self._next_turn(state, 1 - seat, hands, event_deck, action_deck, ev, act,
                                   table, used, full, state.passes, events)
        if idx == PASS_IDX:
            passes = state.passes + 1
            events = [Passed(seat=seat)]
            if passes >= 2:
                return self._stalemate(state, hands, passes, events)
            hand = hands[seat]
        else:
            card = idx // MAX_MILESTONES
            m = idx % MAX_MILESTONES
            hand = hands[seat]
            i = hand.index(card)
            hand = hand[:i] + hand[i + 1:]
            hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
            k = 2 * m + seat
            if card < 32:
                side = ev[k] + (card,)
                ev = ev[:k] + (side,) + ev[k + 1:]
                table |= 1 << card
                if len(side) == 3:
                    full = (full[0] | 1 << m, full[1]) if seat == 0 else \
                        (full[0], full[1] | 1 << m)
            else:
                act = act[:k] + (act[k] + (card,),) + act[k + 1:]
                bit = 1 << (card - 32)
                used = (used[0] | bit, used[1]) if seat == 0 else (used[0], used[1] | bit)
            passes = 0
            events = [Played(seat=seat, card=CODES[card], milestone=m + 1)]
        if len(hand) < self.hand_size and (event_deck or action_deck):
            new = make_state(seat, DRAW_STEP, passes, hands, event_deck, action_deck, ev, act,
                             state.owner, (), None, state.rng, None, table, used, full,
                             state.open)
            return new, events
        return self._next_turn(state, 1 - seat, hands, event_deck, action_deck, ev, act,
                               table, used, full, passes, events)

    def _next_turn(self, state: CestaState, seat: int, hands: Hands,
                   event_deck: tuple[int, ...], action_deck: tuple[int, ...], ev: Sides,
                   act: Sides, table: int,
                   used: tuple[int, int], full: tuple[int, int], passes: int,
                   events: list[Event]) -> tuple[CestaState, list[Event]]:
        """Start ``seat``'s turn: the automatic claim step, then the victory check."""
        owner = state.owner
        open_ = state.open
        candidates = open_ & full[seat]
        if candidates:
            claimed = False
            other = 1 - seat
            m = 0
            while candidates >> m:
                if candidates >> m & 1:
                    claim = self._claim(seat, m, ev[2 * m + seat], ev[2 * m + other],
                                        act[2 * m + seat], act[2 * m + other], table)
                    if claim is not None:
                        owner = owner[:m] + (seat,) + owner[m + 1:]
                        open_ &= ~(1 << m)
                        events.append(claim)
                        claimed = True
                m += 1
            if claimed:
                passes = 0
                reason = self._victory(owner, seat)
                if reason is not None:
                    events.append(GameOver(winners=(seat,), reason=reason))
                    return make_state(None, OVER_STEP, passes, hands, event_deck, action_deck,
                                      ev, act, owner, (seat,), reason, state.rng, None, table,
                                      used, full, open_), events
        return make_state(seat, PLAY_STEP, passes, hands, event_deck, action_deck, ev, act,
                          owner, (), None, state.rng, None, table, used, full, open_), events

    def _victory(self, owner: tuple[int | None, ...], seat: int) -> str | None:
        if owner.count(seat) >= self.win_any:
            return "win_any"
        if self.win_ends and owner[0] == seat and owner[-1] == seat:
            return "win_ends"
        return None

    def _stalemate(self, state: CestaState, hands: Hands, passes: int,
                   events: list[Event]) -> tuple[CestaState, list[Event]]:
        held = (state.owner.count(0), state.owner.count(1))
        winners = () if held[0] == held[1] else ((0,) if held[0] > held[1] else (1,))
        events.append(GameOver(winners=winners, reason="stalemate"))
        return make_state(None, OVER_STEP, passes, hands, state.event_deck, state.action_deck,
                          state.ev, state.act, state.owner, winners, "stalemate", state.rng,
                          None, state.table, state.used, state.full, state.open), events

    # --- claims ------------------------------------------------------------------------

    def _claim(self, seat: int, m: int, mine: tuple[int, ...], theirs: tuple[int, ...],
               my_acts: tuple[int, ...], their_acts: tuple[int, ...],
               table: int) -> Event | None:
        """The claim event if ``seat`` claims milestone ``m`` now, else None."""
        keys = self.keys
        own = keys[(1 << mine[0]) | (1 << mine[1]) | (1 << mine[2])]
        if len(theirs) == 3:
            mk = _kinds(my_acts)
            tk = _kinds(their_acts)
            opp = keys[(1 << theirs[0]) | (1 << theirs[1]) | (1 << theirs[2])]
            winner, why = compare(own, opp, mk, tk, self.bottom, self.heart_tiebreak)
            if winner != 1:
                return None
            return self._comparison_event(seat, m, mine, theirs, mk, tk, why)
        if not self.proof_claims:
            return None
        have = 0
        have_sum = 0
        for card in theirs:
            have |= 1 << card
            have_sum += STRENGTH[card]
        avail = ALL_EVENTS & ~table
        tk = _kinds(their_acts)
        if not prove(own, have, have_sum, tk, avail, self.ranking, self.heart_tiebreak):
            return None
        proof = prove(own, have, have_sum, tk, avail, self.ranking, self.heart_tiebreak,
                      detail=True)
        assert isinstance(proof, Proof)  # detail=True gives the proof itself
        best = proof.best
        return ClaimByProof(
            seat=seat, milestone=m + 1, cards=_codes(mine), opponent_cards=_codes(theirs),
            claimant=self._describe(proof.claimant),
            opponent_best=None if best is None else self._describe(best),
            best_completion=_codes(cards_of(proof.completion)),
            needed=3 - len(theirs), available=avail.bit_count(),
            time=1 - seat if proof.timed else None,
            opponent_actions=_codes(their_acts), ignored_actions=_codes(my_acts))

    def _comparison_event(self, seat: int, m: int, mine: tuple[int, ...],
                          theirs: tuple[int, ...], mk: int, tk: int, why: str) -> Event:
        from game.rules.cesta.combos import action_effects, rust
        keys = self.keys
        own = keys[(1 << mine[0]) | (1 << mine[1]) | (1 << mine[2])]
        opp = keys[(1 << theirs[0]) | (1 << theirs[1]) | (1 << theirs[2])]
        effects = action_effects(mk, tk)
        timed = effects.time_owner is not None
        if effects.rusted[0]:
            own = rust(own, self.bottom, timed)
        if effects.rusted[1]:
            opp = rust(opp, self.bottom, timed)
        return ClaimByComparison(
            seat=seat, milestone=m + 1, decided_by=why, cards=_codes(mine),
            opponent_cards=_codes(theirs),
            claimant=self._describe(own, rusted=effects.rusted[0]),
            opponent=self._describe(opp, rusted=effects.rusted[1]),
            time=None if not timed else (seat if effects.time_owner == 0 else 1 - seat),
            deed=seat if mk & 4 else 1 - seat if tk & 4 else None)

    def _describe(self, key: Key, rusted: bool | None = None) -> Strength:
        return Strength(category=self.ranking[key.position], total=key.total,
                        heart=bool(key.heart), rusted=rusted)

    def _explain(self, state: CestaState, move: Move) -> IllegalMove:
        """The refusal of a move (legality itself was decided by ``_generate``)."""
        if state.step == OVER_STEP:
            return IllegalMove.because(N_("The game is over."))
        text = format_move(move) if isinstance(move, (Play, Draw, Pass)) else repr(move)
        if state.step == DRAW_STEP:
            if isinstance(move, Draw) and move.deck == "event":
                return IllegalMove.because(N_("The event deck is empty."), text)
            if isinstance(move, Draw) and move.deck == "action":
                return IllegalMove.because(N_("The action deck is empty."), text)
            return IllegalMove.because(
                N_("Now draw a card: from the event deck or the action deck."), text)
        if isinstance(move, Draw):
            return IllegalMove.because(N_("Play a card first, then draw."), text)
        if isinstance(move, Pass):
            return IllegalMove.because(N_("You may pass only when no card can be played."),
                                       text)
        if not isinstance(move, Play) or move.card not in IDS or move.card in ("??", "?A"):
            return IllegalMove.because(N_("There is no such card."), text)
        if not 1 <= move.milestone <= self.milestones:
            return IllegalMove.because(N_("There is no milestone {milestone}."), text,
                                       milestone=move.milestone)
        card = IDS[move.card]
        seat = state.to_move
        assert seat is not None  # checked above: the game is not over
        if card not in state.hands[seat]:
            return IllegalMove.because(N_("That card is not in your hand."), text)
        m = move.milestone - 1
        if state.owner[m] is not None:
            return IllegalMove.because(N_("Milestone {milestone} is claimed and closed."),
                                       text, milestone=move.milestone)
        if card < 32:
            return IllegalMove.because(
                N_("Your side of milestone {milestone} already holds three event cards."), text,
                milestone=move.milestone)
        if state.used[seat] & (1 << (card - 32)):
            return IllegalMove.because(
                N_("You have already played this action card: this copy is dead."), text)
        return IllegalMove.because(
            N_("An action card of this kind already lies at milestone {milestone}."), text,
            milestone=move.milestone)

    # --- views, serialisation -----------------------------------------------------------

    def view(self, state: CestaState, seat: int) -> CestaState:
        return serial.view(state, seat)

    def determinize(self, view: CestaState, seat: int, rng: random.Random) -> CestaState:
        return serial.determinize(self, view, seat, rng)

    def to_dict(self, state: CestaState) -> dict[str, Any]:
        return serial.to_dict(self, state)

    def from_dict(self, data: Mapping[str, Any]) -> CestaState:
        return serial.from_dict(self, data)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: CestaState, text: str) -> Move:
        """The legal move written ``text``; anything else (also a hidden hand's turn in a
        view) is an ``IllegalMove``."""
        try:
            return super().parse_move(state, text)
        except StateError:
            raise IllegalMove.because(N_("This view hides the hand of the player to move."),
                                      text) from None

    def players(self, state: CestaState) -> int:
        return 2

    def step(self, state: CestaState) -> str:
        return STEP_NAMES[state.step]

    def view_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        """Copies of ``events`` with the cards ``seat`` may not see replaced by unknowns.

        A proof's ``best_completion`` lists cards that are off the table, so each lies in
        a hand or the deck. The list is worked out from the table alone and so tells no
        one where a card is, but a frame that names a hand's card cannot be told apart from
        a leak, and no screen shows the list (``opponent_best`` says what it is worth):
        every seat gets only how many cards it needs, as unknowns.
        """
        shown: list[Event] = []
        for event in events:
            if isinstance(event, Drew) and event.seat != seat:
                event = replace(event, card="??" if event.deck == "event" else "?A")
            elif isinstance(event, ClaimByProof) and event.best_completion:
                event = replace(event, best_completion=("??",) * len(event.best_completion))
            shown.append(event)
        return shown

    def standing(self, state: CestaState, milestone: int, seat: int) -> Standing:
        """What ``seat``'s side of ``milestone`` (from 1) counts as in the comparison there,
        every action card at it applied (see ``standing.standing``)."""
        k = 2 * (milestone - 1)
        return standing(_codes(state.ev[k + seat]), _codes(state.act[k + seat]),
                        _codes(state.act[k + 1 - seat]), self.ranking)

    def action_kinds(self) -> tuple[str, ...]:
        """The action card kinds in play under these rules (none without action cards)."""
        return ACTION_KINDS if self.action_cards else ()


def _codes(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(CODES[card] for card in cards)


def _kinds(acts: tuple[int, ...]) -> int:
    kinds = 0
    for card in acts:
        kinds |= 1 << (card - 32)
    return kinds
