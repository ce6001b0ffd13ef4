"""Post-game review: one seat's win chance over the whole game on a graph that fills the
window (a move axis with ticks, the chance in words), and the key moments — the seat's own
decisions that lost the most chance against the expert's move from the same view — marked
on it. Each opens on the real table as that seat saw it (``review_moment.MomentScene``: the
move played, the expert's better move and why, "play on from here").

Everything is computed in the background (``analysis.ReviewJob``, a process of its own,
started already by the results screen): this scene only takes what has arrived in
``update`` and shows the progress; the graph and the moments grow as the answers come. With
two or more people (or none) the reviewed seat can be switched. Opened after any finished
game and from the Replays list."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import language, nt, number, percent, signed_percent, t
from game.client.match.analysis import MIN_LOSS, Decision, ReviewJob, luck_line
from game.client.match.match import Match
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
from game.client.scenes.review_moment import MomentScene
from game.client.storage.save_folder import attach_autosave
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext

# Move numbers on the axis step by one of these, the smallest that leaves room for its label.
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
GRID = (0.25, 0.5, 0.75)


def luck_words(game: str, got: int, expected: str) -> str:
    """How many lucky draws a seat had, against the average."""
    if game == "cesta":
        return nt("Luck: {n} high card drawn (Ober, King or Ace); {expected} on average.",
                  "Luck: {n} high cards drawn (Obers, Kings and Aces); {expected} on average.",
                  got, expected=expected)
    if game == "royal_road":
        return nt("Luck: {n} white roll; {expected} on average.",
                  "Luck: {n} white rolls; {expected} on average.", got, expected=expected)
    return nt("Luck: {n} scissors card drawn; {expected} on average.",
              "Luck: {n} scissors cards drawn; {expected} on average.", got, expected=expected)


def review_seat(match: Match) -> int:
    """Whose review opens first: the person at the screen, else the first person."""
    if match.viewer is not None:
        return match.viewer
    return (match.humans or [0])[0]


def start_review(match: Match, seat: int, inline: bool) -> ReviewJob:
    """The background job of ``seat``'s review (its reasons in the current language)."""
    job = ReviewJob(match, seat, inline=inline, lang=language())
    job.start()
    return job


def tick_step(moves: int, width: int, room: int) -> int:
    """The axis's step in moves: the smallest of ``TICK_STEPS`` whose ticks stand at least
    ``room`` pixels apart."""
    for step in TICK_STEPS:
        if width * step / max(1, moves) >= room:
            return step
    return TICK_STEPS[-1]


