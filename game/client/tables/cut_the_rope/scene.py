"""The Cut the Rope table: three shared main rows, piles, auxiliary rows and a fanned hand.

The scene owns the table's state (``Focus``, ``Motion``, ``HudState``) and the
collaborators that work on it: ``TableInput`` turns mouse and keys into ``Move`` values,
``EventPresenter`` turns the engine's events into animations and log lines, ``Renderer``
draws what ``shows()`` says the table shows now. None of them imports this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.client.tables.base import TableScene
from game.client.tables.common.kit import TableKit, refit
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.tables.cut_the_rope import hud
from game.client.tables.cut_the_rope.art import INK, CutArt
from game.client.tables.cut_the_rope.describe import describe_move
from game.client.tables.cut_the_rope.input import TableInput
from game.client.tables.cut_the_rope.layout import CutLayout, SeatGeometry
from game.client.tables.cut_the_rope.model import (
    NEW_ROW,
    Board,
    CutLogEntry,
    Focus,
    HandSlide,
    HudState,
    LegalMoves,
    Motion,
    SeatPlate,
    TableShows,
)
from game.client.tables.cut_the_rope.paint import Kit
from game.client.tables.cut_the_rope.present import EventPresenter
from game.client.tables.cut_the_rope.render import Renderer, draw_result_piles
from game.rules.cut_the_rope.moves import Move as RopeMove
from game.rules.events import Event

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.stage.scene import AppContext

__all__ = ["TABLE", "CutTheRopeTable"]


class CutTheRopeTable(TableScene):
    """The table scene: the flow of a match, the state, and the parts that work on it."""

    handoff_sprite = "cut_the_rope/card_back.svg"

    def __init__(self, app: AppContext, match: MatchLike) -> None:
        rules = match.game.rules
        players = len(match.seats)
        self.art = CutArt(app.assets)
        self.art.big = bool(app.settings["colourblind_symbols"])
        self.layout = CutLayout(app.screen.get_size(), players, rules["main_rows"],
                                rules["aux_rows"], rules["row_length"], rules["hand_size"])
        self.row_length = int(rules["row_length"])
        self.focus = Focus()
        self.motion = Motion()
        self.hud = HudState()
        self.hand_slide = HandSlide()
        self.time = 0.0
        self.view_version = 0
        self.spectate = match.to_move if match.to_move is not None else 0
        self._legal_cache: tuple[Any, LegalMoves] | None = None
        self._geometry: SeatGeometry | None = None
        self.kit: Kit = TableKit.of(app, self.art, self.layout)
        self.renderer = Renderer(self.kit)
        self.input = TableInput(self.focus, self.hud, self.layout, match, app.audio.play)
        super().__init__(app, match)
        self.event_presenter = EventPresenter(self.motion, self.hud, self.animator,
                                              self.particles, self.layout, app.audio.play,
                                              self.plates)
        self.prewarm()

    def on_enter(self) -> None:
        super().on_enter()
        # deal once per match: a table rebuilt by undo at the start does not deal again
        if not self.match.history and not getattr(self.match, "ctr_dealt", False):
            self.match.ctr_dealt = True  # type: ignore[attr-defined]
            self.event_presenter.deal(self.board())

    def on_view_changed(self) -> None:
        self.view_version += 1

    def on_resume(self) -> None:
        """Settings may have changed under the pause menu (colour-blind numbers)."""
        self.art.big = bool(self.app.settings["colourblind_symbols"])
        super().on_resume()

    # --- seats -------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.match.seats)

    @property
    def bottom(self) -> int:
        """The seat drawn in the bottom panel: the viewer, or the seat followed by a spectator."""
        return self.viewer if self.viewer is not None else self.spectate

    @property
    def geometry(self) -> SeatGeometry:
        geometry = self._geometry
        if geometry is None or geometry.bottom != self.bottom:
            geometry = self._geometry = SeatGeometry(self.layout, self.bottom, self.players)
        return geometry

    def plates(self) -> list[SeatPlate]:
        match = self.match
        return [SeatPlate(seat.name, seat.is_ai, match.presence(i))
                for i, seat in enumerate(match.seats)]

    def hand(self, seat: int) -> list[str]:
        return list(self.view_dict["hands"][seat]) if self.view_dict else []

    def my_turn(self) -> bool:
        return self.match.waiting_for_human and self.match.to_move == self.bottom

    def prewarm(self) -> None:
        """Render every card at every table size before the first frame (no hitches)."""
        layout = self.layout
        codes = ["S", "??", *map(str, range(1, self.row_length + 1))]
        sizes = {layout.row_card_size, layout.pile_size, layout.own_card, layout.hand_card,
                 (int(layout.own_pile.w), int(layout.own_pile.h))}
        for panel in self.layout.seat_panels(max(1, self.players - 1))[:1]:
            sizes.add(panel.card)
            sizes.add(panel.hand_card)
        for size in sizes:
            for code in codes:
                self.art.card(code, size)
        angles = {angle for _rect, angle in layout.hand_slots(layout.hand_size)}
        for code in codes:   # a full hand's fan; other angles render once when first used
            for angle in angles:
                self.art.rotated(code, layout.hand_card, angle)
        u = layout.u
        self.art.sprite("candy", (int(46 * u), int(46 * u)))
        self.art.sprite("monster", layout.monster.size)
        self.renderer.background(self.app.screen.get_size(), self.players)

    # --- what can be done and what is shown ---------------------------------------------------
    def legal(self) -> LegalMoves:
        """The person's legal moves now (none while no person may act)."""
        key = (len(self.match.history), self.match.waiting_for_human)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return self._legal_cache[1]
        moves = [m for m in self.match.legal_moves() if isinstance(m, RopeMove)] \
            if self.match.waiting_for_human else []
        legal = LegalMoves(moves)
        self._legal_cache = (key, legal)
        return legal

    def board(self) -> Board:
        return Board(self.view_dict, self.viewer, self.bottom, self.row_length,
                     self.layout.aux_rows, self.geometry, self.legal(), self.my_turn(),
                     self.focus)

    def shows(self) -> TableShows:
        match = self.match
        return TableShows(self.board(), self.motion, self.hud, self.hand_slide, self.plates(),
                          match.to_move, match.thinking, match.over, self.time,
                          self.view_version)

    def move_words(self, move: Any) -> str:
        return describe_move(move)

    # --- presenter ---------------------------------------------------------------------------
    def present(self, seat: int, move: Any, events: list[Event]) -> None:
        before = self.view_dict
        previous = self.last_move
        # a chain of builds by one seat flows quicker than single moves
        self.motion.chain = bool(previous and previous[0] == seat
                                 and isinstance(previous[1], RopeMove)
                                 and previous[1].kind == "build" and move.kind == "build")
        super().present(seat, move, events)
        focus = self.focus
        focus.selected = None
        focus.kb_target = None
        focus.chooser = None
        focus.drag = None
        if move.kind == "end":
            focus.end_mode = False
        self.event_presenter.present(events, before, self.board())

    @property
    def busy(self) -> bool:
        return self.animator.busy

    @property
    def animating(self) -> bool:
        """Also while a banner or a toast counts down."""
        return super().animating or self.hud.banner is not None or self.hud.toast is not None

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.input.wants_escape(event):
            self.focus.clear()
            return
        super().handle_event(event)

    def on_resize(self, size: tuple[int, int]) -> None:
        """A live resize: the same layout object laid out for the new size (pictures for
        it are drawn as they are first needed)."""
        refit(self.layout, size)
        self._geometry = None
        # the hand's sliding places were the old size's: the cards stand at the new ones
        # (under a pause the table gets no update to slide them there)
        self.hand_slide.x.clear()

    @property
    def summary_colours(self) -> tuple[tuple[int, int, int, int], tuple[int, int, int]]:
        return (246, 249, 253, 248), INK   # the log is dark ink on light paper here

    def add_note(self, text: str) -> None:
        self.hud.entries.append(CutLogEntry(None, "note", text=text))

    def log_entries(self) -> Sequence[LogEntry]:
        return self.hud.entries

    @property
    def log_scroll(self) -> LogScroll:
        return self.hud.scroll

    def handle_table_event(self, event: pygame.event.Event) -> None:
        self.input.handle(event, self.board())

    # --- per frame ---------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        self.hud.update(dt)
        self.motion.prune()
        if self.viewer is None and not self.match.hot_seat and not self.animator.busy:
            to_move = self.match.to_move
            if to_move is not None and to_move != self.spectate:
                self.spectate = to_move
        if self.focus.selected is not None and not self.my_turn():
            self.focus.clear()
        if self.view_dict:
            hand = self.hand(self.bottom)
            self.hand_slide.update(self.bottom, hand, self.layout.hand_slots(len(hand)), dt,
                                   self.animator.speed)
        focus = self.focus
        focus.hover_target = None
        if focus.drag is not None and focus.drag.moved:
            focus.hover_target = self.input.target_at(focus.drag.pos, self.board())
        elif focus.selected is not None:
            focus.hover_target = self.input.target_at(focus.mouse, self.board())

    def draw_table(self, surface: pygame.Surface) -> None:
        shows = None if self.concealed or not self.view_dict else self.shows()
        self.renderer.draw(surface, shows, self.players)

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Undo sits beside End turn in the bottom panel (the top band holds the seats)."""
        return self.layout.undo_button

    def house_badge_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The house-rules badge: on the bottom panel's name row, left of the turn steps."""
        layout = self.layout
        rect = pygame.Rect((0, 0), self.house_badge_size(size))
        rect.midright = (layout.controls.x - int(12 * layout.u), layout.bottom_header.centery)
        return rect

    # --- results -----------------------------------------------------------------------------
    def draw_result_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each player's remaining personal pile under the results: top card and count."""
        state = self.match.game.to_dict(self.match.state)
        draw_result_piles(self.kit, surface, rect, state["piles"], set(state["winners"]),
                          [plate.name for plate in self.plates()])

    def score_line(self) -> str:
        """Empty: ``draw_result_extra`` shows every remaining pile as cards with counts."""
        return ""

    def pile_counts(self) -> list[int]:
        return [len(p) for p in self.match.game.to_dict(self.match.state)["piles"]]


    def coach_rects(self, names: tuple[str, ...], size: tuple[int, int]) -> list[pygame.Rect]:
        """The tutorial's names: ``hand:V``, ``row:K``, ``pile``, ``aux:K`` / ``aux:new``,
        ``draw``, ``discard``."""
        layout, geometry = self.layout, self.geometry
        hand = self.hand(self.bottom)
        slots = geometry.hand_rects(self.bottom, len(hand))
        aux_rows = self.view_dict["aux"][self.bottom] if self.view_dict else []
        rects: list[pygame.Rect] = []
        for name in names:
            kind, _, what = name.partition(":")
            if kind == "hand" and what in hand:
                rects.append(slots[hand.index(what)])
            elif kind == "row" and what.isdigit():
                rects.append(layout.row_rect(int(what) - 1))
            elif name == "pile":
                rects.append(pygame.Rect(layout.own_pile))
            elif kind == "aux":
                k = len(aux_rows) if what == "new" else int(what) - 1
                if 0 <= k < layout.aux_rows:
                    rects.append(geometry.aux_column(k))
            elif name == "draw":
                rects.append(pygame.Rect(layout.draw_pile))
            elif name == "discard":
                rects.append(pygame.Rect(layout.discard_pile))
        return rects

    def coach_keep_clear(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The banner strip above the rows."""
        return [pygame.Rect(self.layout.banner_strip)]

    def coach_soft_areas(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, float]]:
        """The opponent's panel and the rows in play cost most, the own panel next, then
        the piles; the log and empty corners least."""
        layout, state = self.layout, self.view_dict
        rows = state["rows"] if state else []
        areas = [(panel.rect, 4.0) for panel in layout.seat_panels(max(1, self.players - 1))]
        areas += [(layout.row_rect(k), 3.0 if k < len(rows) and rows[k] else 1.0)
                  for k in range(layout.main_rows)]
        return areas + [(layout.bottom_panel, 3.0), (layout.side, 1.5), (layout.log, 0.3)]

    def coach_focus(self, names: tuple[str, ...]) -> None:
        """A highlighted source (pile, hand card, auxiliary row) becomes the picked one, a
        highlighted place its keyboard target."""
        hand, board = self.hand(self.bottom), self.board()
        source: tuple[Any, ...] | None = None
        places: list[str] = []
        for name in names:
            kind, _, what = name.partition(":")
            if source is None and kind == "hand" and what in hand:
                source = ("hand", hand.index(what))
            elif source is None and name == "pile":
                source = ("pile",)
            elif source is None and kind == "aux" and what.isdigit():
                source = ("aux", int(what))
            elif kind in ("row", "aux"):
                places.append(name)
        if source is None:
            return
        self.input.select(source, board)
        targets = board.targets_of(source)
        # a highlighted empty slot is where a new row starts
        for place in [*places, NEW_ROW]:
            if place in targets:
                self.focus.kb_target = place
                break

    def draw_popups(self, surface: pygame.Surface) -> None:
        """The banner and a refusal's toast stay readable over the lesson's box."""
        super().draw_popups(surface)
        hud.draw_banner(self.kit, surface, self.hud.banner)
        hud.draw_toast(self.kit, surface, self.hud.toast)

    def hint_places(self, move: Any) -> tuple[str, ...]:
        return hud.hint_places(move, self.view_dict)

    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        return hud.hint_button_rect(self.layout)


TABLE = CutTheRopeTable
