"""Královská cesta pictures: royal cards with their trio, the four special cards with a
label, pyramids (standing or lying), die faces — each cached per size.

Pyramid SVGs share one 100×100 box and carry their size in the drawing (a small pyramid
fills less of the box), so every pyramid of a table is rendered at the same box size.
"""

from __future__ import annotations

import math

import pygame

from game.client.i18n import language, pt
from game.client.ui import theme
from game.client.ui.assets import Assets

COLOUR_RGB = {"r": (214, 50, 58), "y": (236, 178, 28), "g": (46, 156, 72),
              "b": (46, 104, 210), "k": (44, 40, 52), "w": (246, 244, 236)}
SPECIAL_KEYS = frozenset(("START", "JAIL", "TRAPDOOR", "GOAL"))
SPECIAL_SPRITES = {"START": "start", "JAIL": "jail", "TRAPDOOR": "trapdoor", "GOAL": "goal"}
SPECIAL_FALLBACK = {"START": (40, 130, 70), "JAIL": (90, 90, 100), "TRAPDOOR": (130, 90, 40),
                    "GOAL": (110, 60, 150), "??": (170, 40, 50)}


def special_name(code: str) -> str:
    """The name written on a special card of the track."""
    names = {
        # TRANSLATORS: the first card of the track, where every pyramid stands at first
        "START": pt("royal road card", "Start"),
        # TRANSLATORS: the card where a pyramid lies until an amnesty
        "JAIL": pt("royal road card", "Jail"),
        # TRANSLATORS: the card before the goal that drops a pyramid into jail
        "TRAPDOOR": pt("royal road card", "Trapdoor"),
        # TRANSLATORS: the last card of the track
        "GOAL": pt("royal road card", "Goal"),
    }
    return names.get(code, code)


def trio(code: str) -> list[str]:
    """The three pyramid codes a royal card depicts (``"rS-gM-kL"`` → rS, gM, kL)."""
    return code.split("-") if code.count("-") == 2 else []


