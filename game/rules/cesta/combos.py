"""Combinations, the action-card effects, comparison and the claim-by-proof search.

A combination's *key* is ``(position, sum, heart)``: ``position`` is its category's place in
the ``ranking`` list (0 = strongest), ``heart`` is 1 when it holds a red card. One key beats
another when its position is smaller, then its sum larger, then (heart tie-break) when only
it holds a heart - i.e. ``(-position, sum, heart)`` compared lexicographically.

The proof never enumerates completions blindly: it walks the categories strongest first,
asks whether *any* completion of the opponent's side reaches that category (a few mask
tests), and only inside the first reachable one computes the best (sum, heart) directly.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from game.rules.cesta.cards import (
    COLOUR_MASK,
    DEED_BIT,
    LEVELS_AT_LEAST,
    RANK_MASK,
    RED_MASK,
    RUST_BIT,
    STRENGTH,
    STRENGTH_OF_RANK,
    TIME_BIT,
    cards_of,
    top_sum,
)

CATEGORY_NAMES = ("colour_run", "three_of_a_kind", "colour", "run", "sum")


def qualifies(cards: tuple[int, int, int]) -> set[str]:
    """Every category three event cards qualify for (a colour run is also a colour and a run;
    every three cards make a sum)."""
    colours = {c >> 3 for c in cards}
    ranks = sorted(c & 7 for c in cards)
    out = {"sum"}
    same_colour = len(colours) == 1
    run = ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1
    if same_colour:
        out.add("colour")
    if run:
        out.add("run")
    if same_colour and run:
        out.add("colour_run")
    if ranks[0] == ranks[2]:
        out.add("three_of_a_kind")
    return out


class Key(NamedTuple):
    """A combination's strength (see the module docstring)."""

    position: int
    total: int
    heart: int


def build_key_table(ranking: list[str]) -> dict[int, Key]:
    """Key of every 3-card set, indexed by its mask: one dict lookup in the hot path."""
    place = {name: i for i, name in enumerate(ranking)}
    table: dict[int, Key] = {}
    for trio in combinations(range(32), 3):
        position = min(place[name] for name in qualifies(trio))
        total = sum(STRENGTH[c] for c in trio)
        heart = 1 if any(c < 8 for c in trio) else 0
        table[(1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])] = Key(position, total, heart)
    return table


# --- the action cards: the ONE place their effects are decided ------------------------------

class Effects(NamedTuple):
    """What the action cards at one milestone do to the comparison there."""

    rusted: tuple[bool, bool]   # is side 0 / side 1's combination rusted (by the other)?
    time_owner: int | None      # side whose TIME is in effect (None: categories count)


def action_effects(kinds_a: int, kinds_b: int) -> Effects:
    """Effects of the action kinds on side a and side b of one milestone (bit masks).

    DEED cancels every opponent action card there; RUST rusts the opponent's combination;
    TIME makes the sums decide, ties going to its owner. No kind can lie on both sides.
    """
    if kinds_b & DEED_BIT:
        kinds_a = 0
    if kinds_a & DEED_BIT:
        kinds_b = 0
    time_owner = 0 if kinds_a & TIME_BIT else 1 if kinds_b & TIME_BIT else None
    return Effects((bool(kinds_b & RUST_BIT), bool(kinds_a & RUST_BIT)), time_owner)


def rust(key: Key, bottom: int, timed: bool) -> Key:
    """A rusted combination: one category lower, or 10 less at the bottom or under TIME."""
    if timed or key.position >= bottom:
        return Key(key.position, key.total - 10, key.heart)
    return Key(key.position + 1, key.total, key.heart)


