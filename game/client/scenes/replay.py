"""Replays: step forwards and backwards through a finished or saved game, with animations.

The viewer reuses the game's own table scene: a private ``Match`` (no AI worker) is
stepped with ``Match.play`` so the table animates each move exactly as in play; stepping
back rebuilds the table instantly at the earlier position (``rebuild.build_table``).
After the game ended every hidden card is shown (the table watches as a spectator); an
unfinished game against the computer is shown as its one person saw it; an unfinished game
of two or more people shows only public information (every hand hidden), because whoever
opens it may be any of them, so a replay never leaks a hand that is still in play.

``SavesScene`` lists the saves folder: watch any game, continue an unfinished one, review a
finished one (``scenes/review.py``); a file that cannot be read is listed with its problem
(and left alone).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.client.i18n import date_time, nt, printable, pt, t
from game.client.i18n.words import game_title, winners_line
from game.client.match.match import Match, SeatInfo
from game.client.match.protocol import MatchLike
from game.client.match.types import AnyGame, Move, State
from game.client.online.record import is_online_save
from game.client.scenes.common import MenuScene, draw_heading, draw_hint, draw_panel
from game.client.scenes.resume import report, resume
from game.client.scenes.review import ReviewScene
from game.client.stage.rebuild import build_table
from game.client.stage.scene import Scene
from game.client.storage.save_folder import SaveInfo, list_saves
from game.client.storage.save_format import Loaded, SaveError, load, match_from
from game.client.ui import theme
from game.client.ui.widgets import Button, FocusGroup
from game.rules import get_game

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table

AUTOPLAY_PAUSE = 0.8  # seconds between moves when playing, after the animations
BAR_SECONDS = 2.0     # the control bar covers the top seat: it tucks away soon after input


def is_public(seats: list[SeatInfo], finished: bool) -> bool:
    """An unfinished game of two or more people replays with every hand hidden: whoever
    opens it may be any of them (the hot seat), and the game can still be continued."""
    return not finished and sum(1 for s in seats if not s.is_ai) >= 2


def replay_eyes(seats: list[SeatInfo], finished: bool) -> int | None:
    """Whose view the replay shows. Once the game is over nobody's (every card is
    shown); an unfinished game against the computer keeps its one person's eyes; an
    unfinished game of several people keeps nobody's either, but is public
    (``is_public``: the table then shows only what everyone could see). The seats
    themselves keep their kinds, so people are drawn as people."""
    if finished or is_public(seats, finished):
        return None
    return next((i for i, s in enumerate(seats) if not s.is_ai), None)


def public_dict(game: Any, state: Any) -> dict[str, Any]:
    """``to_dict`` of what a stranger to every hand may see: each seat's view merged, so a
    card hidden in any seat's view is hidden here (every hand, the deck, the seed)."""
    views = [game.to_dict(game.view(state, 0))]
    views += [game.to_dict(game.view(state, seat)) for seat in range(1, views[0]["players"])]
    merged = _merge(views)
    return merged if isinstance(merged, dict) else views[0]


