"""How the Královská cesta table turns the engine's events into motion, sound, banners and
log lines (the events arrive already filtered for the viewer), and advances that motion
frame by frame. ``EventPresenter`` writes only into the ``TableModel`` it is given.

Events are the engine's typed values (``game.rules.royal_road.events``), read by their
class and attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from game.client.i18n import t
from game.client.tables.royal_road.art import COLOUR_RGB
from game.client.tables.royal_road.describe import color_name, pyramid_name
from game.client.tables.royal_road.layout import RoyalLayout, pyramid_spot
from game.client.tables.royal_road.model import Reveal, TableModel
from game.client.tables.royal_road.motion import CardMove, Mover, Segment
from game.client.ui import anim, theme
from game.rules.events import Event
from game.rules.royal_road.events import (
    Amnesty,
    BonusOffered,
    FellThroughTrapdoor,
    GameOver,
    Jailed,
    Kept,
    Passed,
    PyramidMoved,
    Reported,
    Reused,
    Rolled,
    Skipped,
    SwapDeclined,
    Swapped,
)

# what draws on the board (nobody owns the screen in a hot-seat hand-off: these are skipped)
BOARD_EVENTS = (PyramidMoved, Reported, Swapped, Amnesty, BonusOffered, GameOver)
DIE_TUMBLE = 0.7
SWAP_LIFT = 0.45     # the swapped cards rise in place before they travel
SWAP_SLIDE = 1.3     # then trade places slowly enough to follow
REVEAL = 2.6

State = Mapping[str, Any]


class EventPresenter:
    """The ``present`` half of the table: one method per event kind (``_on_<type>``)."""

    def __init__(self, model: TableModel, layout: RoyalLayout, animator: anim.Animator,
                 particles: anim.Particles, sound: Callable[[str], None],
                 seat_name: Callable[[int], str]) -> None:
        self.model = model
        self.layout = layout
        self.animator = animator
        self.particles = particles
        self.sound = sound
        self.seat_name = seat_name
        self.state: State = {}

    # --- presenting events ----------------------------------------------------------------
    def present(self, events: Sequence[Event], before: State, after: State) -> None:
        """Animate one applied move: ``before``/``after`` are the viewer's state format."""
        self.state = after
        self.model.clear_choices()
        delay = 0.0
        for index, event in enumerate(events):
            if not after and isinstance(event, BOARD_EVENTS):
                continue  # nobody owns the screen (hot seat): nothing of the board is drawn
            delay = self._handle(event, events[index + 1:], before, delay)

    def _handle(self, event: Event, rest: Sequence[Event], before: State,
                delay: float) -> float:
        """The handler of ``event``'s kind; a kind without one (a fall, a jail: part of the
        move before it) changes nothing."""
        match event:
            case Kept():
                return self._on_keep(event, delay)
            case Rolled():
                return self._on_roll(event, delay)
            case Reused():
                return self._on_reuse(event, delay)
            case PyramidMoved():
                return self._on_move(event, rest, before, delay)
            case Amnesty():
                return self._on_amnesty(event, delay)
            case BonusOffered():
                return self._on_bonus_offer(event, delay)
            case Swapped():
                return self._on_swap(event, delay)
            case SwapDeclined():
                return self._on_noswap(event, delay)
            case Passed():
                return self._on_pass(event, delay)
            case Skipped():
                return self._on_skip(event, delay)
            case Reported():
                return self._on_report(event, before, delay)
            case GameOver():
                return self._on_game_over(event, delay)
            case _:
                # FellThroughTrapdoor and Jailed are part of the mover built for the move
                # (it lays the pyramid down; the banner is said with the move)
                return delay

    def track(self) -> list[str]:
        track: list[str] = self.state.get("track", [])
        return track

    def spot(self, code: str, q: int, state: State | None = None
             ) -> tuple[tuple[float, float], int]:
        """Where ``code`` stands on card ``q`` in ``state`` (the state after the move when
        None) and its box; it counts as standing there, so a hop's stops line up with the
        grid it lands in."""
        state = state if state else self.state
        pyramids = {**state.get("pyramids", {}), code: q}
        return pyramid_spot(self.layout, state.get("track", self.track()), pyramids, code, q)

    def pyramid_point(self, code: str, q: int, state: State | None = None
                      ) -> tuple[float, float]:
        return self.spot(code, q, state)[0]

    def scale_at(self, code: str, q: int, state: State | None = None) -> float:
        """The pyramid's size on card ``q`` relative to an ordinary card's."""
        return self.spot(code, q, state)[1] / self.layout.box

    # --- one handler per event kind: (event, [the events after it, state before,] delay) ---
    def _on_keep(self, event: Kept, delay: float) -> float:
        self.model.log(event.seat, lambda: t("chose their secret cards"))
        self.sound("deal")
        return delay

    def _on_roll(self, event: Rolled, delay: float) -> float:
        ui, face = self.model, event.face
        ui.die_face = face
        ui.marks.act(event.seat)   # a new turn: this seat's old marks go
        # the log tells the colour only once the die has landed: while it tumbles the
        # result is still a surprise on the table, so it must not be read beside it
        ui.die_tween = self.animator.add(DIE_TUMBLE, anim.linear, delay=delay,
                                         on_done=partial(self._die_landed,
                                                         event.seat, face))
        self.sound("die")
        return delay + DIE_TUMBLE

    def _die_landed(self, seat: int | None, face: str | None) -> None:
        face = face or "w"
        self.model.marks.touch(seat, ("die", face))
        self.model.log(seat, ("die", face), lambda: t("rolled {colour}",
                                                      colour=color_name(face)))
        rect, u = self.layout.die_rect, self.layout.u
        colours = [COLOUR_RGB[face], theme.GOLD, theme.WHITE]
        self.particles.burst(rect.center, colours, count=14, speed=160 * u, size=3.5 * u)

    def _on_reuse(self, event: Reused, delay: float) -> float:
        ui, colour = self.model, event.color
        ui.die_face = colour
        ui.die_pulse = self.animator.add(0.35, anim.ease_out_cubic, delay=delay)
        self.sound("flip")
        ui.marks.touch(event.seat, ("die", colour or "w"))
        ui.log(event.seat, ("die", colour), lambda: t("reused {colour}",
                                                      colour=color_name(colour)))
        return delay + 0.35

    def _scale_before(self, before: State, code: str, q: int) -> float:
        """The pyramid's size where it stood before the move (smaller on special cards)."""
        return self.scale_at(code, q, before or None)

    def _on_move(self, event: PyramidMoved, rest: Sequence[Event], before: State,
                 delay: float) -> float:
        code = event.pyramid
        start, end = event.from_, event.to
        path = [q for q in event.path if q > start] or [end]
        layout, ui = self.layout, self.model
        segments = []
        here = self.pyramid_point(code, start, before or None)
        scale = self._scale_before(before, code, start)
        for q in path:
            there = self.pyramid_point(code, q)
            size = self.scale_at(code, q)
            segments.append(Segment("hop", here, there, anim.HOP, boxes=(scale, size)))
            here, scale = there, size
        jailed = next((e for e in rest if isinstance(e, Jailed) and e.pyramid == code), None)
        fell = next((e for e in rest
                     if isinstance(e, FellThroughTrapdoor) and e.pyramid == code), None)
        if fell is not None:
            jail = fell.to
            jail_point = self.pyramid_point(code, jail)
            jail_size = self.scale_at(code, jail)
            segments.append(Segment("fall", here, here, 0.35, boxes=(scale, scale)))
            segments.append(Segment("drop", jail_point, jail_point, 0.4, (90.0, 90.0),
                                    boxes=(jail_size, jail_size)))
        elif jailed is not None:
            segments.append(Segment("lie", here, here, 0.22, (0.0, 90.0),
                                    boxes=(scale, scale)))
        total = sum(s.duration for s in segments)
        tween = self.animator.add(total, anim.linear, delay=delay)
        ui.movers[code] = Mover(code, segments, tween, hop_height=26 * layout.u)
        ui.last_path = (code, start, end)
        seat = event.seat
        rest_at = end
        if fell is not None:
            rest_at = fell.to
        if fell is not None or jailed is not None:
            ui.marks.touch(seat, ("jail", code))
        ui.marks.touch(seat, ("card", rest_at))
        ui.marks.touch(seat, ("pyr", code, rest_at))
        parts: list[Any] = [("pyr", code), f"{start}\u00a0→\u00a0{end}"]
        track = self.track()
        if fell is not None:
            # TRANSLATORS: a log line after a pyramid's picture and its move "3 → 13"
            parts.append(lambda: t("fell through the trapdoor into jail!"))
        elif jailed is not None:
            # TRANSLATORS: a log line after a pyramid's picture and its move "3 → 5"
            parts.append(lambda: t("in jail"))
        elif end < len(track) and track[end] == "GOAL":
            # TRANSLATORS: a log line after a pyramid's picture and its move "9 → 14"
            parts.append(lambda: t("in the goal"))
        ui.log(event.seat, *parts)
        if fell is not None:
            ui.say(t("Trapdoor: {pyramid} falls into jail.", pyramid=pyramid_name(code)), 2.6)
        elif jailed is not None:
            ui.say(t("{pyramid} is locked up in jail.", pyramid=pyramid_name(code)), 2.0)
        return delay + total

    def _on_amnesty(self, event: Amnesty, delay: float) -> float:
        for code in event.pyramids:
            self.model.standing_up[code] = self.animator.add(0.45, anim.ease_out_back,
                                                             delay=delay)
        q = self.track().index("JAIL") if "JAIL" in self.track() else 0
        rect = self.layout.card_rects[q]

        def burst() -> None:
            self.particles.burst(rect.center, [theme.GOLD, theme.WHITE, (160, 220, 255)],
                                 count=30, speed=240 * self.layout.u)
            self.sound("claim")

        self.animator.add(0.01, delay=delay, on_done=burst)
        if event.cause == "goal":
            words = t("A pyramid reached the goal: amnesty! The prisoners stand up.")
        else:
            words = t("Every pyramid left is in jail: amnesty!")
        self.model.say(words, 2.8)
        self.model.log(None, lambda: t("Amnesty: every prisoner stands up."))
        return delay + 0.45

    def _on_bonus_offer(self, event: BonusOffered, delay: float) -> float:
        rect = self.layout.card_rects[event.position]

        def burst() -> None:
            self.particles.burst(rect.center, [theme.GOLD, theme.WHITE], count=22,
                                 speed=200 * self.layout.u)
            self.sound("row")

        self.animator.add(0.3, delay=delay, on_done=burst)
        self.model.say(t("Three pyramids on one card: {name} may swap two cards.",
                         name=self.seat_name(event.seat)), 2.4)
        return delay + 0.3

    def _on_swap(self, event: Swapped, delay: float) -> float:
        """The two cards rise where they lie, then trade places along arcs on either side
        of the road (so neither hides the other), slowly enough to follow; the banner and
        the log say which cards changed places, their pyramids with them."""
        a, b = event.positions
        rects = self.layout.card_rects
        arc = self.layout.card_size[1] * 0.45
        # one bow for both: they travel in opposite directions, so they bow to opposite sides
        for card, start in ((a, rects[b]), (b, rects[a])):
            tween = self.animator.add(SWAP_SLIDE, anim.ease_in_out_cubic,
                                      delay=delay + SWAP_LIFT)
            self.model.card_moves[card] = CardMove(pygame.FRect(start), tween, arc)
        self.animator.add(SWAP_LIFT, delay=delay, on_done=lambda: self.sound("shuffle"))
        marks = self.model.marks
        # the cards moved, and every mark that pointed at them goes with them
        moved = {a: b, b: a}
        for places in marks.by_seat.values():
            places[:] = [_moved_place(place, moved) for place in places]
        seat = event.seat
        marks.touch(seat, ("swap", a))
        marks.touch(seat, ("swap", b))
        low, high = sorted((a, b))
        self.model.say(t("{name} swaps cards {a} and {b}.", name=self.seat_name(seat),
                         a=low, b=high), SWAP_LIFT + SWAP_SLIDE + 0.8)
        # TRANSLATORS: the log after a bonus swap; the pyramids on the cards moved with them
        self.model.log(seat, lambda: t("swapped cards {a} and {b}; the pyramids on them "
                                       "moved along", a=low, b=high))
        return delay + SWAP_LIFT + SWAP_SLIDE

    def _on_noswap(self, event: SwapDeclined, delay: float) -> float:
        self.model.log(event.seat, lambda: t("left the track as it is"))
        return delay

    def _on_pass(self, event: Passed, delay: float) -> float:
        seat = event.seat
        self.model.marks.touch(seat, ("pass",))
        self.model.log(seat, lambda: t("no move possible"))
        self.model.say(t("{name} has no pyramid that can move.", name=self.seat_name(seat)), 1.8)
        self.animator.add(0.5, delay=delay)
        return delay + 0.5

    def _on_skip(self, event: Skipped, delay: float) -> float:
        seat = event.seat
        self.model.marks.touch(seat, ("skip",))
        self.model.log(seat, lambda: t("skips this turn"))
        self.model.say(t("{name} skips a turn.", name=self.seat_name(seat)), 2.2)
        self.animator.add(0.6, delay=delay)
        return delay + 0.6

    def _on_report(self, event: Reported, before: State, delay: float) -> float:
        code = event.pyramid
        start, end = event.from_, event.to
        here = self.pyramid_point(code, start, before or None)
        there = self.pyramid_point(code, end)
        boxes = (self._scale_before(before, code, start), self.scale_at(code, end))
        tween = self.animator.add(0.5, anim.linear, delay=delay)
        self.model.movers[code] = Mover(code, [Segment("slide", here, there, 0.5, boxes=boxes)],
                                        tween, hop_height=20 * self.layout.u)
        seat = event.seat
        self.model.marks.touch(seat, ("report", code))
        name, against = self.seat_name(seat), self.seat_name(event.against)
        self.model.say(t("{name} reports {other}: {pyramid} goes back, and {other} skips a "
                         "turn.", name=name, other=against, pyramid=pyramid_name(code)), 3.0)
        # TRANSLATORS: a log line, followed by the pyramid's picture and where it went back to
        self.model.log(seat, lambda: t("reported {other}:", other=against), ("pyr", code),
                       f"→\u00a0{end}")
        self.sound("error")
        return delay + 0.5

    def _on_game_over(self, event: GameOver, delay: float) -> float:
        """The winner's kept card flies out and turns over, once."""
        if self.model.reveal is not None:
            return delay
        seat, card = event.seat, event.card
        self.model.banner = None  # the reveal has the stage
        self.model.reveal = Reveal(seat, card, self.animator.add(REVEAL, anim.linear,
                                                                 delay=delay))
        # TRANSLATORS: a log line, followed by the picture of the winning card's trio
        self.model.log(seat, lambda: t("wins with"), ("card", card))
        return delay + REVEAL

    # --- per frame ---------------------------------------------------------------------------
    def tick(self, state: State) -> None:
        """Retire finished motion: a pyramid that lands puffs (bursts at GOAL), a hop onto
        the next card taps; the winner's card bursts once it has turned over. ``state`` is
        what the table shows now."""
        ui = self.model
        for code, mover in list(ui.movers.items()):
            if mover.tween.done:
                del ui.movers[code]
                self.landed(code, mover, state)
                continue
            if mover.tween.started:
                index, _ = mover.index_and_local()
                if index != mover.last_index:
                    if mover.last_index >= 0:
                        self.sound("tap")
                    mover.last_index = index
        for q, move in list(ui.card_moves.items()):
            if move.tween.done:
                del ui.card_moves[q]
        for code, tween in list(ui.standing_up.items()):
            if tween.done:
                del ui.standing_up[code]
        if ui.die_tween is not None and ui.die_tween.done:
            ui.die_tween = None
        if ui.die_pulse is not None and ui.die_pulse.done:
            ui.die_pulse = None
        reveal = ui.reveal
        if reveal is not None and not reveal.burst and reveal.tween.raw > 0.3:
            reveal.burst = True
            w, h = self.layout.size
            colours = [theme.GOLD, theme.WHITE, *(COLOUR_RGB[c] for c in "rygb")]
            self.particles.burst((w / 2, h * 0.45), colours, count=60,
                                 speed=360 * self.layout.u)
            self.sound("claim")

    def landed(self, code: str, mover: Mover, state: State) -> None:
        """A little puff where a pyramid comes to rest; a real burst when it reaches GOAL."""
        point = mover.segments[-1].b
        u = self.layout.u
        track = state.get("track", [])
        at_goal = bool(track) and state["pyramids"].get(code) == len(track) - 1
        if at_goal:
            self.particles.burst(point, [COLOUR_RGB[code[0]], theme.GOLD, theme.WHITE],
                                 count=26, speed=230 * u, size=4 * u)
            self.sound("claim")
        else:
            self.particles.burst(point, [(236, 220, 190), (200, 180, 150)], count=6,
                                 speed=70 * u, size=2.5 * u)
            self.sound("tap")


def _moved_place(place: tuple[Any, ...], moved: Mapping[int, int]) -> tuple[Any, ...]:
    """A mark on track position ``q`` after a swap moved that card to ``moved[q]``."""
    if place[0] in ("card", "swap") and place[1] in moved:
        return (place[0], moved[place[1]])
    if place[0] == "pyr" and place[2] in moved:
        return ("pyr", place[1], moved[place[2]])
    return place
