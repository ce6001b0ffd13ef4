"""What the Cesta table tells the player: combination names and sums, the card tracker.

Display only: the rules engine alone decides claims. What a side counts as and the best it
can still reach come from the rules core (``game.rules.cesta.standing``), action cards
applied, so a label and the tracker say what the comparison will use.
"""

from __future__ import annotations

from typing import Any

from game.client.tables.cesta.cards import ALL_EVENTS, is_event
from game.rules.cesta.standing import Standing, best_standing, standing


def side_standing(state: dict[str, Any], m: int, seat: int) -> Standing:
    """What ``seat``'s side of milestone ``m`` (0-based) counts as, asked of the rules."""
    milestone = state["milestones"][m]
    sides = milestone["sides"]
    return standing(sides[seat]["events"], sides[seat]["actions"], sides[1 - seat]["actions"],
                    state["rules"]["ranking"])


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


Best = Standing | None
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
            side = milestone["sides"][seat]
            best.append(best_standing(have, pool, side["actions"],
                                      milestone["sides"][1 - seat]["actions"], ranking))
        rows.append((index + 1, None, best[0], best[1]))
    return {"unseen": unseen, "rows": rows}
