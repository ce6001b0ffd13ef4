"""Drawing the seats of the Cut the Rope table: the panels of the other seats across the
top and the bottom panel of the seat at the screen (pile, auxiliary rows and fanned hand;
its plate and turn tools are in ``hud``)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.i18n import language, pt, t
from game.client.tables.common import fx
from game.client.tables.common.fx import pulse
from game.client.tables.cut_the_rope import hud
from game.client.tables.cut_the_rope.art import INK
from game.client.tables.cut_the_rope.layout import SeatPanel
from game.client.tables.cut_the_rope.model import TableShows
from game.client.tables.cut_the_rope.paint import (
    AUX_BLUE,
    GOLD,
    SOFT_GOLD,
    Kit,
    active_frame,
    blit_card,
    draw_glow,
    outline,
    seat_tags,
)


def draw_pile(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int,
              rect: pygame.Rect) -> None:
    art = kit.art
    pile = shows.board.state["piles"][seat]
    if not pile:
        surface.blit(art.slot(rect.size, "0", (120, 170, 90)), rect)
        return
    layers = min(4, max(1, len(pile) // 5))
    for i in range(layers, 0, -1):
        surface.blit(art.card("??", rect.size), rect.move(i * 2, i * 2))
    top = pile[-1]
    flip = shows.motion.flips.get(("pile", seat))
    if flip is not None and not flip.done:
        v = flip.value if flip.started else 0.0
        width = int(rect.width * abs(math.cos(math.pi * v)))
        code = "??" if v < 0.5 else top
        image = art.flipped(code, rect.size, max(1, width))
        surface.blit(image, image.get_rect(center=rect.center))
    else:
        blit_card(kit, surface, top, rect, 0)


def draw_pile_count(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int,
                    rect: pygame.Rect) -> None:
    """The pile's count at its corner: drawn after the pile's highlight, which it covers."""
    art, u = kit.art, kit.u
    pile = shows.board.state["piles"][seat]
    if not pile:
        return
    chip = art.chip(str(len(pile)), max(10, int(rect.height * 0.17)), INK, (255, 244, 200))
    surface.blit(chip, chip.get_rect(center=(rect.right - int(2 * u), rect.bottom - int(2 * u))))


def draw_aux(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int, hidden: set[Any],
             shift: tuple[int, int] = (0, 0)) -> None:
    board, focus = shows.board, shows.focus
    rows = board.state["aux"][seat]
    rects = board.geometry.aux_rects(seat, rows)
    mine = seat == board.bottom
    for k, column in enumerate(rects):
        source = ("aux", k + 1)
        for i, rect in enumerate(column):
            rect = rect.move(shift)
            top = i == len(column) - 1
            if ("aux", seat, k, i) in hidden:
                continue
            if mine and top and focus.dragged == source:
                continue
            lift = board.lift(source) if mine and top else 0
            rect = rect.move(0, -lift)
            blit_card(kit, surface, rows[k][i], rect, 2)
            if top and mine and board.my_turn:
                if focus.selected == source:
                    outline(surface, rect, GOLD, 3)
                elif board.playable(source) and not board.end_step:
                    outline(surface, rect, SOFT_GOLD, 2)
            if ("aux", seat, k, i) in shows.motion.marks.places(seat):
                fx.last_move(surface, rect, kit.u, seat_tags(kit, [seat]), roundness=8)


def draw_seat_panel(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int,
                    panel: SeatPanel, hidden: set[Any],
                    cache: dict[int, tuple[Any, pygame.Surface]]) -> None:
    u = kit.u
    if shows.to_move == seat:
        active_frame(kit, shows.time, surface, panel.rect)
    hud.draw_plate(kit, surface, shows, seat, panel.header, int(15 * u))
    moving = ("pile", seat) in shows.motion.flips or any(
        len(h) > 1 and h[1] == seat and h[0] in ("hand", "aux") for h in hidden)
    if moving:
        draw_panel_body(kit, surface, shows, seat, panel, hidden, (0, 0))
        return
    # between moves the body of a panel does not change: draw it once, then blit it
    mark = tuple(shows.motion.marks.places(seat))
    key = (shows.view_version, mark, panel.rect.size, language())
    cached = cache.get(seat)
    if cached is None or cached[0] != key:
        body = pygame.Surface(panel.rect.size, pygame.SRCALPHA)
        draw_panel_body(kit, body, shows, seat, panel, hidden, (-panel.rect.x, -panel.rect.y))
        cached = (key, body.convert_alpha() if pygame.display.get_surface() else body)
        cache[seat] = cached
    surface.blit(cached[1], panel.rect)


def draw_panel_body(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int,
                    panel: SeatPanel, hidden: set[Any], shift: tuple[int, int]) -> None:
    """A seat panel's face-down hand, pile and auxiliary rows (``shift`` moves them)."""
    assets, art, u = kit.assets, kit.art, kit.u
    board = shows.board
    hand = board.hand(seat)
    for i, rect in enumerate(board.geometry.hand_rects(seat, len(hand))):
        if ("hand", seat, i) not in hidden:
            surface.blit(art.card("??", rect.size), rect.move(shift))
    pile = panel.pile.move(shift)
    draw_pile(kit, surface, shows, seat, pile)
    draw_pile_count(kit, surface, shows, seat, pile)
    label = assets.text(pt("cut the rope pile", "Pile"), int(11 * u), (80, 90, 110),
                        bold=True)
    surface.blit(label, label.get_rect(midtop=(pile.centerx, pile.bottom + int(10 * u))))
    count = len(board.state["aux"][seat])
    for k in range(count, len(panel.aux_x)):   # faint places of rows not started yet
        rect = pygame.Rect(panel.aux_x[k], panel.aux_y, *panel.card).move(shift)
        surface.blit(art.slot(rect.size, "", (190, 200, 215)), rect)
    draw_aux(kit, surface, shows, seat, hidden, shift)


