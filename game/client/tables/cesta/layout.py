"""Where everything sits on the Cesta table, relative to the window (1280×720 reference).

The viewer's side is at the bottom; the other seat at the top. Milestone columns share the
centre; the log and the name plates are on the left, the decks and tools on the right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.ui import theme


@dataclass
class CestaLayout:
    size: tuple[int, int]
    milestones: int

    def __post_init__(self) -> None:
        w, h = self.size
        u = self.u = theme.unit(self.size)
        self.left = pygame.Rect(int(10 * u), int(100 * u), int(220 * u), int(520 * u))
        self.top_plate = pygame.Rect(int(10 * u), int(10 * u), int(220 * u), int(80 * u))
        self.bottom_plate = pygame.Rect(int(10 * u), h - int(92 * u), int(220 * u),
                                        int(82 * u))
        self.right = pygame.Rect(w - int(170 * u), int(10 * u), int(160 * u), h - int(20 * u))
        self.centre = pygame.Rect(int(240 * u), 0, w - int(420 * u), h)
        self.col_w = self.centre.width / self.milestones
        self.card = (int(min(64 * u, self.col_w * 0.42)),)
        cw = self.card[0]
        self.card_size = (cw, int(cw * 1.4))
        self.action_size = (int(cw * 0.78), int(cw * 0.78 * 1.4))
        sw = int(min(88 * u, self.col_w * 0.62))
        self.stone_size = (sw, int(sw * 0.78))
        self.stone_y = int(360 * u)
        self.step = int(self.card_size[1] * 0.33)
        self.badge_h = int(22 * u)
        self.hand_card = (int(80 * u), int(112 * u))
        self.hand_small = (int(52 * u), int(73 * u))
        self.deck_size = (int(76 * u), int(106 * u))
        self.event_deck = pygame.Rect(0, 0, *self.deck_size)
        # the decks sit high enough that the draw prompt under them clears the Hint button,
        # and a little left of the middle: their counts stand beside them
        deck_x = self.right.centerx - int(8 * u)
        self.event_deck.center = (deck_x, int(168 * u))
        self.action_deck = pygame.Rect(0, 0, *self.deck_size)
        self.action_deck.center = (deck_x, int(315 * u))
        bw, bh = int(146 * u), int(42 * u)
        self.sort_button = pygame.Rect(self.right.centerx - bw // 2, int(500 * u), bw, bh)
        self.tracker_button = pygame.Rect(self.right.centerx - bw // 2, int(552 * u), bw, bh)
        self.log_button = pygame.Rect(int(10 * u), int(100 * u), int(42 * u), int(42 * u))
        # Undo: the felt's top right corner, right of the other hand (the right panel's top
        # holds the game's name)
        self.undo_button = pygame.Rect(self.centre.right - int(160 * u), int(14 * u),
                                       int(150 * u), int(42 * u))
        self.tracker_panel = self.centre.inflate(-int(20 * u), -int(200 * u))

    def column_x(self, m: int) -> int:
        """Centre x of milestone ``m`` (0-based)."""
        return int(self.centre.x + self.col_w * (m + 0.5))

    def column_rect(self, m: int, bottom: bool) -> pygame.Rect:
        """The clickable/droppable area of one side of a milestone."""
        x = int(self.centre.x + self.col_w * m)
        if bottom:
            return pygame.Rect(x, self.stone_y - self.stone_size[1] // 2, int(self.col_w),
                               int(250 * self.u))
        top = self.stone_y + self.stone_size[1] // 2
        return pygame.Rect(x, top - int(250 * self.u), int(self.col_w), int(250 * self.u))

    def stone_rect(self, m: int, offset: float = 0.0) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.stone_size)
        rect.center = (self.column_x(m), int(self.stone_y + offset))
        return rect

    def badge_rect(self, m: int, bottom: bool) -> pygame.Rect:
        w = int(min(self.col_w - 8 * self.u, 150 * self.u))
        rect = pygame.Rect(0, 0, w, self.badge_h)
        half = self.stone_size[1] // 2
        if bottom:
            rect.midtop = (self.column_x(m), self.stone_y + half + int(3 * self.u))
        else:
            rect.midbottom = (self.column_x(m), self.stone_y - half - int(3 * self.u))
        return rect

    def event_slot(self, m: int, bottom: bool, index: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.card_size)
        badge = self.badge_rect(m, bottom)
        if bottom:
            rect.midtop = (self.column_x(m), badge.bottom + int(4 * self.u) + index * self.step)
        else:
            rect.midbottom = (self.column_x(m), badge.top - int(4 * self.u) - index * self.step)
        return rect

    def action_slot(self, m: int, bottom: bool, index: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.action_size)
        first = self.event_slot(m, bottom, 0)
        x = first.centerx + int(self.card_size[0] * 0.55)
        offset = int(self.card_size[1] * 0.1) + index * int(self.action_size[1] * 0.3)
        if bottom:
            rect.midtop = (x, first.top + offset)
        else:
            rect.midbottom = (x, first.bottom - offset)
        return rect

    def hand_slots(self, count: int, bottom: bool) -> list[pygame.Rect]:
        size = self.hand_card if bottom else self.hand_small
        if count <= 0:
            return []
        gap = int(10 * self.u) if bottom else -int(12 * self.u)
        span = self.centre.width - int(40 * self.u)
        step = min(size[0] + gap, (span - size[0]) / max(1, count - 1)) if count > 1 else 0
        total = size[0] + step * (count - 1)
        x0 = self.centre.centerx - total / 2
        y = self.size[1] - size[1] - int(10 * self.u) if bottom else int(10 * self.u)
        return [pygame.Rect(int(x0 + i * step), y, *size) for i in range(count)]
