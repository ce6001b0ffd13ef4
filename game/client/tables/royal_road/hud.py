"""The Královská cesta side panels: seat plates, the log, the die tray, the secret-card
drawer, the prompt and the banners (the board itself is in ``render``), all drawn from a
``TableView`` snapshot and the ``Paint`` kit."""

from __future__ import annotations

import math

import pygame

from game.client.i18n import nt, t
from game.client.i18n.words import level_name
from game.client.online.presence import plate_status, presence_colour
from game.client.tables.common import fx, plates
from game.client.tables.common.banner import PillStyle, draw_pill
from game.client.tables.common.fx import pulse
from game.client.tables.common.log import draw_entries, on_backdrop
from game.client.tables.royal_road.art import COLOUR_RGB, trio
from game.client.tables.royal_road.describe import (
    color_name,
    pick_colour_prompt,
    pyramid_name,
    reuse_label,
)
from game.client.tables.royal_road.fx import TEXT_SOFT, Paint, button, glow, seat_tag
from game.client.tables.royal_road.layout import RoyalLayout
from game.client.tables.royal_road.model import RoyalLogEntry, TableView
from game.client.tables.royal_road.screens import winner_card_rect
from game.client.ui import anim, theme
from game.client.ui.assets import Assets
from game.client.ui.widgets import flow_parts
from game.rules.royal_road.moves import MovePyramid, Reuse, Roll, Swap
from game.rules.royal_road.progress import trio_progress


