"""Views, determinization and the ``to_dict`` / ``from_dict`` state format of Cesta.

``from_dict`` is the gate for saves, bug reports, tests and AI workers, so it checks that
the data describes a reachable-looking position (every card once, at most 3 events a side,
the action-card limits, a consistent step) and raises ``StateError`` otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.rules.cesta.cards import (
    CODES,
    IDS,
    UNKNOWN_ACTION,
    UNKNOWN_EVENT,
)
from game.rules.cesta.state import (
    DRAW_STEP,
    OVER_STEP,
    STEP_NAMES,
    CestaState,
    make_state,
)
from game.rules.common import StateError, rules_mismatch

if TYPE_CHECKING:
    from game.rules.cesta.engine import Game

REQUIRED = ("game", "version", "players", "to_move", "winners", "rules", "step", "passes",
            "hands", "event_deck", "action_deck", "milestones")


# --- views ------------------------------------------------------------------------------

def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(UNKNOWN_EVENT if c < 32 else UNKNOWN_ACTION for c in cards)


def view(state: CestaState, seat: int) -> CestaState:
    """What ``seat`` may know: the other hand's backs, deck sizes, no generator state."""
    if seat not in (0, 1):
        raise StateError(f"no seat {seat!r} in Cesta")
    if state.view_of is not None:
        if state.view_of == seat:
            return state
        raise StateError(f"this is already the view of seat {state.view_of}")
    hands = (state.hands[0], _hide(state.hands[1])) if seat == 0 else \
        (_hide(state.hands[0]), state.hands[1])
    return make_state(state.to_move, state.step, state.passes, hands,
                      (UNKNOWN_EVENT,) * len(state.event_deck),
                      (UNKNOWN_ACTION,) * len(state.action_deck), state.ev, state.act,
                      state.owner, state.winners, state.reason, None, seat, state.table,
                      state.used)


def unseen(game: Game, view_state: CestaState, seat: int) -> tuple[list[int], list[int]]:
    """The event cards and action cards ``seat`` cannot locate (hidden hand and decks)."""
    known_events = view_state.table
    action_count = {32: 0, 33: 0, 34: 0}
    for card in view_state.hands[seat]:
        if 0 <= card < 32:
            known_events |= 1 << card
        elif card >= 32:
            action_count[card] += 1
    for side in view_state.act:
        for card in side:
            action_count[card] += 1
    events = [c for c in range(32) if not known_events >> c & 1]
    actions = [k for k in (32, 33, 34) for _ in range(game.action_copies - action_count[k])]
    return events, actions


def determinize(game: Game, view_state: CestaState, seat: int,
                rng: random.Random) -> CestaState:
    """A full state consistent with the view: the unseen cards dealt out at random."""
    if view_state.view_of is None:
        return view_state
    if view_state.view_of != seat:
        raise StateError(f"this is the view of seat {view_state.view_of}, not {seat}")
    events, actions = unseen(game, view_state, seat)
    rng.shuffle(events)
    rng.shuffle(actions)
    other = 1 - seat
    hidden = view_state.hands[other]
    need_e = sum(1 for c in hidden if c == UNKNOWN_EVENT) + len(view_state.event_deck)
    need_a = sum(1 for c in hidden if c == UNKNOWN_ACTION) + len(view_state.action_deck)
    if need_e != len(events) or need_a != len(actions):
        raise StateError("the view's unknown cards do not match the unseen cards")
    hand = []
    for c in hidden:
        if c == UNKNOWN_EVENT:
            hand.append(events.pop())
        elif c == UNKNOWN_ACTION:
            hand.append(actions.pop())
        else:
            hand.append(c)
    hands = (view_state.hands[0], tuple(hand)) if seat == 0 else \
        (tuple(hand), view_state.hands[1])
    return make_state(view_state.to_move, view_state.step, view_state.passes, hands,
                      tuple(events), tuple(actions), view_state.ev, view_state.act,
                      view_state.owner, view_state.winners, view_state.reason,
                      rng.getrandbits(64), None, view_state.table, view_state.used)


# --- to_dict ------------------------------------------------------------------------------

def to_dict(game: Game, state: CestaState) -> dict[str, Any]:
    """The JSON-safe form of architecture.md (stacks bottom first, top last)."""
    rules = {k: (list(v) if isinstance(v, list) else v) for k, v in game.rules.items()}
    milestones = []
    for m in range(game.milestones):
        milestones.append({
            "sides": [{"events": [CODES[c] for c in state.ev[2 * m + s]],
                       "actions": [CODES[c] for c in state.act[2 * m + s]]} for s in (0, 1)],
            "owner": state.owner[m]})
    return {
        "game": "cesta", "version": 1, "players": 2, "to_move": state.to_move,
        "winners": list(state.winners), "rules": rules, "step": STEP_NAMES[state.step],
        "passes": state.passes,
        "hands": [[CODES[c] for c in state.hands[s]] for s in (0, 1)],
        "event_deck": [CODES[c] for c in state.event_deck],
        "action_deck": [CODES[c] for c in state.action_deck],
        "milestones": milestones,
        "reason": state.reason, "view_of": state.view_of,
        "rng": None if state.view_of is not None else state.rng,
    }


