"""The Královská cesta full-table moments: the setup choice ("keep 2 of 5") and the
winner's card revealed with a flourish (drawn from a ``TableView``; geometry from the
layout alone, so input hit-tests the same rectangles)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.i18n import nt, t
from game.client.tables.common import fx
from game.client.tables.common.fx import pulse
from game.client.tables.royal_road.art import trio
from game.client.tables.royal_road.fx import TEXT_SOFT, Paint, button, glow, tint
from game.client.tables.royal_road.layout import RoyalLayout
from game.client.tables.royal_road.model import TableView
from game.client.ui import anim, theme


# --- the setup choice -----------------------------------------------------------------------------
def winner_card_rect(layout: RoyalLayout) -> pygame.Rect:
    rect = layout.secret_rect(0, 1)
    rect = rect.inflate(int(rect.width * 0.3), int(rect.height * 0.3))
    rect.midtop = (layout.drawer.centerx, layout.drawer.y + int(36 * layout.u))
    return rect


def reveal_size(layout: RoyalLayout) -> tuple[int, int]:
    u = layout.u
    return (int(190 * u), int(266 * u))


def keep_card_rect(layout: RoyalLayout, index: int, count: int, picked: list[int]
                   ) -> pygame.Rect:
    """Dealt card ``index`` of ``count`` on the setup screen (raised when ``picked``)."""
    u = layout.u
    w, h = layout.size
    cw = int(min(150 * u, (w * 0.8) / max(1, count) - 20 * u))
    ch = int(cw * 1.4)
    gap = int(22 * u)
    total = count * cw + (count - 1) * gap
    rect = pygame.Rect(w // 2 - total // 2 + index * (cw + gap), int(h * 0.5 - ch * 0.55),
                       cw, ch)
    if index in picked:
        rect.y -= int(22 * u)
    return rect


def keep_button_rect(layout: RoyalLayout) -> pygame.Rect:
    u = layout.u
    w, h = layout.size
    rect = pygame.Rect(0, 0, int(300 * u), int(52 * u))
    rect.center = (w // 2, int(h * 0.84))
    return rect


def draw_keep_backdrop(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    """The dimmed table with the heading and the explanation of the setup choice."""
    assets, u = paint.assets, paint.layout.u
    w, h = surface.get_size()
    surface.blit(paint.overlay((w, h), 190, (14, 8, 6)), (0, 0))
    name = view.seat_name(view.viewer) if view.viewer is not None else ""
    head = assets.outlined_text(nt("{name}: keep {n} secret card", "{name}: keep {n} secret cards",
                                   view.keep_count, name=name),
                                int(30 * u), theme.GOLD, theme.INK, width=max(2, int(2 * u)))
    surface.blit(head, head.get_rect(midtop=(w // 2, int(40 * u))))
    body = assets.text(t("Each card shows a trio of pyramids. Bring all three of one kept card "
                         "into the goal and end your turn to win. The others go out of the "
                         "game unseen."), int(16 * u), TEXT_SOFT,
                       wrap=min(int(w * 0.7), paint.layout.area.width - int(20 * u)),
                       align="center")   # between the seats' column and the right panel
    surface.blit(body, body.get_rect(midtop=(w // 2, int(92 * u))))


def draw_keep_screen(paint: Paint, view: TableView, surface: pygame.Surface,
                     backdrop: bool = True) -> None:
    assets, art, u, ui = paint.assets, paint.art, paint.layout.u, view.ui
    w, h = surface.get_size()
    if backdrop:
        draw_keep_backdrop(paint, view, surface)
    cards = view.dealt
    for i, code in enumerate(cards):
        rect = keep_card_rect(paint.layout, i, len(cards), ui.keep_pick)
        chosen = i in ui.keep_pick
        hovered = rect.collidepoint(ui.mouse)
        if hovered and not chosen:
            rect = rect.move(0, -int(6 * u))
        surface.blit(paint.shadow(rect.size, rect.width // 9, 110), rect.move(4, 8))
        surface.blit(art.card(code, rect.size), rect)
        if chosen:
            g = glow(paint, rect.size)
            surface.blit(g, g.get_rect(center=rect.center))
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=4,
                             border_radius=rect.width // 8)
        elif len(ui.keep_pick) >= view.keep_count:
            surface.blit(tint(paint, rect.size, (10, 6, 4), 90), rect)
        if i == ui.keep_cursor:
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(14, 14), width=2,
                             border_radius=rect.width // 7)
        box = int(rect.width * 0.42)
        for j, p in enumerate(trio(code)):
            image = art.pyramid(p, box, 0, view.big_symbols)
            cx = rect.x + rect.width * (j + 0.5) / 3
            surface.blit(image, image.get_rect(midtop=(int(cx), rect.bottom + int(10 * u))))
        number = assets.outlined_text(str(i + 1), int(18 * u), theme.WHITE, theme.INK)
        surface.blit(number, number.get_rect(midbottom=(rect.centerx, rect.y - int(4 * u))))
    confirm = keep_button_rect(paint.layout)
    ready = len(ui.keep_pick) == view.keep_count
    # TRANSLATORS: a button; {k} of the {n} cards to keep are picked
    button(paint, surface, confirm, t("Keep these ({k}/{n})", k=len(ui.keep_pick),
                                      n=view.keep_count), "Enter", ready, ui.mouse,
           primary=ready)
    hint = assets.text(t("Click or press 1–{n} to choose · Enter confirms", n=len(cards)),
                       int(13 * u), TEXT_SOFT)
    surface.blit(hint, hint.get_rect(midtop=(w // 2, confirm.bottom + int(12 * u))))


# --- the winner's card ---------------------------------------------------------------------
def draw_reveal(paint: Paint, view: TableView, surface: pygame.Surface) -> None:
    reveal = view.ui.reveal
    if reveal is None:
        return
    tween = reveal.tween
    if not tween.started or tween.done:
        return
    assets, art, layout = paint.assets, paint.art, paint.layout
    u = layout.u
    w, h = surface.get_size()
    raw = tween.raw
    fade = min(1.0, raw / 0.15) * (1.0 if raw < 0.9 else (1 - raw) / 0.1)
    surface.blit(paint.overlay((w, h), int(150 * fade), (10, 6, 4)), (0, 0))
    big = reveal_size(layout)
    end = pygame.FRect(0, 0, *big)
    end.center = (w / 2, h * 0.45)
    plate = layout.plate(reveal.seat, len(view.seats))
    start = pygame.FRect(plate.right - 40 * u, plate.y, 30 * u, 42 * u)
    fly = anim.ease_out_cubic(min(1.0, raw / 0.22))
    rect = pygame.FRect(anim.lerp(start.x, end.x, fly), anim.lerp(start.y, end.y, fly),
                        anim.lerp(start.w, end.w, fly), anim.lerp(start.h, end.h, fly))
    flip = (raw - 0.22) / 0.1
    if flip < 0.5:
        code = "??"
        width = rect.w * (1 - max(0.0, flip) * 2)
    else:
        code = reveal.card
        width = rect.w * min(1.0, (flip - 0.5) * 2)
    image = art.card(code, big)
    size = (max(1, int(width)), max(1, int(rect.h)))
    if raw > 0.32:
        g = glow(paint, big)
        g.set_alpha(int(255 * pulse(view.ui.time, 6)))
        surface.blit(g, g.get_rect(center=(int(rect.centerx), int(rect.centery))))
    if size != image.get_size():
        image = pygame.transform.smoothscale(image, size)
    surface.blit(image, image.get_rect(center=(int(rect.centerx), int(rect.centery))))
    if raw > 0.32:
        text = assets.outlined_text(t("{name} reveals the secret card!",
                                      name=view.seat_name(reveal.seat)),
                                    int(26 * u), theme.GOLD, theme.INK)
        box = text.get_rect(midtop=(w // 2, int(end.bottom + 16 * u)))
        surface.blit(text, box)
        # the trio that won, popping up one pyramid after another beside the card
        side = int(64 * u)
        for i, code in enumerate(trio(reveal.card)):
            pop = min(1.0, max(0.0, (raw - 0.36 - i * 0.05) / 0.12))
            if pop <= 0:
                continue
            image = art.pyramid(code, side, 0, view.big_symbols)
            scale = anim.ease_out_back(pop)
            if scale != 1.0:
                image = pygame.transform.smoothscale(
                    image, (max(1, int(side * scale)), max(1, int(side * scale))))
            x = end.right + int(side * 0.3) + i * int(side * 0.85)
            surface.blit(image, image.get_rect(midbottom=(x + side // 2, int(end.bottom))))


# --- the results panel ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ResultHand:
    """One seat on the results panel: its name, whether it won, its score in words and the
    secret cards it kept, each with the pyramids of its trio that reached GOAL."""

    seat: int
    name: str
    winner: bool
    score: str
    cards: tuple[tuple[str, frozenset[str]], ...]   # (card, its pyramids in GOAL)

    @property
    def label(self) -> str:
        """"Ann ★: 3 ze 3": the name, the winner's star and the score, never apart."""
        return f"{self.name}{' ★' if self.winner else ''}: {self.score}"


