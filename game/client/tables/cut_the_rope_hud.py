"""The Cut the Rope table's heads-up layer: move log, scissors chooser, banner and toast."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import theme
from game.client.i18n import language, t
from game.client.tables.cut_the_rope_art import INK, SCISSORS_COLOUR, number_colour
from game.client.widgets import draw_stack_upwards, flow_parts

if TYPE_CHECKING:
    from game.client.tables.cut_the_rope import CutTheRopeTable, LogEntry

ACTIVE = (255, 190, 40)


# --- log ------------------------------------------------------------------------------------
def draw_log(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    app, layout = table.app, table.layout
    u = layout.u
    area = layout.log
    button = layout.log_button
    icon = app.assets.sprite("ui/icon_log.svg", button.size,
                             lambda s: pygame.Surface(s, pygame.SRCALPHA))
    surface.blit(icon, button)
    title = app.assets.text(t("log.title"), int(16 * u), INK, bold=True)
    surface.blit(title, (button.right + int(6 * u), button.centery - title.get_height() // 2))
    if not table.log_open:
        return
    width = area.width - int(16 * u)
    last = len(table.entries) - 1
    draw_stack_upwards(surface, len(table.entries),
                       lambda i: log_image(table, table.entries[i], width, i == last),
                       area.x + int(8 * u), button.bottom + int(6 * u),
                       area.bottom - int(8 * u), int(3 * u))


def log_image(table: CutTheRopeTable, entry: LogEntry, width: int, latest: bool
              ) -> pygame.Surface:
    key = (width, latest, language())
    cached = entry.image.get(key)
    if cached is not None:
        return cached
    app, u = table.app, table.layout.u
    size = int(12 * u)
    parts: list[pygame.Surface] = []
    if entry.seat is not None:
        colour = (150, 90, 0) if entry.seat == table.bottom else (40, 70, 140)
        parts.append(app.assets.text(table.seat_name(entry.seat) + ": ", size, colour,
                                     bold=True))
    if entry.card:
        colour = SCISSORS_COLOUR if entry.card == "S" else number_colour(int(entry.card))
        parts.append(table.art.chip(entry.card if entry.card != "S" else "✂", size, colour))
        parts.append(app.assets.text(" ", size, INK))
    text_colour = INK if latest else (70, 80, 100)
    if entry.kind in ("done", "reshuffle", "stalemate"):
        text_colour = (170, 60, 110)
    words = entry.text.split(" ")
    for i, word in enumerate(words):
        parts.append(app.assets.text(word + (" " if i < len(words) - 1 else ""), size,
                                     text_colour, bold=entry.kind in ("win", "done")))
    line = flow_parts(parts, width, int(10 * u))
    if latest:
        framed = pygame.Surface((width, line.get_height() + 4), pygame.SRCALPHA)
        pygame.draw.rect(framed, (255, 236, 170, 150), framed.get_rect(), border_radius=6)
        framed.blit(line, (0, 2))
        line = framed
    entry.image = {key: line}
    return line


# --- overlays -------------------------------------------------------------------------------
def draw_chooser(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    chooser = table.chooser
    if chooser is None:
        return
    app, u = table.app, table.layout.u
    length = table.row_length
    up, down = chooser["up"], chooser["down"]
    question = app.assets.text(t("ctr.choose_dir"), int(13 * u), INK, bold=True)
    qrect = question.get_rect(midbottom=(up.centerx, up.top - int(6 * u)))
    pygame.draw.rect(surface, (255, 255, 255), qrect.inflate(int(12 * u), int(6 * u)),
                     border_radius=int(8 * u))
    surface.blit(question, qrect)
    for direction, rect in (("up", up), ("down", down)):
        hovered = rect.collidepoint(table.mouse) or chooser["focus"] == direction
        colour = number_colour(1 if direction == "up" else length)
        pygame.draw.rect(surface, (255, 250, 236) if hovered else (245, 240, 230), rect,
                         border_radius=rect.height // 2)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=rect.height // 2)
        label = ("▲ " + t("ctr.up", n=length) + "  [U]") if direction == "up" else \
            ("▼ " + t("ctr.down", n=length) + "  [D]")
        image = app.assets.text(label, int(13 * u), colour, bold=True)
        surface.blit(image, image.get_rect(center=rect.center))


def draw_banner(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    if table.banner is None:
        return
    text, left = table.banner
    app, layout = table.app, table.layout
    u = layout.u
    image = app.assets.text(text, int(16 * u), INK, bold=True,
                            wrap=int(layout.rows_area.width * 0.9), align="center")
    rect = image.get_rect(center=layout.banner_strip.center)
    panel = rect.inflate(int(26 * u), int(10 * u))
    alpha = min(1.0, left / 0.4)
    if alpha < 1:
        rise = int((1 - alpha) * 10 * u)
        panel.y -= rise
        rect.y -= rise
    surface.blit(app.shadow(panel.size, panel.height // 2, 70), panel.move(0, 4))
    pygame.draw.rect(surface, (255, 250, 236), panel, border_radius=min(20, panel.height // 2))
    pygame.draw.rect(surface, ACTIVE, panel, width=3, border_radius=min(20, panel.height // 2))
    surface.blit(image, rect)


def draw_toast(table: CutTheRopeTable, surface: pygame.Surface) -> None:
    toast = table.toast
    if toast is None:
        return
    app, u = table.app, table.layout.u
    image = app.assets.text(toast.text, int(14 * u), theme.WHITE, bold=True,
                            wrap=int(320 * u), align="center")
    rect = image.get_rect(midbottom=(toast.pos[0], toast.pos[1] - int(18 * u)))
    rect.clamp_ip(surface.get_rect().inflate(-int(20 * u), -int(20 * u)))
    panel = rect.inflate(int(20 * u), int(10 * u))
    pygame.draw.rect(surface, (196, 48, 70), panel, border_radius=int(10 * u))
    pygame.draw.rect(surface, theme.WHITE, panel, width=2, border_radius=int(10 * u))
    surface.blit(image, rect)
