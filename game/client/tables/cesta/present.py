"""The engine's events on the Cesta table → animations, sounds, banners and log lines.

The client animates events and never diffs states: a ``play`` flies a card from the hand
to its place, a ``draw`` from a deck to the hand (flipping face up for its owner), a
``claim`` slides the stone toward the winner with a burst and says why, a ``pass`` shows
a banner. Events are the engine's typed values (``game.rules.cesta.events``), matched
by class; other kinds (``game_over``) show nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.client.i18n import t
from game.client.tables.cesta.cards import BACKS, is_action, is_event
from game.client.tables.cesta.describe import claim_detail
from game.client.tables.cesta.layout import CestaLayout
from game.client.tables.cesta.model import CestaLogEntry, Flying, Perspective, Stage
from game.client.tables.cesta.paint import SEAT_COLOURS
from game.client.tables.common.banner import Banner
from game.client.ui import anim, theme
from game.client.ui.audio import Audio
from game.rules.cesta.events import ClaimByComparison, ClaimByProof, Drew, Passed, Played
from game.rules.events import Event

Hands = dict[int, list[str]]  # per seat, in display order


class Presenter:
    """Turns one applied move's events into what the table's ``Stage`` shows."""

    def __init__(self, layout: CestaLayout, stage: Stage, animator: anim.Animator,
                 particles: anim.Particles, audio: Audio,
                 seat_name: Callable[[int], str]) -> None:
        self.layout = layout
        self.stage = stage
        self.animator = animator
        self.particles = particles
        self.audio = audio
        self.seat_name = seat_name

    def deal(self, eyes: Perspective, hands: Hands) -> None:
        """The opening deal: each hand's cards fly in from the event deck, alternating."""
        layout = self.layout
        delay = 0.0
        for index in range(max(len(h) for h in hands.values())):
            for seat in (eyes.top, eyes.bottom):
                hand = hands[seat]
                if index >= len(hand):
                    continue
                code = hand[index]
                slots = layout.hand_slots(len(hand), seat == eyes.bottom)
                shown = code if eyes.open_hand(seat) else "??"
                key = ("h", seat, code if shown == code and code not in BACKS else index)
                tween = self.animator.add(anim.SLIDE, anim.ease_out_cubic, delay=delay)
                self.stage.flying.append(Flying(shown, layout.event_deck, slots[index], tween,
                                                key, "??" if shown != "??" else None))
                delay += 0.07

    def present(self, events: Sequence[Event], eyes: Perspective, state: dict[str, Any],
                before: Hands, after: Hands) -> None:
        """Animate one move: ``state`` is the view after it, ``before``/``after`` the hands
        (display order) around it. A draw seen by the other seat carries "??" / "?A"."""
        delay = 0.0
        for event in events:
            match event:
                case Played(seat=seat, card=card, milestone=milestone):
                    delay = self._play(seat, card, milestone - 1, eyes, state, before, delay)
                case Drew(seat=seat, deck=deck, card=card):
                    delay = self._draw(seat, deck, card, eyes, after, delay)
                case ClaimByComparison():
                    detail = claim_detail(event.how, event.claimant, event.opponent, None,
                                          event.decided_by, event.time)
                    delay = self._claim(event.seat, event.milestone - 1, event.how, detail,
                                        eyes, delay)
                case ClaimByProof():
                    detail = claim_detail(event.how, event.claimant, None,
                                          event.opponent_best, None, event.time)
                    delay = self._claim(event.seat, event.milestone - 1, event.how, detail,
                                        eyes, delay)
                case Passed(seat=seat):
                    self.stage.entries.append(CestaLogEntry(seat, "pass"))
                    self.stage.banner = Banner(t("{name} cannot play a card and passes",
                                                 name=self.seat_name(seat)), 1.6)
                    self.animator.add(0.5)

    def _play(self, seat: int, code: str, m: int, eyes: Perspective, state: dict[str, Any],
              before: Hands, delay: float) -> float:
        layout = self.layout
        bottom = seat == eyes.bottom
        side = state["milestones"][m]["sides"][seat]
        kind = "ev" if is_event(code) else "ac"
        cards = side["events"] if kind == "ev" else side["actions"]
        index = len(cards) - 1 - cards[::-1].index(code) if code in cards else len(cards) - 1
        end = (layout.event_slot(m, bottom, index) if kind == "ev"
               else layout.action_slot(m, bottom, index))
        old = before.get(seat, [])
        slots = layout.hand_slots(len(old), bottom)
        back = None
        if code in old:
            start = slots[old.index(code)]
        else:  # a hidden hand: the card leaves from one of its backs, flipping on the way
            unknown = "?A" if is_action(code) else "??"
            pos = old.index(unknown) if unknown in old else len(old) // 2
            start = slots[pos] if slots else end
            back = unknown
        self.stage.last_play = (m, seat, kind, index)
        self.stage.last_plays[seat] = (m, seat, kind, index)
        self.stage.entries.append(CestaLogEntry(seat, "play", code, m + 1))
        duration = anim.SLIDE * (1.0 if eyes.viewer == seat else 1.5)
        tween = self.animator.add(duration, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: self.audio.play("play"))
        self.stage.flying.append(Flying(code, start, end, tween, ("m", m, seat, kind, index),
                                        back))
        return delay + duration * 0.8

    def _draw(self, seat: int, deck: str, code: str, eyes: Perspective, after: Hands,
              delay: float) -> float:
        layout = self.layout
        hand = after[seat]
        index = len(hand) - 1
        if code in hand:
            index = len(hand) - 1 - hand[::-1].index(code)
        slots = layout.hand_slots(len(hand), seat == eyes.bottom)
        end = slots[index] if slots else layout.event_deck
        start = layout.event_deck if deck == "event" else layout.action_deck
        back = "??" if deck == "event" else "?A"
        shown = code if eyes.open_hand(seat) else back
        self.stage.entries.append(CestaLogEntry(seat, "draw", deck=deck))
        tween = self.animator.add(anim.SLIDE + anim.FLIP, anim.ease_out_cubic, delay=delay,
                                  on_done=lambda: None)
        self.audio.play("draw")
        known = (is_event(code) or is_action(code)) and shown == code
        key = ("h", seat, code if known else index)
        self.stage.flying.append(Flying(shown, start, end, tween, key,
                                        back if shown != back else None))
        return delay + anim.SLIDE

    def _claim(self, seat: int, m: int, how: str | None, detail: str, eyes: Perspective,
               delay: float) -> float:
        layout = self.layout
        name = self.seat_name(seat)
        if how == "comparison":
            text = t("{name} wins milestone {m}: the stronger set", name=name, m=m + 1)
        elif how == "proof":
            text = t("{name} wins milestone {m}: nothing left can beat this set", name=name,
                     m=m + 1)
        else:
            text = t("{name} wins milestone {m}", name=name, m=m + 1)
        self.stage.entries.append(CestaLogEntry(seat, "claim", milestone=m + 1, note=detail))
        direction = 1 if seat == eyes.bottom else -1
        distance = layout.stone_size[1] * 0.9 * direction

        def arrive() -> None:
            rect = layout.stone_rect(m, distance)
            colours = [SEAT_COLOURS[eyes.colour(seat)], theme.WHITE, theme.GOLD]
            self.particles.burst(rect.center, colours, count=28, speed=260 * layout.u)
            self.audio.play("claim")

        tween = self.animator.add(anim.CLAIM, anim.ease_out_back, delay=delay, on_done=arrive)
        tween.data["distance"] = distance
        self.stage.stone_moving[m] = tween
        self.stage.banner = Banner(f"{text}\n{detail}" if detail else text, 3.0)
        self.animator.add(anim.CLAIM + 0.9, delay=delay)  # time to read the explanation
        return delay + anim.CLAIM

