"""How the Cut the Rope table shows one applied move, event by event.

Every engine event becomes motion from where a card was to where it goes (a build slides
onto its row, a completed row flies card by card onto the discard pile, a reshuffle sends
backs from the discard to the draw pile, drawn cards fly into the hand) and a log line.
Positions of the *before* state come from the view that was on screen before the move.
The presenter writes into the scene's ``Motion`` and ``HudState``; it never reads the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client.i18n import nt, t
from game.client.tables.common import plates
from game.client.tables.common.banner import Banner
from game.client.tables.cut_the_rope import describe
from game.client.tables.cut_the_rope.art import number_colour
from game.client.tables.cut_the_rope.layout import CutLayout
from game.client.tables.cut_the_rope.model import (
    Board,
    CutLogEntry,
    Flying,
    HudState,
    Motion,
    SeatPlate,
)
from game.client.ui import anim
from game.rules.cut_the_rope.events import (
    Built,
    Drew,
    GameOver,
    NextTurn,
    PileRevealed,
    Reshuffled,
    RowCompleted,
    RowStarted,
    TurnEnded,
)
from game.rules.events import Event

Sound = Callable[[str], None]
CANDY_COLOURS = [number_colour(v) for v in range(1, 11)]


class EventPresenter:
    """Turns the events of one move into flights, flips, bursts, banners and log lines."""

    def __init__(self, motion: Motion, hud: HudState, animator: anim.Animator,
                 particles: anim.Particles, layout: CutLayout, sound: Sound,
                 plates: Callable[[], list[SeatPlate]]) -> None:
        self.motion = motion
        self.hud = hud
        self.animator = animator
        self.particles = particles
        self.layout = layout
        self.sound = sound
        self.plates = plates

    def log(self, seat: int | None, kind: str, card: str = "", text: str = "") -> None:
        self.hud.entries.append(CutLogEntry(seat, kind, card, text))

    # --- the opening deal ---------------------------------------------------------------------
    def deal(self, board: Board) -> None:
        """Hands fly round the table from the draw pile, then the piles flip."""
        if not board.state:
            return
        hands = board.state["hands"]
        players, bottom = board.players, board.bottom
        order = [(bottom + k) % players for k in range(1, players + 1)]
        n = 0
        for i in range(max((len(h) for h in hands), default=0)):
            for seat in order:
                if i >= len(hands[seat]):
                    continue
                rects = board.geometry.hand_rects(seat, len(hands[seat]))
                code = hands[seat][i] if seat == bottom and board.open_hand(seat) else "??"
                tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=n * 0.025)
                self.motion.flying.append(Flying(code, self.layout.draw_pile, rects[i], tween,
                                                 ("hand", seat, i), back=code != "??"))
                n += 1
        for seat in range(players):
            self.motion.flips[("pile", seat)] = self.animator.add(anim.FLIP, delay=n * 0.025)

    # --- one move -----------------------------------------------------------------------------
    def present(self, events: list[Event], before: dict[str, Any], board: Board) -> None:
        """Animate ``events``; ``before`` is the view shown before the move, ``board`` after."""
        if not before or not board.state:
            self.log_quietly(events)   # nobody owns the screen yet: no motion, only the log
            return
        delay = 0.0
        pending_start: RowStarted | None = None
        for event in events:
            match event:
                case RowStarted():
                    pending_start = event
                case Built():
                    delay = self._build(event, before, board, delay, pending_start)
                    pending_start = None
                case RowCompleted():
                    delay = self._completed(event, delay)
                case PileRevealed(seat=seat):
                    self.motion.flips[("pile", seat)] = self.animator.add(anim.FLIP, delay=0.08)
                case TurnEnded():
                    delay = self._end(event, before, board, delay)
                case Reshuffled():
                    delay = self._reshuffle(event, delay)
                case Drew():
                    delay = self._draw(event, board, delay)
                case GameOver() if describe.is_win(event):
                    self._win(event, board, delay)
                case GameOver() if describe.is_stalemate(event):
                    self.log(None, "stalemate", text=stalemate_words())
                    self.hud.banner = Banner(stalemate_words(), 2.5)
                case NextTurn(seat=seat):
                    plate = self.plates()[seat]
                    if plate.is_ai:
                        self.hud.banner = Banner(t("{name}'s turn", name=plate.name), 1.2)
                    else:
                        people = sum(not p.is_ai for p in self.plates())
                        self.hud.banner = Banner(plates.your_turn(plate.name, people), 1.4)

    def log_quietly(self, events: list[Event]) -> None:
        """The log lines of a move that is not animated (made while the screen is hidden)."""
        started: RowStarted | None = None
        for event in events:
            match event:
                case RowStarted():
                    started = event
                case Built():
                    self.log(event.seat, "build", event.card,
                             describe.build_line(event, started))
                    started = None
                case RowCompleted():
                    self.log(None, "done", text=describe.done_line(event))
                case TurnEnded():
                    self.log(event.seat, "end", event.card or "", describe.end_line(event))
                case Drew():
                    self.log(event.seat, "draw", "", describe.draw_line(event))
                case Reshuffled():
                    self.log(None, "reshuffle", text=describe.reshuffle_line(event))
                case GameOver() if describe.is_win(event):
                    self.log(describe.winner_of(event), "win", "", win_line())
                case GameOver() if describe.is_stalemate(event):
                    self.log(None, "stalemate", text=stalemate_words())

    # --- the events ---------------------------------------------------------------------------
    def _hand_start(self, board: Board, seat: int, code: str, before: dict[str, Any]) -> Any:
        """Where a card leaving ``seat``'s hand starts: its own place when it is known."""
        old = list(before["hands"][seat])
        rects = board.geometry.hand_rects(seat, len(old))
        if board.open_hand(seat) and code in old:
            index = len(old) - 1 - old[::-1].index(code)
        else:
            index = len(old) // 2
        return rects[index] if rects else board.geometry.pile_rect(seat)

    def _build(self, event: Built, before: dict[str, Any], board: Board, delay: float,
               started: RowStarted | None) -> float:
        seat, code = event.seat, event.card
        slot = event.row - 1
        source = event.source
        geometry = board.geometry
        if source == "pile":
            start = geometry.pile_rect(seat)
        elif source == "hand":
            start = self._hand_start(board, seat, code, before)
        else:
            k = describe.built_aux(event) - 1
            rects = geometry.aux_rects(seat, before["aux"][seat])
            start = rects[k][-1] if k < len(rects) and rects[k] else geometry.aux_slot(seat, k)
        row = board.state["rows"][slot]
        index = len(row["cards"]) - 1 if row is not None else board.row_length - 1
        end = self.layout.row_card(slot, index)
        duration = anim.SLIDE * (1.0 if seat == board.bottom else 1.25) * \
            (0.75 if self.motion.chain else 1.0)
        tween = self.animator.add(duration, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.sound("play"))
        self.motion.flying.append(Flying(code, start, end, tween, ("row", slot, index)))
        self.motion.marks.touch(seat, ("row", slot, index))
        self.log(seat, "build", code, describe.build_line(event, started))
        return delay + duration

    def _completed(self, event: RowCompleted, delay: float) -> float:
        slot = event.row - 1
        cards = list(event.cards)
        layout, motion = self.layout, self.motion
        pile = layout.discard_pile
        last = None
        # the row zips up from its first card; the card just built (the last one) is shown
        # by its own flight until it lands, and leaves last, so it lies on top as in the rules
        for i in range(len(cards)):
            wait = delay + 0.12 + i * 0.05
            tween = self.animator.add(anim.SLIDE * 1.3, anim.ease_in_out_cubic, delay=wait)
            flying = Flying(cards[i], layout.row_card(slot, i), pile, tween, None,
                            hold=True, dest="discard")
            if i == len(cards) - 1:
                flying.hold_from = self.animator.scaled(delay)
            motion.flying.append(flying)
            last = tween
        if last is not None:
            motion.clearing[slot] = last

        def burst() -> None:
            rect = layout.row_rect(slot)
            self.particles.burst((layout.row_end(slot)[0] - int(20 * layout.u), rect.centery),
                                 CANDY_COLOURS, count=30, speed=240 * layout.u)
            self.sound("row")

        self.animator.add(0.0, delay=delay + 0.05, on_done=burst)

        def munch() -> None:
            colours = [(120, 200, 90), (236, 90, 150), (255, 255, 255)]
            self.particles.burst(layout.monster.center, colours, count=16,
                                 speed=160 * layout.u, size=4 * layout.u)

        # the rope is cut: the candy at its end drops to the monster by the discard pile
        motion.candy_drops[slot] = self.animator.add(0.7, anim.linear, delay=delay + 0.05,
                                                     on_done=munch)
        self.hud.banner = Banner(t("Row {k} is complete — onto the discard pile!", k=slot + 1),
                                 1.8)
        self.log(None, "done", text=describe.done_line(event))
        # the row's cards are on the discard pile now: the marks go with them, and the one
        # who completed it (the last builder) is marked on the pile
        motion.marks.drop(lambda place: place[:2] == ("row", slot))
        motion.marks.drop(lambda place: place == ("discard",))
        motion.marks.touch(motion.marks.actor, ("discard",))
        return delay + 0.12 + len(cards) * 0.05 + anim.SLIDE

    def _end(self, event: TurnEnded, before: dict[str, Any], board: Board,
             delay: float) -> float:
        seat, code, aux = event.seat, event.card, event.aux
        self.motion.marks.act(seat)
        if code is None or aux is None:     # an empty hand: no card goes to an aux row
            self.log(seat, "end", "", describe.end_line(event))
            return delay
        geometry = board.geometry
        start = self._hand_start(board, seat, code, before)
        k = aux - 1
        rows = board.state["aux"][seat]
        rects_after = geometry.aux_rects(seat, rows)
        i = len(rows[k]) - 1
        end = rects_after[k][i] if k < len(rects_after) else geometry.aux_slot(seat, k)
        tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.sound("play"))
        self.motion.flying.append(Flying(code, start, end, tween, ("aux", seat, k, i)))
        self.motion.marks.touch(seat, ("aux", seat, k, i))
        self.log(seat, "end", code, describe.end_line(event))
        return delay + anim.SLIDE

    def _reshuffle(self, event: Reshuffled, delay: float) -> float:
        count = describe.reshuffle_count(event)
        shown = min(8, count)
        layout = self.layout
        for i in range(shown):
            tween = self.animator.add(anim.SLIDE, anim.ease_in_out_cubic,
                                      delay=delay + i * 0.05)
            self.motion.flying.append(Flying("??", layout.discard_pile, layout.draw_pile,
                                             tween, None, hold=True, dest="draw"))
        self.animator.add(0.0, delay=delay, on_done=lambda: self.sound("shuffle"))
        self.hud.banner = Banner(nt("The discard pile is shuffled into a new draw pile "
                                    "({n} card)",
                                    "The discard pile is shuffled into a new draw pile "
                                    "({n} cards)", count), 2.2)
        self.log(None, "reshuffle", text=describe.reshuffle_line(event))
        return delay + shown * 0.05 + anim.SLIDE

    def _draw(self, event: Drew, board: Board, delay: float) -> float:
        # another seat's draw, as its view shows it, has "??" for every card
        seat, cards = event.seat, list(event.cards)
        hand = board.hand(seat)
        rects = board.geometry.hand_rects(seat, len(hand))
        taken: set[int] = set()
        open_ = board.open_hand(seat)
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
            shown = code if open_ and seat == board.bottom else "??"
            tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay + n * 0.07)
            self.motion.flying.append(Flying(shown, self.layout.draw_pile, end, tween,
                                             ("hand", seat, index), back=shown != "??"))
        if cards:
            self.animator.add(0.0, delay=delay, on_done=lambda: self.sound("draw"))
        self.log(seat, "draw", "", describe.draw_line(event))
        return delay + len(cards) * 0.07 + anim.SLIDE

    def _win(self, event: GameOver, board: Board, delay: float) -> float:
        seat = describe.winner_of(event)
        if seat is None:
            return delay
        rect = board.geometry.pile_rect(seat)
        speed = 300 * self.layout.u

        def burst() -> None:
            self.particles.burst(rect.center, CANDY_COLOURS, count=40, speed=speed)

        self.animator.add(0.0, delay=delay, on_done=burst)
        self.hud.banner = Banner(t("{name} wins: the personal pile is empty!",
                                   name=self.plates()[seat].name), 3.0)
        self.log(seat, "win", "", win_line())
        return delay


def win_line() -> str:
    """The log's words after the winner's name."""
    return t("empties the personal pile and wins!")


def stalemate_words() -> str:
    return t("A whole round without a card on a main row: the game is over.")
