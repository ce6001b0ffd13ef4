"""What the Královská cesta table knows besides the match: the legal moves sorted by kind,
the person's half-made choices, the running animations, the log — and ``TableView``, the
snapshot of all that which the renderer and the input read (never the scene itself).

The scene owns one ``TableModel``; ``present`` fills its animations and log, ``input`` its
choices; ``render`` and ``hud`` only read it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.client.match.match import Presence
from game.client.tables.common.banner import Banner
from game.client.tables.common.fx import SeatMarks
from game.client.tables.common.legal import LegalIndex
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.tables.royal_road.motion import CardMove, Mover
from game.client.ui import anim
from game.rules.royal_road.moves import (
    Keep,
    MovePyramid,
    NoSwap,
    Report,
    Reuse,
    Roll,
    Swap,
)
from game.rules.royal_road.state import stop_positions

SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")
COLOUR_ORDER = "rygbk"


class Legal(LegalIndex[Any]):
    """The legal Move values of the person at the screen, and the same sorted by kind for
    drawing (which buttons glow, which pyramids and cards may be picked). Empty unless a
    person may act now. "Is this move legal" is ``move in legal``; ``moves`` maps each
    movable pyramid to its landings, in the engine's order."""

    def __init__(self, moves: Iterable[Any] = ()) -> None:
        super().__init__(moves)
        landings: dict[str, list[int]] = {}
        swaps: set[tuple[int, int]] = set()
        for move in self:
            if isinstance(move, MovePyramid):
                landings.setdefault(move.pyramid, []).append(move.to)
            elif isinstance(move, Swap):
                swaps.add((move.a, move.b))
        kinds = {type(move) for move in self}
        self.roll = Roll in kinds
        self.reuse = Reuse in kinds
        self.report = Report in kinds
        self.noswap = NoSwap in kinds
        self.keep = Keep in kinds
        self.moves: Mapping[str, list[int]] = landings       # pyramid → landings
        self.swaps: frozenset[tuple[int, int]] = frozenset(swaps)   # (a, b), a < b

    def swappable(self) -> set[int]:
        return {q for pair in self.swaps for q in pair}


NOTHING = Legal()


def legal_from(moves: list[Any]) -> Legal:
    """Sort the engine's legal Move values by their type (no notation involved)."""
    return Legal(moves)


def overstep_targets(legal: Legal, track: list[str], code: str) -> set[int]:
    """Landings of ``code`` that pass a stop (legal only under the overstep rule)."""
    landings = sorted(legal.moves.get(code, []))
    stop_set = stop_positions(track, code)
    first = next((q for q in landings if q in stop_set), None)
    return {q for q in landings if first is not None and q > first}


def pick_order(codes: Iterable[str]) -> list[str]:
    """Pyramids in the order the keyboard steps through them: by colour, small to large."""
    return sorted(codes, key=lambda c: (COLOUR_ORDER.index(c[0]), c[1] != "S", c[1] == "L"))


@dataclass
class RoyalLogEntry(LogEntry):
    """One line of the Královská cesta log, as parts: words and little pictures."""

    # str, a function giving words (translated as the line is drawn, so a language switch
    # redraws it), ("pyr", code), ("die", face), ("card", code)
    parts: list[Any]


@dataclass
class Reveal:
    """The winner's secret card flying out of the plate and turning over."""

    seat: int
    card: str
    tween: anim.Tween
    burst: bool = False


@dataclass
class TableModel:
    """The table's own state: the person's choices, the animations, banners and log."""

    # the person's half-made choices
    selected: str | None = None      # pyramid picked to move
    target: int | None = None        # landing under the keyboard cursor
    swap_pick: list[int] = field(default_factory=list)
    cursor: int | None = None        # keyboard cursor over the track (bonus)
    # Enter on a pyramid with one landing only arms the move; a second Enter plays it
    armed: tuple[str, int] | None = None
    keep_pick: list[int] = field(default_factory=list)
    keep_cursor: int = 0
    drawer_open: bool = False
    # the pointer
    mouse: tuple[int, int] = (0, 0)
    hover_card: int | None = None
    hover_time: float = 0.0
    pyr_hits: list[tuple[Any, str]] = field(default_factory=list)   # (rect, pyramid) drawn
    time: float = 0.0
    # animations (filled by present, advanced by present.tick)
    movers: dict[str, Mover] = field(default_factory=dict)
    card_moves: dict[int, CardMove] = field(default_factory=dict)
    standing_up: dict[str, anim.Tween] = field(default_factory=dict)
    die_tween: anim.Tween | None = None
    die_face: str | None = None
    die_pulse: anim.Tween | None = None
    reveal: Reveal | None = None
    banner: Banner | None = None
    last_path: tuple[str, int, int] | None = None   # (pyramid, from, to)
    # each seat's last turn, kept until its next one: ("card", q) a landing, ("swap", q) a
    # swapped card, ("pyr", code, q) the pyramid moved (while it still stands on q),
    # ("die", face) the colour rolled or reused, ("jail", code) a pyramid sent to JAIL
    marks: SeatMarks[tuple[Any, ...]] = field(default_factory=SeatMarks)
    entries: list[RoyalLogEntry] = field(default_factory=list)
    scroll: LogScroll = field(default_factory=LogScroll)

    def clear_choices(self) -> None:
        """A move was played: nothing half-picked survives it."""
        self.selected = None
        self.target = None
        self.swap_pick = []
        self.cursor = None
        self.armed = None

    def log(self, seat: int | None, *parts: Any) -> None:
        self.entries.append(RoyalLogEntry(seat, list(parts)))

    def say(self, text: str, seconds: float = 2.2) -> None:
        self.banner = Banner(text[:1].upper() + text[1:], seconds)


@dataclass(frozen=True)
class SeatPlate:
    name: str
    is_ai: bool
    level: str
    presence: Presence | None = None   # online: where the seat's person is


@dataclass(frozen=True, eq=False)
class TableView:
    """What the table shows now, built by the scene for one frame (or one input event):
    everything ``render``, ``hud``, ``screens`` and ``input`` read besides the layout and
    the pictures."""

    state: Mapping[str, Any]          # game.to_dict(view) for the viewer; {} when concealed
    legal: Legal
    ui: TableModel
    seats: tuple[SeatPlate, ...]
    to_move: int | None
    viewer: int | None
    thinking: int | None              # the computer deciding now (None in a replay)
    hot_seat: bool
    notice: bool                      # the match shows a notice (banners wait)
    waiting_for_human: bool
    overstep_rule: bool
    reuse_rule: bool
    report_visible: bool
    keep_count: int
    dealt: tuple[str, ...]            # the cards dealt to the person choosing (keep step)
    big_symbols: bool
    hint_shown: bool = False          # the Hint button sits beside the die tray's title
    round: int = 0                    # the round in progress (0 while cards are chosen)

    @property
    def concealed(self) -> bool:
        return not self.state

    @property
    def track(self) -> list[str]:
        track: list[str] = self.state.get("track", [])
        return track

    def special(self, q: int) -> bool:
        track = self.state.get("track", [])
        return q < len(track) and track[q] in SPECIALS

    @property
    def keep_open(self) -> bool:
        """The setup choice covers the table (the person at the screen keeps cards now)."""
        return self.legal.keep and self.state.get("step") == "keep"

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def overstep_targets(self, code: str) -> set[int]:
        return overstep_targets(self.legal, self.track, code)

    def pyramid_at(self, pos: tuple[int, int]) -> str | None:
        for rect, code in reversed(self.ui.pyr_hits):
            if rect.collidepoint(pos):
                return str(code)
        return None
