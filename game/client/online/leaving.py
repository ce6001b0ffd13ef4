"""An online table's own controls: its news, the questions it asks, leaving and ending.

``OnlineControls`` is the ``controls`` of a ``RemoteMatch`` on a table (``play.open_table``
sets it). Once a frame it says the server's notices — a line in the table's log and a toast
(``online.presence`` has the words) — and asks the people present what they decide: about
a seat whose person left or has been away past the seat timeout (``DecisionScene``: wait, a
computer player of a chosen level, or end the game as abandoned), and about someone's offer
to end the game without a winner (``EndOfferScene``). It puts Resign and Offer to end in the
pause menu, and asks before Quit to title whether the seat is left for good or for a while
(``QuitScene``), sending the matching ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import t
from game.client.i18n.words import level_name
from game.client.online import presence
from game.client.online.presence import (
    absent_seats,
    decides_alone,
    end_offers,
    my_present_seats,
    offer_to_answer,
    playing_here,
    seat_name,
    votes_about,
)
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.ui import theme
from game.client.ui.widgets import Button, Choice, Widget, draw_panel

if TYPE_CHECKING:
    from game.client.online.remote import RemoteMatch
    from game.client.stage.scene import AppContext

SNOOZE = 90.0        # seconds a question put off (Esc, or "wait" carried out) stays put off
LEVELS = ("easy", "normal", "hard", "expert")
QUIT_LINGER = 0.5    # seconds at most for the last request to leave before the link closes
NEWS_SECONDS = 4.0   # a toast of the room's news: the log keeps the line for longer

MenuItem = tuple[Callable[[], str], Callable[[], None], str]


class OnlineControls:
    """News, questions and the pause menu's online entries for one ``RemoteMatch``."""

    def __init__(self, app: AppContext, match: RemoteMatch) -> None:
        self.app = app
        self.match = match
        self.snoozed: dict[int, float] = {}      # seat asked about -> seconds put off
        self.offers_seen: tuple[int, ...] = ()   # the offers to end put off (Esc)
        self.level = "normal"                    # the computer level last chosen

    # --- once a frame -----------------------------------------------------------------------
    def step(self, table: Any, dt: float) -> None:
        self.say_news(table)
        for seat in list(self.snoozed):
            self.snoozed[seat] -= dt
            if self.snoozed[seat] <= 0:
                del self.snoozed[seat]
        if self.app.stack.top is not table:
            return
        asked = self.question()
        if asked is not None:
            self.app.stack.push(DecisionScene(self.app, table, self, asked))
            return
        offers = tuple(offer_to_answer(self.match))
        if not offers:
            self.offers_seen = ()   # a later offer is a new question
        elif offers != self.offers_seen:
            self.app.stack.push(EndOfferScene(self.app, table, self))

    def say_news(self, table: Any) -> None:
        """Each notice once: a line in the table's log and a toast."""
        for frame, line in presence.take_notices(self.match):
            seat = frame.get("seat")
            if frame.get("kind") == "waiting" and isinstance(seat, int):
                self.snoozed[seat] = SNOOZE   # the people present chose to wait
            if frame.get("kind") == "back" and isinstance(seat, int):
                self.snoozed.pop(seat, None)
            table.add_note(line)
            self.app.notices.show(line, NEWS_SECONDS)

    def question(self) -> int | None:
        """The empty seat to ask about now: not put off, not voted on by this client."""
        match = self.match
        mine = set(my_present_seats(match))
        for seat in absent_seats(match):
            if seat in self.snoozed or mine <= set(votes_about(match, seat)):
                continue
            return seat
        return None

    # --- the pause menu -------------------------------------------------------------------
    def pause_items(self, table: Any) -> list[MenuItem]:
        """Decide about an empty seat, Resign, Offer to end (or take the offer back): only
        for a seat in a game in progress (a spectator's menu has none of them)."""
        match = self.match
        if not playing_here(match):
            return []
        items: list[MenuItem] = []
        empty = absent_seats(match)
        if empty:
            seat = empty[0]
            items.append((lambda: t("Decide about the seat of {name}",
                                    name=self.name(seat)),
                          partial(self.ask, table, seat), "decide"))
        items.append((lambda: t("Resign"), partial(self.resign, table), "resign"))
        items.append((self.offer_label, partial(self.offer, table), "end_game"))
        return items

    def name(self, seat: int) -> str:
        seats = self.match.room.get("seats") or []
        return seat_name(seats[seat]) if seat < len(seats) else ""

    def offered(self) -> bool:
        mine = my_present_seats(self.match)
        return bool(mine) and all(seat in end_offers(self.match) for seat in mine)

    def offer_label(self) -> str:
        return t("Take back the offer to end") if self.offered() else \
            t("Offer to end the game")

    def ask(self, table: Any, seat: int) -> None:
        self.snoozed.pop(seat, None)
        self.app.stack.replace(DecisionScene(self.app, table, self, seat))

    def resign(self, table: Any) -> None:
        self.app.stack.replace(ResignScene(self.app, table, self))

    def offer(self, table: Any) -> None:
        presence.send_end_game(self.match, not self.offered())
        self.app.stack.pop()   # back to the table, where the answer shows

    # --- leaving ----------------------------------------------------------------------------
    def quit(self, table: Any) -> None:
        if not playing_here(self.match):   # a spectator, or the game is over: just go
            self.app.go_to_title()
            return
        self.app.stack.replace(QuitScene(self.app, table, self))

    def leave(self, for_good: bool) -> None:
        """Tell the server how the seat is left, then go (the request first reaches it)."""
        presence.send_quit(self.match, for_good)
        self.match.close(linger=QUIT_LINGER)
        self.app.go_to_title()


