"""An independent, deliberately plain reading of shared/spec/royal-road.md.

It is compared with the real engine move by move (tests/test_royal_road_differential.py),
so it shares no code with ``game.rules.royal_road``: it works straight on the ``to_dict``
format with plain dicts, lists and loops, clarity over speed. Chance is not re-created: the
face of a ``roll`` is read from the engine's resulting state (its ``color``) and the
generator value (``rng``) is copied from it; everything else is recomputed here.

The engine's extra keys are maintained with the meanings its package docstring gives:
``discarded`` (per seat, in dealt order), ``first_player``, ``turn`` (finished turns; a
skipped turn is not one), ``overstep_pending`` ({seat, pyramid, stop} of the last move
when it passed a stop and was not reported yet), ``win_card``, ``view_of`` and
``history`` ([seat, pyramid, from, to] of every pyramid move, ``to`` before a trapdoor fall).

Readings of points the spec leaves open (the engine's documented ones):
- skipped turns are taken automatically when play passes to a seat (no move);
- a report is a correction, not a move: no JAIL, trapdoor, amnesty or bonus follows, the
  pyramid stands; "the nearest free card before" the stop is the nearest card before it
  that holds no other pyramid of its size (START, JAIL and TRAPDOOR are always free);
- when several kept cards are complete, ``win_card`` is the first in kept order.
"""

from __future__ import annotations

from typing import Any

SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")
ORDER = [c + s for c in "rygbk" for s in "SML"]
FACES = ("r", "y", "g", "b", "k", "w")


