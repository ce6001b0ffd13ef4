"""Drawing the Královská cesta board: wood, the track, pyramids, highlights, tooltips; and the
order in which the side panels (``royal_road_panels``) and the full-table moments
(``royal_road_screens``) are put over it. Input and flow live in ``royal_road.py``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import anim, theme
from game.client.i18n import language, t
from game.client.tables.royal_road.art import trio
from game.client.tables.royal_road.fx import OVERSTEP, SPECIALS, WOOD, glow, plain, pulse, tint
from game.client.tables.royal_road.hud import (
    draw_banner,
    draw_drawer,
    draw_log,
    draw_plate_status,
    draw_plates,
    draw_prompt,
    draw_tray,
)
from game.client.tables.royal_road.layout import base_point
from game.client.tables.royal_road.motion import card_rect_now
from game.client.tables.royal_road.screens import (
    draw_keep_backdrop,
    draw_keep_screen,
    draw_reveal,
)

if TYPE_CHECKING:
    from game.client.tables.royal_road.scene import RoyalRoadTable


# --- cached pieces ------------------------------------------------------------------------------
def background(table: RoyalRoadTable, size: tuple[int, int]) -> pygame.Surface:
    """Wood, the road joining the cards, the panel frames; built once per size."""
    if table.background is not None and table.background.get_size() == size:
        return table.background
    app, layout = table.app, table.layout
    u = layout.u
    surface = pygame.Surface(size)
    surface.fill(WOOD)
    half = (max(1, size[0] // 2), max(1, size[1] // 2))
    wood = app.assets.sprite("royal_road/wood.svg", half, lambda s: plain(s, WOOD))
    surface.blit(pygame.transform.smoothscale(wood, size), (0, 0))
    deco = pygame.Surface(size, pygame.SRCALPHA)
    centres = [r.center for r in layout.card_rects]
    if len(centres) > 1:
        pygame.draw.lines(deco, (20, 10, 6, 110), False, centres, int(46 * u))
        pygame.draw.lines(deco, (236, 196, 110, 46), False, centres, int(30 * u))
        for a, b in zip(centres, centres[1:], strict=False):
            steps = max(1, int(math.dist(a, b) / (18 * u)))
            for i in range(steps):
                x, y = anim.lerp_point(a, b, i / steps)
                pygame.draw.circle(deco, (255, 226, 150, 70), (int(x), int(y)), int(2.5 * u))
    for rect in (layout.left, layout.right):
        pygame.draw.rect(deco, (0, 0, 0, 90), rect, border_radius=int(14 * u))
        pygame.draw.rect(deco, (255, 220, 170, 40), rect, width=2, border_radius=int(14 * u))
    if layout.is_u:
        pygame.draw.rect(deco, (0, 0, 0, 40), layout.middle, border_radius=int(18 * u))
    surface.blit(deco, (0, 0))
    if layout.is_u:
        emblem(table, surface)
    table.background = surface.convert() if pygame.display.get_surface() else surface
    return table.background


def emblem(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    """The game's name and a crown, faint, in the open middle of the track."""
    app, layout = table.app, table.layout
    u = layout.u
    middle = layout.middle
    side = int(min(middle.height * 0.42, 150 * u))
    for i, code in enumerate(("rL", "yL", "bL")):
        image = table.art.pyramid(code, side).copy()
        image.set_alpha(52)
        x = middle.centerx + (i - 1) * side * 0.62
        surface.blit(image, image.get_rect(midbottom=(int(x), middle.centery + side // 2
                                                      - int(10 * u) + (i % 2) * int(8 * u))))
    title = app.assets.outlined_text(t("game.royal_road").upper(), int(40 * u), (236, 196, 110),
                                     (40, 22, 12), width=max(2, int(2 * u))).copy()
    title.set_alpha(70)
    surface.blit(title, title.get_rect(midtop=(middle.centerx, middle.centery
                                               + side // 2 - int(6 * u))))


# --- the table ---------------------------------------------------------------------------------
def draw_table(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    if table.concealed:
        surface.blit(background(table, surface.get_size()), (0, 0))
        return
    rects = current_card_rects(table)
    dynamic = dynamic_pyramids(table)
    if table.keep_screen_open():
        # the setup choice covers the table: its dimmed picture is made once, then only the
        # five cards are drawn per frame
        layer = static_layer(table, surface.get_size(), rects, dynamic)
        surface.blit(keep_backdrop(table, layer), (0, 0))
        draw_keep_screen(table, surface, backdrop=False)
        return
    if table.card_moves:   # a swap is sliding cards: draw everything this frame
        surface.blit(background(table, surface.get_size()), (0, 0))
        draw_static(table, surface, rects, dynamic)
    else:
        surface.blit(static_layer(table, surface.get_size(), rects, dynamic), (0, 0))
    draw_card_marks(table, surface, rects)
    draw_pyramids(table, surface, rects, dynamic, static=False)
    draw_plate_status(table, surface)
    draw_tray(table, surface)
    draw_drawer(table, surface)
    draw_prompt(table, surface)
    draw_banner(table, surface)
    draw_tooltip(table, surface, rects)
    if table.reveal is not None:
        draw_reveal(table, surface)


def keep_backdrop(table: RoyalRoadTable, layer: pygame.Surface) -> pygame.Surface:
    key = (table._layer[0] if table._layer else None, table.viewer, language())
    cached = getattr(table, "_keep_backdrop", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    surface = layer.copy()
    draw_keep_backdrop(table, surface)
    table._keep_backdrop = (key, surface)
    return surface


def dynamic_pyramids(table: RoyalRoadTable) -> frozenset[str]:
    """Pyramids drawn every frame (moving, standing up, or pickable); the rest are baked."""
    return frozenset(table.movers) | frozenset(table.standing_up) | \
        frozenset(table.legal()["moves"])


def draw_static(table: RoyalRoadTable, surface: pygame.Surface, rects: list[pygame.FRect],
                dynamic: frozenset[str]) -> None:
    draw_cards(table, surface, rects)
    draw_pyramids(table, surface, rects, dynamic, static=True)
    draw_plates(table, surface)
    draw_log(table, surface)


def static_layer(table: RoyalRoadTable, size: tuple[int, int], rects: list[pygame.FRect],
                 dynamic: frozenset[str]) -> pygame.Surface:
    """Wood, cards, resting pyramids, plates and log in one surface, rebuilt only when one
    of them changes (a move, a log line, a pyramid becoming pickable), so a frame costs a
    single full-screen blit plus what moves."""
    match = table.match
    key = (id(table.view_dict), dynamic, table.last_path, len(table.entries), language(),
           match.to_move, table.reveal is not None, size)
    cached = table._layer
    if cached is not None and cached[0] == key:
        return cached[1]
    layer = background(table, size).copy()
    draw_static(table, layer, rects, dynamic)
    table._layer = (key, layer)
    return layer


def current_card_rects(table: RoyalRoadTable) -> list[pygame.FRect]:
    rects = table.layout.card_rects
    return [card_rect_now(table.card_moves.get(q), rect) for q, rect in enumerate(rects)]


def draw_cards(table: RoyalRoadTable, surface: pygame.Surface,
               rects: list[pygame.FRect]) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    track = table.track()
    order = sorted(range(len(track)), key=lambda q: q in table.card_moves)
    for q in order:
        rect = rects[q]
        lift = int(10 * u) if q in table.card_moves else 0
        surface.blit(app.shadow(layout.card_size, layout.card_size[0] // 9, 90),
                     (rect.x + 3, rect.y + 5 + lift))
        surface.blit(table.art.card(track[q], layout.card_size), (rect.x, rect.y - lift))
        r = pygame.Rect(int(rect.x), int(rect.y), *layout.card_size)
        if table.last_path is not None:
            _, start, end = table.last_path
            if q == end:
                pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=2,
                                 border_radius=r.width // 8)
            elif q == start:
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(6, 6), width=1,
                                 border_radius=r.width // 8)
        # the position number on a little tag hanging from the card's lower edge, clear of
        # the pyramids (the log speaks in these numbers)
        number = app.assets.text(str(q), int(11 * u), (246, 232, 200), bold=True)
        tag = number.get_rect(center=(r.centerx, r.bottom + int(1 * u))).inflate(int(10 * u), 2)
        pygame.draw.rect(surface, (40, 26, 18), tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, (176, 128, 24), tag, width=1, border_radius=tag.height // 2)
        surface.blit(number, number.get_rect(center=tag.center))


def draw_card_marks(table: RoyalRoadTable, surface: pygame.Surface,
                    rects: list[pygame.FRect]) -> None:
    """Glows on legal landings (red past a stop), swappable cards and the key cursor."""
    app, layout = table.app, table.layout
    u = layout.u
    legal = table.legal()
    if not legal["moves"] and not legal["swaps"]:
        return
    beat = pulse(table)
    landings: set[int] = set()
    faint: set[int] = set()
    over: set[int] = set()
    if legal["moves"]:
        if table.selected in legal["moves"]:
            landings = set(legal["moves"][table.selected])
            over = table.overstep_targets(table.selected)
        else:
            hovered = table.pyramid_at(table.mouse)
            if hovered in legal["moves"]:
                faint = set(legal["moves"][hovered])
    swappable = table.swappable() if legal["swaps"] else set()
    for q, rect in enumerate(rects):
        r = pygame.Rect(int(rect.x), int(rect.y), *layout.card_size)
        if q in landings or q in faint:
            colour = OVERSTEP if q in over else theme.GOLD
            g = glow(table, layout.card_size, colour)
            g.set_alpha(int(150 + 105 * beat) if q in landings else int(120 * beat))
            surface.blit(g, g.get_rect(center=r.center))
            if q in landings:
                surface.blit(tint(table, layout.card_size, colour, 55), r)
                pygame.draw.rect(surface, colour, r.inflate(4, 4), width=2,
                                 border_radius=r.width // 8)
            if q in over:
                mark = app.assets.outlined_text("!", int(22 * u), OVERSTEP, theme.INK)
                surface.blit(mark, mark.get_rect(center=(r.x + int(10 * u), r.centery)))
        if q in swappable:
            chosen = q in table.swap_pick
            g = glow(table, layout.card_size, theme.GOLD if chosen else (170, 210, 255))
            g.set_alpha(int(255 * (1.0 if chosen else 0.5 * beat)))
            surface.blit(g, g.get_rect(center=r.center))
        if q == table.target and table.selected is not None or \
                (q == table.cursor and swappable):
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, int(4 * u)),
                             border_radius=r.width // 7)


def _angle_for(table: RoyalRoadTable, code: str, lying: set[str]) -> float:
    tween = table.standing_up.get(code)
    if tween is not None:
        return 90 * (1 - tween.value)
    return 90.0 if code in lying else 0.0


def _blit_pyramid(table: RoyalRoadTable, surface: pygame.Surface, code: str, box: int,
                  point: tuple[float, float], angle: float, scale: float = 1.0,
                  alpha: int = 255) -> pygame.Rect:
    step = 15
    quant = int(round(angle / step) * step) % 360
    image = table.art.pyramid(code, box, quant, table.big_symbols)
    if scale != 1.0:
        size = (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
        image = pygame.transform.smoothscale(image, size)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    x, y = point
    rect = image.get_rect(midbottom=(int(x), int(y + box * 0.03)))
    surface.blit(image, rect)
    return rect


def draw_pyramids(table: RoyalRoadTable, surface: pygame.Surface,
                  rects: list[pygame.FRect], dynamic: frozenset[str], static: bool) -> None:
    layout, state = table.layout, table.view_dict
    u = layout.u
    track = table.track()
    lying = set(state.get("lying", []))
    legal = table.legal()
    movable = set(legal["moves"])
    hovered = table.pyramid_at(table.mouse) if movable else None
    items = []
    for code, q in state.get("pyramids", {}).items():
        if code in table.movers or (code in dynamic) == static:
            continue
        special = track[q] in SPECIALS
        point = base_point(rects[q], special, code)
        items.append((point[1], code, q, special, point))
    items.sort()
    hits: list[tuple[pygame.Rect, str]] = []
    for _, code, _q, special, point in items:
        box = layout.small_box if special else layout.box
        angle = _angle_for(table, code, lying)
        if code in movable:
            chosen = code == table.selected
            w = int(box * (0.9 if chosen else 0.75))
            ring = pygame.Rect(0, 0, w, max(4, int(w * 0.32)))
            ring.center = (int(point[0]), int(point[1]))
            colour = theme.GOLD if chosen else (255, 236, 170)
            if chosen:
                halo = glow(table, (box, box))
                halo.set_alpha(int(255 * pulse(table, 6)))
                surface.blit(halo, halo.get_rect(midbottom=(int(point[0]),
                                                            int(point[1] + box * 0.25))))
            pygame.draw.ellipse(surface, colour, ring, width=max(2, int(3 * u)) if chosen else 2)
            if chosen or code == hovered:
                point = (point[0], point[1] - 4 * u)
        rect = _blit_pyramid(table, surface, code, box, point, angle)
        visible = table.art.pyramid_box_rect(code, box).move(rect.topleft) if not angle else rect
        hits.append((visible.inflate(int(6 * u), int(6 * u)), code))
    if static:
        return
    for code, mover in table.movers.items():
        pose = mover.pose()
        box = layout.box
        size = int(box * pose.scale)
        surface.blit(table.app.shadow((max(2, size // 2), max(2, size // 8)), size // 8, 60),
                     (pose.point[0] - size // 4, pose.point[1] - size // 16))
        _blit_pyramid(table, surface, code, box, pose.point, pose.angle, pose.scale, pose.alpha)
    table.pyr_hits = hits
    draw_ghost(table, surface, rects)


def draw_ghost(table: RoyalRoadTable, surface: pygame.Surface,
               rects: list[pygame.FRect]) -> None:
    """A see-through copy of the picked pyramid where it would land (mouse or keys)."""
    code = table.selected
    if code is None:
        return
    landings = table.legal()["moves"].get(code, [])
    q = table.layout.card_at(table.mouse)
    if q not in landings:
        q = table.target
    if q is None or q not in landings:
        return
    special = table.special(q)
    box = table.layout.small_box if special else table.layout.box
    point = base_point(rects[q], special, code)
    alpha = int(110 + 60 * pulse(table, 4))
    _blit_pyramid(table, surface, code, box, point, 0.0, 1.0, alpha)


def draw_tooltip(table: RoyalRoadTable, surface: pygame.Surface,
                 rects: list[pygame.FRect]) -> None:
    """Resting the mouse on a card shows its trio large (or what a special card does)."""
    q = table.hover_card
    if q is None or table.hover_time < 0.35 or table.keep_screen_open() or \
            table.reveal is not None or q >= len(table.track()):
        return
    app, layout = table.app, table.layout
    u = layout.u
    code = table.track()[q]
    pad = int(8 * u)
    if code in SPECIALS:
        body = app.assets.text(t(f"rr.tip.{code.lower()}"), int(13 * u), theme.INK,
                               wrap=int(220 * u))
        size = (body.get_width() + 2 * pad, body.get_height() + 2 * pad)
    else:
        box = int(46 * u)
        label = app.assets.text(t("rr.tip.card", q=q), int(11 * u), (90, 70, 50))
        size = (max(3 * box, label.get_width()) + 2 * pad, box + 2 * pad + int(16 * u))
    card = rects[q]
    rect = pygame.Rect(0, 0, *size)
    rect.midbottom = (int(card.centerx), int(card.y) - int(6 * u))
    if rect.top < layout.area.top:
        rect.midtop = (int(card.centerx), int(card.bottom) + int(6 * u))
    rect.clamp_ip(layout.area.inflate(int(40 * u), 0))
    surface.blit(app.shadow(rect.size, int(8 * u), 90), rect.move(0, 4))
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=int(8 * u))
    pygame.draw.rect(surface, theme.GOLD_DARK, rect, width=2, border_radius=int(8 * u))
    if code in SPECIALS:
        surface.blit(body, (rect.x + pad, rect.y + pad))
        return
    x0 = rect.centerx - 3 * box // 2
    for i, p in enumerate(trio(code)):
        image = table.art.pyramid(p, box, 0, table.big_symbols)
        surface.blit(image, (x0 + i * box, rect.y + pad))
    surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - int(4 * u))))