# --- from_dict ----------------------------------------------------------------------------

def _seat_of(value: Any, what: str) -> int:
    """A seat that must be given (never null)."""
    seat = _seat(value, what)
    assert seat is not None
    return seat


def _seat(value: Any, what: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or value not in (0, 1):
        raise StateError(f"{what} must be a seat (0 or 1){' or null' if allow_none else ''}, "
                         f"not {value!r}")
    return int(value)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateError(f"{what} must be a list, not {type(value).__name__}")
    return value


def _cards(value: Any, what: str, events: bool, actions: bool, unknown: bool) -> tuple[int, ...]:
    """Card codes of one place, checked for the kinds of card allowed there."""
    out = []
    for code in _list(value, what):
        card = IDS.get(code) if isinstance(code, str) else None
        if card is None:
            raise StateError(f"{what}: {code!r} is not a Cesta card")
        if card < 0:
            if not unknown or (card == UNKNOWN_EVENT and not events) or \
                    (card == UNKNOWN_ACTION and not actions):
                raise StateError(f"{what}: unknown card {code!r} is not allowed there")
        elif card < 32 and not events:
            raise StateError(f"{what}: event card {code} is not allowed there")
        elif card >= 32 and not actions:
            raise StateError(f"{what}: action card {code} is not allowed there")
        out.append(card)
    return tuple(out)


def from_dict(game: Game, data: Mapping[str, Any]) -> CestaState:
    """Load and validate a full state or a view (see the module docstring)."""
    if not isinstance(data, Mapping):
        raise StateError("a Cesta state must be a mapping")
    for key in REQUIRED:
        if key not in data:
            raise StateError(f"missing required key {key!r}")
    if data["game"] != "cesta":
        raise StateError(f"this is a state of {data['game']!r}, not 'cesta'")
    if data["version"] != 1 or isinstance(data["version"], bool):
        raise StateError(f"unsupported version {data['version']!r}")
    if data["players"] != 2 or isinstance(data["players"], bool):
        raise StateError("Cesta has exactly 2 players")
    problem = rules_mismatch(dict(data["rules"]) if isinstance(data["rules"], Mapping)
                             else data["rules"], game.rules)
    if problem:
        raise StateError(problem)
    if data["step"] not in STEP_NAMES:
        raise StateError(f"step must be one of {', '.join(STEP_NAMES)}, not {data['step']!r}")
    step = STEP_NAMES.index(data["step"])
    to_move = _seat(data["to_move"], "to_move", allow_none=True)
    if (to_move is None) != (step == OVER_STEP):
        raise StateError("to_move must be null exactly when the step is 'over'")
    passes = data["passes"]
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 2:
        raise StateError(f"passes must be 0, 1 or 2, not {passes!r}")
    if passes == 2 and step != OVER_STEP:
        raise StateError("two consecutive passes end the game")
    winners_raw = _list(data["winners"], "winners")
    winners = tuple(sorted({_seat_of(w, "winners") for w in winners_raw}))
    if len(winners) != len(winners_raw) or len(winners) > 1:
        raise StateError("winners must list at most one seat, once")
    if winners and step != OVER_STEP:
        raise StateError("winners must be empty while the game is played")

    view_of = data.get("view_of")
    unknown_anywhere = False
    hands_raw = _list(data["hands"], "hands")
    if len(hands_raw) != 2:
        raise StateError("hands must list one hand per seat")
    hands = (_cards(hands_raw[0], "hands[0]", True, game.action_cards, True),
             _cards(hands_raw[1], "hands[1]", True, game.action_cards, True))
    event_deck = _cards(data["event_deck"], "event_deck", True, False, True)
    action_deck = _cards(data["action_deck"], "action_deck", False, True, True)
    unknown_in = [any(c < 0 for c in hands[0]), any(c < 0 for c in hands[1])]
    unknown_anywhere = unknown_in[0] or unknown_in[1] or any(c < 0 for c in event_deck) or \
        any(c < 0 for c in action_deck)
    if view_of is not None:
        view_of = _seat(view_of, "view_of")
    elif unknown_anywhere:
        if unknown_in[0] != unknown_in[1]:
            view_of = 1 if unknown_in[0] else 0
        else:
            view_of = to_move if to_move is not None else 0
    if view_of is not None:
        if unknown_in[view_of]:
            raise StateError(f"the viewing seat {view_of} cannot have unknown cards in hand")
        if any(c >= 0 for c in hands[1 - view_of]):
            raise StateError("a view shows the other seat's hand as unknown backs only")
        if any(c >= 0 for c in event_deck) or any(c >= 0 for c in action_deck):
            raise StateError("a view hides the order of both decks")

    raw_ms = _list(data["milestones"], "milestones")
    if len(raw_ms) != game.milestones:
        raise StateError(f"milestones must list {game.milestones} milestones")
    ev: list[tuple[int, ...]] = []
    act: list[tuple[int, ...]] = []
    owner: list[int | None] = []
    used = [0, 0]
    for m, ms in enumerate(raw_ms, start=1):
        if not isinstance(ms, Mapping) or "sides" not in ms or "owner" not in ms:
            raise StateError(f"milestone {m} needs 'sides' and 'owner'")
        sides = _list(ms["sides"], f"milestone {m} sides")
        if len(sides) != 2:
            raise StateError(f"milestone {m} must have two sides")
        kinds_here = 0
        for s, side in enumerate(sides):
            if not isinstance(side, Mapping) or "events" not in side or "actions" not in side:
                raise StateError(f"milestone {m} side {s} needs 'events' and 'actions'")
            events = _cards(side["events"], f"milestone {m} side {s} events", True, False, False)
            actions = _cards(side["actions"], f"milestone {m} side {s} actions", False,
                             game.action_cards, False)
            if len(events) > 3:
                raise StateError(f"milestone {m} side {s} holds {len(events)} event cards (max 3)")
            for card in actions:
                bit = 1 << (card - 32)
                if kinds_here & bit:
                    raise StateError(f"{CODES[card]} lies twice at milestone {m}")
                if used[s] & bit:
                    raise StateError(f"seat {s} has played {CODES[card]} more than once")
                kinds_here |= bit
                used[s] |= bit
            ev.append(events)
            act.append(actions)
        own = _seat(ms["owner"], f"milestone {m} owner", allow_none=True)
        if own is not None and len(ev[-2 + own]) != 3:
            raise StateError(f"milestone {m} is claimed by seat {own} without 3 event cards")
        owner.append(own)

    # every card exactly once (a view: known cards at most once, counts add up)
    table = 0
    counts = {32: 0, 33: 0, 34: 0}
    unknown_e = unknown_a = 0
    seen_events = 0
    places = [*hands, event_deck, action_deck, *ev, *act]
    for place in places:
        for card in place:
            if card == UNKNOWN_EVENT:
                unknown_e += 1
            elif card == UNKNOWN_ACTION:
                unknown_a += 1
            elif card < 32:
                if seen_events >> card & 1:
                    raise StateError(f"event card {CODES[card]} appears twice")
                seen_events |= 1 << card
            else:
                counts[card] += 1
    for side in ev:
        for card in side:
            table |= 1 << card
    if seen_events.bit_count() + unknown_e != 32:
        raise StateError(f"the state holds {seen_events.bit_count() + unknown_e} event cards, "
                         "not 32")
    for kind, count in counts.items():
        if count > game.action_copies:
            raise StateError(f"{CODES[kind]} appears {count} times "
                             f"(there are {game.action_copies})")
    if sum(counts.values()) + unknown_a != 3 * game.action_copies:
        raise StateError(f"the state holds {sum(counts.values()) + unknown_a} action cards, "
                         f"not {3 * game.action_copies}")
    if view_of is None and unknown_e + unknown_a:
        raise StateError("a full state cannot hold unknown cards")

    for s in (0, 1):
        if len(hands[s]) > game.hand_size:
            raise StateError(f"hand of seat {s} holds more than hand_size cards")
    if step == DRAW_STEP and (len(hands[to_move]) >= game.hand_size  # type: ignore[index]
                              or not (event_deck or action_deck)):
        raise StateError("no draw step with a full hand or with both decks empty")

    owner_t = tuple(owner)
    reason = data.get("reason")
    if step != OVER_STEP:
        for s in (0, 1):
            if game._victory(owner_t, s) is not None:
                raise StateError(f"seat {s} already holds winning milestones")
        reason = None
    else:
        reason = _over_reason(game, owner_t, winners, passes, reason)

    rng = data.get("rng")
    if view_of is not None or rng is None:
        rng = None
    elif isinstance(rng, bool) or not isinstance(rng, int) or not 0 <= rng < 1 << 64:
        raise StateError("rng must be a 64-bit unsigned integer or null")
    return make_state(to_move, step, passes, hands, event_deck, action_deck, tuple(ev),
                      tuple(act), owner_t, winners, reason, rng, view_of, table,
                      (used[0], used[1]))


def _over_reason(game: Game, owner: tuple[int | None, ...], winners: tuple[int, ...],
                 passes: int, reason: Any) -> str:
    """Why a finished game ended, checked against the milestones and passes."""
    if reason not in ("win_any", "win_ends", "stalemate"):
        reason = None  # not ours (another tool's wording): derive it from the position
    if reason == "stalemate" or (reason is None and passes == 2):
        held = (owner.count(0), owner.count(1))
        expected = () if held[0] == held[1] else ((0,) if held[0] > held[1] else (1,))
        if winners != expected:
            raise StateError("a stalemate is won by the seat holding more milestones")
        return "stalemate"
    if len(winners) != 1:
        raise StateError("a game over without a stalemate has one winner")
    won = game._victory(owner, winners[0])
    if won is None:
        raise StateError(f"seat {winners[0]} does not hold winning milestones")
    return reason if reason is not None and (reason == won or _both(game, owner, winners[0])) \
        else won


def _both(game: Game, owner: tuple[int | None, ...], seat: int) -> bool:
    return owner.count(seat) >= game.win_any and game.win_ends and owner[0] == seat == owner[-1]