class RefMismatch(AssertionError):
    """The engine's result cannot be the outcome of the spec's rules (chance included)."""


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough for ``ref_apply`` (the rules are never changed, so shared)."""
    out = dict(d)
    for key in ("track", "lying", "skips", "deck"):
        out[key] = list(d[key])
    for key in ("kept", "dealt", "discarded", "history"):
        out[key] = [list(row) for row in d[key]]
    out["pyramids"] = dict(d["pyramids"])
    if d.get("overstep_pending") is not None:
        out["overstep_pending"] = dict(d["overstep_pending"])
    return out


def ordinary(card: str) -> bool:
    """A face-up royal card (not START, JAIL, TRAPDOOR or GOAL)."""
    return card not in SPECIALS


def depicts(card: str, colour: str) -> bool:
    return ordinary(card) and colour in [part[0] for part in card.split("-")]


def holds_size(d: dict[str, Any], q: int, size: str, besides: str | None = None) -> bool:
    """Does track position q hold a pyramid of ``size`` (other than ``besides``)?"""
    for code, where in d["pyramids"].items():
        if where == q and code[1] == size and code != besides:
            return True
    return False


def targets(d: dict[str, Any], code: str) -> tuple[list[int], int | None]:
    """Where pyramid ``code`` may land, and the first stop ahead of it (or None)."""
    track = d["track"]
    taken = {where for other, where in d["pyramids"].items()
             if other[1] == code[1] and other != code}
    goal = len(track) - 1
    here = d["pyramids"][code]
    if here == goal or code in d["lying"]:
        return [], None
    overstep = d["rules"]["overstep"]
    out: list[int] = []
    first_stop = None
    for q in range(here + 1, len(track)):
        card = track[q]
        if ordinary(card) and q in taken:
            continue  # occupied for this size: ignored completely
        out.append(q)
        if depicts(card, code[0]):
            if first_stop is None:
                first_stop = q
            if not overstep:
                break
    return out, first_stop


def swap_pairs(d: dict[str, Any]) -> list[tuple[int, int]]:
    track = d["track"]
    n = len(track)
    mode = d["rules"]["bonus_swap"]
    if mode == "face-up-only":
        places = [q for q in range(n) if ordinary(track[q])]
    else:
        places = [q for q in range(n) if track[q] not in ("START", "GOAL")]
    return [(a, b) for i, a in enumerate(places) for b in places[i + 1:]]


def ref_legal_moves(d: dict[str, Any]) -> set[str]:
    """Every legal move of the seat to move, as notation strings."""
    step = d["step"]
    seat = d["to_move"]
    if step == "over" or seat is None:
        return set()
    if step == "keep":
        hand = d["dealt"][seat]
        keep = d["rules"]["keep"]
        out = set()

        def choose(start: int, chosen: list[str]) -> None:
            if len(chosen) == keep:
                out.add("keep " + " ".join(chosen))
                return
            for i in range(start, len(hand)):
                choose(i + 1, chosen + [hand[i]])

        choose(0, [])
        return out
    if step == "color":
        out = {"roll"}
        prev = d["previous_color"]
        if d["rules"]["reuse_previous"] and prev is not None and prev != "w":
            out.add("reuse")
        pending = d.get("overstep_pending")
        if d["rules"]["overstep"] and pending is not None and pending["seat"] != seat:
            out.add("report")
        return out
    if step == "move":
        colour = d["color"]
        out = set()
        for code in ORDER:
            if colour != "w" and code[0] != colour:
                continue
            for q in targets(d, code)[0]:
                out.add(f"move {code} {q}")
        return out or {"pass"}
    if step == "bonus":
        return {f"swap {a} {b}" for a, b in swap_pairs(d)} | {"noswap"}
    raise RefMismatch(f"unknown step {step!r}")


def _lying_sorted(codes: list[str]) -> list[str]:
    return [c for c in ORDER if c in codes]


def _end_turn(d: dict[str, Any], seat: int) -> None:
    d["previous_color"] = d["color"]
    d["color"] = None
    d["turn"] = d["turn"] + 1
    goal = len(d["track"]) - 1
    for card in d["kept"][seat]:
        trio = card.split("-")
        if all(d["pyramids"][code] == goal for code in trio):
            d["step"] = "over"
            d["winners"] = [seat]
            d["to_move"] = None
            d["win_card"] = card
            d["overstep_pending"] = None
            return
    d["step"] = "color"
    nxt = (seat + 1) % d["players"]
    while d["skips"][nxt] > 0:
        d["skips"][nxt] -= 1
        nxt = (nxt + 1) % d["players"]
    d["to_move"] = nxt


def ref_apply(d: dict[str, Any], text: str, engine_next: dict[str, Any]) -> dict[str, Any]:
    """The state after ``text`` (which must be legal); ``engine_next`` supplies only chance."""
    if text not in ref_legal_moves(d):
        raise RefMismatch(f"{text!r} is not legal for the reference")
    d = _copy(d)
    seat = d["to_move"]
    words = text.split()
    kind = words[0]
    if kind == "keep":
        chosen = words[1:]
        hand = d["dealt"][seat]
        d["kept"][seat] = chosen
        d["discarded"][seat] = [c for c in hand if c not in chosen]
        d["dealt"][seat] = []
        if seat + 1 < d["players"]:
            d["to_move"] = seat + 1
        else:
            d["step"] = "color"
            d["to_move"] = d["first_player"]
        return d
    if kind == "roll":
        face = engine_next.get("color")
        if face not in FACES:
            raise RefMismatch(f"a roll must give a die face, not {face!r}")
        d["color"] = face
        d["rng"] = engine_next.get("rng")
        d["step"] = "move"
        d["overstep_pending"] = None
        return d
    if kind == "reuse":
        d["color"] = d["previous_color"]
        d["step"] = "move"
        d["overstep_pending"] = None
        return d
    if kind == "report":
        pending = d["overstep_pending"]
        code = pending["pyramid"]
        q = pending["stop"]
        while q > 0 and ordinary(d["track"][q]) and holds_size(d, q, code[1], besides=code):
            q -= 1
        d["pyramids"][code] = q
        d["lying"] = [c for c in d["lying"] if c != code]
        d["skips"][pending["seat"]] += d["rules"]["overstep_penalty_turns"]
        d["overstep_pending"] = None
        return d
    if kind == "pass":
        _end_turn(d, seat)
        return d
    if kind == "noswap":
        _end_turn(d, seat)
        return d
    if kind == "swap":
        a, b = int(words[1]), int(words[2])
        track = d["track"]
        track[a], track[b] = track[b], track[a]
        for code, where in d["pyramids"].items():
            if where == a:
                d["pyramids"][code] = b
            elif where == b:
                d["pyramids"][code] = a
        pending = d.get("overstep_pending")
        if pending is not None:
            if pending["stop"] == a:
                pending["stop"] = b
            elif pending["stop"] == b:
                pending["stop"] = a
        _end_turn(d, seat)
        return d
    if kind == "move":
        code, q = words[1], int(words[2])
        track = d["track"]
        goal = len(track) - 1
        here = d["pyramids"][code]
        first_stop = targets(d, code)[1]
        d["history"].append([seat, code, here, q])
        if d["rules"]["overstep"] and first_stop is not None and q > first_stop:
            d["overstep_pending"] = {"seat": seat, "pyramid": code, "stop": first_stop}
        card = track[q]
        bonus = False
        if card == "TRAPDOOR":
            d["pyramids"][code] = track.index("JAIL")
            d["lying"] = _lying_sorted(d["lying"] + [code])
        elif card == "JAIL":
            d["pyramids"][code] = q
            d["lying"] = _lying_sorted(d["lying"] + [code])
        elif card == "GOAL":
            d["pyramids"][code] = q
            d["lying"] = []  # amnesty
        else:
            d["pyramids"][code] = q
            sizes = {c[1] for c, where in d["pyramids"].items() if where == q}
            bonus = sizes == {"S", "M", "L"} and d["rules"]["bonus_swap"] != "off"
        standing = [c for c in ORDER if d["pyramids"][c] != goal]
        if d["lying"] and all(c in d["lying"] for c in standing):
            d["lying"] = []  # every pyramid not in GOAL lies in JAIL: amnesty at once
        if bonus:
            d["step"] = "bonus"
        else:
            _end_turn(d, seat)
        return d
    raise RefMismatch(f"unknown move {text!r}")


def ref_check_setup(d: dict[str, Any], players: int) -> None:
    """A fresh game as setup describes it (the deal itself is chance)."""
    rules = d["rules"]
    n = rules["track_cards"]
    track = d["track"]
    jail = round(n / 3) if rules["jail_position"] == "third" else rules["jail_position"]
    want = {0: "START", jail: "JAIL", n - 1: "GOAL"}
    if rules["trapdoor"]:
        want[n - 2] = "TRAPDOOR"
    problems = []
    if len(track) != n:
        problems.append("track length")
    for q, card in enumerate(track):
        if want.get(q, "face-up") != (card if card in SPECIALS else "face-up"):
            problems.append(f"track position {q} is {card}")
    if d["step"] != "keep" or d["to_move"] != 0 or d["players"] != players:
        problems.append("setup must start with seat 0 keeping")
    if any(len(h) != rules["deal"] for h in d["dealt"]) or any(d["kept"]):
        problems.append("each seat is dealt `deal` cards and keeps none yet")
    if d["pyramids"] != {c: 0 for c in ORDER} or d["lying"]:
        problems.append("all pyramids stand on START")
    first = rules["first_player"]
    if (first != "random" and d["first_player"] != first) or \
            not 0 <= d["first_player"] < players:
        problems.append("first player")
    cards = [c for c in track if ordinary(c)] + [c for h in d["dealt"] for c in h] + d["deck"]
    if len(set(cards)) != len(cards) or not set(cards) <= set(rules["deck"]):
        problems.append("cards appear twice or come from outside the deck")
    if len(cards) != len(rules["deck"]) - (len(want)):
        problems.append("the face-down special cards leave the game, nothing else")
    if d["color"] is not None or d["previous_color"] is not None or any(d["skips"]) \
            or d["winners"] or d["history"] or d["turn"] != 0 \
            or d["overstep_pending"] is not None:
        problems.append("fresh bookkeeping")
    if problems:
        raise RefMismatch("; ".join(problems))
