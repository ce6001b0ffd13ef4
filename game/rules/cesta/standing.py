"""What each side of a milestone counts as in the comparison there, action cards applied.

The table's labels and the card tracker ask these functions instead of working a category
out themselves, so a label says exactly what the comparison will use: the category one
lower under the opponent's RUST (10 less at the bottom or under TIME), only the sum once a
TIME is in effect, nothing of an action card that the other side's DEED cancels. The
effects themselves come from ``combos.action_effects`` and ``combos.rust``, the one place
the engine's comparison uses too. Cards are the state format's codes (``R7``, ``RUST``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.cesta.cards import IDS, STRENGTH, is_event, kind_bit, mask_of
from game.rules.cesta.combos import (
    FINDERS,
    Key,
    action_effects,
    build_key_table,
    rust,
)

_KEY_TABLES: dict[tuple[str, ...], dict[int, Key]] = {}


@dataclass(frozen=True, slots=True)
class Standing:
    """One side of one milestone as the comparison there counts it.

    ``category`` is None while the side is incomplete and whenever TIME is in effect (then
    only ``total`` counts); ``natural`` is the category before any RUST. ``total`` is the
    sum the comparison uses (a rusted bottom category or a rusted side under TIME is 10
    less); for an incomplete side it is the sum of its cards so far."""

    cards: int
    category: str | None
    natural: str | None
    total: int
    rusted: bool
    timed: bool
    time_owner: bool

    @property
    def complete(self) -> bool:
        return self.cards == 3


def _keys(ranking: Sequence[str]) -> dict[int, Key]:
    names = tuple(ranking)
    table = _KEY_TABLES.get(names)
    if table is None:
        table = _KEY_TABLES[names] = build_key_table(list(names))
    return table


def _kinds(actions: Iterable[str]) -> int:
    kinds = 0
    for code in actions:
        kinds |= kind_bit(IDS[code])
    return kinds


def _events(codes: Iterable[str]) -> tuple[int, ...]:
    cards = tuple(IDS[code] for code in codes)
    if not all(is_event(card) for card in cards):
        raise ValueError(f"not event cards: {tuple(codes)!r}")
    return cards


def _counted(key: Key, ranking: Sequence[str], rusted: bool, timed: bool,
             owner: bool, cards: int = 3) -> Standing:
    natural = ranking[key.position]
    if rusted:
        key = rust(key, len(ranking) - 1, timed)
    return Standing(cards, None if timed else ranking[key.position], natural, key.total,
                    rusted, timed, owner)


def standing(events: Sequence[str], own_actions: Sequence[str],
             other_actions: Sequence[str], ranking: Sequence[str]) -> Standing:
    """What one side of a milestone counts as: its event cards, its own action cards there
    and the other side's action cards there, under the ``ranking`` house rule."""
    cards = _events(events)
    effects = action_effects(_kinds(own_actions), _kinds(other_actions))
    timed = effects.time_owner is not None
    owner = effects.time_owner == 0
    rusted = effects.rusted[0]
    if len(cards) != 3:
        total = sum(STRENGTH[card] for card in cards)
        return Standing(len(cards), None, None, total, rusted, timed, owner)
    key = _keys(ranking)[mask_of(cards)]
    return _counted(key, ranking, rusted, timed, owner)


def best_standing(events: Sequence[str], available: Iterable[str],
                  own_actions: Sequence[str], other_actions: Sequence[str],
                  ranking: Sequence[str]) -> Standing | None:
    """The strongest way this side can still be completed from ``available`` event cards,
    as the comparison would count it (None when too few cards are left to complete it).

    RUST does not keep the order of combinations (a rusted run at the bottom loses 10 and
    can fall behind a big sum), so under RUST every category's best is weighed."""
    cards = _events(events)
    need = 3 - len(cards)
    if need <= 0:
        return standing(events, own_actions, other_actions, ranking)
    have = mask_of(cards)
    avail = mask_of(_events(available)) & ~have
    if avail.bit_count() < need:
        return None
    have_sum = sum(STRENGTH[card] for card in cards)
    effects = action_effects(_kinds(own_actions), _kinds(other_actions))
    timed = effects.time_owner is not None
    owner = effects.time_owner == 0
    rusted = effects.rusted[0]
    best: Standing | None = None
    for position, name in enumerate(ranking):
        found = FINDERS[name](have, avail, need, have_sum, False)
        if found is None:
            continue
        counted = _counted(Key(position, found[0], found[1]), ranking, rusted, timed, owner)
        if best is None or _stronger(counted, best, ranking):
            best = counted
        if not rusted and not timed:
            break   # without RUST or TIME the first category reached is the best
    return best


def _stronger(a: Standing, b: Standing, ranking: Sequence[str]) -> bool:
    if a.timed:
        return a.total > b.total
    place_a = ranking.index(a.category or ranking[-1])
    place_b = ranking.index(b.category or ranking[-1])
    return (-place_a, a.total) > (-place_b, b.total)