class RoyalArt:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._box_rects: dict[tuple[str, int], pygame.Rect] = {}

    # --- pyramids -------------------------------------------------------------------------
    def pyramid(self, code: str, box: int, angle: int = 0, big_symbol: bool = False
                ) -> pygame.Surface:
        """A pyramid in its ``box``×``box`` square (base at the bottom), rotated by ``angle``
        degrees counter-clockwise (90 = lying with its tip to the left)."""
        key = ("p", code, box, angle, big_symbol)
        surface = self._cache.get(key)
        if surface is None:
            if angle:
                surface = pygame.transform.rotate(self.pyramid(code, box, 0, big_symbol), angle)
            else:
                surface = self.assets.sprite(f"royal_road/pyramid_{code[0]}_{code[1]}.svg",
                                             (box, box), lambda s: _pyramid_fallback(s, code))
                if big_symbol:
                    surface = surface.copy()
                    _big_symbol(surface, code)
            self._cache[key] = surface
        return surface

    def pyramid_box_rect(self, code: str, box: int) -> pygame.Rect:
        """The visible part of a standing pyramid inside its box (for hit-testing)."""
        key = (code, box)
        rect = self._box_rects.get(key)
        if rect is None:
            rect = self._box_rects[key] = self.pyramid(code, box).get_bounding_rect(min_alpha=40)
        return rect

    # --- cards --------------------------------------------------------------------------------
    def card(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("c", code, size, language() if code in SPECIAL_KEYS else "")
        surface = self._cache.get(key)
        if surface is None:
            if code in SPECIAL_KEYS:
                surface = self._special(code, size)
            elif trio(code):
                surface = self._royal(code, size)
            else:
                surface = self.assets.sprite("royal_road/card_back.svg", size,
                                             lambda s: _card_fallback(s, SPECIAL_FALLBACK["??"]))
            self._cache[key] = surface
        return surface

    def _royal(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = self.assets.sprite("royal_road/royal_card.svg", size,
                                     lambda s: _card_fallback(s, (250, 240, 214))).copy()
        # the trio box of the card art: x 112..224, y 28..104 of 250×350
        box = pygame.Rect(int(w * 112 / 250), int(h * 28 / 350), int(w * 112 / 250),
                          int(h * 76 / 350))
        self.draw_trio(surface, code, box)
        return surface

    def draw_trio(self, surface: pygame.Surface, code: str, box: pygame.Rect) -> None:
        """Three small pyramids side by side, small to large, standing on the box's floor."""
        pyramids = trio(code)
        if not pyramids:
            return
        side = int(min(box.height * 0.98, box.width * 0.5))
        step = box.width / 3
        for i, p in enumerate(pyramids):
            image = self.pyramid(p, side)
            cx = box.x + step * (i + 0.5) + (i - 1) * step * 0.08
            surface.blit(image, image.get_rect(midbottom=(int(cx), box.bottom + int(side * 0.02))))

    def _special(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = self.assets.sprite(f"royal_road/{SPECIAL_SPRITES[code]}.svg", size,
                                     lambda s: _card_fallback(s, SPECIAL_FALLBACK[code])).copy()
        text = special_name(code).upper()
        font = max(7, int(h * 0.1))
        label = self.assets.outlined_text(text, font, theme.WHITE, theme.INK,
                                          width=max(1, h // 70))
        while label.get_width() > w * 0.92 and font > 7:
            font -= 1
            label = self.assets.outlined_text(text, font, theme.WHITE, theme.INK,
                                              width=max(1, h // 70))
        ribbon = pygame.Rect(0, 0, int(w * 0.96), label.get_height() + 4)
        ribbon.midtop = (w // 2, int(h * 0.05))
        band = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (20, 14, 20, 150), band.get_rect(), border_radius=6)
        surface.blit(band, ribbon)
        surface.blit(label, label.get_rect(center=ribbon.center))
        return surface

    # --- die ------------------------------------------------------------------------------------
    def die(self, face: str, size: int) -> pygame.Surface:
        return self.assets.sprite(f"royal_road/die_{face}.svg", (size, size),
                                  lambda s: _die_fallback(s, face))

    def swatch(self, face: str, size: int) -> pygame.Surface:
        """A little colour chip with its symbol (log lines, buttons)."""
        return self.die(face, size)


# --- fallbacks and symbols (art may be missing while the project is being built) -----------
def _card_fallback(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size[0] // 10)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=radius)
    return surface


def _pyramid_fallback(size: tuple[int, int], code: str) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    scale = {"S": 0.55, "M": 0.75, "L": 0.95}[code[1]]
    top = h * (1 - scale)
    points = [(w * 0.5, top), (w * (0.5 - 0.36 * scale), h - 2), (w * (0.5 + 0.36 * scale),
                                                                    h - 2)]
    pygame.draw.polygon(surface, COLOUR_RGB[code[0]], points)
    pygame.draw.polygon(surface, theme.INK, points, width=2)
    return surface


def _die_fallback(size: tuple[int, int], face: str) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-4, -4)
    pygame.draw.rect(surface, COLOUR_RGB[face], rect, border_radius=size[0] // 6)
    pygame.draw.rect(surface, theme.INK, rect, width=2, border_radius=size[0] // 6)
    return surface


def symbol_points(code: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Outline of a colour's symbol: r circle, y star, g leaf, b drop, k diamond."""
    colour = code[0]
    if colour == "y":
        return [(cx + math.cos(-math.pi / 2 + i * math.pi / 5) * (r if i % 2 == 0 else r * 0.45),
                 cy + math.sin(-math.pi / 2 + i * math.pi / 5) * (r if i % 2 == 0 else r * 0.45))
                for i in range(10)]
    if colour == "k":
        return [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)]
    if colour == "g":
        return [(cx + math.sin(a / 16 * math.tau) * r * 0.55,
                 cy - math.cos(a / 16 * math.tau) * r * (1.0 if a in (0, 8) else 0.9))
                for a in range(16)]
    if colour == "b":
        pts = [(cx, cy - r)]
        pts += [(cx + math.cos(a) * r * 0.62, cy + r * 0.3 + math.sin(a) * r * 0.62)
                for a in [i * math.pi / 8 - math.pi / 8 for i in range(11)]]
        return pts
    return [(cx + math.cos(a / 16 * math.tau) * r * 0.8, cy + math.sin(a / 16 * math.tau) * r * 0.8)
            for a in range(16)]


def _big_symbol(surface: pygame.Surface, code: str) -> None:
    """The colour-blind setting: a large white symbol on the pyramid's face."""
    rect = surface.get_bounding_rect(min_alpha=40)
    if rect.width < 6:
        return
    r = rect.width * 0.2
    cx, cy = rect.centerx - rect.width * 0.06, rect.bottom - rect.height * 0.3
    points = symbol_points(code, cx, cy, r)
    pygame.draw.polygon(surface, (255, 252, 240), points)
    pygame.draw.polygon(surface, theme.INK, points, width=max(1, int(r / 5)))
