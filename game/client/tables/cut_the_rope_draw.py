"""Drawing the Cut the Rope table (kept apart from input and flow in ``cut_the_rope.py``).

Everything static (paper, panels, ropes) is baked into one background per window size;
cards, text and glows come from caches, so a frame is a few hundred blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.i18n import t
from game.client.tables import cut_the_rope_hud as hud
from game.client.tables import cut_the_rope_seats as seats
from game.client.tables.cut_the_rope_art import (
    INK,
    number_colour,
    paper,
    wobble,
)
from game.client.tables.cut_the_rope_paint import (
    ACTIVE,
    GOLD,
    PANEL_EDGE,
    blit_card,
    draw_glow,
    outline,
    pulse,
)

if TYPE_CHECKING:
    from game.client.tables.cut_the_rope import CutTheRopeTable, Flying


# --- the background -------------------------------------------------------------------------
def background(table: CutTheRopeTable, size: tuple[int, int]) -> pygame.Surface:
    if table.background is not None and table.background.get_size() == size:
        return table.background
    layout, art = table.layout, table.art
    u = layout.u
    surface = pygame.Surface(size)
    surface.blit(paper(table.app.assets, size), (0, 0))
    boxes = pygame.Surface(size, pygame.SRCALPHA)
    radius = int(14 * u)
    for rect in (layout.top_band, layout.bottom_panel, layout.log, layout.side):
        pygame.draw.rect(boxes, (255, 255, 255, 70) if rect is not layout.top_band
                         else (0, 0, 0, 0), rect, border_radius=radius)
    for rect in (layout.bottom_panel, layout.log, layout.side):
        pygame.draw.rect(boxes, PANEL_EDGE, rect, width=2, border_radius=radius)
    for panel in layout.seat_panels(table.players - 1):
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
    table.background = surface.convert() if pygame.display.get_surface() else surface
    return table.background


# --- the table ------------------------------------------------------------------------------
def draw_table(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    surface.blit(background(table, surface.get_size()), (0, 0))
    if table.concealed or not table.view_dict:
        return
    hidden = {f.hide for f in table.flying if f.hide is not None}
    legal_targets = current_targets(table)
    draw_rows(table, surface, hidden, legal_targets)
    draw_piles(table, surface)
    for seat, panel in table.panels().items():
        seats.draw_seat_panel(table, surface, seat, panel, hidden)
    seats.draw_bottom(table, surface, hidden, legal_targets)
    for flying in table.flying:
        draw_flying(table, surface, flying)
    draw_drag(table, surface)
    hud.draw_log(table, surface)
    hud.draw_chooser(table, surface)
    hud.draw_banner(table, surface)
    hud.draw_toast(table, surface)


def current_targets(table: CutTheRopeTable) -> list[str]:
    source = table.drag["src"] if table.drag is not None and table.drag["moved"] \
        else table.selected
    if source is None or not table.my_turn():
        return []
    return table.targets_of(source)


# --- main rows ------------------------------------------------------------------------------
def draw_rows(table: CutTheRopeTable, surface: pygame.Surface, hidden: set,
              targets: list[str]) -> None:
    app, layout, art = table.app, table.layout, table.art
    u = layout.u
    rows = table.view_dict["rows"]
    length = table.row_length
    glow_strength = pulse(table)
    first_free = rows.index(None) if None in rows else None
    for slot, row in enumerate(rows):
        label = layout.row_label(slot)
        band = layout.row_rect(slot)
        # the label: row number and direction
        pygame.draw.rect(surface, (255, 255, 255), label, border_radius=int(10 * u))
        pygame.draw.rect(surface, INK, label, width=2, border_radius=int(10 * u))
        compact = label.height < int(56 * u)   # many rows: number and arrow on one line
        if compact:
            number = app.assets.text(str(slot + 1), int(min(20 * u, label.height * 0.6)),
                                     INK, bold=True)
            if row is None:
                surface.blit(number, number.get_rect(center=label.center))
            else:
                up = row["dir"] == "up"
                arrow = app.assets.text("▲" if up else "▼", number.get_height() * 3 // 4,
                                        number_colour(1 if up else length), bold=True)
                gap = int(4 * u)
                x = label.centerx - (number.get_width() + gap + arrow.get_width()) // 2
                surface.blit(number, number.get_rect(midleft=(x, label.centery)))
                surface.blit(arrow, arrow.get_rect(
                    midleft=(x + number.get_width() + gap, label.centery)))
        else:
            number = app.assets.text(str(slot + 1), int(22 * u), INK, bold=True)
            surface.blit(number, number.get_rect(midtop=(label.centerx, label.y + int(3 * u))))
            draw_label_detail(table, surface, label, row)
        # the candy hanging at the rope's end
        draw_candy(table, surface, slot)
        if row is None:
            if slot in table.clearing:
                continue
            rect = layout.row_card(slot, 0)
            ghost = art.slot(rect.size, f"1·{length}", (60, 80, 130), "✂")
            if slot != first_free:
                ghost = art.slot(rect.size, "", (150, 160, 180))
            surface.blit(ghost, rect)
            if slot == first_free and table.chooser is None:
                hint = art.chip(t("ctr.row_starts", n=length), int(13 * u), (60, 80, 130))
                surface.blit(hint, hint.get_rect(midleft=(rect.right + int(12 * u),
                                                          band.centery)))
            if "new" in targets and slot == first_free:
                draw_glow(table, surface, rect, GOLD, glow_strength)
                if "new" in (table.kb_target, table.hover_target):
                    outline(surface, rect, GOLD)
            continue
        cards = row["cards"]
        up = row["dir"] == "up"
        for i, code in enumerate(cards):
            rect = layout.row_card(slot, i)
            if ("row", slot, i) in hidden:
                continue
            blit_card(table, surface, code, rect)
            if code == "S":
                value = i + 1 if up else length - i
                chip = art.chip(str(value), max(9, int(rect.height * 0.16)),
                                number_colour(value))
                surface.blit(chip, chip.get_rect(midbottom=(rect.x + int(rect.w * 0.3),
                                                            rect.bottom - int(3 * u))))
            if table.last_mark == ("row", slot, i):
                outline(surface, rect, GOLD, 2)
        need = len(cards) + 1 if up else length - len(cards)
        if len(cards) < length:
            rect = layout.row_card(slot, len(cards))
            if not any(h == ("row", slot, len(cards)) for h in hidden):
                ghost = art.slot(rect.size, str(need), number_colour(need),
                                 t("ctr.next", n="").strip())
                surface.blit(ghost, rect)
            target = f"row:{slot + 1}"
            if target in targets:
                draw_glow(table, surface, rect, GOLD, glow_strength)
                if target in (table.kb_target, table.hover_target):
                    outline(surface, rect, GOLD)


def draw_label_detail(table: CutTheRopeTable, surface: pygame.Surface, label: pygame.Rect,
                      row: dict | None) -> None:
    """Under the row number: "free", or the direction arrow and the span it runs."""
    app, u, length = table.app, table.layout.u, table.row_length
    if row is None:
        text = app.assets.text(t("ctr.row_free"), int(12 * u), (110, 120, 140), bold=True)
        surface.blit(text, text.get_rect(midbottom=(label.centerx, label.bottom - int(5 * u))))
        return
    up = row["dir"] == "up"
    colour = number_colour(1 if up else length)
    arrow = app.assets.text("▲" if up else "▼", int(18 * u), colour, bold=True)
    surface.blit(arrow, arrow.get_rect(center=(label.centerx, label.centery + int(4 * u))))
    span = app.assets.text(f"1→{length}" if up else f"{length}→1", int(11 * u), INK, bold=True)
    surface.blit(span, span.get_rect(midbottom=(label.centerx, label.bottom - int(3 * u))))


def draw_candy(table: CutTheRopeTable, surface: pygame.Surface, slot: int) -> None:
    """The candy on the rope's end; when the row is done the rope is cut and it drops into
    the monster's mouth, then a new candy pops onto the rope."""
    layout, art = table.layout, table.art
    u = layout.u
    size = (int(46 * u), int(46 * u))
    cx, cy = layout.row_end(slot)
    drop = table.candy_drops.get(slot)
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
    sway = wobble(table.time, slot) * 3 * u
    candy = art.sprite("candy", size)
    surface.blit(candy, candy.get_rect(center=(cx + sway, cy)))


