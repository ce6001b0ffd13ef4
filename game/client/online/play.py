"""An online game on the table: its table, its saved replay, and a rematch in the room.

``open_table`` is the one place a ``RemoteMatch`` becomes a table scene (from the lobby
and after a rematch): it gives the match what the shared results screen asks of it (the
replay of what this seat saw, a rematch in the same room) and saves the finished game to
the saves folder. ``RematchScene`` waits for the room's next game: the host's rematch
starts it; a guest's says so to everyone and waits for the host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import t
from game.client.online import chat_ui
from game.client.online.leaving import OnlineControls
from game.client.online.presence import take_notices
from game.client.online.record import save_finished
from game.client.online.remote import RemoteMatch, seat_name
from game.client.online.replay import OnlineReplayScene
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.stage.scene import Scene
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


def open_table(app: AppContext, match: RemoteMatch) -> Scene:
    """The game's ordinary table over ``match``, wired for online results."""
    match.hold_for_table = True
    if match.controls is None:   # the room's news, its questions, leaving and ending
        match.controls = OnlineControls(app, match)
    match.rematch_in_room = start_rematch
    match.replay_scene = lambda shown_app: OnlineReplayScene.from_live(shown_app, match)
    if chat_ui.install not in match.on_table:
        match.on_table.append(chat_ui.install)  # the chat in the log, F3 for the menu
    if save_finished not in match.on_finished:
        match.on_finished.append(save_finished)  # type: ignore[arg-type]
    # a RemoteMatch is a MatchLike, as every table takes it
    scene: Scene = app.scenes.make("table", app, match)
    return scene


def start_rematch(app: AppContext, table: Any) -> None:
    """The results' Rematch on an online table: ask the room, wait for its next game."""
    match: RemoteMatch = table.match
    match.ask_rematch()
    table.owns_match = False  # the match lives on into the next game
    match.presenter = None
    app.stack.replace(RematchScene(app, match))


class RematchScene(MenuScene):
    def __init__(self, app: AppContext, match: RemoteMatch) -> None:
        self.match = match
        self.number = match.game_number
        super().__init__(app)

    @property
    def animating(self) -> bool:
        """The room changes with what the server says: drawn every frame."""
        return True

    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = int(320 * u), int(52 * u)
        self.focus.set([Button(self.app, pygame.Rect(self.size[0] // 2 - w // 2,
                                                     self.size[1] - int(150 * u), w, h),
                               lambda: t("Title screen"), self.back, name="back")])

    def back(self) -> None:
        self.match.close()
        self.app.go_to_title()

    def update(self, dt: float) -> None:
        match = self.match
        match.update(dt)
        for _frame, line in take_notices(match):   # who left, who hosts: said meanwhile
            self.app.notices.show(line)
        if match.game_number > self.number and match.started:
            self.app.stack.replace(open_table(self.app, match))

    def lines(self) -> list[str]:
        match = self.match
        seats = match.room.get("seats", [])
        host = match.room.get("host", 0)
        out = []
        if match.spectating:
            out.append(t("Waiting for the room's next game…"))
        elif match.is_host:
            out.append(t("Starting the next game…"))
        else:
            name = seat_name(seats[host]) if host < len(seats) else ""
            out.append(t("Waiting for {name} to start the next game…", name=name))
        ready = [seat_name(s) for s in seats if s.get("rematch")]
        if ready:
            out.append(t("Ready for another: {names}", names=", ".join(ready)))
        if match.notice is not None:
            out.append(match.notice.text)
        return out

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("Rematch · room {code}", code=self.match.room_code),
                     int(40 * u))
        y = int(140 * u)
        for line in self.lines():
            image = self.app.assets.text(line, int(20 * u), theme.WHITE)
            surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, y)))
            y += image.get_height() + int(8 * u)
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
