"""Where everything sits on the Královská cesta table, relative to the window.

The track is a sideways U (START bottom left, along the bottom to JAIL at the first corner,
up the right side, back along the top to GOAL) when its proportions allow it, otherwise a
snake of rows. Seat plates and the log are on the left; the die tray and the secret-card
drawer on the right; the open middle of the U holds the prompts and banners.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.client.ui import theme

COLOURS = "rygbk"
SIZES = "SML"
SPECIAL_CARDS = ("START", "JAIL", "TRAPDOOR", "GOAL")   # the cards that hold any number


def is_u_shape(n: int, jail: int) -> bool:
    """Whether the track is laid as a sideways U (JAIL on the first corner)."""
    leg = jail + 1
    return 1 <= n - 2 * leg <= 5 and 3 <= leg <= 10


def track_cells(n: int, jail: int, aspect: float = 1.12) -> list[tuple[int, int]]:
    """Grid cell (column, row counted from the bottom) of each track position.

    ``aspect`` is the track area's width / height; the snake picks the row length that
    gives the biggest cards, preferring one that puts JAIL on its first corner."""
    leg = jail + 1
    rise = n - 2 * leg
    if is_u_shape(n, jail):
        cells = [(i, 0) for i in range(leg)]                    # bottom, left to right
        cells += [(leg - 1, 1 + i) for i in range(rise)]       # up the right side
        cells += [(leg - 1 - i, rise + 1) for i in range(leg)]  # top, right to left
        return cells

    def card_height(length: int) -> float:
        rows = -(-n // length)
        return min(1 / rows * 0.93, aspect / length * 0.86 * 1.4)

    lengths = [length for length in range(3, n + 1) if -(-n // length) <= 7]
    best = max(lengths, key=card_height)
    length = leg if leg in lengths and card_height(leg) >= 0.85 * card_height(best) else best
    cells = []
    for i in range(n):
        row, col = divmod(i, length)
        cells.append((col if row % 2 == 0 else length - 1 - col, row))
    return cells


@dataclass
class RoyalLayout:
    size: tuple[int, int]
    n: int
    jail: int

    def __post_init__(self) -> None:
        w, h = self.size
        u = self.u = theme.unit(self.size)
        self.left = pygame.Rect(int(10 * u), int(10 * u), int(226 * u), h - int(20 * u))
        self.right = pygame.Rect(w - int(226 * u), int(10 * u), int(216 * u), h - int(20 * u))
        self.area = pygame.Rect(self.left.right + int(14 * u), int(8 * u),
                                self.right.x - self.left.right - int(28 * u), h - int(16 * u))
        cells = self.cells = track_cells(self.n, self.jail,
                                         self.area.width / max(1, self.area.height))
        if not is_u_shape(self.n, self.jail):
            # a snake fills the table: keep a strip at the top free for the prompts
            strip = int(56 * u)
            self.area = pygame.Rect(self.area.x, self.area.y + strip, self.area.width,
                                    self.area.height - strip)
        self.cols = max(c for c, _ in cells) + 1
        self.rows = max(r for _, r in cells) + 1
        self.cell_w = self.area.width / self.cols
        self.cell_h = self.area.height / self.rows
        card_h = min(self.cell_h * 0.93, self.cell_w * 0.86 * 1.4)
        self.card_size = (int(card_h / 1.4), int(card_h))
        self.card_rects = [self.cell_rect(c, r) for c, r in cells]
        cw = self.card_size[0]
        self.box = max(8, int(cw * 0.46))         # pyramid box on ordinary cards
        self.small_box = max(6, int(cw * 0.4))    # on START/JAIL/TRAPDOOR/GOAL (up to 15)
        # the open middle: between the bottom and top rows, left of the right leg
        self.is_u = is_u_shape(self.n, self.jail)
        if self.is_u:
            top = self.cell_y(self.rows - 1) + int(self.cell_h)
            bottom = self.cell_y(0)
            right = self.area.x + int(self.cell_w * (self.cols - 1))
            self.middle = pygame.Rect(self.area.x + int(10 * u), top + int(6 * u),
                                      right - self.area.x - int(20 * u),
                                      bottom - top - int(12 * u))
        else:
            self.middle = pygame.Rect(self.area.x, int(2 * u), self.area.width,
                                      self.area.bottom - int(2 * u))
        # right panel: die tray, buttons, drawer
        r = self.right
        self.tray = pygame.Rect(r.x, r.y, r.width, int(250 * u))
        self.die_size = int(80 * u)
        self.die_rect = pygame.Rect(0, 0, self.die_size, self.die_size)
        self.die_rect.center = (r.centerx, r.y + int(94 * u))
        bw, bh = r.width - int(28 * u), int(40 * u)
        x = r.x + int(14 * u)
        self.roll_button = pygame.Rect(x, r.y + int(166 * u), bw, bh)
        self.reuse_button = pygame.Rect(x, r.y + int(212 * u), bw, bh)
        self.report_button = pygame.Rect(x, r.y + int(258 * u), bw, bh)
        self.undo_button = pygame.Rect(x, r.y + int(304 * u), bw, bh)
        self.noswap_button = pygame.Rect(x, r.y + int(166 * u), bw, bh)
        self.drawer = pygame.Rect(r.x, r.y + int(356 * u), r.width, r.bottom - r.y
                                  - int(356 * u))
        self.drawer_tab = pygame.Rect(r.x, self.drawer.y, r.width, int(38 * u))
        kw = int((r.width - int(36 * u)) / 2)
        self.secret_size = (kw, int(kw * 1.4))
        # left panel: seat plates then the log
        self.plate_h = int(64 * u)
        self.log_rect = pygame.Rect(self.left.x, self.left.y + 5 * (self.plate_h + int(6 * u))
                                    + int(6 * u), self.left.width, 0)
        self.log_rect.height = self.left.bottom - self.log_rect.y

    # --- the track ----------------------------------------------------------------------
    def cell_y(self, row: int) -> int:
        return int(self.area.bottom - (row + 1) * self.cell_h)

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.card_size)
        rect.center = (int(self.area.x + (col + 0.5) * self.cell_w),
                       int(self.cell_y(row) + self.cell_h / 2))
        return rect

    def spread_area(self, q: int) -> pygame.Rect:
        """Where the pyramids on special card ``q`` (START, JAIL, TRAPDOOR, GOAL) stand: the
        card below its name, widened to its whole cell, so fifteen on START are each big
        enough to see and pick; clear of the number tag under the card."""
        card = self.card_rects[q]
        u = self.u
        width = int(self.cell_w - 6 * u)
        top = card.y + int(card.height * 0.22)
        bottom = card.bottom - int(8 * u)
        return pygame.Rect(card.centerx - width // 2, top, width, bottom - top)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for q, rect in enumerate(self.card_rects):
            if rect.inflate(int(8 * self.u), int(8 * self.u)).collidepoint(pos):
                return q
        return None

    def plate(self, seat: int, players: int) -> pygame.Rect:
        return pygame.Rect(self.left.x, self.left.y + seat * (self.plate_h + int(6 * self.u)),
                           self.left.width, self.plate_h)

    def secret_rect(self, index: int, count: int) -> pygame.Rect:
        """Kept card ``index`` of ``count`` in the open drawer (smaller when more are kept)."""
        w, h = self.secret_size
        gap = int(10 * self.u)
        if count > 2:
            w = int((self.drawer.width - int(20 * self.u) - (count - 1) * gap) / count)
            h = int(w * 1.4)
        total = count * w + (count - 1) * gap
        x0 = self.drawer.centerx - total // 2
        return pygame.Rect(x0 + index * (w + gap), self.drawer_tab.bottom + int(12 * self.u),
                           w, h)


def base_point(card: pygame.Rect | pygame.FRect, special: bool, code: str
               ) -> tuple[float, float]:
    """Where pyramid ``code`` stands on an ordinary card: the midpoint of its base.

    Ordinary cards hold one pyramid per size: small in front at the left, large at the back
    at the right. (The four special cards hold any number: ``special_spot``.)
    """
    colour, size = COLOURS.index(code[0]), SIZES.index(code[1])
    w, h = card.width, card.height
    if not special:   # side by side, clear of each other (a box is 0.46 of the card)
        fx = (0.15, 0.42, 0.76)[size]
        fy = (0.95, 0.9, 0.84)[size]
    else:  # a fixed slot per colour and size (only for pictures without a count)
        fx = 0.1 + 0.2 * colour
        fy = (0.95, 0.72, 0.49)[size]
    return (card.x + w * fx, card.y + h * fy)


def special_spot(card: pygame.Rect | pygame.FRect, here: Sequence[str], code: str,
                 largest: int) -> tuple[tuple[float, float], int]:
    """Where pyramid ``code`` stands on a START, JAIL, TRAPDOOR or GOAL card holding the
    pyramids ``here`` (``code`` among them), inside the card below its name, and its box
    (``spread_spot`` in the card's free part)."""
    inner = pygame.FRect(card.x + card.width * 0.06, card.y + card.height * 0.26,
                         card.width * 0.88, card.height * 0.7)
    return spread_spot(inner, here, code, largest)


def spread_spot(area: pygame.Rect | pygame.FRect, here: Sequence[str], code: str,
                largest: int) -> tuple[tuple[float, float], int]:
    """Where pyramid ``code`` stands among the pyramids ``here`` spread over ``area``, and
    the box it is drawn in: a grid of as many columns as gives the biggest pyramids, in a
    fixed order (large ones at the back, then by colour), each in a cell of its own that
    it never leaves (a standing pyramid is as tall as its box and under 0.85 of it
    wide), never larger than ``largest`` — one pyramid stands big, fifteen shrink to fit,
    none reaches over the area's edge or onto another."""
    order = sorted(set(here) | {code},
                   key=lambda c: (-SIZES.index(c[1]), COLOURS.index(c[0])))
    count, index = len(order), order.index(code)

    def box_for(cols: int) -> float:
        rows = math.ceil(count / cols)
        return min(area.width / cols * 1.15, area.height / rows, largest)

    cols = max(range(1, count + 1), key=lambda c: (box_for(c), -c))
    rows = math.ceil(count / cols)
    cell_w, cell_h = area.width / cols, area.height / rows
    box = max(4, int(box_for(cols)))
    row, col = divmod(index, cols)
    in_row = min(cols, count - row * cols)      # a short last row is centred
    x = area.x + (cols - in_row) * cell_w / 2 + cell_w * (col + 0.5)
    # a row's pyramids stand on its floor; the grid sits at the bottom of the area
    bottom = area.y + area.height - (rows - 1 - row) * cell_h
    return (x, bottom - box * 0.03), box


def pyramid_spot(layout: RoyalLayout, track: Sequence[str], pyramids: Mapping[str, int],
                 code: str, q: int) -> tuple[tuple[float, float], int]:
    """Where pyramid ``code`` stands on card ``q`` (with the ``pyramids`` positions of a
    state, ``code`` counted there) and its box: the one place every drawing asks."""
    card = layout.card_rects[q]
    if q >= len(track) or track[q] not in SPECIAL_CARDS:
        return base_point(card, False, code), layout.box
    here = [other for other, where in pyramids.items() if where == q]
    return spread_spot(layout.spread_area(q), here, code, layout.box)
