"""Drawing the Královská cesta table (kept apart from input and flow in ``royal_road.py``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import anim, theme
from game.client.i18n import language, t
from game.client.tables.royal_road_art import COLOUR_RGB, trio
from game.client.tables.royal_road_layout import base_point
from game.client.tables.royal_road_motion import card_rect_now

if TYPE_CHECKING:
    from game.client.tables.royal_road import LogEntry, RoyalRoadTable

SPECIALS = ("START", "JAIL", "TRAPDOOR", "GOAL")
WOOD = (62, 38, 24)
PANEL = (24, 16, 12)
OVERSTEP = (236, 92, 60)
TEXT_SOFT = (232, 220, 200)


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
    wood = app.assets.sprite("royal_road/wood.svg", half, lambda s: _plain(s, WOOD))
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


def _plain(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface


def glow(table: RoyalRoadTable, size: tuple[int, int], colour=theme.GOLD) -> pygame.Surface:
    key = ("rr-glow", size, colour)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        pad = int(12 * table.layout.u)
        surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        for i in range(pad, 0, -2):
            alpha = int(150 * (1 - i / pad) + 25)
            pygame.draw.rect(surface, (*colour, alpha),
                             surface.get_rect().inflate(-2 * (pad - i), -2 * (pad - i)),
                             width=2, border_radius=int(size[0] * 0.12) + i)
        cache[key] = surface
    return surface


def tint(table: RoyalRoadTable, size: tuple[int, int], colour, alpha: int) -> pygame.Surface:
    key = ("rr-tint", size, colour, alpha)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*colour, alpha), surface.get_rect(),
                         border_radius=max(3, size[0] // 10))
        cache[key] = surface
    return surface


def _pulse(table: RoyalRoadTable, speed: float = 5.0) -> float:
    return 0.55 + 0.45 * math.sin(table.time * speed)


# --- the table ---------------------------------------------------------------------------------
def draw_table(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    if table.concealed:
        surface.blit(background(table, surface.get_size()), (0, 0))
        return
    rects = current_card_rects(table)
    dynamic = dynamic_pyramids(table)
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
    if table.keep_screen_open():
        draw_keep_screen(table, surface)
    if table.reveal is not None:
        draw_reveal(table, surface)


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
        number = app.assets.outlined_text(str(q), int(12 * u), theme.WHITE, theme.INK, width=1)
        surface.blit(number, number.get_rect(bottomleft=(r.x + int(3 * u),
                                                          r.bottom - int(1 * u))))


def draw_card_marks(table: RoyalRoadTable, surface: pygame.Surface,
                    rects: list[pygame.FRect]) -> None:
    """Glows on legal landings (red past a stop), swappable cards and the key cursor."""
    app, layout = table.app, table.layout
    u = layout.u
    legal = table.legal()
    if not legal["moves"] and not legal["swaps"]:
        return
    pulse = _pulse(table)
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
            g.set_alpha(int(150 + 105 * pulse) if q in landings else int(120 * pulse))
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
            g.set_alpha(int(255 * (1.0 if chosen else 0.5 * pulse)))
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
                halo.set_alpha(int(255 * _pulse(table, 6)))
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
    alpha = int(110 + 60 * _pulse(table, 4))
    _blit_pyramid(table, surface, code, box, point, 0.0, 1.0, alpha)


# --- seats and log ---------------------------------------------------------------------------
def draw_plates(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, layout, match, state = table.app, table.layout, table.match, table.view_dict
    u = layout.u
    to_move = match.to_move
    skips = state.get("skips", [])
    kept = state.get("kept", [])
    for seat, info in enumerate(match.seats):
        rect = layout.plate(seat, len(match.seats))
        active = to_move == seat
        surface.blit(app.overlay(rect.size, 150 if active else 110, (20, 12, 8)), rect)
        pygame.draw.rect(surface, theme.GOLD if active else (120, 96, 70), rect, width=2,
                         border_radius=int(10 * u))
        icon_size = int(rect.height * 0.5)
        icon = app.assets.sprite("ui/robot.svg" if info.is_ai else "ui/person.svg",
                                 (icon_size, icon_size),
                                 lambda s: pygame.Surface(s, pygame.SRCALPHA))
        surface.blit(icon, (rect.x + int(8 * u), rect.y + int(8 * u)))
        colour = theme.GOLD if active else theme.WHITE
        cards = kept[seat] if seat < len(kept) else []
        room = plate_text_width(table, rect, len(cards))
        name = app.assets.text(info.name, int(17 * u), colour, bold=True)
        if name.get_width() > room:
            name = app.assets.text(info.name, int(13 * u), colour, bold=True)
        x = rect.x + icon_size + int(14 * u)
        surface.blit(name, (x, rect.y + int(6 * u)))
        if seat < len(skips) and skips[seat]:
            badge = app.assets.text(t("rr.skips", n=skips[seat]), int(12 * u), theme.WHITE,
                                    bold=True)
            pill = badge.get_rect(topleft=(x, rect.y + int(44 * u))).inflate(int(10 * u), 2)
            pygame.draw.rect(surface, theme.RED, pill, border_radius=pill.height // 2)
            surface.blit(badge, badge.get_rect(center=pill.center))
        draw_mini_cards(table, surface, cards, rect, seat)
        if table.reveal is not None and table.reveal["seat"] == seat:
            crown = app.assets.outlined_text("♛", int(20 * u), theme.GOLD, theme.INK)
            surface.blit(crown, crown.get_rect(midright=(rect.right - int(6 * u),
                                                         rect.y + int(14 * u))))


def draw_plate_status(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    """The per-frame part of the seat plates: the pulsing ring and "thinking…"."""
    app, layout, match = table.app, table.layout, table.match
    u = layout.u
    to_move = match.to_move
    for seat, info in enumerate(match.seats):
        rect = layout.plate(seat, len(match.seats))
        active = to_move == seat
        if active:
            g = glow(table, rect.size)
            g.set_alpha(int(255 * _pulse(table, 4)))
            surface.blit(g, g.get_rect(center=rect.center))
        status = t(f"setup.level.{info.level}") if info.is_ai else t("setup.human")
        status_colour = (200, 190, 170)
        if match.thinking == seat and not match.over:
            status = t("turn.thinking_short") + "." * (1 + int(table.time * 3) % 3)
            status_colour = theme.GOLD
        elif active and not info.is_ai:
            status, status_colour = t("turn.yours_short"), theme.GOLD
        image = app.assets.text(status, int(13 * u), status_colour, bold=active)
        kept = table.view_dict.get("kept", [])
        room = plate_text_width(table, rect, len(kept[seat]) if seat < len(kept) else 0)
        if image.get_width() > room:
            image = app.assets.text(status, int(10 * u), status_colour, bold=active)
        x = rect.x + int(rect.height * 0.5) + int(14 * u)
        surface.blit(image, (x, rect.y + int(28 * u)))


def draw_mini_cards(table: RoyalRoadTable, surface: pygame.Surface, cards: list[str],
                    plate: pygame.Rect, seat: int) -> None:
    """Each seat's kept cards, stacked at the plate's right: a trio chip when the screen may
    show it, a small lying card back otherwise. In hot-seat games even your own cards show
    only in the drawer, so a glance over your shoulder at the plates gives nothing away."""
    if not cards:
        return
    u = table.layout.u
    reveal = table.reveal
    rh = int(min(26 * u, (plate.height - 10 * u) / len(cards)))
    y = plate.centery - (rh * len(cards) + int(3 * u) * (len(cards) - 1)) // 2
    right = plate.right - int(7 * u)
    for code in cards:
        face = trio(code) and (table.viewer is None or not table.match.hot_seat
                               or (reveal is not None and reveal["seat"] == seat
                                   and reveal["card"] == code))
        if face:
            chip = pygame.Rect(0, y, int(rh * 1.75), rh)
            chip.right = right
            pygame.draw.rect(surface, (250, 240, 214), chip, border_radius=int(5 * u))
            pygame.draw.rect(surface, (185, 131, 27), chip, width=1, border_radius=int(5 * u))
            table.art.draw_trio(surface, code, chip.inflate(-int(4 * u), -int(3 * u)))
        else:
            back = _small_back(table, (rh, int(rh * 1.4)))
            chip = back.get_rect(topright=(right - int(rh * 0.35), y))
            surface.blit(back, chip)
        y += rh + int(3 * u)


def plate_text_width(table: RoyalRoadTable, plate: pygame.Rect, cards: int) -> int:
    """Room for the name and status between the icon and the kept-card chips."""
    u = table.layout.u
    chips = int(min(26 * u, (plate.height - 10 * u) / max(1, cards)) * 1.75) if cards else 0
    return plate.width - int(plate.height * 0.5) - int(28 * u) - chips


def _small_back(table: RoyalRoadTable, size: tuple[int, int]) -> pygame.Surface:
    key = ("rr-back-lying", size)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        card = table.art.assets.sprite("royal_road/card_back.svg", size)
        surface = cache[key] = pygame.transform.rotate(card, 90)
    return surface


def draw_log(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    area = layout.log_rect
    if area.height < 40 * u:
        return
    title = app.assets.text(t("log.title"), int(15 * u), theme.GOLD, bold=True)
    surface.blit(title, (area.x + int(10 * u), area.y + int(4 * u)))
    top = area.y + title.get_height() + int(10 * u)
    y = area.bottom - int(8 * u)
    for index in range(len(table.entries) - 1, -1, -1):
        image = log_image(table, table.entries[index], area.width - int(20 * u),
                          index == len(table.entries) - 1)
        if y - image.get_height() < top:
            break
        y -= image.get_height() + int(2 * u)
        surface.blit(image, (area.x + int(10 * u), y))


def log_image(table: RoyalRoadTable, entry: LogEntry, width: int, latest: bool
              ) -> pygame.Surface:
    key = (width, latest, language())
    cached = entry.image.get(key)
    if cached is not None:
        return cached
    app, u = table.app, table.layout.u
    size = int(13 * u)
    colour = theme.WHITE if latest else (214, 204, 186)
    parts: list[pygame.Surface] = []
    if entry.seat is not None:
        parts.append(app.assets.text(table.seat_name(entry.seat) + ": ", size, theme.GOLD,
                                     bold=True))
    for part in entry.parts:
        if isinstance(part, tuple) and part[0] == "pyr":
            parts.append(table.art.pyramid(part[1], int(size * 1.6)))
        elif isinstance(part, tuple) and part[0] == "die":
            parts.append(table.art.die(part[1], int(size * 1.3)))
        elif isinstance(part, tuple) and part[0] == "card":
            chip = pygame.Surface((int(size * 3.6), int(size * 1.5)), pygame.SRCALPHA)
            pygame.draw.rect(chip, (250, 240, 214), chip.get_rect(), border_radius=4)
            table.art.draw_trio(chip, part[1], chip.get_rect().inflate(-4, -2))
            parts.append(chip)
        else:
            for word in str(part).split():
                parts.append(app.assets.text(word + " ", size, colour))
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for part in parts:
        if rows[-1] and used + part.get_width() > width:
            rows.append([])
            used = int(10 * u)
        rows[-1].append(part)
        used += part.get_width()
    height = max(p.get_height() for p in parts)
    line = pygame.Surface((width, height * len(rows)), pygame.SRCALPHA)
    if latest:
        pygame.draw.rect(line, (255, 255, 255, 36), line.get_rect(), border_radius=5)
    for r, row in enumerate(rows):
        x = 0 if r == 0 else int(10 * u)
        for part in row:
            line.blit(part, (x, r * height + (height - part.get_height()) // 2))
            x += part.get_width()
    entry.image = {key: line}
    return line


# --- the die tray -----------------------------------------------------------------------------
def draw_tray(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, layout, state = table.app, table.layout, table.view_dict
    u = layout.u
    legal = table.legal()
    title = app.assets.text(t("rr.die"), int(15 * u), theme.GOLD, bold=True)
    surface.blit(title, (layout.right.x + int(12 * u), layout.right.y + int(8 * u)))
    rect = layout.die_rect
    pygame.draw.ellipse(surface, (12, 8, 6), rect.inflate(int(40 * u), int(8 * u)).move(
        0, int(40 * u)).clip(rect.inflate(int(40 * u), int(60 * u))))
    colour, previous = state.get("color"), state.get("previous_color")
    tumble = table.die_tween
    if tumble is not None and not tumble.done:
        draw_tumble(table, surface, tumble)
        caption = t("rr.rolling")
    else:
        face = colour or previous
        if face is None:
            image = table.art.die("w", layout.die_size).copy()
            image.set_alpha(70)
            surface.blit(image, rect)
            caption = t("rr.no_colour")
        else:
            image = table.art.die(face, layout.die_size)
            if colour is None:
                image = image.copy()
                image.set_alpha(110)
                caption = t("rr.previous", colour=table.color_name(face))
            else:
                caption = table.color_name(face) if face != "w" else t("rr.colour.w_any")
            pulse = table.die_pulse
            if pulse is not None and pulse.started:
                grow = 1 + 0.25 * math.sin(pulse.raw * math.pi)
                image = pygame.transform.smoothscale(image, (int(rect.w * grow),
                                                             int(rect.h * grow)))
            surface.blit(image, image.get_rect(center=rect.center))
            if colour is not None:
                g = glow(table, rect.size, COLOUR_RGB[face] if face != "k" else (200, 200, 210))
                g.set_alpha(int(140 * _pulse(table, 3)))
                surface.blit(g, g.get_rect(center=rect.center))
    text = app.assets.text(caption, int(14 * u), theme.WHITE, bold=True)
    surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + int(6 * u))))
    if state.get("step") == "bonus":
        if legal["noswap"]:
            _button(table, surface, layout.noswap_button, t("rr.noswap"), "N", True)
    else:
        roll_on = legal["roll"]
        _button(table, surface, layout.roll_button, t("rr.roll"), "R", roll_on,
                primary=roll_on)
        if table.reuse_rule:
            reuse_on = legal["reuse"]
            label = t("rr.reuse", colour=table.color_name(previous)) if previous and \
                previous != "w" else t("rr.reuse_none")
            _button(table, surface, layout.reuse_button, label, "U", reuse_on,
                    swatch=previous if previous and previous != "w" else None)
    if table.overstep_rule:
        on = table.report_visible()
        _button(table, surface, layout.report_button, t("rr.report"), "X", on,
                colour=(214, 70, 52) if on else None)


def draw_tumble(table: RoyalRoadTable, surface: pygame.Surface, tween: anim.Tween) -> None:
    """The die tumbles and bounces, showing changing faces, and settles on the roll."""
    layout = table.layout
    raw = tween.raw
    rect = layout.die_rect
    faces = "rygbkw"
    if raw >= 0.82 or not tween.started:
        face = table.die_face or "w"
    else:
        face = faces[(int(raw * 14) * 5 + 3) % 6]
    angle = (1 - raw) ** 2 * 720
    bounce = abs(math.sin(raw * 3 * math.pi)) * (1 - raw) * 26 * layout.u
    squash = 1 + 0.08 * math.sin(raw * 6 * math.pi) * (1 - raw)
    image = table.art.die(face, layout.die_size)
    image = pygame.transform.rotozoom(image, angle, squash)
    surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - bounce)))


def _button(table: RoyalRoadTable, surface: pygame.Surface, rect: pygame.Rect, label: str,
            key: str, enabled: bool, primary: bool = False, swatch: str | None = None,
            colour: tuple[int, int, int] | None = None) -> None:
    app, u = table.app, table.layout.u
    hovered = enabled and rect.collidepoint(table.mouse)
    lift = 2 if hovered else 0
    r = rect.move(0, -lift)
    surface.blit(app.shadow(rect.size, rect.height // 3), rect.move(0, 4))
    face = app.assets.sprite("ui/button_hover.svg" if hovered else "ui/button.svg", rect.size)
    surface.blit(face, r)
    if colour is not None:
        surface.blit(tint(table, rect.size, colour, 150), r)
    if primary:
        pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4), width=3,
                         border_radius=rect.height // 3)
    x = r.x + int(10 * u)
    if swatch:
        chip = table.art.die(swatch, int(rect.height * 0.62))
        surface.blit(chip, chip.get_rect(midleft=(x, r.centery)))
        x += chip.get_width() + int(6 * u)
    ink = theme.INK if colour is None else theme.WHITE
    text = app.assets.text(label, int(14 * u), ink, bold=True)
    if text.get_width() > r.right - x - int(30 * u):
        text = app.assets.text(label, int(11 * u), ink, bold=True)
    surface.blit(text, text.get_rect(midleft=(x, r.centery)))
    hint = app.assets.text(key, int(11 * u), (110, 96, 80) if colour is None else theme.WHITE,
                           bold=True)
    surface.blit(hint, hint.get_rect(midright=(r.right - int(10 * u), r.centery)))
    if not enabled:
        surface.blit(tint(table, rect.size, (30, 24, 20), 140), rect)


# --- the secret cards -----------------------------------------------------------------------------
def draw_drawer(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, layout, state = table.app, table.layout, table.view_dict
    u = layout.u
    if table.reveal is not None and table.reveal["tween"].done:
        draw_winner_card(table, surface)
        return
    viewer = table.viewer
    tab = layout.drawer_tab
    if viewer is None:
        text = app.assets.text(t("rr.spectator"), int(13 * u), TEXT_SOFT, wrap=tab.width
                               - int(20 * u))
        surface.blit(text, (tab.x + int(10 * u), tab.y + int(8 * u)))
        return
    hovered = tab.collidepoint(table.mouse)
    pygame.draw.rect(surface, (70, 46, 30) if hovered else (52, 34, 22), tab,
                     border_radius=int(10 * u))
    pygame.draw.rect(surface, theme.GOLD, tab, width=2, border_radius=int(10 * u))
    arrow = "▾" if table.drawer_open else "▸"
    label = app.assets.text(f"{arrow} {t('rr.drawer')}", int(14 * u), theme.WHITE, bold=True)
    surface.blit(label, label.get_rect(midleft=(tab.x + int(10 * u), tab.centery)))
    key = app.assets.text("C", int(11 * u), theme.GOLD, bold=True)
    surface.blit(key, key.get_rect(midright=(tab.right - int(10 * u), tab.centery)))
    kept = state.get("kept", [])
    cards = [c for c in (kept[viewer] if viewer < len(kept) else []) if trio(c)]
    if not table.drawer_open:
        hint = app.assets.text(t("rr.drawer_hint"), int(12 * u), TEXT_SOFT,
                               wrap=tab.width - int(16 * u))
        surface.blit(hint, (tab.x + int(8 * u), tab.bottom + int(8 * u)))
        return
    if not cards:
        text = app.assets.text(t("rr.drawer_empty"), int(13 * u), TEXT_SOFT,
                               wrap=tab.width - int(16 * u))
        surface.blit(text, (tab.x + int(8 * u), tab.bottom + int(10 * u)))
        return
    positions = state.get("pyramids", {})
    goal = len(table.track()) - 1
    for i, code in enumerate(cards):
        rect = layout.secret_rect(i, len(cards))
        surface.blit(app.shadow(rect.size, rect.width // 9, 90), rect.move(3, 5))
        surface.blit(table.art.card(code, rect.size), rect)
        done = sum(1 for p in trio(code) if positions.get(p) == goal)
        y = rect.bottom + int(8 * u)
        box = int(rect.width / 3.2)
        for j, p in enumerate(trio(code)):
            image = table.art.pyramid(p, box)
            cx = rect.x + rect.width * (j + 0.5) / 3
            surface.blit(image, image.get_rect(midtop=(int(cx), y)))
            where = positions.get(p, 0)
            mark = "✓" if where == goal else str(where)
            text = app.assets.text(mark, int(12 * u), theme.GOLD if where == goal else
                                   theme.WHITE, bold=True)
            surface.blit(text, text.get_rect(midtop=(int(cx), y + box + int(2 * u))))
        line = app.assets.text(t("rr.in_goal", n=done), int(12 * u), theme.GOLD)
        surface.blit(line, line.get_rect(midtop=(rect.centerx, y + box + int(20 * u))))


def winner_card_rect(table: RoyalRoadTable) -> pygame.Rect:
    layout = table.layout
    rect = layout.secret_rect(0, 1)
    rect = rect.inflate(int(rect.width * 0.3), int(rect.height * 0.3))
    rect.midtop = (layout.drawer.centerx, layout.drawer.y + int(36 * layout.u))
    return rect


def reveal_size(table: RoyalRoadTable) -> tuple[int, int]:
    u = table.layout.u
    return (int(190 * u), int(266 * u))


def draw_winner_card(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    reveal = table.reveal
    rect = winner_card_rect(table)
    text = app.assets.text(t("rr.winning_card", name=table.seat_name(reveal["seat"])),
                           int(14 * u), theme.GOLD, bold=True, wrap=layout.drawer.width
                           - int(16 * u), align="center")
    surface.blit(text, text.get_rect(midtop=(layout.drawer.centerx, layout.drawer.y)))
    g = glow(table, rect.size)
    g.set_alpha(int(255 * _pulse(table, 3)))
    surface.blit(g, g.get_rect(center=rect.center))
    surface.blit(table.art.card(reveal["card"], rect.size), rect)


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


# --- prompts and banners -----------------------------------------------------------------------
def prompt_text(table: RoyalRoadTable) -> str:
    match, state = table.match, table.view_dict
    step = state.get("step")
    seat = match.to_move
    if seat is None:
        return ""
    name = table.seat_name(seat)
    if match.thinking == seat:
        return t("rr.prompt.thinking", name=name)
    if match.notice is not None:
        return ""
    legal = table.legal()
    if not legal["any"]:
        return ""
    if step == "keep":
        return t("rr.prompt.keep", n=table.keep_count())
    if step == "color":
        if legal["reuse"]:
            return t("rr.prompt.color_reuse", name=name,
                     colour=table.color_name(state.get("previous_color")))
        return t("rr.prompt.color", name=name)
    if step == "move":
        colour = state.get("color")
        if table.selected is not None:
            return t("rr.prompt.land", pyramid=table.pyramid_name(table.selected))
        if colour == "w":
            return t("rr.prompt.move_any")
        return t("rr.prompt.move", colour=table.color_name(colour))
    if step == "bonus":
        return t("rr.prompt.bonus", n=len(table.swap_pick))
    return ""


def draw_prompt(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    text = prompt_text(table)
    if not text:
        if table.view_dict.get("step") == "keep" and table.match.to_move is not None:
            text = t("rr.prompt.keep_wait", name=table.seat_name(table.match.to_move))
        else:
            return
    app, layout = table.app, table.layout
    u = layout.u
    image = app.assets.text(text, int(18 * u), theme.INK, bold=True,
                            wrap=int(layout.middle.width * 0.9), align="center")
    top = layout.middle.y + int(14 * u) if layout.is_u else layout.middle.y + int(12 * u)
    rect = image.get_rect(midtop=(layout.middle.centerx, top))
    pill = rect.inflate(int(30 * u), int(14 * u))
    surface.blit(app.shadow(pill.size, pill.height // 2, 80), pill.move(0, 4))
    pygame.draw.rect(surface, theme.PAPER, pill, border_radius=min(24, pill.height // 2))
    pygame.draw.rect(surface, theme.GOLD, pill, width=3, border_radius=min(24,
                                                                           pill.height // 2))
    surface.blit(image, rect)
    legal = table.legal()
    if legal["any"] and layout.is_u:
        keys = key_hint(table)
        if keys:
            hint = app.assets.text(keys, int(12 * u), TEXT_SOFT, wrap=layout.middle.width,
                                   align="center")
            surface.blit(hint, hint.get_rect(midbottom=(layout.middle.centerx,
                                                        layout.middle.bottom - int(6 * u))))


def key_hint(table: RoyalRoadTable) -> str:
    step = table.view_dict.get("step")
    return t(f"rr.keys.{step}") if step in ("color", "move", "bonus") else ""


def draw_banner(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    if table.banner is None:
        return
    text, left = table.banner
    app, layout = table.app, table.layout
    u = layout.u
    image = app.assets.text(text, int(20 * u), theme.WHITE, bold=True,
                            wrap=int(layout.middle.width * 0.85), align="center")
    rect = image.get_rect(center=(layout.middle.centerx, layout.middle.centery))
    panel = rect.inflate(int(36 * u), int(20 * u))
    alpha = min(1.0, left / 0.4)
    rise = int((1 - alpha) * 12 * u)
    panel.y -= rise
    rect.y -= rise
    surface.blit(app.overlay(panel.size, int(200 * alpha), (30, 18, 10)), panel)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=int(12 * u))
    if alpha < 1:
        image = image.copy()
        image.set_alpha(int(255 * alpha))
    surface.blit(image, rect)


# --- the setup choice -----------------------------------------------------------------------------
def keep_card_rect(table: RoyalRoadTable, index: int, count: int) -> pygame.Rect:
    u = table.layout.u
    w, h = table.app.screen.get_size()
    cw = int(min(150 * u, (w * 0.8) / max(1, count) - 20 * u))
    ch = int(cw * 1.4)
    gap = int(22 * u)
    total = count * cw + (count - 1) * gap
    rect = pygame.Rect(w // 2 - total // 2 + index * (cw + gap), int(h * 0.5 - ch * 0.55),
                       cw, ch)
    if index in table.keep_pick:
        rect.y -= int(22 * u)
    return rect


def keep_button_rect(table: RoyalRoadTable) -> pygame.Rect:
    u = table.layout.u
    w, h = table.app.screen.get_size()
    rect = pygame.Rect(0, 0, int(300 * u), int(52 * u))
    rect.center = (w // 2, int(h * 0.84))
    return rect


def draw_keep_screen(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    app, u = table.app, table.layout.u
    w, h = surface.get_size()
    surface.blit(app.overlay((w, h), 190, (14, 8, 6)), (0, 0))
    name = table.seat_name(table.viewer) if table.viewer is not None else ""
    head = app.assets.outlined_text(t("rr.keep.title", name=name, n=table.keep_count()),
                                    int(30 * u), theme.GOLD, theme.INK, width=max(2, int(2 * u)))
    surface.blit(head, head.get_rect(midtop=(w // 2, int(40 * u))))
    body = app.assets.text(t("rr.keep.body"), int(16 * u), TEXT_SOFT, wrap=int(w * 0.7),
                           align="center")
    surface.blit(body, body.get_rect(midtop=(w // 2, int(92 * u))))
    cards = table.dealt()
    for i, code in enumerate(cards):
        rect = keep_card_rect(table, i, len(cards))
        chosen = i in table.keep_pick
        hovered = rect.collidepoint(table.mouse)
        if hovered and not chosen:
            rect = rect.move(0, -int(6 * u))
        surface.blit(app.shadow(rect.size, rect.width // 9, 110), rect.move(4, 8))
        surface.blit(table.art.card(code, rect.size), rect)
        if chosen:
            g = glow(table, rect.size)
            surface.blit(g, g.get_rect(center=rect.center))
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=4,
                             border_radius=rect.width // 8)
        elif len(table.keep_pick) >= table.keep_count():
            surface.blit(tint(table, rect.size, (10, 6, 4), 90), rect)
        if i == table.keep_cursor:
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(14, 14), width=2,
                             border_radius=rect.width // 7)
        box = int(rect.width * 0.42)
        for j, p in enumerate(trio(code)):
            image = table.art.pyramid(p, box, 0, table.big_symbols)
            cx = rect.x + rect.width * (j + 0.5) / 3
            surface.blit(image, image.get_rect(midtop=(int(cx), rect.bottom + int(10 * u))))
        number = app.assets.outlined_text(str(i + 1), int(18 * u), theme.WHITE, theme.INK)
        surface.blit(number, number.get_rect(midbottom=(rect.centerx, rect.y - int(4 * u))))
    button = keep_button_rect(table)
    ready = len(table.keep_pick) == table.keep_count()
    _button(table, surface, button, t("rr.keep.button", k=len(table.keep_pick),
                                      n=table.keep_count()), "Enter", ready, primary=ready)
    hint = app.assets.text(t("rr.keep.keys"), int(13 * u), TEXT_SOFT)
    surface.blit(hint, hint.get_rect(midtop=(w // 2, button.bottom + int(12 * u))))


# --- the winner's card ---------------------------------------------------------------------
def draw_reveal(table: RoyalRoadTable, surface: pygame.Surface) -> None:
    reveal = table.reveal
    tween = reveal["tween"]
    if not tween.started or tween.done:
        return
    app, layout = table.app, table.layout
    u = layout.u
    w, h = surface.get_size()
    raw = tween.raw
    fade = min(1.0, raw / 0.15) * (1.0 if raw < 0.9 else (1 - raw) / 0.1)
    surface.blit(app.overlay((w, h), int(150 * fade), (10, 6, 4)), (0, 0))
    big = reveal_size(table)
    end = pygame.FRect(0, 0, *big)
    end.center = (w / 2, h * 0.45)
    plate = layout.plate(reveal["seat"], len(table.match.seats))
    start = pygame.FRect(plate.right - 40 * u, plate.y, 30 * u, 42 * u)
    fly = anim.ease_out_cubic(min(1.0, raw / 0.22))
    rect = pygame.FRect(anim.lerp(start.x, end.x, fly), anim.lerp(start.y, end.y, fly),
                        anim.lerp(start.w, end.w, fly), anim.lerp(start.h, end.h, fly))
    flip = (raw - 0.22) / 0.1
    if flip < 0.5:
        code = "??"
        width = rect.w * (1 - max(0.0, flip) * 2)
    else:
        code = reveal["card"]
        width = rect.w * min(1.0, (flip - 0.5) * 2)
    image = table.art.card(code, big)
    size = (max(1, int(width)), max(1, int(rect.h)))
    if raw > 0.32:
        g = glow(table, big)
        g.set_alpha(int(255 * _pulse(table, 6)))
        surface.blit(g, g.get_rect(center=(int(rect.centerx), int(rect.centery))))
    if size != image.get_size():
        image = pygame.transform.smoothscale(image, size)
    surface.blit(image, image.get_rect(center=(int(rect.centerx), int(rect.centery))))
    if raw > 0.32:
        text = app.assets.outlined_text(t("rr.reveal", name=table.seat_name(reveal["seat"])),
                                        int(26 * u), theme.GOLD, theme.INK)
        surface.blit(text, text.get_rect(midtop=(w // 2, int(end.bottom + 16 * u))))
