"""How the Královská cesta table turns the engine's events into motion, sound, banners and
log lines (a mixin of ``RoyalRoadTable``; the events arrive already filtered for the viewer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables.royal_road_art import COLOUR_RGB
from game.client.tables.royal_road_motion import CardMove, Mover, Segment

SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")
BOARD_EVENTS = frozenset(("move", "report", "swap", "amnesty", "bonus_offer", "game_over"))
DIE_TUMBLE = 0.7
REVEAL = 2.6


@dataclass
class LogEntry:
    seat: int | None
    parts: list[Any]              # str, ("pyr", code), ("die", face), ("card", code)
    image: dict = field(default_factory=dict)


class EventPresenter:
    """The ``present`` half of the table: one method per event type (``_on_<type>``)."""

    # provided by RoyalRoadTable / TableScene
    animator: anim.Animator
    particles: anim.Particles
    view_dict: dict[str, Any]

    # --- presenting events ----------------------------------------------------------------
    def present(self, seat: int, move: Any, events: list[dict[str, Any]]) -> None:
        before = self.view_dict
        super().present(seat, move, events)  # type: ignore[misc]
        self.selected = None
        self.target = None
        self.swap_pick = []
        self.cursor = None
        delay = 0.0
        for index, event in enumerate(events):
            kind = event.get("type")
            if not self.view_dict and kind in BOARD_EVENTS:
                continue  # nobody owns the screen (hot seat): nothing of the board is drawn
            handler = getattr(self, f"_on_{kind}", None)
            if handler is not None:
                delay = handler(event, events[index + 1:], before, delay)

    def _log(self, seat: int | None, *parts: Any) -> None:
        self.entries.append(LogEntry(seat, list(parts)))
        if len(self.entries) > 200:
            del self.entries[:50]

    def _say(self, text: str, seconds: float = 2.2) -> None:
        self.banner = (text[:1].upper() + text[1:], seconds)

    def _on_keep(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self._log(event["seat"], t("rr.log.keep"))
        self.app.audio.play("deal")
        return delay

    def _on_roll(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self.die_face = event["face"]
        self.die_tween = self.animator.add(DIE_TUMBLE, anim.linear, delay=delay,
                                           on_done=self._die_landed)
        self.app.audio.play("die")
        self._log(event["seat"], t("rr.log.roll"), ("die", event["face"]),
                  self.color_name(event["face"]))
        return delay + DIE_TUMBLE

    def _die_landed(self) -> None:
        rect = self.layout.die_rect
        face = self.die_face or "w"
        colours = [COLOUR_RGB[face], theme.GOLD, theme.WHITE]
        self.particles.burst(rect.center, colours, count=14, speed=160 * self.layout.u,
                             size=3.5 * self.layout.u)

    def _on_reuse(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self.die_face = event["color"]
        self.die_pulse = self.animator.add(0.35, anim.ease_out_cubic, delay=delay)
        self.app.audio.play("flip")
        self._log(event["seat"], t("rr.log.reuse"), ("die", event["color"]),
                  self.color_name(event["color"]))
        return delay + 0.35

    def _on_move(self, event: dict, rest: list, before: dict, delay: float) -> float:
        code, start, end = event["pyramid"], event["from"], event["to"]
        path = [q for q in event.get("path", []) if q > start] or [end]
        u = self.layout.u
        segments = []
        here = self.pyramid_point(code, start, before or None)
        old_track = (before or self.view_dict).get("track", self.track())
        scale = self.layout.small_box / self.layout.box if old_track[start] in SPECIALS \
            else 1.0
        for q in path:
            there = self.pyramid_point(code, q)
            size = self.box_for(q) / self.layout.box
            segments.append(Segment("hop", here, there, anim.HOP, boxes=(scale, size)))
            here, scale = there, size
        jailed = next((e for e in rest if e.get("type") == "jail" and e["pyramid"] == code),
                      None)
        fell = next((e for e in rest if e.get("type") == "trapdoor_fall"
                     and e["pyramid"] == code), None)
        if fell is not None:
            jail_point = self.pyramid_point(code, fell["to"])
            jail_size = self.box_for(fell["to"]) / self.layout.box
            segments.append(Segment("fall", here, here, 0.35, boxes=(scale, scale)))
            segments.append(Segment("drop", jail_point, jail_point, 0.4, (90.0, 90.0),
                                    boxes=(jail_size, jail_size)))
        elif jailed is not None:
            segments.append(Segment("lie", here, here, 0.22, (0.0, 90.0),
                                    boxes=(scale, scale)))
        total = sum(s.duration for s in segments)
        tween = self.animator.add(total, anim.linear, delay=delay)
        self.movers[code] = Mover(code, segments, tween, hop_height=26 * u)
        self.last_path = (code, start, end)
        parts: list[Any] = [("pyr", code), f"{start} → {end}"]
        track = self.track()
        if fell is not None:
            parts.append(t("rr.log.trapdoor"))
        elif jailed is not None:
            parts.append(t("rr.log.jail"))
        elif end < len(track) and track[end] == "GOAL":
            parts.append(t("rr.log.goal"))
        self._log(event["seat"], *parts)
        if fell is not None:
            self._say(t("rr.banner.trapdoor", pyramid=self.pyramid_name(code)), 2.6)
        elif jailed is not None:
            self._say(t("rr.banner.jail", pyramid=self.pyramid_name(code)), 2.0)
        return delay + total

    def pyramid_name(self, code: str) -> str:
        return t("rr.pyramid", colour=self.color_name(code[0]), size=t(f"rr.size.{code[1]}"))

    def _on_trapdoor_fall(self, event: dict, rest: list, before: dict, delay: float) -> float:
        return delay  # part of the mover built for the move

    def _on_jail(self, event: dict, rest: list, before: dict, delay: float) -> float:
        return delay  # the mover lays it down; the banner is said with the move

    def _on_amnesty(self, event: dict, rest: list, before: dict, delay: float) -> float:
        for code in event["pyramids"]:
            self.standing_up[code] = self.animator.add(0.45, anim.ease_out_back, delay=delay)
        q = self.track().index("JAIL") if "JAIL" in self.track() else 0
        rect = self.layout.card_rects[q]

        def burst() -> None:
            self.particles.burst(rect.center, [theme.GOLD, theme.WHITE, (160, 220, 255)],
                                 count=30, speed=240 * self.layout.u)
            self.app.audio.play("claim")

        self.animator.add(0.01, delay=delay, on_done=burst)
        key = "rr.banner.amnesty_goal" if event.get("cause") == "goal" else \
            "rr.banner.amnesty_all"
        self._say(t(key), 2.8)
        self._log(None, t("rr.log.amnesty"))
        return delay + 0.45

    def _on_bonus_offer(self, event: dict, rest: list, before: dict, delay: float) -> float:
        rect = self.layout.card_rects[event["position"]]

        def burst() -> None:
            self.particles.burst(rect.center, [theme.GOLD, theme.WHITE], count=22,
                                 speed=200 * self.layout.u)
            self.app.audio.play("row")

        self.animator.add(0.3, delay=delay, on_done=burst)
        self._say(t("rr.banner.bonus", name=self.seat_name(event["seat"])), 2.4)
        return delay + 0.3

    def _on_swap(self, event: dict, rest: list, before: dict, delay: float) -> float:
        a, b = event["positions"]
        rects = self.layout.card_rects
        duration = anim.SLIDE * 2
        self.card_moves[a] = CardMove(pygame.FRect(rects[b]),
                                      self.animator.add(duration, anim.ease_in_out_cubic,
                                                        delay=delay))
        self.card_moves[b] = CardMove(pygame.FRect(rects[a]),
                                      self.animator.add(duration, anim.ease_in_out_cubic,
                                                        delay=delay))
        self.app.audio.play("shuffle")
        self._log(event["seat"], t("rr.log.swap", a=a, b=b))
        return delay + duration

    def _on_noswap(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self._log(event["seat"], t("rr.log.noswap"))
        return delay

    def _on_pass(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self._log(event["seat"], t("rr.log.pass"))
        self._say(t("rr.banner.pass", name=self.seat_name(event["seat"])), 1.8)
        self.animator.add(0.5, delay=delay)
        return delay + 0.5

    def _on_skip(self, event: dict, rest: list, before: dict, delay: float) -> float:
        self._log(event["seat"], t("rr.log.skip"))
        self._say(t("rr.banner.skip", name=self.seat_name(event["seat"])), 2.2)
        self.animator.add(0.6, delay=delay)
        return delay + 0.6

    def _on_report(self, event: dict, rest: list, before: dict, delay: float) -> float:
        code = event["pyramid"]
        here = self.pyramid_point(code, event["from"], before or None)
        there = self.pyramid_point(code, event["to"])
        old_track = (before or self.view_dict).get("track", self.track())
        a = self.layout.small_box / self.layout.box if old_track[event["from"]] in SPECIALS \
            else 1.0
        segments = [Segment("slide", here, there, 0.5,
                            boxes=(a, self.box_for(event["to"]) / self.layout.box))]
        tween = self.animator.add(0.5, anim.linear, delay=delay)
        self.movers[code] = Mover(code, segments, tween, hop_height=20 * self.layout.u)
        name, against = self.seat_name(event["seat"]), self.seat_name(event["against"])
        self._say(t("rr.banner.report", name=name, other=against,
                    pyramid=self.pyramid_name(code)), 3.0)
        self._log(event["seat"], t("rr.log.report", other=against), ("pyr", code),
                  f"→ {event['to']}")
        self.app.audio.play("error")
        return delay + 0.5

    def _on_game_over(self, event: dict, rest: list, before: dict, delay: float) -> float:
        seat = event["seat"]
        self.banner = None  # the reveal has the stage
        self.reveal = {"seat": seat, "card": event["card"],
                       "tween": self.animator.add(REVEAL, anim.linear, delay=delay),
                       "burst": False}
        self._log(seat, t("rr.log.win"), ("card", event["card"]))
        return delay + REVEAL

