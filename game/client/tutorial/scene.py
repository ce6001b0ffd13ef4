"""The coach over the real table, the lesson list, and the first-start offer.

``CoachScene`` is an overlay above a game's ordinary table: it forwards input and time to
the table (so the lesson is played with the table's own mouse and keys), and draws the
coach's panel (lesson, goal, the coach's line or the friendly refusal, the "well done") and
gold rings around the cards and places the lesson names, which the table turns into
rectangles (``coach_rects``). When the lesson is complete — the last lesson's game against
``easy`` included — the table takes no more input and its match is no longer updated (only
its animations finish), so the opponent stops; Next (but after the last) / Again / Leave
show. The first-start offer is an ordinary ``MessageScene`` with two answers.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.i18n.words import game_title
from game.client.scenes.common import MenuScene, draw_heading, draw_panel
from game.client.scenes.message import MessageScene
from game.client.stage.scene import Scene
from game.client.stage.table import Table
from game.client.storage.tutorial_progress import Progress
from game.client.tutorial import Lesson, lessons_for
from game.client.tutorial.match import TutorialMatch, lesson_match
from game.client.ui import theme
from game.client.ui.widgets import Button, FocusGroup
from game.rules import GAME_NAMES

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


def first_unfinished(game: str) -> int:
    """Where ``--tutorial G`` starts: the first lesson not finished yet (else the first)."""
    progress = Progress.load()
    for index, lesson in enumerate(lessons_for(game)):
        if not progress.finished(game, lesson.key):
            return index
    return 0


def start_lesson(app: AppContext, game: str, index: int, replace: bool = False) -> None:
    """Put lesson ``index`` of ``game`` on the screen: its table, and the coach over it.
    ``replace`` swaps out the coach and table of the lesson before."""
    lesson = lessons_for(game)[index]
    match = lesson_match(lesson, inline_ai=app.inline_ai)
    table = app.scenes.make("table", app, match)
    assert isinstance(table, Table)
    if replace:
        app.stack.pop()            # the previous coach
        app.stack.replace(table)   # the previous table
    else:
        app.stack.push(table)
    app.stack.push(CoachScene(app, table, game, index))


class CoachScene(Scene):
    opaque = False

    def __init__(self, app: AppContext, table: Table, game: str, index: int) -> None:
        super().__init__(app)
        self.table = table
        self.game = game
        self.index = index
        self.lessons = lessons_for(game)
        self.lesson = self.lessons[index]
        match = table.match
        assert isinstance(match, TutorialMatch) and match.coach is not None
        self.match = match
        self.coach = match.coach
        self.progress = Progress.load()
        self.recorded = False
        self.age = 0.0
        self.focus = FocusGroup()
        self._layout_size: tuple[int, int] = (0, 0)

    @property
    def shown_match(self) -> TutorialMatch:
        return self.match

    # --- buttons ----------------------------------------------------------------------
    def _build(self, size: tuple[int, int]) -> None:
        self._layout_size = size
        u = theme.unit(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 20, int(720 * u)), int(150 * u))
        if self.table.coach_panel_at == "middle":
            self.panel.width = min(self.panel.width, int(600 * u))
            self.panel.center = (w // 2 + int(20 * u), int(h * 0.45))
        else:
            self.panel.midtop = (w // 2, int(8 * u))
        bw, bh = int(150 * u), int(40 * u)
        y = self.panel.bottom - bh - int(10 * u)
        items = [("next", lambda: t("Next lesson"), self.next_lesson),
                 ("again", lambda: t("Again"), self.again),
                 ("leave", lambda: t("Leave"), self.leave)]
        x = self.panel.right - int(12 * u) - len(items) * (bw + int(8 * u))
        self.buttons = {name: Button(self.app, pygame.Rect(x + i * (bw + int(8 * u)), y, bw, bh),
                                     label, action, primary=name == "next",
                                     name=f"tutorial.{name}")
                        for i, (name, label, action) in enumerate(items)}
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        done = self.coach.complete
        last = self.index + 1 >= len(self.lessons)
        self.buttons["next"].visible = done and not last
        self.buttons["again"].visible = done
        self.focus.set([b for b in self.buttons.values() if b.visible])

    def next_lesson(self) -> None:
        start_lesson(self.app, self.game, self.index + 1, replace=True)

    def again(self) -> None:
        start_lesson(self.app, self.game, self.index, replace=True)

    def leave(self) -> None:
        self.app.stack.pop()
        self.app.stack.pop()
        if not len(self.app.stack):
            self.app.go_to_title()

    # --- per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self._layout_size != self.app.screen.get_size():
            self._build(self.app.screen.get_size())
        done = self.coach.complete
        if (done or event.type != pygame.KEYDOWN) and self.focus.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "pos", None) \
                and self.panel.collidepoint(event.pos):
            return
        if done:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.leave()
            return  # the lesson is over: the table takes no more moves
        self.table.handle_event(event)

    def warm(self, budget: float) -> None:
        self.table.warm(budget)   # the table under this scene renders ahead as on its own

    def update(self, dt: float) -> None:
        self.age += dt
        if self.coach.complete:
            # at rest: the last move's animations end, the match moves no more (no
            # computer move, no results screen over the "well done")
            table = self.table
            table.animator.update(dt)
            table.particles.update(dt)
            table.update_table(dt)
        else:
            self.table.update(dt)
        if self.coach.complete and not self.recorded:
            self.recorded = True
            self.progress.mark_done(self.game, self.lesson.key)
            self.app.audio.play("claim")
            if self._layout_size != (0, 0):
                self._sync_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        if self._layout_size != surface.get_size():
            self._build(surface.get_size())
        self._sync_buttons()
        self._draw_highlights(surface)
        u = theme.unit(surface)
        pad = int(14 * u)
        wrap = max(60, self.panel.width - 2 * pad)   # every line wraps: German runs long
        head = self.app.assets.text(t("Lesson {n} of {total}: {title}", n=self.index + 1,
                                      total=len(self.lessons), title=self.lesson.title()),
                                    max(9, int(17 * u)), theme.GOLD, bold=True, wrap=wrap)
        goal = self.app.assets.text(t("Goal: {goal}", goal=self.coach.goal_line()),
                                    max(9, int(14 * u)), theme.PAPER_DIM, wrap=wrap)
        refusal = None if self.coach.complete else self.coach.refusal
        line = f"{refusal()}\n{self.coach.coach_line()}" if refusal is not None \
            else self.coach.coach_line()
        body = self.app.assets.text(line, max(9, int(15 * u)),
                                    (255, 214, 190) if refusal is not None else theme.WHITE,
                                    wrap=wrap)
        # the panel grows with its text; the buttons sit in its bottom row
        button_h = self.buttons["leave"].rect.height
        text_h = head.get_height() + goal.get_height() + body.get_height() + int(12 * u)
        self.panel.height = int(8 * u) + text_h + button_h + int(18 * u)
        for button in self.buttons.values():
            button.rect.bottom = self.panel.bottom - int(10 * u)
        draw_panel(self.app, surface, self.panel, colour=(34, 46, 58),
                   border=theme.GOLD if self.coach.complete else theme.PAPER_DIM)
        x, y = self.panel.x + pad, self.panel.y + int(8 * u)
        surface.blit(head, (x, y))
        y += head.get_height() + int(2 * u)
        surface.blit(goal, (x, y))
        surface.blit(body, (x, y + goal.get_height() + int(6 * u)))
        self.focus.draw(surface)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        rects = self.table.coach_rects(self.coach.highlights(), surface.get_size())
        if not rects:
            return
        u = theme.unit(surface)
        pulse = 0.5 + 0.5 * math.sin(self.age * 5.0)
        width = max(2, int((3 + 2 * pulse) * u))
        for rect in rects:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(int(10 * u), int(10 * u)),
                             width=width, border_radius=int(10 * u))


class TutorialMenuScene(MenuScene):
    """The lessons of one game (finished ones ticked), or first the choice of a game."""

    def __init__(self, app: AppContext, game: str | None = None) -> None:
        self.game = game
        self.progress = Progress.load()
        super().__init__(app)

    def build(self) -> None:
        u = theme.unit(self.size)
        top = int(170 * u)
        if self.game is None:
            buttons = self.column([(partial(game_title, g), partial(self._pick, g))
                                   for g in GAME_NAMES], top)
            for button, game in zip(buttons, GAME_NAMES, strict=True):
                button.name = f"tutorial.game.{game}"
        else:
            game = self.game
            lessons = lessons_for(game)
            items = []
            for index, lesson in enumerate(lessons):
                items.append((partial(self._label, lesson),
                              partial(start_lesson, self.app, game, index)))
            buttons = self.column(items, int(130 * u), height=int(48 * u))
            for index, button in enumerate(buttons):
                button.name = f"tutorial.lesson.{index}"
        self.focus.set(buttons)

    def _label(self, lesson: Lesson) -> str:
        """A lesson's button: its title, ticked once finished."""
        assert self.game is not None
        if self.progress.finished(self.game, lesson.key):
            return t("✓ {title}", title=lesson.title())
        return lesson.title()

    def _pick(self, game: str) -> None:
        self.app.stack.push(TutorialMenuScene(self.app, game))

    def on_resume(self) -> None:
        self.progress = Progress.load()

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        title = t("Learn to play {game}", game=game_title(self.game)) if self.game \
            else t("Which game do you want to learn?")
        draw_heading(self.app, surface, title, int(60 * u))


