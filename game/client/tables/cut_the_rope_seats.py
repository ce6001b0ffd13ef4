"""Drawing the seats of the Cut the Rope table: the panels of the other seats across the
top and the bottom panel of the seat at the screen (pile, auxiliary rows, fanned hand and the
turn controls)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import language, t
from game.client.tables.cut_the_rope_art import INK
from game.client.tables.cut_the_rope_paint import (
    ACTIVE,
    AUX_BLUE,
    GOLD,
    active_frame,
    blit_card,
    draw_glow,
    outline,
    pulse,
)

if TYPE_CHECKING:
    from game.client.tables.cut_the_rope import CutTheRopeTable
    from game.client.tables.cut_the_rope_layout import SeatPanel


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
