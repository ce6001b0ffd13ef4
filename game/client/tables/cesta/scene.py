"""The Cesta table scene: five milestones between two sides, hands, decks, log and tracker.

It owns the table's state (the ``Pointer``, the ``Stage``, the toggles) and three
collaborators: ``TableInput`` turns input into ``Move`` values and commands, ``Presenter``
turns the engine's events into animations and log lines, ``Renderer`` draws the
``TableShows`` the scene builds each frame. It reads only the contract's state format
(``game.to_dict(view)``) and the engine's events, never engine internals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

import pygame

from game.client.i18n import nt
from game.client.match.types import Event
from game.client.match.types import Move as AnyMove
from game.client.tables.base import TableScene
from game.client.tables.cesta import hud
from game.client.tables.cesta.art import CestaArt
from game.client.tables.cesta.cards import ACTIONS, ALL_EVENTS, BACKS, display_order
from game.client.tables.cesta.describe import describe_move
from game.client.tables.cesta.input import CLOSE_TRACKER, LOG, SORT, TRACKER, Intent, TableInput
from game.client.tables.cesta.layout import CestaLayout
from game.client.tables.cesta.model import (
    CestaLogEntry,
    Legal,
    Perspective,
    Pointer,
    Stage,
    TableShows,
)
from game.client.tables.cesta.present import Presenter
from game.client.tables.cesta.render import CardJob, Renderer
from game.client.tables.common import plates
from game.client.tables.common.banner import Banner
from game.client.tables.common.kit import TableKit, refit
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.tables.common.moves import play_move
from game.client.tables.common.rounds import round_number
from game.rules.cesta import Move
from game.rules.cesta.moves import Draw, Pass, Play

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.stage.scene import AppContext

NEXT_SORT = {None: "colour", "colour": "rank", "rank": "colour"}


class CestaTable(TableScene):
    def __init__(self, app: AppContext, match: MatchLike) -> None:
        self.sort_mode: str | None = None
        self.log_open = True
        self.tracker_open = False
        self.time = 0.0
        self.pointer = Pointer()
        self.stage = Stage()
        self.layout = CestaLayout(app.screen.get_size(), match.game.rules["milestones"])
        self.art = CestaArt(app.assets)
        self.input = TableInput(self.layout, self.pointer)
        self.renderer = Renderer(TableKit.of(app, self.art, self.layout))
        self._was_waiting = False
        self._legal_cache: tuple[tuple[int, bool], Legal] | None = None
        super().__init__(app, match)
        # the presenter needs the animator and particles that TableScene makes
        self.event_presenter = Presenter(self.layout, self.stage, self.animator, self.particles,
                                   app.audio, self.seat_name)
        self.prewarm()

    # --- start ----------------------------------------------------------------------------
    def prewarm(self) -> None:
        """Queue every card at every table size for rendering in the loop's spare time
        (``warm``), so the first frame is quick and later frames never hitch on a new
        card."""
        layout = self.layout
        cb = self.colourblind
        self.renderer.queue_warm_up(self.card_jobs())
        if self.view_dict:  # the cards of the first frames now, the rest in idle time
            for seat in (0, 1):
                size = layout.hand_card if seat == self.bottom else layout.hand_small
                for code in self.view_dict["hands"][seat]:
                    self.art.card(code, size, cb)
                    # the deal flies a card at the larger of the deck's and the hand's
                    # size (``draw_flying``): the small hand's cards at the deck's
                    self.art.card(code, layout.deck_size, cb)
            for back in BACKS:   # the deal's flips start on a back
                for size in (layout.hand_card, layout.hand_small, layout.deck_size):
                    self.art.card(back, size, cb)
        self.renderer.background_for(self.app.screen.get_size())

    def card_jobs(self) -> list[CardJob]:
        """Every card at every size this table draws it."""
        layout = self.layout
        cb = self.colourblind
        codes = [*ALL_EVENTS, *ACTIONS, *BACKS]
        jobs: list[CardJob] = [(code, size, cb) for size in (layout.card_size, layout.hand_card,
                                                              layout.hand_small) for code in codes]
        jobs += [(code, layout.action_size, cb) for code in (*ACTIONS, "?A")]
        jobs += [("??", layout.deck_size, False), ("?A", layout.deck_size, False)]
        # a card drawn into the small hand flies at the deck's size (``draw_flying``)
        jobs += [(code, layout.deck_size, cb) for code in (*ALL_EVENTS, *ACTIONS)]
        return jobs

    def warm(self, budget: float) -> None:
        self.renderer.warm_up(budget)

    def on_enter(self) -> None:
        super().on_enter()
        if not self.match.history and not self.concealed:
            self.event_presenter.deal(self.eyes, self.hands())
        # one frame drawn off screen: sprites, fonts and the board are ready before the
        # first real frame, which then only blits
        self.draw(pygame.Surface(self.app.screen.get_size()))

    # --- seats and derived state ---------------------------------------------------------
    @property
    def eyes(self) -> Perspective:
        return Perspective(self.viewer)

    @property
    def bottom(self) -> int:
        return self.eyes.bottom

    @property
    def top(self) -> int:
        return self.eyes.top

    @property
    def colourblind(self) -> bool:
        return bool(self.app.settings["colourblind_symbols"])

    @property
    def animating(self) -> bool:
        """Also while the turn banner shows and hand cards glide to their slots."""
        return super().animating or self.stage.banner is not None or self.renderer.gliding

    def on_view_changed(self) -> None:
        selected = self.pointer.selected
        if selected is not None and selected >= len(self.hand(self.bottom)):
            self.pointer.selected = None

    def hand(self, seat: int, state: dict[str, Any] | None = None) -> list[str]:
        """A seat's hand in display order (sorted for the viewer when asked)."""
        state = state if state is not None else self.view_dict
        if not state:
            return []
        return display_order(state["hands"][seat], self.sort_mode)

    def hands(self, state: dict[str, Any] | None = None) -> dict[int, list[str]]:
        return {seat: self.hand(seat, state) for seat in (0, 1)}

    def legal(self) -> Legal:
        """The moves the person may make now (none while the computer or nobody moves)."""
        waiting = self.match.waiting_for_human
        key = (id(self.match.state), waiting)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return self._legal_cache[1]
        legal = Legal([m for m in self.match.legal_moves() if _is_cesta(m)] if waiting else ())
        self._legal_cache = (key, legal)  # asked several times per frame; moves change rarely
        return legal

    def move_words(self, move: AnyMove) -> str:
        return describe_move(move) if _is_cesta(move) else str(move)

    def shows(self) -> TableShows:
        """What the table shows this frame, for the renderer and the HUD."""
        match = self.match
        eyes, hands = self.eyes, self.hands()
        return TableShows(
            state=self.view_dict, seats=match.seats, eyes=eyes, hands=hands,
            legal=self.legal(), pointer=self.pointer,
            hover=self.input.hover_index(len(hands[eyes.bottom])) if self.view_dict else None,
            stage=self.stage, time=self.time,
            move_number=round_number((entry.seat for entry in match.history), match.to_move),
            to_move=match.to_move, thinking=match.thinking, over=match.over,
            waiting=match.waiting_for_human, sort_mode=self.sort_mode, log_open=self.log_open,
            tracker_open=self.tracker_open,
            tracker_enabled=bool(self.app.settings["card_tracker"]),
            colourblind=self.colourblind,
            presence=tuple(match.presence(seat) for seat in range(len(match.seats))))

    # --- presenting events ------------------------------------------------------------------
    def present(self, seat: int, move: Any, events: list[Event]) -> None:
        before = self.hands() if self.view_dict else {}
        super().present(seat, move, events)
        self.pointer.selected = None
        self.pointer.target = None
        self.event_presenter.present(events, self.eyes, self.view_dict, before, self.hands())

    # --- input ------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """A live resize: the same layout object laid out for the new size (pictures for
        it are drawn as they are first needed, and the rest in spare time)."""
        refit(self.layout, size)
        self.renderer.queue_warm_up(self.card_jobs())

    def log_entries(self) -> Sequence[LogEntry]:
        return self.stage.entries

    def add_note(self, text: str) -> None:
        self.stage.entries.append(CestaLogEntry(None, "note", note=text))

    @property
    def log_scroll(self) -> LogScroll:
        return self.stage.scroll

    def handle_table_event(self, event: pygame.event.Event) -> None:
        intent = self.input.handle(event, self.hand(self.bottom), self.legal(),
                                   self.tracker_open)
        if intent is not None:
            self.follow(intent)

    def follow(self, intent: Intent) -> None:
        """Carry out what one input asked: a command, a sound, a move."""
        if intent.command == SORT:
            self.cycle_sort()
        elif intent.command == TRACKER:
            self.toggle_tracker()
        elif intent.command == LOG:
            self.log_open = not self.log_open
        elif intent.command == CLOSE_TRACKER:
            self.tracker_open = False
        if intent.sound is not None:
            self.app.audio.play(intent.sound)
        if intent.move is not None:
            self.try_move(intent.move)

    def try_move(self, move: AnyMove) -> bool:
        """Play ``move`` for the person if it is legal now; a refused move only sounds."""
        if not _is_cesta(move) or self.match.waiting_for_human and move not in self.legal():
            self.app.audio.play("error")
            return False
        return play_move(self.match, move, self._refused)

    def _refused(self, reason: str | None) -> None:
        if reason is not None:  # not the person's turn: the click is simply ignored
            self.app.audio.play("error")

    def cycle_sort(self) -> None:
        self.sort_mode = NEXT_SORT[self.sort_mode]
        self.pointer.selected = None
        self.app.audio.play("shuffle")

    def toggle_tracker(self) -> None:
        self.tracker_open = not self.tracker_open
        self.app.audio.play("button")

    # --- per frame ------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        self.renderer.tick(dt, self.animator.speed)
        self.stage.update(dt)
        match = self.match
        waiting = match.waiting_for_human and self.view_dict.get("step") == "play"
        if waiting and not self._was_waiting and match.history and \
                match.seats[match.history[-1].seat].is_ai and self.stage.banner is None:
            # the computer has finished: say clearly that it is the person's turn again
            seat = match.to_move
            name = self.seat_name(seat) if seat is not None else ""
            self.stage.banner = Banner(plates.your_turn(name, len(match.humans)), 1.4)
            self.app.audio.play("flip")
        self._was_waiting = waiting

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.concealed:
            self.renderer.draw_concealed(surface)
        else:
            self.renderer.draw(surface, self.shows())

    # --- results ------------------------------------------------------------------------------
    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The path in miniature: each stone ringed in its owner's colour."""
        hud.draw_path_summary(self.renderer.painter, surface, area, self.view_dict, self.eyes)

    def score_line(self) -> str:
        """Each seat's milestones, "Ann: 3 milestones · Bob: 1 milestone"."""
        counts = [0, 0]
        for milestone in self.view_dict.get("milestones", []):
            if milestone["owner"] is not None:
                counts[milestone["owner"]] += 1
        return " · ".join(nt("{name}: {n} milestone", "{name}: {n} milestones", count,
                             name=self.seat_name(seat)) for seat, count in enumerate(counts))

    def coach_rects(self, names: tuple[str, ...], size: tuple[int, int]) -> list[pygame.Rect]:
        """The tutorial's names: ``hand:CODE``, ``milestone:N``, ``deck:event|action``."""
        layout = self.layout
        hand = self.hand(self.bottom)
        slots = layout.hand_slots(len(hand), True)
        rects: list[pygame.Rect] = []
        for name in names:
            kind, _, what = name.partition(":")
            if kind == "hand" and what in hand:
                i = hand.index(what)   # the ring goes where the card is drawn: a picked one rises
                rects.append(slots[i].move(0, -self.pointer.lift(i, None, layout.u)))
            elif kind == "milestone" and what.isdigit():
                rects.append(layout.stone_rect(int(what) - 1))
            elif kind == "column" and what.isdigit():   # both sides of a milestone
                m = int(what) - 1
                rects.append(layout.column_rect(m, True).union(layout.column_rect(m, False)))
            elif name == "deck:event":
                rects.append(layout.event_deck)
            elif name == "deck:action":
                rects.append(layout.action_deck)
        return rects

    def coach_keep_clear(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The banner's strip above the opponent's cards."""
        layout = self.layout
        strip = pygame.Rect(0, 0, int(layout.centre.width * 0.9), int(44 * layout.u))
        strip.center = (layout.centre.centerx, int(116 * layout.u))
        return [strip]

    def coach_soft_areas(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, float]]:
        """Milestones with cards on them cost most, then the hands, then the side panels."""
        layout, state = self.layout, self.view_dict
        areas: list[tuple[pygame.Rect, float]] = []
        for m, milestone in enumerate(state.get("milestones", []) if state else []):
            for bottom, side in ((True, milestone["sides"][self.bottom]),
                                 (False, milestone["sides"][self.top])):
                if side["events"] or side["actions"]:
                    areas.append((layout.column_rect(m, bottom), 3.0))
            areas.append((layout.stone_rect(m), 2.0))
        for bottom, seat in ((True, self.bottom), (False, self.top)):
            slots = layout.hand_slots(len(self.hand(seat)), bottom)
            if slots:
                areas.append((slots[0].unionall(slots), 2.0))
        areas += [(layout.top_plate, 1.5), (layout.bottom_plate, 1.5), (layout.right, 1.0),
                  (layout.left, 0.5)]
        return areas

    def coach_focus(self, names: tuple[str, ...]) -> None:
        """A highlighted hand card becomes the selected one, a highlighted milestone its
        target: the keyboard's focus is the coach's highlight."""
        hand, legal = self.hand(self.bottom), self.legal()
        cards = [what for kind, _, what in (n.partition(":") for n in names)
                 if kind == "hand" and what in hand]
        places = [int(what) - 1 for kind, _, what in (n.partition(":") for n in names)
                  if kind == "milestone" and what.isdigit()]
        if not cards:
            return
        self.input.select(hand.index(cards[0]), hand, legal)
        if places and places[0] in legal.targets(cards[0]):
            self.pointer.target = places[0]

    def hint_places(self, move: AnyMove) -> tuple[str, ...]:
        return hud.hint_places(move) if _is_cesta(move) else ()

    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        return hud.hint_button_rect(self.layout)

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Undo sits at the top right of the felt, clear of the game's name on the right."""
        return pygame.Rect(self.layout.undo_button)

    def replay_band(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The felt's top right, between the other hand and the right panel, above the
        other side's cards: a replay shows that hand face up."""
        layout = self.layout
        u = layout.u
        # the widest the other hand gets (it grows back to a full hand every turn)
        slots = layout.hand_slots(int(self.match.game.rules["hand_size"]), False)
        left = max(r.right for r in slots) + int(12 * u)
        top_cards = min(layout.event_slot(m, False, 2).top for m in range(layout.milestones))
        return pygame.Rect(left, int(6 * u), layout.right.left - int(10 * u) - left,
                           top_cards - int(12 * u))

    def house_badge_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The house-rules badge: at the top left of the felt, left of the other hand."""
        u = self.layout.u
        return pygame.Rect((self.layout.centre.x + int(10 * u), int(14 * u)),
                           self.house_badge_size(size))


TABLE = CestaTable


def _is_cesta(move: AnyMove) -> TypeGuard[Move]:
    """A move of this game (the match's moves are typed as any game's)."""
    return isinstance(move, Play | Draw | Pass)
