"""How the Cut the Rope table animates one applied move, event by event.

Every engine event becomes motion from where a card was to where it goes (a build slides
onto its row, a completed row flies card by card onto the discard pile, a reshuffle sends
backs from the discard to the draw pile, drawn cards fly into the hand) and a log line.
Positions of the *before* state come from the view that was on screen before the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import anim
from game.client.i18n import t
from game.client.tables.base import TableScene
from game.client.tables.cut_the_rope_art import number_colour


class Flying:
    """A card moving between two rects; ``hold`` keeps it visible at its start while it
    waits for its delay (a completed row waiting its turn to leave)."""

    def __init__(self, code: str, start: pygame.Rect, end: pygame.Rect, tween: anim.Tween,
                 hide: tuple | None = None, back: bool = False, hold: bool = False,
                 dest: str = "") -> None:
        self.code = code
        self.start = pygame.FRect(start)
        self.end = pygame.FRect(end)
        self.tween = tween
        self.hide = hide
        self.back = back
        self.hold = hold
        self.hold_from = 0.0   # seconds (scaled) before a held card starts to show
        self.dest = dest


@dataclass
class LogEntry:
    seat: int | None
    kind: str
    card: str = ""
    text: str = ""
    image: dict = field(default_factory=dict)


class MotionMixin:
    """``present`` and the animations of a ``CutTheRopeTable`` (mixed into the table)."""

    def animate_deal(self) -> None:
        """The opening deal: hands fly round the table from the draw pile, piles flip."""
        if not self.view_dict:
            return
        hands = self.view_dict["hands"]
        order = [(self.bottom + k) % self.players for k in range(1, self.players + 1)]
        n = 0
        for i in range(max((len(h) for h in hands), default=0)):
            for seat in order:
                if i >= len(hands[seat]):
                    continue
                rects = self.hand_rects(seat, len(hands[seat]))
                code = hands[seat][i] if seat == self.bottom and self.open_hand(seat) \
                    else "??"
                tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=n * 0.025)
                hide = ("hand", seat, i)
                self.flying.append(Flying(code, self.layout.draw_pile, rects[i], tween, hide,
                                          back=code != "??"))
                n += 1
        for seat in range(self.players):
            self.flips[("pile", seat)] = self.animator.add(anim.FLIP, delay=n * 0.025)

    # --- presenting events -------------------------------------------------------------------
    def present(self, seat: int, move: Any, events: list[dict[str, Any]]) -> None:
        before = self.view_dict
        previous = self.last_move
        # a chain of builds by one seat flows quicker than single moves
        self.chain = bool(previous and previous[0] == seat and previous[1].kind == "build"
                          and move.kind == "build")
        TableScene.present(self, seat, move, events)
        self.selected = None
        self.kb_target = None
        self.chooser = None
        self.drag = None
        if move.kind == "end":
            self.end_mode = False
        if not before or not self.view_dict:
            self._log_quietly(events)   # nobody owns the screen yet: no motion, only the log
            return
        delay = 0.0
        pending_start: dict | None = None
        for event in events:
            kind = event.get("type")
            if kind == "row_started":
                pending_start = event
            elif kind == "build":
                delay = self._animate_build(event, before, delay, pending_start)
                pending_start = None
            elif kind == "row_completed":
                delay = self._animate_completed(event, delay)
            elif kind == "pile_revealed":
                self.flips[("pile", event["seat"])] = self.animator.add(anim.FLIP, delay=0.08)
            elif kind == "end":
                delay = self._animate_end(event, before, delay)
            elif kind == "reshuffle":
                delay = self._animate_reshuffle(event, delay)
            elif kind == "draw":
                delay = self._animate_draw(event, delay)
            elif kind == "game_over" and event.get("seat") is not None:  # emptied pile
                self._animate_win(event, delay)
            elif kind == "game_over":  # stalemate
                self.entries.append(LogEntry(None, "stalemate", text=t("ctr.log.stalemate")))
                self.banner = (t("ctr.log.stalemate"), 2.5)
            elif kind == "turn":
                nxt = event["seat"]
                name = self.seat_name(nxt)
                if self.match.seats[nxt].is_ai:
                    self.banner = (t("ctr.turn_of", name=name), 1.2)
                else:
                    self.banner = (t("ctr.your_turn", name=name), 1.4)

    def _log_quietly(self, events: list[dict[str, Any]]) -> None:
        """The log lines of a move that is not animated (made while the screen is hidden)."""
        started = None
        for event in events:
            kind = event.get("type")
            if kind == "row_started":
                started = event
            elif kind == "build":
                source = event["source"]
                src = t("ctr.log.src.aux", k=event.get("aux", 1)) if source == "aux" \
                    else t(f"ctr.log.src.{source}")
                text = t("ctr.log.build", src=src, row=event["row"])
                if started is not None:
                    arrow = "▲" if started["dir"] == "up" else "▼"
                    text += " · " + t("ctr.log.start", row=event["row"], dir=arrow)
                    started = None
                self.entries.append(LogEntry(event["seat"], "build", event["card"], text))
            elif kind == "row_completed":
                self.entries.append(LogEntry(None, "done",
                                             text=t("ctr.log.done", row=event["row"])))
            elif kind == "end" and event.get("card"):
                text = t("ctr.log.end_new") if event.get("new") else \
                    t("ctr.log.end", k=event["aux"])
                self.entries.append(LogEntry(event["seat"], "end", event["card"], text))
            elif kind == "draw":
                self.entries.append(LogEntry(event["seat"], "draw", "",
                                             t("ctr.log.draw", n=len(event["cards"]))))
            elif kind == "reshuffle":
                self.entries.append(LogEntry(None, "reshuffle",
                                             text=t("ctr.log.reshuffle", n=event["cards"])))

    def _animate_build(self, event: dict, before: dict, delay: float,
                       started: dict | None) -> float:
        seat, code, slot = event["seat"], event["card"], event["row"] - 1
        source = event["source"]
        if source == "pile":
            start = self.pile_rect(seat)
            src_text = t("ctr.log.src.pile")
        elif source == "hand":
            old = self.hand(seat, before)
            rects = self.hand_rects(seat, len(old))
            if self.open_hand(seat) and code in old:
                index = len(old) - 1 - old[::-1].index(code)
            else:
                index = len(old) // 2
            start = rects[index] if rects else self.pile_rect(seat)
            src_text = t("ctr.log.src.hand")
        else:
            k = event["aux"] - 1
            rows = before["aux"][seat]
            rects = self.aux_rects(seat, rows)
            start = rects[k][-1] if k < len(rects) and rects[k] else self.aux_slot(seat, k)
            src_text = t("ctr.log.src.aux", k=event["aux"])
        row = self.view_dict["rows"][slot]
        index = len(row["cards"]) - 1 if row is not None else self.row_length - 1
        end = self.layout.row_card(slot, index)
        duration = anim.SLIDE * (1.0 if seat == self.bottom else 1.25) * \
            (0.75 if self.chain else 1.0)
        tween = self.animator.add(duration, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.app.audio.play("play"))
        self.flying.append(Flying(code, start, end, tween, ("row", slot, index)))
        self.last_mark = ("row", slot, index)
        text = t("ctr.log.build", src=src_text, row=slot + 1)
        if started is not None:
            arrow = "▲" if started["dir"] == "up" else "▼"
            text += " · " + t("ctr.log.start", row=slot + 1, dir=arrow)
        self.entries.append(LogEntry(seat, "build", code, text))
        return delay + duration

    def _animate_completed(self, event: dict, delay: float) -> float:
        slot = event["row"] - 1
        cards = event["cards"]
        pile = self.layout.discard_pile
        last = None
        # the row zips up from its first card; the card just built (the last one) is shown
        # by its own flight until it lands, and leaves last, so it lies on top as in the rules
        for i in range(len(cards)):
            wait = delay + 0.12 + i * 0.05
            tween = self.animator.add(anim.SLIDE * 1.3, anim.ease_in_out_cubic, delay=wait)
            flying = Flying(cards[i], self.layout.row_card(slot, i), pile, tween, None,
                            hold=True, dest="discard")
            if i == len(cards) - 1:
                flying.hold_from = self.animator.scaled(delay)
            self.flying.append(flying)
            last = tween
        if last is not None:
            self.clearing[slot] = last

        def burst() -> None:
            rect = self.layout.row_rect(slot)
            colours = [number_colour(v) for v in range(1, 11)]
            self.particles.burst((self.layout.row_end(slot)[0] - int(20 * self.layout.u),
                                  rect.centery), colours, count=30,
                                 speed=240 * self.layout.u)
            self.app.audio.play("row")

        self.animator.add(0.0, delay=delay + 0.05, on_done=burst)

        def munch() -> None:
            colours = [(120, 200, 90), (236, 90, 150), (255, 255, 255)]
            self.particles.burst(self.layout.monster.center, colours, count=16,
                                 speed=160 * self.layout.u, size=4 * self.layout.u)

        # the rope is cut: the candy at its end drops to the monster by the discard pile
        self.candy_drops[slot] = self.animator.add(0.7, anim.linear, delay=delay + 0.05,
                                                   on_done=munch)
        self.banner = (t("ctr.row_done", k=slot + 1), 1.8)
        self.entries.append(LogEntry(None, "done", text=t("ctr.log.done", row=slot + 1)))
        if self.last_mark and self.last_mark[:2] == ("row", slot):
            self.last_mark = None
        return delay + 0.12 + len(cards) * 0.05 + anim.SLIDE

    def _animate_end(self, event: dict, before: dict, delay: float) -> float:
        seat, code = event["seat"], event["card"]
        if code is None:
            self.entries.append(LogEntry(seat, "end", "", t("ctr.log.end_empty")))
            return delay
        old = self.hand(seat, before)
        rects = self.hand_rects(seat, len(old))
        if self.open_hand(seat) and code in old:
            index = len(old) - 1 - old[::-1].index(code)
        else:
            index = len(old) // 2
        start = rects[index] if rects else self.pile_rect(seat)
        k = event["aux"] - 1
        rows = self.view_dict["aux"][seat]
        rects_after = self.aux_rects(seat, rows)
        i = len(rows[k]) - 1
        end = rects_after[k][i] if k < len(rects_after) else self.aux_slot(seat, k)
        tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.app.audio.play("play"))
        self.flying.append(Flying(code, start, end, tween, ("aux", seat, k, i)))
        self.last_mark = ("aux", seat, k, i)
        text = t("ctr.log.end_new") if event.get("new") else t("ctr.log.end", k=k + 1)
        self.entries.append(LogEntry(seat, "end", code, text))
        return delay + anim.SLIDE

    def _animate_reshuffle(self, event: dict, delay: float) -> float:
        count = int(event.get("cards", 0))
        shown = min(8, count)
        for i in range(shown):
            tween = self.animator.add(anim.SLIDE, anim.ease_in_out_cubic,
                                      delay=delay + i * 0.05)
            self.flying.append(Flying("??", self.layout.discard_pile, self.layout.draw_pile,
                                      tween, None, hold=True, dest="draw"))
        self.animator.add(0.0, delay=delay, on_done=lambda: self.app.audio.play("shuffle"))
        self.banner = (t("ctr.reshuffle", n=count), 2.2)
        self.entries.append(LogEntry(None, "reshuffle", text=t("ctr.log.reshuffle", n=count)))
        return delay + shown * 0.05 + anim.SLIDE

    def _animate_draw(self, event: dict, delay: float) -> float:
        seat, cards = event["seat"], list(event["cards"])
        hand = self.hand(seat)
        rects = self.hand_rects(seat, len(hand))
        taken: set[int] = set()
        open_ = self.open_hand(seat)
        for n, code in enumerate(cards):
            index = None
            if open_ and code != "??":
                for i in range(len(hand) - 1, -1, -1):
                    if hand[i] == code and i not in taken:
                        index = i
                        break
            if index is None:
                free = [i for i in range(len(hand) - 1, -1, -1) if i not in taken]
                index = free[0] if free else len(hand) - 1
            taken.add(index)
            end = rects[index] if 0 <= index < len(rects) else self.layout.draw_pile
            shown = code if open_ and seat == self.bottom else "??"
            tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay + n * 0.07)
            hide = ("hand", seat, index)
            self.flying.append(Flying(shown, self.layout.draw_pile, end, tween, hide,
                                      back=shown != "??"))
        if cards:
            self.animator.add(0.0, delay=delay, on_done=lambda: self.app.audio.play("draw"))
        self.entries.append(LogEntry(seat, "draw", "", t("ctr.log.draw", n=len(cards))))
        return delay + len(cards) * 0.07 + anim.SLIDE

    def _animate_win(self, event: dict, delay: float) -> float:
        seat = event["seat"]
        rect = self.pile_rect(seat)
        colours = [number_colour(v) for v in range(1, 11)]

        def burst() -> None:
            self.particles.burst(rect.center, colours, count=40, speed=300 * self.layout.u)

        self.animator.add(0.0, delay=delay, on_done=burst)
        self.banner = (t("ctr.winner_pile", name=self.seat_name(seat)), 3.0)
        self.entries.append(LogEntry(seat, "win", "", t("ctr.log.win")))
        return delay

