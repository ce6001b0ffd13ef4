"""Drawing the Cesta table (kept apart from input and flow in ``cesta.py``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables.cesta import info as cesta_info
from game.client.tables.cesta.art import is_action
from game.client.widgets import glow_ring

if TYPE_CHECKING:
    from game.client.tables.cesta.scene import CestaTable

SEAT_COLOURS = (theme.GOLD, (120, 200, 255))


# --- cached pieces ------------------------------------------------------------------------------
def background(table: CestaTable, size: tuple[int, int]) -> pygame.Surface:
    """Felt, vignette, the path between the stones and the panel frames; once per size."""
    if table.background is not None and table.background.get_size() == size:
        return table.background
    app, layout = table.app, table.layout
    u = layout.u
    surface = pygame.Surface(size)
    surface.fill(theme.FELT)
    # the felt is soft: rasterise at half size and scale up (a full-size SVG costs ~0.2 s)
    half = (max(1, size[0] // 2), max(1, size[1] // 2))
    felt = pygame.transform.smoothscale(
        app.assets.sprite("cesta/felt.svg", half, lambda s: _felt_fallback(s)), size)
    surface.blit(felt, (0, 0))
    path = pygame.Surface(size, pygame.SRCALPHA)
    y = layout.stone_y
    x0, x1 = layout.column_x(0), layout.column_x(layout.milestones - 1)
    pygame.draw.line(path, (240, 220, 170, 60), (x0, y), (x1, y), int(18 * u))
    for x in range(int(x0), int(x1), int(26 * u)):
        pygame.draw.circle(path, (250, 236, 200, 70), (x, y), int(3 * u))
    for rect in (layout.left, layout.top_plate, layout.bottom_plate, layout.right):
        pygame.draw.rect(path, (0, 0, 0, 60), rect, border_radius=int(14 * u))
        pygame.draw.rect(path, (255, 255, 255, 28), rect, width=2, border_radius=int(14 * u))
    surface.blit(path, (0, 0))
    table.background = surface.convert() if pygame.display.get_surface() else surface
    return table.background


def _felt_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(theme.FELT)
    return surface


def glow(table: CestaTable, size: tuple[int, int], colour=theme.GOLD) -> pygame.Surface:
    key = ("glow", size, colour)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        surface = cache[key] = glow_ring(size, colour, int(10 * table.layout.u), peak=120,
                                         floor=20, radius=int(size[0] * 0.12))
    return surface


def dim(table: CestaTable, size: tuple[int, int], alpha: int = 120) -> pygame.Surface:
    key = ("dim", size, alpha)
    cache = table.app._overlays
    surface = cache.get(key)
    if surface is None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (10, 14, 18, alpha), surface.get_rect(),
                         border_radius=max(3, size[0] // 10))
        cache[key] = surface
    return surface


def outline(surface: pygame.Surface, rect: pygame.Rect, colour, width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width,
                     border_radius=max(4, rect.width // 9))


# --- the table -------------------------------------------------------------------------------
def draw_table(table: CestaTable, surface: pygame.Surface) -> None:
    if table.concealed:
        surface.blit(background(table, surface.get_size()), (0, 0))
        return
    hidden = {f.hide for f in table.flying}
    surface.blit(board(table, surface.get_size(), hidden), (0, 0))
    draw_targets(table, surface)
    draw_decks(table, surface)
    draw_hands(table, surface, hidden)
    for flying in table.flying:
        draw_flying(table, surface, flying)
    draw_drag(table, surface)
    from game.client.tables.cesta import hud as cesta_hud

    cesta_hud.draw_plates(table, surface)
    cesta_hud.draw_tools(table, surface)
    cesta_hud.draw_header(table, surface)
    draw_banner(table, surface)
    if table.tracker_open:
        cesta_hud.draw_tracker(table, surface)


def draw_targets(table: CestaTable, surface: pygame.Surface) -> None:
    """Pulsing glow where the selected (or dragged) card may go; a frame on the target."""
    layout, state = table.layout, table.view_dict
    legal = table.legal()
    if not legal["play"]:
        return
    selected_code = None
    hand = table.hand(table.bottom)
    if table.drag is not None and table.drag["moved"]:
        selected_code = hand[table.drag["index"]] if table.drag["index"] < len(hand) else None
    elif table.selected is not None and table.selected < len(hand):
        selected_code = hand[table.selected]
    if not selected_code:
        return
    pulse = 0.55 + 0.45 * math.sin(table.time * 5)
    for m in sorted(legal["play"].get(selected_code, ())):
        side = state["milestones"][m]["sides"][table.bottom]
        if is_action(selected_code):
            rect = layout.action_slot(m, True, len(side["actions"]))
        else:
            rect = layout.event_slot(m, True, min(2, len(side["events"])))
        g = glow(table, rect.size)
        g.set_alpha(int(255 * pulse))
        surface.blit(g, g.get_rect(center=rect.center))
        if table.target == m:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=rect.width // 9)


def board(table: CestaTable, size: tuple[int, int], hidden: set) -> pygame.Surface:
    """Felt, milestones, cards on the table and the log baked into one opaque surface.

    It changes only when a move lands, a card takes off or lands, a stone slides or the
    log changes, so most frames blit it once instead of drawing ~100 pieces."""
    offsets = []
    for m in range(table.layout.milestones):
        moving = table.stone_moving.get(m)
        if moving is not None:
            offsets.append(round(moving.data["distance"] * moving.value, 1)
                           if moving.started else 0.0)
        else:
            offsets.append(table.stone_offsets.get(m, 0.0))
    from game.client.i18n import language

    on_board = frozenset(h for h in hidden if h[0] == "m")  # cards flying to hands don't count
    key = (size, id(table.view_dict), on_board, table.last_play, tuple(offsets),
           bool(table.app.settings["colourblind_symbols"]), language(), len(table.entries),
           table.log_open, table.bottom)
    cached = table._board
    if cached is not None and cached[0] == key:
        return cached[1]
    surface = background(table, size).copy()
    draw_milestones(table, surface, hidden)
    from game.client.tables.cesta import hud as cesta_hud

    cesta_hud.draw_log(table, surface)
    table._board = (key, surface)
    return surface


def draw_milestones(table: CestaTable, surface: pygame.Surface, hidden: set) -> None:
    app, layout, state = table.app, table.layout, table.view_dict
    u = layout.u
    cb = bool(app.settings["colourblind_symbols"])
    ranking = list(state["rules"]["ranking"])
    for m, milestone in enumerate(state["milestones"]):
        owner = milestone["owner"]
        for seat in (table.top, table.bottom):
            bottom = seat == table.bottom
            side = milestone["sides"][seat]
            for i, code in enumerate(side["actions"]):
                if ("m", m, seat, "ac", i) in hidden:
                    continue
                rect = layout.action_slot(m, bottom, i)
                surface.blit(table.art.card(code, rect.size), rect)
                if table.last_play == (m, seat, "ac", i):
                    outline(surface, rect, theme.GOLD)
            order = list(enumerate(side["events"]))
            if not bottom:
                order.reverse()  # nearer cards on top: the far ones show their top index
            for i, code in order:
                if ("m", m, seat, "ev", i) in hidden:
                    continue
                rect = layout.event_slot(m, bottom, i)
                surface.blit(app.shadow(rect.size, rect.width // 9, 60), rect.move(2, 3))
                surface.blit(table.art.card(code, rect.size, cb), rect)
                if owner is not None and owner != seat:
                    surface.blit(dim(table, rect.size), rect)
                if table.last_play == (m, seat, "ev", i):
                    outline(surface, rect, theme.GOLD)
            if owner is None:
                draw_badge(table, surface, m, seat, side, ranking)
        offset = table.stone_offsets.get(m, 0.0)
        moving = table.stone_moving.get(m)
        if moving is not None:
            offset = moving.data["distance"] * moving.value if moving.started else 0.0
        stone = layout.stone_rect(m, offset)
        surface.blit(app.shadow(stone.size, stone.height // 2, 80), stone.move(0, int(5 * u)))
        image = app.assets.sprite("cesta/milestone.svg", stone.size, _stone_fallback)
        surface.blit(image, stone)
        if owner is not None:
            colour = SEAT_COLOURS[0 if owner == table.bottom else 1]
            pygame.draw.ellipse(surface, colour, stone.inflate(6, 6), width=max(2, int(3 * u)))
        number = app.assets.outlined_text(str(m + 1), int(stone.height * 0.42), theme.WHITE,
                                          (30, 30, 30), width=max(1, int(2 * u)))
        surface.blit(number, number.get_rect(center=stone.center))


def draw_badge(table: CestaTable, surface: pygame.Surface, m: int, seat: int, side: dict,
               ranking: list[str]) -> None:
    events = side["events"]
    if not events and not side["actions"]:
        return
    name, total = cesta_info.combination(list(events), ranking)
    text = f"{t('combo.' + name)} · {total}" if name else f"Σ {total}"
    rect = table.layout.badge_rect(m, seat == table.bottom)
    app = table.app
    size = max(9, int(rect.height * 0.62))
    image = app.assets.text(text, size, theme.INK if name else (60, 60, 60), bold=bool(name))
    if image.get_width() > rect.width - 6:
        image = app.assets.text(text, max(8, int(size * 0.8)), theme.INK, bold=bool(name))
    w = min(rect.width, image.get_width() + int(14 * table.layout.u))
    pill = pygame.Rect(0, 0, w, rect.height)
    pill.center = rect.center
    colour = (255, 240, 190) if name else (236, 232, 220)
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, theme.INK, pill, width=1, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))


def _stone_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (150, 150, 140), surface.get_rect())
    pygame.draw.ellipse(surface, theme.INK, surface.get_rect(), width=2)
    return surface


def draw_decks(table: CestaTable, surface: pygame.Surface) -> None:
    app, layout, state = table.app, table.layout, table.view_dict
    u = layout.u
    legal = table.legal()
    pulse = 0.55 + 0.45 * math.sin(table.time * 5)
    for deck, rect, back in (("event", layout.event_deck, "??"),
                             ("action", layout.action_deck, "?A")):
        count = len(state["event_deck" if deck == "event" else "action_deck"])
        if not state["rules"].get("action_cards", True) and deck == "action":
            continue
        if count:
            for i in range(min(4, max(1, count // 5)), 0, -1):
                surface.blit(table.art.card(back, rect.size), rect.move(i * 2, i * 2))
            surface.blit(table.art.card(back, rect.size), rect)
        else:
            pygame.draw.rect(surface, (255, 255, 255), rect, width=2,
                             border_radius=rect.width // 9)
        if deck in legal["draw"]:
            g = glow(table, rect.size)
            g.set_alpha(int(255 * pulse))
            surface.blit(g, g.get_rect(center=rect.center))
        badge = app.assets.outlined_text(str(count), int(22 * u), theme.WHITE, (20, 20, 20))
        surface.blit(badge, badge.get_rect(center=(rect.right - int(4 * u),
                                                   rect.bottom - int(4 * u))))
        label = app.assets.text(t("cesta.events" if deck == "event" else "cesta.actions"),
                                int(14 * u), (230, 240, 232), bold=True)
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - int(6 * u))))
    if legal["draw"]:
        hint = app.assets.text(t("turn.draw_choice"), int(14 * u), theme.GOLD, bold=True,
                               wrap=layout.right.width - int(12 * u), align="center")
        surface.blit(hint, hint.get_rect(midtop=(layout.right.centerx,
                                                 layout.action_deck.bottom + int(14 * u))))


def draw_hands(table: CestaTable, surface: pygame.Surface, hidden: set) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    cb = bool(app.settings["colourblind_symbols"])
    legal = table.legal()
    for seat in (table.top, table.bottom):
        bottom = seat == table.bottom
        hand = table.hand(seat)
        slots = layout.hand_slots(len(hand), bottom)
        open_ = table.open_hand(seat)
        used = table.used_kinds(seat) if open_ else set()
        seen: dict[str, int] = {}
        for i, code in enumerate(hand):
            copy = seen[code] = seen.get(code, -1) + 1
            if ("h", seat, code) in hidden or ("h", seat, i) in hidden:
                continue
            if bottom and table.drag is not None and table.drag["moved"] and \
                    table.drag["index"] == i:
                continue
            rect = slots[i]
            if bottom:
                rect = rect.move(0, -table._lift(i))
            if open_:
                rect = table.glide((seat, code, copy), rect)
            shown = code if open_ else ("?A" if is_action(code) or code == "?A" else "??")
            surface.blit(app.shadow(rect.size, rect.width // 9, 70), rect.move(3, 5))
            surface.blit(table.art.card(shown, rect.size, cb), rect)
            if not open_:
                continue
            if is_action(code) and code in used:
                surface.blit(dim(table, rect.size, 150), rect)
                stamp = dead_stamp(table, rect.width)
                surface.blit(stamp, stamp.get_rect(center=rect.center))
            elif bottom and code in legal["play"]:
                colour = theme.GOLD if table.selected == i else (250, 226, 150)
                outline(surface, rect, colour, 3 if table.selected == i else 2)
        if bottom and hand and table.match.waiting_for_human:
            keys = app.assets.text(t("cesta.keys"), int(12 * u), (200, 214, 206),
                                   wrap=layout.right.width - int(16 * u), align="center")
            surface.blit(keys, keys.get_rect(midbottom=(layout.right.centerx,
                                                        layout.right.bottom - int(10 * u))))


def dead_stamp(table: CestaTable, width: int) -> pygame.Surface:
    """A red ribbon across a dead action card (cached per size and language)."""
    from game.client.i18n import language

    key = ("dead", width, language())
    cache = table.app._overlays
    stamp = cache.get(key)
    if stamp is None:
        text = table.app.assets.text(t("cesta.dead").upper(), max(8, int(width * 0.17)),
                                     theme.WHITE, bold=True)
        ribbon = pygame.Surface((int(width * 1.05), text.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(ribbon, (196, 40, 44), ribbon.get_rect(), border_radius=4)
        pygame.draw.rect(ribbon, (255, 220, 220), ribbon.get_rect(), width=1, border_radius=4)
        ribbon.blit(text, text.get_rect(center=ribbon.get_rect().center))
        stamp = pygame.transform.rotate(ribbon, 28)
        cache[key] = stamp
    return stamp


def draw_flying(table: CestaTable, surface: pygame.Surface, flying) -> None:
    if not flying.tween.started:
        return
    t_ = flying.tween.value
    rect = pygame.FRect(anim.lerp(flying.start.x, flying.end.x, t_),
                        anim.lerp(flying.start.y, flying.end.y, t_),
                        anim.lerp(flying.start.w, flying.end.w, t_),
                        anim.lerp(flying.start.h, flying.end.h, t_))
    arc = math.sin(flying.tween.raw * math.pi) * 30 * table.layout.u
    rect.y -= arc
    code = flying.code
    width = rect.w
    if flying.back is not None:
        raw = flying.tween.raw
        if raw < 0.5:
            code = flying.back
            width = rect.w * (1 - raw * 2) if raw > 0.3 else rect.w
        else:
            width = rect.w * min(1.0, (raw - 0.5) * 2.5)
    base = flying.end.size if flying.end.w >= flying.start.w else flying.start.size
    image = table.art.card(code, (int(base[0]), int(base[1])),
                           bool(table.app.settings["colourblind_symbols"]))
    size = (max(1, int(width)), max(1, int(rect.h)))
    if size != image.get_size():
        image = pygame.transform.scale(image, size)
    surface.blit(table.app.shadow(size, max(2, size[0] // 9), 70), (rect.centerx - size[0] / 2
                                                                    + 6, rect.y + 10))
    surface.blit(image, image.get_rect(center=(int(rect.centerx), int(rect.centery))))


def draw_drag(table: CestaTable, surface: pygame.Surface) -> None:
    drag = table.drag
    if drag is None or not drag["moved"]:
        return
    hand = table.hand(table.bottom)
    if drag["index"] >= len(hand):
        return
    size = table.layout.hand_card
    image = table.art.card(hand[drag["index"]], size, bool(
        table.app.settings["colourblind_symbols"]))
    rect = image.get_rect(center=drag["pos"])
    surface.blit(table.app.shadow(size, size[0] // 9, 80), rect.move(8, 12))
    surface.blit(image, rect)


def draw_banner(table: CestaTable, surface: pygame.Surface) -> None:
    if table.banner is None:
        return
    text, left = table.banner
    app, layout = table.app, table.layout
    u = layout.u
    image = app.assets.text(text, int(17 * u), theme.INK, bold=True,
                            wrap=int(layout.centre.width * 0.9), align="center")
    rect = image.get_rect(center=(layout.centre.centerx, int(116 * u)))
    panel = rect.inflate(int(30 * u), int(14 * u))
    alpha = min(1.0, left / 0.4)
    if alpha < 1:
        rise = int((1 - alpha) * 10 * u)
        panel.y -= rise
        rect.y -= rise
    surface.blit(app.shadow(panel.size, panel.height // 2, 80), panel.move(0, 4))
    pygame.draw.rect(surface, theme.PAPER, panel, border_radius=min(22, panel.height // 2))
    pygame.draw.rect(surface, theme.GOLD, panel, width=3, border_radius=min(22,
                                                                            panel.height // 2))
    surface.blit(image, rect)
