"""The Cesta table: five milestones between two sides, hands, decks, log and card tracker.

Reads only the contract's state format (``game.to_dict(view)``) and the engine's events,
so it never depends on engine internals. Input (click, drag-and-drop, keyboard) becomes
move notation, which the match parses and applies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables.base import TableScene
from game.client.tables.cesta import hud
from game.client.tables.cesta import render as panels
from game.client.tables.cesta.art import (
    COLOUR_ORDER,
    RANK_ORDER,
    CestaArt,
    is_action,
    is_event,
    split,
)
from game.client.tables.cesta.layout import CestaLayout

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.session import Match

SEAT_COLOURS = (theme.GOLD, (120, 200, 255))
DRAG_THRESHOLD = 6


class Flying:
    """A card moving from one rect to another (optionally flipping from its back)."""

    def __init__(self, code: str, start: pygame.Rect, end: pygame.Rect, tween: anim.Tween,
                 hide: tuple, back: str | None = None) -> None:
        self.code = code
        self.start = pygame.FRect(start)
        self.end = pygame.FRect(end)
        self.tween = tween
        self.hide = hide
        self.back = back  # show this back first, flip to the face half-way


class CestaTable(TableScene):
    def __init__(self, app: App, match: Match) -> None:
        self.art = CestaArt(app.assets)
        self.sort_mode: str | None = None
        self.selected: int | None = None
        self.target: int | None = None
        self.drag: dict[str, Any] | None = None
        self.mouse = (0, 0)
        self.flying: list[Flying] = []
        self.stone_offsets: dict[int, float] = {}
        self.stone_moving: dict[int, anim.Tween] = {}
        self.banner: tuple[str, float] | None = None
        self.last_play: tuple[int, int, str, int] | None = None  # (m, seat, kind, index)
        self.log_open = True
        self.tracker_open = False
        self.time = 0.0
        self.hand_pos: dict[tuple, pygame.Vector2] = {}
        self._glide_seen: set[tuple] = set()
        self.frame_dt = 1 / 60
        self._warm = None
        self._was_waiting = False
        self._board: tuple[tuple, pygame.Surface] | None = None
        self._legal_cache: tuple[tuple, dict[str, Any]] | None = None
        self._tracker_cache: tuple[int, Any] | None = None
        self.entries: list[hud.LogEntry] = []
        self.layout = CestaLayout(app.screen.get_size(), match.game.rules["milestones"])
        self.background: pygame.Surface | None = None
        super().__init__(app, match)
        match.describe = self.describe_move
        self.prewarm()

    def prewarm(self) -> None:
        """Queue every card at every table size for rendering in idle time (a little per
        frame), so the first frame is quick and later frames never hitch on a new card."""
        from game.client.tables.cesta.info import ALL_EVENTS

        layout = self.layout
        cb = bool(self.app.settings["colourblind_symbols"])
        codes = [*ALL_EVENTS, "TIME", "RUST", "DEED", "??", "?A"]
        jobs = [(code, size, cb) for size in (layout.card_size, layout.hand_card,
                                              layout.hand_small) for code in codes]
        jobs += [(code, layout.action_size, cb) for code in ("TIME", "RUST", "DEED", "?A")]
        jobs += [("??", layout.deck_size, False), ("?A", layout.deck_size, False)]
        if self.view_dict:  # the cards of the first frame now, the rest in idle time
            for seat in (0, 1):
                size = layout.hand_card if seat == self.bottom else layout.hand_small
                for code in self.view_dict["hands"][seat]:
                    self.art.card(code, size, cb)
        self._warm = iter(jobs)
        panels.background(self, self.app.screen.get_size())

    def warm_up(self, budget: float = 0.001) -> None:
        """Render queued cards until ``budget`` seconds of this frame are spent."""
        if self._warm is None:
            return
        import time

        end = time.perf_counter() + budget
        for code, size, cb in self._warm:
            self.art.card(code, size, cb)
            if time.perf_counter() > end:
                return
        self._warm = None

    def on_enter(self) -> None:
        super().on_enter()
        if not self.match.history and not self.concealed:
            self.deal()
        # one frame drawn off screen: sprites, fonts and the board are ready before the
        # first real frame, which then only blits
        self.draw(pygame.Surface(self.app.screen.get_size()))

    def deal(self) -> None:
        """The opening deal: each hand's cards fly in from the event deck, alternating."""
        start = self.layout.event_deck
        delay = 0.0
        hands = {seat: self.hand(seat) for seat in (self.bottom, self.top)}
        for index in range(max(len(h) for h in hands.values())):
            for seat in (self.top, self.bottom):
                hand = hands[seat]
                if index >= len(hand):
                    continue
                code = hand[index]
                slots = self.layout.hand_slots(len(hand), seat == self.bottom)
                shown = code if self.open_hand(seat) else "??"
                key = ("h", seat, code if shown == code and code not in ("??", "?A") else index)
                tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay)
                self.flying.append(Flying(shown, start, slots[index], tween, key,
                                          "??" if shown != "??" else None))
                delay += 0.07

    # --- seats and derived state ---------------------------------------------------------
    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def top(self) -> int:
        return 1 - self.bottom

    def on_view_changed(self) -> None:
        self._tracker_cache = None
        if self.selected is not None and self.selected >= len(self.hand(self.bottom)):
            self.selected = None

    def hand(self, seat: int, state: dict | None = None) -> list[str]:
        """Hand in display order (sorted for the viewer when asked)."""
        state = state if state is not None else self.view_dict
        if not state:
            return []
        cards = list(state["hands"][seat])
        if self.sort_mode and any(c not in ("??", "?A") for c in cards):
            cards.sort(key=self._sort_key)
        return cards

    def _sort_key(self, code: str) -> tuple:
        if not is_event(code):
            return (9, 9, code)
        colour, rank = split(code)
        c, r = COLOUR_ORDER.index(colour), RANK_ORDER.index(rank)
        return (c, r) if self.sort_mode == "colour" else (r, c)

    def open_hand(self, seat: int) -> bool:
        """Whether a hand is drawn face up: the viewer's, or both for a spectator."""
        return self.viewer is None or seat == self.viewer

    def used_kinds(self, seat: int) -> set[str]:
        kinds: set[str] = set()
        for milestone in self.view_dict.get("milestones", []):
            kinds.update(milestone["sides"][seat]["actions"])
        return kinds

    def legal(self) -> dict[str, Any]:
        """Legal plays of the person to move: {"play": {code: {m,...}}, "draw": {...}}."""
        waiting = self.match.waiting_for_human
        key = (id(self.match.state), waiting)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return self._legal_cache[1]
        out: dict[str, Any] = {"play": {}, "draw": set(), "pass": False}
        self._legal_cache = (key, out)  # asked several times per frame; moves change rarely
        if not waiting:
            return out
        for move in self.match.legal_moves():
            words = self.match.game.format_move(move).split()
            if words[0] == "play":
                out["play"].setdefault(words[1], set()).add(int(words[2]) - 1)
            elif words[0] == "draw":
                out["draw"].add(words[1])
            else:
                out["pass"] = True
        return out

    def describe_move(self, notation: str) -> str:
        words = notation.split()
        if words[0] == "draw":
            return t("cesta.draw_event") if words[1] == "event" else t("cesta.draw_action")
        if words[0] == "pass":
            return t("cesta.pass_button")
        return notation

    # --- presenting events ------------------------------------------------------------------
    def present(self, seat: int, move: Any, events: list[dict[str, Any]]) -> None:
        before = self.view_dict
        before_hands = {s: self.hand(s, before) for s in (0, 1)} if before else {}
        super().present(seat, move, events)
        self.selected = None
        self.target = None
        delay = 0.0
        for event in events:
            kind = event.get("type")
            if kind == "play":
                delay = self._animate_play(event, before_hands, delay)
            elif kind == "draw":
                delay = self._animate_draw(event, delay)
            elif kind == "claim":
                delay = self._animate_claim(event, delay)
            elif kind == "pass":
                self.entries.append(hud.LogEntry(event["seat"], "pass"))
                self.banner = (t("log.pass", name=self.seat_name(event["seat"])), 1.6)
                self.animator.add(0.5)

    def _animate_play(self, event: dict, before_hands: dict, delay: float) -> float:
        seat, code, m = event["seat"], event["card"], event["milestone"] - 1
        bottom = seat == self.bottom
        side = self.view_dict["milestones"][m]["sides"][seat]
        kind = "ev" if is_event(code) else "ac"
        cards = side["events"] if kind == "ev" else side["actions"]
        index = len(cards) - 1 - cards[::-1].index(code) if code in cards else len(cards) - 1
        end = (self.layout.event_slot(m, bottom, index) if kind == "ev"
               else self.layout.action_slot(m, bottom, index))
        old = before_hands.get(seat, [])
        slots = self.layout.hand_slots(len(old), bottom)
        back = None
        if code in old:
            start = slots[old.index(code)]
        else:
            unknown = "?A" if is_action(code) else "??"
            pos = old.index(unknown) if unknown in old else len(old) // 2
            start = slots[pos] if slots else end
            back = unknown
        self.last_play = (m, seat, kind, index)
        self.entries.append(hud.LogEntry(seat, "play", code, m + 1))
        duration = anim.SLIDE * (1.0 if self.viewer == seat else 1.5)
        tween = self.animator.add(duration, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.app.audio.play("play"))
        self.flying.append(Flying(code, start, end, tween, ("m", m, seat, kind, index), back))
        return delay + duration * 0.8

    def _animate_draw(self, event: dict, delay: float) -> float:
        seat, deck, code = event["seat"], event["deck"], event.get("card", "??")
        bottom = seat == self.bottom
        hand = self.hand(seat)
        index = len(hand) - 1
        if code in hand:
            index = len(hand) - 1 - hand[::-1].index(code)
        slots = self.layout.hand_slots(len(hand), bottom)
        end = slots[index] if slots else self.layout.event_deck
        start = self.layout.event_deck if deck == "event" else self.layout.action_deck
        shown = code if self.open_hand(seat) else ("??" if deck == "event" else "?A")
        back = "??" if deck == "event" else "?A"
        self.entries.append(hud.LogEntry(seat, "draw", deck=deck))
        tween = self.animator.add(anim.SLIDE + anim.FLIP, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: None)
        self.app.audio.play("draw")
        key = ("h", seat, code if (is_event(code) or is_action(code)) and shown == code
               else index)
        self.flying.append(Flying(shown, start, end, tween, key,
                                  back if shown != back else None))
        return delay + anim.SLIDE

    def _animate_claim(self, event: dict, delay: float) -> float:
        seat, m = event["seat"], event["milestone"] - 1
        name = self.seat_name(seat)
        how = event.get("how")
        key = {"comparison": "cesta.claim_comparison", "proof": "cesta.claim_proof"}.get(
            how, "cesta.claim")
        text = t(key, name=name, m=m + 1)
        extra = hud.claim_detail(event)
        self.entries.append(hud.LogEntry(seat, "claim", milestone=m + 1, note=extra))
        direction = 1 if seat == self.bottom else -1
        distance = self.layout.stone_size[1] * 0.9 * direction

        def arrive() -> None:
            rect = self.layout.stone_rect(m, distance)
            colours = [SEAT_COLOURS[0 if seat == self.bottom else 1], theme.WHITE, theme.GOLD]
            self.particles.burst(rect.center, colours, count=28, speed=260 * self.layout.u)
            self.app.audio.play("claim")

        tween = self.animator.add(anim.CLAIM, anim.ease_out_back, delay=delay, on_done=arrive)
        tween.data["distance"] = distance
        self.stone_moving[m] = tween
        self.banner = (text + (f" — {extra}" if extra else ""), 3.0)
        self.animator.add(anim.CLAIM + 0.9, delay=delay)  # time to read the explanation
        return delay + anim.CLAIM

    @property
    def busy(self) -> bool:
        return self.animator.busy

    # --- input ------------------------------------------------------------------------------
    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        slots = self.layout.hand_slots(len(self.hand(self.bottom)), True)
        for index in range(len(slots) - 1, -1, -1):
            rect = slots[index].move(0, -self._lift(index))
            if rect.collidepoint(pos):
                return index
        return None

    def milestone_at(self, pos: tuple[int, int]) -> int | None:
        for m in range(self.layout.milestones):
            if self.layout.column_rect(m, True).collidepoint(pos):
                return m
        return None

    def handle_table_event(self, event: pygame.event.Event) -> None:
        layout = self.layout
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            index = self.drag["index"] if self.drag is not None else self.selected
            if index is not None:
                m = self.milestone_at(event.pos)
                hand = self.hand(self.bottom)
                if m is not None and index < len(hand) and \
                        m in self.legal()["play"].get(hand[index], ()):
                    self.target = m  # the pointed milestone: where Enter or a drop plays
            if self.drag is not None:
                if math.dist(event.pos, self.drag["from"]) > DRAG_THRESHOLD:
                    self.drag["moved"] = True
                self.drag["pos"] = event.pos
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if layout.sort_button.collidepoint(event.pos):
                self.cycle_sort()
                return
            if layout.tracker_button.collidepoint(event.pos):
                self.toggle_tracker()
                return
            if layout.log_button.collidepoint(event.pos):
                self.log_open = not self.log_open
                self.app.audio.play("button")
                return
            if self.tracker_open and layout.tracker_panel.collidepoint(event.pos):
                self.tracker_open = False
                return
            legal = self.legal()
            if legal["draw"]:
                if layout.event_deck.collidepoint(event.pos) and "event" in legal["draw"]:
                    self.try_move("draw event")
                    return
                if layout.action_deck.collidepoint(event.pos) and "action" in legal["draw"]:
                    self.try_move("draw action")
                    return
            index = self.hand_card_at(event.pos)
            if index is not None:
                self.drag = {"index": index, "from": event.pos, "pos": event.pos,
                             "moved": False}
                return
            m = self.milestone_at(event.pos)
            if m is not None and self.selected is not None:
                self.play_selected(m)
                return
            self.selected = None
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                m = self.milestone_at(event.pos)
                self.selected = drag["index"]
                if m is not None:
                    self.play_selected(m)
                return
            self.select(None if self.selected == drag["index"] else drag["index"])
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        hand = self.hand(self.bottom)
        if pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if index < len(hand):
                self.select(None if self.selected == index else index)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if self.selected is None:
                self.select(0 if hand else None)
            else:
                targets = sorted(self.legal()["play"].get(hand[self.selected], ()))
                if targets:
                    current = targets.index(self.target) if self.target in targets else -1
                    self.target = targets[(current + step) % len(targets)]
        elif key in (pygame.K_UP, pygame.K_DOWN) and hand:
            step = 1 if key == pygame.K_DOWN else -1
            self.select(((self.selected if self.selected is not None else -1) + step)
                        % len(hand))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is not None and self.target is not None:
                self.play_selected(self.target)
        elif key == pygame.K_e:
            self.try_move("draw event")
        elif key == pygame.K_a:
            self.try_move("draw action")
        elif key == pygame.K_s:
            self.cycle_sort()
        elif key == pygame.K_t:
            self.toggle_tracker()
        elif key == pygame.K_l:
            self.log_open = not self.log_open

    def select(self, index: int | None) -> None:
        self.selected = index
        self.target = None
        if index is not None:
            hand = self.hand(self.bottom)
            targets = sorted(self.legal()["play"].get(hand[index], ()))
            self.target = targets[0] if targets else None
            self.app.audio.play("flip")

    def play_selected(self, m: int) -> None:
        hand = self.hand(self.bottom)
        if self.selected is None or self.selected >= len(hand):
            return
        code = hand[self.selected]
        if m in self.legal()["play"].get(code, ()):
            self.try_move(f"play {code} {m + 1}")
        else:
            self.app.audio.play("error")

    def try_move(self, notation: str) -> bool:
        if not self.match.waiting_for_human:
            return False
        try:
            self.match.play_text(notation)
        except Exception:  # noqa: BLE001 - IllegalMove: a refused click, not a crash
            self.app.audio.play("error")
            return False
        return True

    def cycle_sort(self) -> None:
        self.sort_mode = {None: "colour", "colour": "rank", "rank": "colour"}[self.sort_mode]
        self.selected = None
        self.app.audio.play("shuffle")

    def toggle_tracker(self) -> None:
        self.tracker_open = not self.tracker_open
        self.app.audio.play("button")

    # --- per frame ------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.time += dt
        self.frame_dt = dt
        self.warm_up()
        if self._glide_seen:
            for key in [k for k in self.hand_pos if k not in self._glide_seen]:
                del self.hand_pos[key]
            self._glide_seen = set()
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        waiting = self.match.waiting_for_human and self.view_dict.get("step") == "play"
        if waiting and not self._was_waiting and self.match.history and \
                self.match.seats[self.match.history[-1].seat].is_ai and self.banner is None:
            # the computer has finished: say clearly that it is the person's turn again
            self.banner = (t("turn.yours", name=self.seat_name(self.match.to_move)), 1.4)
            self.app.audio.play("flip")
        self._was_waiting = waiting
        done = [f for f in self.flying if f.tween.done]
        if done:
            self.flying = [f for f in self.flying if not f.tween.done]
        for m, tween in list(self.stone_moving.items()):
            if tween.done:
                self.stone_offsets[m] = tween.data["distance"]
                del self.stone_moving[m]

    def glide(self, key: tuple, target: pygame.Rect) -> pygame.Rect:
        """Where a hand card is drawn: it eases toward its slot when the hand changes
        (a card played or drawn, sorting), so the hand never jumps."""
        pos = self.hand_pos.get(key)
        self._glide_seen.add(key)
        if pos is None or self.animator.speed <= 0:
            self.hand_pos[key] = pygame.Vector2(target.topleft)
            return target
        factor = min(1.0, self.frame_dt * 16 / max(0.25, self.animator.speed))
        pos += (pygame.Vector2(target.topleft) - pos) * factor
        if pos.distance_squared_to(target.topleft) < 0.25:
            pos.update(target.topleft)
        return pygame.Rect(round(pos.x), round(pos.y), target.width, target.height)

    def _lift(self, index: int) -> int:
        if self.selected == index:
            return int(18 * self.layout.u)
        if self.hover_index == index and self.drag is None:
            return int(8 * self.layout.u)
        return 0

    @property
    def hover_index(self) -> int | None:
        if not self.view_dict:
            return None
        slots = self.layout.hand_slots(len(self.hand(self.bottom)), True)
        for index in range(len(slots) - 1, -1, -1):
            if slots[index].collidepoint(self.mouse):
                return index
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        panels.draw_table(self, surface)

    # --- results ------------------------------------------------------------------------------
    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The path in miniature: each stone ringed in its owner's colour."""
        u = self.layout.u
        count = self.layout.milestones
        size = (int(48 * u), int(37 * u))
        gap = int(14 * u)
        x = area.centerx - (count * size[0] + (count - 1) * gap) // 2
        stone = self.app.assets.sprite("cesta/milestone.svg", size)
        for m, milestone in enumerate(self.view_dict.get("milestones", [])):
            rect = stone.get_rect(topleft=(x + m * (size[0] + gap), area.y))
            surface.blit(stone, rect)
            owner = milestone["owner"]
            if owner is not None:
                colour = panels.SEAT_COLOURS[0 if owner == self.bottom else 1]
                pygame.draw.ellipse(surface, colour, rect.inflate(6, 6), width=max(2, int(3 * u)))
            number = self.app.assets.outlined_text(str(m + 1), int(size[1] * 0.5), theme.WHITE,
                                                   (20, 20, 20))
            surface.blit(number, number.get_rect(center=rect.center))

    def score_line(self) -> str:
        counts = [0, 0]
        for milestone in self.view_dict.get("milestones", []):
            if milestone["owner"] is not None:
                counts[milestone["owner"]] += 1
        return t("results.score", score=f"{self.seat_name(0)} {counts[0]} : {counts[1]} "
                                        f"{self.seat_name(1)}")


TABLE = CestaTable
