"""Cesta sprites: mariáš suits, event and action cards, backs, the milestone and the felt."""

from __future__ import annotations

from frames import (
    CH,
    CW,
    back_shell,
    card_shell,
    corner_gems,
    fibres,
    medallion,
    shadow_stack,
    speckle,
    vignette,
)
from svgkit import GOLD, GOLD_DARK, GOLD_LIGHT, INK, PALETTE, Svg, darken, lighten, star_points
from symbols import SUIT_COLOUR, suit

PURPLE = PALETTE["purple"]


def suit_icon(code: str) -> Svg:
    svg = Svg(100, 100)
    suit(svg, code, 50, 50, 88, lw=5)
    return svg


def event_card(code: str) -> Svg:
    base, dark, light = PALETTE[SUIT_COLOUR[code]]
    svg = Svg(CW, CH)
    card_shell(svg, base, dark)
    corner_gems(svg, base, dark)
    medallion(svg, light, dark)
    suit(svg, code, 125, 182, 128, lw=5)
    # small pips under the client's rank index, mirrored for the bottom-right corner
    suit(svg, code, 48, 112, 34, lw=2.5)
    suit(svg, code, 202, 238, 34, lw=2.5, rot=180)
    return svg


def _action_base() -> Svg:
    base, dark, light = PURPLE
    svg = Svg(CW, CH)
    card_shell(svg, base, dark, paper="#fbf5ff", paper2="#e7d9f5")
    corner_gems(svg, GOLD, GOLD_DARK)
    svg.ellipse(125, 182, 86, 112,
                fill=svg.rad([(0, lighten(base, 0.35)), (0.7, base), (1, dark)], cx=45, cy=35,
                             r=70), stroke=INK, stroke_width=3.5)
    svg.ellipse(125, 182, 78, 104, fill="none", stroke=GOLD_LIGHT, stroke_width=2, opacity=0.8)
    for p in star_points(0, 0, 1, 1, n=8):
        x, y = 125 + p[0] * 93, 182 + p[1] * 119
        svg.circle(x, y, 2.6, fill=GOLD, stroke=INK, stroke_width=0.8)
    return svg


def action_time() -> Svg:
    """Hourglass: wooden caps, two glass bulbs, sand running from top to bottom."""
    svg = _action_base()
    wood = svg.lin([(0, "#d39a5b"), (1, "#7a4a22")])
    glass = svg.rad([(0, "#ffffff"), (1, "#cfe6ff")], cx=40, cy=35, r=70)
    sand = svg.lin([(0, "#ffe28a"), (1, "#e0a52a")])
    bulb = ("M 88 112 L 162 112 C 162 150 134 166 130 182 C 134 198 162 214 162 252 "
            "L 88 252 C 88 214 116 198 120 182 C 116 166 88 150 88 112 Z")
    svg.path(bulb, fill=glass, stroke=INK, stroke_width=4, stroke_linejoin="round")
    svg.path("M 101 140 L 149 140 C 144 156 130 164 127 178 L 123 178 C 120 164 106 156 101 140 Z",
             fill=sand, stroke=INK, stroke_width=1.5)
    svg.path("M 124 180 L 126 180 L 126 236 L 124 236 Z", fill="#e0a52a")
    svg.path("M 92 250 C 96 226 114 222 125 220 C 136 222 154 226 158 250 Z", fill=sand,
             stroke=INK, stroke_width=1.5)
    svg.path("M 98 120 C 98 146 112 156 116 168", fill="none", stroke="#ffffff", stroke_width=4,
             stroke_linecap="round", opacity=0.8)
    for x in (84, 166):
        svg.rect(x - 5, 104, 10, 156, rx=4, fill=wood, stroke=INK, stroke_width=2.5)
    for y in (96, 252):
        svg.rect(72, y, 106, 16, rx=6, fill=wood, stroke=INK, stroke_width=3.5)
        svg.rect(78, y + 3, 94, 4, rx=2, fill="#ffffff", opacity=0.3)
    return svg


