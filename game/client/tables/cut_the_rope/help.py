"""Cut the Rope rules help in our own words, with small card pictures."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.i18n import N_
from game.client.scenes.rules_help import RulesPage
from game.client.tables.cut_the_rope.art import INK, CutArt, number_colour
from game.rules.cut_the_rope.state import number_at

_art_cache: dict[int, CutArt] = {}


def _art(app: Any) -> CutArt:
    art = _art_cache.get(id(app.assets))
    if art is None:
        art = _art_cache[id(app.assets)] = CutArt(app.assets)
    return art


def _card_size(area: pygame.Rect, count: float) -> tuple[int, int]:
    w = int(min(area.width / (count * 0.75 + 0.5), area.height * 0.42, 110))
    return (w, int(w * 1.4))


def _row(codes: list[str], up: bool = True, next_value: int | None = None) -> Any:
    """A picture: a main row of overlapping cards and the slot it waits for."""

    def picture(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
        art = _art(app)
        size = _card_size(area, len(codes) + 1)
        step = int(size[0] * 0.72)
        total = step * len(codes) + size[0]
        x = area.centerx - total // 2
        y = area.y + int(area.height * 0.22)
        rope = art.rope(total + 40, max(6, size[0] // 7))
        surface.blit(rope, (x - 20, y + size[1] // 2 - rope.get_height() // 2))
        for i, code in enumerate(codes):
            rect = pygame.Rect(x + i * step, y, *size)
            surface.blit(art.card(code, size), rect)
            if code == "S":
                value = number_at(i, up, 10)   # the help pictures use the default rows
                chip = art.chip(str(value), max(9, size[1] // 7), number_colour(value))
                surface.blit(chip, chip.get_rect(midbottom=(rect.x + size[0] // 3,
                                                            rect.bottom - 3)))
        if next_value is not None:
            rect = pygame.Rect(x + len(codes) * step, y, *size)
            surface.blit(art.slot(size, str(next_value), number_colour(next_value)), rect)

    return picture


def _cards(codes: list[str]) -> Any:
    def picture(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
        art = _art(app)
        size = _card_size(area, len(codes) * 1.2)
        step = int(size[0] * 1.12)
        total = step * (len(codes) - 1) + size[0]
        x = area.centerx - total // 2
        for i, code in enumerate(codes):
            surface.blit(art.card(code, size), (x + i * step, area.y + int(area.height * 0.2)))

    return picture


def _pile(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    art = _art(app)
    size = _card_size(area, 2.4)
    rect = pygame.Rect(0, 0, *size)
    rect.midtop = (area.centerx - size[0] // 2, area.y + int(area.height * 0.15))
    for i in range(5, 0, -1):
        surface.blit(art.card("??", size), rect.move(i * 3, i * 3))
    surface.blit(art.card("7", size), rect)
    chip = art.chip("12", max(12, size[1] // 6), INK, (255, 244, 200))
    surface.blit(chip, chip.get_rect(center=rect.bottomright))
    monster = art.sprite("monster", (size[0], size[0]))
    surface.blit(monster, (rect.right + size[0] // 2, rect.bottom - size[0]))


def _turn(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    """Pile, two auxiliary rows and a hand: the three places a card may come from."""
    art = _art(app)
    w = int(min(area.width / 5.2, area.height / 4.6))
    size = (w, int(w * 1.4))
    y = area.y + int(area.height * 0.05)
    x = area.x + 10
    surface.blit(art.card("3", size), (x, y))
    x += int(size[0] * 1.35)
    for column in (["9", "6", "2"], ["S"]):
        for i, code in enumerate(column):
            surface.blit(art.card(code, size), (x, y + i * size[1] // 4))
        x += int(size[0] * 1.15)
    surface.blit(art.slot(size, "+", (60, 150, 230)), (x, y))
    hand = ["1", "4", "4", "8", "10", "S"]
    small = (int(size[0] * 0.8), int(size[1] * 0.8))
    hx = area.centerx - (len(hand) * int(small[0] * 0.7) + small[0] // 3) // 2
    hy = y + int(size[1] * 1.75)
    for i, code in enumerate(hand):
        image = pygame.transform.rotozoom(art.card(code, small), (2.5 - i) * 4, 1.0)
        surface.blit(image, (hx + i * int(small[0] * 0.7), hy + abs(i - 2.5) * 3))


def pages() -> list[RulesPage]:
    return [
        RulesPage(
            N_("The goal"),
            (N_("Every player has a personal pile of cards, face down; its top card is always "
                "turned face up for everybody to see. Whoever first gets the last card of "
                "their personal pile onto a main row wins at once."),
             N_("The size of the pile depends on the number of players: 20 cards for 2–3 "
                "players, 16 for 4–5 and 12 for 6. The house rules can change it.")),
            _pile),
        RulesPage(
            N_("The cards"),
            (N_("The deck holds the numbers 1 to 10, fourteen of each, and 20 scissors."),
             N_("Scissors are wild: they stand for exactly the number a row needs next. On "
                "the table a small badge on a scissors card shows the number it stands "
                "for.")),
            _cards(["1", "5", "10", "S"])),
        RulesPage(
            N_("The main rows"),
            (N_("At most three shared main rows lie in the middle of the table. A row climbs "
                "from 1 to 10 or falls from 10 to 1."),
             N_("Start a new row with a 1 (up), a 10 (down) or scissors (you choose the "
                "direction). After that only the next number in its direction fits; the "
                "empty place at the end of the row shows which one."),
             N_("A finished row of ten cards goes onto the discard pile and frees its "
                "place.")),
            _row(["1", "2", "S", "4"], True, 5)),
        RulesPage(
            N_("Building and ending the turn"),
            (N_("Build as often as you like, or not at all: onto a main row you may play the "
                "top card of your personal pile, a card from your hand or the top card of one "
                "of your auxiliary rows."),
             N_("You end the turn by putting one card from your hand onto one of your "
                "auxiliary rows (with an empty hand the turn just ends). You have at most "
                "three auxiliary rows; any card may go on them in any order, but only the "
                "top card can be played later. Then you refill your hand to six cards.")),
            _turn),
        RulesPage(
            N_("Drawing and reshuffling"),
            (N_("When someone has to draw and the draw pile is empty, the discard pile is "
                "shuffled into a new draw pile – never earlier."),
             N_("When both piles are empty and a whole round goes by without a card played "
                "to a main row, the game ends: whoever has the fewest cards left in their "
                "personal pile wins.")),
            _row(["10", "9", "8"], False, 7)),
        RulesPage(
            N_("Mouse and keyboard"),
            (N_("Mouse: drag a card (from your pile, your hand or the top of an auxiliary "
                "row) onto a main row, or click it and then click the row. Places where the "
                "card fits glow gold; the auxiliary rows where you can put it to end the turn "
                "glow blue."),
             N_("Keyboard: Q pile, 1–6 hand cards, Z X C tops of the auxiliary rows, Tab next "
                "card, arrows choose the target, Enter plays, U/D direction of the scissors, "
                "N ends the turn, Esc clears the choice, L move log, Ctrl+Z undo.")),
            _row(["S"], True, 2)),
    ]
