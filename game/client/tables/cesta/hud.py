"""The Cesta table's heads-up parts: name plates, the move log, tools, header, banner, the
card tracker and the path in miniature on the results screen.

Each function draws one part from a ``TableShows`` with a ``Painter``; none keeps state
except what ``TrackerCache`` and the log entries' own image caches hold.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.i18n import nt, pt, t
from game.client.i18n.words import game_title, level_name
from game.client.online.presence import plate_status, presence_colour
from game.client.tables.cesta import info
from game.client.tables.cesta.cards import is_action, is_event, split
from game.client.tables.cesta.describe import action_name, best_text
from game.client.tables.cesta.layout import CestaLayout
from game.client.tables.cesta.model import CestaLogEntry, Perspective, TableShows
from game.client.tables.cesta.paint import SEAT_COLOURS, Painter, glow
from game.client.tables.common import fx, plates
from game.client.tables.common.banner import PillStyle
from game.client.tables.common.banner import draw_banner as draw_banner_pill
from game.client.tables.common.log import draw_entries, note_line, on_backdrop
from game.client.ui import theme
from game.client.ui.assets import Assets
from game.client.ui.widgets import flow_parts
from game.rules.cesta import Draw, Move, Play

BANNER_PILL = PillStyle(theme.PAPER, theme.GOLD, radius=22, shadow_alpha=80, pad=(30, 14))


def action_tip(code: str) -> str:
    words = {
        "DEED": t("Your opponent's action cards at this milestone have no effect, whether "
                  "played before or after this card."),
        "RUST": t("Your opponent's combination at this milestone counts one category lower "
                  "(a rusted Sum counts 10 less)."),
        "TIME": t("At this milestone only the sums count: the higher sum wins, and equal sums "
                  "go to you."),
    }
    return words.get(code, code)

def draw_plates(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """Each seat's name, kind and milestones; a glow and a status line for the one to move."""
    kit, layout = p, p.layout
    u = layout.u
    eyes = shows.eyes
    for seat, rect in ((eyes.top, layout.top_plate), (eyes.bottom, layout.bottom_plate)):
        seat_info = shows.seats[seat]
        colour = SEAT_COLOURS[eyes.colour(seat)]
        active = shows.to_move == seat
        if active:
            pulse = 0.6 + 0.4 * math.sin(shows.time * 4)
            g = glow(kit, u, rect.size, colour)
            g.set_alpha(int(255 * pulse))
            surface.blit(g, g.get_rect(center=rect.center))
        icon_size = int(rect.height * 0.62)
        surface.blit(plates.seat_icon(kit.assets, seat_info.is_ai, icon_size),
                     (rect.x + int(10 * u), rect.y + int(8 * u)))
        name = kit.assets.text(seat_info.name, int(20 * u), colour, bold=True)
        x = rect.x + icon_size + int(18 * u)
        surface.blit(name, (x, rect.y + int(8 * u)))
        tag = fx.seat_tag(kit.cache, kit.assets, seat, fx.tag_height(u))
        surface.blit(tag, tag.get_rect(midleft=(x + name.get_width() + int(6 * u),
                                                rect.y + int(8 * u) + name.get_height() // 2)))
        owned = sum(1 for m in shows.state["milestones"] if m["owner"] == seat)
        sub = level_name(seat_info.level) if seat_info.is_ai else t("Person")
        line = kit.assets.text(f"{sub} · ◆ {owned}", int(14 * u), (220, 226, 220))
        surface.blit(line, (x, rect.y + int(34 * u)))
        status = ""
        if shows.thinking == seat and not shows.over:
            status = plates.thinking_text(shows.time)
        elif active and not seat_info.is_ai:
            step = shows.state.get("step")
            status = t("Draw a card!") if step == "draw" else t("Play a card!")
        presence = shows.presence[seat] if seat < len(shows.presence) else None
        status, own = plate_status(presence, status)
        if status:
            ink = presence_colour(presence) if own and presence is not None else theme.GOLD
            room = rect.right - x - int(6 * u)
            for size in range(max(int(14 * u), 8), 7, -1):   # a long translation: smaller
                image = kit.assets.text(status, size, ink, bold=True)
                if image.get_width() <= room:
                    break
            surface.blit(image, (x, rect.y + int(54 * u)))
        if shows.thinking == seat:
            _spinner(surface, (rect.right - int(22 * u), rect.y + int(22 * u)), shows.time, u)


def _spinner(surface: pygame.Surface, centre: tuple[int, int], now: float, u: float) -> None:
    for k in range(8):
        angle = now * 6 + k * math.tau / 8
        alpha = (k + 1) / 8
        pos = (centre[0] + math.cos(angle) * 10 * u, centre[1] + math.sin(angle) * 10 * u)
        colour = (int(theme.GOLD[0] * alpha), int(theme.GOLD[1] * alpha),
                  int(theme.GOLD[2] * alpha))
        pygame.draw.circle(surface, colour, (int(pos[0]), int(pos[1])), max(1, int(2.5 * u)))


def draw_log(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """The move log on the left, newest at the bottom (or only its button when closed)."""
    kit, layout = p, p.layout
    u = layout.u
    button = layout.log_button
    icon = plates.icon(kit.assets, "icon_log", (int(button.w * 0.8), int(button.h * 0.8)))
    if not shows.log_open:
        shows.stage.scroll.area = None   # a closed log takes no wheel or drag
        surface.blit(icon, icon.get_rect(center=button.center))
        return
    area = layout.left
    title = kit.assets.text(t("Moves"), int(18 * u), theme.WHITE, bold=True)
    surface.blit(icon, icon.get_rect(center=button.center))
    surface.blit(title, (button.right + int(6 * u), button.centery - title.get_height() // 2))
    width = area.width - int(20 * u)
    draw_entries(surface, shows.stage.entries,
                 lambda entry, latest: log_line(p, shows, entry, width, latest),
                 (width, shows.eyes.bottom), area.x + int(10 * u), button.bottom + int(6 * u),
                 area.bottom - int(10 * u), int(3 * u), shows.stage.scroll, width)


def log_line(p: Painter, shows: TableShows, entry: CestaLogEntry, width: int, latest: bool
             ) -> pygame.Surface:
    """One log line as an image: name, then a suit and rank, an action, a deck or a stone
    (the seat colours follow whose eyes the table uses, so they are part of its look)."""
    assets, u = p.assets, p.u
    size = int(14 * u)
    if entry.seat is None:   # news of the room (someone left, an offer to end …)
        return note_line(assets, entry.note, size, width, latest)
    colour = SEAT_COLOURS[shows.eyes.colour(entry.seat)]
    name = assets.text(shows.seat_name(entry.seat), size, colour, bold=True)
    parts: list[pygame.Surface] = [name, assets.text(": ", size, theme.WHITE)]
    text_colour = theme.WHITE if latest else (210, 218, 212)
    if entry.kind == "play":
        if is_event(entry.card):
            colour_code, rank = split(entry.card)
            parts.append(p.art.suit(colour_code, int(size * 1.3)))
            parts.append(assets.text(rank, size, text_colour, bold=True))
        else:
            parts.append(assets.text(action_name(entry.card), size, (214, 170, 255),
                                     bold=True))
        parts.append(assets.text(f" → {entry.milestone}", size, text_colour))
    elif entry.kind == "draw":
        # TRANSLATORS: a move log line "Ann: ↧ events": she drew from the event deck
        deck = pt("deck", "events") if entry.deck == "event" else pt("deck", "actions")
        parts.append(assets.text(f"↧ {deck}", size, text_colour))
    elif entry.kind == "pass":
        # TRANSLATORS: a move log line "Ann: passes"
        parts.append(assets.text(pt("move log", "passes"), size, text_colour))
    else:
        parts.append(assets.text(f"◆ {entry.milestone}", size, theme.GOLD, bold=True))
    line = flow_parts(parts, width, int(12 * u), shrink=True)
    height = line.get_height()
    if entry.kind == "claim" and entry.note:
        note = assets.text(entry.note, int(12 * u), (230, 214, 160), wrap=width)
        both = pygame.Surface((width, height + note.get_height()), pygame.SRCALPHA)
        both.blit(line, (0, 0))
        both.blit(note, (0, height))
        line = both
    if latest:
        line = on_backdrop(line, (255, 255, 255, 40), 6, pad=(4, 2))
    return line


def draw_tools(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """The sort and tracker buttons on the right."""
    kit, layout = p, p.layout
    u = layout.u
    # the button says what a click does next
    sort_label = t("Sort by rank") if shows.sort_mode == "colour" else t("Sort by colour")
    items = [(layout.sort_button, sort_label, "ui/icon_sort.svg")]
    if shows.tracker_enabled:
        items.append((layout.tracker_button, t("Card tracker"), "ui/icon_tracker.svg"))
    for rect, label, icon_name in items:
        hovered = rect.collidepoint(shows.pointer.mouse)
        face = kit.assets.sprite("ui/button_hover.svg" if hovered else "ui/button.svg",
                                 rect.size)
        surface.blit(face, rect)
        icon_size = int(rect.height * 0.6)
        icon = kit.assets.sprite(icon_name, (icon_size, icon_size), plates.blank)
        surface.blit(icon, (rect.x + int(8 * u), rect.centery - icon_size // 2))
        x = rect.x + icon_size + int(12 * u)
        # the face's bevel takes the lower part of the rect: two lines fit above it
        text = fitted_label(kit.assets, label, int(13 * u), rect.right - int(6 * u) - x,
                            int(rect.height * 0.7))
        surface.blit(text, (x, rect.centery - int(2 * u) - text.get_height() // 2))


def fitted_label(assets: Assets, text: str, size: int, width: int, height: int
                 ) -> pygame.Surface:
    """A tool button's label in its room: one line, else two, smaller if need be (a long
    translation never runs past the button's edge)."""
    words = text.split()
    smallest = max(7, size * 2 // 3)
    for s in range(size, smallest - 1, -1):
        line = assets.text(text, s, theme.INK, bold=True)
        if line.get_width() <= width:
            return line
        if len(words) > 1 and all(assets.text(w, s, theme.INK, bold=True).get_width() <= width
                                  for w in words):
            wrapped = assets.text(text, s, theme.INK, bold=True, wrap=width)
            if wrapped.get_height() <= height:
                return wrapped
    return assets.text(text, smallest, theme.INK, bold=True, wrap=width)


def draw_header(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """Game name and move number at the top of the right panel."""
    kit, layout = p, p.layout
    u = layout.u
    title = kit.assets.outlined_text(game_title("cesta"), int(30 * u), theme.GOLD, (20, 16, 24),
                                     width=max(2, int(2 * u)))
    surface.blit(title, title.get_rect(midtop=(layout.right.centerx,
                                               layout.right.y + int(12 * u))))
    count = kit.assets.text(t("round {n}", n=shows.move_number), int(14 * u),
                            (210, 222, 214))
    surface.blit(count, count.get_rect(midtop=(layout.right.centerx,
                                               layout.right.y + int(12 * u) +
                                               title.get_height())))


def draw_banner(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """The message of the moment (a claim and why, a pass, your turn), fading upwards."""
    banner = shows.stage.banner
    if banner is None:
        return
    kit, layout = p, p.layout
    u = layout.u
    image = kit.assets.text(banner.text, int(17 * u), theme.INK, bold=True,
                            wrap=int(layout.centre.width * 0.9), align="center")
    draw_banner_pill(surface, kit.shadow, banner, image,
                     (layout.centre.centerx, int(116 * u)), BANNER_PILL, u)


class TrackerCache:
    """The tracker's numbers for one visible state (the search is too slow per frame)."""

    def __init__(self) -> None:
        self._for: tuple[object, dict[str, Any]] | None = None

    def data(self, shows: TableShows) -> dict[str, Any]:
        if self._for is None or self._for[0] is not shows.state:
            viewer = shows.eyes.viewer
            self._for = (shows.state, info.tracker(shows.state, viewer, shows.eyes.bottom))
        return self._for[1]


def draw_tracker(p: Painter, surface: pygame.Surface, shows: TableShows,
                 data: dict[str, Any] | None) -> None:
    """Unseen event cards by colour; each open milestone's best reachable set per side."""
    kit, layout = p, p.layout
    u = layout.u
    panel = layout.tracker_panel
    surface.blit(kit.overlay(panel.size, 225, (16, 26, 30)), panel)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=int(12 * u))
    pad = int(14 * u)
    if not shows.tracker_enabled or data is None:
        text = kit.assets.text(t("The card tracker is turned off in the settings."),
                               int(18 * u), theme.WHITE, wrap=panel.width - 2 * pad,
                               align="center")
        surface.blit(text, text.get_rect(center=panel.center))
        return
    unseen = len(data["unseen"])
    title = kit.assets.text(nt("{n} card not on the table", "{n} cards not on the table",
                               unseen), int(18 * u), theme.GOLD, bold=True)
    surface.blit(title, (panel.x + pad, panel.y + pad))
    card = (int(34 * u), int(48 * u))
    y = panel.y + pad + title.get_height() + int(8 * u)
    for colour in "RYGB":
        x = panel.x + pad
        surface.blit(p.art.suit(colour, int(26 * u)), (x, y + int(10 * u)))
        x += int(36 * u)
        for code in data["unseen"]:
            if code[0] != colour:
                continue
            surface.blit(p.art.card(code, card), (x, y))
            x += card[0] + int(4 * u)
        y += card[1] + int(6 * u)
    _draw_best(p, surface, shows, data["rows"])


def _draw_best(p: Painter, surface: pygame.Surface, shows: TableShows,
               rows: list[tuple[int, int | None, Any, Any]]) -> None:
    kit, layout, eyes = p, p.layout, shows.eyes
    u = layout.u
    panel = layout.tracker_panel
    pad = int(14 * u)
    column = panel.x + int(panel.width * 0.5)
    best = kit.assets.text(t("Best set still possible"), int(18 * u), theme.GOLD, bold=True,
                           wrap=panel.right - pad - column)
    surface.blit(best, (column, panel.y + pad))
    y = panel.y + pad + best.get_height() + int(10 * u)
    me, them = shows.seat_name(eyes.bottom), shows.seat_name(eyes.top)
    col_w = (panel.right - pad - column - int(40 * u)) // 2
    for x, name, colour in ((column + int(40 * u), me, SEAT_COLOURS[0]),
                            (column + int(40 * u) + col_w, them, SEAT_COLOURS[1])):
        surface.blit(kit.assets.text(name, int(15 * u), colour, bold=True), (x, y))
    y += int(26 * u)
    row_h = int(40 * u)
    stone = kit.assets.sprite("cesta/milestone.svg", (int(34 * u), int(27 * u)))
    for m, owner, mine, theirs in rows:
        rect = stone.get_rect(topleft=(column, y))
        surface.blit(stone, rect)
        number = kit.assets.outlined_text(str(m), int(15 * u), theme.WHITE, (20, 20, 20))
        surface.blit(number, number.get_rect(center=rect.center))
        if owner is not None:
            text = kit.assets.text(f"◆ {shows.seat_name(owner)}", int(15 * u),
                                   SEAT_COLOURS[eyes.colour(owner)], bold=True)
            surface.blit(text, (column + int(40 * u), y + int(4 * u)))
        else:
            for i, value in enumerate((mine, theirs)):
                size = int(15 * u)
                text = kit.assets.text(best_text(value), size, theme.WHITE)
                if text.get_width() > col_w - int(8 * u):   # a long name: smaller, in its column
                    size = max(8, size * (col_w - int(8 * u)) // text.get_width())
                    text = kit.assets.text(best_text(value), size, theme.WHITE)
                surface.blit(text, (column + int(40 * u) + i * col_w, y + int(4 * u)))
        y += row_h


def draw_path_summary(p: Painter, surface: pygame.Surface, area: pygame.Rect,
                      state: dict[str, Any], eyes: Perspective) -> None:
    """The path in miniature for the results screen: each stone ringed in its owner's
    colour."""
    kit = p
    u = p.u
    count = p.layout.milestones
    size = (int(48 * u), int(37 * u))
    gap = int(14 * u)
    x = area.centerx - (count * size[0] + (count - 1) * gap) // 2
    stone = kit.assets.sprite("cesta/milestone.svg", size)
    for m, milestone in enumerate(state.get("milestones", [])):
        rect = stone.get_rect(topleft=(x + m * (size[0] + gap), area.y))
        surface.blit(stone, rect)
        owner = milestone["owner"]
        if owner is not None:
            pygame.draw.ellipse(surface, SEAT_COLOURS[eyes.colour(owner)], rect.inflate(6, 6),
                                width=max(2, int(3 * u)))
            tag = fx.seat_tag(kit.cache, kit.assets, owner, fx.tag_height(u))
            surface.blit(tag, tag.get_rect(center=(rect.right - tag.get_width() // 3,
                                                   rect.top + tag.get_height() // 3)))
        number = kit.assets.outlined_text(str(m + 1), int(size[1] * 0.5), theme.WHITE,
                                          (20, 20, 20))
        surface.blit(number, number.get_rect(center=rect.center))


# --- action cards: a name on the card, what it does on hover ------------------------------
def draw_action_name(p: Painter, surface: pygame.Surface, code: str, rect: pygame.Rect) -> None:
    """The action's name on a pill across the card's foot: the art shows a symbol only."""
    u = p.layout.u
    size = max(9, int(11 * u))
    label = p.assets.text(action_name(code), size, theme.WHITE, bold=True)
    if label.get_width() > rect.width - 8:   # a long name ("Dobrý skutek"): a smaller font
        size = max(7, size * (rect.width - 8) // label.get_width())
        label = p.assets.text(action_name(code), size, theme.WHITE, bold=True)
    if label.get_width() > rect.width - 8:   # a small card: the name on two lines
        label = p.assets.text(action_name(code), size, theme.WHITE, bold=True,
                              wrap=max(1, rect.width - 8), align="center")
    pill = pygame.Rect(0, 0, min(rect.width - 4, label.get_width() + int(10 * u)),
                       label.get_height() + int(2 * u))
    pill.midbottom = (rect.centerx, rect.bottom - int(6 * u))
    surface.blit(p.overlay(pill.size, 190, (40, 20, 60)), pill)
    surface.blit(label, label.get_rect(center=pill.center))


def action_tip_lines(code: str) -> tuple[str, str]:
    """The name and the one-sentence rule of action card ``code``."""
    return action_name(code), action_tip(code)


def draw_action_tip(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """Resting the mouse on an action card in the hand says what it does, above it."""
    index = shows.hover
    hand = shows.hands.get(shows.eyes.bottom, [])
    if index is None or index >= len(hand) or not is_action(hand[index]) or \
            shows.pointer.dragged() is not None:
        return
    u = p.layout.u
    slots = p.layout.hand_slots(len(hand), True)
    card = slots[index]
    name, rule = action_tip_lines(hand[index])
    title = p.assets.text(name, int(16 * u), theme.GOLD, bold=True)
    body = p.assets.text(rule, int(13 * u), theme.WHITE, wrap=int(300 * u))
    pad = int(10 * u)
    panel = pygame.Rect(0, 0, max(title.get_width(), body.get_width()) + 2 * pad,
                        title.get_height() + body.get_height() + 3 * pad // 2 + pad // 2)
    panel.midbottom = (card.centerx, card.top - int(18 * u))
    panel.clamp_ip(surface.get_rect())
    surface.blit(p.shadow(panel.size, int(10 * u), 90), panel.move(0, int(4 * u)))
    pygame.draw.rect(surface, (34, 22, 52), panel, border_radius=int(10 * u))
    pygame.draw.rect(surface, (170, 130, 220), panel, width=max(2, int(2 * u)),
                     border_radius=int(10 * u))
    surface.blit(title, (panel.x + pad, panel.y + pad))
    surface.blit(body, (panel.x + pad, panel.y + pad + title.get_height() + pad // 2))


def hint_places(move: Move) -> tuple[str, ...]:
    """The hinted move's card and milestone (or deck), named as the coach names them."""
    if isinstance(move, Play):
        return (f"hand:{move.card}", f"milestone:{move.milestone}")
    if isinstance(move, Draw):
        return (f"deck:{move.deck}",)
    return ()


def hint_button_rect(layout: CestaLayout) -> pygame.Rect:
    """The Hint button heads the tools column on the right, above Sort."""
    step = layout.tracker_button.y - layout.sort_button.y
    return layout.sort_button.move(0, -step)
