"""Fixed tables of Královská cesta: colours, pyramids, die faces and trio codes.

Pyramids are numbered ``colour * 3 + size`` so that a pyramid's colour and size are one
integer division away; the hot paths work on these numbers and on bit masks of track
positions, and only serialisation deals in the text codes of the rules page.
"""

from __future__ import annotations

from itertools import permutations

COLOURS: tuple[str, ...] = ("r", "y", "g", "b", "k")
WHITE = 5
FACES: tuple[str, ...] = COLOURS + ("w",)  # die faces; index 5 is the white joker
FACE_INDEX: dict[str, int] = {face: i for i, face in enumerate(FACES)}
SIZES: tuple[str, ...] = ("S", "M", "L")
PYRAMIDS: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SIZES)
PYR_INDEX: dict[str, int] = {code: i for i, code in enumerate(PYRAMIDS)}
ALL_PYRAMIDS_MASK = (1 << len(PYRAMIDS)) - 1

START = "START"
JAIL = "JAIL"
TRAPDOOR = "TRAPDOOR"
GOAL = "GOAL"
SPECIALS: frozenset[str] = frozenset((START, JAIL, TRAPDOOR, GOAL))
UNKNOWN = "??"

# Every trio a deck may hold (5 x 4 x 3 = 60): code -> pyramid numbers, smallest first.
TRIO_PYRAMIDS: dict[str, tuple[int, int, int]] = {}
# code -> bit mask of the colours the card depicts (bit = colour number)
TRIO_COLOURS: dict[str, int] = {}
for _a, _b, _c in permutations(range(5), 3):
    _code = f"{COLOURS[_a]}S-{COLOURS[_b]}M-{COLOURS[_c]}L"
    TRIO_PYRAMIDS[_code] = (_a * 3, _b * 3 + 1, _c * 3 + 2)
    TRIO_COLOURS[_code] = (1 << _a) | (1 << _b) | (1 << _c)


def jail_index(track_cards: int, jail_position: str | int) -> int:
    """Where JAIL lies on a fresh track.

    "third" means round(n / 3). n / 3 never ends in .5 (its fraction is 0, 1/3 or 2/3), so
    Python's round-half-to-even never comes into play: 15 cards -> 5, 16 -> 5, 17 -> 6.
    """
    if jail_position == "third":
        return round(track_cards / 3)
    return int(jail_position)
