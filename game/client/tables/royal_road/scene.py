"""The Královská cesta table: the track as a U of royal cards, fifteen pyramids, the colour
die, the secret-card drawer, the setup choice, bonus swaps and overstep reports.

The scene owns the state — the match, a ``TableModel`` of the table's own choices and
animations, the legal moves sorted by kind — and wires three collaborators that never see
it: ``TableInput`` turns clicks and keys into Move values, ``EventPresenter`` turns the
rules' events into motion and log lines, ``Renderer`` draws the ``TableView`` snapshot the
scene builds for each frame. It reads only the contract's state format
(``game.to_dict(view)``) and the engine's events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import t
from game.client.tables.base import TableScene
from game.client.tables.common import banner
from game.client.tables.common.kit import TableKit, refit
from game.client.tables.common.log import LogEntry, LogScroll
from game.client.tables.common.moves import play_move
from game.client.tables.common.rounds import round_number
from game.client.tables.royal_road import hud, screens
from game.client.tables.royal_road.art import RoyalArt, trio
from game.client.tables.royal_road.describe import describe_move, trio_words
from game.client.tables.royal_road.fx import Paint
from game.client.tables.royal_road.input import TableInput
from game.client.tables.royal_road.layout import RoyalLayout, pyramid_spot
from game.client.tables.royal_road.model import (
    NOTHING,
    SPECIALS,
    Legal,
    SeatPlate,
    TableModel,
    TableView,
    legal_from,
)
from game.client.tables.royal_road.present import EventPresenter
from game.client.tables.royal_road.render import Renderer
from game.client.ui.warm import WarmQueue
from game.rules.royal_road.cards import PYRAMIDS, jail_index
from game.rules.royal_road.events import Kept

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.match.types import Event, Move
    from game.client.stage.scene import AppContext

class RoyalRoadTable(TableScene):
    coach_panel_at = "middle"  # the centre of the track is empty; its top row is not
    handoff_sprite = "royal_road/card_back.svg"

    def __init__(self, app: AppContext, match: MatchLike) -> None:
        rules = match.game.rules
        n = rules["track_cards"]
        self.art = RoyalArt(app.assets)
        self.layout = RoyalLayout(app.screen.get_size(), n,
                                  jail_index(n, rules["jail_position"]))
        self.overstep_rule = bool(rules["overstep"])
        self.reuse_rule = bool(rules["reuse_previous"])
        self.model = TableModel()
        self.paint: Paint = TableKit.of(app, self.art, self.layout)
        self.renderer = Renderer(self.paint)
        self._legal_key: tuple[object, ...] | None = None
        self._legal: Legal = NOTHING
        self._seen_viewer: int | None = -1
        self.warm_queue = WarmQueue()   # pictures made in the loop's spare time
        super().__init__(app, match)   # refreshes the view (on_view_changed below)
        self.event_presenter = EventPresenter(self.model, self.layout, self.animator,
                                              self.particles, app.audio.play, self.seat_name)
        self.input = TableInput(self.model, self.layout, self.shown, self.try_move,
                                app.audio.play)
        # the match's hook is a method that tables replace (its contract, not ours)
        self.prewarm()

    # --- caches -------------------------------------------------------------------------
    def prewarm(self) -> None:
        """Render every picture the table uses before the first frame (no hitches later);
        those needed later are queued for the loop's spare time."""
        for job in self.first_pictures():
            job()
        self.renderer.background(self.app.screen.get_size())
        self.warm_queue.replace(self.later_pictures())

    def first_pictures(self) -> list[Callable[[], Any]]:
        """What the table at rest draws: the track's cards, the pyramids standing and
        lying, the die."""
        layout, art = self.layout, self.art
        cb = self.big_symbols
        jobs: list[Callable[[], Any]] = []
        for code in self.match.game.rules["deck"]:
            jobs.append(partial(art.card, code, layout.card_size))
        for code in (*SPECIALS, "??"):
            jobs.append(partial(art.card, code, layout.card_size))
            jobs.append(partial(art.card, code, layout.secret_size))
        for code in PYRAMIDS:
            for box in (layout.box, layout.small_box):
                jobs.append(partial(art.pyramid, code, box, 0, cb))
                jobs.append(partial(art.pyramid, code, box, 90, cb))
                jobs.append(partial(art.pyramid_box_rect, code, box))
        for face in "rygbkw":
            jobs.append(partial(art.die, face, layout.die_size))
        return jobs

    def later_pictures(self) -> list[Callable[[], Any]]:
        """Pictures first needed later, made in the loop's spare time (``warm``): first
        the small ones every move soon needs (the dice and pyramids of the log lines and
        the plates, pyramids standing up), then the big cards of the setup screen, the
        drawer and the winner's card (2-8 ms each at 1920×1080)."""
        layout, art, cb = self.layout, self.art, self.big_symbols
        u = layout.u
        keep = screens.keep_card_rect(layout, 0, int(self.match.game.rules["deal"]), []).size
        sizes = (keep, layout.secret_size, screens.reveal_size(layout),
                 screens.winner_card_rect(layout).size)
        jobs: list[Callable[[], Any]] = []
        log, plate = int(13 * u), max(9, int(12 * u))   # hud.log_line, hud.last_turn_line
        for face in "rygbkw":
            for side in (int(22 * u), int(log * 1.3), int(plate * 1.3),
                         int(layout.roll_button.height * 0.62)):
                jobs.append(partial(art.die, face, side))
        for code in PYRAMIDS:
            for box in (int(log * 1.6), int(plate * 1.7)):
                jobs.append(partial(art.pyramid, code, box))
            for angle in range(15, 90, 15):   # standing up (``_blit_pyramid``'s steps)
                jobs.append(partial(art.pyramid, code, layout.box, angle, cb))
        viewer_cards = [c for row in self.view_dict.get("dealt", []) for c in row if trio(c)]
        for code in viewer_cards + list(self.match.game.rules["deck"]):
            jobs += [partial(art.card, code, size) for size in sizes]
        for code in PYRAMIDS:
            for box in (int(keep[0] * 0.42), int(layout.secret_size[0] / 3.2)):
                jobs.append(partial(art.pyramid, code, box, 0, cb))
                jobs.append(partial(art.pyramid, code, box))
        return jobs

    @property
    def big_symbols(self) -> bool:
        return bool(self.app.settings["colourblind_symbols"])

    @property
    def animating(self) -> bool:
        """Also while a banner counts down (pictures rendered ahead need no frames: they
        are made in the loop's idle turns, ``warm``)."""
        return super().animating or self.model.banner is not None

    def warm(self, budget: float) -> None:
        self.warm_queue.run(budget)

    def on_view_changed(self) -> None:
        if self.viewer != self._seen_viewer:
            self._seen_viewer = self.viewer
            self.model.drawer_open = False
            self.model.keep_pick = []
        self._legal_key = None

    # --- what the table shows ---------------------------------------------------------------
    def legal(self) -> Legal:
        """What the person at the screen may do now (empty unless it is their turn)."""
        match = self.match
        key = (id(match.state), match.waiting_for_human, self.viewer)
        if key != self._legal_key:
            self._legal_key = key
            self._legal = legal_from(match.legal_moves()) if match.waiting_for_human \
                else NOTHING
        return self._legal

    def shown(self) -> TableView:
        """The snapshot ``render``, ``hud`` and ``input`` read for this frame or event."""
        match = self.match
        return TableView(
            state=self.view_dict, legal=self.legal(), ui=self.model,
            seats=tuple(SeatPlate(s.name, s.is_ai, s.level, match.presence(i))
                        for i, s in enumerate(match.seats)),
            to_move=match.to_move, viewer=self.viewer, thinking=self.thinking_seat,
            hot_seat=match.hot_seat, notice=match.notice is not None,
            waiting_for_human=match.waiting_for_human, overstep_rule=self.overstep_rule,
            reuse_rule=self.reuse_rule, report_visible=self.report_visible(),
            keep_count=int(match.game.rules["keep"]), dealt=tuple(self.dealt()),
            big_symbols=self.big_symbols, hint_shown=self.hint_button_shown,
            round=self.round_now())

    def round_now(self) -> int:
        """The round in progress, counted from the first turn after the cards are chosen
        (0 until then): every seat's turn once is a round."""
        if not self.view_dict or self.view_dict.get("step") == "keep":
            return 0
        match = self.match
        movers = (entry.seat for entry in match.history
                  if not any(isinstance(e, Kept) for e in entry.events))
        return round_number(movers, match.to_move)

    def report_visible(self) -> bool:
        """The Report button is offered to the person choosing a colour after any move by
        someone else, so pressing it reveals nothing about whether a stop was passed."""
        match = self.match
        if not self.overstep_rule or not match.waiting_for_human:
            return False
        history = match.history
        if self.view_dict.get("step") != "color" or not history:
            return False
        last = history[-1]
        choosing_cards = any(isinstance(e, Kept) for e in last.events)
        return last.seat != match.to_move and not choosing_cards

    def dealt(self) -> list[str]:
        seat = self.viewer if self.viewer is not None else self.match.to_move
        rows = self.view_dict.get("dealt", [])
        return list(rows[seat]) if seat is not None and seat < len(rows) else []

    @property
    def thinking_seat(self) -> int | None:
        """The computer deciding now (none in a replay, whose match has no AI worker)."""
        match = self.match
        return match.thinking if not match.over else None

    # --- moves ------------------------------------------------------------------------------
    def try_move(self, move: Any) -> bool:
        """Play a person's Move value; a refusal (``IllegalMove``) is a sound, not a crash."""
        return play_move(self.match, move, self._refused)

    def _refused(self, reason: str | None) -> None:
        if reason is not None:  # not the person's turn: the click is simply ignored
            self.app.audio.play("error")

    def move_words(self, move: Any) -> str:
        return describe_move(move)

    def present(self, seat: int, move: Move, events: list[Event]) -> None:
        before = self.view_dict
        super().present(seat, move, events)  # refreshes self.view_dict
        self.event_presenter.present(events, before, self.view_dict)

    # --- per frame -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """A live resize: the same layout object laid out for the new size (pictures for
        it are drawn as they are first needed)."""
        refit(self.layout, size)
        # the pictures of the new size: the first frame makes what it shows, spare time
        # the rest (the old size's queue is dropped)
        self.warm_queue.replace([*self.first_pictures(), *self.later_pictures()])

    def log_entries(self) -> Sequence[LogEntry]:
        return self.model.entries

    def add_note(self, text: str) -> None:
        self.model.log(None, text)

    @property
    def log_scroll(self) -> LogScroll:
        return self.model.scroll

    def handle_table_event(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def update_table(self, dt: float) -> None:
        ui = self.model
        ui.time += dt
        moves = self.legal().moves if self.view_dict else {}
        if len(moves) == 1 and ui.selected is None:
            self.input.select(next(iter(moves)))   # the only pyramid that can go: picked
        card = self.layout.card_at(ui.mouse) if self.view_dict else None
        if card != ui.hover_card:
            ui.hover_card, ui.hover_time = card, 0.0
        else:
            ui.hover_time += dt
        ui.banner = banner.tick(ui.banner, dt)
        self.event_presenter.tick(self.view_dict)

    def draw_table(self, surface: pygame.Surface) -> None:
        hits = self.renderer.draw(self.shown(), surface)
        if hits is not None:
            self.model.pyr_hits = hits

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The Undo button sits in the die tray, under Report (never over the die)."""
        return pygame.Rect(self.layout.undo_button)

    def house_badge_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The house-rules badge: at the right end of the move log's title row."""
        layout = self.layout
        rect = pygame.Rect((0, 0), self.house_badge_size(size))
        rect.topright = (layout.log_rect.right - int(6 * layout.u),
                         layout.log_rect.y + int(2 * layout.u))
        return rect

    # --- results -------------------------------------------------------------------------------
    def score_line(self) -> str:
        """Empty: ``draw_result_extra`` gives each seat its score beside its secret cards."""
        return ""

    def result_hands(self) -> list[screens.ResultHand]:
        """What the results panel shows of each seat: name, score and every kept card."""
        match = self.match
        winners = list(match.result().winners) if match.over else []
        return screens.result_hands(match.game.to_dict(match.state) if match.over else {},
                                    [seat.name for seat in match.seats], winners)

    def result_extra_height(self, width: int, u: float) -> int:
        return screens.result_hands_height(u)

    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Every player's secret cards on the panel itself, by its name and score."""
        screens.draw_result_hands(self.paint, surface, area.inflate(-int(24 * self.layout.u), 0),
                                  self.result_hands())

    def result_reason(self) -> str:
        winners = self.match.result().winners
        if not winners:
            return ""
        card = self.view_dict.get("win_card") or ""
        # TRANSLATORS: {trio} lists the card's pyramids: "small red, medium green and large
        # black"
        return t("{name} has all three pyramids of a secret card in the goal: {trio}.",
                 name=self.seat_name(winners[0]), trio=trio_words(trio(card)))


    def coach_rects(self, names: tuple[str, ...], size: tuple[int, int]) -> list[pygame.Rect]:
        """The tutorial's names: ``die``, ``reuse``, ``place:Q`` (a track card),
        ``pyramid:CODE`` (where it stands), ``hand`` (the drawer of your kept cards)."""
        layout = self.layout
        state = self.view_dict
        cards = layout.card_rects
        rects: list[pygame.Rect] = []
        for name in names:
            kind, _, what = name.partition(":")
            if name == "die":
                rects.append(layout.roll_button.union(layout.die_rect))
            elif name == "reuse":
                rects.append(pygame.Rect(layout.reuse_button))
            elif name == "hand":
                rects.append(pygame.Rect(layout.drawer_tab))
            elif kind == "place" and what.isdigit() and int(what) < len(cards):
                rects.append(pygame.Rect(cards[int(what)]))
            elif kind == "pyramid" and state and what in state["pyramids"]:
                # where the pyramid is drawn: on START among up to fifteen others too
                where = state["pyramids"][what]
                (x, y), box = pyramid_spot(layout, state["track"], state["pyramids"], what,
                                           where)
                rects.append(pygame.Rect(int(x - box / 2), int(y - box), box, box))
        return rects

    def coach_keep_clear(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The prompt at the top of the track's open middle and the key line at its foot;
        while the secret cards are chosen, that screen's heading, cards and button."""
        layout = self.layout
        middle, u = layout.middle, layout.u
        view = self.shown()
        if view.keep_open:
            w = layout.size[0]
            count = len(view.dealt)
            cards = [screens.keep_card_rect(layout, i, count, view.ui.keep_pick)
                     for i in range(count)]
            dealt = cards[0].unionall(cards)
            dealt.top -= int(48 * u)         # the numbers above, raised cards
            dealt.height += int(120 * u)     # and each card's pyramids below it
            button = screens.keep_button_rect(layout)
            button.height += int(40 * u)     # the key line under the button
            return [pygame.Rect(0, int(30 * u), w, int(110 * u)), dealt, button]
        prompt = pygame.Rect(middle.x, middle.y, middle.width, int(58 * u))
        keys = pygame.Rect(middle.x, middle.bottom - int(26 * u), middle.width, int(26 * u))
        log = layout.log_rect   # its title row: "Moves" and the round counter
        title = pygame.Rect(log.x, log.y, log.width, int(28 * u))
        return [prompt, keys, title] if layout.is_u else [prompt, title]

    def coach_soft_areas(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, float]]:
        """Cards with pyramids cost most, the die and the drawer next, the other cards."""
        layout, state = self.layout, self.view_dict
        held = set(state["pyramids"].values()) if state else set()
        areas = [(pygame.Rect(card), 3.0 if q in held else 1.5)
                 for q, card in enumerate(layout.card_rects)]
        return areas + [(pygame.Rect(layout.tray), 2.0), (pygame.Rect(layout.drawer), 1.5),
                        (pygame.Rect(layout.left), 1.0)]

    def coach_focus(self, names: tuple[str, ...]) -> None:
        """A highlighted pyramid becomes the picked one, a highlighted card its landing."""
        legal = self.legal()
        pyramids = [what for kind, _, what in (n.partition(":") for n in names)
                    if kind == "pyramid" and what in legal.moves]
        places = [int(what) for kind, _, what in (n.partition(":") for n in names)
                  if kind == "place" and what.isdigit()]
        if not pyramids:
            return
        self.input.select(pyramids[0])
        landing = [q for q in places if q in legal.moves[pyramids[0]]]
        if landing:
            self.model.target = landing[0]

    def draw_popups(self, surface: pygame.Surface) -> None:
        """The banner and a card's tooltip stay readable over the lesson's box."""
        super().draw_popups(surface)
        self.renderer.draw_popups(self.shown(), surface)

    def hint_places(self, move: Any) -> tuple[str, ...]:
        return hud.hint_places(move)

    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        return hud.hint_button_rect(self.layout, self.app.assets)


TABLE = RoyalRoadTable