class ReviewScene(MenuScene):
    def __init__(self, app: AppContext, match: Match, seat: int | None = None,
                 job: ReviewJob | None = None) -> None:
        self.match = match
        humans = match.humans
        # whose review: the people of the game (every seat in a game of computers alone)
        self.candidates = humans or list(range(len(match.seats)))
        if job is not None:
            seat = job.seat
        self.seat = seat if seat is not None else review_seat(match)
        self.inline = app.inline_ai
        # a job handed over (by the results screen) stays its owner's to close
        self.owns_job = job is None
        self.job = job if job is not None else start_review(match, self.seat, self.inline)
        self.moments: list[Decision] = self.job.moments()
        self.opened: int | None = None
        self.luck = luck_line(match)
        super().__init__(app)

    def switch_seat(self) -> None:
        """Review the next person's game (each person's chances come from their views)."""
        index = self.candidates.index(self.seat) if self.seat in self.candidates else -1
        self.seat = self.candidates[(index + 1) % len(self.candidates)]
        playouts = self.job.playouts
        if self.owns_job:
            self.job.close()
        self.job = ReviewJob(self.match, self.seat, playouts=playouts, inline=self.inline,
                             lang=language())
        self.job.start()
        self.owns_job = True
        self.moments, self.opened = [], None
        self.build()

    # --- layout ----------------------------------------------------------------------------
    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The graph's panel, and the plot inside it (room left for the chance's words, at
        the bottom for the move numbers and the axis's name): all the window's height
        between the heading and the lines and buttons below."""
        u = theme.unit(self.size)
        w, h = self.size
        top = int(76 * u)
        bottom = h - int(70 * u) - int(84 * u)   # the buttons, and three lines of text
        area = pygame.Rect(int(24 * u), top, w - int(48 * u), max(int(120 * u), bottom - top))
        plot = pygame.Rect(area.x + int(80 * u), area.y + int(34 * u),
                           area.width - int(80 * u) - int(24 * u),
                           area.height - int(34 * u) - int(56 * u))
        return area, plot

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        bw, bh = int(180 * u), int(46 * u)
        gap = int(10 * u)
        y = h - int(62 * u)
        widgets = [Button(self.app, pygame.Rect(int(24 * u), y, bw, bh),
                          lambda: t("Back"), self.back, primary=True, name="back")]
        switch = len(self.candidates) > 1
        right = w - int(24 * u) - (bw + gap if switch else 0)
        x = int(24 * u) + bw + int(20 * u)
        width = min(int(210 * u), (right - x) // max(1, len(self.moments)) - gap)
        for i, decision in enumerate(self.moments):
            widgets.append(Button(self.app, pygame.Rect(x + i * (width + gap), y, width, bh),
                                  partial(self.moment_label, decision),
                                  partial(self.open, decision.ply), name=f"moment{i}"))
        if switch:
            widgets.append(Button(self.app, pygame.Rect(w - bw - int(24 * u), y, bw, bh),
                                  lambda: t("Player: {name}",
                                            name=self.match.seats[self.seat].name),
                                  self.switch_seat, name="switch_seat"))
        self.focus.set(widgets)

    def moment_label(self, decision: Decision) -> str:
        """"Move 12: −31 %": where the moment is, and the chance the choice lost there."""
        return t("Move {n}: {swing}", n=decision.ply + 1, swing=signed_percent(-decision.loss))

    # --- actions ---------------------------------------------------------------------------
    def open(self, ply: int) -> None:
        """The moment on the real table, as the reviewed seat saw it."""
        decision = self.job.decisions[ply]
        self.opened = ply
        self.build()
        self.app.stack.push(MomentScene(self.app, self.match, self.seat, decision,
                                        self.play_on))

    def play_on(self, ply: int | None = None) -> None:
        """A new game from the position before the opened move, against the same seats.

        It is saved like any game (Continue brings it back; its save replays the reviewed
        game's deal and moves up to here first, ``Match.lead_in``), but not counted in the
        statistics: it is practice from a chosen position, not a game played from a deal."""
        ply = self.opened if ply is None else ply
        assert ply is not None
        old = self.match
        state = old.history[ply].before
        lead_in = (*old.lead_in, *(entry.notation for entry in old.history[:ply]))
        match = Match(old.game_name, old.game, [replace(s) for s in old.seats],
                      old.seed, state, rules_source=old.rules_source, lead_in=lead_in)
        attach_autosave(match, background=True)
        match.start_worker(self.app.inline_ai)
        self.job.close()
        self.app.go_to_title()
        self.app.stack.push(self.app.scenes.make("table", self.app, match))

    def back(self) -> None:
        if self.owns_job:
            self.job.close()
        self.app.stack.pop()

    def on_exit(self) -> None:
        if self.owns_job:
            self.job.close()

    # --- per frame -------------------------------------------------------------------------
    def look(self) -> object:
        """The graph grows as the background work answers, with no input: the window loop
        redraws when another answer arrives (a menu is otherwise still)."""
        return (super().look(), self.job.finished, self.seat,
                tuple(d.ply for d in self.moments), self.opened)

    def update(self, dt: float) -> None:
        # takes what the review process sent (in tests: judges one unit here, between frames)
        if not self.job.poll(budget=1):
            return
        moments = self.job.moments()
        rebuild = [d.ply for d in moments] != [d.ply for d in self.moments]
        self.moments = moments
        if rebuild:
            self.build()

    def x_of(self, plot: pygame.Rect, moves: int) -> float:
        """Where the position after ``moves`` moves stands on the axis."""
        return plot.x + plot.width * moves / max(1, len(self.job.chances) - 1)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        name = self.match.seats[self.seat].name
        draw_heading(self.app, surface, t("Review: {name}'s chance to win", name=name),
                     int(18 * u), size=int(38 * u))
        area, plot = self.layout()
        draw_panel(self.app, surface, area, colour=(30, 42, 52), border=theme.PAPER_DIM)
        small = max(11, int(14 * u))
        self._draw_axes(surface, plot, small, u)
        chances = self.job.chances
        points = [(self.x_of(plot, i), plot.bottom - plot.height * c)
                  for i, c in enumerate(chances) if c is not None]
        if len(points) > 1:
            pygame.draw.lines(surface, theme.GOLD, False, points, max(2, int(3 * u)))
        self._draw_moments(surface, plot, small, u)
        self._draw_lines(surface, area, u)

    def _draw_axes(self, surface: pygame.Surface, plot: pygame.Rect, small: int,
                   u: float) -> None:
        """The chance in words on the left (0, 50, 100 % and a grid), the moves below: a
        tick and its number every ``tick_step`` moves, and the axis's name."""
        soft = theme.PAPER_DIM
        for share in (0.0, *GRID, 1.0):
            y = plot.bottom - plot.height * share
            colour = (90, 100, 110) if share == 0.5 else (55, 66, 76)
            pygame.draw.line(surface, colour, (plot.x, y), (plot.right, y), 1)
            if share in (0.0, 0.5, 1.0):
                mark = self.app.assets.text(percent(share), small, soft)
                surface.blit(mark, mark.get_rect(midright=(plot.x - int(8 * u), y)))
        # the axis's name reads upwards along it, clear of the moments' numbers on top
        title = pygame.transform.rotate(
            self.app.assets.text(t("Chance to win"), small, soft, bold=True), 90)
        surface.blit(title, title.get_rect(midleft=(plot.x - int(76 * u), plot.centery)))
        pygame.draw.line(surface, soft, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)
        moves = max(1, len(self.job.chances) - 1)
        step = tick_step(moves, plot.width, int(46 * u))
        tick = max(3, int(6 * u))
        for n in range(0, moves + 1, step):
            x = self.x_of(plot, n)
            pygame.draw.line(surface, soft, (x, plot.bottom), (x, plot.bottom + tick), 1)
            label = self.app.assets.text(number(n), small, soft)
            surface.blit(label, label.get_rect(midtop=(int(x), plot.bottom + tick + 2)))
        name = self.app.assets.text(t("Moves played"), small, soft, bold=True)
        surface.blit(name, name.get_rect(midtop=(plot.centerx,
                                                 plot.bottom + tick + int(22 * u))))

    def _draw_moments(self, surface: pygame.Surface, plot: pygame.Rect, small: int,
                      u: float) -> None:
        """Each moment: a line through the graph at its move, a diamond where the chance
        stood after it, and its move number above (the open one starred)."""
        tags: list[pygame.Rect] = []
        # the open moment's number first: a neighbour too close gives way to it
        for decision in sorted(self.moments, key=lambda d: d.ply != self.opened):
            moves = decision.ply + 1
            x = self.x_of(plot, moves)
            opened = decision.ply == self.opened
            colour = theme.WHITE if opened else theme.ACCENT_BLUE
            pygame.draw.line(surface, colour, (x, plot.y), (x, plot.bottom), 2)
            chance = self.job.chances[moves] if moves < len(self.job.chances) else None
            if chance is not None:
                y = plot.bottom - plot.height * chance
                r = max(4, int(7 * u))
                diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
                pygame.draw.polygon(surface, colour, diamond)
                pygame.draw.polygon(surface, theme.INK, diamond, 1)
            label = f"{'★ ' if opened else ''}{decision.ply + 1}"
            tag = self.app.assets.text(label, small, colour, bold=True)
            place = tag.get_rect(midbottom=(int(x), plot.y - int(2 * u)))
            if any(place.inflate(int(4 * u), 0).colliderect(other) for other in tags):
                continue   # moments a move apart: one number says where they are
            tags.append(place)
            surface.blit(tag, place)

    def status(self) -> str:
        """The line under the graph: the progress, then what the moments are (or that
        there are none, or that something could not be judged)."""
        job = self.job
        if job.lost:
            return t("The review stopped early: its process ended. What it judged is shown.")
        if job.failures:
            return nt("{n} position could not be judged; the rest is shown.",
                      "{n} positions could not be judged; the rest is shown.",
                      len(job.failures))
        if not job.done:
            return t("Judging every choice against the expert's… {done}",
                     done=percent(job.progress))
        if self.moments:
            return t("Key moments: the choices that lost the most chance to win against the "
                     "expert's move from the same view. Open one below.")
        return t("No big mistakes: no choice by {name} lost {loss} or more against the "
                 "expert's move.", name=self.match.seats[self.seat].name,
                 loss=percent(MIN_LOSS))

    def _draw_lines(self, surface: pygame.Surface, area: pygame.Rect, u: float) -> None:
        size = max(9, int(15 * u))
        y = area.bottom + int(10 * u)
        if not self.job.stopped:
            bar = pygame.Rect(area.x, y, area.width, max(4, int(8 * u)))
            pygame.draw.rect(surface, (60, 70, 80), bar, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD,
                             (bar.x, bar.y, int(bar.width * self.job.progress), bar.height),
                             border_radius=4)
            y = bar.bottom + int(6 * u)
        lines = [self.status()]
        luck = self.luck.get(self.seat)
        if luck is not None:
            lines.append(luck_words(self.match.game_name, round(luck[0]), number(luck[1])))
        for line in lines:
            image = self.app.assets.text(line, size, theme.WHITE, wrap=area.width)
            surface.blit(image, (area.x, y))
            y += image.get_height() + int(4 * u)
