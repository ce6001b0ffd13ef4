"""Views, determinization and the dict form (``to_dict`` / ``from_dict``) of states.

Kept apart from the engine because none of it is on the playout hot path; it is where
hidden information is hidden and where outside data is distrusted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.rules.common import StateError, rules_mismatch, seed_to_rng
from game.rules.royal_road.cards import (
    FACE_INDEX,
    FACES,
    GOAL,
    JAIL,
    PYR_INDEX,
    PYRAMIDS,
    START,
    TRAPDOOR,
    TRIO_PYRAMIDS,
    UNKNOWN,
)
from game.rules.royal_road.state import (
    KEEP,
    OVER,
    STEPS,
    Log,
    State,
    TrackInfo,
    log_entries,
    occupancy,
)

if TYPE_CHECKING:
    from game.rules.royal_road.engine import Game

REQUIRED = ("game", "version", "players", "to_move", "winners", "rules", "step", "track",
            "pyramids", "lying", "kept", "dealt", "color", "previous_color", "skips", "deck")
_new = object.__new__


def _hide(row: tuple[str, ...]) -> tuple[str, ...]:
    return (UNKNOWN,) * len(row)


def view(game: Game, state: State, seat: int) -> State:
    """What ``seat`` knows: its own cards, the board, a winner's revealed card."""
    if not 0 <= seat < state.players:
        raise StateError(f"no seat {seat} in a {state.players}-player game")
    s = state.clone()
    s.dealt = tuple(row if i == seat else _hide(row) for i, row in enumerate(state.dealt))
    s.discarded = tuple(row if i == seat else _hide(row)
                        for i, row in enumerate(state.discarded))
    kept = [row if i == seat else _hide(row) for i, row in enumerate(state.kept)]
    if state.winners and state.win_card is not None:
        w = state.winners[0]
        if w != seat and state.win_card in state.kept[w]:
            row = list(kept[w])
            row[state.kept[w].index(state.win_card)] = state.win_card
            kept[w] = tuple(row)
    s.kept = tuple(kept)
    s.deck = _hide(state.deck)
    s.rng = None
    s.view_of = seat
    return s


def determinize(game: Game, view_state: State, seat: int, rng: random.Random) -> State:
    """A full state agreeing with the view: unknown cards drawn uniformly from the unseen."""
    known = _known_cards(view_state)
    pool = [c for c in game.deck_cards if c not in known]
    rng.shuffle(pool)
    it = iter(pool)

    def fill(row: tuple[str, ...]) -> tuple[str, ...]:
        if UNKNOWN not in row:
            return row
        try:
            return tuple(next(it) if c == UNKNOWN else c for c in row)
        except StopIteration:
            raise StateError("the view hides more cards than the deck has unseen") from None

    s = view_state.clone()
    s.dealt = tuple(fill(row) for row in view_state.dealt)
    s.kept = tuple(fill(row) for row in view_state.kept)
    s.discarded = tuple(fill(row) for row in view_state.discarded)
    s.deck = fill(view_state.deck)
    s.rng = rng.getrandbits(64)
    s.view_of = None
    return s


def _known_cards(state: State) -> set[str]:
    known = {c for c in state.ti.track if c in TRIO_PYRAMIDS}
    for rows in (state.dealt, state.kept, state.discarded):
        for row in rows:
            known.update(c for c in row if c != UNKNOWN)
    known.update(c for c in state.deck if c != UNKNOWN)
    return known


