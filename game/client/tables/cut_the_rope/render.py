"""Drawing the Cut the Rope table from what it shows now (``model.TableShows``).

Everything static (paper, panels, ropes) is baked into one background per window size;
cards, text and glows come from caches, so a frame is a few hundred blits. The renderer
keeps only those caches; what to draw arrives with each call.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.i18n import nt, pt, t
from game.client.tables.common import fx, plates
from game.client.tables.common.fx import pulse
from game.client.tables.cut_the_rope import hud, seats
from game.client.tables.cut_the_rope.art import INK, number_colour, paper, wobble
from game.client.tables.cut_the_rope.model import NEW_ROW, Flying, TableShows, row_place
from game.client.tables.cut_the_rope.paint import (
    ACTIVE,
    GOLD,
    PANEL_EDGE,
    Kit,
    blit_card,
    draw_glow,
    outline,
    seat_tags,
)
from game.client.ui import theme
from game.rules.cut_the_rope.state import number_at


class Renderer:
    """Draws the table; owns the baked background and the cached seat panels."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit
        self._background: pygame.Surface | None = None
        self.panel_cache: dict[int, tuple[Any, pygame.Surface]] = {}

    def background(self, size: tuple[int, int], players: int) -> pygame.Surface:
        if self._background is not None and self._background.get_size() == size:
            return self._background
        self._background = bake_background(self.kit, size, players)
        return self._background

    def draw(self, surface: pygame.Surface, shows: TableShows | None, players: int) -> None:
        """The whole table; ``shows`` is None while nobody owns the screen (hot seat)."""
        kit = self.kit
        surface.blit(self.background(surface.get_size(), players), (0, 0))
        if shows is None or not shows.board.state:
            return
        hidden = shows.motion.hidden()
        targets = shows.targets()
        draw_rows(kit, surface, shows, hidden, targets)
        draw_piles(kit, surface, shows)
        for seat, panel in shows.board.geometry.panels.items():
            seats.draw_seat_panel(kit, surface, shows, seat, panel, hidden, self.panel_cache)
        seats.draw_bottom(kit, surface, shows, hidden, targets)
        for flying in shows.motion.flying:
            draw_flying(kit, surface, shows, flying)
        draw_drag(kit, surface, shows)
        hud.draw_log(kit, surface, shows)
        hud.draw_chooser(kit, surface, shows)
        hud.draw_end_prompt(kit, surface, shows)
        hud.draw_banner(kit, surface, shows.hud.banner)
        hud.draw_toast(kit, surface, shows.hud.toast)