def action_rust() -> Svg:
    """A rusty gear with a hanging chain: decay that lowers the opponent's combination."""
    import math

    from svgkit import gear_path

    svg = _action_base()
    rust = svg.rad([(0, "#f0a060"), (0.55, "#b8561f"), (1, "#6e2c10")], cx=40, cy=35, r=70)
    svg.path(gear_path(125, 160, 58, 44, 10, 0.55), fill=rust, stroke=INK, stroke_width=4)
    svg.circle(125, 160, 22, fill="#5a2a14", stroke=INK, stroke_width=3)
    svg.circle(125, 160, 11, fill=lighten(PURPLE[0], 0.2), stroke=INK, stroke_width=2.5)
    for (x, y, r) in ((98, 140, 7), (150, 176, 9), (140, 128, 5), (104, 184, 6), (160, 146, 4)):
        svg.circle(x, y, r, fill="#5e2408", opacity=0.55)
        svg.circle(x - r * 0.3, y - r * 0.3, r * 0.45, fill="#e88d4a", opacity=0.6)
    svg.path("M 92 126 A 40 40 0 0 1 120 110", fill="none", stroke="#ffd2a8", stroke_width=4,
             stroke_linecap="round", opacity=0.7)
    # chain links hanging down from the gear
    for i in range(4):
        y = 214 + i * 19
        horiz = i % 2 == 0
        rx, ry = (6, 11) if horiz else (3.5, 11)
        x = 125 + math.sin(i * 0.8) * 3
        svg.ellipse(x, y, rx + 2, ry, fill="none", stroke=INK, stroke_width=7)
        svg.ellipse(x, y, rx + 2, ry, fill="none", stroke="#a8561f", stroke_width=3.5)
    svg.path("M 109 278 L 141 278 L 137 290 L 113 290 Z", fill="#8a4a22", stroke=INK,
             stroke_width=2.5, stroke_linejoin="round")
    return svg


def action_deed() -> Svg:
    """An open hand offering a heart: the good deed that cancels the opponent's tricks."""
    svg = _action_base()
    skin = svg.lin([(0, "#ffd9b5"), (1, "#e9a877")], x1=0, y1=0, x2=100, y2=100)
    parts: list[tuple[str, dict]] = []
    for x, top, w in ((90, 146, 19), (111, 132, 19), (132, 134, 19), (153, 152, 18)):
        parts.append(("rect", {"x": x - 2, "y": top, "width": w, "height": 110, "rx": w / 2,
                               "fill": skin}))
    parts.append(("rect", {"x": 86, "y": 190, "width": 88, "height": 70, "rx": 26, "fill": skin}))
    parts.append(("ellipse", {"cx": 80, "cy": 218, "rx": 11, "ry": 30, "fill": skin,
                              "transform": "rotate(-32 80 218)"}))
    parts.append(("rect", {"x": 100, "y": 250, "width": 62, "height": 40, "rx": 8,
                           "fill": skin}))
    shadow_stack(svg, parts, 7)
    for x in (107, 128, 149):
        svg.path(f"M {x} 176 L {x} 196", stroke="#c98a5c", stroke_width=2, fill="none",
                 stroke_linecap="round")
    svg.rect(98, 286, 66, 14, rx=4, fill=GOLD, stroke=INK, stroke_width=2.5)
    svg.path("M 125 258 C 121 252 104 244 104 233 C 104 224 110 220 115 220 "
             "C 120 220 124 224 125 228 C 126 224 130 220 135 220 C 140 220 146 224 146 233 "
             "C 146 244 129 252 125 258 Z",
             fill=svg.rad([(0, "#ff9a9a"), (1, "#c8202e")], cx=35, cy=30, r=80), stroke=INK,
             stroke_width=3, stroke_linejoin="round")
    svg.ellipse(113, 230, 4, 3, fill="#ffffff", opacity=0.8)
    for x, y, s in ((84, 122, 10), (170, 128, 8), (176, 190, 6)):
        svg.poly(star_points(x, y, s, s * 0.4, n=4), fill=GOLD_LIGHT, stroke=INK,
                 stroke_width=1.2)
    return svg


def back_event() -> Svg:
    svg = Svg(CW, CH)
    back_shell(svg, "#2f5aa8", "#142a5c", GOLD, seed=11)
    svg.circle(125, 175, 66, fill=svg.rad([(0, "#fffdf5"), (1, "#f0e2c0")], cx=40, cy=35, r=70),
               stroke=INK, stroke_width=4)
    svg.circle(125, 175, 58, fill="none", stroke=GOLD_DARK, stroke_width=2.5)
    for code, (dx, dy) in zip("RYGB", ((0, -28), (28, 0), (0, 28), (-28, 0)), strict=True):
        suit(svg, code, 125 + dx, 175 + dy, 34, lw=2.2)
    svg.poly(star_points(125, 175, 7, 3, n=4), fill=GOLD, stroke=INK, stroke_width=1)
    return svg


