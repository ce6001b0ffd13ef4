"""An independent, deliberately plain reading of shared/spec/cut-the-rope.md.

It exists to be compared with the real engine move by move (tests/test_cut_the_rope_differential.py),
so it shares no code with ``game.rules.cut_the_rope`` and works straight on the ``to_dict``
format: plain dicts and lists of card codes, stacks bottom first and top last, clarity over
speed. Chance is not re-created: when the discard pile becomes the draw pile, the new order is
taken from the engine's resulting state after checking it is a permutation of the old discard
pile (``RefMismatch`` otherwise).

Turn bookkeeping for the stalemate rule uses the same optional keys as the engine's format:
``began_empty`` (this turn began with nothing left to draw), ``built`` (a card went to a main
row this turn) and ``stall`` (finished turns in a row that began empty and built nothing).
Readings of points the spec leaves open (each noted where it is used):
- a completed row goes onto the discard pile as the stack it was: its first card lowest;
- the last pile card wins even when it also completes a row; the row is still removed first;
- with ``reshuffle`` off, the discard pile never returns, so a turn "began empty" as soon as
  the draw pile is empty (the project's documented extension).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any


class RefMismatch(AssertionError):
    """The engine's result cannot be the outcome of the spec's rules (chance included)."""


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(d))


def _need(row: dict[str, Any], length: int) -> int:
    """The number a main row needs next."""
    n = len(row["cards"])
    if row["dir"] == "up":
        return n + 1
    return length - n


def _fits_row(card: str, row: dict[str, Any], length: int) -> bool:
    return card == "S" or card == str(_need(row, length))


def _new_row_dirs(card: str, length: int) -> list[str]:
    """Directions a card may start a new main row in."""
    if card == "S":
        return ["up", "down"]
    if card == "1":
        return ["up"]
    if card == str(length):
        return ["down"]
    return []


def ref_legal_moves(d: dict[str, Any]) -> set[str]:
    """Every legal move of the seat to move, as notation strings."""
    seat = d["to_move"]
    if seat is None or d["winners"]:
        return set()
    rules = d["rules"]
    length = rules["row_length"]
    hand = d["hands"][seat]
    aux = d["aux"][seat]
    pile = d["piles"][seat]
    rows = d["rows"]

    sources: list[tuple[str, str]] = []
    if pile:
        sources.append(("pile", pile[-1]))
    for card in sorted(set(hand)):
        sources.append((f"hand:{card}", card))
    for k, row in enumerate(aux, 1):
        sources.append((f"aux:{k}", row[-1]))

    moves: set[str] = set()
    free_slot = any(row is None for row in rows)
    for src, card in sources:
        for k, row in enumerate(rows, 1):
            if row is not None and _fits_row(card, row, length):
                moves.add(f"build {src} row:{k}")
        if free_slot:
            for direction in _new_row_dirs(card, length):
                moves.add(f"build {src} new:{direction}")

    if hand:
        for card in set(hand):
            for k in range(1, len(aux) + 1):
                moves.add(f"end hand:{card} aux:{k}")
            if len(aux) < rules["aux_rows"]:
                moves.add(f"end hand:{card} aux:new")
    else:
        moves.add("end")
    return moves


def _draw_cards(d: dict[str, Any], seat: int, count: int, engine_next: dict[str, Any]) -> None:
    """Draw ``count`` cards one by one from the top; reshuffle only when a card must be drawn
    and the draw pile is empty; with both piles empty nothing more is drawn."""
    rules = d["rules"]
    hand = d["hands"][seat]
    while count > 0:
        if not d["draw"]:
            if not rules["reshuffle"] or not d["discard"]:
                return
            _adopt_reshuffle(d, count, engine_next)
        hand.append(d["draw"].pop())
        count -= 1


def _adopt_reshuffle(d: dict[str, Any], count: int, engine_next: dict[str, Any]) -> None:
    """The discard pile becomes the draw pile, in the order chance gave the engine.

    The engine's draw pile after the move is what is left once the remaining ``count``
    cards were drawn from the top of the shuffled pile, so the shuffled pile must be that
    remainder with the drawn cards (any order: hands are multisets) on top."""
    old = d["discard"]
    rest = list(engine_next["draw"])
    taken = min(count, len(old))
    if len(rest) != len(old) - taken:
        raise RefMismatch(f"after a reshuffle of {len(old)} cards and drawing {taken}, the "
                          f"draw pile should hold {len(old) - taken}, not {len(rest)}")
    drawn = Counter(old) - Counter(rest)
    if Counter(rest) + drawn != Counter(old):
        raise RefMismatch("the new draw pile is no permutation of the old discard pile")
    d["draw"] = rest + sorted(drawn.elements())
    d["discard"] = []


def _turn_began_empty(d: dict[str, Any]) -> bool:
    if d["draw"]:
        return False
    # documented extension: without reshuffle the discard pile can never come back
    return not d["discard"] or not d["rules"]["reshuffle"]


def ref_initial_bookkeeping(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a fresh (start-of-turn) state with the reference's stalemate bookkeeping."""
    out = _copy(d)
    out["began_empty"] = _turn_began_empty(out)
    out["built"] = False
    out["stall"] = 0
    return out