def to_dict(game: Game, s: State) -> dict[str, Any]:
    rules = dict(game.rules)
    rules["deck"] = list(rules["deck"])
    pending = None
    if s.pending is not None:
        pending = {"seat": s.pending[0], "pyramid": PYRAMIDS[s.pending[1]],
                   "stop": s.pending[2]}
    return {
        "game": "royal_road",
        "version": 1,
        "players": s.players,
        "to_move": s.to_move,
        "winners": list(s.winners),
        "rules": rules,
        "step": s.step,
        "track": list(s.ti.track),
        "pyramids": {code: s.pos[p] for p, code in enumerate(PYRAMIDS)},
        "lying": [code for p, code in enumerate(PYRAMIDS) if s.lying >> p & 1],
        "kept": [list(row) for row in s.kept],
        "dealt": [list(row) for row in s.dealt],
        "color": None if s.color is None else FACES[s.color],
        "previous_color": None if s.prev is None else FACES[s.prev],
        "skips": list(s.skips),
        "deck": list(s.deck),
        "discarded": [list(row) for row in s.discarded],
        "first_player": s.first,
        "turn": s.turn,
        "rng": s.rng,
        "overstep_pending": pending,
        "win_card": s.win_card,
        "view_of": s.view_of,
        "history": [[seat, PYRAMIDS[p], a, b] for seat, p, a, b in log_entries(s.log)],
    }