def back_action() -> Svg:
    base, dark, light = PURPLE
    svg = Svg(CW, CH)
    back_shell(svg, lighten(base, 0.15), darken(dark, 0.25), GOLD_LIGHT, seed=12,
               lattice="rays")
    svg.circle(125, 175, 62, fill=svg.rad([(0, lighten(base, 0.5)), (1, dark)], cx=40, cy=35,
                                          r=70), stroke=INK, stroke_width=4)
    svg.circle(125, 175, 54, fill="none", stroke=GOLD, stroke_width=3)
    svg.poly(star_points(125, 177, 44, 18, n=5), fill=svg.lin([(0, GOLD_LIGHT), (1, GOLD_DARK)]),
             stroke=INK, stroke_width=3.5, stroke_linejoin="round")
    svg.poly(star_points(125, 177, 20, 8, n=5), fill="#ffffff", opacity=0.35)
    for x, y in ((62, 70), (188, 70), (62, 280), (188, 280)):
        svg.poly(star_points(x, y, 12, 4, n=4), fill=GOLD, stroke=INK, stroke_width=1.5)
    return svg


def milestone() -> Svg:
    """A mossy boulder with a flat carved face where the client prints the number."""
    svg = Svg(100, 100)
    svg.ellipse(50, 91, 40, 6, fill="#000000", opacity=0.3)
    rock = ("M 14 84 C 6 70 8 44 20 30 C 30 16 48 10 64 14 C 80 18 92 34 92 52 "
            "C 93 68 88 82 78 88 C 62 94 30 94 14 84 Z")
    svg.path(rock, fill=svg.rad([(0, "#d9d6cf"), (0.55, "#9d9a93"), (1, "#5e5b57")], cx=35,
                                cy=30, r=80), stroke=INK, stroke_width=3.5,
             stroke_linejoin="round")
    svg.path("M 24 36 C 34 22 52 16 66 20", fill="none", stroke="#ffffff", stroke_width=3.5,
             stroke_linecap="round", opacity=0.55)
    # moss cap
    svg.path("M 30 22 C 40 13 60 11 72 17 C 66 22 60 20 54 24 C 48 20 40 26 30 22 Z",
             fill=svg.lin([(0, "#a6d86a"), (1, "#4f8f2e")]), stroke=INK, stroke_width=1.5,
             stroke_linejoin="round")
    # carved plaque
    svg.ellipse(52, 57, 23, 20, fill="#cfcac0", stroke="#5e5b57", stroke_width=2)
    svg.ellipse(52, 58, 20, 17, fill="#e6e2da")
    svg.path("M 80 40 L 84 50 L 81 58", fill="none", stroke="#4a4744", stroke_width=1.8,
             stroke_linecap="round", stroke_linejoin="round")
    for gx, flip in ((16, 1), (84, -1)):
        svg.path(f"M {gx - 6 * flip} 90 Q {gx - 4 * flip} 80 {gx - 8 * flip} 74 "
                 f"Q {gx} 82 {gx} 90 Q {gx + 2 * flip} 78 {gx + 8 * flip} 76 "
                 f"Q {gx + 4 * flip} 84 {gx + 6 * flip} 90 Z",
                 fill=svg.lin([(0, "#a6d86a"), (1, "#3f7f26")]), stroke=INK, stroke_width=1.5,
                 stroke_linejoin="round")
    svg.path("M 20 66 L 26 72 L 24 80", fill="none", stroke="#4a4744", stroke_width=1.8,
             stroke_linecap="round", stroke_linejoin="round")
    return svg


def felt() -> Svg:
    w, h = 1600, 900
    svg = Svg(w, h)
    svg.rect(0, 0, w, h, fill=svg.rad([(0, "#2f8a5a"), (0.6, "#1f6b45"), (1, "#14482f")],
                                      cx=w / 2, cy=h * 0.45 / (h / w), r=w * 0.7, user=True,
                                      transform=f"scale(1,{h / w:.4f})"))
    fibres(svg, w, h, 520, seed=7, colours=["#0d3a24", "#3fa872", "#1a5a3a"], length=18,
           op=(0.12, 0.3), width=1.2)
    speckle(svg, w, h, 260, seed=8, colours=["#0b2f1d", "#4cbf83"], rmin=0.8, rmax=2.2,
            op=(0.08, 0.22))
    vignette(svg, w, h, 0.55)
    return svg


SPRITES = {
    **{f"suit_{c}.svg": (lambda c=c: suit_icon(c)) for c in "RYGB"},
    **{f"card_{c}.svg": (lambda c=c: event_card(c)) for c in "RYGB"},
    "action_TIME.svg": action_time,
    "action_RUST.svg": action_rust,
    "action_DEED.svg": action_deed,
    "back_event.svg": back_event,
    "back_action.svg": back_action,
    "milestone.svg": milestone,
    "felt.svg": felt,
}

__all__ = ["SPRITES", "GOLD", "darken"]
