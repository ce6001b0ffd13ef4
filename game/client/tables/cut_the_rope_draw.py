"""Drawing the Cut the Rope table (kept apart from input and flow in ``cut_the_rope.py``).

Everything static (paper, panels, ropes) is baked into one background per window size;
cards, text and glows come from caches, so a frame is a few hundred blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.i18n import language, t
from game.client.tables import cut_the_rope_hud as hud
from game.client.tables.cut_the_rope_art import (
    INK,
    number_colour,
    paper,
    wobble,
)

if TYPE_CHECKING:
    from game.client.tables.cut_the_rope import CutTheRopeTable, Flying
    from game.client.tables.cut_the_rope_layout import SeatPanel

PANEL = (255, 255, 255, 150)
PANEL_EDGE = (70, 90, 130, 120)
GOLD = theme.GOLD
AUX_BLUE = (60, 150, 230)
ACTIVE = (255, 190, 40)


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
        draw_seat_panel(table, surface, seat, panel, hidden)
    draw_bottom(table, surface, hidden, legal_targets)
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


def pulse(table: CutTheRopeTable, speed: float = 5.0) -> float:
    return 0.55 + 0.45 * math.sin(table.time * speed)


def blit_card(table: CutTheRopeTable, surface: pygame.Surface, code: str, rect: pygame.Rect,
              shadow: int = 3) -> None:
    if shadow:
        surface.blit(table.app.shadow(rect.size, max(3, rect.width // 8), 60),
                     rect.move(shadow // 2 + 1, shadow))
    surface.blit(table.art.card(code, rect.size), rect)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple,
            width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width,
                     border_radius=max(4, rect.width // 8))


def active_frame(table: CutTheRopeTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A warm, softly breathing frame around the seat on turn (cheap: two outlines)."""
    u = table.layout.u
    p = pulse(table, 3.5)
    soft = tuple(int(255 - (255 - c) * (0.35 + 0.3 * p)) for c in ACTIVE)
    pygame.draw.rect(surface, soft, rect.inflate(int(6 * u), int(6 * u)),
                     width=max(2, int(3 * u)), border_radius=int(16 * u))
    pygame.draw.rect(surface, ACTIVE, rect, width=max(2, int(3 * u)), border_radius=int(14 * u))


def draw_glow(table: CutTheRopeTable, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple, strength: float) -> None:
    glow = table.art.glow(rect.size, colour)
    glow.set_alpha(int(255 * strength))
    surface.blit(glow, glow.get_rect(center=rect.center))


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


# --- seat panels ----------------------------------------------------------------------------
def seat_status(table: CutTheRopeTable, seat: int) -> str:
    match = table.match
    if match.thinking == seat and not match.over:
        return t("turn.thinking_short") + "." * (1 + int(table.time * 3) % 3)
    if match.to_move == seat and not match.seats[seat].is_ai:
        return t("turn.yours_short")
    return ""


