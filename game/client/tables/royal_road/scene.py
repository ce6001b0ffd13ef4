"""The Královská cesta table: the track as a U of royal cards, fifteen pyramids, the colour
die, the secret-card drawer, the setup choice, bonus swaps and overstep reports.

It reads only the contract's state format (``game.to_dict(view)``) and the engine's events;
every click or key becomes move notation that the match parses and applies. Drawing lives
in ``royal_road_draw``; motion in ``royal_road_motion``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables.base import TableScene
from game.client.tables.royal_road import render as draw
from game.client.tables.royal_road import screens
from game.client.tables.royal_road.art import COLOUR_RGB, RoyalArt, trio
from game.client.tables.royal_road.input import TableInput
from game.client.tables.royal_road.layout import RoyalLayout, base_point
from game.client.tables.royal_road.motion import CardMove, Mover
from game.client.tables.royal_road.present import SPECIALS, EventPresenter, LogEntry

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import Match


class RoyalRoadTable(EventPresenter, TableInput, TableScene):
    handoff_sprite = "royal_road/card_back.svg"

    def __init__(self, app: App, match: Match) -> None:
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
        self.last_move: tuple[int, Any] | None = None   # (seat, Move value)
        self.last_path: tuple[str, int, int] | None = None   # (pyramid, from, to)
        self.pyr_hits: list[tuple[pygame.Rect, str]] = []
        self.background: pygame.Surface | None = None
        self._layer: tuple[Any, pygame.Surface] | None = None
        self._keep_backdrop: tuple[Any, pygame.Surface] | None = None
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
        keep = screens.keep_card_rect(self, 0, int(self.match.game.rules["deal"])).size
        sizes = (keep, layout.secret_size, screens.reveal_size(self),
                 screens.winner_card_rect(self).size)
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

    @property
    def thinking_seat(self) -> int | None:
        """The computer deciding now (none in a replay, whose match has no AI worker)."""
        match = self.match
        return match.thinking if match.worker is not None and not match.over else None

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

    # --- per frame -------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        moves = self.legal()["moves"] if self.view_dict else {}
        if len(moves) == 1 and self.selected is None:
            self.select(next(iter(moves)))   # the only pyramid that can go: picked already
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
                self.landed(code, mover)
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

    def landed(self, code: str, mover: Mover) -> None:
        """A little puff where a pyramid comes to rest; a real burst when it reaches GOAL."""
        point = mover.segments[-1].b
        u = self.layout.u
        track = self.track()
        at_goal = bool(track) and self.view_dict["pyramids"].get(code) == len(track) - 1
        if at_goal:
            self.particles.burst(point, [COLOUR_RGB[code[0]], theme.GOLD, theme.WHITE],
                                 count=26, speed=230 * u, size=4 * u)
            self.app.audio.play("claim")
        else:
            self.particles.burst(point, [(236, 220, 190), (200, 180, 150)], count=6,
                                 speed=70 * u, size=2.5 * u)
            self.app.audio.play("tap")

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