def draw_bottom(kit: Kit, surface: pygame.Surface, shows: TableShows, hidden: set[Any],
                targets: list[str]) -> None:
    assets, layout = kit.assets, kit.layout
    u = layout.u
    board, focus = shows.board, shows.focus
    seat = board.bottom
    if shows.to_move == seat:
        active_frame(kit, shows.time, surface, layout.bottom_panel)
    hud.draw_plate(kit, surface, shows, seat, layout.bottom_header, int(17 * u))
    # pile
    pile_rect = layout.own_pile
    lifted = pile_rect.move(0, -board.lift(("pile",)))
    if focus.dragged != ("pile",):
        draw_pile(kit, surface, shows, seat, lifted)
    label = assets.text(pt("cut the rope pile", "Pile"), int(12 * u), (80, 90, 110),
                        bold=True)
    surface.blit(label, label.get_rect(midtop=(pile_rect.centerx,
                                               pile_rect.bottom + int(12 * u))))
    my_turn = board.my_turn
    if my_turn and focus.selected == ("pile",):
        outline(surface, lifted, GOLD, 3)
    elif my_turn and board.playable(("pile",)) and not board.end_step:
        outline(surface, lifted, SOFT_GOLD, 2)
    if focus.dragged != ("pile",):
        draw_pile_count(kit, surface, shows, seat, lifted)
    draw_own_aux(kit, surface, shows, hidden, targets)
    draw_hand(kit, surface, shows, hidden)
    hud.draw_controls(kit, surface, shows)


def draw_own_aux(kit: Kit, surface: pygame.Surface, shows: TableShows, hidden: set[Any],
                 targets: list[str]) -> None:
    """The bottom seat's aux rows, their headings, the new-row place and lit targets."""
    layout, art = kit.layout, kit.art
    u = layout.u
    board, focus = shows.board, shows.focus
    seat = board.bottom
    draw_aux(kit, surface, shows, seat, hidden)
    rows = board.state["aux"][seat]
    for k in range(layout.aux_rows):
        head = aux_heading(kit, k + 1)
        x = layout.own_aux_x[k] + layout.own_card[0] // 2
        surface.blit(head, head.get_rect(midbottom=(x, layout.own_aux_y - int(3 * u))))
    for k in range(len(rows), layout.aux_rows):
        rect = board.geometry.aux_slot(seat, k)
        if board.my_turn and k == len(rows):
            surface.blit(art.slot(rect.size, "+", AUX_BLUE, t("new row")), rect)
        else:
            surface.blit(art.slot(rect.size, "", (190, 200, 215)), rect)
    for target in targets:
        if not target.startswith("aux"):
            continue
        glow_rect = board.target_rect(target)
        if glow_rect is None:
            continue
        draw_glow(kit, surface, glow_rect, AUX_BLUE, pulse(shows.time))
        if target in (focus.kb_target, focus.hover_target):
            outline(surface, glow_rect, AUX_BLUE)
        tag = art.chip(t("ends turn"), int(11 * u), (30, 90, 160), (235, 245, 255))
        surface.blit(tag, tag.get_rect(midtop=(glow_rect.centerx, glow_rect.bottom + int(2 * u))))


def aux_heading(kit: Kit, k: int) -> pygame.Surface:
    """The heading over the bottom seat's auxiliary row ``k``: "Aux 2" within the column,
    smaller where it must be, or the bare number where the words do not fit at all."""
    assets, layout, u = kit.assets, kit.layout, kit.u
    width = layout.own_card[0] + int(2 * u)
    smallest = max(8, int(9 * u))
    colour = (80, 90, 110)
    if layout.aux_rows <= 3:
        words = t("Aux {k}", k=k)
        for size in range(int(11 * u), smallest - 1, -1):
            head = assets.text(words, size, colour, bold=True)
            if head.get_width() <= width:
                return head
    return assets.text(str(k), int(11 * u), colour, bold=True)


def draw_hand(kit: Kit, surface: pygame.Surface, shows: TableShows, hidden: set[Any]) -> None:
    """The bottom seat's fanned hand: face up for its owner, lifted under the mouse."""
    art = kit.art
    board, focus = shows.board, shows.focus
    seat = board.bottom
    my_turn = board.my_turn
    hand = board.hand(seat)
    slots = kit.layout.hand_slots(len(hand))
    open_ = board.open_hand(seat)
    end_step = my_turn and board.end_step
    for i, (rect, angle) in enumerate(slots):
        if ("hand", seat, i) in hidden or focus.dragged == ("hand", i):
            continue
        code = hand[i] if open_ else "??"
        lift = board.lift(("hand", i)) if open_ else 0
        rect = shows.hand_slide.shown(hand, i, rect)
        image = art.rotated(code, rect.size, angle)
        centre = rect.move(0, -lift).center
        shadow = kit.shadow(rect.size, rect.width // 8, 60)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 5)))
        surface.blit(image, image.get_rect(center=centre))
        if my_turn and focus.selected == ("hand", i):
            outline(surface, rect.move(0, -lift), GOLD, 3)
        elif end_step:
            outline(surface, rect.move(0, -lift), (120, 180, 240), 2)
        elif my_turn and board.playable(("hand", i)):
            outline(surface, rect.move(0, -lift), SOFT_GOLD, 2)
