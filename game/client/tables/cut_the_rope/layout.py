"""Where everything sits on the Cut the Rope table, relative to the window.

At the 1280×720 reference: the other seats share a band across the top (up to five panels,
each with its pile, its auxiliary rows and a face-down hand), the main rows run across the
centre between the move log (left) and the draw/discard piles (right), and the seat at the
screen owns the bottom panel: pile, auxiliary rows, the fanned hand and the turn controls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client.ui import theme


@dataclass
class SeatPanel:
    rect: pygame.Rect
    header: pygame.Rect
    pile: pygame.Rect
    aux_x: list[int]
    aux_y: int
    aux_bottom: int
    card: tuple[int, int]
    hand_at: tuple[int, int]     # where the small face-down hand sits (top-left)
    hand_card: tuple[int, int]


@dataclass
class CutLayout:
    size: tuple[int, int]
    players: int
    main_rows: int
    aux_rows: int
    row_length: int
    hand_size: int

    def __post_init__(self) -> None:
        w, h = self.size
        u = self.u = theme.unit(self.size)
        self.margin = int(8 * u)
        m = self.margin
        # --- top band: the other seats --------------------------------------------------------
        self.top_band = pygame.Rect(m, m, w - 2 * m, int(174 * u))
        # --- bottom panel: the seat at the screen ---------------------------------------------
        self.bottom_panel = pygame.Rect(m, h - m - int(226 * u), w - 2 * m, int(226 * u))
        # --- centre band ----------------------------------------------------------------------
        top = self.top_band.bottom + m
        bottom = self.bottom_panel.top - m
        self.log = pygame.Rect(m, top, int(214 * u), bottom - top)
        self.log_button = pygame.Rect(self.log.x + int(6 * u), self.log.y + int(6 * u),
                                      int(30 * u), int(30 * u))
        self.side = pygame.Rect(w - m - int(212 * u), top, int(212 * u), bottom - top)
        strip = int(26 * u)   # banners (whose turn, a completed row) live above the rows
        self.banner_strip = pygame.Rect(self.log.right + m, top,
                                        self.side.left - m - (self.log.right + m), strip)
        self.rows_area = pygame.Rect(self.log.right + m, top + strip,
                                     self.side.left - m - (self.log.right + m),
                                     bottom - top - strip)
        self._main_rows()
        self._piles()
        self._bottom()

    # --- main rows ---------------------------------------------------------------------------
    def _main_rows(self) -> None:
        u, area = self.u, self.rows_area
        row_h = area.height / max(1, self.main_rows)
        ch = int(min(86 * u, row_h - 6 * u))
        cw = int(ch / 1.4)
        self.row_card_size = (cw, ch)
        self.row_h = row_h
        self.row_label_w = int(58 * u)
        start = area.x + self.row_label_w + int(14 * u)
        right = area.right - int(54 * u)   # room for the candy at the rope's end
        span = right - start - cw
        self.row_step = min(cw * 0.86, span / max(1, self.row_length - 1))
        self.row_start = start

    def row_rect(self, slot: int) -> pygame.Rect:
        """The band of main row ``slot`` (0-based): label, cards and the drop area."""
        area = self.rows_area
        y = int(area.y + self.row_h * slot)
        return pygame.Rect(area.x, y, area.width, int(self.row_h))

    def row_label(self, slot: int) -> pygame.Rect:
        band = self.row_rect(slot)
        rect = pygame.Rect(0, 0, self.row_label_w, int(self.row_card_size[1] * 0.86))
        rect.midleft = (band.x + int(6 * self.u), band.centery)
        return rect

    def row_card(self, slot: int, index: int) -> pygame.Rect:
        band = self.row_rect(slot)
        rect = pygame.Rect(0, 0, *self.row_card_size)
        rect.x = int(self.row_start + index * self.row_step)
        rect.centery = band.centery
        return rect

    def row_end(self, slot: int) -> tuple[int, int]:
        """Where the candy hangs at the end of the rope."""
        band = self.row_rect(slot)
        return (self.rows_area.right - int(28 * self.u), band.centery)

    # --- piles -------------------------------------------------------------------------------
    def _piles(self) -> None:
        u, side = self.u, self.side
        size = (int(68 * u), int(95 * u))
        self.pile_size = size
        gap = int(22 * u)
        x0 = side.centerx - size[0] - gap // 2
        y = side.y + int(34 * u)
        self.draw_pile = pygame.Rect(x0, y, *size)
        self.discard_pile = pygame.Rect(x0 + size[0] + gap, y, *size)
        self.monster = pygame.Rect(0, 0, int(74 * u), int(74 * u))
        self.monster.midbottom = (self.discard_pile.centerx + int(10 * u),
                                  side.bottom - int(4 * u))
        self.turn_box = pygame.Rect(side.x + int(8 * u), self.draw_pile.bottom + int(30 * u),
                                    side.width - int(16 * u) - self.monster.width // 2,
                                    int(44 * u))

    # --- the other seats ---------------------------------------------------------------------
    def seat_panels(self, count: int) -> list[SeatPanel]:
        """Panels for ``count`` other seats across the top band, left to right."""
        if count <= 0:
            return []
        u, band = self.u, self.top_band
        gap = int(8 * u)
        pw = min(int(460 * u), (band.width - (count - 1) * gap) // count)
        total = pw * count + gap * (count - 1)
        x0 = band.centerx - total // 2
        aux = max(1, self.aux_rows)
        inner = pw - int(30 * u) - int(6 * u) * aux
        cw = int(min(58 * u, inner / (aux + 1.35)))
        header_h = int(26 * u)
        ch = int(cw * 1.4)
        available = band.height - header_h - int(14 * u)
        if ch > available * 0.72:
            ch = int(available * 0.72)
            cw = int(ch / 1.4)
        panels = []
        for i in range(count):
            rect = pygame.Rect(x0 + i * (pw + gap), band.y, pw, band.height)
            header = pygame.Rect(rect.x + int(8 * u), rect.y + int(5 * u),
                                 rect.width - int(16 * u), header_h - int(4 * u))
            pile = pygame.Rect(rect.x + int(10 * u), rect.y + header_h + int(6 * u), cw, ch)
            ax0 = pile.right + int(16 * u)
            aux_x = [ax0 + k * (cw + int(6 * u)) for k in range(aux)]
            hand_card = (max(8, int(12 * u)), max(11, int(17 * u)))
            hand_at = (header.right - int(6 * u) * (self.hand_size - 1) - hand_card[0],
                       header.y + 1)
            panels.append(SeatPanel(rect, header, pile, aux_x, pile.y,
                                    rect.bottom - int(6 * u), (cw, ch), hand_at, hand_card))
        return panels

    # --- the seat at the screen --------------------------------------------------------------
    def _bottom(self) -> None:
        u, panel = self.u, self.bottom_panel
        header_h = int(28 * u)
        self.bottom_header = pygame.Rect(panel.x + int(12 * u), panel.y + int(6 * u),
                                         int(380 * u), header_h - int(6 * u))
        pile = (int(72 * u), int(101 * u))
        self.own_pile = pygame.Rect(panel.x + int(14 * u), panel.y + header_h + int(10 * u),
                                    *pile)
        aux = max(1, self.aux_rows)
        aw = int(min(64 * u, (int(330 * u) / aux) - 10 * u))
        self.own_card = (aw, int(aw * 1.4))
        ax0 = self.own_pile.right + int(24 * u)
        self.own_aux_x = [ax0 + k * (aw + int(10 * u)) for k in range(aux)]
        # the rows' headings sit between the plate and the cards, clear of the plate's words
        self.own_aux_y = max(self.own_pile.y, self.bottom_header.bottom + int(18 * u))
        self.own_aux_bottom = panel.bottom - int(8 * u)
        aux_right = self.own_aux_x[-1] + aw
        self.controls = pygame.Rect(panel.right - int(300 * u), panel.y + int(8 * u),
                                    int(290 * u), panel.height - int(16 * u))
        self.hand_area = pygame.Rect(aux_right + int(22 * u), panel.y + int(8 * u),
                                     self.controls.left - int(16 * u) - aux_right -
                                     int(22 * u), panel.height - int(12 * u))
        self.hand_card = (int(84 * u), int(118 * u))
        bw, bh = int(160 * u), int(42 * u)   # Undo beside it keeps room for its words
        self.end_button = pygame.Rect(self.controls.x, 0, bw, bh)
        self.end_button.bottom = self.controls.bottom - int(30 * u)
        self.undo_button = pygame.Rect(self.end_button.right + int(10 * u), self.end_button.y,
                                       self.controls.right - self.end_button.right - int(10 * u),
                                       bh)

    def hand_slots(self, count: int) -> list[tuple[pygame.Rect, float]]:
        """Upright rects (for hit tests) and fan angles of the bottom hand."""
        if count <= 0:
            return []
        area, (cw, ch) = self.hand_area, self.hand_card
        step = min(cw * 1.02, (area.width - cw) / max(1, count - 1)) if count > 1 else 0
        total = cw + step * (count - 1)
        x0 = area.centerx - total / 2
        out = []
        mid = (count - 1) / 2
        dip = 1.4 * self.u * min(1.0, 6.0 / max(1, count)) ** 2
        for i in range(count):
            off = i - mid
            angle = -off * 3.0 * min(1.0, 6.0 / max(1, count))
            y = area.bottom - ch - int(mid * mid * dip) + int(off * off * dip)
            out.append((pygame.Rect(int(x0 + i * step), y, cw, ch), angle))
        return out

    def aux_cards(self, x: int, y: int, bottom: int, card: tuple[int, int], count: int,
                  max_step: float) -> list[pygame.Rect]:
        """A stack growing downward; the top card (last) lies fully visible."""
        if count <= 0:
            return []
        room = bottom - y - card[1]
        step = min(max_step, room / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(x, int(y + i * step), *card) for i in range(count)]


@dataclass(eq=False)
class SeatGeometry:
    """Where each seat's pile, auxiliary rows and hand lie while ``bottom`` owns the screen.

    The bottom seat uses the bottom panel, the others the top band in playing order after
    it. Input (hit tests), the presenter (flight paths) and the renderer all ask this one
    object, so a card always flies to the place it is drawn at.
    """

    layout: CutLayout
    bottom: int
    players: int
    panels: dict[int, SeatPanel] = field(init=False)

    def __post_init__(self) -> None:
        others = [(self.bottom + i) % self.players for i in range(1, self.players)]
        self.panels = dict(zip(others, self.layout.seat_panels(len(others)), strict=True))

    def pile_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom:
            return self.layout.own_pile
        return self.panels[seat].pile

    def aux_geometry(self, seat: int) -> tuple[list[int], int, int, tuple[int, int], float]:
        """(column xs, top y, bottom y, card size, largest step) of a seat's aux rows."""
        layout = self.layout
        if seat == self.bottom:
            return (layout.own_aux_x, layout.own_aux_y, layout.own_aux_bottom, layout.own_card,
                    22 * layout.u)
        panel = self.panels[seat]
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

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        if seat == self.bottom:
            return [rect for rect, _angle in self.layout.hand_slots(count)]
        panel = self.panels[seat]
        x, y = panel.hand_at
        step = int(6 * self.layout.u)
        return [pygame.Rect(x + i * step, y, *panel.hand_card) for i in range(count)]

    def card_sizes(self) -> set[tuple[int, int]]:
        """Every card size the table renders (flying cards between them are scaled)."""
        layout = self.layout
        sizes = {layout.row_card_size, layout.pile_size, layout.own_card, layout.hand_card,
                 (int(layout.own_pile.w), int(layout.own_pile.h))}
        for panel in self.panels.values():
            sizes.add(panel.card)
            sizes.add(panel.hand_card)
        return sizes