# --- the background -------------------------------------------------------------------------
def bake_background(kit: Kit, size: tuple[int, int], players: int) -> pygame.Surface:
    layout, art = kit.layout, kit.art
    u = layout.u
    surface = pygame.Surface(size)
    surface.blit(paper(kit.assets, size), (0, 0))
    boxes = pygame.Surface(size, pygame.SRCALPHA)
    radius = int(14 * u)
    for rect in (layout.top_band, layout.bottom_panel, layout.log, layout.side):
        pygame.draw.rect(boxes, (255, 255, 255, 70) if rect is not layout.top_band
                         else (0, 0, 0, 0), rect, border_radius=radius)
    for rect in (layout.bottom_panel, layout.log, layout.side):
        pygame.draw.rect(boxes, PANEL_EDGE, rect, width=2, border_radius=radius)
    for panel in layout.seat_panels(players - 1):
        pygame.draw.rect(boxes, (255, 255, 255, 95), panel.rect, border_radius=radius)
        pygame.draw.rect(boxes, PANEL_EDGE, panel.rect, width=2, border_radius=radius)
    surface.blit(boxes, (0, 0))
    # one rope per main row, from its label to the candy at the end
    thickness = max(6, int(12 * u))
    for slot in range(layout.main_rows):
        band = layout.row_rect(slot)
        x0 = layout.row_label(slot).right - int(4 * u)
        x1 = layout.row_end(slot)[0]
        rope = art.rope(max(8, x1 - x0), thickness)
        surface.blit(rope, (x0, band.centery - rope.get_height() // 2))
        pin = (x0, band.centery)
        pygame.draw.circle(surface, (120, 110, 100), pin, int(7 * u))
        pygame.draw.circle(surface, (230, 224, 214), pin, int(4 * u))
    return surface.convert() if pygame.display.get_surface() else surface


# --- main rows ------------------------------------------------------------------------------
def draw_rows(kit: Kit, surface: pygame.Surface, shows: TableShows, hidden: set[Any],
              targets: list[str]) -> None:
    layout, art, focus = kit.layout, kit.art, shows.focus
    u = layout.u
    rows = shows.board.state["rows"]
    length = shows.board.row_length
    glow_strength = pulse(shows.time)
    first_free = rows.index(None) if None in rows else None
    for slot, row in enumerate(rows):
        label = layout.row_label(slot)
        band = layout.row_rect(slot)
        draw_row_label(kit, surface, slot, label, row, length)
        # the candy hanging at the rope's end
        draw_candy(kit, surface, shows, slot)
        if row is None:
            if slot in shows.motion.clearing:
                continue
            rect = layout.row_card(slot, 0)
            ghost = art.slot(rect.size, f"1·{length}", (60, 80, 130), "✂")
            if slot != first_free:
                ghost = art.slot(rect.size, "", (150, 160, 180))
            surface.blit(ghost, rect)
            if slot == first_free and focus.chooser is None:
                hint = art.chip(f"1 ▲ · {length} ▼ · ✂", int(13 * u), (60, 80, 130))
                surface.blit(hint, hint.get_rect(midleft=(rect.right + int(12 * u),
                                                          band.centery)))
            if NEW_ROW in targets and slot == first_free:
                draw_glow(kit, surface, rect, GOLD, glow_strength)
                if NEW_ROW in (focus.kb_target, focus.hover_target):
                    outline(surface, rect, GOLD)
            continue
        cards = row["cards"]
        up = row["dir"] == "up"
        for i, code in enumerate(cards):
            rect = layout.row_card(slot, i)
            if ("row", slot, i) in hidden:
                continue
            blit_card(kit, surface, code, rect)
            if code == "S":
                value = number_at(i, up, length)
                chip = art.chip(str(value), max(9, int(rect.height * 0.16)),
                                number_colour(value))
                surface.blit(chip, chip.get_rect(midbottom=(rect.x + int(rect.w * 0.3),
                                                            rect.bottom - int(3 * u))))
            seats = shows.motion.marks.seats_at(("row", slot, i))
            if seats:
                fx.last_move(surface, rect, u, seat_tags(kit, seats), roundness=8)
        need = number_at(len(cards), up, length)
        if len(cards) < length:
            rect = layout.row_card(slot, len(cards))
            if ("row", slot, len(cards)) not in hidden:
                # TRANSLATORS: under the number a main row needs as its next card
                ghost = art.slot(rect.size, str(need), number_colour(need),
                                 pt("main row", "next"))
                surface.blit(ghost, rect)
            target = row_place(slot + 1)
            if target in targets:
                draw_glow(kit, surface, rect, GOLD, glow_strength)
                if target in (focus.kb_target, focus.hover_target):
                    outline(surface, rect, GOLD)


def draw_row_label(kit: Kit, surface: pygame.Surface, slot: int, label: pygame.Rect,
                   row: dict[str, Any] | None, length: int) -> None:
    """The label at a rope's start: the row number and, once started, its direction."""
    assets, u = kit.assets, kit.u
    pygame.draw.rect(surface, (255, 255, 255), label, border_radius=int(10 * u))
    pygame.draw.rect(surface, INK, label, width=2, border_radius=int(10 * u))
    compact = label.height < int(56 * u)   # many rows: number and arrow on one line
    if compact:
        number = assets.text(str(slot + 1), int(min(20 * u, label.height * 0.6)), INK,
                             bold=True)
        if row is None:
            surface.blit(number, number.get_rect(center=label.center))
        else:
            up = row["dir"] == "up"
            arrow = assets.text("▲" if up else "▼", number.get_height() * 3 // 4,
                                number_colour(1 if up else length), bold=True)
            gap = int(4 * u)
            x = label.centerx - (number.get_width() + gap + arrow.get_width()) // 2
            surface.blit(number, number.get_rect(midleft=(x, label.centery)))
            surface.blit(arrow, arrow.get_rect(
                midleft=(x + number.get_width() + gap, label.centery)))
    else:
        number = assets.text(str(slot + 1), int(22 * u), INK, bold=True)
        surface.blit(number, number.get_rect(midtop=(label.centerx, label.y + int(3 * u))))
        draw_label_detail(kit, surface, label, row, length)


def draw_label_detail(kit: Kit, surface: pygame.Surface, label: pygame.Rect,
                      row: dict[str, Any] | None, length: int) -> None:
    """Under the row number: "free", or the direction arrow and the span it runs."""
    assets, u = kit.assets, kit.u
    if row is None:
        # TRANSLATORS: a main row that is not started (its place is free)
        text = assets.text(pt("main row", "free"), int(12 * u), (110, 120, 140), bold=True)
        surface.blit(text, text.get_rect(midbottom=(label.centerx, label.bottom - int(5 * u))))
        return
    up = row["dir"] == "up"
    colour = number_colour(1 if up else length)
    arrow = assets.text("▲" if up else "▼", int(18 * u), colour, bold=True)
    surface.blit(arrow, arrow.get_rect(center=(label.centerx, label.centery + int(4 * u))))
    span = assets.text(f"1→{length}" if up else f"{length}→1", int(11 * u), INK, bold=True)
    surface.blit(span, span.get_rect(midbottom=(label.centerx, label.bottom - int(3 * u))))


def draw_candy(kit: Kit, surface: pygame.Surface, shows: TableShows, slot: int) -> None:
    """The candy on the rope's end; when the row is done the rope is cut and it drops into
    the monster's mouth, then a new candy pops onto the rope."""
    layout, art = kit.layout, kit.art
    u = layout.u
    size = (int(46 * u), int(46 * u))
    cx, cy = layout.row_end(slot)
    drop = shows.motion.candy_drops.get(slot)
    if drop is not None and drop.started and not drop.done:
        p = drop.raw
        tx, ty = layout.monster.centerx, layout.monster.centery - int(10 * u)
        x = cx + (tx - cx) * p
        y = cy + (ty - cy) * p * p - math.sin(math.pi * p) * 40 * u
        small = max(8, int(size[0] * (1 - 0.45 * p)))
        image = pygame.transform.rotozoom(art.sprite("candy", size), p * 300,
                                          small / size[0])
        surface.blit(image, image.get_rect(center=(int(x), int(y))))
        return
    sway = wobble(shows.time, slot) * 3 * u
    candy = art.sprite("candy", size)
    surface.blit(candy, candy.get_rect(center=(cx + sway, cy)))


# --- draw and discard piles -----------------------------------------------------------------
def draw_piles(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    assets, layout, art = kit.assets, kit.layout, kit.art
    u = layout.u
    state = shows.board.state
    draw_count = len(state["draw"])
    discard = state["discard"]
    discard_count = max(0, len(discard) - shows.motion.incoming("discard"))
    # TRANSLATORS: short labels over the draw pile and the discard pile
    for rect, label, count in ((layout.draw_pile, pt("cut the rope pile", "Draw"), draw_count),
                               (layout.discard_pile, pt("cut the rope pile", "Discard"),
                                discard_count)):
        title = assets.text(label, int(14 * u), INK, bold=True)
        surface.blit(title, title.get_rect(midbottom=(rect.centerx, rect.top - int(6 * u))))
        if count == 0:
            surface.blit(art.slot(rect.size, "", (150, 160, 180)), rect)
        else:
            layers = min(5, max(1, count // 12))
            for i in range(layers, 0, -1):
                surface.blit(art.card("??", rect.size), rect.move(i * 2, i * 2))
            if rect is layout.discard_pile:
                top = discard[discard_count - 1] if discard_count else "??"
                blit_card(kit, surface, top, rect, 0)
                seats = shows.motion.marks.seats_at(("discard",))
                if seats and discard_count == len(discard):
                    fx.last_move(surface, rect, u, seat_tags(kit, seats), roundness=8)
            else:
                surface.blit(art.card("??", rect.size), rect)
        chip = art.chip(str(count), int(15 * u), INK)
        surface.blit(chip, chip.get_rect(center=(rect.centerx, rect.bottom + int(14 * u))))
    monster = art.sprite("monster", layout.monster.size)
    bob = int(math.sin(shows.time * 2.2) * 3 * u)
    surface.blit(monster, layout.monster.move(0, bob))
    draw_turn_box(kit, surface, shows)


def draw_turn_box(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    assets, layout = kit.assets, kit.layout
    u = layout.u
    box = layout.turn_box
    seat = shows.to_move
    if seat is None:
        return
    name = shows.plates[seat].name
    if shows.thinking == seat:
        text = t("{name} is thinking…", name=name)
    elif seat == shows.board.bottom and not shows.plates[seat].is_ai:
        text = plates.your_turn(name, sum(not p.is_ai for p in shows.plates))
    else:
        text = t("{name}'s turn", name=name)
    size = int(14 * u)
    image = assets.text(text, size, INK, bold=True)
    while image.get_width() > box.width - int(12 * u) and size > int(10 * u):
        size -= 1
        image = assets.text(text, size, INK, bold=True)
    if image.get_width() > box.width - int(12 * u):   # a long name: two lines
        image = assets.text(text, size, INK, bold=True, wrap=box.width - int(12 * u),
                            align="center")
    rect = box.copy()
    rect.height = max(box.height, image.get_height() + int(12 * u))
    pygame.draw.rect(surface, (255, 248, 220), rect, border_radius=int(10 * u))
    pygame.draw.rect(surface, ACTIVE, rect, width=2, border_radius=int(10 * u))
    surface.blit(image, image.get_rect(center=rect.center))
    if shows.thinking == seat:
        centre = (rect.centerx, rect.bottom + int(16 * u))
        for k in range(8):
            angle = shows.time * 6 + k * math.tau / 8
            alpha = (k + 1) / 8
            pos = (centre[0] + math.cos(angle) * 9 * u, centre[1] + math.sin(angle) * 9 * u)
            colour = tuple(int(40 + (c - 40) * alpha) for c in ACTIVE)
            pygame.draw.circle(surface, colour, (int(pos[0]), int(pos[1])), max(1, int(2.5 * u)))


# --- moving things --------------------------------------------------------------------------
def draw_flying(kit: Kit, surface: pygame.Surface, shows: TableShows, flying: Flying) -> None:
    tween = flying.tween
    if not tween.started:
        if flying.hold and tween.elapsed >= flying.hold_from:
            blit_card(kit, surface, flying.code, pygame.Rect(flying.start), 2)
        return
    x, y, w, h = flying.rect_now()
    arc = flying.lift() * 26 * kit.u
    size = (max(2, int(w)), max(2, int(h)))
    code = flying.code
    if flying.back and tween.raw < 0.5:
        code = "??"
    sizes = shows.board.geometry.card_sizes()
    if size in sizes:
        image = kit.art.card(code, size)
    else:   # between two table sizes: scale the nearest cached card (cheap)
        nearest = min(sizes, key=lambda s: abs(s[0] - size[0]))
        image = pygame.transform.smoothscale(kit.art.card(code, nearest), size)
    if flying.back:
        squeeze = abs(math.cos(math.pi * tween.raw))
        image = pygame.transform.scale(image, (max(1, int(size[0] * max(0.05, squeeze))),
                                               size[1]))
    rect = image.get_rect(center=(int(x + w / 2), int(y + h / 2 - arc)))
    # the shadow's size is rounded so the shared shadow cache stays small
    shade = (max(6, rect.w // 6 * 6), max(6, rect.h // 6 * 6))
    surface.blit(kit.shadow(shade, max(2, shade[0] // 8), 70),
                 rect.move(5 + (rect.w - shade[0]) // 2, 8))
    surface.blit(image, rect)


def draw_drag(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    drag = shows.focus.drag
    if drag is None or not drag.moved:
        return
    code = shows.board.source_card(drag.src)
    if code is None:
        return
    layout = kit.layout
    size = layout.hand_card if drag.src[0] == "hand" else layout.own_card
    if drag.src[0] == "pile":
        size = (int(layout.own_pile.w), int(layout.own_pile.h))
    image = kit.art.card(code, size)
    rect = image.get_rect(center=drag.pos)
    surface.blit(kit.shadow(size, size[0] // 8, 80), rect.move(8, 12))
    surface.blit(image, rect)


# --- results -----------------------------------------------------------------------------
def draw_result_piles(kit: Kit, surface: pygame.Surface, rect: pygame.Rect,
                      piles: list[list[str]], winners: set[int], names: list[str]) -> None:
    """One cell per seat: the pile's top card (or an empty place), name and cards left."""
    assets, art = kit.assets, kit.art
    u = kit.u
    count = len(piles)
    cell = min(int(150 * u), (rect.width - int(20 * u)) // max(1, count))
    ch = min(rect.height - int(6 * u), int(56 * u))
    size = (int(ch / 1.4), ch)
    x0 = rect.centerx - cell * count // 2
    for seat, pile in enumerate(piles):
        x = x0 + seat * cell
        card = pygame.Rect(x + int(6 * u), rect.y, *size)
        if pile:
            for i in range(min(3, len(pile) // 4), 0, -1):
                surface.blit(art.card("??", size), card.move(i * 2, i * 2))
            surface.blit(art.card(pile[-1], size), card)
        else:   # emptied: a bright, empty place
            pygame.draw.rect(surface, (236, 248, 226), card, border_radius=max(4, size[0] // 8))
            surface.blit(art.slot(size, "0", (70, 150, 60)), card)
        if seat in winners:
            pygame.draw.rect(surface, GOLD, card.inflate(6, 6), width=3,
                             border_radius=max(4, size[0] // 6))
        colour = GOLD if seat in winners else theme.WHITE
        name = assets.text(names[seat], int(13 * u), colour, bold=True)
        if name.get_width() > cell - size[0] - int(14 * u):
            name = assets.text(names[seat], int(11 * u), colour, bold=True)
        surface.blit(name, (card.right + int(8 * u), card.y + int(4 * u)))
        left = assets.text(nt("{n} card left", "{n} cards left", len(pile)), int(13 * u),
                           (210, 220, 230))
        surface.blit(left, (card.right + int(8 * u), card.y + int(24 * u)))