# --- seats and log ---------------------------------------------------------------------------
def draw_plates(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    assets, layout, state = paint.assets, paint.layout, view.state
    u = layout.u
    to_move = view.to_move
    skips = state.get("skips", [])
    kept = state.get("kept", [])
    for seat, info in enumerate(view.seats):
        rect = layout.plate(seat, len(view.seats))
        active = to_move == seat
        surface.blit(paint.overlay(rect.size, 150 if active else 110, (20, 12, 8)), rect)
        pygame.draw.rect(surface, theme.GOLD if active else (120, 96, 70), rect, width=2,
                         border_radius=int(10 * u))
        icon_size = int(rect.height * 0.5)
        surface.blit(plates.seat_icon(assets, info.is_ai, icon_size),
                     (rect.x + int(8 * u), rect.y + int(8 * u)))
        colour = theme.GOLD if active else theme.WHITE
        cards = kept[seat] if seat < len(kept) else []
        room = plate_text_width(paint.layout, rect, len(cards))
        name = assets.text(info.name, int(17 * u), colour, bold=True)
        if name.get_width() > room:
            name = assets.text(info.name, int(13 * u), colour, bold=True)
        x = rect.x + icon_size + int(14 * u)
        surface.blit(name, (x, rect.y + int(6 * u)))
        # the seat's tag under its icon: the same colour and symbol mark its last move
        tag = seat_tag(paint, seat)
        row_y = rect.y + int(8 * u) + icon_size + int(2 * u)
        tag_rect = tag.get_rect(midtop=(rect.x + int(8 * u) + icon_size // 2, row_y))
        surface.blit(tag, tag_rect)
        after = x
        if seat < len(skips) and skips[seat]:
            # TRANSLATORS: a badge on a player's plate: turns still to sit out (a penalty)
            badge = assets.text(nt("skips {n} turn", "skips {n} turns", skips[seat]),
                                int(12 * u), theme.WHITE, bold=True)
            pill = badge.get_rect(topleft=(x, rect.y + int(44 * u))).inflate(int(10 * u), 2)
            pygame.draw.rect(surface, theme.RED, pill, border_radius=pill.height // 2)
            surface.blit(badge, badge.get_rect(center=pill.center))
            after = pill.right + int(4 * u)
        summary = last_turn_line(paint, view, seat, room + x - after)
        if summary is not None:
            surface.blit(summary, summary.get_rect(midleft=(after, tag_rect.centery)))
        draw_mini_cards(paint, view, surface, cards, rect, seat)
        if view.ui.reveal is not None and view.ui.reveal.seat == seat:
            crown = assets.outlined_text("♛", int(20 * u), theme.GOLD, theme.INK)
            surface.blit(crown, crown.get_rect(midleft=(x + name.get_width() + int(4 * u),
                                                        rect.y + int(16 * u))))


def draw_round(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    """The round in progress, at the right of the log's title (drawn every frame: the
    log in the cached layer does not change when only the round does)."""
    if not view.round:
        return
    assets, layout = paint.assets, paint.layout
    u = layout.u
    area = layout.log_rect
    text = assets.text(t("round {n}", n=view.round), int(14 * u), theme.GOLD, bold=True)
    surface.blit(text, text.get_rect(topright=(area.right - int(10 * u),
                                               area.y + int(5 * u))))


def last_turn_line(paint: Paint, view: TableView, seat: int, width: int
                   ) -> pygame.Surface | None:
    """What the seat did on its last turn, in pictures and numbers on its plate: the die
    colour, the pyramid and where it went (JAIL said in words), a swap, a pass."""
    places = view.ui.marks.places(seat)
    if not places or width < 20:
        return None
    assets, u = paint.assets, paint.layout.u
    size = max(9, int(12 * u))
    ink = (236, 226, 206)
    parts: list[pygame.Surface] = []
    swaps = [p[1] for p in places if p[0] == "swap"]
    jailed = {p[1] for p in places if p[0] == "jail"}
    for place in places:
        kind = place[0]
        if kind == "die":
            parts.append(paint.art.die(place[1], int(size * 1.3)))
        elif kind == "pyr":
            parts.append(paint.art.pyramid(place[1], int(size * 1.7)))
            words = f"→{place[2]} " + (t("in jail") if place[1] in jailed else "")
            parts.append(assets.text(words.strip() + " ", size, ink, bold=True))
        elif kind == "pass":
            parts.append(assets.text(t("no move possible") + " ", size, ink))
        elif kind == "skip":
            parts.append(assets.text(t("skips this turn") + " ", size, ink))
    if len(swaps) == 2:
        parts.append(assets.text(f"⇄ {swaps[0]}↔{swaps[1]}", size, ink, bold=True))
    while parts and sum(p.get_width() for p in parts) > width:
        parts.pop()        # a narrow plate shows what fits, from the start of the turn
    if not parts:
        return None
    return flow_parts(parts, width, 0, shrink=True)


def draw_plate_status(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    """The per-frame part of the seat plates: the pulsing ring and "thinking…"."""
    assets, layout = paint.assets, paint.layout
    u = layout.u
    to_move = view.to_move
    for seat, info in enumerate(view.seats):
        rect = layout.plate(seat, len(view.seats))
        active = to_move == seat
        if active:
            g = glow(paint, rect.size)
            g.set_alpha(int(255 * pulse(view.ui.time, 4)))
            surface.blit(g, g.get_rect(center=rect.center))
        status = level_name(info.level) if info.is_ai else t("Person")
        status_colour = (200, 190, 170)
        if view.thinking == seat:
            status = plates.thinking_text(view.ui.time)
            status_colour = theme.GOLD
        elif active and not info.is_ai:
            status, status_colour = t("your turn!"), theme.GOLD
        if info.presence is not None:   # online: connected, away (a countdown) or left
            status, own = plate_status(info.presence, status if active else "")
            if own:
                status_colour = presence_colour(info.presence)
        image = assets.text(status, int(13 * u), status_colour, bold=active)
        kept = view.state.get("kept", [])
        room = plate_text_width(paint.layout, rect, len(kept[seat]) if seat < len(kept) else 0)
        if image.get_width() > room:
            image = assets.text(status, int(10 * u), status_colour, bold=active)
        x = rect.x + int(rect.height * 0.5) + int(14 * u)
        surface.blit(image, (x, rect.y + int(28 * u)))


def draw_mini_cards(paint: Paint, view: TableView, surface: pygame.Surface, cards: list[str],
                    plate: pygame.Rect, seat: int) -> None:
    """Each seat's kept cards, stacked at the plate's right: a trio chip when the screen may
    show it, a small lying card back otherwise. In hot-seat games even your own cards show
    only in the drawer, so a glance over your shoulder at the plates gives nothing away."""
    if not cards:
        return
    u = paint.layout.u
    rh = int(min(26 * u, (plate.height - 10 * u) / len(cards)))
    y = plate.centery - (rh * len(cards) + int(3 * u) * (len(cards) - 1)) // 2
    right = plate.right - int(7 * u)
    for code in cards:
        if plate_shows_trio(view, seat, code):
            chip = pygame.Rect(0, y, int(rh * 1.75), rh)
            chip.right = right
            pygame.draw.rect(surface, (250, 240, 214), chip, border_radius=int(5 * u))
            pygame.draw.rect(surface, (185, 131, 27), chip, width=1, border_radius=int(5 * u))
            paint.art.draw_trio(surface, code, chip.inflate(-int(4 * u), -int(3 * u)))
        else:
            back = _small_back(paint, (rh, int(rh * 1.4)))
            chip = back.get_rect(topright=(right - int(rh * 0.35), y))
            surface.blit(back, chip)
        y += rh + int(3 * u)


def plate_shows_trio(view: TableView, seat: int, code: str) -> bool:
    """Whether a kept card shows its trio on its seat's plate: the winner's card once
    revealed; every card a spectator or a lone person may see; at a hot-seat table only
    the cards of the person at the screen, and only while their drawer is open (a glance
    over the shoulder at the plates gives nothing away)."""
    if not trio(code):
        return False
    reveal = view.ui.reveal
    if reveal is not None and reveal.seat == seat and reveal.card == code:
        return True
    if view.viewer is None or not view.hot_seat:
        return True
    return seat == view.viewer and view.ui.drawer_open


def plate_text_width(layout: RoyalLayout, plate: pygame.Rect, cards: int) -> int:
    """Room for the name and status between the icon and the kept-card chips."""
    u = layout.u
    chips = int(min(26 * u, (plate.height - 10 * u) / max(1, cards)) * 1.75) if cards else 0
    return plate.width - int(plate.height * 0.5) - int(28 * u) - chips


def _small_back(paint: Paint, size: tuple[int, int]) -> pygame.Surface:
    key = ("rr-back-lying", size)
    cache = paint.cache
    surface = cache.get(key)
    if surface is None:
        card = paint.assets.sprite("royal_road/card_back.svg", size)
        surface = cache[key] = pygame.transform.rotate(card, 90)
    return surface


def draw_log(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    assets, layout = paint.assets, paint.layout
    u = layout.u
    area = layout.log_rect
    if area.height < 40 * u:
        return
    title = assets.text(t("Moves"), int(15 * u), theme.GOLD, bold=True)
    surface.blit(title, (area.x + int(10 * u), area.y + int(4 * u)))
    width = area.width - int(20 * u)
    draw_entries(surface, view.ui.entries,
                 lambda entry, latest: log_line(paint, view, entry, width, latest), width,
                 area.x + int(10 * u), area.y + title.get_height() + int(10 * u),
                 area.bottom - int(8 * u), int(2 * u), view.ui.scroll, width)


def log_line(paint: Paint, view: TableView, entry: RoyalLogEntry, width: int, latest: bool
             ) -> pygame.Surface:
    """One log line as an image: the mover's name, then the entry's parts (words,
    pyramids, die faces, card chips)."""
    assets, u = paint.assets, paint.layout.u
    size = int(13 * u)
    colour = theme.WHITE if latest else (214, 204, 186)
    parts: list[pygame.Surface] = []
    if entry.seat is not None:
        parts.append(assets.text(view.seat_name(entry.seat) + ": ", size, theme.GOLD,
                                 bold=True))
    for part in entry.parts:
        if isinstance(part, tuple) and part[0] == "pyr":
            parts.append(paint.art.pyramid(part[1], int(size * 1.6)))
        elif isinstance(part, tuple) and part[0] == "die":
            parts.append(paint.art.die(part[1], int(size * 1.3)))
        elif isinstance(part, tuple) and part[0] == "card":
            chip = pygame.Surface((int(size * 3.6), int(size * 1.5)), pygame.SRCALPHA)
            pygame.draw.rect(chip, (250, 240, 214), chip.get_rect(), border_radius=4)
            paint.art.draw_trio(chip, part[1], chip.get_rect().inflate(-4, -2))
            parts.append(chip)
        else:   # words: a literal ("3 → 7") or a message said in the language of now;
            # lines break at plain spaces only, so a no-break space keeps "v cíli" together
            words = str(part() if callable(part) else part)
            for word in words.split(" "):
                if word:
                    parts.append(assets.text(word + " ", size, colour))
    line = flow_parts(parts, width, int(10 * u))
    if latest:
        line = on_backdrop(line, (255, 255, 255, 36), 5)
    return line


# --- the die tray -----------------------------------------------------------------------------
def draw_tray(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    assets, layout, state = paint.assets, paint.layout, view.state
    u = layout.u
    legal, mouse = view.legal, view.ui.mouse
    rect = layout.die_rect
    pygame.draw.ellipse(surface, (12, 8, 6), rect.inflate(int(40 * u), int(8 * u)).move(
        0, int(40 * u)).clip(rect.inflate(int(40 * u), int(60 * u))))
    colour, previous = state.get("color"), state.get("previous_color")
    tumble = view.ui.die_tween
    if tumble is not None and not tumble.done:
        draw_tumble(paint, view, surface, tumble)
        caption = t("rolling…")
    else:
        face = colour or previous
        if face is None:   # the cached die at a low alpha for this blit, not a copy
            fx.blit_faded(surface, paint.art.die("w", layout.die_size), rect, 70)
            caption = t("not rolled yet")
        else:
            image = paint.art.die(face, layout.die_size)
            alpha = 255
            if colour is None:   # the last colour, faint: the cached die at an alpha
                alpha = 110
                caption = t("previous: {colour}", colour=color_name(face))
            else:
                caption = color_name(face) if face != "w" else t("white: any pyramid")
            reuse = view.ui.die_pulse
            if reuse is not None and reuse.started:
                grow = 1 + 0.25 * math.sin(reuse.raw * math.pi)
                image = pygame.transform.smoothscale(image, (int(rect.w * grow),
                                                             int(rect.h * grow)))
            fx.blit_faded(surface, image, image.get_rect(center=rect.center), alpha)
            if colour is not None:
                g = glow(paint, rect.size, COLOUR_RGB[face] if face != "k" else (200, 200, 210))
                g.set_alpha(int(140 * pulse(view.ui.time, 3)))
                surface.blit(g, g.get_rect(center=rect.center))
    size = int(14 * u)
    text = assets.text(caption, size, theme.WHITE, bold=True)
    while text.get_width() > layout.right.width - int(12 * u) and size > max(8, int(10 * u)):
        size -= 1   # a long caption ("white: any pyramid") shrinks to the tray's width
        text = assets.text(caption, size, theme.WHITE, bold=True)
    surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + int(6 * u))))
    left = layout.right.x + int(10 * u)
    y = layout.right.y + int(6 * u)
    right = hint_button_rect(layout, assets).x - int(6 * u) if view.hint_shown else \
        layout.right.right - int(10 * u)
    room = right - left
    for line in tray_title(paint, t("Colour die"), room):
        surface.blit(line, (left, y))
        y += line.get_height() - int(3 * u)
    if state.get("step") == "bonus":
        if legal.noswap:
            button(paint, surface, layout.noswap_button, t("No swap"), "N", True, mouse)
    else:
        roll_on = legal.roll
        button(paint, surface, layout.roll_button, t("Roll"), "R", roll_on, mouse,
               primary=roll_on)
        if view.reuse_rule:
            reuse_on = legal.reuse
            label = reuse_label(previous)
            button(paint, surface, layout.reuse_button, label, "U", reuse_on, mouse,
                   swatch=previous if previous and previous != "w" else None)
    if view.overstep_rule:
        on = view.report_visible
        button(paint, surface, layout.report_button, t("Report!"), "X", on, mouse,
               colour=(214, 70, 52) if on else None)


def tray_title(paint: Paint, text: str, room: int) -> list[pygame.Surface]:
    """The tray's title in the ``room`` beside the Hint button: one line, else two
    (split at the space that balances them best), the font shrinking until it fits."""
    assets, u = paint.assets, paint.layout.u
    words = text.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]

    def line(words: str, size: int) -> pygame.Surface:
        return assets.outlined_text(words, size, theme.GOLD, (24, 14, 8))

    size = int(15 * u)
    while True:
        lines = [line(text, size)]
        if lines[0].get_width() > room and splits:
            lines = min(([line(a, size), line(b, size)] for a, b in splits),
                        key=lambda pair: max(image.get_width() for image in pair))
        if max(image.get_width() for image in lines) <= room or size <= max(8, int(10 * u)):
            return lines
        size -= 1


def draw_tumble(paint: Paint, view: TableView, surface: pygame.Surface, tween: anim.Tween) -> None:
    """The die tumbles and bounces, showing changing faces, and settles on the roll."""
    layout = paint.layout
    raw = tween.raw
    rect = layout.die_rect
    faces = "rygbkw"
    if raw >= 0.82 or not tween.started:
        face = view.ui.die_face or "w"
    else:
        face = faces[(int(raw * 14) * 5 + 3) % 6]
    angle = (1 - raw) ** 2 * 720
    bounce = abs(math.sin(raw * 3 * math.pi)) * (1 - raw) * 20 * layout.u
    squash = 1 + 0.08 * math.sin(raw * 6 * math.pi) * (1 - raw)
    image = paint.art.die(face, layout.die_size)
    image = pygame.transform.rotozoom(image, angle, squash)
    surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - bounce)))


# --- the secret cards -----------------------------------------------------------------------------
def draw_drawer(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    assets, layout, state = paint.assets, paint.layout, view.state
    u = layout.u
    if view.ui.reveal is not None and view.ui.reveal.tween.done:
        draw_winner_card(paint, view, surface)
        return
    viewer = view.viewer
    tab = layout.drawer_tab
    if viewer is None:
        # a public view (an online spectator) keeps every secret card hidden
        hidden = any(card == "??" for row in state.get("kept", []) for card in row)
        words = t("Watching: the secret cards stay hidden; at the end only the winning card "
                  "is shown.") if hidden else t("Watching the computers: every secret card "
                                                "is shown on the plates.")
        text = assets.text(words, int(13 * u), TEXT_SOFT, wrap=tab.width - int(20 * u))
        surface.blit(text, (tab.x + int(10 * u), tab.y + int(8 * u)))
        return
    hovered = tab.collidepoint(view.ui.mouse)
    pygame.draw.rect(surface, (70, 46, 30) if hovered else (52, 34, 22), tab,
                     border_radius=int(10 * u))
    pygame.draw.rect(surface, theme.GOLD, tab, width=2, border_radius=int(10 * u))
    arrow = "▾" if view.ui.drawer_open else "▸"
    label = assets.text(arrow + " " + t("My secret cards"), int(14 * u), theme.WHITE,
                        bold=True)
    if label.get_width() > tab.width - int(34 * u):
        label = assets.text(arrow + " " + t("My secret cards"), int(11 * u), theme.WHITE,
                            bold=True)
    surface.blit(label, label.get_rect(midleft=(tab.x + int(10 * u), tab.centery)))
    key = assets.text("C", int(11 * u), theme.GOLD, bold=True)
    surface.blit(key, key.get_rect(midright=(tab.right - int(10 * u), tab.centery)))
    kept = state.get("kept", [])
    cards = [c for c in (kept[viewer] if viewer < len(kept) else []) if trio(c)]
    if not view.ui.drawer_open:
        hint = assets.text(t("Only you can see them. Open the drawer "
                             "when nobody is watching."), int(12 * u), TEXT_SOFT,
                           wrap=tab.width - int(16 * u))
        surface.blit(hint, (tab.x + int(8 * u), tab.bottom + int(8 * u)))
        return
    if not cards:
        text = assets.text(t("You have not chosen your cards yet."), int(13 * u), TEXT_SOFT,
                           wrap=tab.width - int(16 * u))
        surface.blit(text, (tab.x + int(8 * u), tab.bottom + int(10 * u)))
        return
    positions = state.get("pyramids", {})
    for i, code in enumerate(cards):
        rect = layout.secret_rect(i, len(cards))
        surface.blit(paint.shadow(rect.size, rect.width // 9, 90), rect.move(3, 5))
        surface.blit(paint.art.card(code, rect.size), rect)
        progress = trio_progress(code, positions, view.track)
        done = progress.done
        y = rect.bottom + int(8 * u)
        box = int(rect.width / 3.2)
        for j, p in enumerate(progress.pyramids):
            image = paint.art.pyramid(p, box)
            cx = rect.x + rect.width * (j + 0.5) / 3
            surface.blit(image, image.get_rect(midtop=(int(cx), y)))
            there = progress.in_goal[j]
            mark = "✓" if there else str(progress.places[j])
            text = assets.text(mark, int(12 * u), theme.GOLD if there else theme.WHITE,
                               bold=True)
            surface.blit(text, text.get_rect(midtop=(int(cx), y + box + int(2 * u))))
        # TRANSLATORS: under a secret card: how many of its three pyramids stand in GOAL
        words = nt("{n} of 3 in the goal", "{n} of 3 in the goal", done) if len(cards) <= 2 \
            else f"{done}/3"
        size = int(12 * u)
        line = assets.text(words, size, theme.GOLD)
        while line.get_width() > rect.width + int(2 * u) and size > max(8, int(9 * u)):
            size -= 1   # beside the next card: a long phrase shrinks, never overlaps
            line = assets.text(words, size, theme.GOLD)
        if line.get_width() > rect.width + int(2 * u):
            line = assets.text(words, size, theme.GOLD, wrap=rect.width + int(2 * u),
                               align="center")
        surface.blit(line, line.get_rect(midtop=(rect.centerx, y + box + int(20 * u))))


def draw_winner_card(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    assets, layout = paint.assets, paint.layout
    u = layout.u
    reveal = view.ui.reveal
    if reveal is None:
        return
    rect = winner_card_rect(layout)
    text = assets.text(t("{name}'s winning card", name=view.seat_name(reveal.seat)),
                       int(14 * u), theme.GOLD, bold=True, wrap=layout.drawer.width
                       - int(16 * u), align="center")
    surface.blit(text, text.get_rect(midtop=(layout.drawer.centerx, layout.drawer.y)))
    g = glow(paint, rect.size)
    g.set_alpha(int(255 * pulse(view.ui.time, 3)))
    surface.blit(g, g.get_rect(center=rect.center))
    surface.blit(paint.art.card(reveal.card, rect.size), rect)


PROMPT_PILL = PillStyle(theme.PAPER, theme.GOLD, radius=24, shadow_alpha=80, pad=(30, 14))


# --- prompts and banners -----------------------------------------------------------------------
def prompt_text(view: TableView) -> str:
    state = view.state
    step = state.get("step")
    seat = view.to_move
    if seat is None:
        return ""
    name = view.seat_name(seat)
    if view.thinking == seat:
        return t("{name} is thinking…", name=name)
    if view.notice:
        return ""
    legal = view.legal
    if not legal.any:
        return ""
    if step == "keep":
        return nt("Choose {n} card to keep", "Choose {n} cards to keep", view.keep_count)
    if step == "color":
        if legal.reuse:
            # TRANSLATORS: {colour} is the previous colour on its own, e.g. "red"
            return t("{name}: roll the die or reuse the last colour ({colour})", name=name,
                     colour=color_name(state.get("previous_color")))
        return t("{name}: roll the colour die", name=name)
    if step == "move":
        armed = view.ui.armed
        if armed is not None and armed[0] == view.ui.selected:
            # TRANSLATORS: a move waiting for a second Enter; {pyramid} as in "small red
            # pyramid", {q} the card's number on the track
            name = pyramid_name(armed[0])
            return t("{pyramid} goes to card {q}: press Enter again to confirm, any other "
                     "key to choose again.", pyramid=name[:1].upper() + name[1:], q=armed[1])
        if view.ui.selected is not None:
            return t("Where should {pyramid} go?", pyramid=pyramid_name(view.ui.selected))
        return pick_colour_prompt(state.get("color"))
    if step == "bonus":
        # TRANSLATORS: {n} is how many of the two cards are picked so far
        return t("Bonus: pick two cards to swap ({n}/2) or choose “No swap”",
                 n=len(view.ui.swap_pick))
    return ""


def prompt_words(view: TableView) -> str:
    """The prompt of the moment, or what the seat choosing secret cards is doing."""
    text = prompt_text(view)
    if not text and view.state.get("step") == "keep" and view.to_move is not None:
        text = t("{name} is choosing secret cards…", name=view.seat_name(view.to_move))
    return text


def prompt_image(paint: Paint, view: TableView) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The prompt's text and where it is drawn (its pill grows round it)."""
    text = prompt_words(view)
    if not text:
        return None
    assets, layout = paint.assets, paint.layout
    u = layout.u
    image = assets.text(text, int(18 * u), theme.INK, bold=True,
                        wrap=int(layout.middle.width * 0.9), align="center")
    top = layout.middle.y + int(14 * u) if layout.is_u else layout.middle.y + int(12 * u)
    return image, image.get_rect(midtop=(layout.middle.centerx, top))


def prompt_area(paint: Paint, view: TableView) -> pygame.Rect | None:
    """Everything the prompt covers (its pill and shadow): tooltips keep clear of it."""
    found = prompt_image(paint, view)
    if found is None:
        return None
    u = paint.layout.u
    panel = found[1].inflate(int(PROMPT_PILL.pad[0] * u), int(PROMPT_PILL.pad[1] * u))
    return panel.inflate(4, 12)


def draw_prompt(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    found = prompt_image(paint, view)
    if found is None:
        return
    image, rect = found
    assets, layout = paint.assets, paint.layout
    u = layout.u
    draw_pill(surface, paint.shadow, image, rect, PROMPT_PILL, u)
    legal = view.legal
    if legal.any and layout.is_u:
        keys = key_hint(view)
        if keys:
            hint = assets.text(keys, int(12 * u), TEXT_SOFT, wrap=layout.middle.width,
                               align="center")
            surface.blit(hint, hint.get_rect(midbottom=(layout.middle.centerx,
                                                        layout.middle.bottom - int(6 * u))))


def key_hint(view: TableView) -> str:
    step = view.state.get("step")
    keys = {
        "color": t("R / Space roll · U reuse · X report · C secret cards · Esc pause"),
        "move": t("Tab / ↑↓ pick a pyramid · ←→ pick the card · Enter move"),
        "bonus": t("←→ choose a card · Enter mark it · N no swap"),
    }
    return keys.get(str(step), "")


def draw_banner(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    banner = view.ui.banner
    if banner is None or view.notice:  # the notice has the stage
        return
    assets, layout = paint.assets, paint.layout
    u = layout.u
    image = assets.text(banner.text, int(20 * u), theme.WHITE, bold=True,
                        wrap=int(layout.middle.width * 0.85), align="center")
    rect = image.get_rect(center=(layout.middle.centerx, layout.middle.centery))
    panel = rect.inflate(int(36 * u), int(20 * u))
    alpha = banner.fade
    rise = banner.rise(12, u)
    panel.y -= rise
    rect.y -= rise
    surface.blit(paint.overlay(panel.size, int(200 * alpha), (30, 18, 10)), panel)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=int(12 * u))
    if alpha < 1:
        image = image.copy()
        image.set_alpha(int(255 * alpha))
    surface.blit(image, rect)


def hint_places(move: object) -> tuple[str, ...]:
    """The hinted move's die, pyramid and track cards, named as the coach names them."""
    if isinstance(move, Roll):
        return ("die",)
    if isinstance(move, Reuse):
        return ("reuse",)
    if isinstance(move, MovePyramid):
        return (f"pyramid:{move.pyramid}", f"place:{move.to}")
    if isinstance(move, Swap):
        return (f"place:{move.a}", f"place:{move.b}")
    return ()


def hint_button_rect(layout: RoyalLayout, assets: Assets) -> pygame.Rect:
    """The Hint button sits in the die tray's top right corner, beside its title and
    above the die, as wide as its label needs (within half the tray to ~60 % of it); the
    title wraps or shrinks beside it."""
    u, right = layout.u, layout.right
    height = int(34 * u)
    # the button's own font size and the room its icon takes (``widgets.Button``)
    label = assets.text(t("Hint"), max(12, int(height * 0.42)), theme.INK, bold=True)
    width = label.get_width() + int(height * 1.2) + int(8 * u)
    width = max(int(right.width * 0.4), min(width, int(right.width * 0.6)))
    return pygame.Rect(right.right - width - int(10 * u), right.y + int(6 * u), width, height)
