"""Cut the Rope rules help in our own words, with small card pictures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.client.i18n import N_, nt, t
from game.client.i18n.rule_words import rule_value
from game.client.scenes.rules_help import Paragraph, RulesPage
from game.client.tables.common.keys import digit_keys
from game.client.tables.cut_the_rope.art import INK, CutArt, number_colour
from game.client.tables.cut_the_rope.input import aux_key_names
from game.rules.cut_the_rope.state import number_at
from game.rules.houserules import load_rules

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


def _piles(rules: Mapping[str, Any]) -> Paragraph:
    return lambda: t("The size of the pile depends on the number of players ({sizes}). The "
                     "house rules can change it.",
                     sizes=rule_value("cut_the_rope", "pile_sizes", rules["pile_sizes"]))


def _deck(rules: Mapping[str, Any]) -> Paragraph:
    length, copies, scissors = (int(rules["row_length"]), int(rules["copies"]),
                                int(rules["scissors"]))
    return lambda: nt("The deck holds the numbers 1 to {length}, {copies} of each, and {n} "
                      "scissors card.",
                      "The deck holds the numbers 1 to {length}, {copies} of each, and {n} "
                      "scissors cards.", scissors, length=length, copies=copies)


def _main_rows(rules: Mapping[str, Any]) -> Paragraph:
    rows, length = int(rules["main_rows"]), int(rules["row_length"])
    return lambda: nt("At most {n} shared main row lies in the middle of the table. A row "
                      "climbs from 1 to {length} or falls from {length} to 1.",
                      "At most {n} shared main rows lie in the middle of the table. A row "
                      "climbs from 1 to {length} or falls from {length} to 1.",
                      rows, length=length)


def _new_row(rules: Mapping[str, Any]) -> Paragraph:
    length = int(rules["row_length"])
    return lambda: t("Start a new row with a 1 (up), a {length} (down) or scissors (you "
                     "choose the direction). After that only the next number in its "
                     "direction fits; the empty place at the end of the row shows which one.",
                     length=length)


def _full_row(rules: Mapping[str, Any]) -> Paragraph:
    length = int(rules["row_length"])
    return lambda: nt("A finished row of {n} card goes onto the discard pile and frees its "
                      "place.",
                      "A finished row of {n} cards goes onto the discard pile and frees its "
                      "place.", length)


def _end_turn(rules: Mapping[str, Any]) -> Paragraph:
    aux, hand = int(rules["aux_rows"]), int(rules["hand_size"])

    def words() -> str:
        return " ".join((
            t("You end the turn by putting one card from your hand onto one of your "
              "auxiliary rows (with an empty hand the turn just ends)."),
            nt("You have at most {n} auxiliary row; any card may go on it in any order, but "
               "only the top card can be played later.",
               "You have at most {n} auxiliary rows; any card may go on them in any order, "
               "but only the top card can be played later.", aux),
            nt("Then you refill your hand to {n} card.", "Then you refill your hand to {n} "
               "cards.", hand)))

    return words


def _keyboard(rules: Mapping[str, Any]) -> Paragraph:
    keys = digit_keys(int(rules["hand_size"]))
    aux = aux_key_names(int(rules["aux_rows"]))
    # TRANSLATORS: {keys} are the number keys of the hand ("1–6"), {aux} the keys of the
    # auxiliary rows' tops ("Z X C")
    return lambda: t("Keyboard: Q pile, {keys} hand cards, {aux} tops of the auxiliary rows, "
                     "Tab next card, arrows choose the target, Enter plays, U/D direction of "
                     "the scissors, N ends the turn, Esc clears the choice, L move log, "
                     "Ctrl+Z undo.", keys=keys, aux=aux)


def pages(rules: Mapping[str, Any] | None = None) -> list[RulesPage]:
    """The pages for ``rules`` (the rules in play; None: the original rules)."""
    rules = load_rules("cut_the_rope", dict(rules) if rules is not None else None)
    return [
        RulesPage(
            N_("The goal"),
            (N_("Every player has a personal pile of cards, face down; its top card is always "
                "turned face up for everybody to see. Whoever first gets the last card of "
                "their personal pile onto a main row wins at once."),
             _piles(rules)),
            _pile),
        RulesPage(
            N_("The cards"),
            (_deck(rules),
             N_("Scissors are wild: they stand for exactly the number a row needs next. On "
                "the table a small badge on a scissors card shows the number it stands "
                "for.")),
            _cards(["1", "5", "10", "S"])),
        RulesPage(
            N_("The main rows"),
            (_main_rows(rules), _new_row(rules), _full_row(rules)),
            _row(["1", "2", "S", "4"], True, 5)),
        RulesPage(
            N_("Building and ending the turn"),
            (N_("Build as often as you like, or not at all: onto a main row you may play the "
                "top card of your personal pile, a card from your hand or the top card of one "
                "of your auxiliary rows."),
             _end_turn(rules)),
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
             _keyboard(rules)),
            _row(["S"], True, 2)),
    ]
