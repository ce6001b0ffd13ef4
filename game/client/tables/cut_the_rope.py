"""The Cut the Rope table: three shared main rows, piles, auxiliary rows and a fanned hand.

Reads only the contract's state format (``game.to_dict(view)``) and the engine's events.
Input (click a source then a target, drag and drop, or the keyboard) becomes move notation,
which the match parses and applies; a refused target gets a short reason on the spot.
Drawing lives in ``cut_the_rope_draw``, geometry in ``cut_the_rope_layout``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.client import anim
from game.client.i18n import t
from game.client.tables import cut_the_rope_draw as drawing
from game.client.tables.base import TableScene
from game.client.tables.cut_the_rope_art import CutArt
from game.client.tables.cut_the_rope_input import InputMixin, Toast
from game.client.tables.cut_the_rope_layout import CutLayout, SeatPanel
from game.client.tables.cut_the_rope_motion import Flying, LogEntry, MotionMixin

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import Match

__all__ = ["TABLE", "CutTheRopeTable", "Flying", "LogEntry"]


class CutTheRopeTable(MotionMixin, InputMixin, TableScene):
    """The table scene: flow and geometry here; motion, input and drawing in mixins and
    modules beside it."""

    handoff_sprite = "cut_the_rope/card_back.svg"

    def __init__(self, app: App, match: Match) -> None:
        rules = match.game.rules
        players = len(match.seats)
        self.art = CutArt(app.assets)
        self.art.big = bool(app.settings["colourblind_symbols"])
        self.layout = CutLayout(app.screen.get_size(), players, rules["main_rows"],
                                rules["aux_rows"], rules["row_length"], rules["hand_size"])
        self.row_length = int(rules["row_length"])
        self.selected: tuple | None = None       # ("pile",) | ("hand", i) | ("aux", k)
        self.kb_target: str | None = None
        self.drag: dict[str, Any] | None = None
        self.chooser: dict[str, Any] | None = None
        self.end_mode = False
        self.chain = False          # the move being shown continues a chain of builds
        self.mouse = (0, 0)
        self.flying: list[Flying] = []
        self.flips: dict[tuple, anim.Tween] = {}
        self.clearing: dict[int, anim.Tween] = {}
        self.candy_drops: dict[int, anim.Tween] = {}
        self.hover_target: str | None = None
        self.hand_x: dict[tuple[str, int], float] = {}   # shown x of bottom hand cards
        self._hand_seat: int | None = None
        self.banner: tuple[str, float] | None = None
        self.toast: Toast | None = None
        self.last_mark: tuple | None = None
        self.entries: list[LogEntry] = []
        self.log_open = True
        self.time = 0.0
        self.background: pygame.Surface | None = None
        self.spectate = match.to_move if match.to_move is not None else 0
        self._legal_cache: tuple[Any, dict] | None = None
        self._panels: dict[int, SeatPanel] = {}
        self.view_version = 0
        self.panel_cache: dict[int, tuple[Any, pygame.Surface]] = {}
        self._panel_key: tuple | None = None
        super().__init__(app, match)
        match.describe = self.describe_move
        self.prewarm()

    def on_enter(self) -> None:
        super().on_enter()
        # deal once per match: a table rebuilt by undo at the start does not deal again
        if not self.match.history and not getattr(self.match, "ctr_dealt", False):
            self.match.ctr_dealt = True
            self.animate_deal()

    def on_view_changed(self) -> None:
        self.view_version += 1

    def on_resume(self) -> None:
        """Settings may have changed under the pause menu (colour-blind numbers)."""
        self.art.big = bool(self.app.settings["colourblind_symbols"])
        super().on_resume()

    # --- seats -------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.match.seats)

    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else self.spectate

    def others(self) -> list[int]:
        """The other seats in playing order after the bottom seat (left to right)."""
        return [(self.bottom + i) % self.players for i in range(1, self.players)]

    def panels(self) -> dict[int, SeatPanel]:
        key = (self.bottom, self.players)
        if self._panel_key != key:
            others = self.others()
            self._panels = dict(zip(others, self.layout.seat_panels(len(others)), strict=True))
            self._panel_key = key
        return self._panels

    def open_hand(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    def prewarm(self) -> None:
        """Render every card at every table size before the first frame (no hitches)."""
        layout = self.layout
        codes = ["S", "??", *map(str, range(1, self.row_length + 1))]
        sizes = {layout.row_card_size, layout.pile_size, layout.own_card, layout.hand_card,
                 (int(layout.own_pile.w), int(layout.own_pile.h))}
        for panel in self.layout.seat_panels(max(1, self.players - 1))[:1]:
            sizes.add(panel.card)
            sizes.add(panel.hand_card)
        for size in sizes:
            for code in codes:
                self.art.card(code, size)
        angles = {angle for _rect, angle in layout.hand_slots(layout.hand_size)}
        for code in codes:   # a full hand's fan; other angles render once when first used
            for angle in angles:
                self.art.rotated(code, layout.hand_card, angle)
        u = layout.u
        self.art.sprite("candy", (int(46 * u), int(46 * u)))
        self.art.sprite("monster", layout.monster.size)
        drawing.background(self, self.app.screen.get_size())

    # --- geometry of a seat (bottom panel or a top panel) ------------------------------------
    def pile_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom:
            return self.layout.own_pile
        return self.panels()[seat].pile

    def aux_geometry(self, seat: int) -> tuple[list[int], int, int, tuple[int, int], float]:
        layout = self.layout
        if seat == self.bottom:
            return (layout.own_aux_x, layout.own_aux_y, layout.own_aux_bottom, layout.own_card,
                    22 * layout.u)
        panel = self.panels()[seat]
        return panel.aux_x, panel.aux_y, panel.aux_bottom, panel.card, 14 * layout.u

    def aux_rects(self, seat: int, rows: list[list[str]]) -> list[list[pygame.Rect]]:
        xs, y, bottom, card, step = self.aux_geometry(seat)
        return [self.layout.aux_cards(xs[k], y, bottom, card, len(row), step)
                for k, row in enumerate(rows) if k < len(xs)]

    def aux_slot(self, seat: int, k: int) -> pygame.Rect:
        """Where the first card of aux row ``k`` (0-based) lies."""
        xs, y, _bottom, card, _step = self.aux_geometry(seat)
        return pygame.Rect(xs[min(k, len(xs) - 1)], y, *card)

    def aux_column(self, k: int) -> pygame.Rect:
        """The whole droppable column of the bottom seat's aux row ``k`` (0-based)."""
        layout = self.layout
        x = layout.own_aux_x[k]
        return pygame.Rect(x - int(4 * layout.u), layout.own_aux_y - int(4 * layout.u),
                           layout.own_card[0] + int(8 * layout.u),
                           layout.own_aux_bottom - layout.own_aux_y + int(8 * layout.u))

    def hand(self, seat: int, state: dict | None = None) -> list[str]:
        state = state if state is not None else self.view_dict
        if not state:
            return []
        return list(state["hands"][seat])

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        if seat == self.bottom:
            return [rect for rect, _angle in self.layout.hand_slots(count)]
        panel = self.panels()[seat]
        x, y = panel.hand_at
        step = int(6 * self.layout.u)
        return [pygame.Rect(x + i * step, y, *panel.hand_card) for i in range(count)]

    # --- legality ----------------------------------------------------------------------------
    def legal(self) -> dict[str, Any]:
        """{"build": {src: {dst: notation}}, "end": {card: {aux: notation}}, "empty": bool}."""
        key = (len(self.match.history), self.match.waiting_for_human)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return self._legal_cache[1]
        out: dict[str, Any] = {"build": {}, "end": {}, "empty": False}
        if self.match.waiting_for_human:
            for move in self.match.legal_moves():
                text = self.match.game.format_move(move)
                words = text.split()
                if words[0] == "build":
                    out["build"].setdefault(words[1], {})[words[2]] = text
                elif len(words) == 1:
                    out["empty"] = True
                else:
                    out["end"].setdefault(words[1][5:], {})[words[2]] = text
        self._legal_cache = (key, out)
        return out

    @property
    def end_step(self) -> bool:
        """The last step of the turn: chosen with End turn, or nothing is left to build."""
        if not self.my_turn():
            return False
        legal = self.legal()
        return not legal["empty"] and (self.end_mode or not legal["build"])

    def my_turn(self) -> bool:
        return self.match.waiting_for_human and self.match.to_move == self.bottom

    def source_key(self, selected: tuple | None) -> str | None:
        if selected is None:
            return None
        if selected[0] == "pile":
            return "pile"
        if selected[0] == "hand":
            hand = self.hand(self.bottom)
            return f"hand:{hand[selected[1]]}" if selected[1] < len(hand) else None
        return f"aux:{selected[1]}"

    def source_card(self, selected: tuple | None) -> str | None:
        if selected is None or not self.view_dict:
            return None
        seat = self.bottom
        if selected[0] == "pile":
            pile = self.view_dict["piles"][seat]
            return pile[-1] if pile else None
        if selected[0] == "hand":
            hand = self.hand(seat)
            return hand[selected[1]] if selected[1] < len(hand) else None
        rows = self.view_dict["aux"][seat]
        k = selected[1] - 1
        return rows[k][-1] if 0 <= k < len(rows) and rows[k] else None

    def targets_of(self, selected: tuple | None) -> list[str]:
        """Legal targets of a source, in screen order: rows, a new row, aux rows."""
        src = self.source_key(selected)
        if src is None:
            return []
        legal = self.legal()
        builds = legal["build"].get(src, {})
        out = []
        if not self.end_step:
            out = [f"row:{k}" for k in range(1, len(self.view_dict["rows"]) + 1)
                   if f"row:{k}" in builds]
            if "new:up" in builds or "new:down" in builds:
                out.append("new")
        if src.startswith("hand:"):
            ends = legal["end"].get(src[5:], {})
            out += [f"aux:{k}" for k in range(1, self.layout.aux_rows + 1) if f"aux:{k}" in ends]
            if "aux:new" in ends:
                out.append("aux:new")
        return out

    def row_need(self, slot: int) -> int | None:
        row = self.view_dict["rows"][slot]
        if row is None:
            return None
        n = len(row["cards"])
        return n + 1 if row["dir"] == "up" else self.row_length - n

    def describe_move(self, notation: str) -> str:
        """Notation as people read it (the forced-move notice)."""
        words = notation.split()
        if words == ["end"]:
            return t("ctr.end_empty")
        if len(words) != 3:
            return notation
        kind, src, dst = words
        if kind == "end":
            where = t("ctr.aux_new") if dst == "aux:new" else t("ctr.aux", k=dst[4:])
            return f"{src[5:]} → {where}"
        if src == "pile":
            what = t("ctr.log.src.pile")
        elif src.startswith("hand:"):
            what = src[5:]
        else:
            what = t("ctr.log.src.aux", k=src[4:])
        if dst.startswith("row:"):
            return f"{what} → {t('ctr.row', k=dst[4:])}"
        return f"{what} → {'▲' if dst == 'new:up' else '▼'}"


    @property
    def busy(self) -> bool:
        return self.animator.busy

    # --- per frame ---------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.toast is not None:
            self.toast.left -= dt
            if self.toast.left <= 0:
                self.toast = None
        if any(f.tween.done for f in self.flying):
            self.flying = [f for f in self.flying if not f.tween.done]
        for key in [k for k, tw in self.flips.items() if tw.done]:
            del self.flips[key]
        for key in [k for k, tw in self.clearing.items() if tw.done]:
            del self.clearing[key]
        for key in [k for k, tw in self.candy_drops.items() if tw.done]:
            del self.candy_drops[key]
        if self.viewer is None and not self.match.hot_seat and not self.animator.busy:
            to_move = self.match.to_move
            if to_move is not None and to_move != self.spectate:
                self.spectate = to_move
        if self.selected is not None and not self.my_turn():
            self.clear_selection()
        self._slide_hand(dt)
        self.hover_target = None
        if self.drag is not None and self.drag["moved"]:
            self.hover_target = self.target_at(self.drag["pos"])
        elif self.selected is not None:
            self.hover_target = self.target_at(self.mouse)

    def _hand_keys(self) -> list[tuple[str, int]]:
        """Bottom hand cards as (code, n-th copy): a card keeps its key while others
        leave or arrive, so it can slide to its new place."""
        seen: dict[str, int] = {}
        keys = []
        for code in self.hand(self.bottom):
            n = seen.get(code, 0)
            seen[code] = n + 1
            keys.append((code, n))
        return keys

    def _slide_hand(self, dt: float) -> None:
        if not self.view_dict:
            return
        if self._hand_seat != self.bottom:
            self.hand_x.clear()
            self._hand_seat = self.bottom
        keys = self._hand_keys()
        slots = self.layout.hand_slots(len(keys))
        speed = self.animator.speed
        k = 1.0 if speed <= 0 else 1.0 - math.exp(-dt * 14.0 / speed)
        shown = {}
        for key, (rect, _angle) in zip(keys, slots, strict=True):
            x = self.hand_x.get(key)
            shown[key] = float(rect.x) if x is None else x + (rect.x - x) * k
        self.hand_x = shown

    def hand_slot_shown(self, index: int, rect: pygame.Rect) -> pygame.Rect:
        """Where hand card ``index`` is drawn now (sliding toward ``rect``)."""
        keys = self._hand_keys()
        if index < len(keys):
            x = self.hand_x.get(keys[index])
            if x is not None:
                return pygame.Rect(int(x), rect.y, rect.w, rect.h)
        return rect

    def _lift(self, source: tuple) -> int:
        u = self.layout.u
        if self.selected == source:
            return int(16 * u)
        if self.drag is None and self.my_turn() and source[0] == "hand":
            slots = self.layout.hand_slots(len(self.hand(self.bottom)))
            index = source[1]
            if index < len(slots):
                hovered = None
                for i in range(len(slots) - 1, -1, -1):
                    if slots[i][0].collidepoint(self.mouse):
                        hovered = i
                        break
                if hovered == index:
                    return int(7 * u)
        return 0

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self, surface)

    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Undo sits beside End turn in the bottom panel (the top band holds the seats)."""
        return self.layout.undo_button

    # --- results -----------------------------------------------------------------------------
    def draw_result_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each player's remaining personal pile under the results: top card and count."""
        drawing.draw_result_piles(self, surface, rect)

    def score_line(self) -> str:
        """Empty: ``draw_result_extra`` shows every remaining pile as cards with counts."""
        return ""

    def pile_counts(self) -> list[int]:
        return [len(p) for p in self.match.game.to_dict(self.match.state)["piles"]]

TABLE = CutTheRopeTable