def ref_apply(d: dict[str, Any], move_text: str, engine_next: dict[str, Any]) -> dict[str, Any]:
    """The state after ``move_text`` (which must be legal) by the spec. ``engine_next`` is the
    engine's own result, used ONLY for chance: the order of a reshuffled pile and the rng."""
    if move_text not in ref_legal_moves(d):
        raise RefMismatch(f"{move_text!r} is not legal by the reference")
    d = _copy(d)
    rules = d["rules"]
    length = rules["row_length"]
    seat = d["to_move"]
    hand = d["hands"][seat]
    aux = d["aux"][seat]
    parts = move_text.split()
    if "rng" in engine_next:
        d["rng"] = engine_next["rng"]

    if parts[0] == "build":
        src, dst = parts[1], parts[2]
        if src == "pile":
            card = d["piles"][seat].pop()
        elif src.startswith("hand:"):
            card = src[5:]
            hand.remove(card)
        else:
            k = int(src[4:])
            card = aux[k - 1].pop()
            if not aux[k - 1]:
                del aux[k - 1]          # later rows move up
        if dst.startswith("row:"):
            slot = int(dst[4:]) - 1
            d["rows"][slot]["cards"].append(card)
        else:
            slot = d["rows"].index(None)  # the lowest free slot
            d["rows"][slot] = {"cards": [card], "dir": dst[4:]}
        d["built"] = True
        row = d["rows"][slot]
        if len(row["cards"]) == length:
            # complete: the whole stack goes on top of the discard pile, first card lowest
            d["discard"].extend(row["cards"])
            d["rows"][slot] = None
        if src == "pile" and not d["piles"][seat]:
            d["winners"] = [seat]
            d["to_move"] = None
            return d
        if src.startswith("hand:") and not hand and rules["refill_when_empty"]:
            _draw_cards(d, seat, rules["hand_size"], engine_next)
        return d

    # end of the turn
    if parts != ["end"]:
        card = parts[1][5:]
        where = parts[2][4:]
        hand.remove(card)
        if where == "new":
            aux.append([card])
        else:
            aux[int(where) - 1].append(card)
    _draw_cards(d, seat, rules["hand_size"] - len(hand), engine_next)
    if d["began_empty"] and not d["built"]:
        d["stall"] += 1
    else:
        d["stall"] = 0
    if d["stall"] >= d["players"]:
        fewest = min(len(p) for p in d["piles"])
        d["winners"] = [s for s, p in enumerate(d["piles"]) if len(p) == fewest]
        d["to_move"] = None
        return d
    d["to_move"] = (seat + 1) % d["players"]
    d["built"] = False
    d["began_empty"] = _turn_began_empty(d)
    return d


def normalised(d: dict[str, Any]) -> dict[str, Any]:
    """A state dict for comparison: hands as sorted lists (the spec leaves hand order open)."""
    out = _copy(d)
    out["hands"] = [sorted(h, key=lambda c: (c == "S", int(c) if c != "S" else 0))
                    for h in out["hands"]]
    return out