def result_hands(final: Mapping[str, Any], names: Sequence[str], winners: Sequence[int]
                 ) -> list[ResultHand]:
    """Every seat's kept cards from the final (full) state: nothing is secret any more."""
    track = final.get("track", [])
    pyramids = final.get("pyramids", {})
    in_goal = frozenset(c for c, q in pyramids.items() if track and q == len(track) - 1)
    kept = final.get("kept", [])
    hands = []
    for seat, name in enumerate(names):
        cards = tuple((card, frozenset(p for p in trio(card) if p in in_goal))
                      for card in (kept[seat] if seat < len(kept) else []))
        shown = [goal for card, goal in cards if trio(card)]
        # a seat's view keeps the others' cards hidden (all but the winner's revealed one):
        # a score of hidden cards would be a made-up "0 of 3"
        best = max(len(goal) for goal in shown) if shown else 0
        # TRANSLATORS: a score: how many pyramids of the best secret card reached GOAL
        score = (nt("{n} of 3", "{n} of 3", best) if shown or not cards
                 else t("cards not shown"))
        hands.append(ResultHand(seat, name, seat in winners, score, cards))
    return hands


def result_hands_height(u: float) -> int:
    return int(124 * u)


def draw_result_hands(paint: Paint, surface: pygame.Surface, area: pygame.Rect,
                      hands: Sequence[ResultHand]) -> list[pygame.Rect]:
    """A column per seat across ``area``: tag, name (★ for the winner) and score, then its
    secret cards as small faces (the trio; a tick under each pyramid in GOAL, the winner's
    cards framed in gold). Returns where the cards were drawn."""
    if not hands:
        return []
    assets, u = paint.assets, paint.layout.u
    column_w = area.width // len(hands)
    drawn = []
    heading = assets.text(t("Pyramids of the best secret card in the goal"),
                          max(9, int(13 * u)), TEXT_SOFT)
    surface.blit(heading, heading.get_rect(midtop=(area.centerx, area.y)))
    top = area.y + heading.get_height() + int(6 * u)
    for i, hand in enumerate(hands):
        column = pygame.Rect(area.x + i * column_w, top, column_w, area.bottom - top)
        ink = theme.GOLD if hand.winner else theme.WHITE
        label = hand.label
        size = int(15 * u)
        text = assets.text(label, size, ink, bold=True)
        while text.get_width() > column.width - int(30 * u) and size > 8:
            size -= 1
            text = assets.text(label, size, ink, bold=True)
        tag = fx.seat_tag(paint.cache, assets, hand.seat, fx.tag_height(u))
        line_w = tag.get_width() + int(4 * u) + text.get_width()
        x = column.centerx - line_w // 2
        surface.blit(tag, tag.get_rect(midleft=(x, column.y + text.get_height() // 2)))
        surface.blit(text, (x + tag.get_width() + int(4 * u), column.y))
        count = max(1, len(hand.cards))
        gap = int(6 * u)
        card_h = min(int(62 * u), column.bottom - column.y - text.get_height() - int(8 * u))
        card_w = min(int(card_h * 1.75), (column.width - int(12 * u) - gap * (count - 1))
                     // count)
        card_h = min(card_h, int(card_w / 1.3))
        x0 = column.centerx - (count * card_w + (count - 1) * gap) // 2
        y = column.y + text.get_height() + int(6 * u)
        for k, (card, goal) in enumerate(hand.cards):
            rect = pygame.Rect(x0 + k * (card_w + gap), y, card_w, card_h)
            drawn.append(rect)
            surface.blit(paint.shadow(rect.size, int(6 * u), 80), rect.move(0, int(3 * u)))
            pygame.draw.rect(surface, (250, 240, 214), rect, border_radius=int(6 * u))
            edge = theme.GOLD if hand.winner and len(goal) == 3 else (185, 131, 27)
            pygame.draw.rect(surface, edge, rect, width=max(2, int(3 * u)) if edge ==
                             theme.GOLD else 1, border_radius=int(6 * u))
            if not trio(card):   # still secret in this seat's view: its back
                surface.blit(paint.art.card(card, rect.size), rect)
                continue
            box = rect.inflate(-int(8 * u), -int(8 * u))
            box.height = int(box.height * 0.72)
            paint.art.draw_trio(surface, card, box)
            step = box.width / 3
            for j, pyramid in enumerate(trio(card)):
                if pyramid in goal:
                    tick = assets.text("✓", max(8, int(card_h * 0.22)), (30, 130, 50),
                                       bold=True)
                    cx = box.x + step * (j + 0.5) + (j - 1) * step * 0.08
                    surface.blit(tick, tick.get_rect(midtop=(int(cx), box.bottom)))
    return drawn
