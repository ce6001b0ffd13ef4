"""Card identities and the precomputed tables the hot paths of the engine index into.

Cards are small ints so that sets of them are bit masks: event cards are
``colour * 8 + rank`` (0..31), action cards are 32 (TIME), 33 (RUST), 34 (DEED); unknown
cards of a view are -1 ("??", an event back) and -2 ("?A", an action back).
"""

from __future__ import annotations

COLOURS = "RYBG"
RANKS = ("7", "8", "9", "10", "U", "O", "K", "A")
STRENGTH_OF_RANK = (7, 8, 9, 10, 10, 20, 30, 40)

TIME, RUST, DEED = 32, 33, 34
ACTION_KINDS = ("TIME", "RUST", "DEED")
TIME_BIT, RUST_BIT, DEED_BIT = 1, 2, 4
UNKNOWN_EVENT, UNKNOWN_ACTION = -1, -2
UNKNOWN_EVENT_CODE, UNKNOWN_ACTION_CODE = "??", "?A"

EVENT_IDS = tuple(range(32))
ALL_EVENTS = (1 << 32) - 1
RED_MASK = 0xFF  # colour 0 = R (hearts)

CODES: dict[int, str] = {c * 8 + r: COLOURS[c] + RANKS[r] for c in range(4) for r in range(8)}
CODES.update({TIME: "TIME", RUST: "RUST", DEED: "DEED",
              UNKNOWN_EVENT: UNKNOWN_EVENT_CODE, UNKNOWN_ACTION: UNKNOWN_ACTION_CODE})
IDS: dict[str, int] = {code: card for card, code in CODES.items()}

STRENGTH = tuple(STRENGTH_OF_RANK[card & 7] for card in range(32))
COLOUR_MASK = tuple(0xFF << (8 * c) for c in range(4))
RANK_MASK = tuple(sum(1 << (c * 8 + r) for c in range(4)) for r in range(8))


def is_event(card: int) -> bool:
    """Event cards and action cards live in different decks and obey different limits."""
    return 0 <= card < 32


def kind_bit(card: int) -> int:
    """The bit of an action card's kind, so the kinds on a side or a milestone are one int."""
    return 1 << (card - 32)


def mask_of(cards: tuple[int, ...] | list[int]) -> int:
    """A set of event cards as one int (bit i = event card i)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The event cards of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# Strength levels, strongest first, as masks: used to take the top k strengths of a set.
LEVELS: tuple[tuple[int, int], ...] = tuple(
    (s, sum(1 << card for card in range(32) if STRENGTH[card] == s))
    for s in sorted(set(STRENGTH_OF_RANK), reverse=True))
# Mask of every card at least as strong as level i (for the heart question of a top-k pick).
LEVELS_AT_LEAST = tuple(sum(m for _, m in LEVELS[:i + 1]) for i in range(len(LEVELS)))


def top_sum(avail: int, need: int) -> tuple[int, int]:
    """Largest total strength of ``need`` cards from ``avail`` and the weakest level used.

    Returns ``(sum, level index)``; the caller has checked that enough cards exist.
    """
    total = 0
    for i, (strength, level_mask) in enumerate(LEVELS):
        have = (avail & level_mask).bit_count()
        if have >= need:
            return total + need * strength, i
        total += have * strength
        need -= have
    return total, len(LEVELS) - 1  # pragma: no cover - callers guarantee enough cards
