"""Cesta rules help in our own words (Czech and English), with small card pictures."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import pygame

from game.client.i18n.words import combo_name
from game.client.scenes.rules_help import RulesPage
from game.client.tables.cesta.art import CestaArt
from game.client.ui import theme
from game.client.ui.assets import Assets

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


def _milestones(app: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    art = _art(app)
    w = int(area.width / 6)
    stone = app.assets.sprite("cesta/milestone.svg", (w, int(w * 0.78)))
    y = area.centery
    for i in range(5):
        x = area.x + int(w * 0.5) + i * int(w * 1.05)
        rect = stone.get_rect(center=(x + w // 2, y))
        surface.blit(stone, rect)
        number = app.assets.outlined_text(str(i + 1), int(w * 0.34), theme.WHITE, (30, 30, 30))
        surface.blit(number, number.get_rect(center=rect.center))
        if i in (0, 4):
            card = art.card("RK" if i == 0 else "BA", (int(w * 0.6), int(w * 0.84)))
            surface.blit(card, card.get_rect(midtop=(rect.centerx, rect.bottom + 8)))


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


def pages() -> list[RulesPage]:
    return [
        RulesPage(
            {"cs": "O co jde", "en": "The goal"},
            {"cs": "Dva hráči se přetahují o pět milníků položených v řadě mezi nimi. "
                   "Ke každému milníku skládáš na svou stranu trojici karet; kdo má u milníku "
                   "lepší trojici, ten ho získá.\n\nVyhraješ, když ovládneš libovolné tři "
                   "milníky, nebo oba krajní (první a pátý).",
             "en": "Two players compete for five milestones lying in a row between them. At "
                   "each milestone you build a set of three cards on your side; the better "
                   "set takes the milestone.\n\nYou win by holding any three milestones, or "
                   "both ends of the path (the first and the fifth)."},
            _milestones),
        RulesPage(
            {"cs": "Karty", "en": "The cards"},
            {"cs": "Karty událostí mají čtyři barvy se symboly – srdce, kule (zvonek), "
                   "zelená (list) a žaludy – a hodnoty 7, 8, 9, 10, spodek (U), svršek (O), "
                   "král (K) a eso (A). Síla pro součty: 7–10 podle čísla, spodek 10, "
                   "svršek 20, král 30, eso 40.\n\nVedle nich je malý fialový balíček "
                   "akčních karet.",
             "en": "Event cards come in four colours, each with its own symbol – heart, bell, "
                   "leaf and acorn – and ranks 7, 8, 9, 10, Unter (U), Ober (O), King (K) "
                   "and Ace (A). Strength for sums: 7–10 as printed, Unter 10, Ober 20, "
                   "King 30, Ace 40.\n\nBeside them lies a small purple deck of action "
                   "cards."},
            _cards(["R7", "YU", "GO", "BK", "RA"], fan=True)),
        RulesPage(
            {"cs": "Tah", "en": "A turn"},
            {"cs": "1. Nejdřív hra sama přidělí milníky, které si už zasloužíš.\n"
                   "2. Zahraješ jednu kartu z ruky na svou stranu jednoho volného milníku "
                   "(nejvýš tři karty událostí na stranu). Kartu můžeš přetáhnout myší, "
                   "nebo na ni kliknout a pak kliknout na milník; klávesy 1–5, šipky a Enter "
                   "fungují také.\n3. Dobereš si kartu z balíčku událostí, nebo akcí – "
                   "klikni na balíček (klávesy E / A).\nKdyž nemůžeš nic zahrát, pasuješ.",
             "en": "1. First the game hands you every milestone you have already earned.\n"
                   "2. Play one card from your hand to your side of an open milestone (at "
                   "most three event cards per side). Drag it with the mouse, or click it "
                   "and then the milestone; keys 1–5, arrows and Enter work too.\n"
                   "3. Draw a card from the event deck or the action deck – click the deck "
                   "(keys E / A).\nIf you cannot play anything, you pass."},
            _cards(["GK", "??", "?A"])),
        RulesPage(
            {"cs": "Trojice od nejsilnější", "en": "Sets, strongest first"},
            {"cs": "Postupka v barvě – tři po sobě jdoucí hodnoty jedné barvy.\n"
                   "Trojice – tři stejné hodnoty.\nBarva – tři karty jedné barvy.\n"
                   "Postupka – tři po sobě jdoucí hodnoty.\nSoučet – cokoli jiného.\n\n"
                   "Při stejném druhu rozhoduje vyšší součet síly, pak srdce. Jinak je to "
                   "remíza a milník zůstává otevřený.",
             "en": "Colour run – three consecutive ranks of one colour.\n"
                   "Three of a kind – three equal ranks.\nColour – three cards of one "
                   "colour.\nRun – three consecutive ranks.\nSum – anything else.\n\n"
                   "In the same kind the higher total strength wins, then a heart. Otherwise "
                   "it is a tie and the milestone stays open."},
            _combos),
        RulesPage(
            {"cs": "Akční karty", "en": "Action cards"},
            {"cs": "Akční kartu položíš pod svou trojici místo karty události. Každý druh "
                   "smíš za hru zahrát jen jednou – druhá kopie zůstane v ruce jako mrtvá.\n"
                   "Čas: u milníku se nehledí na druh, vyhraje vyšší součet (shoda pro tebe).\n"
                   "Rezivění: soupeřova trojice tu platí o stupeň níž.\n"
                   "Dobrý skutek: soupeřovy akční karty u tohoto milníku neplatí.",
             "en": "You lay an action card under your set instead of an event card. You may "
                   "play each kind only once per game – a second copy stays dead in your "
                   "hand.\nTime: kinds do not count here, the higher sum wins (a tie is "
                   "yours).\nRust: the opponent's set counts one kind lower here.\n"
                   "Good deed: the opponent's action cards at this milestone have no effect."},
            _actions),
        RulesPage(
            {"cs": "Důkaz a přehled karet", "en": "Proof and the card tracker"},
            {"cs": "Milník můžeš získat i dřív, než soupěř dokončí svou trojici: když žádná "
                   "karta, která ještě není na stole, mu už nepomůže tě porazit. Hra to "
                   "prověří sama a vysvětlí, proč.\n\nPřehled karet (klávesa T) ukazuje "
                   "karty, které ještě nejsou na stole, a nejlepší trojici, jakou může u "
                   "každého milníku kdo ještě složit.",
             "en": "You can take a milestone before your opponent completes their set: when "
                   "no card still off the table could help them beat you. The game checks "
                   "this itself and says why.\n\nThe card tracker (key T) shows the cards "
                   "not yet on the table and the best set each side can still build at each "
                   "milestone."},
            _cards(["BO", "BK", "BA", "??"])),
    ]
