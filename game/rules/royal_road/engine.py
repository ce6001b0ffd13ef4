"""The Královská cesta engine: setup, legal moves and their effects.

Legality is decided in one place, ``_generate``; ``apply`` only accepts a move found in
the (cached) legal list of the state, then carries it out trusting it. Movement works on
bit masks of track positions (see ``state.py``): the cards ahead of a pyramid, minus the
ordinary cards already holding its size, cut after the first card depicting its colour.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from game.rules import base
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
from game.rules.royal_road import events as ev
from game.rules.royal_road import serial
from game.rules.royal_road.cards import (
    FACES,
    GOAL,
    JAIL,
    PYR_INDEX,
    PYRAMIDS,
    START,
    TRAPDOOR,
    TRIO_PYRAMIDS,
    UNKNOWN,
    WHITE,
    jail_index,
)
from game.rules.royal_road.moves import (
    MOVES,
    NOSWAP,
    PASS,
    REPORT,
    REUSE,
    ROLL,
    SWAPS,
    Keep,
    Move,
    MovePyramid,
    NoSwap,
    Reuse,
    Roll,
    Swap,
)
from game.rules.royal_road.state import BONUS, COLOR, KEEP, MOVE, OVER, State, TrackInfo, occupancy

_new = object.__new__


class Game(base.Game[State, Move]):
    """Královská cesta under one validated house-rule set."""

    name = "royal_road"
    min_players = 2
    max_players = 5
    event_types = ev.EVENT_TYPES

    def __init__(self, rules: Mapping[str, Any]) -> None:
        super().__init__(rules)
        r = self.rules
        self.n: int = r["track_cards"]
        self.deal: int = r["deal"]
        self.keep: int = r["keep"]
        self.jail0: int = jail_index(self.n, r["jail_position"])
        self.trapdoor: bool = r["trapdoor"]
        self.reuse_previous: bool = r["reuse_previous"]
        self.bonus_swap: str = r["bonus_swap"]
        self.overstep: bool = r["overstep"]
        self.penalty: int = r["overstep_penalty_turns"]
        self.deck_cards: tuple[str, ...] = tuple(r["deck"])
        self.deck_set = frozenset(self.deck_cards)
        last_free = self.n - 3 if self.trapdoor else self.n - 2
        if not 1 <= self.jail0 <= last_free:
            raise RulesError(f"JAIL at {self.jail0} does not fit a {self.n}-card track",
                             key="jail_position")
        self._keep_choices = tuple(combinations(range(self.deal), self.keep))
        # colour-step move lists by (reuse allowed, report allowed)
        # memo tables live with the engine (no module-level caches in the rules core)
        self._land_cache: dict[int, tuple[Move, ...]] = {}
        self._paths: dict[int, tuple[int, ...]] = {}
        # frozen events that recur all game (a roll's face, a pyramid's hop), shared
        # rather than rebuilt on every move: rolls by seat * 6 + face, hops by their key
        self._rolls: list[Event | None] = [None] * (6 * self.max_players)
        self._reuses: list[Event | None] = [None] * (6 * self.max_players)
        self._hops: dict[int, ev.PyramidMoved] = {}
        self._color_lists: dict[tuple[bool, bool], tuple[Move, ...]] = {
            (False, False): (ROLL,), (True, False): (ROLL, REUSE),
            (False, True): (ROLL, REPORT), (True, True): (ROLL, REUSE, REPORT)}

    # --- setup ---------------------------------------------------------------------------

    def new_game(self, players: int, seed: int) -> State:
        if players not in self.player_range():
            raise RulesError(f"{players} players: this rule set allows "
                             f"{self.rules['players_min']}..{self.rules['players_max']}",
                             key="players_max")
        if self.deal * players + self.n > len(self.deck_cards):
            raise RulesError(f"the {len(self.deck_cards)}-card deck cannot deal {self.deal} "
                             f"to {players} players and lay {self.n} track cards", key="deck")
        first = self.rules["first_player"]
        if isinstance(first, int) and first >= players:
            raise RulesError(f"first_player {first} is not a seat of {players} players",
                             key="first_player")
        rng = seed_to_rng(seed)
        deck = list(self.deck_cards)
        rng = rng_shuffle(deck, rng)
        dealt = tuple(tuple(deck.pop() for _ in range(self.deal)) for _ in range(players))
        track = [deck.pop() for _ in range(self.n)]
        track[0] = START
        track[self.n - 1] = GOAL
        track[self.jail0] = JAIL
        if self.trapdoor:
            track[self.n - 2] = TRAPDOOR
        if first == "random":
            first, rng = rng_below(rng, players)
        s = _new(State)
        s.players = players
        s.step = KEEP
        s.to_move = 0
        s.ti = TrackInfo(tuple(track))
        s.pos = (0,) * len(PYRAMIDS)
        s.lying = 0
        s.occ = (0, 0, 0)
        s.dealt = dealt
        s.kept = ((),) * players
        s.discarded = ((),) * players
        s.deck = tuple(deck)
        s.color = None
        s.prev = None
        s.skips = (0,) * players
        s.rng = rng
        s.turn = 0
        s.winners = ()
        s.first = first
        s.pending = None
        s.win_card = None
        s.view_of = None
        s.log = None
        s.legal = None
        return s

    # --- queries -------------------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    def result(self, state: State) -> Result:
        if state.step != OVER:
            raise StateError("the game is not over yet")
        return Result(state.winners, f"seat {state.winners[0]} brought the trio "
                                     f"{state.win_card} into GOAL")

    def legal_moves(self, state: State) -> list[Move]:
        legal = state.legal
        if legal is None:
            legal = state.legal = self._moves(state) if state.step == MOVE else \
                self._generate(state)
        return list(legal)

    def _generate(self, state: State) -> Sequence[Move]:
        """The single place that decides what is legal."""
        step = state.step
        if step == MOVE:
            return self._moves(state)
        if step == COLOR:
            prev = state.prev
            reuse = self.reuse_previous and prev is not None and prev != WHITE
            pending = state.pending
            report = pending is not None and pending[0] != state.to_move
            return self._color_lists[reuse, report]
        seat = state.to_move
        if step == BONUS:
            ti = state.ti
            if ti.swaps is None:
                ti.swaps = self._swaps(ti)
            return [*ti.swaps, NOSWAP]
        if step == KEEP and seat is not None:
            hand = state.dealt[seat]
            if UNKNOWN in hand:
                raise StateError("this view does not show the dealt cards of the seat to move")
            return [Keep(tuple(hand[i] for i in idx)) for idx in self._keep_choices]
        return []

    def _moves(self, state: State) -> list[Move]:
        ti = state.ti
        c = state.color
        assert c is not None  # the move step follows a roll or a reuse
        pos = state.pos
        lying = state.lying
        occ = state.occ
        goal = ti.goal
        ahead = ti.ahead
        stops = ti.stops
        overstep = self.overstep
        cache = self._land_cache
        out: list[Move] = []
        for p in (range(15) if c == WHITE else range(c * 3, c * 3 + 3)):
            if lying >> p & 1:
                continue
            a = pos[p]
            if a == goal:
                continue
            free = ahead[a] & ~occ[p % 3]
            if not overstep:
                stop = free & stops[p // 3]
                if stop:
                    free &= ((stop & -stop) << 1) - 1
            key = free << 4 | p
            moves = cache.get(key)
            if moves is None:
                moves = self._landing(p, free)
            out += moves
        return out or [PASS]

    def _landing(self, p: int, free: int) -> tuple[Move, ...]:
        """The moves of pyramid ``p`` onto the positions of mask ``free`` (memoised)."""
        cache = self._land_cache
        if len(cache) > 500_000:
            cache.clear()
        row = MOVES[p]
        found = []
        key = free << 4 | p
        while free:
            b = free & -free
            found.append(row[b.bit_length() - 1])
            free ^= b
        moves: tuple[Move, ...] = tuple(found)
        cache[key] = moves
        return moves

    def _hop(self, key: int, seat: int, pyramid: str, a: int, q: int,
             bits: int) -> ev.PyramidMoved:
        """The event of a pyramid's hop (memoised per engine under ``key``)."""
        hops = self._hops
        if len(hops) > 200_000:
            hops.clear()
        path = self._paths.get(bits)
        if path is None:
            path = self._path(bits)
        moved = hops[key] = ev.PyramidMoved(seat=seat, pyramid=pyramid, from_=a, to=q,
                                            path=path)
        return moved

    def _path(self, bits: int) -> tuple[int, ...]:
        """The positions of a mask, lowest first (memoised per engine: the same hops recur
        all game)."""
        paths = self._paths
        if len(paths) > 200_000:
            paths.clear()
        out = []
        key = bits
        while bits:
            b = bits & -bits
            out.append(b.bit_length() - 1)
            bits ^= b
        path = paths[key] = tuple(out)
        return path

    def _swaps(self, ti: TrackInfo) -> list[Swap]:
        if self.bonus_swap == "face-up-only":
            places = [q for q in range(ti.n) if ti.ordinary >> q & 1]
        else:
            places = list(range(1, ti.n - 1))
        swaps = [SWAPS[a][b] for a, b in combinations(places, 2)]
        return [swap for swap in swaps if swap is not None]  # every a < b has its Swap

    # --- moves ---------------------------------------------------------------------------

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        if move.__class__ is MovePyramid:
            # the common case: checked on the pyramid's landing mask, not the listed moves
            return self._apply_move(state, move)
        if move.__class__ is Roll and state.step == COLOR:
            # every colour step offers the roll (see ``_generate``)
            seat = state.to_move
            assert seat is not None  # the colour step always has a seat to move
            return self._roll(state, seat)
        if move.__class__ is Reuse and state.step == COLOR and self.reuse_previous \
                and state.prev is not None and state.prev != WHITE:
            # the same condition as ``_generate``'s: a previous colour, not white
            return self._reuse(state)
        legal = state.legal
        if legal is None:
            legal = state.legal = self._generate(state)
        for candidate in legal:  # identity first: the dataclass __eq__ is slow Python
            if candidate is move:
                break
        else:
            if move not in legal:
                raise self._why(state, move)
        seat = state.to_move
        assert seat is not None  # a legal move means a seat is to move
        kind = move.kind
        if kind == 1:
            return self._roll(state, seat)
        if kind == 2:
            return self._reuse(state)
        if kind == 4:
            s = state.clone()
            events: list[Event] = [ev.Passed(seat=seat)]
            self._end_turn(s, seat, events)
            return s, events
        if isinstance(move, (Swap, NoSwap)):
            return self._bonus(state, seat, move)
        if kind == 7:
            return self._report(state, seat)
        assert isinstance(move, Keep)
        return self._keep(state, seat, move)

    def _why(self, state: State, move: Any) -> IllegalMove:
        """The refusal of a move ``legal_moves`` does not list (explains, never decides)."""
        text = self.format_move(move) if hasattr(move, "kind") else repr(move)
        step = state.step
        if step == OVER:
            return IllegalMove.because(N_("The game is over."), text)
        if step == MOVE and isinstance(move, MovePyramid):
            p = PYR_INDEX.get(move.pyramid)
            c = state.color
            if p is None:
                return IllegalMove.because(N_("There is no such pyramid."), text)
            if c != WHITE and p // 3 != c:
                return IllegalMove.because(
                    N_("That pyramid is not of the colour you are moving."), text)
            if state.lying >> p & 1:
                return IllegalMove.because(N_("That pyramid lies in jail and cannot move."),
                                           text)
            return IllegalMove.because(N_("That pyramid cannot land there."), text)
        if step == BONUS and isinstance(move, Swap):
            return IllegalMove.because(N_("Those two track cards cannot be swapped."), text)
        if step == KEEP and isinstance(move, Keep):
            return IllegalMove.because(
                N_("Keep as many of your dealt royal cards as the rules say."), text)
        if step == KEEP:
            return IllegalMove.because(N_("First choose the royal cards to keep."), text)
        if step == COLOR:
            return IllegalMove.because(
                N_("Now roll the die, take the previous colour or report an overstep."), text)
        if step == MOVE:
            return IllegalMove.because(N_("Now move a pyramid or pass."), text)
        return IllegalMove.because(
            N_("Now swap two track cards or leave the track as it is."), text)

    def _reuse(self, state: State) -> tuple[State, list[Event]]:
        seat = state.to_move
        prev = state.prev
        assert seat is not None and prev is not None  # reuse is legal only after a colour
        reused = self._reuses[seat * 6 + prev]
        if reused is None:
            reused = self._reuses[seat * 6 + prev] = ev.Reused(seat=seat, color=FACES[prev])
        return _colour_set(state, prev, state.rng), [reused]

    def _roll(self, state: State, seat: int) -> tuple[State, list[Event]]:
        rng = state.rng
        if rng is None:
            raise IllegalMove.because(N_("The die cannot be rolled in a view of the game."))
        face, rng = rng_below(rng, 6)
        rolled = self._rolls[seat * 6 + face]
        if rolled is None:
            rolled = self._rolls[seat * 6 + face] = ev.Rolled(seat=seat, face=FACES[face])
        return _colour_set(state, face, rng), [rolled]

    def _apply_move(self, state: State, move: MovePyramid) -> tuple[State, list[Event]]:
        """Check and play a pyramid move (the same landing rule as ``_moves``; a test
        checks that both always agree)."""
        p = PYR_INDEX.get(move.pyramid)
        q = move.to
        c = state.color
        if state.step != MOVE or p is None or q.__class__ is not int or q < 0 \
                or (c != WHITE and p // 3 != c) or state.lying >> p & 1:
            raise self._why(state, move)
        seat = state.to_move
        assert seat is not None  # the move step always has a seat to move
        ti = state.ti
        a = state.pos[p]
        size = p % 3
        occ = state.occ
        occ_s = occ[size]
        free = ti.ahead[a] & ~occ_s   # nothing lies ahead of GOAL
        stop = free & ti.stops[p // 3]
        if stop and not self.overstep:
            if not (free & (((stop & -stop) << 1) - 1)) >> q & 1:
                raise self._why(state, move)
        elif not free >> q & 1:
            raise self._why(state, move)
        bits = free & ((2 << q) - 1)  # the hop's path; its highest bit is ``q``
        hop_key = (bits << 6 | a) << 7 | seat << 4 | p
        moved = self._hops.get(hop_key)
        if moved is None:
            moved = self._hop(hop_key, seat, move.pyramid, a, q, bits)
        events: list[Event] = [moved]
        s = state.clone()
        s.log = (seat, p, a, q, state.log)
        if stop and self.overstep:
            first = (stop & -stop).bit_length() - 1
            if first < q:
                s.pending = (seat, p, first)
        ordinary = ti.ordinary
        if ordinary >> a & 1:
            occ_s &= ~(1 << a)
        pos = list(state.pos)
        lying = state.lying
        bonus = False
        if ordinary >> q & 1:
            occ_s |= 1 << q
            pos[p] = q
            occ = (occ_s, occ[1], occ[2]) if size == 0 else (
                (occ[0], occ_s, occ[2]) if size == 1 else (occ[0], occ[1], occ_s))
            if (occ[0] & occ[1] & occ[2]) >> q & 1 and self.bonus_swap != "off":
                bonus = True
        else:
            occ = (occ_s, occ[1], occ[2]) if size == 0 else (
                (occ[0], occ_s, occ[2]) if size == 1 else (occ[0], occ[1], occ_s))
            if q == ti.trap:
                j = ti.jail
                pos[p] = j
                lying |= 1 << p
                events.append(ev.FellThroughTrapdoor(pyramid=move.pyramid, from_=q, to=j))
                events.append(ev.Jailed(pyramid=move.pyramid, position=j))
            elif q == ti.jail:
                pos[p] = q
                lying |= 1 << p
                events.append(ev.Jailed(pyramid=move.pyramid, position=q))
            else:
                pos[p] = q
                if q == ti.goal and lying:
                    events.append(ev.Amnesty(cause="goal", pyramids=_codes(lying)))
                    lying = 0
        if lying and lying.bit_count() == 15 - pos.count(ti.goal):
            events.append(ev.Amnesty(cause="all_jailed", pyramids=_codes(lying)))
            lying = 0
        s.pos = tuple(pos)
        s.lying = lying
        s.occ = occ
        if bonus:
            s.step = BONUS
            events.append(ev.BonusOffered(seat=seat, position=q))
        else:
            self._end_turn(s, seat, events)
        return s, events

    def _end_turn(self, s: State, seat: int, events: list[Event]) -> None:
        """Close ``seat``'s turn on the new state ``s``: win check, colour, next seat."""
        s.prev = s.color
        s.color = None
        s.turn += 1
        pos = s.pos
        goal = s.ti.goal
        for card in s.kept[seat] if pos.count(goal) >= 3 else ():
            trio = TRIO_PYRAMIDS.get(card)
            if trio is not None and pos[trio[0]] == goal and pos[trio[1]] == goal \
                    and pos[trio[2]] == goal:
                s.winners = (seat,)
                s.win_card = card
                s.step = OVER
                s.to_move = None
                s.pending = None
                events.append(ev.GameOver(seat=seat, card=card, winners=(seat,)))
                return
        s.step = COLOR
        players = s.players
        nxt = seat + 1
        if nxt == players:
            nxt = 0
        skips = s.skips
        if skips[nxt]:
            left = list(skips)
            while left[nxt]:
                left[nxt] -= 1
                events.append(ev.Skipped(seat=nxt, remaining=left[nxt]))
                nxt = (nxt + 1) % players
            s.skips = tuple(left)
        s.to_move = nxt

    def _bonus(self, state: State, seat: int, move: Swap | NoSwap) -> tuple[State, list[Event]]:
        s = state.clone()
        if isinstance(move, NoSwap):
            events: list[Event] = [ev.SwapDeclined(seat=seat)]
        else:
            a, b = move.a, move.b
            ti = state.ti.swapped(a, b)
            s.ti = ti
            s.pos = tuple(b if x == a else a if x == b else x for x in state.pos)
            s.occ = occupancy(ti, s.pos)
            if s.pending is not None:
                mover, p, stop = s.pending
                s.pending = (mover, p, b if stop == a else a if stop == b else stop)
            events = [ev.Swapped(seat=seat, positions=(a, b))]
        self._end_turn(s, seat, events)
        return s, events

    def _report(self, state: State, seat: int) -> tuple[State, list[Event]]:
        assert state.pending is not None  # report is legal only after a reportable overstep
        mover, p, stop = state.pending
        ti = state.ti
        size = p % 3
        occ = list(state.occ)
        a = state.pos[p]
        if ti.ordinary >> a & 1:
            occ[size] &= ~(1 << a)  # its own card is free for it (a swap may put it there)
        target = stop
        while target > 0 and ti.ordinary >> target & 1 and occ[size] >> target & 1:
            target -= 1
        s = state.clone()
        if ti.ordinary >> target & 1:
            occ[size] |= 1 << target
        pos = list(state.pos)
        pos[p] = target
        s.pos = tuple(pos)
        s.occ = (occ[0], occ[1], occ[2])
        s.lying = state.lying & ~(1 << p)
        skips = list(state.skips)
        skips[mover] += self.penalty
        s.skips = tuple(skips)
        s.pending = None
        return s, [ev.Reported(seat=seat, against=mover, pyramid=PYRAMIDS[p], from_=a,
                            to=target, skips=self.penalty)]

    def _keep(self, state: State, seat: int, move: Keep) -> tuple[State, list[Event]]:
        hand = state.dealt[seat]
        cards = tuple(move.cards)
        s = state.clone()
        s.kept = _put(state.kept, seat, cards)
        s.discarded = _put(state.discarded, seat, tuple(c for c in hand if c not in cards))
        s.dealt = _put(state.dealt, seat, ())
        if seat + 1 < state.players:
            s.to_move = seat + 1
        else:
            s.step = COLOR
            s.to_move = state.first
        return s, [ev.Kept(seat=seat, cards=cards)]

    # --- notation, views, serialisation --------------------------------------------------

    def format_move(self, move: Move) -> str:
        return move.text()

    def players(self, state: State) -> int:
        return state.players

    def step(self, state: State) -> str:
        return state.step

    def view_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        return [replace(event, cards=(UNKNOWN,) * len(event.cards))
                if isinstance(event, ev.Kept) and event.seat != seat else event
                for event in events]

    def view(self, state: State, seat: int) -> State:
        return serial.view(self, state, seat)

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        return serial.determinize(self, view, seat, rng)

    def to_dict(self, state: State) -> dict[str, Any]:
        return serial.to_dict(self, state)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return serial.from_dict(self, data)


def _colour_set(state: State, colour: int, rng: int | None) -> State:
    """The state once this turn's colour is known (rolled or reused): the move step next."""
    s = state.clone()
    s.rng = rng
    s.color = colour
    s.step = MOVE
    s.pending = None
    return s


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(PYRAMIDS[p] for p in range(15) if mask >> p & 1)


def _put(rows: tuple[tuple[str, ...], ...], seat: int, row: tuple[str, ...]) \
        -> tuple[tuple[str, ...], ...]:
    return rows[:seat] + (row,) + rows[seat + 1:]
