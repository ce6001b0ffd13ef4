"""Mouse and keyboard on the Cesta table → the engine's ``Move`` values and table commands.

``TableInput.handle`` reads one pygame event against the layout, the person's hand (in
display order) and the ``Legal`` index, updates the ``Pointer`` (selection, target, drag)
and returns an ``Intent``: a legal move to make, a command for the table (sort, tracker,
log) and/or a sound. It never applies anything: the scene does, so input is testable
without a match.

Mouse: click a card then a milestone, or drag the card onto it; click a deck to draw.
Keys: 1–9 pick a card, ←/→ the milestone, ↑/↓ the card, Enter/Space play, E/A draw,
S sort, T tracker, L log.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.client.tables.cesta.layout import CestaLayout
from game.client.tables.cesta.model import Drag, Legal, Pointer
from game.client.tables.common.keys import CONFIRM_KEYS, cycle, digit_index, key_step
from game.client.tables.common.pointer import topmost
from game.rules.cesta import Draw, Move

DRAG_THRESHOLD = 6  # pixels: less is a click that selects, more a drag that plays
SORT, TRACKER, LOG, CLOSE_TRACKER = "sort", "tracker", "log", "close_tracker"


@dataclass(frozen=True)
class Intent:
    """What one input event asks of the table."""

    move: Move | None = None       # try this move (legal when it came from ``Legal``)
    command: str | None = None     # SORT | TRACKER | LOG | CLOSE_TRACKER
    sound: str | None = None       # "flip" (a card picked), "error" (a refused target), …


class TableInput:
    def __init__(self, layout: CestaLayout, pointer: Pointer) -> None:
        self.layout = layout
        self.pointer = pointer

    # --- hit tests ---------------------------------------------------------------------
    def hover_index(self, hand_count: int) -> int | None:
        """The bottom hand's card under the mouse (the topmost of overlapping cards)."""
        return topmost(self.layout.hand_slots(hand_count, True), self.pointer.mouse)

    def hand_card_at(self, pos: tuple[int, int], hand_count: int) -> int | None:
        """The hand card under ``pos`` where it is drawn (a lifted card sits higher)."""
        hover = self.hover_index(hand_count)
        slots = self.layout.hand_slots(hand_count, True)
        u = self.layout.u
        return topmost([rect.move(0, -self.pointer.lift(index, hover, u))
                        for index, rect in enumerate(slots)], pos)

    def milestone_at(self, pos: tuple[int, int]) -> int | None:
        for m in range(self.layout.milestones):
            if self.layout.column_rect(m, True).collidepoint(pos):
                return m
        return None

    # --- events ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, hand: list[str], legal: Legal,
               tracker_open: bool) -> Intent | None:
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, hand, legal)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos, hand, legal, tracker_open)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.pointer.drag is not None:
            return self._release(event.pos, hand, legal)
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, hand, legal)
        return None

    def _motion(self, pos: tuple[int, int], hand: list[str], legal: Legal) -> None:
        pointer = self.pointer
        pointer.mouse = pos
        index = pointer.drag.index if pointer.drag is not None else pointer.selected
        if index is not None:
            m = self.milestone_at(pos)
            if m is not None and index < len(hand) and m in legal.targets(hand[index]):
                pointer.target = m  # the pointed milestone: where Enter or a drop plays
        if pointer.drag is not None:
            if math.dist(pos, pointer.drag.start) > DRAG_THRESHOLD:
                pointer.drag.moved = True
            pointer.drag.pos = pos

    def _press(self, pos: tuple[int, int], hand: list[str], legal: Legal,
               tracker_open: bool) -> Intent | None:
        layout, pointer = self.layout, self.pointer
        pointer.mouse = pos
        if layout.sort_button.collidepoint(pos):
            return Intent(command=SORT)
        if layout.tracker_button.collidepoint(pos):
            return Intent(command=TRACKER)
        if layout.log_button.collidepoint(pos):
            return Intent(command=LOG, sound="button")
        if tracker_open and layout.tracker_panel.collidepoint(pos):
            return Intent(command=CLOSE_TRACKER)
        if legal.draws:
            for deck, rect in (("event", layout.event_deck), ("action", layout.action_deck)):
                move = legal.draw(deck)
                if rect.collidepoint(pos) and move is not None:
                    return Intent(move=move)
        index = self.hand_card_at(pos, len(hand))
        if index is not None:
            pointer.drag = Drag(index, pos, pos)
            return None
        m = self.milestone_at(pos)
        if m is not None and pointer.selected is not None:
            return self.play_selected(m, hand, legal)
        pointer.selected = None
        return None

    def _release(self, pos: tuple[int, int], hand: list[str], legal: Legal
                 ) -> Intent | None:
        pointer = self.pointer
        drag, pointer.drag = pointer.drag, None
        assert drag is not None
        if drag.moved:
            m = self.milestone_at(pos)
            pointer.selected = drag.index
            return self.play_selected(m, hand, legal) if m is not None else None
        return self.select(None if pointer.selected == drag.index else drag.index, hand, legal)

    def key(self, key: int, hand: list[str], legal: Legal) -> Intent | None:
        pointer = self.pointer
        if (index := digit_index(key)) is not None:
            if index < len(hand):
                return self.select(None if pointer.selected == index else index, hand, legal)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if pointer.selected is None:
                return self.select(0 if hand else None, hand, legal)
            targets = legal.targets(hand[pointer.selected])
            if targets:
                pointer.target = cycle(targets, pointer.target, key_step(key))
        elif key in (pygame.K_UP, pygame.K_DOWN) and hand:
            step = 1 if key == pygame.K_DOWN else -1
            current = pointer.selected if pointer.selected is not None else -1
            return self.select((current + step) % len(hand), hand, legal)
        elif key in CONFIRM_KEYS:
            if pointer.selected is not None and pointer.target is not None:
                return self.play_selected(pointer.target, hand, legal)
        elif key == pygame.K_e:
            return Intent(move=legal.draw("event") or Draw("event"))
        elif key == pygame.K_a:
            return Intent(move=legal.draw("action") or Draw("action"))
        elif key == pygame.K_s:
            return Intent(command=SORT)
        elif key == pygame.K_t:
            return Intent(command=TRACKER)
        elif key == pygame.K_l:
            return Intent(command=LOG)
        return None

    # --- selection -----------------------------------------------------------------------
    def select(self, index: int | None, hand: list[str], legal: Legal) -> Intent | None:
        """Pick a hand card (or none); its first legal milestone becomes the target."""
        pointer = self.pointer
        pointer.selected = index
        pointer.target = None
        if index is None:
            return None
        targets = legal.targets(hand[index])
        pointer.target = targets[0] if targets else None
        return Intent(sound="flip")

    def play_selected(self, m: int, hand: list[str], legal: Legal) -> Intent | None:
        """Play the selected card to milestone ``m`` (0-based): a legal move, or the error
        sound when that milestone does not take it."""
        selected = self.pointer.selected
        if selected is None or selected >= len(hand):
            return None
        move = legal.play(hand[selected], m)
        return Intent(move=move) if move is not None else Intent(sound="error")
