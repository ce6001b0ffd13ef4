"""One key moment of a post-game review, opened: the position on the real table as the
reviewed seat saw it, the move played there, the better move the ``expert`` found from the
same view with its reason, what each move left of the chance to win, and "play on from
here".

The table is the game's own, rebuilt at that move (``rebuild.build_table``) over a private
replaying match whose eyes are the reviewed seat's (``replay_eyes``): it draws
``game.view(state, seat)`` only, so the moment never shows a card that seat could not see,
even though the game is over. It is read-only: this scene forwards no input to it. The
expert's move and reason come from the review's own background work (``analysis.Decision``,
judged from that same view); the move is marked on the table with the hint's look
(``tables/common/hint_mark.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import percent, t
from game.client.match.analysis import Decision
from game.client.match.match import Match
from game.client.scenes.common import draw_panel
from game.client.stage.rebuild import build_table
from game.client.stage.scene import Scene
from game.client.ui import theme
from game.client.ui.widgets import Button, FocusGroup

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


def moment_match(match: Match, seat: int) -> Match:
    """A private replaying copy of ``match`` at its first position, seen by ``seat``."""
    first = match.history[0].before if match.history else match.state
    return Match(match.game_name, match.game, list(match.seats), match.seed, first,
                 rules_source=match.rules_source, replaying=True, replay_eyes=seat)


class MomentScene(Scene):
    opaque = True

    def __init__(self, app: AppContext, match: Match, seat: int, decision: Decision,
                 play_on: Callable[[int], None]) -> None:
        super().__init__(app)
        self.source = match
        self.seat = seat
        self.decision = decision
        self.ply = decision.ply
        self.entry = match.history[self.ply]
        self._play_on = play_on
        self.match = moment_match(match, seat)
        self.table = build_table(app, self.match, [e.played for e in match.history[:self.ply]])
        self.table.undo_allowed = False
        # the expert's move marked on the table like a hint (the words are this scene's panel)
        self.table.show_suggestion(seat, decision.expert)
        self.focus = FocusGroup()
        self._size: tuple[int, int] = (0, 0)

    # --- actions ---------------------------------------------------------------------------
    def play_on(self) -> None:
        self._play_on(self.ply)

    def back(self) -> None:
        self.app.stack.pop()

    # --- what it says ----------------------------------------------------------------------
    def lines(self) -> list[str]:
        source, decision = self.source, self.decision
        name = source.seats[self.seat].name
        words = self.table.move_words   # words, even from a save
        played = t("{name} played: {move}.", name=name, move=words(decision.played))
        if decision.expert == decision.played:
            expert = t("The expert would play the same: {move}.", move=words(decision.expert))
        else:
            expert = t("The expert's move: {move}.", move=words(decision.expert))
        if decision.reason:   # the agent's own sentence, in the language it was asked in
            expert = f"{expert} {decision.reason}"
        lines = [t("Move {n}, as {name} saw it", n=self.ply + 1, name=name), played, expert]
        if decision.played_chance is not None and decision.expert_chance is not None:
            lines.append(t("The chance to win after the move played: {played}; after the "
                           "expert's move: {expert}.",
                           played=percent(decision.played_chance),
                           expert=percent(decision.expert_chance)))
        return lines

    # --- per frame -------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """The moment's table is not on the stack: it is laid out again here (the panel
        follows the size when drawn)."""
        self.table.on_resize(size)

    def _build(self, size: tuple[int, int]) -> None:
        self._size = size
        u = theme.unit(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 20, int(780 * u)), int(190 * u))
        if self.table.coach_panel_at == "middle":
            self.panel.center = (w // 2 + int(20 * u), int(h * 0.45))
        else:
            self.panel.midtop = (w // 2, int(8 * u))
        bw, bh = int(200 * u), int(42 * u)
        y = self.panel.bottom - bh - int(12 * u)
        back = Button(self.app, pygame.Rect(self.panel.x + int(14 * u), y, bw, bh),
                      lambda: t("Back"), self.back, name="moment.back")
        play = Button(self.app, pygame.Rect(self.panel.right - bw - int(14 * u), y, bw, bh),
                      lambda: t("Play on from here"), self.play_on, primary=True,
                      name="play_on")
        self.focus.set([back, play])

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._size != self.app.screen.get_size():
            self._build(self.app.screen.get_size())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.focus.handle_event(event)   # the table under it is only looked at

    @property
    def animating(self) -> bool:
        return self.table.busy or self.table.particles.busy

    def look(self) -> object:
        return (self.decision, self.table.look())

    def warm(self, budget: float) -> None:
        self.table.warm(budget)   # the table under this scene renders ahead as on its own

    def update(self, dt: float) -> None:
        table = self.table
        table.animator.update(dt)
        table.particles.update(dt)
        table.update_table(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self._size != surface.get_size():
            self._build(surface.get_size())
        self.table.draw(surface)
        u = theme.unit(surface)
        pad = int(16 * u)
        wrap = self.panel.width - 2 * pad
        images = [self.app.assets.text(line, max(9, int((17 if i == 0 else 15) * u)),
                                       theme.GOLD if i == 0 else theme.WHITE, bold=i == 0,
                                       wrap=wrap)
                  for i, line in enumerate(self.lines())]
        button_h = self.focus.widgets[0].rect.height
        text_h = sum(image.get_height() + int(6 * u) for image in images)
        self.panel.height = pad + text_h + button_h + int(24 * u)
        for button in self.focus.widgets:
            button.rect.bottom = self.panel.bottom - int(12 * u)
        draw_panel(self.app, surface, self.panel, colour=(30, 42, 52), border=theme.GOLD)
        y = self.panel.y + pad
        for image in images:
            surface.blit(image, (self.panel.x + pad, y))
            y += image.get_height() + int(6 * u)
        self.focus.draw(surface)
