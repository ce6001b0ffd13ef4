"""The Královská cesta table: the track as a U of royal cards, fifteen pyramids, the colour
die, the secret-card drawer, the setup choice, bonus swaps and overstep reports.

It reads only the contract's state format (``game.to_dict(view)``) and the engine's events;
every click or key becomes move notation that the match parses and applies. Drawing lives
in ``royal_road_draw``; motion in ``royal_road_motion``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables import royal_road_draw as draw
from game.client.tables.base import TableScene
from game.client.tables.royal_road_art import COLOUR_RGB, RoyalArt, trio
from game.client.tables.royal_road_layout import RoyalLayout, base_point
from game.client.tables.royal_road_motion import CardMove, Mover, Segment

SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")
BOARD_EVENTS = frozenset(("move", "report", "swap", "amnesty", "bonus_offer", "win"))
DIE_TUMBLE = 0.7
REVEAL = 2.6


@dataclass
class LogEntry:
    seat: int | None
    parts: list[Any]              # str, ("pyr", code), ("die", face)
    image: dict = field(default_factory=dict)


class RoyalRoadTable(TableScene):
    def __init__(self, app, match) -> None:
        rules = match.game.rules
        n = rules["track_cards"]
        from game.rules.royal_road.cards import jail_index

        self.art = RoyalArt(app.assets)
        self.layout = RoyalLayout(app.screen.get_size(), n,
                                  jail_index(n, rules["jail_position"]))
        self.overstep_rule = bool(rules["overstep"])
        self.reuse_rule = bool(rules["reuse_previous"])
        self.mouse = (0, 0)
        self.time = 0.0
        self.movers: dict[str, Mover] = {}
        self.card_moves: dict[int, CardMove] = {}
        self.standing_up: dict[str, anim.Tween] = {}
        self.die_tween: anim.Tween | None = None
        self.die_face: str | None = None
        self.die_pulse: anim.Tween | None = None
        self.banner: tuple[str, float] | None = None
        self.entries: list[LogEntry] = []
        self.selected: str | None = None     # pyramid picked to move
        self.target: int | None = None       # landing under the keyboard cursor
        self.swap_pick: list[int] = []
        self.cursor: int | None = None       # keyboard cursor over the track (bonus)
        self.keep_pick: list[int] = []
        self.keep_cursor = 0
        self.drawer_open = False
        self.reveal: dict[str, Any] | None = None
        self.last_move: tuple[int, str] | None = None
        self.last_path: tuple[str, int, int] | None = None   # (pyramid, from, to)
        self.pyr_hits: list[tuple[pygame.Rect, str]] = []
        self.background: pygame.Surface | None = None
        self._layer: tuple[Any, pygame.Surface] | None = None
        self._legal_key: tuple | None = None
        self._legal: dict[str, Any] = {}
        self._seen_viewer: int | None = -1
        self._warm: Any = None
        self.hover_card: int | None = None
        self.hover_time = 0.0
        super().__init__(app, match)
        match.describe = self.describe_move
        self.prewarm()

    # --- caches -------------------------------------------------------------------------
    def prewarm(self) -> None:
        """Render every picture the table uses before the first frame (no hitches later)."""
        from game.rules.royal_road.cards import PYRAMIDS

        layout = self.layout
        cb = self.big_symbols
        for code in self.match.game.rules["deck"]:
            self.art.card(code, layout.card_size)
        for code in (*SPECIALS, "??"):
            self.art.card(code, layout.card_size)
            self.art.card(code, layout.secret_size)
        for code in PYRAMIDS:
            for box in (layout.box, layout.small_box):
                self.art.pyramid(code, box, 0, cb)
                self.art.pyramid(code, box, 90, cb)
                self.art.pyramid_box_rect(code, box)
        for face in "rygbkw":
            self.art.die(face, layout.die_size)
        draw.background(self, self.app.screen.get_size())
        self._warm = iter(self.later_pictures())

    def later_pictures(self) -> list[Any]:
        """Pictures first needed later (setup screen, drawer, log, the winner's card): made
        a few at a time in quiet frames, so neither the first frame nor a later one waits."""
        from game.rules.royal_road.cards import PYRAMIDS

        layout, art, cb = self.layout, self.art, self.big_symbols
        u = layout.u
        keep = draw.keep_card_rect(self, 0, int(self.match.game.rules["deal"])).size
        sizes = (keep, layout.secret_size, draw.reveal_size(self),
                 draw.winner_card_rect(self).size)
        jobs: list[Any] = []
        viewer_cards = [c for row in self.view_dict.get("dealt", []) for c in row if trio(c)]
        for code in viewer_cards + list(self.match.game.rules["deck"]):
            jobs += [lambda code=code, size=size: art.card(code, size) for size in sizes]
        for code in PYRAMIDS:
            for box in (int(keep[0] * 0.42), int(layout.secret_size[0] / 3.2),
                        int(int(13 * u) * 1.6)):
                jobs.append(lambda code=code, box=box: art.pyramid(code, box, 0, cb))
                jobs.append(lambda code=code, box=box: art.pyramid(code, box))
        for face in "rygbkw":
            for side in (int(22 * u), int(int(13 * u) * 1.3),
                         int(layout.roll_button.height * 0.62)):
                jobs.append(lambda face=face, side=side: art.die(face, side))
        return jobs

    @property
    def big_symbols(self) -> bool:
        return bool(self.app.settings["colourblind_symbols"])

    def on_view_changed(self) -> None:
        if self.viewer != self._seen_viewer:
            self._seen_viewer = self.viewer
            self.drawer_open = False
            self.keep_pick = []
        self._legal_key = None

    # --- derived state ---------------------------------------------------------------------
    def track(self) -> list[str]:
        return self.view_dict.get("track", [])

    def special(self, q: int) -> bool:
        track = self.track()
        return q < len(track) and track[q] in SPECIALS

    def legal(self) -> dict[str, Any]:
        """What the person at the screen may do now, by kind (empty unless it is their turn)."""
        match = self.match
        key = (id(match.state), match.waiting_for_human, self.viewer)
        if key == self._legal_key:
            return self._legal
        out: dict[str, Any] = {"roll": False, "reuse": False, "report": False, "moves": {},
                               "swaps": set(), "noswap": False, "keep": False, "any": False}
        if match.waiting_for_human:
            out["any"] = True
            for move in match.legal_moves():
                words = match.game.format_move(move).split()
                head = words[0]
                if head in ("roll", "reuse", "report", "noswap", "keep"):
                    out[head] = True
                elif head == "move":
                    out["moves"].setdefault(words[1], []).append(int(words[2]))
                elif head == "swap":
                    out["swaps"].add((int(words[1]), int(words[2])))
        self._legal_key, self._legal = key, out
        return out

    def swappable(self) -> set[int]:
        return {q for pair in self.legal()["swaps"] for q in pair}

    def stops(self, code: str) -> set[int]:
        """Face-up cards that depict the pyramid's colour (where a legal move must stop)."""
        return {q for q, card in enumerate(self.track()) if any(p[0] == code[0]
                                                                for p in trio(card))}

    def overstep_targets(self, code: str) -> set[int]:
        """Landings of ``code`` that pass a stop (legal only under the overstep rule)."""
        landings = sorted(self.legal()["moves"].get(code, []))
        stops = self.stops(code)
        first = next((q for q in landings if q in stops), None)
        return {q for q in landings if first is not None and q > first}

    def color_name(self, face: str | None) -> str:
        return t(f"rr.colour.{face}") if face else ""

    def describe_move(self, notation: str) -> str:
        words = notation.split()
        if words[0] in ("roll", "pass", "noswap", "reuse"):
            return t(f"rr.do.{words[0]}")
        return notation

    def pyramid_point(self, code: str, q: int, state: dict | None = None) -> tuple[float, float]:
        state = state if state is not None else self.view_dict
        track = state.get("track", self.track())
        rect = self.layout.card_rects[q]
        return base_point(rect, track[q] in SPECIALS, code)

    def box_for(self, q: int) -> int:
        return self.layout.small_box if self.special(q) else self.layout.box

    # --- presenting events ----------------------------------------------------------------
    def present(self, seat: int, notation: str, events: list[dict[str, Any]]) -> None:
        before = self.view_dict
        super().present(seat, notation, events)
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
        self.banner = (text, seconds)

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

    def _on_win(self, event: dict, rest: list, before: dict, delay: float) -> float:
        seat = event["seat"]
        self.reveal = {"seat": seat, "card": event["card"],
                       "tween": self.animator.add(REVEAL, anim.linear, delay=delay),
                       "burst": False}
        self._log(seat, t("rr.log.win"), ("card", event["card"]))
        return delay + REVEAL

    # --- input --------------------------------------------------------------------------------
    def handle_table_event(self, event: pygame.event.Event) -> None:
        if not self.view_dict:
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.click(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event.key)

    def click(self, pos: tuple[int, int]) -> None:
        layout = self.layout
        legal = self.legal()
        if self.keep_screen_open():
            self.click_keep(pos)
            return
        if layout.drawer_tab.collidepoint(pos) and self.viewer is not None:
            self.toggle_drawer()
            return
        if legal["roll"] and (layout.roll_button.collidepoint(pos)
                              or layout.die_rect.collidepoint(pos)):
            self.try_move("roll")
            return
        if legal["reuse"] and layout.reuse_button.collidepoint(pos):
            self.try_move("reuse")
            return
        if self.report_visible() and layout.report_button.collidepoint(pos):
            self.press_report()
            return
        if legal["noswap"] and layout.noswap_button.collidepoint(pos):
            self.try_move("noswap")
            return
        if legal["moves"]:
            code = self.pyramid_at(pos)
            if code is not None and code in legal["moves"]:
                self.select(None if self.selected == code else code)
                return
            q = layout.card_at(pos)
            if q is not None:
                self.click_landing(q)
            return
        if legal["swaps"]:
            q = layout.card_at(pos)
            if q is not None:
                self.pick_swap(q)

    def pyramid_at(self, pos: tuple[int, int]) -> str | None:
        for rect, code in reversed(self.pyr_hits):
            if rect.collidepoint(pos):
                return code
        return None

    def select(self, code: str | None) -> None:
        self.selected = code
        self.target = None
        if code is not None:
            landings = sorted(self.legal()["moves"].get(code, []))
            normal = [q for q in landings if q not in self.overstep_targets(code)]
            self.target = (normal or landings)[-1] if landings else None
            self.app.audio.play("tap")

    def click_landing(self, q: int) -> None:
        moves = self.legal()["moves"]
        if self.selected is not None and q in moves.get(self.selected, []):
            self.try_move(f"move {self.selected} {q}")
            return
        able = [code for code, landings in moves.items() if q in landings]
        if len(able) == 1:
            self.try_move(f"move {able[0]} {q}")
        elif able and self.selected is None:
            self._say(t("rr.hint.which"), 1.6)
            self.app.audio.play("error")
        else:
            self.app.audio.play("error")

    def pick_swap(self, q: int) -> None:
        if q not in self.swappable():
            self.app.audio.play("error")
            return
        if q in self.swap_pick:
            self.swap_pick.remove(q)
            return
        self.swap_pick.append(q)
        self.app.audio.play("tap")
        if len(self.swap_pick) == 2:
            a, b = sorted(self.swap_pick)
            if (a, b) in self.legal()["swaps"]:
                self.try_move(f"swap {a} {b}")
            else:
                self.swap_pick = [q]
                self.app.audio.play("error")

    def report_visible(self) -> bool:
        """The Report button is offered to the person choosing a colour after any move by
        someone else, so pressing it reveals nothing about whether a stop was passed."""
        if not self.overstep_rule or not self.match.waiting_for_human:
            return False
        if self.view_dict.get("step") != "color" or not self.match.history:
            return False
        return self.match.history[-1].seat != self.match.to_move

    def press_report(self) -> None:
        if self.legal()["report"]:
            self.try_move("report")
        else:
            self._say(t("rr.banner.no_violation"), 2.0)
            self.app.audio.play("error")

    def toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open
        self.app.audio.play("flip")

    # --- the setup choice ("keep 2 of 5") ------------------------------------------------------
    def keep_screen_open(self) -> bool:
        return bool(self.legal()["keep"]) and self.view_dict.get("step") == "keep"

    def dealt(self) -> list[str]:
        seat = self.viewer if self.viewer is not None else self.match.to_move
        rows = self.view_dict.get("dealt", [])
        return list(rows[seat]) if seat is not None and seat < len(rows) else []

    def keep_count(self) -> int:
        return int(self.match.game.rules["keep"])

    def click_keep(self, pos: tuple[int, int]) -> None:
        cards = self.dealt()
        for i in range(len(cards)):
            if draw.keep_card_rect(self, i, len(cards)).collidepoint(pos):
                self.toggle_keep(i)
                return
        if draw.keep_button_rect(self).collidepoint(pos):
            self.confirm_keep()

    def toggle_keep(self, index: int) -> None:
        if index in self.keep_pick:
            self.keep_pick.remove(index)
        elif len(self.keep_pick) < self.keep_count():
            self.keep_pick.append(index)
        else:
            self.keep_pick = self.keep_pick[1:] + [index]
        self.keep_cursor = index
        self.app.audio.play("flip")

    def confirm_keep(self) -> None:
        cards = self.dealt()
        if len(self.keep_pick) != self.keep_count():
            self.app.audio.play("error")
            return
        chosen = [cards[i] for i in sorted(self.keep_pick)]
        if self.try_move("keep " + " ".join(chosen)):
            self.keep_pick = []

    # --- keyboard ------------------------------------------------------------------------------
    def handle_key(self, key: int) -> None:
        legal = self.legal()
        if self.keep_screen_open():
            count = len(self.dealt())
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < count:
                self.toggle_keep(key - pygame.K_1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
                self.keep_cursor = (self.keep_cursor + (1 if key == pygame.K_RIGHT else -1)) \
                    % count
            elif key == pygame.K_SPACE:
                self.toggle_keep(self.keep_cursor)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm_keep()
            return
        if key == pygame.K_c and self.viewer is not None:
            self.toggle_drawer()
        elif key == pygame.K_x and self.report_visible():
            self.press_report()
        elif legal["roll"] and key in (pygame.K_r, pygame.K_SPACE, pygame.K_RETURN,
                                       pygame.K_KP_ENTER):
            self.try_move("roll")
        elif legal["reuse"] and key == pygame.K_u:
            self.try_move("reuse")
        elif legal["moves"]:
            self.key_move(key)
        elif legal["swaps"] or legal["noswap"]:
            self.key_swap(key)

    def key_move(self, key: int) -> None:
        moves = self.legal()["moves"]
        order = sorted(moves, key=lambda c: ("rygbk".index(c[0]), c[1] != "S", c[1] == "L"))
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            i = order.index(self.selected) if self.selected in order else -1
            self.select(order[(i + step) % len(order)])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.selected is None:
                self.select(order[0])
                return
            landings = sorted(moves[self.selected])
            i = landings.index(self.target) if self.target in landings else 0
            self.target = landings[(i + (1 if key == pygame.K_RIGHT else -1)) % len(landings)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is None:
                self.select(order[0])
            elif self.target is not None:
                self.try_move(f"move {self.selected} {self.target}")

    def key_swap(self, key: int) -> None:
        places = sorted(self.swappable())
        if key == pygame.K_n:
            self.try_move("noswap")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and places:
            step = -1 if key == pygame.K_LEFT else 1
            i = places.index(self.cursor) if self.cursor in places else -1
            self.cursor = places[(i + step) % len(places)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.cursor is not None:
            self.pick_swap(self.cursor)

    def try_move(self, notation: str) -> bool:
        if not self.match.waiting_for_human:
            return False
        try:
            self.match.play_text(notation)
        except Exception:  # noqa: BLE001 - IllegalMove: a refused click, not a crash
            self.app.audio.play("error")
            return False
        return True

    # --- per frame -------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        card = self.layout.card_at(self.mouse) if self.view_dict else None
        if card != self.hover_card:
            self.hover_card, self.hover_time = card, 0.0
        else:
            self.hover_time += dt
        if self._warm is not None:
            start = time.perf_counter()
            for job in self._warm:
                job()
                if time.perf_counter() - start > 0.0015:
                    break
            else:
                self._warm = None
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        for code, mover in list(self.movers.items()):
            if mover.tween.done:
                del self.movers[code]
                self.app.audio.play("tap")
                continue
            if mover.tween.started:
                index, _ = mover.index_and_local()
                if index != mover.last_index:
                    if mover.last_index >= 0:
                        self.app.audio.play("tap")
                    mover.last_index = index
        for q, move in list(self.card_moves.items()):
            if move.tween.done:
                del self.card_moves[q]
        for code, tween in list(self.standing_up.items()):
            if tween.done:
                del self.standing_up[code]
        if self.die_tween is not None and self.die_tween.done:
            self.die_tween = None
        if self.die_pulse is not None and self.die_pulse.done:
            self.die_pulse = None
        reveal = self.reveal
        if reveal is not None and not reveal["burst"] and reveal["tween"].raw > 0.3:
            reveal["burst"] = True
            w, h = self.app.screen.get_size()
            colours = [theme.GOLD, theme.WHITE, *(COLOUR_RGB[c] for c in "rygb")]
            self.particles.burst((w / 2, h * 0.45), colours, count=60,
                                 speed=360 * self.layout.u)
            self.app.audio.play("claim")

    def draw_table(self, surface: pygame.Surface) -> None:
        draw.draw_table(self, surface)

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The Undo button sits in the die tray, under Report (never over the die)."""
        return pygame.Rect(self.layout.undo_button)

    # --- results -------------------------------------------------------------------------------
    def score_line(self) -> str:
        card = self.view_dict.get("win_card")
        goal = [c for c, q in self.view_dict.get("pyramids", {}).items()
                if self.track() and q == len(self.track()) - 1]
        return t("rr.score", card=card or "—", n=len(goal))

    def result_reason(self) -> str:
        winners = self.match.result().winners
        if not winners:
            return ""
        card = self.view_dict.get("win_card") or ""
        pyramids = ", ".join(self.pyramid_name(p) for p in trio(card))
        return t("rr.reason", name=self.seat_name(winners[0]), trio=pyramids)


TABLE = RoyalRoadTable
