"""A plain, slow reference of shared/spec/cesta.md working directly on ``to_dict`` dicts.

Written from the rules page alone (not from the engine) so the differential tests can
catch the engine misreading a clause: plain lists and dicts, brute-force claim by proof
(every completion of the opponent's side is enumerated), action effects worded as in
the spec. Only chance-free steps are applied: a draw takes the top of a deck, which is
the LAST card listed (stacks are listed bottom first, top last).

Readings of points the page leaves open (kept in line with the engine's documented ones):
- "a rusted Sum ... counts 10 less": the category at the BOTTOM of ``ranking`` (it cannot
  move one place down the list), so with a reordered ranking the bottom category is the
  one that loses 10 instead of dropping.
- with both ``win_any`` and ``win_ends`` met at once, the reason is "win_any".
- ``passes`` counts consecutive turns ending in a pass: a play resets it, a draw does not
  (a pass may be followed by its draw step), a claim at the start of a turn resets it
  (also on a winning claim, so a finished game shows 0).
- a pass is followed by the draw step like any play step (only reachable from a
  ``from_dict`` position: in play a passer's hand is already full or both decks are empty).
- hand order is open: a played card leaves its hand, a drawn one is appended.
"""

from __future__ import annotations

import copy
from functools import cache
from itertools import combinations
from typing import Any

RANKS = ["7", "8", "9", "10", "U", "O", "K", "A"]
STRENGTH = {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 20, "K": 30, "A": 40}
COLOURS = "RYBG"
ALL_EVENTS = [c + r for c in COLOURS for r in RANKS]
ACTION_KINDS = ("TIME", "RUST", "DEED")


def colour(card: str) -> str:
    return card[0]


def rank(card: str) -> str:
    return card[1:]


def is_action(card: str) -> bool:
    return card in ACTION_KINDS


@cache
def _qualifies(trio: tuple[str, ...]) -> frozenset[str]:
    colours = {colour(c) for c in trio}
    orders = sorted(RANKS.index(rank(c)) for c in trio)
    same_colour = len(colours) == 1
    consecutive = orders[1] == orders[0] + 1 and orders[2] == orders[1] + 1
    same_rank = orders[0] == orders[1] == orders[2]
    names = {"sum"}
    if same_colour and consecutive:
        names.add("colour_run")
    if same_rank:
        names.add("three_of_a_kind")
    if same_colour:
        names.add("colour")
    if consecutive:
        names.add("run")
    return frozenset(names)


def qualifies(cards: list[str]) -> frozenset[str]:
    """Every category three event cards qualify for."""
    return _qualifies(tuple(sorted(cards)))


def category_position(cards: list[str], ranking: list[str]) -> int:
    """Place in ``ranking`` (0 = strongest) of the strongest category the cards qualify for."""
    names = qualifies(cards)
    return min(i for i, name in enumerate(ranking) if name in names)


def total(cards: list[str]) -> int:
    return sum(STRENGTH[rank(c)] for c in cards)


def has_heart(cards: list[str]) -> bool:
    return any(colour(c) == "R" for c in cards)


def compare(a: list[str], b: list[str], acts_a: list[str], acts_b: list[str],
            rules: dict[str, Any]) -> int:
    """1 when combination ``a`` wins, -1 when ``b`` wins, 0 for an open draw."""
    ranking = rules["ranking"]
    bottom = len(ranking) - 1
    # DEED: the opponent's action cards here have no effect (played before or after it).
    eff_a = [] if "DEED" in acts_b else list(acts_a)
    eff_b = [] if "DEED" in acts_a else list(acts_b)
    time_owner = "a" if "TIME" in eff_a else "b" if "TIME" in eff_b else None
    rusted_a = "RUST" in eff_b
    rusted_b = "RUST" in eff_a
    pos_a, pos_b = category_position(a, ranking), category_position(b, ranking)
    sum_a, sum_b = total(a), total(b)
    if time_owner is not None:
        # categories ignored; a rusted combination counts 10 less
        if rusted_a:
            sum_a -= 10
        if rusted_b:
            sum_b -= 10
        if sum_a != sum_b:
            return 1 if sum_a > sum_b else -1
        return 1 if time_owner == "a" else -1
    if rusted_a:
        if pos_a == bottom:
            sum_a -= 10
        else:
            pos_a += 1
    if rusted_b:
        if pos_b == bottom:
            sum_b -= 10
        else:
            pos_b += 1
    if pos_a != pos_b:
        return 1 if pos_a < pos_b else -1
    if sum_a != sum_b:
        return 1 if sum_a > sum_b else -1
    if rules["heart_tiebreak"]:
        ha, hb = has_heart(a), has_heart(b)
        if ha != hb:
            return 1 if ha else -1
    return 0


