"""The Cut the Rope table's heads-up layer: the move log, the seats' name plates, the turn
tools of the bottom panel (steps, End turn, keys), the scissors chooser, banner and toast."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.i18n import N_, t
from game.client.online.presence import plate_status, presence_colour
from game.client.tables.common import plates
from game.client.tables.common.banner import Banner, PillStyle, Toast
from game.client.tables.common.banner import draw_banner as draw_banner_pill
from game.client.tables.common.keys import digit_keys
from game.client.tables.common.log import draw_entries, on_backdrop
from game.client.tables.cut_the_rope.art import INK, SCISSORS_COLOUR, number_colour
from game.client.tables.cut_the_rope.input import aux_key_names
from game.client.tables.cut_the_rope.layout import CutLayout
from game.client.tables.cut_the_rope.model import CutLogEntry, TableShows
from game.client.tables.cut_the_rope.paint import ACTIVE, AUX_BLUE, Kit, seat_tags
from game.client.ui import theme
from game.client.ui.widgets import flow_parts
from game.rules.cut_the_rope import Move


# --- log ------------------------------------------------------------------------------------
def draw_log(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    assets, layout = kit.assets, kit.layout
    u = layout.u
    area = layout.log
    button = layout.log_button
    surface.blit(plates.icon(assets, "icon_log", button.size), button)
    title = assets.text(t("Moves"), int(16 * u), INK, bold=True)
    surface.blit(title, (button.right + int(6 * u), button.centery - title.get_height() // 2))
    if not shows.hud.log_open:
        shows.hud.scroll.area = None   # a closed log takes no wheel or drag
        return
    width = area.width - int(16 * u)
    draw_entries(surface, shows.hud.entries,
                 lambda entry, latest: log_line(kit, shows, entry, width, latest), width,
                 area.x + int(8 * u), button.bottom + int(6 * u), area.bottom - int(8 * u),
                 int(3 * u), shows.hud.scroll, width)


def log_line(kit: Kit, shows: TableShows, entry: CutLogEntry, width: int, latest: bool
             ) -> pygame.Surface:
    """One log line as an image: the mover's name, the card as a chip, then the sentence
    word by word."""
    assets, u = kit.assets, kit.u
    size = int(12 * u)
    parts: list[pygame.Surface] = []
    if entry.seat is not None:
        colour = (150, 90, 0) if entry.seat == shows.board.bottom else (40, 70, 140)
        parts.append(assets.text(shows.plates[entry.seat].name + ": ", size, colour,
                                 bold=True))
    if entry.card:
        colour = SCISSORS_COLOUR if entry.card == "S" else number_colour(int(entry.card))
        parts.append(kit.art.chip(entry.card if entry.card != "S" else "✂", size, colour))
        parts.append(assets.text(" ", size, INK))
    text_colour = INK if latest else (70, 80, 100)
    if entry.kind in ("done", "reshuffle", "stalemate"):
        text_colour = (170, 60, 110)
    elif entry.kind == "note":   # news of an online room, apart from the moves
        text_colour = (30, 100, 60)
    words = entry.text.split(" ")
    for i, word in enumerate(words):
        parts.append(assets.text(word + (" " if i < len(words) - 1 else ""), size,
                                 text_colour, bold=entry.kind in ("win", "done")))
    line = flow_parts(parts, width, int(10 * u))
    if latest:
        line = on_backdrop(line, (255, 236, 170, 150), 6, pad=(0, 2), width=width)
    return line


# --- name plates ----------------------------------------------------------------------------
def seat_status(shows: TableShows, seat: int) -> str:
    if shows.thinking == seat and not shows.over:
        return plates.thinking_text(shows.time)
    if shows.to_move == seat and not shows.plates[seat].is_ai:
        return t("your turn!")
    return ""


def draw_plate(kit: Kit, surface: pygame.Surface, shows: TableShows, seat: int,
               rect: pygame.Rect, size: int) -> int:
    """Icon and name (with a status); returns the x after the text."""
    assets, u = kit.assets, kit.u
    plate = shows.plates[seat]
    icon_size = rect.height
    surface.blit(plates.seat_icon(assets, plate.is_ai, icon_size), rect.topleft)
    active = shows.to_move == seat
    name = assets.text(plate.name, size, (150, 90, 0) if active else INK, bold=True)
    x = rect.x + icon_size + int(6 * u)
    surface.blit(name, (x, rect.centery - name.get_height() // 2))
    x += name.get_width() + int(5 * u)
    # the seat's tag: the same colour and symbol mark the cards of its last turn
    tag = seat_tags(kit, [seat])[0]
    surface.blit(tag, tag.get_rect(midleft=(x, rect.centery)))
    x += tag.get_width() + int(8 * u)
    status, own = plate_status(plate.presence, seat_status(shows, seat))
    if status:
        ink = presence_colour(plate.presence, on_light=True) \
            if own and plate.presence is not None else (200, 120, 0)
        image = assets.text(status, int(size * 0.8), ink, bold=True)
        surface.blit(image, (x, rect.centery - image.get_height() // 2))
        x += image.get_width()
    return x


# --- the turn tools of the bottom panel -------------------------------------------------------
def draw_controls(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    assets, layout = kit.assets, kit.layout
    u = layout.u
    box = layout.controls
    board = shows.board
    seat = board.bottom
    my_turn = board.my_turn
    empty = board.legal.empty_end is not None
    top = box.y + int(22 * u)
    if my_turn:
        end_step = board.end_step
        if empty:
            text = t("Your hand is empty: end the turn.")
        elif end_step:
            text = t("Last step: put a card from your hand on one of your aux rows (or start "
                     "a new one). That ends your turn.")
        else:
            text = t("Build: drag a card from your pile, your hand or the top of an aux row "
                     "onto a main row. Then end the turn.")
        colour = INK
        top = draw_steps(kit, surface, box, end_step or empty)
    elif shows.thinking is not None:
        text = t("{name} is thinking…", name=shows.plates[shows.thinking].name)
        colour = (90, 100, 120)
    elif shows.to_move is not None:
        text = t("{name}'s turn", name=shows.plates[shows.to_move].name)
        colour = (90, 100, 120)
    else:
        text = ""
        colour = INK
    if text:
        # the words end above the Hint button (above Undo, beside End turn)
        bottom = hint_button_rect(layout).top - int(4 * u)
        image = wrapped(kit, text, int(13 * u), colour, box.width, bottom - top)
        surface.blit(image, image.get_rect(midtop=(box.centerx, top)))
    if my_turn:
        rect = layout.end_button
        hovered = rect.collidepoint(shows.focus.mouse)
        face = assets.sprite("ui/button_hover.svg" if hovered or shows.focus.end_mode
                             else "ui/button.svg", rect.size)
        surface.blit(kit.shadow(rect.size, rect.height // 3), rect.move(0, 4))
        surface.blit(face, rect)
        if board.end_step or empty:
            pygame.draw.rect(surface, AUX_BLUE, rect.inflate(6, 6), width=3,
                             border_radius=rect.height // 2)
        label = t("End turn (empty hand)") if empty else t("End turn")
        text_image = fitted(kit, label + "  [N]", int(15 * u), rect.width - int(16 * u))
        surface.blit(text_image, text_image.get_rect(center=rect.center))
    if not shows.plates[seat].is_ai:
        bottom = box.bottom + int(4 * u)
        # TRANSLATORS: {keys} are the number keys of the hand's cards ("1–6"), {aux} the
        # keys of the auxiliary rows' tops ("Z X C")
        words = t("Q pile · {keys} hand · {aux} aux · ←→ place · Enter play · N end turn · "
                  "U/D scissors · L log", keys=digit_keys(len(board.hand(seat))),
                  aux=aux_key_names(layout.aux_rows))
        keys = wrapped(kit, words, int(10 * u), (90, 100, 120),
                       box.width, bottom - layout.end_button.bottom - int(2 * u))
        surface.blit(keys, keys.get_rect(midbottom=(box.centerx, bottom)))


def draw_steps(kit: Kit, surface: pygame.Surface, box: pygame.Rect, second: bool) -> int:
    """The two steps of a turn as pills, the current one lit; returns the y below them."""
    assets, u = kit.assets, kit.u
    gap = int(8 * u)
    w = (box.width - gap) // 2
    h = int(24 * u)
    for i, key in enumerate((N_("1 · Build"), N_("2 · Put a card away"))):
        rect = pygame.Rect(box.x + i * (w + gap), box.y, w, h)
        lit = (i == 1) == second
        colour = (AUX_BLUE if i == 1 else ACTIVE) if lit else (200, 206, 216)
        pygame.draw.rect(surface, (255, 255, 255) if lit else (236, 240, 246), rect,
                         border_radius=h // 2)
        pygame.draw.rect(surface, colour, rect, width=2 if lit else 1, border_radius=h // 2)
        size = int(13 * u)
        image = assets.text(t(key), size, INK if lit else (130, 138, 150), bold=lit)
        while image.get_width() > rect.width - int(10 * u) and size > 8:
            size -= 1
            image = assets.text(t(key), size, INK if lit else (130, 138, 150), bold=lit)
        surface.blit(image, image.get_rect(center=rect.center))
    return box.y + h + int(8 * u)


def wrapped(kit: Kit, text: str, size: int, colour: tuple[int, int, int], width: int,
            height: int) -> pygame.Surface:
    """``text`` wrapped to ``width`` and centred, its size lowered until it is at most
    ``height`` tall (a language with longer words keeps to the same place)."""
    image = kit.assets.text(text, size, colour, wrap=width, align="center")
    while image.get_height() > height and size > 8:
        size -= 1
        image = kit.assets.text(text, size, colour, wrap=width, align="center")
    return image


def fitted(kit: Kit, text: str, size: int, width: int) -> pygame.Surface:
    """``text`` in bold ink, its size lowered until it is at most ``width`` wide."""
    image = kit.assets.text(text, size, INK, bold=True)
    while image.get_width() > width and size > 8:
        size -= 1
        image = kit.assets.text(text, size, INK, bold=True)
    return image


# --- overlays -------------------------------------------------------------------------------
def end_prompt(shows: TableShows) -> str:
    """After End turn: which hand card goes away, then (when it has several places) where;
    empty otherwise."""
    board, focus = shows.board, shows.focus
    if not focus.end_mode or not board.end_step:
        return ""
    selected = focus.selected
    if selected is None or selected[0] != "hand":
        count = min(9, len(board.hand(board.bottom)))
        return t("Which card do you put away? Press 1–{n} or click it · Esc cancels",
                 n=count) if count > 1 else \
            t("Which card do you put away? Press 1 or click it · Esc cancels")
    return t("Where does it go? Click one of your aux rows, or ←→ and Enter · Esc cancels")


def draw_end_prompt(kit: Kit, surface: pygame.Surface, shows: TableShows) -> pygame.Rect | None:
    """The question of ``end_prompt`` on a pill above the bottom hand (its rect, or None)."""
    text = end_prompt(shows)
    if not text:
        return None
    layout, u = kit.layout, kit.u
    area = layout.hand_area
    slots = layout.hand_slots(max(1, len(shows.board.hand(shows.board.bottom))))
    cards_top = min(rect.y for rect, _angle in slots) - int(18 * u)   # a lifted card too
    pad_x, pad_y = int(12 * u), int(5 * u)
    top = layout.bottom_header.bottom + int(2 * u)   # below the name row and its badge
    image = wrapped(kit, text, int(13 * u), INK, area.width - 2 * pad_x,
                    max(int(12 * u), cards_top - top - 2 * pad_y))
    panel = image.get_rect(midbottom=(area.centerx, cards_top)).inflate(2 * pad_x, 2 * pad_y)
    panel.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (255, 255, 255), panel, border_radius=int(10 * u))
    pygame.draw.rect(surface, AUX_BLUE, panel, width=2, border_radius=int(10 * u))
    surface.blit(image, image.get_rect(center=panel.center))
    return panel


def draw_chooser(kit: Kit, surface: pygame.Surface, shows: TableShows) -> None:
    chooser = shows.focus.chooser
    if chooser is None:
        return
    assets, u = kit.assets, kit.u
    length = shows.board.row_length
    up = chooser.up
    question = assets.text(t("Scissors start a row — which way?"), int(13 * u), INK, bold=True)
    qrect = question.get_rect(midbottom=(up.centerx, up.top - int(6 * u)))
    pygame.draw.rect(surface, (255, 255, 255), qrect.inflate(int(12 * u), int(6 * u)),
                     border_radius=int(8 * u))
    surface.blit(question, qrect)
    for direction in ("up", "down"):
        rect = chooser.rect(direction)
        hovered = rect.collidepoint(shows.focus.mouse) or chooser.focus == direction
        colour = number_colour(1 if direction == "up" else length)
        pygame.draw.rect(surface, (255, 250, 236) if hovered else (245, 240, 230), rect,
                         border_radius=rect.height // 2)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=rect.height // 2)
        label = ("▲ " + t("up 1 → {n}", n=length) + "  [U]") if direction == "up" else \
            ("▼ " + t("down {n} → 1", n=length) + "  [D]")
        image = assets.text(label, int(13 * u), colour, bold=True)
        surface.blit(image, image.get_rect(center=rect.center))


BANNER_PILL = PillStyle((255, 250, 236), ACTIVE, radius=20, shadow_alpha=70, pad=(26, 10))


def draw_banner(kit: Kit, surface: pygame.Surface, banner: Banner | None) -> None:
    if banner is None:
        return
    assets, layout = kit.assets, kit.layout
    u = layout.u
    image = assets.text(banner.text, int(16 * u), INK, bold=True,
                        wrap=int(layout.rows_area.width * 0.9), align="center")
    draw_banner_pill(surface, kit.shadow, banner, image, layout.banner_strip.center,
                     BANNER_PILL, u)


def draw_toast(kit: Kit, surface: pygame.Surface, toast: Toast | None) -> pygame.Rect | None:
    """The refusal by the pointer, kept inside the window (its panel's rect)."""
    if toast is None:
        return None
    assets, u = kit.assets, kit.u
    image = assets.text(toast.text, int(14 * u), theme.WHITE, bold=True,
                        wrap=int(320 * u), align="center")
    rect = image.get_rect(midbottom=(toast.pos[0], toast.pos[1] - int(18 * u)))
    panel = rect.inflate(int(20 * u), int(10 * u))
    # the whole panel, border included, keeps clear of the window's edges
    panel.clamp_ip(surface.get_rect().inflate(-int(16 * u), -int(16 * u)))
    rect.center = panel.center
    pygame.draw.rect(surface, (196, 48, 70), panel, border_radius=int(10 * u))
    pygame.draw.rect(surface, theme.WHITE, panel, width=2, border_radius=int(10 * u))
    surface.blit(image, rect)
    return panel


def hint_places(move: Move, view: dict[str, Any]) -> tuple[str, ...]:
    """The hinted move's source (pile, hand card, auxiliary row) and where it goes (a main
    row, the free slot a new row starts in, an auxiliary row), named as the coach names
    them."""
    if move.kind == "end":
        if not move.source:
            return ()
        return (f"hand:{move.card}", f"aux:{move.target}" if move.target else "aux:new")
    source = {"pile": "pile", "hand": f"hand:{move.card}"}.get(move.source,
                                                               f"aux:{move.index}")
    if move.target:
        return (source, f"row:{move.target}")
    rows = view.get("rows") or []
    free = next((i for i, row in enumerate(rows) if row is None), None)
    return (source,) if free is None else (source, f"row:{free + 1}")


def hint_button_rect(layout: CutLayout) -> pygame.Rect:
    """The Hint button sits above Undo, beside End turn in the bottom panel."""
    gap = int(8 * layout.u)
    return layout.undo_button.move(0, -(layout.undo_button.height + gap))