def compare(key_a: Key, key_b: Key, kinds_a: int, kinds_b: int, bottom: int,
            heart_tiebreak: bool) -> tuple[int, str]:
    """Winner of two complete combinations at one milestone: (1 = a, -1 = b, 0 = open draw)
    and what decided it ("category", "sum", "heart", "time", "draw")."""
    if not kinds_a | kinds_b:
        if key_a.position != key_b.position:
            return (1 if key_a.position < key_b.position else -1), "category"
        if key_a.total != key_b.total:
            return (1 if key_a.total > key_b.total else -1), "sum"
        if heart_tiebreak and key_a.heart != key_b.heart:
            return (1 if key_a.heart else -1), "heart"
        return 0, "draw"
    effects = action_effects(kinds_a, kinds_b)
    timed = effects.time_owner is not None
    if effects.rusted[0]:
        key_a = rust(key_a, bottom, timed)
    if effects.rusted[1]:
        key_b = rust(key_b, bottom, timed)
    if timed:
        if key_a.total != key_b.total:
            return (1 if key_a.total > key_b.total else -1), "sum"
        return (1 if effects.time_owner == 0 else -1), "time"
    if key_a.position != key_b.position:
        return (1 if key_a.position < key_b.position else -1), "category"
    if key_a.total != key_b.total:
        return (1 if key_a.total > key_b.total else -1), "sum"
    if heart_tiebreak and key_a.heart != key_b.heart:
        return (1 if key_a.heart else -1), "heart"
    return 0, "draw"


# --- best completion of an incomplete side --------------------------------------------------

def _windows() -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    colour_runs = []
    for colour in range(4):
        for low in range(6):
            mask = sum(1 << (colour * 8 + low + i) for i in range(3))
            total = sum(STRENGTH_OF_RANK[low + i] for i in range(3))
            colour_runs.append((mask, total, 1 if colour == 0 else 0))
    colour_runs.sort(key=lambda w: (w[1], w[2]), reverse=True)
    runs = [(low, sum(STRENGTH_OF_RANK[low + i] for i in range(3))) for low in range(6)]
    runs.sort(key=lambda w: w[1], reverse=True)
    return colour_runs, runs


COLOUR_RUN_WINDOWS, RUN_WINDOWS = _windows()
TRIP_RANKS = sorted(range(8), key=lambda r: STRENGTH_OF_RANK[r], reverse=True)


# colour-run windows that contain each card (the opponent's side must fit inside one)
COLOUR_RUN_BY_CARD = tuple([w for w in COLOUR_RUN_WINDOWS if w[0] >> card & 1]
                           for card in range(32))


def best_colour_run(have: int, avail: int, need: int, have_sum: int = 0,
                    pick: bool = False) -> tuple[int, int, int] | None:
    """Best (sum, heart, completion mask) of a colour run over ``have`` using ``avail``."""
    windows = COLOUR_RUN_BY_CARD[(have & -have).bit_length() - 1] if have else \
        COLOUR_RUN_WINDOWS
    for mask, total, heart in windows:
        if have & ~mask == 0 and (mask & ~have) & ~avail == 0:
            return total, heart, mask & ~have
    return None


def best_three_of_a_kind(have: int, avail: int, need: int, have_sum: int = 0,
                         pick: bool = False) -> tuple[int, int, int] | None:
    best = None
    ranks = ((have & -have).bit_length() - 1 & 7,) if have else TRIP_RANKS
    for rank in ranks:
        rank_mask = RANK_MASK[rank]
        if have & ~rank_mask:
            continue
        pool = avail & rank_mask
        if pool.bit_count() < need:
            continue
        heart = 1 if (have | pool) & RED_MASK else 0
        if best is None or (3 * STRENGTH_OF_RANK[rank], heart) > best[:2]:
            chosen = _pick(pool, need, pool & RED_MASK if not have & RED_MASK else 0) \
                if pick else 0
            best = (3 * STRENGTH_OF_RANK[rank], heart, chosen)
    return best


def best_colour(have: int, avail: int, need: int, have_sum: int,
                pick: bool = False) -> tuple[int, int, int] | None:
    best = None
    colours = ((have & -have).bit_length() - 1 >> 3,) if have else (0, 1, 2, 3)
    for colour in colours:
        colour_mask = COLOUR_MASK[colour]
        if have & ~colour_mask:
            continue
        pool = avail & colour_mask
        if pool.bit_count() < need:
            continue
        total = top_sum(pool, need)[0] + have_sum
        heart = 1 if colour == 0 else 0
        if best is None or (total, heart) > best[:2]:
            best = (total, heart, _top_pick(pool, need) if pick else 0)
    return best


def best_run(have: int, avail: int, need: int, have_sum: int = 0,
             pick: bool = False) -> tuple[int, int, int] | None:
    ranks = 0
    mask = have
    while mask:
        low = mask & -mask
        bit = 1 << ((low.bit_length() - 1) & 7)
        if ranks & bit:
            return None
        ranks |= bit
        mask ^= low
    for low, total in RUN_WINDOWS:
        if ranks & ~(7 << low):
            continue
        chosen = 0
        heart = 1 if have & RED_MASK else 0
        for rank in range(low, low + 3):
            if ranks >> rank & 1:
                continue
            pool = avail & RANK_MASK[rank]
            if not pool:
                break
            if not heart and pool & RED_MASK:
                chosen |= pool & RED_MASK
                heart = 1
            else:
                chosen |= pool & -pool
        else:
            return total, heart, chosen
    return None