def _fail(reason: str) -> StateError:
    return StateError(reason)


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _face(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if value not in FACE_INDEX:
        raise _fail(f"{name} must be one of {', '.join(FACES)} or null, not {value!r}")
    return FACE_INDEX[value]


def _lenient(game: Game, data: Mapping[str, Any]) -> dict[str, Any]:
    """Accept two spellings of hand-written positions (scenarios, other tools).

    Without an "rng" key, a dict with no "??" is a full state with a fixed generator (a
    view must say ``"rng": null``). A seat that has kept its cards but still lists all of
    its dealt cards (kept ones included), or only the ones it did not keep, is read as
    having discarded those.
    """
    data = dict(data)
    rows = (data.get("dealt"), data.get("kept"), data.get("discarded"))
    if "rng" not in data:
        cards = [c for key in rows if isinstance(key, list) for row in key
                 if isinstance(row, list) for c in row]
        deck = data.get("deck")
        if isinstance(deck, list):
            cards += deck
        data["rng"] = None if UNKNOWN in cards else seed_to_rng(0)
    dealt, kept, discarded = rows
    if isinstance(dealt, list) and isinstance(kept, list) and len(dealt) == len(kept):
        discarded = list(discarded) if isinstance(discarded, list) and \
            len(discarded) == len(dealt) else [[] for _ in dealt]
        new_dealt: list[Any] = []
        for seat, (hand, keep) in enumerate(zip(dealt, kept, strict=True)):
            if isinstance(hand, list) and isinstance(keep, list) and keep \
                    and len(hand) == game.deal and UNKNOWN not in keep \
                    and all(c in hand for c in keep):
                new_dealt.append([])
                if not discarded[seat]:
                    discarded[seat] = [c for c in hand if c not in keep]
            elif isinstance(hand, list) and isinstance(keep, list) and hand \
                    and len(keep) == game.keep and len(hand) == game.deal - game.keep \
                    and not discarded[seat] and not set(hand) & set(keep):
                new_dealt.append([])        # only the discards left "in hand"
                discarded[seat] = list(hand)
            else:
                new_dealt.append(hand)
        data["dealt"] = new_dealt
        if "discarded" in data or discarded != [[] for _ in dealt]:
            data["discarded"] = discarded
    return data


def from_dict(game: Game, data: Mapping[str, Any]) -> State:
    """Rebuild a state (or a view, when "rng" is null), checking it could really occur."""
    if not isinstance(data, Mapping):
        raise _fail("a state must be a mapping")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise _fail(f"missing key(s): {', '.join(missing)}")
    if data["game"] != "royal_road":
        raise _fail(f"not a royal_road state: game {data['game']!r}")
    if data["version"] != 1:
        raise _fail(f"unsupported version {data['version']!r}")
    players = data["players"]
    if isinstance(players, bool) or players not in game.player_range():
        raise _fail(f"bad player count {players!r}")
    rules = data["rules"]
    problem = rules_mismatch(dict(rules) if isinstance(rules, Mapping) else rules, game.rules)
    if problem:
        raise _fail(problem)
    data = _lenient(game, data)
    rng = data.get("rng")
    is_view = rng is None
    if not is_view:
        _int(rng, "rng", 0, (1 << 64) - 1)
    step = data["step"]
    if step not in STEPS:
        raise _fail(f"bad step {step!r}")

    n = game.n
    track = data["track"]
    if not isinstance(track, list) or len(track) != n:
        raise _fail(f"the track must list {n} cards")
    if track[0] != START or track[-1] != GOAL:
        raise _fail("START must lie at position 0 and GOAL at the last position")
    for name, count in ((START, 1), (GOAL, 1), (JAIL, 1), (TRAPDOOR, int(game.trapdoor))):
        if track.count(name) != count:
            raise _fail(f"the track must hold {count} {name} card(s)")
    if game.bonus_swap != "any-but-ends" and (
            track[game.jail0] != JAIL or (game.trapdoor and track[n - 2] != TRAPDOOR)):
        raise _fail("JAIL and TRAPDOOR cannot have moved under this bonus_swap rule")
    seen: set[str] = set()
    total = 0

    def card(c: Any, where: str, hidden_ok: bool) -> str:
        nonlocal total
        if c == UNKNOWN and hidden_ok and is_view:
            total += 1
            return UNKNOWN
        if not isinstance(c, str) or c not in game.deck_set:
            raise _fail(f"{where}: {c!r} is not a card of this deck")
        if c in seen:
            raise _fail(f"card {c} appears twice")
        seen.add(c)
        total += 1
        return c

    for q, c in enumerate(track):
        if c not in (START, GOAL, JAIL, TRAPDOOR):
            card(c, f"track position {q}", False)
    ti = TrackInfo(tuple(track))

    pyramids = data["pyramids"]
    if not isinstance(pyramids, Mapping) or set(pyramids) != set(PYRAMIDS):
        raise _fail("pyramids must give the position of each of the 15 pyramids once")
    pos = tuple(_int(pyramids[code], f"position of {code}", 0, n - 1) for code in PYRAMIDS)
    occ = [0, 0, 0]
    for p, q in enumerate(pos):
        if ti.ordinary >> q & 1:
            if occ[p % 3] >> q & 1:
                raise _fail(f"two pyramids of size {PYRAMIDS[p][1]} on the card at {q}")
            occ[p % 3] |= 1 << q
    lying_list = data["lying"]
    if not isinstance(lying_list, list) or any(c not in PYR_INDEX for c in lying_list) \
            or len(set(lying_list)) != len(lying_list):
        raise _fail("lying must list distinct pyramid codes")
    lying = 0
    for code in lying_list:
        if pos[PYR_INDEX[code]] != ti.jail:
            raise _fail(f"{code} lies but is not on JAIL")
        lying |= 1 << PYR_INDEX[code]

    def rows(key: str, default: Any = None) -> tuple[tuple[str, ...], ...]:
        value = data.get(key, default)
        if not isinstance(value, list) or len(value) != players \
                or not all(isinstance(r, list) for r in value):
            raise _fail(f"{key} must be a list of {players} card lists")
        return tuple(tuple(card(c, f"{key} of seat {i}", True) for c in r)
                     for i, r in enumerate(value))

    dealt = rows("dealt")
    kept = rows("kept")
    has_discards = "discarded" in data
    discarded = rows("discarded", [[] for _ in range(players)])
    deck = data["deck"]
    if not isinstance(deck, list):
        raise _fail("deck must be a list")
    deck_t = tuple(card(c, "deck", True) for c in deck)
    if total + (4 if game.trapdoor else 3) > len(game.deck_cards):
        raise _fail("more cards than the deck holds")

    to_move = data["to_move"]
    winners = data["winners"]
    if not isinstance(winners, list):
        raise _fail("winners must be a list")
    if step == OVER:
        if to_move is not None or len(winners) != 1:
            raise _fail("a finished game has one winner and nobody to move")
        _int(winners[0], "winner", 0, players - 1)
    else:
        if winners:
            raise _fail("winners must be empty while playing")
        _int(to_move, "to_move", 0, players - 1)
    first = _int(data.get("first_player", 0), "first_player", 0, players - 1)
    for seat in range(players):
        keeping = step == KEEP and seat >= to_move
        want_dealt = game.deal if keeping else 0
        want_kept = 0 if keeping else game.keep
        if len(dealt[seat]) != want_dealt or len(kept[seat]) != want_kept:
            raise _fail(f"seat {seat} must hold {want_dealt} dealt and {want_kept} kept cards "
                        f"in step {step}")
        if has_discards and len(discarded[seat]) not in (0, game.deal - want_kept) \
                and not (keeping and not discarded[seat]):
            raise _fail(f"seat {seat} has {len(discarded[seat])} discarded cards")
    color = _face(data["color"], "color")
    prev = _face(data["previous_color"], "previous_color")
    if (color is None) != (step in (KEEP, "color", OVER)):
        raise _fail(f"color must be set exactly in the move and bonus steps, not {step}")
    if step == KEEP and prev is not None:
        raise _fail("no colour can have been used before the first turn")
    skips = data["skips"]
    if not isinstance(skips, list) or len(skips) != players:
        raise _fail("skips must list a count per seat")
    skips_t = tuple(_int(k, "skips", 0, 1000) for k in skips)
    turn = _int(data.get("turn", 0), "turn", 0, 1 << 40)
    pending = data.get("overstep_pending")
    pending_t = None
    if pending is not None:
        if not isinstance(pending, Mapping) or pending.get("pyramid") not in PYR_INDEX:
            raise _fail("overstep_pending must name a seat, a pyramid and a stop")
        if not game.overstep or step not in ("color", "bonus"):
            raise _fail("an overstep can be pending only under the overstep rule, in the "
                        "colour step after it or the bonus step of its mover")
        pending_t = (_int(pending.get("seat"), "overstep seat", 0, players - 1),
                     PYR_INDEX[pending["pyramid"]],
                     _int(pending.get("stop"), "overstep stop", 0, n - 1))
    win_card = data.get("win_card")
    if step == OVER:
        w = winners[0]
        if win_card is None:
            win_card = next((c for c in kept[w] if c in TRIO_PYRAMIDS and all(
                pos[p] == ti.goal for p in TRIO_PYRAMIDS[c])), None)
        if win_card not in kept[w] and UNKNOWN not in kept[w]:
            raise _fail("the winner holds no kept card with its trio in GOAL")
        if win_card is not None and any(pos[p] != ti.goal for p in TRIO_PYRAMIDS[win_card]):
            raise _fail("the winning trio is not in GOAL")
    elif win_card is not None:
        raise _fail("win_card is set but nobody has won")
    view_of = data.get("view_of")
    if is_view:
        if view_of is None:
            view_of = to_move if to_move is not None else 0
        _int(view_of, "view_of", 0, players - 1)
    elif view_of is not None:
        raise _fail("a full state (with rng) cannot be a view")

    log: Log = None
    history = data.get("history", [])
    if not isinstance(history, list):
        raise _fail("history must be a list of [seat, pyramid, from, to]")
    for entry in history:
        if not isinstance(entry, list) or len(entry) != 4 or entry[1] not in PYR_INDEX:
            raise _fail(f"bad history entry {entry!r}")
        log = (_int(entry[0], "history seat", 0, players - 1), PYR_INDEX[entry[1]],
               _int(entry[2], "history from", 0, n - 1), _int(entry[3], "history to", 0, n - 1),
               log)
    s = _new(State)
    s.log = log
    s.players = players
    s.step = step
    s.to_move = to_move
    s.ti = ti
    s.pos = pos
    s.lying = lying
    s.occ = occupancy(ti, pos)
    s.dealt = dealt
    s.kept = kept
    s.discarded = discarded
    s.deck = deck_t
    s.color = color
    s.prev = prev
    s.skips = skips_t
    s.rng = rng
    s.turn = turn
    s.winners = tuple(winners)
    s.first = first
    s.pending = pending_t
    s.win_card = win_card
    s.view_of = view_of
    s.legal = None
    return s
