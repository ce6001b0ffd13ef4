"""What the Cesta table tells the player: combination names and sums, the card tracker.

Display only: the rules engine alone decides claims. Best reachable combinations use the
engine's own fast search (``game.rules.cesta.combos``) so the tracker agrees with the rules.
"""

from __future__ import annotations

from typing import Any

from game.client.tables.cesta.cards import ALL_EVENTS, RANK_ORDER, STRENGTH, is_event, split
from game.rules.cesta.cards import IDS
from game.rules.cesta.combos import best_in_category


def categories(cards: list[str]) -> set[str]:
    """Every category three event cards qualify for."""
    colours = {split(c)[0] for c in cards}
    ranks = sorted(RANK_ORDER.index(split(c)[1]) for c in cards)
    out = {"sum"}
    run = ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1
    if len(colours) == 1:
        out.add("colour")
    if run:
        out.add("run")
    if run and len(colours) == 1:
        out.add("colour_run")
    if ranks[0] == ranks[2]:
        out.add("three_of_a_kind")
    return out


def combination(cards: list[str], ranking: list[str]) -> tuple[str | None, int]:
    """(category name or None while incomplete, sum of strengths)."""
    total = sum(STRENGTH[split(c)[1]] for c in cards if is_event(c))
    if len(cards) != 3 or not all(is_event(c) for c in cards):
        return None, total
    found = categories(cards)
    for name in ranking:
        if name in found:
            return name, total
    return "sum", total


def on_table(state: dict[str, Any]) -> set[str]:
    cards = set()
    for milestone in state.get("milestones", []):
        for side in milestone["sides"]:
            cards.update(side["events"])
    return cards


def unseen_events(state: dict[str, Any], viewer: int | None) -> list[str]:
    """Event cards not on the table and not in the viewer's hand (the opponent's hand and
    the deck hold exactly these)."""
    known = on_table(state)
    if viewer is not None:
        known.update(state["hands"][viewer])
    else:
        for hand in state["hands"]:
            known.update(hand)
    return [c for c in ALL_EVENTS if c not in known]


def best_reachable(have: list[str], available: list[str], ranking: list[str]
                   ) -> tuple[str, int] | None:
    """Best combination a side can still complete from ``available`` cards."""
    need = 3 - len(have)
    if need <= 0:
        name, total = combination(have, ranking)
        return (name or "sum", total)
    if len(available) < need:
        return None
    have_mask = 0
    have_sum = 0
    for code in have:
        have_mask |= 1 << IDS[code]
        have_sum += STRENGTH[split(code)[1]]
    avail = 0
    for code in available:
        avail |= 1 << IDS[code]
    for name in ranking:
        found = best_in_category(name, have_mask, avail, need, have_sum)
        if found is not None:
            return name, found[0]
    return None


Best = tuple[str, int] | None
TrackerRow = tuple[int, int | None, Best, Best]  # (milestone 1-based, owner, bottom, top)


def tracker(state: dict[str, Any], viewer: int | None, bottom: int) -> dict[str, Any]:
    """Unseen cards and, per open milestone, each side's best reachable combination."""
    ranking = list(state["rules"]["ranking"])
    unseen = unseen_events(state, viewer)

    def hand_of(seat: int) -> list[str]:
        return [c for c in state["hands"][seat] if is_event(c)]

    rows: list[TrackerRow] = []
    for index, milestone in enumerate(state["milestones"]):
        if milestone["owner"] is not None:
            rows.append((index + 1, milestone["owner"], None, None))
            continue
        best: list[Best] = []
        for seat in (bottom, 1 - bottom):
            have = list(milestone["sides"][seat]["events"])
            if viewer is None:  # a spectator knows every hand: a seat's own hand + the deck
                pool = unseen + hand_of(seat)
            else:  # a person: their own hand + whatever they have not seen yet
                pool = unseen + (hand_of(seat) if seat == bottom else [])
            best.append(best_reachable(have, pool, ranking))
        rows.append((index + 1, None, best[0], best[1]))
    return {"unseen": unseen, "rows": rows}