def best_sum(have: int, avail: int, need: int, have_sum: int,
             pick: bool = False) -> tuple[int, int, int]:
    total, level = top_sum(avail, need)
    heart = 1 if have & RED_MASK or avail & RED_MASK & LEVELS_AT_LEAST[level] else 0
    return have_sum + total, heart, _top_pick(avail, need, prefer_red=bool(heart)) if pick else 0


def _pick(pool: int, need: int, red: int) -> int:
    """Some ``need`` cards of ``pool``, a red one first when ``red`` offers one."""
    pick = 0
    if red:
        pick = red & -red
        need -= 1
        pool &= ~pick
    for card in cards_of(pool)[:need]:
        pick |= 1 << card
    return pick


def _top_pick(pool: int, need: int, prefer_red: bool = False) -> int:
    """The ``need`` strongest cards of ``pool`` (a red one among equals when asked)."""
    order = sorted(cards_of(pool), key=lambda c: (STRENGTH[c], prefer_red and c < 8),
                   reverse=True)
    pick = 0
    for card in order[:need]:
        pick |= 1 << card
    return pick


FINDERS = {"colour_run": best_colour_run, "three_of_a_kind": best_three_of_a_kind,
           "colour": best_colour, "run": best_run, "sum": best_sum}


def best_in_category(name: str, have: int, avail: int, need: int, have_sum: int,
                     pick: bool = False) -> tuple[int, int, int] | None:
    """Best (sum, heart, completion mask) among completions qualifying for ``name``
    (the mask is only filled in when ``pick`` asks for an example)."""
    return FINDERS[name](have, avail, need, have_sum, pick)


class Proof(NamedTuple):
    """Outcome of a claim by proof, with what the client needs to explain it."""

    holds: bool
    claimant: Key                   # the claimant's key after the opponent's actions
    best: Key | None                # the opponent's best possible completion (None: too few cards)
    completion: int                 # a completion reaching ``best`` (mask of event cards)
    timed: bool                     # the opponent's TIME is in effect


def prove(own: Key, have: int, have_sum: int, opp_kinds: int, avail: int,
          ranking: list[str], heart_tiebreak: bool, detail: bool = False) -> Proof | bool:
    """Does ``own`` beat every completion of the opponent's side ``have`` from ``avail``?

    The opponent's action kinds apply, the claimant's own are ignored (so nothing cancels
    the opponent's). Returns a bool, or a ``Proof`` when ``detail`` is asked for.
    """
    need = 3 - have.bit_count()
    bottom = len(ranking) - 1
    if avail.bit_count() < need:
        return Proof(True, own, None, 0, False) if detail else True
    timed = False
    if opp_kinds:
        effects = action_effects(0, opp_kinds)
        timed = effects.time_owner is not None
        if effects.rusted[0]:
            own = rust(own, bottom, timed)
    if timed:
        total, heart, pick = best_sum(have, avail, need, have_sum, detail)
        holds = own.total > total  # equal sums go to the opponent's TIME
        if detail:
            return Proof(holds, own, Key(_place(have | pick, ranking), total, heart), pick, True)
        return holds
    own_heart = own.heart if heart_tiebreak else 0
    for position, name in enumerate(ranking):
        if position > own.position and not detail:
            return True
        found = FINDERS[name](have, avail, need, have_sum, detail)
        if found is None:
            continue
        if position != own.position:
            holds = position > own.position
        else:
            holds = (own.total, own_heart) > (found[0], found[1] if heart_tiebreak else 0)
        if detail:
            return Proof(holds, own, Key(position, found[0], found[1]), found[2], False)
        return holds
    return Proof(True, own, None, 0, False) if detail else True  # pragma: no cover


def _place(mask: int, ranking: list[str]) -> int:
    cards = tuple(cards_of(mask))
    if len(cards) != 3:
        return len(ranking) - 1
    names = qualifies(cards)
    return min(i for i, name in enumerate(ranking) if name in names)
