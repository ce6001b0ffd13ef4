"""``to_dict`` / ``from_dict``: the JSON-safe state format of architecture.md.

Loading validates everything a real position must satisfy (every card of the deck exactly
once, main rows in sequence, row counts within the house rules, unknown cards only where a
view may hide them) so that a hand-edited save fails with one clear ``StateError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.rules.common import StateError, rules_mismatch, seed_to_rng
from game.rules.cut_the_rope.state import State, needs_of, number_at

if TYPE_CHECKING:
    from game.rules.cut_the_rope.engine import Game

REQUIRED = ("game", "version", "players", "to_move", "winners", "rules", "piles", "hands",
            "aux", "rows", "draw", "discard")
VERSION = 1


def row_need(row: Mapping[str, Any] | None, length: int) -> int | None:
    """The number a main row of the dict form (``{"cards", "dir"}``) needs next, as the
    engine's ``needs`` has it; None for a free slot."""
    if row is None:
        return None
    return number_at(len(row["cards"]), row["dir"] == "up", length)


def to_dict(game: Game, state: State) -> dict[str, Any]:
    """The state as plain JSON data; stacks bottom first, hands numbers-then-scissors."""
    codes = game.codes
    order = game.hand_order
    hands = []
    for hand in state.hands:
        cards = [codes[c] for c in order for _ in range(hand[c])]
        cards.extend(["??"] * hand[-1])
        hands.append(cards)
    rules = dict(game.rules)
    rules["pile_sizes"] = dict(rules["pile_sizes"])
    return {
        "game": "cut_the_rope",
        "version": VERSION,
        "players": state.players,
        "to_move": state.to_move,
        "winners": list(state.winners),
        "rules": rules,
        "piles": [[codes[c] for c in pile] for pile in state.piles],
        "hands": hands,
        "aux": [[[codes[c] for c in row] for row in rows] for rows in state.aux],
        "rows": [None if row is None else {"cards": [codes[c] for c in row[0]],
                                           "dir": "up" if row[1] else "down"}
                 for row in state.rows],
        "draw": [codes[c] for c in state.draw],
        "discard": [codes[c] for c in state.discard],
        "rng": state.rng,
        "stall": state.stall,
        "began_empty": state.began_empty,
        "built": state.built,
        "viewer": state.viewer,
    }


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise StateError(f"{what} must be a list")
    return list(value)


