"""Results over the final table: winner, score, reason; rematch, new setup, title, review.

The review's analysis of a local game starts here, in its own process (``ReviewJob``), so
it is under way, or done, when the player opens it; this scene only takes its answers
(never computing one itself) and shows the progress on the Review button."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import nt, percent, t
from game.client.i18n.words import winners_line
from game.client.match.analysis import ReviewJob
from game.client.match.match import Match
from game.client.scenes.common import MenuScene, draw_panel
from game.client.scenes.replay import ReplayScene
from game.client.scenes.review import ReviewScene, review_seat, start_review
from game.client.scenes.scoreboard import seat_scores
from game.client.scenes.setup import SetupScene
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table

GROW_SECONDS = 0.35  # the headline's entrance

class ResultsScene(MenuScene):
    opaque = False

    def __init__(self, app: AppContext, table: Table) -> None:
        self.table = table
        self.age = 0.0
        match = table.match
        result = match.result()
        self.winners = list(result.winners)
        if self.winners:
            self.headline = winners_line([match.seats[w].name for w in self.winners])
        elif result.reason == "abandoned":   # people left: nobody drew, nobody lost
            self.headline = t("Game ended")
        elif result.reason == "agreed":
            self.headline = t("Ended by agreement")
        else:
            self.headline = t("A draw!")
        self.reason = table.result_reason()
        table.reveal_all()  # the secrets are out: every hand, every kept card
        final = match.game.to_dict(match.state)
        self.score = seat_scores(match.game_name, final, [s.name for s in match.seats],
                                 self.winners) or table.score_line()
        self.moves = len(match.history)
        self.review_job: ReviewJob | None = None
        if match.review_offered and isinstance(match, Match) and match.history:
            self.review_job = start_review(match, review_seat(match), app.inline_ai)
        super().__init__(app)

    def build(self) -> None:
        """The panel grows to hold its lines and the table's extra (Královská cesta's secret
        cards), centred in the window, the buttons along its bottom edge."""
        u = theme.unit(self.size)
        w, h = self.size
        bh, gap = int(54 * u), int(16 * u)
        items = [(lambda: t("Rematch"), self.rematch, True),
                 (lambda: t("New setup"), self.new_setup, False),
                 (lambda: t("Title screen"), self.app.go_to_title, False),
                 (lambda: t("Watch"), self.replay, False)]
        if self.table.match.review_offered:
            items.append((self.review_label, self.review, False))
        bw = int(200 * u)
        span = len(items) * bw + (len(items) - 1) * gap
        width = min(w - int(16 * u), max(int(790 * u), span + int(48 * u)))
        self.line_images = [self.app.assets.text(line, int(22 * u), theme.WHITE,
                                                 wrap=width - int(40 * u), align="center")
                            for line in (self.reason, self.score,
                                         nt("The game took {n} move.",
                                            "The game took {n} moves.", self.moves))
                            if line]
        lines = sum(image.get_height() + int(10 * u) for image in self.line_images)
        extra = self.table.result_extra_height(width, u)
        height = int(130 * u) + lines + extra + int(20 * u) + bh + int(26 * u)
        self.panel = pygame.Rect(0, 0, width, min(h - int(8 * u), height))
        self.panel.center = (w // 2, h // 2)
        self.extra = pygame.Rect(self.panel.x, self.panel.y + int(130 * u) + lines,
                                 width, extra)
        x0 = w // 2 - span // 2
        y = self.panel.bottom - int(26 * u) - bh
        self.focus.set([Button(self.app, pygame.Rect(x0 + i * (bw + gap), y, bw, bh), label,
                               action, primary=primary, name=f"result{i}")
                        for i, (label, action, primary) in enumerate(items)])
        self.focus.columns = 1
        self.burst_done = False

    def review_label(self) -> str:
        """"Review", with how far its analysis has come while it runs."""
        job = self.review_job
        if job is None or job.stopped or job.progress == 0:
            return t("Review")
        return t("Review ({done})", done=percent(job.progress))

    def rematch(self) -> None:
        self.app.stack.pop()
        self.table.rematch()

    def replay(self) -> None:
        self.app.stack.push(ReplayScene.from_match(self.app, self.table.match))

    def review(self) -> None:
        match = self.table.match
        if isinstance(match, Match):  # only a local game's record holds every position
            self.app.stack.push(ReviewScene(self.app, match, job=self.review_job))

    def on_exit(self) -> None:
        if self.review_job is not None:
            self.review_job.close()

    def look(self) -> object:
        """The Review button's progress changes with no input: redraw when it does."""
        job = self.review_job
        return (super().look(), job.finished if job is not None else 0)

    def new_setup(self) -> None:
        game = self.table.match.game_name
        self.app.go_to_title()
        self.app.stack.push(SetupScene(self.app, game))

    def back(self) -> None:
        self.app.go_to_title()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus.keyboard_used = True
            self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
            return
        super().handle_event(event)

    @property
    def ends_headless_run(self) -> bool:
        return self.age > 1.0

    @property
    def animating(self) -> bool:
        """The headline grows in and the confetti falls; then the panel is still."""
        return self.age < GROW_SECONDS or self.table.particles.busy

    def update(self, dt: float) -> None:
        self.age += dt
        if self.review_job is not None:
            self.review_job.poll(budget=0)   # what the review process sent; never judged here
        self.table.particles.update(dt)
        if not self.burst_done:
            self.burst_done = True
            w, h = self.size
            colours = [theme.GOLD, (255, 255, 255), *theme.SUIT_COLOURS.values()]
            for i in range(5):
                self.table.particles.burst((w * (0.2 + 0.15 * i), h * 0.3), colours, count=26,
                                           speed=340 * theme.unit(self.size))

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 150), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        w = surface.get_width()
        grow = min(1.0, self.age / GROW_SECONDS)
        panel = self.panel
        draw_panel(self.app, surface, panel, colour=(34, 46, 56), border=theme.GOLD)
        pulse = 1.0 + 0.03 * math.sin(self.age * 4)
        size = int(54 * u * (0.6 + 0.4 * grow) * pulse)
        head = self.app.assets.outlined_text(self.headline, size, theme.GOLD, (16, 12, 20),
                                             width=max(2, int(3 * u)))
        if head.get_width() > panel.width - int(24 * u):   # a long name: scale to fit
            scale = (panel.width - int(24 * u)) / head.get_width()
            head = pygame.transform.smoothscale(
                head, (int(head.get_width() * scale), int(head.get_height() * scale)))
        surface.blit(head, head.get_rect(center=(w // 2, panel.y + int(70 * u))))
        y = panel.y + int(130 * u)
        for image in self.line_images:
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + int(10 * u)
        self.table.draw_result_extra(surface, self.extra)
        self.table.particles.draw(surface)
