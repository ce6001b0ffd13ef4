"""``TableScene``: the common base of every game table.

It wires a ``Match`` (game.client.match.match) to the scene stack: it updates the match,
pushes the hand-off screen between two different people, the pause overlay on Esc and the
results when the game is over, and it is the match's *presenter*: ``present`` receives each
applied move's events (already filtered for the viewer) to animate.

A table subclass implements:
- ``present(seat, move, events)``: start animations for one move (call super first);
- ``busy``: True while animations that must finish before the next move run;
- ``draw_table(surface)``: the whole table from ``self.view`` (the visible state);
- ``handle_table_event(event)``: turn input into ``Move`` values and hand them to
  ``self.try_move(move)`` (played only while ``self.match.waiting_for_human``; a refused
  move is ``IllegalMove``: an error sound, and False);
- ``move_words(move)``: how a move reads to people (the forced-move notice, replays);
- optionally ``score_line()`` for the results screen and ``on_view_changed()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import nt, t
from game.client.i18n.rule_words import house_rule_lines
from game.client.match.hints import Hint, Hints
from game.client.match.types import Event, Move, State
from game.client.scenes.glance import GlanceScene
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.rules_help import RulesScene
from game.client.stage import undo
from game.client.stage.table import Table
from game.client.tables.common.hint_mark import HINT_DARK, hint_mark
from game.client.tables.common.log import LogEntry, LogScroll, SideSource, draw_summary
from game.client.ui import anim, house_badge, theme
from game.client.ui.widgets import Button
from game.rules import IllegalMove

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.stage.scene import AppContext


SUMMARY_SEATS = 2   # computer seats that played since a person's turn: a summary
RULES_NOTE_SECONDS = 6.0   # how long a quick start's "which rules" note stays


def reason_words(game: str, reason: str, rules: Mapping[str, Any] | None = None,
                 draw: bool = False) -> str:
    """Why a game ended, from the rules' reason code (and the house rules' numbers), or
    how its people ended an online game; a code without words shows nothing."""
    endings = {
        "abandoned": t("The game was abandoned: a player left. Nobody lost it."),
        "agreed": t("Everyone agreed to end the game without a winner."),
        "resigned": t("A player resigned."),
    }
    if reason in endings:
        return endings[reason]
    if (game, reason) == ("cesta", "stalemate") and draw:
        return t("Both players passed, holding as many milestones each.")
    if (game, reason) == ("cesta", "win_any"):
        held = int((rules or {}).get("win_any", 3))
        return nt("The winner holds {n} milestone.", "The winner holds {n} milestones.", held)
    words = {
        ("cesta", "win_ends"): t("The winner holds both ends of the path."),
        ("cesta", "stalemate"): t("Both players passed: whoever holds more milestones wins."),
        ("cut_the_rope", "pile_emptied"): t("The winner's personal pile is empty."),
        ("cut_the_rope", "stalemate"): t("A whole round with the draw and discard piles empty "
                                         "and no card built: whoever has the fewest cards "
                                         "left in the personal pile wins."),
    }
    return words.get((game, reason), "")


class TableScene(Table):
    handoff_sprite = "cesta/back_event.svg"  # card back shown on the hand-off screen
    owns_match = True

    def __init__(self, app: AppContext, match: MatchLike) -> None:
        super().__init__(app, match)
        match.presenter = self
        match.ai_pace = float(app.settings["ai_pace"])
        match.speed = app.animation_speed
        self.animator = anim.Animator(app.animation_speed)
        self.particles = anim.Particles()
        self.view: State | None = None  # the visible state (engine object)
        self.view_dict: dict[str, Any] = {}
        self.viewer: int | None = None
        self.last_move: tuple[int, Move] | None = None   # (seat, Move value)
        self.summary_rect: pygame.Rect | None = None     # the "since your turn" panel
        self.log: list[tuple[int, str]] = []   # (seat, already human-readable line)
        self.undo_allowed = True                # False inside a replay
        self.undo_toast: tuple[str, float] | None = None
        self.undo_cache: tuple[tuple[Any, ...], bool] | None = None
        self.undo_button: Button | None = None
        self._results_shown = False
        # "since your last turn": per person, how long the log was when their turn ended,
        # and the summary on screen (the seat it is for and its first log entry)
        self._turn_marks: dict[int, int] = {}
        self._summary_checked: int | None = None
        self.summary: tuple[int, int] | None = None
        self.view_version = 0                   # counts refresh_view: the loop redraws after it
        self.hints = Hints(match, inline=app.inline_ai, words=self.move_words)
        self.hint_button: Button | None = None
        # what the match adds to its tables (an online room: chat lines in the log, a key)
        self.log_side: SideSource | None = None
        self.room_keys: dict[int, Callable[[], None]] = {}
        for install in getattr(match, "on_table", ()):
            install(self)
        # what the rules in play change from the original ones (the house-rules badge)
        self.house_lines = house_rule_lines(match.game_name, match.game.rules)
        self.house_open = False
        self.rules_note: tuple[str, float] | None = None   # which rules, after a quick start
        self.refresh_view()

    @property
    def shown_match(self) -> MatchLike:
        return self.match

    # --- lifecycle ------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.app.audio.play("deal")

    def on_resume(self) -> None:
        """Settings may have changed under a pause; hand-offs change the viewer."""
        self.animator.speed = self.app.animation_speed
        self.match.speed = self.app.animation_speed
        self.match.ai_pace = float(self.app.settings["ai_pace"])
        self.refresh_view()

    def on_exit(self) -> None:
        self.hints.close()
        if self.owns_match:  # False when a rebuilt table takes the match over (undo)
            self.match.close()

    # --- the visible state ------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Recompute what the viewer may see (after a move or a hand-off)."""
        match = self.match
        self.view_version += 1
        if match.hot_seat and match.viewer is None:
            self.view, self.view_dict, self.viewer = None, {}, None
        else:
            self.view = match.visible_state()
            self.view_dict = match.game.to_dict(self.view)
            self.viewer = match.viewer
        self.on_view_changed()

    def reveal_all(self) -> None:
        """Once the game is over nothing is secret any more: the table shows the full state
        as a spectator would (every hand, Královská cesta's kept cards), so the results can
        say what everyone held. Only after the end: it would leak otherwise."""
        match = self.match
        if not match.over:
            return
        self.view = match.state
        self.view_dict = match.game.to_dict(match.state)
        self.viewer = None
        self.on_view_changed()

    def on_view_changed(self) -> None:
        """Tables rebuild layouts or caches derived from ``self.view_dict`` here."""

    @property
    def concealed(self) -> bool:
        """True when no hidden card may be drawn (no owner of the screen yet)."""
        return self.view is None

    # --- presenter API ----------------------------------------------------------------------
    def present(self, seat: int, move: Move, events: list[Event]) -> None:
        if not self.match.seats[seat].is_ai:   # a person's move: their turn reaches here
            self._turn_marks[seat] = max(self._turn_marks.get(seat, 0), len(self.shown_log()))
        self.last_move = (seat, move)
        self.refresh_view()

    def move_words(self, move: Move) -> str:
        """How ``move`` reads to people (the forced-move notice, the replay bar): every table
        says it in words from the Move value (its ``describe`` module), never notation."""
        raise NotImplementedError

    def try_move(self, move: Move) -> bool:
        """Play a person's move from the table's input: only while the match waits for a
        person; a refused move (``IllegalMove``) plays the error sound and returns False."""
        if not self.match.waiting_for_human:
            return False
        try:
            self.match.play(move)
        except IllegalMove:
            self.app.audio.play("error")
            return False
        return True

    @property
    def busy(self) -> bool:
        return self.animator.busy

    @property
    def animating(self) -> bool:
        """Moving by itself: tweens, particles, the undo message. A table waiting for a
        person or for a computer player's worker is still, and the window loop sleeps
        (tables add their own timed pieces, such as banners)."""
        return self.busy or self.particles.busy or self.undo_toast is not None

    def look(self) -> object:
        """What changes the picture without animating: a move or hand-off (``refresh_view``),
        the forced-move notice, an alert, whose turn it is, whether a person may act."""
        match = self.match
        notice, alert = match.notice, match.alert
        return (self.view_version, len(match.history), match.thinking,
                match.waiting_for_human, match.finished,
                notice.text if notice is not None else None,
                alert.text if alert is not None else None, self.hints.look(),
                self.log_side.version if self.log_side is not None else None,
                tuple(match.presence(seat) for seat in range(len(match.seats))),
                self.house_open, self.rules_note is not None)   # the note, still: drawn twice

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    # --- per frame ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.summary is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.summary = None   # any input dismisses it, and does nothing else
            return
        if event.type == pygame.KEYDOWN and event.key in self.room_keys:
            self.room_keys[event.key]()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.app.stack.push(PauseScene(self.app, self))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_h):
            self.app.stack.push(RulesScene(self.app, self.match.game_name,
                                           self.match.game.rules))  # the rules in play
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_i:
            self.app.stack.push(GlanceScene(self.app, self.match.game_name, self.match.game))
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F2
                                             or getattr(event, "unicode", "") == "?"):
            if self.match.hints_offered:  # (no hints between people online)
                self.hints.ask(self.app.settings)  # the expert's move, from a worker process
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.app.settings.set("mute", not self.app.settings["mute"])
            self.app.apply_settings()
            self.app.settings.save()
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z
                and event.mod & pygame.KMOD_CTRL):
            undo.undo(self)
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and undo.handle_click(self, event.pos)):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            badge = self.house_rect(self.app.screen.get_size())
            if badge is not None and badge.collidepoint(event.pos):
                self.house_open = not self.house_open   # the list stays open until clicked
                self.app.audio.play("button")
                return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.hint_button_shown):
            rect = self.hint_rect(self.app.screen.get_size())
            if rect is not None and rect.collidepoint(event.pos):
                self.app.audio.play("button")
                self.hints.ask(self.app.settings)
                return
        scroll = self.log_scroll
        if scroll is not None and scroll.handle(event):
            return
        self.handle_table_event(event)

    @property
    def log_scroll(self) -> LogScroll | None:
        """The table's log scroller (wheel, drag, PgUp/PgDn), None for a table without one."""
        return None

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the Undo button shows while a move may be taken back (tables may move it)."""
        u = theme.unit(size)
        width, height = int(150 * u), int(42 * u)
        return pygame.Rect(size[0] - width - int(16 * u), int(14 * u), width, height)

    def handle_table_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        undo.update_toast(self, dt)
        if self.rules_note is not None:
            text, left = self.rules_note
            self.rules_note = (text, left - dt) if left > dt else None
        self.hints.update(dt)
        self.animator.update(dt)
        self.particles.update(dt)
        self.update_table(dt)
        self.match.update(dt)
        controls = self.match.controls
        if controls is not None:   # an online match: its news, its questions
            controls.step(self, dt)
            if self.app.stack.top is not self:
                return
        self.update_summary()
        if self.match.needs_handoff:
            self.app.stack.push(HandoffScene(self.app, self))
            return
        if self.match.finished and not self._results_shown:
            self._results_shown = True
            self.app.audio.play("win")
            self.app.stack.push(ResultsScene(self.app, self))

    def update_table(self, dt: float) -> None:
        """Per-frame table logic (hover, timers)."""

    def update_summary(self) -> None:
        """While a person is to move, remember how long the log is (their turn's own lines
        included); when their turn comes again after two or more computer seats played
        (their moves have scrolled the log on; one opponent's turn is still in view, and
        people at the same screen saw their own turns), show those lines as a summary."""
        scroll, match = self.log_scroll, self.match
        if scroll is None or not match.waiting_for_human:
            return
        seat, ply = match.to_move, len(match.history)
        if seat is None:
            return
        if self._summary_checked != ply:
            self._summary_checked = ply
            mark = self._turn_marks.get(seat)
            entries = self.shown_log()
            movers = [entry.seat for entry in entries[mark:]] if mark is not None else []
            computers = {mover for mover in movers
                         if mover is not None and mover != seat and match.seats[mover].is_ai}
            if mark is not None and len(computers) >= SUMMARY_SEATS:
                # from the first line of someone else (the end of the person's own turn,
                # logged after they acted, is not news to them)
                start = next(i for i in range(mark, len(entries)) if entries[i].seat != seat)
                self.summary = (seat, start)
        self._turn_marks[seat] = scroll.count

    def log_entries(self) -> Sequence[LogEntry]:
        """The table's log entries (the summary reads who made each line)."""
        return []

    def shown_log(self) -> Sequence[LogEntry]:
        """The log as its panel shows it: the entries with the side lines among them."""
        scroll = self.log_scroll
        return scroll.with_side(self.log_entries()) if scroll is not None else \
            self.log_entries()

    def add_note(self, text: str) -> None:
        """A line in the log that is no move: news of an online room (someone left, an
        offer to end the game …), its symbol first. Every table has one."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        scroll = self.log_scroll
        if scroll is not None:
            scroll.side = self.log_side
        self.draw_table(surface)
        self.draw_house_badge(surface)
        self.particles.draw(surface)
        self.draw_summary(surface)
        self.draw_notice(surface)
        self.draw_alert(surface)
        self.draw_hint(surface)
        undo.draw(self, surface)  # the Undo button and its message
        self.draw_rules_note(surface)
        self.draw_house_list(surface)

    def draw_rules_note(self, surface: pygame.Surface) -> None:
        """A quick start's note of which rules are played, for a few seconds in the upper
        middle of the table."""
        if self.rules_note is None:
            return
        u = theme.unit(surface)
        text = self.app.assets.text(self.rules_note[0], max(10, int(16 * u)), theme.INK,
                                    bold=True, wrap=int(surface.get_width() * 0.5),
                                    align="center")
        rect = text.get_rect(center=(surface.get_width() // 2, int(surface.get_height() * 0.36)))
        panel = rect.inflate(int(30 * u), int(16 * u))
        pygame.draw.rect(surface, theme.PAPER, panel, border_radius=int(12 * u))
        pygame.draw.rect(surface, house_badge.BADGE_EDGE, panel, width=3,
                         border_radius=int(12 * u))
        surface.blit(text, rect)

    # --- the house-rules badge ------------------------------------------------------------------
    def house_badge_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The badge's size in a window of ``size`` (tables place it with this)."""
        return house_badge.badge_size(self.app.assets, t("House rules"),
                                      self.house_text_size(size))

    @staticmethod
    def house_text_size(size: tuple[int, int]) -> int:
        return max(9, int(12 * theme.unit(size)))

    def house_badge_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the table shows the badge (tables choose a free place; None: nowhere)."""
        return None

    def house_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The badge's rect while the game runs on house rules, else None."""
        return self.house_badge_place(size) if self.house_lines else None

    def draw_house_badge(self, surface: pygame.Surface) -> None:
        rect = self.house_rect(surface.get_size())
        if rect is not None:
            house_badge.draw_badge(self.app.assets, surface, rect, t("House rules"),
                                   self.house_text_size(surface.get_size()), self.house_open)

    def draw_house_list(self, surface: pygame.Surface) -> None:
        """What the house rules change, while the pointer rests on the badge or after a
        click on it (on top of everything)."""
        rect = self.house_rect(surface.get_size())
        if rect is None:
            return
        hovered = pygame.mouse.get_focused() and rect.collidepoint(pygame.mouse.get_pos())
        if self.house_open or hovered:
            size = self.house_text_size(surface.get_size())
            house_badge.draw_list(self.app.assets, surface, rect,
                                  t("What these house rules change"), self.house_lines, size,
                                  int(surface.get_width() * 0.3))

    # --- hints ---------------------------------------------------------------------------------
    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the Hint button shows (tables place it in their hud; None hides it). By
        default beside the default place of Undo, at the top right."""
        u = theme.unit(size)
        undo_place = TableScene.undo_rect(self, size)
        assert undo_place is not None
        return undo_place.move(-(undo_place.width + int(10 * u)), 0)

    def hint_places(self, move: Move) -> tuple[str, ...]:
        """The cards and places of ``move``, named as the coach names them
        (``coach_rects``): what the hint marks on the table. A table without names marks
        nothing (the hint's line still says the move)."""
        return ()

    def show_suggestion(self, seat: int, move: Move) -> None:
        self.hints.shown = Hint(seat, move, "", len(self.match.history))

    def hint_rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The rectangles the shown hint marks (none while no hint is shown)."""
        shown = self.hints.shown
        if shown is None or self.viewer != shown.seat:
            return []
        return self.coach_rects(self.hint_places(shown.move), size)

    @property
    def hint_button_shown(self) -> bool:
        """The Hint button is there while a person may move (never in a replay); against
        the computer without ``hints_vs_ai`` it is drawn dimmed and says why it is off."""
        match = self.match
        return (self.undo_allowed and match.hints_offered and match.waiting_for_human
                and not match.over)

    def draw_hint_button(self, surface: pygame.Surface) -> None:
        rect = self.hint_rect(surface.get_size()) if self.hint_button_shown else None
        if rect is None:
            return
        button = self.hint_button
        if button is None or button.rect != rect:
            button = Button(self.app, rect, lambda: t("Hint"), lambda: None,
                            icon="ui/icon_hint.svg", name="hint")
            self.hint_button = button
        button.enabled = self.hints.allowed(self.app.settings)
        hovered = rect.collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() \
            else False
        button.draw(surface, False, hovered)

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint on the table — its move's cards and places marked (``hint_mark``) —
        and its line (or why there is none) in a strip above the bottom of the table."""
        self.draw_hint_button(surface)
        u = theme.unit(surface)
        rects = self.hint_rects(surface.get_size())
        if rects:
            badge = self.app.assets.text("?", max(8, int(14 * u)), HINT_DARK, bold=True)
            for place in rects:
                hint_mark(surface, place, u, badge)
        line = self.hints.line
        if not line:   # none, or a hint whose words another panel shows (a review moment)
            return
        text = self.app.assets.text(line, max(10, int(17 * u)), theme.INK, bold=True,
                                    wrap=int(surface.get_width() * 0.6), align="center")
        rect = text.get_rect(center=(surface.get_width() // 2, int(surface.get_height() * 0.68)))
        panel = rect.inflate(int(34 * u), int(18 * u))
        pygame.draw.rect(surface, (232, 244, 255), panel, border_radius=int(12 * u))
        pygame.draw.rect(surface, theme.ACCENT_BLUE, panel, width=3, border_radius=int(12 * u))
        surface.blit(text, rect)

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)

    def draw_summary(self, surface: pygame.Surface) -> None:
        scroll = self.log_scroll
        self.summary_rect = None
        if self.summary is None or scroll is None:
            return
        u = theme.unit(surface)
        panel, ink = self.summary_colours
        title = self.app.assets.text(t("Since your last turn"), int(20 * u), ink, bold=True)
        hint = self.app.assets.text(t("Any key or click to continue · the whole game is in the "
                                      "log"), int(13 * u), ink)
        self.summary_rect = draw_summary(surface, scroll, self.summary[1], title, hint, u,
                                         panel)

    @property
    def summary_colours(self) -> tuple[tuple[int, int, int, int], tuple[int, int, int]]:
        """The summary panel's colour and its title's: the log's own (its lines are the
        log's pictures, drawn for that background)."""
        return (18, 24, 34, 236), theme.GOLD

    def draw_notice(self, surface: pygame.Surface) -> None:
        notice = self.match.notice
        if notice is None:
            return
        u = theme.unit(surface)
        text = self.app.assets.text(notice.text, int(20 * u), theme.INK, bold=True)
        rect = text.get_rect(center=(surface.get_width() // 2, int(surface.get_height() * 0.5)))
        summary = self.summary_rect
        if summary is not None:   # the "since your last turn" panel holds the middle
            rect.midtop = (summary.centerx, summary.bottom + int(22 * u))
            rect.clamp_ip(surface.get_rect().inflate(-int(44 * u), -int(26 * u)))
        panel = rect.inflate(int(40 * u), int(22 * u))
        surface.blit(self.app.shadow(panel.size, panel.height // 2), panel.move(0, 5))
        pygame.draw.rect(surface, theme.PAPER, panel, border_radius=panel.height // 2)
        pygame.draw.rect(surface, theme.GOLD, panel, width=3, border_radius=panel.height // 2)
        surface.blit(text, rect)

    def draw_popups(self, surface: pygame.Surface) -> None:
        """The notice and the alert, again over an overlay (the lesson's box)."""
        self.draw_notice(surface)
        self.draw_alert(surface)

    def draw_alert(self, surface: pygame.Surface) -> None:
        """A problem the player should know of (a computer player that failed), at the top."""
        alert = self.match.alert
        if alert is None:
            return
        u = theme.unit(surface)
        text = self.app.assets.text(alert.text, max(10, int(16 * u)), theme.INK, bold=True,
                                    wrap=int(surface.get_width() * 0.7), align="center")
        rect = text.get_rect(midtop=(surface.get_width() // 2, int(surface.get_height() * 0.2)))
        panel = rect.inflate(int(30 * u), int(16 * u))
        pygame.draw.rect(surface, (255, 226, 214), panel, border_radius=int(12 * u))
        pygame.draw.rect(surface, (190, 60, 40), panel, width=3, border_radius=int(12 * u))
        surface.blit(text, rect)

    # --- results --------------------------------------------------------------------------------
    def score_line(self) -> str:
        return ""

    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Anything a table adds to the results panel (the final piles, …)."""

    def result_reason(self) -> str:
        match = self.match
        result = match.result()
        return reason_words(match.game_name, result.reason, match.game.rules,
                            draw=not result.winners)

    def rematch(self) -> None:
        match = self.match
        in_room = match.rematch_in_room
        if in_room is not None:  # an online game plays again in its room (online.play)
            in_room(self.app, self)
            return
        self.app.start_match(match.game_name, match.rematch_seats(), match.rules_source,
                             self.app.new_seed())
