"""Cesta rules help in our own words, with small card pictures."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.client.i18n import N_, nt, t
from game.client.i18n.words import combo_name
from game.client.scenes.rules_help import Paragraph, RulesPage
from game.client.tables.cesta.art import CestaArt
from game.client.tables.common.keys import digit_keys
from game.client.ui import theme
from game.client.ui.assets import Assets
from game.rules.houserules import load_rules

Picture = Callable[[Any, pygame.Surface, pygame.Rect], None]  # (app, surface, area)

# The pictures are redrawn every frame of the rules screen: one card cache per asset
# store (weakly held, so a closed app's art goes with it).
_art_cache: weakref.WeakKeyDictionary[Assets, CestaArt] = weakref.WeakKeyDictionary()


def _art(app: Any) -> CestaArt:
    art = _art_cache.get(app.assets)
    if art is None:
        art = _art_cache[app.assets] = CestaArt(app.assets)
    return art


def _cards(codes: list[str], fan: bool = False) -> Picture:
    """A picture: a row (or fan) of cards centred in the picture area."""

    def picture(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
        art = _art(app)
        spread = 0.55 if fan else 1.1
        w = int(min(area.width * 0.9 / (spread * (len(codes) - 1) + 1.15), area.height * 0.45))
        size = (w, int(w * 1.4))
        step = int(w * spread)
        total = step * (len(codes) - 1) + w
        x = area.centerx - total // 2
        for i, code in enumerate(codes):
            image = art.card(code, size)
            if fan:
                angle = (len(codes) - 1) / 2 * 8 - i * 8
                image = pygame.transform.rotate(image, angle)
            rect = image.get_rect(midtop=(x + i * step + w // 2, area.y + int(area.height * 0.2)))
            surface.blit(image, rect)

    return picture


def _milestones(count: int, ends: bool) -> Picture:
    """A picture: the path of ``count`` milestones; with ``ends`` a card at either end."""

    def picture(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
        art = _art(app)
        w = int(area.width / (count + 1))
        stone = app.assets.sprite("cesta/milestone.svg", (w, int(w * 0.78)))
        y = area.centery
        for i in range(count):
            x = area.x + int(w * 0.5) + i * int(w * 1.05)
            rect = stone.get_rect(center=(x + w // 2, y))
            surface.blit(stone, rect)
            number = app.assets.outlined_text(str(i + 1), int(w * 0.34), theme.WHITE,
                                              (30, 30, 30))
            surface.blit(number, number.get_rect(center=rect.center))
            if ends and i in (0, count - 1):
                card = art.card("RK" if i == 0 else "BA", (int(w * 0.6), int(w * 0.84)))
                surface.blit(card, card.get_rect(midtop=(rect.centerx, rect.bottom + 8)))

    return picture


def _goal(rules: Mapping[str, Any]) -> Paragraph:
    milestones = int(rules["milestones"])
    return lambda: nt("Two players compete for {n} milestone lying in a row between them. "
                      "At each milestone you build a set of three cards on your side; the "
                      "stronger set takes the milestone.",
                      "Two players compete for {n} milestones lying in a row between them. "
                      "At each milestone you build a set of three cards on your side; the "
                      "stronger set takes the milestone.", milestones)


def _win(rules: Mapping[str, Any]) -> Paragraph:
    wins, ends = int(rules["win_any"]), bool(rules["win_ends"])
    if ends:
        return lambda: nt("You win as soon as you hold any {n} milestone, or both ends of "
                          "the path (the first and the last milestone).",
                          "You win as soon as you hold any {n} milestones, or both ends of "
                          "the path (the first and the last milestone).", wins)
    return lambda: nt("You win as soon as you hold any {n} milestone.",
                      "You win as soon as you hold any {n} milestones.", wins)


def _play_step(rules: Mapping[str, Any]) -> Paragraph:
    keys = digit_keys(int(rules["hand_size"]))
    # TRANSLATORS: {keys} are the number keys of the hand's cards ("1–5")
    return lambda: t("2. Play one card from your hand to your side of an unclaimed milestone "
                     "(at most three event cards on each side). Drag the card with the "
                     "mouse, or click it and then the milestone; the keys {keys}, the arrows "
                     "and Enter work too.", keys=keys)


def _combos(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    """One example per category, strongest first, each with its name."""
    art = _art(app)
    rows = [("colour_run", ["G8", "G9", "G10"]), ("three_of_a_kind", ["RO", "YO", "BO"]),
            ("colour", ["B7", "BU", "BA"]), ("run", ["R9", "Y10", "GU"]),
            ("sum", ["R7", "YK", "B9"])]
    h = area.height // 5 - 6
    w = int(h / 1.4)
    for r, (name, row) in enumerate(rows):
        y = area.y + r * (h + 6)
        for i, code in enumerate(row):
            surface.blit(art.card(code, (w, h)), (area.x + i * int(w * 0.7), y))
        label = app.assets.text(combo_name(name), max(10, int(h * 0.28)), theme.INK,
                                bold=True)
        surface.blit(label, (area.x + int(w * 2.6), y + h // 2 - label.get_height() // 2))


def _actions(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    _cards(["TIME", "RUST", "DEED"])(app, surface, area)


def _ranking() -> str:
    """The five combinations, strongest first, each named as the picture beside it names
    it."""
    # TRANSLATORS: {name} is a Cesta combination's name ("Colour run"); one line of a list
    lines = [t("{name} – three consecutive ranks of one colour", name=combo_name("colour_run")),
             # TRANSLATORS: {name} is a Cesta combination's name; one line of a list
             t("{name} – three cards of the same rank", name=combo_name("three_of_a_kind")),
             # TRANSLATORS: {name} is a Cesta combination's name; one line of a list
             t("{name} – three cards of one colour", name=combo_name("colour")),
             # TRANSLATORS: {name} is a Cesta combination's name; one line of a list
             t("{name} – three consecutive ranks in any colours", name=combo_name("run")),
             # TRANSLATORS: {name} is a Cesta combination's name; one line of a list
             t("{name} – any other three cards", name=combo_name("sum"))]
    return "\n".join(lines)


def pages(rules: Mapping[str, Any] | None = None) -> list[RulesPage]:
    """The pages for ``rules`` (the rules in play; None: the original rules)."""
    rules = load_rules("cesta", dict(rules) if rules is not None else None)
    return [
        RulesPage(
            N_("The goal"),
            (_goal(rules), _win(rules)),
            _milestones(int(rules["milestones"]), bool(rules["win_ends"]))),
        RulesPage(
            N_("The cards"),
            (N_("The event cards come in four colours, each with its own symbol: red hearts, "
                "yellow bells, green leaves and blue acorns. Every colour has the ranks 7, 8, "
                "9, 10, Unter (U), Ober (O), King (K) and Ace (A)."),
             N_("In a sum each card counts its strength: 7 to 10 as printed, Unter 10, "
                "Ober 20, King 30 and Ace 40."),
             N_("Beside them lies a small purple deck of action cards.")),
            _cards(["R7", "YU", "GO", "BK", "RA"], fan=True)),
        RulesPage(
            N_("A turn in three steps"),
            (N_("1. First the game gives you every milestone you have already won."),
             _play_step(rules),
             N_("3. Draw a card from the event deck or the action deck: click the deck, or "
                "press E or A."),
             N_("If you cannot play any card, you pass.")),
            _cards(["GK", "??", "?A"])),
        RulesPage(
            N_("Sets, strongest first"),
            (_ranking,
             N_("Between two sets of the same category the higher total strength wins. If "
                "the totals are equal too, a set with a heart beats one without. Otherwise "
                "it is a tie, and the milestone stays open for now.")),
            _combos),
        RulesPage(
            N_("The action cards"),
            (N_("These house rules leave the action cards out: this game has none."),)
            if not rules["action_cards"] else
            (N_("Instead of an event card you may lay an action card under your set at an "
                "unclaimed milestone. You may play each kind only once per game; a second "
                "copy stays in your hand as a dead card. At one milestone each kind may lie "
                "only once, counting both sides."),
             N_("Time: here only the sums count, not the categories; the higher sum wins, "
                "and an equal sum goes to you."),
             N_("Rust: your opponent's set counts one category lower here; a rusted sum "
                "counts 10 less instead."),
             N_("Good deed: your opponent's action cards at this milestone have no "
                "effect.")),
            _actions),
        RulesPage(
            N_("Proof and the card tracker"),
            (N_("You may take a milestone before your opponent has finished their set: when "
                "no cards still off the table could complete it to beat or even tie yours. "
                "Your own action cards do not count in this proof. The game checks it by "
                "itself and tells you why."),
             N_("The card tracker (key T) shows the cards not yet on the table and the best "
                "set each side can still build at each milestone.")),
            _cards(["BO", "BK", "BA", "??"])),
    ]