def _merge(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) and v.keys() == first.keys() for v in values):
        return {key: _merge([v[key] for v in values]) for key in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        return [_merge(list(column)) for column in zip(*values, strict=True)]
    unknown = next((v for v in values if isinstance(v, str) and v.startswith("?")), None)
    if unknown is not None:
        return unknown
    return None  # differs by viewer only ("view_of", "viewer"): here it is nobody


class _PublicGame:
    """The replay's game with ``to_dict`` giving ``public_dict``: the table draws from
    ``to_dict`` of the visible state, so this is the one place every drawn card passes."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def to_dict(self, state: Any) -> dict[str, Any]:
        return public_dict(self._game, state)


def _public_match(match: Match) -> Match:
    """``match`` turned into a public replay: its game shows no hand, and each move's
    events hide every seat's draws (each seat's filter in turn hides the others')."""
    game = match.game
    # the proxy answers every AnyGame method (it forwards all but to_dict)
    match.game = cast("AnyGame", _PublicGame(game))

    def view_events(events: list[Any]) -> list[Any]:
        shown = list(events)
        for seat in range(len(match.seats)):
            shown = game.view_events(shown, seat)
        return shown

    match.view_events = view_events  # type: ignore[method-assign]
    return match


class ReplayScene(Scene):
    def __init__(self, app: AppContext, game_name: str, rules: dict[str, Any],
                 seats: list[SeatInfo], seed: int, moves: list[Move], finished: bool,
                 start: State | None = None) -> None:
        super().__init__(app)
        game = get_game(game_name, rules)
        self.moves = list(moves)
        self.finished = finished
        self.seats = list(seats)
        eyes = replay_eyes(seats, finished)
        self.public = is_public(seats, finished)
        local = Match(game_name, game, list(seats), seed,
                      start if start is not None else game.new_game(len(seats), seed),
                      rules_source=dict(rules), replaying=True, replay_eyes=eyes)
        if self.public:
            _public_match(local)
        self.match: MatchLike = local
        self.viewer_name = seats[eyes].name if eyes is not None else None
        self.ply = 0
        self.playing = False
        self.wait = 0.0
        self.table: Table
        self.shown = BAR_SECONDS  # the control bar stays up after input, then tucks away
        self.focus = FocusGroup()
        self._rebuild(0)
        self._build_controls()

    @property
    def total(self) -> int:
        """How many moves the replay steps through."""
        return len(self.moves)

    @classmethod
    def from_loaded(cls, app: AppContext, loaded: Loaded) -> ReplayScene:
        return cls(app, loaded.game_name, dict(loaded.game.rules), loaded.seats, loaded.seed,
                   [e.played for e in loaded.history], loaded.finished, loaded.initial)

    @classmethod
    def from_match(cls, app: AppContext, match: MatchLike) -> ReplayScene:
        online = match.replay_scene
        if online is not None:  # an online game replays what its seat saw (online.replay)
            scene: ReplayScene = online(app)
            return scene
        # from the match's first position: a game played on from a review moment does not
        # begin at its seed's deal
        first = match.history[0].before if match.history else match.state
        return cls(app, match.game_name, dict(match.game.rules), list(match.seats), match.seed,
                   [e.played for e in match.history], match.over, first)

    # --- stepping -----------------------------------------------------------------------------
    def _rebuild(self, ply: int) -> None:
        self.table = build_table(self.app, self.match, self.moves[:ply])
        self.table.undo_allowed = False  # no undo inside a replay
        self.ply = ply

    def forward(self) -> None:
        if self.ply >= self.total:
            self.playing = False
            return
        self.table.animator.clear()  # a quick second step finishes the previous animation
        self.match.play(self.moves[self.ply])
        self.ply += 1

    def back(self) -> None:
        if self.ply > 0:
            self.playing = False
            self._rebuild(self.ply - 1)

    def seek(self, ply: int) -> None:
        ply = max(0, min(self.total, ply))
        if ply == self.ply + 1:
            self.forward()
        elif ply != self.ply:
            self._rebuild(ply)

    def toggle_play(self) -> None:
        if self.ply >= self.total:
            self._rebuild(0)
        self.playing = not self.playing
        self.wait = 0.0

    def leave(self) -> None:
        self.app.stack.pop()

    # --- controls -------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        w, h = self.app.screen.get_size()
        u = theme.unit((w, h))
        bw, bh = max(24, int(58 * u)), max(18, int(38 * u))
        gap = max(2, int(8 * u))
        band = self.table.replay_band((w, h))
        if band is not None:
            self._build_in_band(band, u)
            return
        # the arrows are symbols, the same in every language
        items: list[tuple[Callable[[], str], Callable[[], None], str]] = [
            (lambda: "|◀", lambda: self.seek(0), "first"),
            (lambda: "◀", self.back, "prev"),
            (self._play_label, self.toggle_play, "play"),
            (lambda: "▶", self.forward, "next"),
            (lambda: "▶|", lambda: self.seek(self.total), "last"),
            (lambda: t("Back"), self.leave, "back")]
        widths = [bw, bw, int(bw * 2.0), bw, bw, int(bw * 1.9)]
        total = sum(widths) + gap * (len(items) - 1)
        x = w // 2 - total // 2
        y = max(2, int(8 * u))
        self.bar = pygame.Rect(x - gap * 2, y - gap, total + gap * 4,
                               bh + gap * 2 + max(14, int(34 * u)))
        buttons = []
        for (label, action, name), width in zip(items, widths, strict=True):
            buttons.append(Button(self.app, pygame.Rect(x, y, width, bh), label, action,
                                  name=name, size=max(9, int(16 * u))))
            x += width + gap
        self.focus.set(buttons)
        self.focus.focus = 3
        self.progress = pygame.Rect(self.bar.x + gap * 2, y + bh + gap + max(10, int(22 * u)),
                                    self.bar.width - gap * 4, max(4, int(7 * u)))

    def _build_in_band(self, band: pygame.Rect, u: float) -> None:
        """The controls in two rows inside ``band`` (a table's free corner): the steps
        above, Play and Back below, then the caption and the progress line."""
        gap = max(2, int(6 * u))
        least = max(12, int(30 * u))    # two lines of caption and the progress line
        bh = max(18, min(int(36 * u), (band.height - least - 4 * gap) // 2))
        caption = max(least, min(int(46 * u), band.height - 2 * bh - 4 * gap))
        width = min(band.width - 4 * gap, int(280 * u))
        step = (width - 3 * gap) // 4
        half = (width - gap) // 2
        x = band.x + (band.width - width) // 2
        y = band.y + gap
        items: list[tuple[Callable[[], str], Callable[[], None], str, pygame.Rect]] = [
            (lambda: "|◀", lambda: self.seek(0), "first", pygame.Rect(x, y, step, bh)),
            (lambda: "◀", self.back, "prev", pygame.Rect(x + step + gap, y, step, bh)),
            (lambda: "▶", self.forward, "next", pygame.Rect(x + 2 * (step + gap), y, step, bh)),
            (lambda: "▶|", lambda: self.seek(self.total), "last",
             pygame.Rect(x + 3 * (step + gap), y, step, bh)),
            (self._play_label, self.toggle_play, "play",
             pygame.Rect(x, y + bh + gap, half, bh)),
            (lambda: t("Back"), self.leave, "back",
             pygame.Rect(x + half + gap, y + bh + gap, half, bh))]
        self.bar = pygame.Rect(x - gap * 2, band.y, width + gap * 4,
                               2 * bh + 3 * gap + caption)
        buttons = [Button(self.app, rect, label, action, name=name, size=max(9, int(15 * u)))
                   for label, action, name, rect in items]
        self.focus.set(buttons)
        self.focus.focus = 2
        self.progress = pygame.Rect(x, self.bar.bottom - gap - max(4, int(6 * u)), width,
                                    max(4, int(6 * u)))

    def _play_label(self) -> str:
        return t("Pause") if self.playing else pt("replay", "Play")

    @property
    def bar_visible(self) -> bool:
        return self.shown > 0 or not self.playing and self.ply == 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            if event.pos[1] <= self.bar.bottom + self.bar.height:
                self.shown = BAR_SECONDS
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            was_hidden = not self.bar_visible
            self.shown = BAR_SECONDS
            if was_hidden and event.type == pygame.MOUSEBUTTONDOWN:
                return  # the first click only brings the bar back
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.leave()
                return
            if key == pygame.K_RIGHT:
                self.forward()
                return
            if key == pygame.K_LEFT:
                self.back()
                return
            if key == pygame.K_HOME:
                self.seek(0)
                return
            if key == pygame.K_END:
                self.seek(self.total)
                return
            if key == pygame.K_SPACE:
                self.toggle_play()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.progress.inflate(0, 14).collidepoint(event.pos) and self.total:
            share = (event.pos[0] - self.progress.x) / max(1, self.progress.width)
            self.seek(round(share * self.total))
            return
        self.focus.handle_event(event)

    @property
    def animating(self) -> bool:
        """Playing on, or a move still moving; a paused replay lets the loop sleep."""
        table = self.table
        return self.playing or table.busy or table.particles.busy

    def look(self) -> object:
        return (self.ply, self.bar_visible, self.table.look())

    def warm(self, budget: float) -> None:
        self.table.warm(budget)   # the table under this scene renders ahead as on its own

    def on_resize(self, size: tuple[int, int]) -> None:
        """The replayed table is not on the stack: it and the bar are laid out here."""
        self.table.on_resize(size)
        focused = self.focus.focus
        self._build_controls()
        self.focus.focus = focused

    def update(self, dt: float) -> None:
        self.shown = max(0.0, self.shown - dt)
        table = self.table
        table.animator.update(dt)
        table.particles.update(dt)
        table.update_table(dt)
        if self.playing and not table.busy:
            self.wait += dt
            if self.wait >= AUTOPLAY_PAUSE * max(0.2, self.app.animation_speed):
                self.wait = 0.0
                self.forward()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        u = theme.unit(surface)
        total = self.total
        if not self.bar_visible:  # tucked away: a thin progress line keeps the place
            line = pygame.Rect(0, 0, surface.get_width(), max(3, int(5 * u)))
            pygame.draw.rect(surface, (40, 50, 58), line)
            if total:
                line.width = int(surface.get_width() * self.ply / total)
                pygame.draw.rect(surface, theme.GOLD, line)
            return
        # see-through: the top seat's hand ("all cards shown") stays visible under the bar
        veil = self.app.overlay(self.bar.size, 150, (30, 40, 48))
        surface.blit(veil, self.bar)
        pygame.draw.rect(surface, theme.GOLD, self.bar, width=2, border_radius=max(6, int(12 * u)))
        self.focus.draw(surface)
        if self.ply == 0:
            text = t("Start position")
        else:
            entry = self.match.history[-1]
            name = self.seats[entry.seat].name if entry.seat < len(self.seats) else ""
            moved = t("Move {ply} of {total}", ply=self.ply, total=total)
            text = f"{moved} · {name}: " \
                   f"{self.match.words_for(entry.move)}"
        if self.public:
            view = t("only what everyone could see")
        elif self.viewer_name is None:
            view = t("all cards shown")
        else:
            view = t("as {name} saw it", name=self.viewer_name)
        caption, size = f"{text}   ({view})", max(9, int(14 * u))
        room = self.progress.y - max(2, int(3 * u)) - (self.focus.widgets[-1].rect.bottom
                                                     + max(2, int(3 * u)))
        image = self.caption_image(caption, size, room)
        surface.blit(image, image.get_rect(midbottom=(self.bar.centerx,
                                                      self.progress.y - max(2, int(3 * u)))))
        pygame.draw.rect(surface, (70, 80, 88), self.progress, border_radius=3)
        if total:
            done = self.progress.copy()
            done.width = int(self.progress.width * self.ply / total)
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=3)


    def caption_image(self, caption: str, size: int, room: int) -> pygame.Surface:
        """The caption on one line, or wrapped in a narrow bar, smaller until it fits the
        bar's width and the ``room`` above the progress line."""
        width = self.bar.width - 8
        while True:
            image = self.app.assets.text(caption, size, theme.WHITE, wrap=width,
                                         align="center")
            if (image.get_height() <= room and image.get_width() <= width) or size <= 8:
                return image
            size -= 1


class SavesScene(MenuScene):
    """Saved games, newest first: watch a replay, continue an unfinished game."""

    PER_PAGE = 7

    def __init__(self, app: AppContext) -> None:
        self.saves: list[SaveInfo] = list_saves()
        self.page = 0
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        row_h = max(18, int(52 * u))
        gap = max(2, int(10 * u))
        top = int(110 * u)
        left = int(w * 0.08)
        widgets = []
        self.rows: list[tuple[pygame.Rect, SaveInfo]] = []
        pages = max(1, -(-len(self.saves) // self.PER_PAGE))
        self.page = max(0, min(self.page, pages - 1))
        shown = self.saves[self.page * self.PER_PAGE:(self.page + 1) * self.PER_PAGE]
        bw = int(170 * u)
        for index, info in enumerate(shown):
            y = top + index * (row_h + gap)
            rect = pygame.Rect(left, y, w - 2 * left, row_h)
            self.rows.append((rect, info))
            if info.problem is not None:
                continue
            watch = Button(self.app, pygame.Rect(rect.right - bw - gap, y + gap // 2, bw,
                                                 row_h - gap),
                           lambda: t("Watch"), partial(self.watch, info),
                           name=f"watch{index}", size=max(9, int(18 * u)))
            widgets.append(watch)
            second = pygame.Rect(rect.right - 2 * (bw + gap), y + gap // 2, bw, row_h - gap)
            if not info.finished:
                widgets.append(Button(self.app, second, lambda: t("Continue"),
                                      partial(self.continue_, info),
                                      name=f"continue{index}", size=max(9, int(18 * u))))
            else:
                widgets.append(Button(self.app, second, lambda: t("Review"),
                                      partial(self.review, info),
                                      name=f"review{index}", size=max(9, int(18 * u))))
        bottom = h - int(90 * u)
        if pages > 1:
            widgets.append(Button(self.app, pygame.Rect(left, bottom, int(60 * u), int(46 * u)),
                                  "‹", lambda: self.turn(-1), name="prev_page"))
            widgets.append(Button(self.app, pygame.Rect(left + int(70 * u), bottom,
                                                         int(60 * u), int(46 * u)),
                                  "›", lambda: self.turn(1), name="next_page"))
        widgets.append(Button(self.app, pygame.Rect(w // 2 - int(100 * u), bottom,
                                                    int(200 * u), int(50 * u)),
                              lambda: t("Back"), self.back, primary=True, name="back"))
        self.focus.set(widgets)
        self.pages = pages

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % max(1, self.pages)
        self.build()

    def _load(self, info: SaveInfo) -> Loaded | None:
        try:
            return load(info.path)
        except SaveError as error:
            info.problem = error.reason
            report(self.app, error)
            self.build()
            return None

    def watch(self, info: SaveInfo) -> None:
        if is_online_save(info.path):  # no seed: replayed from its frames (online.replay)
            try:
                self.app.stack.push(self.app.scenes.make("online_replay", self.app,
                                                         info.path))
            except SaveError as error:
                info.problem = error.reason
                report(self.app, error)
                self.build()
            return
        loaded = self._load(info)
        if loaded is not None:
            self.app.stack.push(ReplayScene.from_loaded(self.app, loaded))

    def review(self, info: SaveInfo) -> None:
        """The post-game review of a finished game, from its save (the match is rebuilt and
        verified by ``storage.save_format``; no computer player is started for a game that
        is over)."""
        loaded = self._load(info)
        if loaded is not None:
            self.app.stack.push(ReviewScene(self.app, match_from(loaded, self.app.inline_ai)))

    def continue_(self, info: SaveInfo) -> None:
        def failed(error: SaveError) -> None:
            report(self.app, error)

        resume(self.app, info.path, on_error=failed)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("Saved games and replays"), int(24 * u),
                     size=max(12, int(40 * u)))
        if not self.saves:
            image = self.app.assets.text(t("No saved games yet. Finished and unfinished games "
                                           "appear here."), max(10, int(20 * u)), theme.WHITE,
                                         wrap=int(surface.get_width() * 0.7), align="center")
            surface.blit(image, image.get_rect(center=(surface.get_width() // 2,
                                                       surface.get_height() // 2)))
        for rect, info in self.rows:
            draw_panel(self.app, surface, rect, colour=(36, 48, 56), border=theme.INK,
                       radius=max(4, int(10 * u)))
            pad = max(4, int(14 * u))
            if info.problem is not None:
                head = printable(info.path.name)
                sub = t("cannot be read: {reason}", reason=info.problem)
            else:
                state = t("finished") if info.finished else t("in progress")
                head = f"{game_title(info.game)} · {', '.join(info.players or [])}"
                moves = nt("{n} move", "{n} moves", info.moves)
                parts = [date_time(info.saved_at), state, moves]
                if info.winners:
                    parts.append(winners_line([info.players[w] for w in info.winners
                                               if info.players
                                               and 0 <= w < len(info.players)]))
                sub = " · ".join(parts)
            image = self.app.assets.text(head, max(9, int(18 * u)), theme.WHITE, bold=True)
            surface.blit(image, (rect.x + pad, rect.y + pad // 2))
            colour = (255, 190, 160) if info.problem else (200, 210, 204)
            image = self.app.assets.text(sub, max(8, int(14 * u)), colour)
            surface.blit(image, (rect.x + pad, rect.bottom - pad // 2 - image.get_height()))
        if self.pages > 1:
            image = self.app.assets.text(t("Page "
                                           "{page}/{pages}", page=self.page + 1, pages=self.pages),
                                         max(9, int(16 * u)), theme.WHITE)
            surface.blit(image, (int(surface.get_width() * 0.08) + int(140 * u),
                                 surface.get_height() - int(78 * u)))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
