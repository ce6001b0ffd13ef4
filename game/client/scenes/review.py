"""Post-game review: one seat's win chance over the whole game (computed in the background,
with a progress bar), the three moments where it moved most — the seat's own decisions
first — each opened on the real table as that seat saw it (``review_moment.MomentScene``:
the move played, the expert's move and reason, "play on from here"). With two or more
people (or none) the reviewed seat can be switched. Opened after any finished game and
from the Replays list."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import nt, number, percent, signed_percent, t
from game.client.match.analysis import ReviewJob, key_moments, luck_line, own_choices
from game.client.match.match import Match
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
from game.client.scenes.review_moment import MomentScene
from game.client.storage.save_folder import attach_autosave
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


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


class ReviewScene(MenuScene):
    def __init__(self, app: AppContext, match: Match, seat: int | None = None) -> None:
        self.match = match
        humans = match.humans
        # whose review: the people of the game (every seat in a game of computers alone)
        self.candidates = humans or list(range(len(match.seats)))
        self.seat = seat if seat is not None else (match.viewer if match.viewer is not None
                                                   else self.candidates[0])
        self.inline = app.inline_ai
        self.job = self._start_job()
        self.moments: list[int] = []
        self.opened: int | None = None
        self.luck = luck_line(match)
        super().__init__(app)

    def _start_job(self) -> ReviewJob:
        job = ReviewJob(self.match, self.seat, inline=self.inline)
        job.start()
        return job

    def switch_seat(self) -> None:
        """Review the next person's game (each person's chances come from their views)."""
        index = self.candidates.index(self.seat) if self.seat in self.candidates else -1
        self.seat = self.candidates[(index + 1) % len(self.candidates)]
        playouts = self.job.playouts
        self.job.close()
        self.job = self._start_job()
        self.job.playouts = playouts
        self.moments, self.opened = [], None
        self.build()

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        bw, bh = int(180 * u), int(46 * u)
        y = h - int(70 * u)
        widgets = [Button(self.app, pygame.Rect(int(40 * u), y, bw, bh),
                          lambda: t("Back"), self.back, primary=True, name="back")]
        for i, ply in enumerate(self.moments):
            widgets.append(Button(self.app, pygame.Rect(int(240 * u) + i * (bw + int(10 * u)),
                                                        y, bw, bh),
                                  partial(self.moment_label, ply),
                                  partial(self.open, ply), name=f"moment{i}"))
        if len(self.candidates) > 1:
            widgets.append(Button(self.app, pygame.Rect(w - bw - int(40 * u), y, bw, bh),
                                  lambda: t("Player: {name}",
                                            name=self.match.seats[self.seat].name),
                                  self.switch_seat, name="switch_seat"))
        self.focus.set(widgets)

    def moment_label(self, ply: int) -> str:
        """"Move 12: −31 %": where the moment is, and how far the chance moved there."""
        chances = self.job.chances
        before, after = chances[ply] or 0.0, chances[ply + 1] or 0.0
        return t("Move {n}: {swing}", n=ply + 1, swing=signed_percent(after - before))

    def open(self, ply: int) -> None:
        """The moment on the real table, as the reviewed seat saw it."""
        self.opened = ply
        self.build()
        chances = self.job.chances
        after = chances[ply + 1] if ply + 1 < len(chances) else None
        self.app.stack.push(MomentScene(self.app, self.match, self.seat, ply,
                                        (chances[ply], after), self.play_on))

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
        self.job.close()
        self.app.stack.pop()

    def look(self) -> object:
        """The graph grows as the background work answers, with no input: the window loop
        redraws when another position is judged (a menu is otherwise still)."""
        done = sum(1 for chance in self.job.chances if chance is not None)
        return (super().look(), done, self.seat, tuple(self.moments), self.opened)

    def update(self, dt: float) -> None:
        was_done = self.job.done
        self.job.poll(budget=4)
        if self.job.done and not was_done:
            self.moments = key_moments([c or 0.0 for c in self.job.chances],
                                       eligible=own_choices(self.match, self.seat))
            self.build()

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        w, h = surface.get_size()
        name = self.match.seats[self.seat].name
        draw_heading(self.app, surface, t("Review: {name}'s chance to win", name=name), int(36 * u))
        area = pygame.Rect(int(40 * u), int(90 * u), w - int(80 * u), int(300 * u))
        draw_panel(self.app, surface, area, colour=(30, 42, 52), border=theme.PAPER_DIM)
        small = max(8, int(11 * u))
        # the scale in words: the line's height is a chance, not a colour
        marks = [(share, self.app.assets.text(percent(share), small, theme.PAPER_DIM))
                 for share in (1.0, 0.5, 0.0)]
        graph = area.inflate(-int(40 * u), -int(40 * u))
        inset = max(m.get_width() for _, m in marks) + int(12 * u)  # the scale inside the panel
        graph.width -= max(0, inset - (graph.x - area.x))
        graph.x = max(graph.x, area.x + inset)
        pygame.draw.line(surface, (90, 100, 110), (graph.x, graph.centery),
                         (graph.right, graph.centery), 1)
        chances = self.job.chances
        count = max(1, len(chances) - 1)
        points = [(graph.x + graph.width * i / count, graph.bottom - graph.height * c)
                  for i, c in enumerate(chances) if c is not None]
        if len(points) > 1:
            pygame.draw.lines(surface, theme.GOLD, False, points, max(2, int(3 * u)))
        size = max(9, int(15 * u))
        for share, mark in marks:
            surface.blit(mark, mark.get_rect(midright=(graph.x - int(4 * u),
                                                       graph.bottom - graph.height * share)))
        tags: list[pygame.Rect] = []
        # the open moment's tag first: a neighbour too close gives way to it
        for ply in sorted(self.moments, key=lambda p: p != self.opened):
            x = graph.x + graph.width * (ply + 1) / count
            colour = theme.WHITE if ply == self.opened else theme.ACCENT_BLUE
            pygame.draw.line(surface, colour, (x, graph.y), (x, graph.bottom), 2)
            # the key moment's move number, as on its button below (the open one starred)
            label = f"{'★ ' if ply == self.opened else ''}{ply + 1}"
            tag = self.app.assets.text(label, small, colour, bold=True)
            place = tag.get_rect(midbottom=(int(x), graph.y - int(2 * u)))
            if any(place.inflate(int(4 * u), 0).colliderect(other) for other in tags):
                continue   # moments a move apart: one number says where they are
            tags.append(place)
            surface.blit(tag, place)
        if not self.job.done:
            bar = pygame.Rect(graph.x, area.bottom + int(14 * u), graph.width, int(12 * u))
            pygame.draw.rect(surface, (60, 70, 80), bar, border_radius=6)
            pygame.draw.rect(surface, theme.GOLD,
                             (bar.x, bar.y, int(bar.width * self.job.progress), bar.height),
                             border_radius=6)
        y = area.bottom + int(36 * u)
        luck = self.luck.get(self.seat)
        if luck is not None:
            line = luck_words(self.match.game_name, round(luck[0]), number(luck[1]))
            image = self.app.assets.text(line, size, theme.WHITE)
            surface.blit(image, (area.x, y))
            y += image.get_height() + int(8 * u)
