"""The Cut the Rope engine: setup, move generation and applying moves.

``legal_moves`` is the one place that decides legality: ``apply`` accepts exactly the moves
it lists (recognised by identity first, equality second) and the legal list is cached on the
state, so playouts pay for move generation once per position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
from game.rules.cut_the_rope import serial, viewing
from game.rules.cut_the_rope.events import (
    EVENT_TYPES,
    Built,
    Drew,
    GameOver,
    NextTurn,
    PileRevealed,
    Reshuffled,
    RowCompleted,
    RowStarted,
    TurnEnded,
)
from game.rules.cut_the_rope.moves import SCISSORS, Move, MoveTable, format_move, parse_notation
from game.rules.cut_the_rope.state import State
from game.rules.events import Event

# Result reasons (sentences, as saves have always held them) and the game_over event's
# reason codes (short, the same words as in the other games: "stalemate" as in Cesta).
PILE_EMPTIED = "emptied personal pile"
STALEMATE = "stalemate: fewest cards left in the personal pile"
PILE_EMPTIED_CODE = "pile_emptied"
STALEMATE_CODE = "stalemate"


class Game(base.Game[State, Move]):
    """Cut the Rope under one validated house-rule set."""

    name = "cut_the_rope"
    min_players = 2
    max_players = 6
    event_types = EVENT_TYPES

    def __init__(self, rules: Mapping[str, Any]) -> None:
        super().__init__(rules)
        r = self.rules
        self.row_length: int = r["row_length"]
        self.main_rows: int = r["main_rows"]
        self.aux_rows: int = r["aux_rows"]
        self.hand_size: int = r["hand_size"]
        self.copies: int = r["copies"]
        self.scissors: int = r["scissors"]
        self.reshuffle: bool = r["reshuffle"]
        self.refill_when_empty: bool = r["refill_when_empty"]
        self.deck_size: int = self.copies * self.row_length + self.scissors
        # deck_counts[c]: copies of card int c in the deck (0 = scissors)
        self.deck_counts: tuple[int, ...] = (self.scissors,) + (self.copies,) * self.row_length
        # codes[c] for c in 0..row_length, codes[-1] = "??"
        self.codes: tuple[str, ...] = ("S", *map(str, range(1, self.row_length + 1)), "??")
        self.code_to_card: dict[str, int] = {code: i for i, code in enumerate(self.codes)}
        self.code_to_card["??"] = -1
        # hand cards in listing order: numbers ascending, then scissors
        self.hand_order: tuple[int, ...] = (*range(1, self.row_length + 1), SCISSORS)
        self.table = MoveTable(self.row_length, self.main_rows, self.aux_rows)
        self.empty_hand: tuple[int, ...] = (0,) * (self.row_length + 2)
        # Move generation (see ``_generate``): per needs tuple, each card's target mask
        # (bit k = main row slot k, then new:up, new:down); per move source, the build
        # moves of each mask, filled in as masks turn up. Memo tables live with the engine
        # (no module-level caches in the rules core).
        self._masks: dict[tuple[int | None, ...], tuple[int, ...]] = {}
        self._present: dict[tuple[int, ...], tuple[int, ...]] = {}
        # frozen events that recur (a build, a turned pile card, a turn change), shared
        self._events: dict[tuple[Any, ...], Event] = {}
        slots = 1 << (self.main_rows + 2)
        self._pile_builds: list[tuple[Move, ...] | None] = [None] * slots
        self._hand_builds: tuple[list[tuple[Move, ...] | None], ...] = tuple(
            [None] * slots for _ in range(self.row_length + 1))
        self._aux_builds: tuple[list[tuple[Move, ...] | None], ...] = tuple(
            [None] * slots for _ in range(self.aux_rows + 1))
        # _ends_by_rows[n][card]: the end moves of a hand card when n aux rows exist
        self._ends_by_rows = tuple(
            tuple(self.table.end[card][1:n + 1] + (self.table.end[card][:1]
                                                   if n < self.aux_rows else ())
                  for card in range(self.row_length + 1))
            for n in range(self.aux_rows + 1))

    # ----------------------------------------------------------------------------- setup

    def new_game(self, players: int, seed: int) -> State:
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in self.player_range():
            low, high = self.rules["players_min"], self.rules["players_max"]
            raise RulesError(f"cut_the_rope is for {low}..{high} players, not {players!r}",
                             key="players_min")
        piles_rule = self.rules["pile_sizes"]
        if str(players) not in piles_rule:
            raise RulesError(f"pile_sizes gives no pile size for {players} players",
                             key="pile_sizes")
        pile_size = piles_rule[str(players)]
        if players * (pile_size + self.hand_size) > self.deck_size:
            raise RulesError(f"{players} piles of {pile_size} and hands of {self.hand_size} "
                             f"need more than the {self.deck_size}-card deck", key="pile_sizes")
        first = self.rules["first_player"]
        if isinstance(first, int) and first >= players:
            raise RulesError(f"first_player {first} is no seat of a {players}-player game",
                             key="first_player")
        deck: list[int] = []
        for card in range(1, self.row_length + 1):
            deck.extend([card] * self.copies)
        deck.extend([SCISSORS] * self.scissors)
        rng = rng_shuffle(deck, seed_to_rng(seed))
        piles = []
        for _ in range(players):
            piles.append(tuple(deck[len(deck) - pile_size:]))
            del deck[len(deck) - pile_size:]
        hands = []
        for _ in range(players):
            hand = list(self.empty_hand)
            for card in deck[len(deck) - self.hand_size:]:
                hand[card] += 1
            del deck[len(deck) - self.hand_size:]
            hands.append(tuple(hand))
        if first == "random":
            first, rng = rng_below(rng, players)
        state = State.__new__(State)
        state.players = players
        state.to_move = first
        state.winners = ()
        state.piles = tuple(piles)
        state.hands = tuple(hands)
        state.aux = ((),) * players
        state.rows = (None,) * self.main_rows
        state.needs = state.rows
        state.draw = tuple(deck)
        state.discard = ()
        state.rng = rng
        state.stall = 0
        state.began_empty = not deck
        state.built = False
        state.viewer = None
        state._legal = None
        return state

    # ------------------------------------------------------------------------ queries

    def current_player(self, state: State) -> int | None:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return bool(state.winners)

    def result(self, state: State) -> Result:
        if not state.winners:
            raise StateError("the game is not over yet")
        if any(not state.piles[seat] for seat in state.winners):
            return Result(state.winners, PILE_EMPTIED)
        return Result(state.winners, STALEMATE)

    def legal_moves(self, state: State) -> list[Move]:
        legal = state._legal
        if legal is None:
            legal = self._generate(state)
        return list(legal)

    def _generate(self, state: State) -> tuple[Move, ...]:
        """Every legal move of the seat to move, each once, in a fixed order: builds by source
        (pile, hand cards 1..row_length then S, aux rows 1..) and target (row:1.., new:up,
        new:down), then ends by hand card and aux row (aux:1.., aux:new), or the bare end.

        Where a card fits depends only on what the main rows need next (``state.needs``):
        per needs tuple one mask of targets per card, and per source the moves of each
        mask, both memoised, so a position costs a few lookups per source card."""
        seat = state.to_move
        if seat is None:
            state._legal = ()
            return ()
        hand = state.hands[seat]
        if hand[-1]:
            raise StateError(f"seat {seat}'s hand is hidden in this view")
        masks = self._masks.get(state.needs)
        if masks is None:
            masks = self._target_masks(state.needs)
        out: list[Move] = []
        top = state.piles[seat][-1]
        if top >= 0:
            mask = masks[top]
            if mask:
                moves = self._pile_builds[mask]
                if moves is None:
                    moves = self._fill(self._pile_builds, self.table.pile, mask)
                out += moves
        present = self._present.get(hand)
        if present is None:
            present = self._cards_present(hand)
        hand_builds = self._hand_builds
        for card in present:
            mask = masks[card]
            if mask:
                moves = hand_builds[card][mask]
                if moves is None:
                    moves = self._fill(hand_builds[card], self.table.hand[card], mask)
                out += moves
        aux = state.aux[seat]
        if aux:
            aux_builds = self._aux_builds
            for k, row in enumerate(aux, 1):
                mask = masks[row[-1]]
                if mask:
                    moves = aux_builds[k][mask]
                    if moves is None:
                        moves = self._fill(aux_builds[k], self.table.aux[k], mask)
                    out += moves
        if present:
            ends = self._ends_by_rows[len(aux)]
            for card in present:
                out += ends[card]
        else:
            out.append(self.table.end_empty)
        legal = tuple(out)
        state._legal = legal
        return legal

    def _cards_present(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """The cards of a hand's count vector in listing order (memoised: hands recur)."""
        if len(self._present) > 50_000:
            self._present.clear()
        present = self._present[hand] = tuple(card for card in self.hand_order if hand[card])
        return present

    def _target_masks(self, needs: tuple[int | None, ...]) -> tuple[int, ...]:
        """Per card (0 = scissors .. row_length), where it may be built when the main rows
        need ``needs``: bit k for main row slot k, then bits for new:up and new:down."""
        length = self.row_length
        up = 1 << len(needs)
        down = up << 1
        free = None in needs
        masks = []
        for card in range(length + 1):
            mask = 0
            for k, need in enumerate(needs):
                if need is not None and card in (need, SCISSORS):
                    mask |= 1 << k
            if free:
                if card == SCISSORS:
                    mask |= up | down
                elif card == 1:
                    mask |= up
                elif card == length:
                    mask |= down
            masks.append(mask)
        result = tuple(masks)
        if len(self._masks) > 100_000:
            self._masks.clear()
        self._masks[needs] = result
        return result

    def _fill(self, table: list[tuple[Move, ...] | None],
              group: tuple[tuple[Move, ...], Move, Move], mask: int) -> tuple[Move, ...]:
        """The build moves of one source onto the targets of ``mask`` (slot order, then
        new:up, new:down), remembered in ``table``."""
        rows, up, down = group
        slots = len(rows)
        found = [rows[k] for k in range(slots) if mask >> k & 1]
        if mask >> slots & 1:
            found.append(up)
        if mask >> (slots + 1) & 1:
            found.append(down)
        moves = table[mask] = tuple(found)
        return moves

    # -------------------------------------------------------------------------- apply

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        if state.winners:
            raise IllegalMove.because(N_("The game is over."))
        if state.viewer is not None:
            raise IllegalMove.because(N_("A move cannot be played in a view of the game."))
        legal = state._legal
        if legal is None:
            legal = self._generate(state)
        for candidate in legal:  # identity first: the dataclass __eq__ is slow Python
            if candidate is move:
                break
        else:
            for candidate in legal:
                if candidate == move:
                    move = candidate
                    break
            else:
                raise self._why_illegal(state, move)
        if move.kind == "build":
            return self._build(state, move)
        return self._end(state, move)

    def _why_illegal(self, state: State, move: Any) -> IllegalMove:
        """The refusal of a move ``legal_moves`` does not list (explains, never decides)."""
        if not isinstance(move, Move):
            return IllegalMove.because(N_("That is not a move of Cut the Rope."), repr(move))
        text = format_move(move)
        seat = state.to_move
        if seat is None:
            return IllegalMove.because(N_("The game is over."), text)
        if move.kind == "end" and not move.source and any(state.hands[seat]):
            return IllegalMove.because(
                N_("Only an empty hand ends a turn without a card: put a card from your hand "
                   "on an auxiliary row."), text)
        if move.kind == "end" and move.target > len(state.aux[seat]):
            return IllegalMove.because(N_("There is no auxiliary row {row}."), text,
                                       row=move.target)
        if move.kind == "end" and not move.target:
            return IllegalMove.because(
                N_("You already have every auxiliary row you may: put the card on one of "
                   "them."), text)
        if move.source == "hand" and move.card in self.code_to_card \
                and not state.hands[seat][self.code_to_card[move.card]]:
            return IllegalMove.because(N_("That card is not in your hand."), text)
        if move.source == "aux" and move.index > len(state.aux[seat]):
            return IllegalMove.because(N_("There is no auxiliary row {row}."), text,
                                       row=move.index)
        if move.kind == "build" and not move.target and None not in state.rows:
            return IllegalMove.because(N_("Every main row is in use."), text)
        if move.kind == "build" and move.target and (
                move.target > self.main_rows or state.rows[move.target - 1] is None):
            return IllegalMove.because(N_("There is no main row {row}."), text,
                                       row=move.target)
        return IllegalMove.because(N_("That card does not fit there."), text)

    def _build(self, state: State, move: Move) -> tuple[State, list[Event]]:
        seat = state.to_move
        assert seat is not None  # a legal move means a seat is to move
        new = state.copy()
        codes = self.codes
        memo = self._events
        source = move.source
        hand_emptied = False
        removed = False
        if source == "pile":
            pile = state.piles[seat]
            card = pile[-1]
            pile = pile[:-1]
            new.piles = _put(state.piles, seat, pile)
        elif source == "hand":
            card = self.code_to_card[move.card]
            hand = list(state.hands[seat])
            hand[card] -= 1
            new.hands = _put(state.hands, seat, tuple(hand))
            hand_emptied = not any(hand)
        else:
            rows = state.aux[seat]
            index = move.index - 1
            row = rows[index]
            card = row[-1]
            removed = len(row) == 1
            rows = rows[:index] + rows[index + 1:] if removed else \
                rows[:index] + (row[:-1],) + rows[index + 1:]
            new.aux = _put(state.aux, seat, rows)
        main = list(state.rows)
        needs = list(state.needs)
        length = self.row_length
        if move.target:
            slot = move.target - 1
            started = main[slot]
            assert started is not None  # a build onto a row needs the row
            cards, up = started
            cards = cards + (card,)
            value = needs[slot]
            assert value is not None  # a started row needs a number
            started_event = None
        else:
            slot = main.index(None)
            up = move.dir == "up"
            value = 1 if up else length
            cards = (card,)
            key: tuple[Any, ...] = ("row", seat, slot, move.dir)
            started_event = memo.get(key)
            if started_event is None:
                started_event = memo[key] = RowStarted(seat=seat, row=slot + 1, dir=move.dir)
        # Events are frozen values, so equal ones are shared, not rebuilt on every move
        key = (seat, source, card, slot, value, move.index, removed)
        built = memo.get(key)
        if built is None:
            built = memo[key] = (
                Built(seat=seat, source=source, card=codes[card], row=slot + 1, value=value,
                      aux=move.index, aux_removed=removed) if source == "aux" else
                Built(seat=seat, source=source, card=codes[card], row=slot + 1, value=value))
        events: list[Event] = [built] if started_event is None else [started_event, built]
        if len(cards) == length:
            main[slot] = None
            needs[slot] = None
            new.discard = state.discard + cards
            events.append(RowCompleted(row=slot + 1, cards=tuple(codes[c] for c in cards)))
        else:
            main[slot] = (cards, up)
            needs[slot] = value + 1 if up else value - 1
        new.rows = tuple(main)
        new.needs = tuple(needs)
        new.built = True
        if source == "pile":
            if not pile:
                new.winners = (seat,)
                new.to_move = None
                events.append(GameOver(seat=seat, winners=(seat,), reason=PILE_EMPTIED_CODE))
                return new, events
            key = ("top", seat, pile[-1])
            revealed = memo.get(key)
            if revealed is None:
                revealed = memo[key] = PileRevealed(seat=seat, card=codes[pile[-1]])
            events.append(revealed)
        elif hand_emptied and self.refill_when_empty:
            self._draw(new, seat, list(new.hands[seat]), self.hand_size, events)
        if len(memo) > 50_000:
            memo.clear()
        return new, events

    def _end(self, state: State, move: Move) -> tuple[State, list[Event]]:
        seat = state.to_move
        assert seat is not None  # a legal move means a seat is to move
        new = state.copy()
        memo = self._events
        hand = list(state.hands[seat])
        if move.source:
            card = self.code_to_card[move.card]
            hand[card] -= 1
            rows = state.aux[seat]
            if move.target:
                index = move.target - 1
                rows = rows[:index] + (rows[index] + (card,),) + rows[index + 1:]
                where = move.target
            else:
                rows = rows + ((card,),)
                where = len(rows)
            new.aux = _put(state.aux, seat, rows)
            key: tuple[Any, ...] = ("end", seat, card, where, not move.target)
            ended = memo.get(key)
            if ended is None:
                ended = memo[key] = TurnEnded(seat=seat, card=move.card, aux=where,
                                              new=not move.target)
            missing = self.hand_size - sum(hand)
        else:
            ended = TurnEnded(seat=seat, card=None, aux=None, new=False)
            missing = self.hand_size
        events: list[Event] = [ended]
        if missing > 0:
            self._draw(new, seat, hand, missing, events)
        else:
            new.hands = _put(state.hands, seat, tuple(hand))
        if state.began_empty and not state.built:
            new.stall = state.stall + 1
        else:
            new.stall = 0
        if new.stall >= state.players:
            low = min(len(pile) for pile in new.piles)
            winners = tuple(s for s, pile in enumerate(new.piles) if len(pile) == low)
            new.winners = winners
            new.to_move = None
            events.append(GameOver(winners=winners,
                                   piles=tuple(len(pile) for pile in new.piles),
                                   reason=STALEMATE_CODE))
            return new, events
        nxt = seat + 1
        if nxt == state.players:
            nxt = 0
        new.to_move = nxt
        new.built = False
        # Stalemate counts turns that began with no card left to draw. Without `reshuffle`
        # the discard pile can never become a draw pile again, so only the draw pile counts
        # (otherwise such a game could never end once it stalls).
        new.began_empty = not new.draw and (not new.discard or not self.reshuffle)
        key = ("turn", nxt)
        turn = memo.get(key)
        if turn is None:
            turn = memo[key] = NextTurn(seat=nxt)
        events.append(turn)
        return new, events

    def _draw(self, new: State, seat: int, hand: list[int], count: int,
              events: list[Event]) -> None:
        """Draw ``count`` cards into ``hand`` (the seat's hand counts after its move) and
        put it on ``new``, reshuffling the discard pile only when a card must be drawn from
        an empty draw pile (``reshuffle`` rule)."""
        draw = new.draw
        codes = self.codes
        drawn: list[str] = []
        while count > 0:
            if not draw:
                if not (self.reshuffle and new.discard):
                    break
                if drawn:
                    events.append(Drew(seat=seat, cards=tuple(drawn)))
                    drawn = []
                cards = list(new.discard)
                assert new.rng is not None  # apply refuses views: full states have the rng
                new.rng = rng_shuffle(cards, new.rng)
                draw = tuple(cards)
                new.discard = ()
                events.append(Reshuffled(cards=len(cards)))
            take = count if count < len(draw) else len(draw)
            got = draw[len(draw) - take:]
            draw = draw[:len(draw) - take]
            for card in reversed(got):
                hand[card] += 1
                drawn.append(codes[card])
            count -= take
        if drawn:
            events.append(Drew(seat=seat, cards=tuple(drawn)))
        new.draw = draw
        new.hands = _put(new.hands, seat, tuple(hand))

    # -------------------------------------------------------- notation, views, serial

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def parse_move(self, state: State, text: str) -> Move:
        move = parse_notation(text)
        for candidate in self.legal_moves(state):
            if candidate == move:
                return candidate
        raise self._why_illegal(state, move)

    def view(self, state: State, seat: int) -> State:
        return viewing.view(self, state, seat)

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        return viewing.determinize(self, view, seat, rng)

    def players(self, state: State) -> int:
        return state.players

    def step(self, state: State) -> str:
        """Cut the Rope has one kind of turn: "play" until the game is "over"."""
        return "over" if state.winners else "play"

    def view_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        return viewing.view_events(events, seat)

    def to_dict(self, state: State) -> dict[str, Any]:
        return serial.to_dict(self, state)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return serial.from_dict(self, data)


def _put(rows: tuple[Any, ...], seat: int, row: Any) -> tuple[Any, ...]:
    """``rows`` with entry ``seat`` replaced (the others shared)."""
    return rows[:seat] + (row,) + rows[seat + 1:]
