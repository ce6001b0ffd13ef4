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
from game.client.tables.common.keys import ENTER_KEYS
from game.client.tutorial import Lesson, lessons_for
from game.client.tutorial.match import TutorialMatch, lesson_match
from game.client.tutorial.placement import place_box
from game.client.ui import theme
from game.client.ui.widgets import Button, FocusGroup
from game.rules import GAME_NAMES, IllegalMove

if TYPE_CHECKING:
    from game.client.match.types import Move
    from game.client.stage.scene import AppContext


def first_unfinished(game: str) -> int:
    """Where ``--tutorial G`` starts: the first lesson neither finished nor skipped (else
    the first)."""
    progress = Progress.load()
    for index, lesson in enumerate(lessons_for(game)):
        if not progress.finished(game, lesson.key) and not progress.skipped(game, lesson.key):
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
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.compact = False    # only the lesson's title shows: the table needs the room
        self._placed: tuple[object, ...] | None = None   # what the panel was placed for
        self._focused: tuple[object, ...] | None = None  # what the table's focus was put on
        items = [("next", lambda: t("Next lesson"), self.next_lesson),
                 ("again", lambda: t("Again"), self.again),
                 ("skip", lambda: t("Skip"), self.skip),
                 ("lessons", lambda: t("Lessons"), self.open_lessons),
                 ("leave", lambda: t("Leave"), self.leave)]
        self.buttons = {name: Button(self.app, pygame.Rect(0, 0, 1, 1), label, action,
                                     primary=name == "next", name=f"tutorial.{name}")
                        for name, label, action in items}
        self._sync_buttons()

    @property
    def shown_match(self) -> TutorialMatch:
        return self.match

    # --- buttons ----------------------------------------------------------------------
    def _sync_buttons(self) -> None:
        done = self.coach.complete
        last = self.index + 1 >= len(self.lessons)
        self.buttons["next"].visible = done and not last
        self.buttons["again"].visible = done
        self.buttons["skip"].visible = not done and not last
        if not self.compact:
            self.focus.set([b for b in self.buttons.values() if b.visible])

    def next_lesson(self) -> None:
        start_lesson(self.app, self.game, self.index + 1, replace=True)

    def again(self) -> None:
        start_lesson(self.app, self.game, self.index, replace=True)

    def skip(self) -> None:
        """On to the next lesson; this one stays open in the list (marked skipped)."""
        self.progress.mark_skipped(self.game, self.lesson.key)
        self.next_lesson()

    def open_lessons(self) -> None:
        """Back to this game's lesson list, to pick any lesson or replay one."""
        self._close()
        top = self.app.stack.top
        if not (isinstance(top, TutorialMenuScene) and top.game == self.game):
            self.app.stack.push(TutorialMenuScene(self.app, self.game))

    def leave(self) -> None:
        self._close()
        if not len(self.app.stack):
            self.app.go_to_title()

    def _close(self) -> None:
        self.app.stack.pop()
        self.app.stack.pop()

    # --- the panel's place ------------------------------------------------------------------
    def must_see(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """What the lesson points at or talks about, and where the table speaks: the
        panel never covers these."""
        names = (*self.coach.highlights(), *self.lesson.mentions)
        return [*self.table.coach_rects(names, size), *self.table.coach_keep_clear(size)]

    def _texts(self, wrap: int) -> list[pygame.Surface]:
        u = theme.unit(self.app.screen)
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
        return [head, goal, body]

    def _metrics(self, u: float) -> tuple[int, int, int, int]:
        """Padding, button width and height, gap."""
        return int(14 * u), int(140 * u), int(38 * u), int(8 * u)

    def _height(self, width: int, u: float) -> int:
        pad, bw, bh, gap = self._metrics(u)
        texts = self._texts(max(60, width - 2 * pad))
        shown = sum(1 for b in self.buttons.values() if b.visible)
        per_row = max(1, (width - 2 * pad + gap) // (bw + gap))
        rows = -(-shown // per_row)
        text_h = sum(x.get_height() for x in texts) + int(8 * u)
        return int(8 * u) + text_h + rows * (bh + gap) + int(10 * u)

    def _place(self, size: tuple[int, int]) -> None:
        """Put the panel where it hides nothing the lesson needs, and its buttons in it."""
        must = self.must_see(size)
        key = (size, self.coach.highlights(), self.coach.complete,
               self.coach.refusal is not None, self.coach.coach_line(),
               tuple(b.visible for b in self.buttons.values()),
               tuple(tuple(rect) for rect in must))
        if key == self._placed:
            return
        self._placed = key
        u = theme.unit(size)
        w, h = size
        margin = int(8 * u)
        widths = [min(w - 2 * margin, int(x * u)) for x in (720, 600, 500, 420)]
        sizes = [(width, self._height(width, u)) for width in widths]
        window = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        soft = self.table.coach_soft_areas(size)
        self.panel, fits = place_box(window, sizes, must, soft, int(6 * u))
        self.compact = False
        if not fits:
            # the table needs nearly all of the window (Královská cesta's choice of secret
            # cards): the lesson's title alone, in a strip, until there is room again
            head = self._texts(max(60, widths[0] - 2 * self._metrics(u)[0]))[0]
            strip = (head.get_width() + 2 * self._metrics(u)[0], head.get_height()
                     + int(16 * u))
            panel, fits = place_box(window, [strip], must, soft, int(6 * u))
            if fits:
                self.panel, self.compact = panel, True
        self.focus.set([] if self.compact else
                       [b for b in self.buttons.values() if b.visible])
        pad, bw, bh, gap = self._metrics(u)
        shown = [b for b in self.buttons.values() if b.visible]
        per_row = max(1, (self.panel.width - 2 * pad + gap) // (bw + gap))
        rows = [shown[i:i + per_row] for i in range(0, len(shown), per_row)]
        y = self.panel.bottom - int(10 * u) - len(rows) * (bh + gap) + gap
        for row in rows:   # right-aligned, the last row at the bottom
            x = self.panel.right - pad - len(row) * (bw + gap) + gap
            for i, button in enumerate(row):
                button.rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
            y += bh + gap

    # --- the keyboard's focus is the highlight --------------------------------------------
    def _taught(self) -> list[Move]:
        """The moves the lesson accepts now (none while it is not the learner's turn)."""
        if self.coach.complete or not self.match.waiting_for_human:
            return []
        return self.coach.taught_moves(self.match.state)

    def _focus_table(self, again: bool = False) -> None:
        """Move the table's keyboard focus onto the highlighted cards and places once per
        step (``again``: back onto them after a key moved it, when one move is taught)."""
        if self.coach.complete or not self.match.waiting_for_human or self.table.busy:
            return
        key = (self.coach.step_index, len(self.match.history))
        if key == self._focused and not (again and len(self._taught()) == 1):
            return
        self._focused = key
        self.table.coach_focus(self.coach.highlights())

    # --- per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._sync_buttons()
        self._place(self.app.screen.get_size())
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
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
            taught = self._taught()
            if len(taught) == 1:   # Enter plays exactly the highlighted move
                try:
                    self.match.play(taught[0])
                except IllegalMove:   # the coach teaches only legal moves; said, not hidden
                    self.app.audio.play("error")
                return
        self.table.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._focus_table(again=True)

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
            self._focus_table()
        if self.coach.complete and not self.recorded:
            self.recorded = True
            self.progress.mark_done(self.game, self.lesson.key)
            self.app.audio.play("claim")
            self._sync_buttons()
            self.focus.focus = 0   # the keys now belong to the panel: Next first
            self.focus.keyboard_used = True

    def draw(self, surface: pygame.Surface) -> None:
        self._sync_buttons()
        self._place(surface.get_size())
        self._draw_highlights(surface)
        u = theme.unit(surface)
        pad = self._metrics(u)[0]
        texts = self._texts(max(60, self.panel.width - 2 * pad))
        if self.compact:
            texts = texts[:1]
        draw_panel(self.app, surface, self.panel, colour=(34, 46, 58),
                   border=theme.GOLD if self.coach.complete else theme.PAPER_DIM)
        x, y = self.panel.x + pad, self.panel.y + int(8 * u)
        for i, text in enumerate(texts):
            surface.blit(text, (x, y))
            y += text.get_height() + int(2 * u if i == 0 else 6 * u)
        if not self.coach.complete:
            # the keys play on the table meanwhile: no focus ring on a button competes
            # with the highlight
            self.focus.keyboard_used = False
        if not self.compact:
            self.focus.draw(surface)
        self.table.draw_popups(surface)   # a banner or toast stays on top

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        rects = self.table.coach_rects(self.coach.highlights(), surface.get_size())
        if not rects:
            return
        u = theme.unit(surface)
        pulse = 0.5 + 0.5 * math.sin(self.age * 5.0)
        width = max(2, int((3 + 2 * pulse) * u))
        least = int(34 * u)   # a small piece (a pyramid among many) still gets a clear ring
        for rect in rects:
            ring = rect.inflate(int(10 * u), int(10 * u))
            ring.inflate_ip(max(0, least - ring.width), max(0, least - ring.height))
            # a dark edge under the gold: the ring reads on light cards and felt alike
            pygame.draw.rect(surface, (20, 16, 24), ring.inflate(width * 2, width * 2),
                             width=width, border_radius=int(12 * u))
            pygame.draw.rect(surface, theme.GOLD, ring, width=width,
                             border_radius=int(10 * u))


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
        if self.progress.skipped(self.game, lesson.key):
            # TRANSLATORS: a lesson in the list that was skipped, not finished
            return t("{title} (skipped)", title=lesson.title())
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