def from_dict(game: Game, data: Mapping[str, Any]) -> State:
    """Rebuild and validate a state or a view; impossible data raises ``StateError``."""
    if not isinstance(data, Mapping):
        raise StateError("a state must be a mapping")
    for key in REQUIRED:
        if key not in data:
            raise StateError(f"missing required key {key!r}")
    if data["game"] != "cut_the_rope":
        raise StateError(f"not a cut_the_rope state: game = {data['game']!r}")
    if data["version"] != VERSION or not _int(data["version"]):
        raise StateError(f"unsupported version {data['version']!r} (expected {VERSION})")
    rules = data["rules"]
    problem = rules_mismatch(dict(rules) if isinstance(rules, Mapping) else rules, game.rules)
    if problem:
        raise StateError(problem)
    players = data["players"]
    if not _int(players) or players not in game.player_range() \
            or str(players) not in game.rules["pile_sizes"]:
        raise StateError(f"bad player count {players!r}")
    pile_size = game.rules["pile_sizes"][str(players)]

    def seat_ok(value: Any) -> bool:
        return _int(value) and 0 <= value < players

    to_move = data["to_move"]
    if to_move is not None and not seat_ok(to_move):
        raise StateError(f"to_move {to_move!r} is not a seat")
    winners = _list(data["winners"], "winners")
    if not all(seat_ok(w) for w in winners) or len(set(winners)) != len(winners):
        raise StateError(f"bad winners {winners!r}")
    winners = sorted(winners)
    if bool(winners) == (to_move is not None):
        raise StateError("exactly one of to_move and winners must be set")
    viewer = data.get("viewer")
    if viewer is not None and not seat_ok(viewer):
        raise StateError(f"viewer {viewer!r} is not a seat")

    code_to_card = game.code_to_card

    def cards_of(value: Any, what: str) -> tuple[int, ...]:
        out = []
        for code in _list(value, what):
            if not isinstance(code, str) or code not in code_to_card:
                raise StateError(f"{what} holds an unknown card code {code!r}")
            out.append(code_to_card[code])
        return tuple(out)

    def per_seat(key: str) -> list[Any]:
        value = _list(data[key], key)
        if len(value) != players:
            raise StateError(f"{key} must list {players} seats")
        return value

    piles = tuple(cards_of(p, f"piles[{s}]") for s, p in enumerate(per_seat("piles")))
    hand_lists = [cards_of(h, f"hands[{s}]") for s, h in enumerate(per_seat("hands"))]
    aux = []
    for s, raw_rows in enumerate(per_seat("aux")):
        seat_rows = _list(raw_rows, f"aux[{s}]")
        if len(seat_rows) > game.aux_rows:
            raise StateError(f"seat {s} has {len(seat_rows)} auxiliary rows (at most "
                             f"{game.aux_rows})")
        parsed = tuple(cards_of(r, f"aux[{s}][{k}]") for k, r in enumerate(seat_rows))
        if any(not r for r in parsed):
            raise StateError(f"seat {s} has an empty auxiliary row")
        aux.append(parsed)
    main = _list(data["rows"], "rows")
    if len(main) != game.main_rows:
        raise StateError(f"rows must have {game.main_rows} slots")
    rows: list[tuple[tuple[int, ...], bool] | None] = []
    length = game.row_length
    for k, row in enumerate(main):
        if row is None:
            rows.append(None)
            continue
        if not isinstance(row, Mapping) or "cards" not in row or row.get("dir") not in (
                "up", "down"):
            raise StateError(f"main row {k + 1} must be null or {{cards, dir}}")
        cards = cards_of(row["cards"], f"rows[{k}]")
        up = row["dir"] == "up"
        if not 1 <= len(cards) < length:
            raise StateError(f"main row {k + 1} must hold 1..{length - 1} cards")
        for i, card in enumerate(cards):
            if card != 0 and card != (i + 1 if up else length - i):
                raise StateError(f"main row {k + 1} is out of sequence at card {i + 1}")
        rows.append((cards, up))
    draw = cards_of(data["draw"], "draw")
    discard = cards_of(data["discard"], "discard")

    # where unknown cards may be
    unknown_anywhere = any(-1 in p for p in piles) or any(-1 in h for h in hand_lists) \
        or -1 in draw
    if unknown_anywhere and viewer is None and "viewer" in data:
        raise StateError("unknown cards in a full state (viewer is null)")
    if unknown_anywhere and viewer is None:
        known = [s for s, h in enumerate(hand_lists) if -1 not in h and h]
        if len(known) != 1:
            raise StateError("a view with unknown cards must name its viewer")
        viewer = known[0]
    is_view = viewer is not None
    for s, pile in enumerate(piles):
        if pile and pile[-1] < 0:
            raise StateError(f"the top card of seat {s}'s pile is always visible")
        if -1 in pile and not is_view:
            raise StateError("unknown cards in a full state")
        if len(pile) > pile_size:
            raise StateError(f"seat {s}'s pile is larger than {pile_size}")
        if not pile and s not in winners:
            raise StateError(f"seat {s}'s pile is empty but seat {s} has not won")
    hands = []
    for s, cards in enumerate(hand_lists):
        hidden = cards.count(-1)
        if hidden and (not is_view or s == viewer or hidden != len(cards)):
            raise StateError(f"seat {s}'s hand cannot be (partly) unknown here")
        if len(cards) > game.hand_size:
            raise StateError(f"seat {s} holds more than {game.hand_size} cards")
        hand = list(game.empty_hand)
        for card in cards:
            hand[card] += 1
        hands.append(tuple(hand))
    if -1 in discard or any(-1 in r for rs in aux for r in rs) \
            or any(-1 in r[0] for r in rows if r is not None):
        raise StateError("open cards (rows, auxiliary rows, discard pile) cannot be unknown")
    if -1 in draw and not is_view:
        raise StateError("unknown cards in a full state")

    counts = [0] * (length + 2)
    stacks = [*piles, *hand_lists, *(r for rs in aux for r in rs),
              *(r[0] for r in rows if r is not None), draw, discard]
    for stack in stacks:
        for card in stack:
            counts[card] += 1
    if sum(counts) != game.deck_size:
        raise StateError(f"the state holds {sum(counts)} cards, not {game.deck_size}")
    for card, expected in enumerate(game.deck_counts):
        if counts[card] > expected or (not is_view and counts[card] != expected):
            raise StateError(f"card {game.codes[card]} appears {counts[card]} times, "
                             f"not {expected}")

    rng = data.get("rng")
    if rng is not None and (not _int(rng) or not 0 <= rng < 1 << 64):
        raise StateError(f"bad rng {rng!r}")
    if is_view:
        rng = None
    elif rng is None:
        rng = seed_to_rng(0)
    stall = data.get("stall", 0)
    # Without `reshuffle` the discard pile never returns, so it does not count as a source.
    refillable = bool(discard) and game.rules["reshuffle"]
    began_empty = data.get("began_empty", not draw and not refillable)
    built = data.get("built", False)
    if not _int(stall) or not 0 <= stall < players + (1 if winners else 0):
        raise StateError(f"bad stall count {stall!r}")
    if not isinstance(began_empty, bool) or not isinstance(built, bool):
        raise StateError("began_empty and built must be true or false")
    if stall and not began_empty and not winners:
        raise StateError("a stalled turn must be followed by a turn that began with the "
                         "draw and discard piles empty")
    if began_empty and not built and (draw or refillable) and not winners:
        raise StateError("the turn began with empty draw and discard piles and nothing was "
                         "built, yet they hold cards")
    if not began_empty and not built and not draw and not refillable and not winners:
        # Nothing built means nothing drawn or discarded since the turn began, so the piles
        # were as empty then as now: the turn did begin empty (or the stalemate would come
        # a turn late).
        raise StateError("the turn did not begin with empty draw and discard piles and "
                         "nothing was built, yet they are empty")

    state = State.__new__(State)
    state.players = players
    state.to_move = to_move
    state.winners = tuple(winners)
    state.piles = piles
    state.hands = tuple(hands)
    state.aux = tuple(aux)
    state.rows = tuple(rows)
    state.needs = needs_of(state.rows, game.row_length)
    state.draw = draw
    state.discard = discard
    state.rng = rng
    state.stall = stall
    state.began_empty = began_empty
    state.built = built
    state.viewer = viewer
    state._legal = None
    return state

