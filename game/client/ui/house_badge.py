"""The "house rules" badge: a pill that says the game is not played by the original rules,
and on request the list of what differs, in words ("Cards in hand: 6").

The setup screen and the tables draw the same badge, so a player recognises it; where it
stands is each screen's own choice, and the words come from the caller (``label`` is the
badge's "House rules", ``heading`` the list's title) in the active language.
"""

from __future__ import annotations

import pygame

from game.client.ui import theme
from game.client.ui.assets import Assets

BADGE_FILL = (255, 236, 170)
BADGE_EDGE = (176, 128, 24)


def badge_size(assets: Assets, label: str, size: int) -> tuple[int, int]:
    """The pill's size for a type ``size`` (the screens reserve their place with it)."""
    image = assets.text("✎ " + label, size, theme.INK, bold=True)
    return image.get_width() + size, image.get_height() + size // 2


def draw_badge(assets: Assets, surface: pygame.Surface, rect: pygame.Rect, label: str,
               size: int, lit: bool = False) -> None:
    """The pill in ``rect`` (from ``badge_size``); ``lit`` while its list is open."""
    radius = rect.height // 2
    pygame.draw.rect(surface, (255, 248, 220) if lit else BADGE_FILL, rect,
                     border_radius=radius)
    pygame.draw.rect(surface, BADGE_EDGE, rect, width=2, border_radius=radius)
    image = assets.text("✎ " + label, size, theme.INK, bold=True)
    surface.blit(image, image.get_rect(center=rect.center))


def list_image(assets: Assets, lines: list[str], size: int, width: int) -> pygame.Surface:
    """The changed rules, one per line, wrapped to ``width``."""
    return assets.text("\n".join("• " + line for line in lines), size, theme.INK,
                       wrap=width)


def draw_list(assets: Assets, surface: pygame.Surface, anchor: pygame.Rect, heading: str,
              lines: list[str], size: int, width: int) -> pygame.Rect:
    """The list on a paper panel below ``anchor`` (above it when there is no room below),
    kept inside the window; returns the panel."""
    pad = max(4, size // 2)
    title = assets.text(heading, size, theme.INK, bold=True, wrap=width)
    body = list_image(assets, lines, size, width)
    panel = pygame.Rect(0, 0, max(title.get_width(), body.get_width()) + 2 * pad,
                        title.get_height() + body.get_height() + 3 * pad)
    area = surface.get_rect()
    # it opens towards the middle of the window, below the badge or else above it
    left = anchor.centerx < area.centerx
    panel.y = anchor.bottom + pad
    if panel.bottom > area.bottom:
        panel.bottom = anchor.top - pad
    if left:
        panel.left = anchor.left
    else:
        panel.right = anchor.right
    panel.clamp_ip(area)
    pygame.draw.rect(surface, theme.PAPER, panel, border_radius=2 * pad)
    pygame.draw.rect(surface, BADGE_EDGE, panel, width=2, border_radius=2 * pad)
    surface.blit(title, (panel.x + pad, panel.y + pad))
    surface.blit(body, (panel.x + pad, panel.y + 2 * pad + title.get_height()))
    return panel