def draw_header(table: CutTheRopeTable, surface: pygame.Surface, seat: int,
                rect: pygame.Rect, size: int) -> int:
    """Icon and name (with a status); returns the x after the text."""
    app, u = table.app, table.layout.u
    info = table.match.seats[seat]
    icon_size = rect.height
    icon = app.assets.sprite("ui/robot.svg" if info.is_ai else "ui/person.svg",
                             (icon_size, icon_size),
                             lambda s: pygame.Surface(s, pygame.SRCALPHA))
    surface.blit(icon, rect.topleft)
    active = table.match.to_move == seat
    name = app.assets.text(info.name, size, (150, 90, 0) if active else INK, bold=True)
    x = rect.x + icon_size + int(6 * u)
    surface.blit(name, (x, rect.centery - name.get_height() // 2))
    x += name.get_width() + int(8 * u)
    status = seat_status(table, seat)
    if status:
        image = app.assets.text(status, int(size * 0.8), (200, 120, 0), bold=True)
        surface.blit(image, (x, rect.centery - image.get_height() // 2))
        x += image.get_width()
    return x


def draw_pile(table: CutTheRopeTable, surface: pygame.Surface, seat: int,
              rect: pygame.Rect) -> None:
    art, u = table.art, table.layout.u
    pile = table.view_dict["piles"][seat]
    if not pile:
        surface.blit(art.slot(rect.size, "0", (120, 170, 90)), rect)
        return
    layers = min(4, max(1, len(pile) // 5))
    for i in range(layers, 0, -1):
        surface.blit(art.card("??", rect.size), rect.move(i * 2, i * 2))
    top = pile[-1]
    flip = table.flips.get(("pile", seat))
    if flip is not None and not flip.done:
        v = flip.value if flip.started else 0.0
        width = int(rect.width * abs(math.cos(math.pi * v)))
        code = "??" if v < 0.5 else top
        image = art.flipped(code, rect.size, max(1, width))
        surface.blit(image, image.get_rect(center=rect.center))
    else:
        blit_card(table, surface, top, rect, 0)
    chip = art.chip(str(len(pile)), max(10, int(rect.height * 0.17)), INK, (255, 244, 200))
    surface.blit(chip, chip.get_rect(center=(rect.right - int(2 * u), rect.bottom - int(2 * u))))


def draw_aux(table: CutTheRopeTable, surface: pygame.Surface, seat: int, hidden: set,
             shift: tuple[int, int] = (0, 0)) -> None:
    rows = table.view_dict["aux"][seat]
    rects = table.aux_rects(seat, rows)
    for k, column in enumerate(rects):
        for i, rect in enumerate(column):
            rect = rect.move(shift)
            if ("aux", seat, k, i) in hidden:
                continue
            if table.drag is not None and table.drag["moved"] and seat == table.bottom \
                    and table.drag["src"] == ("aux", k + 1) and i == len(column) - 1:
                continue
            lift = table._lift(("aux", k + 1)) if seat == table.bottom and \
                i == len(column) - 1 else 0
            rect = rect.move(0, -lift)
            blit_card(table, surface, rows[k][i], rect, 2)
            if i == len(column) - 1 and seat == table.bottom and table.my_turn():
                if table.selected == ("aux", k + 1):
                    outline(surface, rect, GOLD, 3)
                elif f"aux:{k + 1}" in table.legal()["build"] and not table.end_step:
                    outline(surface, rect, (250, 210, 120), 2)
            if table.last_mark == ("aux", seat, k, i):
                outline(surface, rect, GOLD, 2)


def draw_seat_panel(table: CutTheRopeTable, surface: pygame.Surface, seat: int,
                    panel: SeatPanel,
                    hidden: set) -> None:
    u = table.layout.u
    active = table.match.to_move == seat
    if active:
        active_frame(table, surface, panel.rect)
    draw_header(table, surface, seat, panel.header, int(15 * u))
    moving = ("pile", seat) in table.flips or any(
        len(h) > 1 and h[1] == seat and h[0] in ("hand", "aux") for h in hidden)
    if moving:
        draw_panel_body(table, surface, seat, panel, hidden, (0, 0))
        return
    # between moves the body of a panel does not change: draw it once, then blit it
    mark = table.last_mark if table.last_mark and table.last_mark[:2] == ("aux", seat) \
        else None
    key = (table.view_version, mark, panel.rect.size, language())
    cached = table.panel_cache.get(seat)
    if cached is None or cached[0] != key:
        body = pygame.Surface(panel.rect.size, pygame.SRCALPHA)
        draw_panel_body(table, body, seat, panel, hidden, (-panel.rect.x, -panel.rect.y))
        cached = (key, body.convert_alpha() if pygame.display.get_surface() else body)
        table.panel_cache[seat] = cached
    surface.blit(cached[1], panel.rect)


def draw_panel_body(table: CutTheRopeTable, surface: pygame.Surface, seat: int,
                    panel: SeatPanel,
                    hidden: set, shift: tuple[int, int]) -> None:
    """A seat panel's face-down hand, pile and auxiliary rows (``shift`` moves them)."""
    app, art, u = table.app, table.art, table.layout.u
    hand = table.hand(seat)
    for i, rect in enumerate(table.hand_rects(seat, len(hand))):
        if ("hand", seat, i) not in hidden:
            surface.blit(art.card("??", rect.size), rect.move(shift))
    pile = panel.pile.move(shift)
    draw_pile(table, surface, seat, pile)
    label = app.assets.text(t("ctr.pile"), int(11 * u), (80, 90, 110), bold=True)
    surface.blit(label, label.get_rect(midtop=(pile.centerx, pile.bottom + int(10 * u))))
    count = len(table.view_dict["aux"][seat])
    for k in range(count, len(panel.aux_x)):   # faint places of rows not started yet
        rect = pygame.Rect(panel.aux_x[k], panel.aux_y, *panel.card).move(shift)
        surface.blit(art.slot(rect.size, "", (190, 200, 215)), rect)
    draw_aux(table, surface, seat, hidden, shift)


def draw_bottom(table: CutTheRopeTable, surface: pygame.Surface, hidden: set,
                targets: list[str]) -> None:
    app, layout, art = table.app, table.layout, table.art
    u = layout.u
    seat = table.bottom
    match = table.match
    active = match.to_move == seat
    if active:
        active_frame(table, surface, layout.bottom_panel)
    draw_header(table, surface, seat, layout.bottom_header, int(17 * u))
    # pile
    pile_rect = layout.own_pile
    lifted = pile_rect.move(0, -table._lift(("pile",)))
    if not (table.drag is not None and table.drag["moved"] and table.drag["src"] == ("pile",)):
        draw_pile(table, surface, seat, lifted)
    label = app.assets.text(t("ctr.pile"), int(12 * u), (80, 90, 110), bold=True)
    surface.blit(label, label.get_rect(midtop=(pile_rect.centerx,
                                               pile_rect.bottom + int(12 * u))))
    my_turn = table.my_turn()
    legal = table.legal() if my_turn else None
    if my_turn and table.selected == ("pile",):
        outline(surface, lifted, GOLD, 3)
    elif my_turn and legal and "pile" in legal["build"] and not table.end_step:
        outline(surface, lifted, (250, 210, 120), 2)
    # aux rows
    draw_aux(table, surface, seat, hidden)
    rows = table.view_dict["aux"][seat]
    for k in range(layout.aux_rows):
        head = app.assets.text(t("ctr.aux", k=k + 1) if layout.aux_rows <= 3 else str(k + 1),
                               int(11 * u), (80, 90, 110), bold=True)
        x = layout.own_aux_x[k] + layout.own_card[0] // 2
        surface.blit(head, head.get_rect(midbottom=(x, layout.own_aux_y - int(3 * u))))
    for k in range(len(rows), layout.aux_rows):
        rect = table.aux_slot(seat, k)
        if my_turn and k == len(rows):
            surface.blit(art.slot(rect.size, "+", AUX_BLUE, t("ctr.aux_new")), rect)
        else:
            surface.blit(art.slot(rect.size, "", (190, 200, 215)), rect)
    for target in targets:
        if not target.startswith("aux"):
            continue
        rect = table.target_rect(target)
        if rect is None:
            continue
        draw_glow(table, surface, rect, AUX_BLUE, pulse(table))
        if target in (table.kb_target, table.hover_target):
            outline(surface, rect, AUX_BLUE)
        tag = art.chip(t("ctr.ends_turn"), int(11 * u), (30, 90, 160), (235, 245, 255))
        surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + int(2 * u))))
    # hand
    hand = table.hand(seat)
    slots = layout.hand_slots(len(hand))
    open_ = table.open_hand(seat)
    for i, (rect, angle) in enumerate(slots):
        if ("hand", seat, i) in hidden:
            continue
        if table.drag is not None and table.drag["moved"] and table.drag["src"] == ("hand", i):
            continue
        code = hand[i] if open_ else "??"
        lift = table._lift(("hand", i)) if open_ else 0
        rect = table.hand_slot_shown(i, rect)
        image = art.rotated(code, rect.size, angle)
        centre = rect.move(0, -lift).center
        shadow = table.app.shadow(rect.size, rect.width // 8, 60)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 5)))
        surface.blit(image, image.get_rect(center=centre))
        if my_turn and table.selected == ("hand", i):
            outline(surface, rect.move(0, -lift), GOLD, 3)
        elif my_turn and legal and table.end_step:
            outline(surface, rect.move(0, -lift), (120, 180, 240), 2)
        elif my_turn and legal and f"hand:{code}" in legal["build"]:
            outline(surface, rect.move(0, -lift), (250, 210, 120), 2)
    draw_controls(table, surface, legal)


def draw_controls(table: CutTheRopeTable, surface: pygame.Surface, legal: dict | None) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    box = layout.controls
    match = table.match
    seat = table.bottom
    my_turn = table.my_turn()
    top = box.y + int(22 * u)
    if my_turn and legal is not None:
        end_step = table.end_step
        if legal["empty"]:
            text = t("ctr.step_end_empty")
        elif end_step:
            text = t("ctr.step_end")
        else:
            text = t("ctr.step_build")
        colour = INK
        top = draw_steps(table, surface, box, end_step or legal["empty"])
    elif match.thinking is not None:
        text = t("ctr.thinking", name=table.seat_name(match.thinking))
        colour = (90, 100, 120)
    elif match.to_move is not None:
        text = t("ctr.step_wait", name=table.seat_name(match.to_move))
        colour = (90, 100, 120)
    else:
        text = ""
        colour = INK
    if text:
        image = app.assets.text(text, int(13 * u), colour, wrap=box.width, align="center")
        surface.blit(image, image.get_rect(midtop=(box.centerx, top)))
    if my_turn:
        rect = layout.end_button
        hovered = rect.collidepoint(table.mouse)
        face = app.assets.sprite("ui/button_hover.svg" if hovered or table.end_mode
                                 else "ui/button.svg", rect.size)
        surface.blit(app.shadow(rect.size, rect.height // 3), rect.move(0, 4))
        surface.blit(face, rect)
        if table.end_step or (legal and legal["empty"]):
            pygame.draw.rect(surface, AUX_BLUE, rect.inflate(6, 6), width=3,
                             border_radius=rect.height // 2)
        label = t("ctr.end_empty") if legal and legal["empty"] else t("ctr.end_button")
        text_image = app.assets.text(label + "  [N]", int(15 * u), INK, bold=True)
        surface.blit(text_image, text_image.get_rect(center=rect.center))
    if not match.seats[seat].is_ai:
        keys = app.assets.text(t("ctr.keys"), int(10 * u), (90, 100, 120), wrap=box.width,
                               align="center")
        surface.blit(keys, keys.get_rect(midbottom=(box.centerx, box.bottom + int(4 * u))))


def draw_steps(table: CutTheRopeTable, surface: pygame.Surface, box: pygame.Rect,
               second: bool) -> int:
    """The two steps of a turn as pills, the current one lit; returns the y below them."""
    app, u = table.app, table.layout.u
    gap = int(8 * u)
    w = (box.width - gap) // 2
    h = int(24 * u)
    for i, key in enumerate(("ctr.step1", "ctr.step2")):
        rect = pygame.Rect(box.x + i * (w + gap), box.y, w, h)
        lit = (i == 1) == second
        colour = (AUX_BLUE if i == 1 else ACTIVE) if lit else (200, 206, 216)
        pygame.draw.rect(surface, (255, 255, 255) if lit else (236, 240, 246), rect,
                         border_radius=h // 2)
        pygame.draw.rect(surface, colour, rect, width=2 if lit else 1, border_radius=h // 2)
        size = int(13 * u)
        image = app.assets.text(t(key), size, INK if lit else (130, 138, 150), bold=lit)
        while image.get_width() > rect.width - int(10 * u) and size > 8:
            size -= 1
            image = app.assets.text(t(key), size, INK if lit else (130, 138, 150), bold=lit)
        surface.blit(image, image.get_rect(center=rect.center))
    return box.y + h + int(8 * u)


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
