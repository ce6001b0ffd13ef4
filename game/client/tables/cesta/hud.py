"""The Cesta table's side panels: name plates, the move log, tools and the card tracker."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client import theme
from game.client.i18n import t
from game.client.tables.cesta import info as cesta_info
from game.client.tables.cesta.art import is_event, split
from game.client.tables.cesta.render import SEAT_COLOURS, glow
from game.client.widgets import draw_stack_upwards, flow_parts

if TYPE_CHECKING:
    from game.client.tables.cesta.scene import CestaTable


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
    last = len(table.entries) - 1
    draw_stack_upwards(
        surface, len(table.entries),
        lambda i: log_image(table, table.entries[i], area.width - int(20 * u), i == last),
        area.x + int(10 * u), button.bottom + int(6 * u), area.bottom - int(10 * u),
        int(3 * u))


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
    line = flow_parts(parts, width, int(12 * u), shrink=True)
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


def draw_header(table: CestaTable, surface: pygame.Surface) -> None:
    """Game name and move number at the top of the right panel."""
    app, layout = table.app, table.layout
    u = layout.u
    title = app.assets.outlined_text(t("game.cesta"), int(30 * u), theme.GOLD, (20, 16, 24),
                                     width=max(2, int(2 * u)))
    surface.blit(title, title.get_rect(midtop=(layout.right.centerx,
                                               layout.right.y + int(12 * u))))
    count = app.assets.text(t("cesta.move_count", n=len(table.match.history) + 1),
                            int(14 * u), (210, 222, 214))
    surface.blit(count, count.get_rect(midtop=(layout.right.centerx,
                                               layout.right.y + int(12 * u) +
                                               title.get_height())))

