"""Drawing the Cesta table (kept apart from input and flow in ``cesta.py``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client import anim, theme
from game.client.i18n import t
from game.client.tables import cesta_info
from game.client.tables.cesta_art import is_action, is_event, split

if TYPE_CHECKING:
    from game.client.tables.cesta import CestaTable

SEAT_COLOURS = (theme.GOLD, (120, 200, 255))


@dataclass
class LogEntry:
    seat: int
    kind: str                 # play | draw | pass | claim
    card: str = ""
    milestone: int = 0
    deck: str = ""
    note: str = ""
    image: dict = field(default_factory=dict)


def combo_text(info: dict | None) -> str:
    if not info:
        return "—"
    return f"{t('combo.' + info['category'])} {info['sum']}"


def claim_detail(event: dict[str, Any]) -> str:
    if event.get("how") == "comparison":
        return t("cesta.vs", a=combo_text(event.get("claimant")),
                 b=combo_text(event.get("opponent")))
    if event.get("how") == "proof":
        best = event.get("opponent_best")
        if best is None:
            return t("cesta.proof_none")
        return t("cesta.proof_detail", mine=combo_text(event.get("claimant")),
                 best=combo_text(best))
    return ""


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
        pad = int(10 * table.layout.u)
        surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        for i in range(pad, 0, -2):
            alpha = int(120 * (1 - i / pad) + 20)
            pygame.draw.rect(surface, (*colour, alpha),
                             surface.get_rect().inflate(-2 * (pad - i), -2 * (pad - i)),
                             width=2, border_radius=int(size[0] * 0.12) + i)
        cache[key] = surface
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
    surface.blit(background(table, surface.get_size()), (0, 0))
    if table.concealed:
        return
    hidden = {f.hide for f in table.flying}
    draw_milestones(table, surface, hidden)
    draw_decks(table, surface)
    draw_hands(table, surface, hidden)
    for flying in table.flying:
        draw_flying(table, surface, flying)
    draw_drag(table, surface)
    draw_plates(table, surface)
    draw_log(table, surface)
    draw_tools(table, surface)
    draw_banner(table, surface)
    if table.tracker_open:
        draw_tracker(table, surface)


def draw_milestones(table: CestaTable, surface: pygame.Surface, hidden: set) -> None:
    app, layout, state = table.app, table.layout, table.view_dict
    u = layout.u
    cb = bool(app.settings["colourblind_symbols"])
    ranking = list(state["rules"]["ranking"])
    legal = table.legal()
    selected_code = None
    hand = table.hand(table.bottom)
    if table.drag is not None and table.drag["moved"]:
        selected_code = hand[table.drag["index"]] if table.drag["index"] < len(hand) else None
    elif table.selected is not None and table.selected < len(hand):
        selected_code = hand[table.selected]
    targets = legal["play"].get(selected_code, set()) if selected_code else set()
    pulse = 0.55 + 0.45 * math.sin(table.time * 5)
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
        if m in targets:
            count = len(milestone["sides"][table.bottom]["events"])
            code = selected_code or ""
            if is_action(code):
                rect = layout.action_slot(m, True, len(milestone["sides"][table.bottom]
                                                          ["actions"]))
            else:
                rect = layout.event_slot(m, True, min(2, count))
            g = glow(table, rect.size)
            g.set_alpha(int(255 * pulse))
            surface.blit(g, g.get_rect(center=rect.center))
            if table.target == m:
                pygame.draw.rect(surface, theme.GOLD, rect, width=3,
                                 border_radius=rect.width // 9)
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
    key = ("dead", width, _lang())
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


def draw_plates(table: CestaTable, surface: pygame.Surface) -> None:
    app, layout, match = table.app, table.layout, table.match
    u = layout.u
    to_move = match.to_move
    for seat, rect in ((table.top, layout.top_plate), (table.bottom, layout.bottom_plate)):
        info = match.seats[seat]
        colour = SEAT_COLOURS[0 if seat == table.bottom else 1]
        active = to_move == seat
        if active:
            pulse = 0.6 + 0.4 * math.sin(table.time * 4)
            g = glow(table, rect.size, colour)
            g.set_alpha(int(255 * pulse))
            surface.blit(g, g.get_rect(center=rect.center))
        icon_size = int(rect.height * 0.62)
        icon = app.assets.sprite("ui/robot.svg" if info.is_ai else "ui/person.svg",
                                 (icon_size, icon_size),
                                 lambda s: pygame.Surface(s, pygame.SRCALPHA))
        surface.blit(icon, (rect.x + int(10 * u), rect.y + int(8 * u)))
        name = app.assets.text(info.name, int(20 * u), colour, bold=True)
        x = rect.x + icon_size + int(18 * u)
        surface.blit(name, (x, rect.y + int(8 * u)))
        owned = sum(1 for m in table.view_dict["milestones"] if m["owner"] == seat)
        sub = t(f"setup.level.{info.level}") if info.is_ai else t("setup.human")
        line = app.assets.text(f"{sub} · ◆ {owned}", int(14 * u), (220, 226, 220))
        surface.blit(line, (x, rect.y + int(34 * u)))
        status = ""
        if match.thinking == seat and not match.over:
            status = t("turn.thinking_short") + "." * (1 + int(table.time * 3) % 3)
        elif active and not info.is_ai:
            step = table.view_dict.get("step")
            status = t("turn.draw_short") if step == "draw" else t("turn.play_short")
        if status:
            image = app.assets.text(status, int(14 * u), theme.GOLD, bold=True)
            surface.blit(image, (x, rect.y + int(54 * u)))
        if match.thinking == seat:
            centre = (rect.right - int(22 * u), rect.y + int(22 * u))
            for k in range(8):
                angle = table.time * 6 + k * math.tau / 8
                alpha = (k + 1) / 8
                pos = (centre[0] + math.cos(angle) * 10 * u, centre[1] + math.sin(angle) * 10 * u)
                pygame.draw.circle(surface, tuple(int(c * alpha) for c in theme.GOLD),
                                   (int(pos[0]), int(pos[1])), max(1, int(2.5 * u)))


def draw_log(table: CestaTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    button = layout.log_button
    icon = app.assets.sprite("ui/icon_log.svg", (int(button.w * 0.8), int(button.h * 0.8)),
                             lambda s: pygame.Surface(s, pygame.SRCALPHA))
    if not table.log_open:
        surface.blit(icon, icon.get_rect(center=button.center))
        return
    area = layout.left
    title = app.assets.text(t("log.title"), int(18 * u), theme.WHITE, bold=True)
    surface.blit(icon, icon.get_rect(center=button.center))
    surface.blit(title, (button.right + int(6 * u), button.centery - title.get_height() // 2))
    y = area.bottom - int(10 * u)
    top = button.bottom + int(6 * u)
    for index in range(len(table.entries) - 1, -1, -1):
        entry = table.entries[index]
        image = log_image(table, entry, area.width - int(20 * u), index == len(table.entries) - 1)
        if y - image.get_height() < top:
            break
        y -= image.get_height() + int(3 * u)
        surface.blit(image, (area.x + int(10 * u), y))


def log_image(table: CestaTable, entry: LogEntry, width: int, latest: bool) -> pygame.Surface:
    key = (width, latest, table.bottom, table.app.animation_speed, _lang())
    cached = entry.image.get(key)
    if cached is not None:
        return cached
    app, u = table.app, table.layout.u
    size = int(14 * u)
    colour = SEAT_COLOURS[0 if entry.seat == table.bottom else 1]
    name = app.assets.text(table.seat_name(entry.seat), size, colour, bold=True)
    parts: list[pygame.Surface] = [name, app.assets.text(": ", size, theme.WHITE)]
    text_colour = theme.WHITE if latest else (210, 218, 212)
    if entry.kind == "play":
        if is_event(entry.card):
            colour_code, rank = split(entry.card)
            parts.append(table.art.suit(colour_code, int(size * 1.3)))
            parts.append(app.assets.text(rank, size, text_colour, bold=True))
        else:
            parts.append(app.assets.text(t(f"action.{entry.card}"), size, (214, 170, 255),
                                         bold=True))
        parts.append(app.assets.text(f" → {entry.milestone}", size, text_colour))
    elif entry.kind == "draw":
        parts.append(app.assets.text(t("deck." + entry.deck).join(("↧ ", "")), size,
                                     text_colour))
    elif entry.kind == "pass":
        parts.append(app.assets.text(t("cesta.pass_button"), size, text_colour))
    else:
        parts.append(app.assets.text(f"◆ {entry.milestone}", size, theme.GOLD, bold=True))
    height = max(p.get_height() for p in parts)
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for part in parts:
        if rows[-1] and used + part.get_width() > width:
            rows.append([])
            used = int(12 * u)
        rows[-1].append(part)
        used += part.get_width()
    total = max(sum(p.get_width() for p in row) for row in rows) + int(12 * u)
    line = pygame.Surface((min(width, total), height * len(rows)), pygame.SRCALPHA)
    for r, row in enumerate(rows):
        x = 0 if r == 0 else int(12 * u)
        for part in row:
            line.blit(part, (x, r * height + (height - part.get_height()) // 2))
            x += part.get_width()
    height = line.get_height()
    if entry.kind == "claim" and entry.note:
        note = app.assets.text(entry.note, int(12 * u), (230, 214, 160), wrap=width)
        both = pygame.Surface((width, height + note.get_height()), pygame.SRCALPHA)
        both.blit(line, (0, 0))
        both.blit(note, (0, height))
        line = both
    if latest:
        framed = pygame.Surface((line.get_width() + 8, line.get_height() + 4), pygame.SRCALPHA)
        pygame.draw.rect(framed, (255, 255, 255, 40), framed.get_rect(), border_radius=6)
        framed.blit(line, (4, 2))
        line = framed
    entry.image = {key: line}
    return line


def _lang() -> str:
    from game.client.i18n import language

    return language()


def draw_tools(table: CestaTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    sort_label = t("cesta.sort_rank") if table.sort_mode == "colour" else t("cesta.sort_colour")
    items = [(layout.sort_button, sort_label, "ui/icon_sort.svg")]
    if app.settings["card_tracker"]:
        items.append((layout.tracker_button, t("cesta.tracker"), "ui/icon_tracker.svg"))
    for rect, label, icon_name in items:
        hovered = rect.collidepoint(table.mouse)
        face = app.assets.sprite("ui/button_hover.svg" if hovered else "ui/button.svg",
                                 rect.size)
        surface.blit(face, rect)
        icon_size = int(rect.height * 0.6)
        icon = app.assets.sprite(icon_name, (icon_size, icon_size),
                                 lambda s: pygame.Surface(s, pygame.SRCALPHA))
        surface.blit(icon, (rect.x + int(8 * u), rect.centery - icon_size // 2))
        text = app.assets.text(label, int(13 * u), theme.INK, bold=True)
        surface.blit(text, (rect.x + icon_size + int(12 * u), rect.centery -
                            text.get_height() // 2))


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


def draw_tracker(table: CestaTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    panel = layout.tracker_panel
    surface.blit(app.overlay(panel.size, 225, (16, 26, 30)), panel)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=int(12 * u))
    pad = int(14 * u)
    if not app.settings["card_tracker"]:
        text = app.assets.text(t("cesta.tracker_off"), int(18 * u), theme.WHITE)
        surface.blit(text, text.get_rect(center=panel.center))
        return
    key = id(table.view_dict)
    if table._tracker_cache is None or table._tracker_cache[0] != key:
        table._tracker_cache = (key, cesta_info.tracker(table.view_dict, table.viewer,
                                                        table.bottom))
    data = table._tracker_cache[1]
    title = app.assets.text(t("cesta.tracker_title") + f" ({len(data['unseen'])})",
                            int(18 * u), theme.GOLD, bold=True)
    surface.blit(title, (panel.x + pad, panel.y + pad))
    card = (int(34 * u), int(48 * u))
    y = panel.y + pad + title.get_height() + int(8 * u)
    for colour in "RYGB":
        x = panel.x + pad
        suit = table.art.suit(colour, int(26 * u))
        surface.blit(suit, (x, y + int(10 * u)))
        x += int(36 * u)
        for code in data["unseen"]:
            if code[0] != colour:
                continue
            image = table.art.card(code, card)
            surface.blit(image, (x, y))
            x += card[0] + int(4 * u)
        y += card[1] + int(6 * u)
    column = panel.x + int(panel.width * 0.5)
    best = app.assets.text(t("cesta.tracker_best"), int(18 * u), theme.GOLD, bold=True)
    surface.blit(best, (column, panel.y + pad))
    y = panel.y + pad + best.get_height() + int(10 * u)
    me, them = table.seat_name(table.bottom), table.seat_name(table.top)
    col_w = (panel.right - pad - column - int(40 * u)) // 2
    for x, name, colour in ((column + int(40 * u), me, SEAT_COLOURS[0]),
                            (column + int(40 * u) + col_w, them, SEAT_COLOURS[1])):
        surface.blit(app.assets.text(name, int(15 * u), colour, bold=True), (x, y))
    y += int(26 * u)
    row_h = int(40 * u)
    stone_size = (int(34 * u), int(27 * u))
    stone = app.assets.sprite("cesta/milestone.svg", stone_size)
    for m, owner, mine, theirs in data["rows"]:
        rect = stone.get_rect(topleft=(column, y))
        surface.blit(stone, rect)
        number = app.assets.outlined_text(str(m), int(15 * u), theme.WHITE, (20, 20, 20))
        surface.blit(number, number.get_rect(center=rect.center))
        if owner is not None:
            text = app.assets.text(f"◆ {table.seat_name(owner)}", int(15 * u),
                                   SEAT_COLOURS[0 if owner == table.bottom else 1], bold=True)
            surface.blit(text, (column + int(40 * u), y + int(4 * u)))
        else:
            for i, value in enumerate((mine, theirs)):
                text = app.assets.text(_best(value), int(15 * u), theme.WHITE)
                surface.blit(text, (column + int(40 * u) + i * col_w, y + int(4 * u)))
        y += row_h


def _best(value: tuple[str, int] | None) -> str:
    if value is None:
        return "—"
    return f"{t('combo.' + value[0])} {value[1]}"