def events_on_table(d: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for ms in d["milestones"]:
        for side in ms["sides"]:
            out.update(side["events"])
    return out


def can_claim(d: dict[str, Any], seat: int, m: int) -> bool:
    """Does ``seat`` claim milestone index ``m`` (0-based) at the start of its turn?"""
    ms = d["milestones"][m]
    if ms["owner"] is not None:
        return False
    mine = ms["sides"][seat]
    theirs = ms["sides"][1 - seat]
    if len(mine["events"]) != 3:
        return False
    rules = d["rules"]
    if len(theirs["events"]) == 3:
        return compare(mine["events"], theirs["events"], mine["actions"], theirs["actions"],
                       rules) == 1
    if not rules["proof_claims"]:
        return False
    off_table = [c for c in ALL_EVENTS if c not in events_on_table(d)]
    need = 3 - len(theirs["events"])
    if len(off_table) < need:
        return True
    for extra in combinations(off_table, need):
        completed = list(theirs["events"]) + list(extra)
        # own action cards ignored, the opponent's apply; a tie fails the proof
        if compare(mine["events"], completed, [], theirs["actions"], rules) != 1:
            return False
    return True


def used_kinds(d: dict[str, Any], seat: int) -> set[str]:
    out: set[str] = set()
    for ms in d["milestones"]:
        out.update(ms["sides"][seat]["actions"])
    return out


def ref_legal_moves(d: dict[str, Any]) -> set[str]:
    """Every legal move of the seat to move, in notation."""
    if d["step"] == "over":
        return set()
    if d["step"] == "draw":
        moves = set()
        if d["event_deck"]:
            moves.add("draw event")
        if d["action_deck"]:
            moves.add("draw action")
        return moves
    seat = d["to_move"]
    used = used_kinds(d, seat)
    moves = set()
    for card in set(d["hands"][seat]):
        for m, ms in enumerate(d["milestones"]):
            if ms["owner"] is not None:
                continue
            if is_action(card):
                if card in used:
                    continue
                if card in ms["sides"][0]["actions"] or card in ms["sides"][1]["actions"]:
                    continue
                moves.add(f"play {card} {m + 1}")
            elif len(ms["sides"][seat]["events"]) < 3:
                moves.add(f"play {card} {m + 1}")
    return moves or {"pass"}


def _victory(d: dict[str, Any], seat: int) -> str | None:
    owners = [ms["owner"] for ms in d["milestones"]]
    rules = d["rules"]
    if owners.count(seat) >= rules["win_any"]:
        return "win_any"
    if rules["win_ends"] and owners[0] == seat and owners[-1] == seat:
        return "win_ends"
    return None


def _start_turn(d: dict[str, Any], seat: int) -> None:
    """Hand the turn to ``seat``: claim step (milestone order), then the victory check."""
    d["to_move"] = seat
    d["step"] = "play"
    claimed = [m for m in range(len(d["milestones"])) if can_claim(d, seat, m)]
    for m in claimed:
        d["milestones"][m]["owner"] = seat
    if claimed:
        d["passes"] = 0
    reason = _victory(d, seat)
    if reason is not None:
        d["step"] = "over"
        d["to_move"] = None
        d["winners"] = [seat]
        d["reason"] = reason


def _end_play_step(d: dict[str, Any], seat: int) -> None:
    hand = d["hands"][seat]
    if len(hand) < d["rules"]["hand_size"] and (d["event_deck"] or d["action_deck"]):
        d["step"] = "draw"
    else:
        _start_turn(d, 1 - seat)


def ref_apply(d: dict[str, Any], move: str) -> dict[str, Any]:
    """The state after ``move`` (which must be legal); the input is not changed."""
    if move not in ref_legal_moves(d):
        raise ValueError(f"illegal move {move!r}")
    d = copy.deepcopy(d)
    seat = d["to_move"]
    words = move.split()
    if words[0] == "draw":
        deck = d["event_deck"] if words[1] == "event" else d["action_deck"]
        d["hands"][seat].append(deck.pop())  # the top is the last listed
        _start_turn(d, 1 - seat)
    elif words[0] == "pass":
        d["passes"] += 1
        if d["passes"] >= 2:
            owners = [ms["owner"] for ms in d["milestones"]]
            held = owners.count(0), owners.count(1)
            d["step"] = "over"
            d["to_move"] = None
            d["winners"] = [] if held[0] == held[1] else [0 if held[0] > held[1] else 1]
            d["reason"] = "stalemate"
        else:
            _end_play_step(d, seat)
    else:
        card, m = words[1], int(words[2]) - 1
        d["hands"][seat].remove(card)
        side = d["milestones"][m]["sides"][seat]
        side["actions" if is_action(card) else "events"].append(card)
        d["passes"] = 0
        _end_play_step(d, seat)
    return d