class Question(MenuScene):
    """A dialog over the online table: a heading, some lines, a column of buttons. The
    match goes on underneath (its news is said) and the dialog closes itself once the
    question is no longer open."""

    opaque = False

    def __init__(self, app: AppContext, table: Any, controls: OnlineControls) -> None:
        self.table = table
        self.controls = controls
        self.match = controls.match
        super().__init__(app)

    @property
    def animating(self) -> bool:
        """The room changes with what the server says (votes, countdowns)."""
        return True

    def heading(self) -> str:
        raise NotImplementedError

    def lines(self) -> list[str]:
        raise NotImplementedError

    def items(self) -> list[Widget]:
        raise NotImplementedError

    def still_open(self) -> bool:
        return playing_here(self.match)

    def close(self) -> None:
        self.app.stack.pop()

    def panel(self, size: tuple[int, int]) -> pygame.Rect:
        """The upper part of the window: the news said meanwhile (the toasts) stack up
        from the bottom and must not hide a button."""
        u = theme.unit(size)
        width = min(size[0] - int(40 * u), int(860 * u))
        rect = pygame.Rect(0, int(36 * u), width, int(434 * u))
        rect.centerx = size[0] // 2
        return rect

    def button_rects(self, count: int) -> list[pygame.Rect]:
        """The buttons at the bottom of the panel, two to a row (an odd last one in the
        middle)."""
        u = theme.unit(self.size)
        panel = self.panel(self.size)
        gap, height = int(12 * u), int(44 * u)
        width = (panel.width - int(48 * u) - gap) // 2
        rows = (count + 1) // 2
        top = panel.bottom - int(18 * u) - rows * (height + gap) + gap
        rects = []
        for i in range(count):
            x = panel.x + int(24 * u) + (i % 2) * (width + gap)
            if i == count - 1 and count % 2:
                x = panel.centerx - width // 2
            rects.append(pygame.Rect(x, top + (i // 2) * (height + gap), width, height))
        return rects

    def build(self) -> None:
        self.focus.set(self.items())

    def update(self, dt: float) -> None:
        self.match.update(dt)
        self.controls.say_news(self.table)
        if not self.still_open() and self.app.stack.top is self:
            self.app.stack.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.overlay(surface.get_size(), 170), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        panel = self.panel(surface.get_size())
        draw_panel(self.app, surface, panel, colour=(40, 52, 60), border=theme.GOLD)
        title = draw_heading(self.app, surface, self.heading(), panel.y + int(14 * u),
                             size=int(30 * u))
        y = title.bottom + int(12 * u)
        bottom = self.button_rects(len(self.focus.widgets))[0].top - int(8 * u) \
            if self.focus.widgets else panel.bottom
        wrap = panel.width - int(48 * u)
        for line in self.lines():
            size = int(18 * u)
            image = self.app.assets.text(line, size, theme.WHITE, wrap=wrap, align="center")
            while y + image.get_height() > bottom and size > int(12 * u):
                size -= 1   # many votes in a small window: smaller rather than hidden
                image = self.app.assets.text(line, size, theme.WHITE, wrap=wrap,
                                             align="center")
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += image.get_height() + int(6 * u)
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))


class DecisionScene(Question):
    """What becomes of a seat whose person left or has been away too long: wait, a
    computer player, or end the game (abandoned: nobody loses it). In a two-seat game the
    one left decides alone; in a larger one more than half of the people present."""

    def __init__(self, app: AppContext, table: Any, controls: OnlineControls,
                 seat: int) -> None:
        self.seat = seat
        super().__init__(app, table, controls)

    def heading(self) -> str:
        return t("A seat is empty")

    def lines(self) -> list[str]:
        match, name = self.match, self.controls.name(self.seat)
        entry = (match.room.get("seats") or [])[self.seat]
        out = [t("{name} has left the game for good.", name=name) if entry.get("left")
               else t("{name} has been away longer than the seat waits.", name=name)]
        if decides_alone(match):
            out.append(t("You decide: wait for them, let a computer player take the seat, "
                         "or end the game. An ended game counts as abandoned: nobody "
                         "loses it."))
        else:
            out.append(t("Everyone at the table votes: wait, a computer player, or end the "
                         "game (abandoned: nobody loses it). More than half decides."))
            out.append(" · ".join(presence.vote_lines(match, self.seat)))
        return out

    def items(self) -> list[Widget]:
        rects = self.button_rects(5)
        return [
            Button(self.app, rects[0], lambda: t("Wait for {name}",
                                                 name=self.controls.name(self.seat)),
                   partial(self.decide, "wait"), primary=True, name="wait"),
            Button(self.app, rects[1], lambda: t("End the game (nobody loses)"),
                   partial(self.decide, "end"), name="end"),
            Choice(self.app, rects[2], lambda: t("Computer player"), LEVELS,
                   lambda: self.controls.level, self.set_level, level_name, name="level"),
            Button(self.app, rects[3], lambda: t("Give the seat to the computer"),
                   partial(self.decide, "computer"), name="computer"),
            Button(self.app, rects[4], lambda: t("Decide later"), self.later, name="later"),
        ]

    def set_level(self, level: object) -> None:
        self.controls.level = str(level)

    def decide(self, choice: str) -> None:
        presence.send_decide(self.match, self.seat, choice, self.controls.level)
        if decides_alone(self.match):   # carried out at once: the notice says it
            self.controls.snoozed[self.seat] = SNOOZE   # (not asked again meanwhile)
            self.app.stack.pop()

    def later(self) -> None:
        self.controls.snoozed[self.seat] = SNOOZE   # the pause menu asks again sooner
        self.app.stack.pop()

    def back(self) -> None:
        self.later()

    def still_open(self) -> bool:
        return playing_here(self.match) and self.seat in absent_seats(self.match) and \
            self.seat not in self.controls.snoozed


class EndOfferScene(Question):
    """Someone offered to end the game without a winner: agree, or play on."""

    def heading(self) -> str:
        return t("End the game?")

    def offers(self) -> tuple[int, ...]:
        return tuple(offer_to_answer(self.match))

    def lines(self) -> list[str]:
        names = ", ".join(self.controls.name(seat) for seat in self.offers())
        return [t("Offer from {names}: end the game without a winner.", names=names),
                t("If everyone at the table agrees, the game ends and nobody wins or loses "
                  "it.")]

    def items(self) -> list[Widget]:
        rects = self.button_rects(2)
        return [Button(self.app, rects[0], lambda: t("Agree: end the game"),
                       partial(self.answer, True), primary=True, name="agree"),
                Button(self.app, rects[1], lambda: t("Play on"), partial(self.answer, False),
                       name="decline")]

    def answer(self, agree: bool) -> None:
        presence.send_end_game(self.match, agree)
        self.controls.offers_seen = self.offers()
        self.app.stack.pop()

    def back(self) -> None:
        self.controls.offers_seen = self.offers()   # asked again only by a new offer
        self.app.stack.pop()

    def still_open(self) -> bool:
        return bool(self.offers())


class ResignScene(Question):
    def heading(self) -> str:
        return t("Resign?")

    def lines(self) -> list[str]:
        match = self.match
        if decides_alone(match):
            others = [seat for seat in range(len(match.room.get("seats") or []))
                      if seat not in match.tokens]
            name = self.controls.name(others[0]) if others else ""
            return [t("{name} wins the game.", name=name)]
        return [t("You leave the game for good, and the others decide what becomes of "
                  "your seat.")]

    def items(self) -> list[Widget]:
        rects = self.button_rects(2)
        return [Button(self.app, rects[0], lambda: t("Play on"), self.close,
                       primary=True, name="play_on"),
                Button(self.app, rects[1], lambda: t("Resign"), self.resign, name="resign")]

    def resign(self) -> None:
        presence.send_resign(self.match)
        self.app.stack.pop()


class QuitScene(Question):
    """Before Quit to title: for a while (the seat waits; the stored token takes it back)
    or for good (the others decide about it at once)."""

    def heading(self) -> str:
        return t("Leave the game?")

    def lines(self) -> list[str]:
        match = self.match
        out = [t("For a while: your seat waits for you. Come back with “Back to room "
                 "{code}” on the Play online screen; if you stay away long, the others may "
                 "give your seat to a computer player.", code=match.room_code),
               t("For good: the others decide at once what becomes of your seat. You can "
                 "still come back while nobody has taken it.")]
        if match.local_server is not None:
            out.append(t("This computer runs the room's server: while you are away, nobody "
                         "can play on in this room."))
        return out

    def items(self) -> list[Widget]:
        rects = self.button_rects(3)
        return [Button(self.app, rects[0], lambda: t("Stay"), self.close,
                       primary=True, name="stay"),
                Button(self.app, rects[1], lambda: t("Leave for a while"),
                       partial(self.controls.leave, False), name="leave_for_a_while"),
                Button(self.app, rects[2], lambda: t("Leave for good"),
                       partial(self.controls.leave, True), name="leave_for_good")]
