"""Messages with a timer: the banner of the moment (whose turn, a claim and why, a row
completed) and the toast by the pointer (why a click was refused).

Both are values that count down and vanish; in the last ``FADE`` seconds a banner fades
and rises. ``draw_pill`` is the paper panel with a coloured edge and a soft shadow that
banners and prompts sit on; each table passes its own ``PillStyle``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

FADE = 0.4  # seconds at the end of a message's life when it fades out

Shadow = Callable[..., pygame.Surface]   # App.shadow(size, radius, alpha)


@dataclass(frozen=True)
class Banner:
    """``text`` shown for ``left`` more seconds."""

    text: str
    left: float

    def after(self, dt: float) -> Banner | None:
        """The same message ``dt`` seconds later, or None once its time is up."""
        left = self.left - dt
        return Banner(self.text, left) if left > 0 else None

    @property
    def fade(self) -> float:
        """1 until the last ``FADE`` seconds, then down towards 0."""
        return min(1.0, self.left / FADE)

    def rise(self, length: float, u: float) -> int:
        """How far the fading message has drifted up: ``length`` units at the very end."""
        return int((1 - self.fade) * length * u)


@dataclass(frozen=True)
class Toast:
    """A short note at ``pos`` (where the refused click was), for ``left`` seconds."""

    text: str
    pos: tuple[int, int]
    left: float

    def after(self, dt: float) -> Toast | None:
        left = self.left - dt
        return Toast(self.text, self.pos, left) if left > 0 else None


def tick(message: Banner | None, dt: float) -> Banner | None:
    """Count a table's banner down by one frame (None stays None)."""
    return message.after(dt) if message is not None else None


@dataclass(frozen=True)
class PillStyle:
    """How a table's message panel looks: paper colour, edge colour, the largest corner
    radius, the shadow's alpha and the padding around the text (in units at 1280×720)."""

    fill: tuple[int, int, int]
    edge: tuple[int, int, int]
    radius: int
    shadow_alpha: int
    pad: tuple[float, float]


def draw_pill(surface: pygame.Surface, shadow: Shadow, image: pygame.Surface,
              rect: pygame.Rect, style: PillStyle, u: float) -> None:
    """``image`` at ``rect`` on a rounded panel with a 3 px edge and a shadow below."""
    panel = rect.inflate(int(style.pad[0] * u), int(style.pad[1] * u))
    radius = min(style.radius, panel.height // 2)
    surface.blit(shadow(panel.size, panel.height // 2, style.shadow_alpha), panel.move(0, 4))
    pygame.draw.rect(surface, style.fill, panel, border_radius=radius)
    pygame.draw.rect(surface, style.edge, panel, width=3, border_radius=radius)
    surface.blit(image, rect)


def draw_banner(surface: pygame.Surface, shadow: Shadow, banner: Banner,
                image: pygame.Surface, centre: tuple[int, int], style: PillStyle,
                u: float, rise: float = 10) -> None:
    """A banner's text centred at ``centre`` on its pill, drifting up as it fades."""
    rect = image.get_rect(center=centre)
    if banner.fade < 1:
        rect.y -= banner.rise(rise, u)
    draw_pill(surface, shadow, image, rect, style, u)