class TutorialOfferScene(MessageScene):
    """Asked once per game, the first time it is chosen: the tutorial, or straight on.
    The message panel of ``scenes/message.py`` with two answers instead of OK."""

    def __init__(self, app: AppContext, game: str, go_on: Scene) -> None:
        self.game = game
        self.go_on = go_on
        Progress.load().mark_offered(game)
        super().__init__(app, *self._words())

    def _words(self) -> tuple[str, str]:
        return (t("New to {game}?", game=game_title(self.game)),
                t("A few short lessons on the real table teach you every rule. You can open "
                  "them any time from the title screen or the rules."))

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title, self.body = self._words()   # asked each frame: a language switch shows
        super().draw_content(surface)

    def build(self) -> None:
        super().build()
        u = theme.unit(self.size)
        bw, bh = int(260 * u), int(52 * u)
        y = self.panel.bottom - bh - int(22 * u)
        yes = Button(self.app, pygame.Rect(self.panel.centerx - bw - int(10 * u), y, bw, bh),
                     lambda: t("Play the tutorial"), self.yes, primary=True,
                     name="tutorial.offer.yes")
        no = Button(self.app, pygame.Rect(self.panel.centerx + int(10 * u), y, bw, bh),
                    lambda: t("Straight to the game"), self.no, name="tutorial.offer.no")
        self.focus.set([yes, no])

    def yes(self) -> None:
        self.app.stack.pop()
        start_lesson(self.app, self.game, 0)

    def no(self) -> None:
        self.app.stack.replace(self.go_on)

    def back(self) -> None:
        self.no()