# --- draw and discard piles -----------------------------------------------------------------
def incoming(table: CutTheRopeTable, dest: str) -> int:
    return sum(1 for f in table.flying if f.dest == dest and not f.tween.done)


def draw_piles(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    app, layout, art = table.app, table.layout, table.art
    u = layout.u
    state = table.view_dict
    draw_count = len(state["draw"])
    discard = state["discard"]
    discard_count = max(0, len(discard) - incoming(table, "discard"))
    for rect, label, count in ((layout.draw_pile, t("ctr.draw_pile"), draw_count),
                               (layout.discard_pile, t("ctr.discard_pile"), discard_count)):
        title = app.assets.text(label, int(14 * u), INK, bold=True)
        surface.blit(title, title.get_rect(midbottom=(rect.centerx, rect.top - int(6 * u))))
        if count == 0:
            surface.blit(art.slot(rect.size, "", (150, 160, 180)), rect)
        else:
            layers = min(5, max(1, count // 12))
            for i in range(layers, 0, -1):
                surface.blit(art.card("??", rect.size), rect.move(i * 2, i * 2))
            if rect is layout.discard_pile:
                top = discard[discard_count - 1] if discard_count else "??"
                blit_card(table, surface, top, rect, 0)
            else:
                surface.blit(art.card("??", rect.size), rect)
        chip = art.chip(str(count), int(15 * u), INK)
        surface.blit(chip, chip.get_rect(center=(rect.centerx, rect.bottom + int(14 * u))))
    monster = art.sprite("monster", layout.monster.size)
    bob = int(math.sin(table.time * 2.2) * 3 * u)
    surface.blit(monster, layout.monster.move(0, bob))
    draw_turn_box(table, surface)


def draw_turn_box(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    app, layout, match = table.app, table.layout, table.match
    u = layout.u
    box = layout.turn_box
    seat = match.to_move
    if seat is None:
        return
    name = table.seat_name(seat)
    if match.thinking == seat:
        text = t("ctr.thinking", name=name)
    elif seat == table.bottom and not match.seats[seat].is_ai:
        text = t("ctr.your_turn", name=name)
    else:
        text = t("ctr.turn_of", name=name)
    size = int(14 * u)
    image = app.assets.text(text, size, INK, bold=True)
    while image.get_width() > box.width - int(12 * u) and size > int(11 * u):
        size -= 1
        image = app.assets.text(text, size, INK, bold=True)
    if image.get_width() > box.width - int(12 * u):   # a long name: two lines
        image = app.assets.text(text, size, INK, bold=True, wrap=box.width - int(12 * u),
                                align="center")
    rect = box.copy()
    rect.height = max(box.height, image.get_height() + int(12 * u))
    pygame.draw.rect(surface, (255, 248, 220), rect, border_radius=int(10 * u))
    pygame.draw.rect(surface, ACTIVE, rect, width=2, border_radius=int(10 * u))
    surface.blit(image, image.get_rect(center=rect.center))
    if match.thinking == seat:
        centre = (rect.centerx, rect.bottom + int(16 * u))
        for k in range(8):
            angle = table.time * 6 + k * math.tau / 8
            alpha = (k + 1) / 8
            pos = (centre[0] + math.cos(angle) * 9 * u, centre[1] + math.sin(angle) * 9 * u)
            colour = tuple(int(40 + (c - 40) * alpha) for c in ACTIVE)
            pygame.draw.circle(surface, colour, (int(pos[0]), int(pos[1])), max(1, int(2.5 * u)))


# --- moving things --------------------------------------------------------------------------
def draw_flying(table: CutTheRopeTable, surface: pygame.Surface, flying: Flying) -> None:
    tween = flying.tween
    if not tween.started:
        if flying.hold and tween.elapsed >= flying.hold_from:
            blit_card(table, surface, flying.code, pygame.Rect(flying.start), 2)
        return
    v = tween.value
    x = flying.start.x + (flying.end.x - flying.start.x) * v
    y = flying.start.y + (flying.end.y - flying.start.y) * v
    w = flying.start.w + (flying.end.w - flying.start.w) * v
    h = flying.start.h + (flying.end.h - flying.start.h) * v
    arc = math.sin(math.pi * tween.raw) * 26 * table.layout.u
    size = (max(2, int(w)), max(2, int(h)))
    code = flying.code
    if flying.back and tween.raw < 0.5:
        code = "??"
    image = table.art.card(code, size) if size in _CARD_SIZES(table) else \
        pygame.transform.smoothscale(table.art.card(code, _nearest(table, size)), size)
    if flying.back:
        squeeze = abs(math.cos(math.pi * tween.raw))
        image = pygame.transform.scale(image, (max(1, int(size[0] * max(0.05, squeeze))),
                                               size[1]))
    rect = image.get_rect(center=(int(x + w / 2), int(y + h / 2 - arc)))
    # the shadow's size is rounded so the shared shadow cache stays small
    shade = (max(6, rect.w // 6 * 6), max(6, rect.h // 6 * 6))
    surface.blit(table.app.shadow(shade, max(2, shade[0] // 8), 70),
                 rect.move(5 + (rect.w - shade[0]) // 2, 8))
    surface.blit(image, rect)


def _CARD_SIZES(table: CutTheRopeTable) -> set[tuple[int, int]]:  # noqa: N802
    layout = table.layout
    sizes = {layout.row_card_size, layout.pile_size, layout.own_card, layout.hand_card,
             tuple(layout.own_pile.size)}
    for panel in table.panels().values():
        sizes.add(panel.card)
        sizes.add(panel.hand_card)
    return sizes


def _nearest(table: CutTheRopeTable, size: tuple[int, int]) -> tuple[int, int]:
    """The cached card size closest to ``size`` (scaling a cached card is cheap)."""
    return min(_CARD_SIZES(table), key=lambda s: abs(s[0] - size[0]))


def draw_drag(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    drag = table.drag
    if drag is None or not drag["moved"]:
        return
    code = table.source_card(drag["src"])
    if code is None:
        return
    size = table.layout.hand_card if drag["src"][0] == "hand" else table.layout.own_card
    if drag["src"][0] == "pile":
        size = tuple(table.layout.own_pile.size)
    image = table.art.card(code, size)
    rect = image.get_rect(center=drag["pos"])
    surface.blit(table.app.shadow(size, size[0] // 8, 80), rect.move(8, 12))
    surface.blit(image, rect)


# --- results -----------------------------------------------------------------------------
def draw_result_piles(table: CutTheRopeTable, surface: pygame.Surface,
                      rect: pygame.Rect) -> None:
    """One cell per seat: the pile's top card (or an empty place), name and cards left."""
    app, art = table.app, table.art
    u = table.layout.u
    state = table.match.game.to_dict(table.match.state)
    piles = state["piles"]
    winners = set(state["winners"])
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
        name = app.assets.text(table.seat_name(seat), int(13 * u),
                               GOLD if seat in winners else theme.WHITE, bold=True)
        if name.get_width() > cell - size[0] - int(14 * u):
            name = app.assets.text(table.seat_name(seat), int(11 * u),
                                   GOLD if seat in winners else theme.WHITE, bold=True)
        surface.blit(name, (card.right + int(8 * u), card.y + int(4 * u)))
        left = app.assets.text(t("ctr.pile_left", n=len(pile)), int(13 * u), (210, 220, 230))
        surface.blit(left, (card.right + int(8 * u), card.y + int(24 * u)))
