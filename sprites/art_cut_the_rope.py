"""Cut the Rope sprites: candy-and-rope cards, the candy, a rope, sky paper and 'Mlsoun'.

Mlsoun is this project's own creature: a pear-shaped moss-green sweet-tooth with a sprout
of two leaves on its head, freckles, big round eyes and stubby arms raised for candy —
deliberately unlike any licensed character.
"""

from __future__ import annotations

import math

from art_ui import candy_shape
from frames import CH, CW, fibres, shadow_stack, speckle, vignette
from svgkit import GOLD, GOLD_DARK, GOLD_LIGHT, INK, PALETTE, Svg, clip_segment, star_points

PINK = "#f06ba8"
PINK_DARK = "#b8306e"
ROPE = "#c8925a"
ROPE_DARK = "#7a4e24"
SKY = "#bfe6fb"


def _candy_frame(svg: Svg, stripe: str, stripe_dark: str) -> None:
    svg.rect(4, 4, 242, 342, rx=20, fill=svg.lin([(0, "#ffffff"), (1, "#eef7fd")]), stroke=INK,
             stroke_width=5)
    # candy-cane band: a coloured stroke with white dashes over it
    svg.rect(17, 17, 216, 316, rx=12, fill="none", stroke=svg.lin([(0, stripe), (1,
                                                                   stripe_dark)]),
             stroke_width=11)
    svg.rect(17, 17, 216, 316, rx=12, fill="none", stroke="#ffffff", stroke_width=11,
             stroke_dasharray="9 9", opacity=0.9)
    svg.rect(11, 11, 228, 328, rx=16, fill="none", stroke=INK, stroke_width=1.5, opacity=0.6)
    svg.rect(23, 23, 204, 304, rx=7, fill="none", stroke=INK, stroke_width=1.5, opacity=0.6)
    svg.path("M 26 12 L 224 12 Q 236 12 238 22 L 238 28 Q 125 20 12 28 L 12 22 Q 14 12 26 12 Z",
             fill="#ffffff", opacity=0.4)


def _rope_d(svg: Svg, d: str, w: float = 6) -> None:
    svg.path(d, fill="none", stroke=INK, stroke_width=w + 4, stroke_linecap="round",
             stroke_linejoin="round")
    svg.path(d, fill="none", stroke=ROPE, stroke_width=w, stroke_linecap="round",
             stroke_linejoin="round")
    svg.path(d, fill="none", stroke=ROPE_DARK, stroke_width=w, stroke_dasharray=f"{w * 0.5} "
             f"{w * 0.9}", opacity=0.7)


def _pin(svg: Svg, x: float, y: float, r: float = 8) -> None:
    svg.circle(x, y, r, fill=svg.rad([(0, "#ffffff"), (0.5, "#aab6c2"), (1, "#5d6b7a")], cx=35,
                                     cy=30, r=75), stroke=INK, stroke_width=3)
    svg.circle(x, y, r * 0.3, fill=INK)


def card_face() -> Svg:
    svg = Svg(CW, CH)
    _candy_frame(svg, PINK, PINK_DARK)
    # the number bubble
    svg.circle(125, 196, 76, fill=svg.rad([(0, "#ffffff"), (0.7, "#e4f4fd"), (1, SKY)], cx=40,
                                          cy=35, r=70), stroke="#7fb8dd", stroke_width=3)
    svg.path("M 70 160 A 62 62 0 0 1 110 126", fill="none", stroke="#ffffff", stroke_width=6,
             stroke_linecap="round", opacity=0.9)
    # a pin in the top-right, a rope swinging to a candy above the bubble (top-left stays free)
    _pin(svg, 196, 46)
    _rope_d(svg, "M 196 46 Q 170 98 140 108", 5)
    candy_shape(svg, 134, 110, 12, 2.5)
    # a small monster peeking in the bottom-left (bottom-right stays free for the index)
    svg.path("M 34 326 C 32 300 44 288 62 288 C 80 288 92 300 90 326 Z",
             fill=svg.rad([(0, "#c2f28a"), (1, "#3f9a2e")], cx=40, cy=30, r=75), stroke=INK,
             stroke_width=3)
    for x in (52, 72):
        svg.circle(x, 304, 6, fill="#ffffff", stroke=INK, stroke_width=2)
        svg.circle(x + 1.5, 303, 2.6, fill=INK)
    svg.path("M 60 290 C 56 280 60 274 66 276", fill="none", stroke=INK, stroke_width=2.5,
             stroke_linecap="round")
    svg.ellipse(70, 276, 6, 3.5, fill="#8fd45a", stroke=INK, stroke_width=1.5,
                transform="rotate(-20 70 276)")
    return svg


def _scissors(svg: Svg, cx: float, cy: float, s: float, angle: float = 28,
              rot: float = 0) -> None:
    """Open scissors pointing up (then turned by rot), pivot at (cx, cy); s = blade length."""
    svg.open(f"rotate({rot} {cx} {cy})")
    blade = svg.lin([(0, "#ffffff"), (0.5, "#d5dde6"), (1, "#8896a6")], x1=0, y1=0, x2=100,
                    y2=0)
    handle = svg.rad([(0, "#ffc08a"), (1, "#e2561c")], cx=35, cy=30, r=75)
    for sign in (-1, 1):
        svg.open(f"rotate({sign * angle / 2} {cx} {cy})")
        svg.path(f"M {cx - s * 0.1} {cy} C {cx - s * 0.12} {cy - s * 0.5} {cx - s * 0.04} "
                 f"{cy - s * 0.9} {cx} {cy - s} C {cx + s * 0.09} {cy - s * 0.7} {cx + s * 0.1} "
                 f"{cy - s * 0.3} {cx + s * 0.1} {cy} Z", fill=blade, stroke=INK,
                 stroke_width=s * 0.04, stroke_linejoin="round")
        svg.path(f"M {cx - s * 0.1} {cy} L {cx - s * 0.08} {cy + s * 0.22}", stroke=INK,
                 stroke_width=s * 0.12, stroke_linecap="round", fill="none")
        svg.ellipse(cx - s * 0.1, cy + s * 0.42, s * 0.17, s * 0.22, fill="none", stroke=INK,
                    stroke_width=s * 0.14)
        svg.ellipse(cx - s * 0.1, cy + s * 0.42, s * 0.17, s * 0.22, fill="none",
                    stroke=handle, stroke_width=s * 0.08)
        svg.close()
    svg.circle(cx, cy, s * 0.06, fill=GOLD, stroke=INK, stroke_width=s * 0.025)
    svg.close()


def card_scissors() -> Svg:
    svg = Svg(CW, CH)
    _candy_frame(svg, GOLD, GOLD_DARK)
    svg.circle(125, 186, 88, fill=svg.rad([(0, "#fffbe6"), (0.7, "#fff0b8"), (1, GOLD_LIGHT)],
                                          cx=40, cy=35, r=70), stroke=GOLD_DARK, stroke_width=3)
    for i in range(12):
        a = math.radians(i * 30)
        x, y = 125 + 100 * math.cos(a), 186 + 100 * math.sin(a)
        svg.poly(star_points(x, y, 6, 2.4, n=4), fill=GOLD, stroke=INK, stroke_width=1)
    # a rope from the top, snipped: the loose end and the candy below
    _pin(svg, 125, 48)
    _rope_d(svg, "M 125 48 L 125 120", 6)
    _rope_d(svg, "M 125 150 Q 118 200 126 226", 6)
    candy_shape(svg, 126, 240, 18, 3)
    for dx, dy in ((-14, -6), (12, -10), (0, 10)):
        svg.line(125 + dx * 0.6, 135 + dy * 0.6, 125 + dx * 1.6, 135 + dy * 1.6, stroke=INK,
                 stroke_width=3, stroke_linecap="round")
    _scissors(svg, 178, 196, 92, angle=36, rot=-40)
    return svg


def card_back() -> Svg:
    svg = Svg(CW, CH)
    svg.rect(4, 4, 242, 342, rx=20, fill=svg.rad([(0, "#3bb0d8"), (1, "#13557a")], cx=50, cy=45,
                                                r=70), stroke=INK, stroke_width=5)
    box = (24, 24, 226, 326)
    for k in range(-8, 9):
        off = k * 44
        for a, b in (((0, off), (350, off + 350)), ((250, off), (-100, off + 350))):
            seg = clip_segment(a, b, box)
            if seg:
                (x0, y0), (x1, y1) = seg
                d = f"M {x0:.1f} {y0:.1f} L {x1:.1f} {y1:.1f}"
                svg.path(d, stroke="#0b3550", stroke_width=6, opacity=0.6, fill="none")
                svg.path(d, stroke=ROPE, stroke_width=3, opacity=0.55, fill="none",
                         stroke_dasharray="3 3")
    svg.rect(16, 16, 218, 318, rx=13, fill="none", stroke=PINK, stroke_width=7)
    svg.rect(16, 16, 218, 318, rx=13, fill="none", stroke="#ffffff", stroke_width=7,
             stroke_dasharray="8 8")
    svg.rect(10.5, 10.5, 229, 329, rx=16, fill="none", stroke=INK, stroke_width=1.2,
             opacity=0.6)
    svg.circle(125, 175, 62, fill=svg.rad([(0, "#ffffff"), (1, SKY)], cx=40, cy=35, r=70),
               stroke=INK, stroke_width=4)
    svg.circle(125, 175, 54, fill="none", stroke=PINK, stroke_width=2.5)
    candy_shape(svg, 125, 175, 24, 3.5)
    svg.path("M 26 12 L 224 12 Q 236 12 238 22 L 238 28 Q 125 20 12 28 L 12 22 Q 14 12 26 12 Z",
             fill="#ffffff", opacity=0.22)
    return svg


def candy() -> Svg:
    svg = Svg(120, 80)
    svg.ellipse(60, 74, 30, 4, fill="#000000", opacity=0.2)
    candy_shape(svg, 60, 38, 26, 4)
    return svg


def rope() -> Svg:
    """A vertical twisted rope segment (tiles vertically: the twist period is 20 px)."""
    svg = Svg(32, 200)
    svg.rect(5, -4, 22, 208, rx=0, fill=svg.lin([(0, "#e8b87e"), (0.5, ROPE), (1, ROPE_DARK)],
                                               x1=0, y1=0, x2=100, y2=0))
    for i in range(-1, 11):
        y = i * 20
        svg.path(f"M 5 {y + 4} C 12 {y + 10} 20 {y + 16} 27 {y + 20} L 27 {y + 28} "
                 f"C 20 {y + 24} 12 {y + 18} 5 {y + 12} Z", fill=ROPE_DARK, opacity=0.55)
        svg.path(f"M 7 {y + 1} C 13 {y + 5} 19 {y + 10} 25 {y + 14}", fill="none",
                 stroke="#ffe2b8", stroke_width=2, opacity=0.55, stroke_linecap="round")
    svg.line(5, -2, 5, 202, stroke=INK, stroke_width=3)
    svg.line(27, -2, 27, 202, stroke=INK, stroke_width=3)
    return svg


def paper() -> Svg:
    w, h = 1600, 900
    svg = Svg(w, h)
    svg.rect(0, 0, w, h, fill=svg.lin([(0, "#e9f7ff"), (1, "#bfe4f8")]))
    fibres(svg, w, h, 420, seed=91, colours=["#ffffff", "#9fcfea", "#d6effc"], length=40,
           op=(0.25, 0.55), width=1.2)
    speckle(svg, w, h, 300, seed=92, colours=["#ffffff", "#8cc3e3"], rmin=0.8, rmax=2.6,
            op=(0.2, 0.5))
    for i in range(7):  # soft paper clouds
        cx, cy = 140 + i * 230, 120 + (i * 263) % 660
        svg.ellipse(cx, cy, 160, 70, fill="#ffffff", opacity=0.1)
    vignette(svg, w, h, 0.18)
    return svg


def monster() -> Svg:
    svg = Svg(200, 200)
    draw_monster(svg)
    return svg


def draw_monster(svg: Svg, stars: bool = True) -> None:
    """Mlsoun in a 200×200 frame (also used, scaled, on the game thumbnail)."""
    green = svg.rad([(0, "#d4f79a"), (0.45, "#7fcf45"), (1, "#2f7d24")], cx=38, cy=30, r=78)
    svg.ellipse(100, 188, 62, 8, fill="#000000", opacity=0.25)
    # sprout
    svg.path("M 100 52 C 98 40 100 30 104 22", fill="none", stroke=INK, stroke_width=7,
             stroke_linecap="round")
    svg.path("M 100 52 C 98 40 100 30 104 22", fill="none", stroke="#4f9a2e", stroke_width=3,
             stroke_linecap="round")
    for d in ("M 104 24 C 112 8 132 8 140 14 C 132 28 114 32 104 24 Z",
              "M 102 28 C 92 14 72 16 66 24 C 76 36 94 36 102 28 Z"):
        svg.path(d, fill=svg.lin([(0, "#b8f07a"), (1, "#3f9a2e")]), stroke=INK, stroke_width=3,
                 stroke_linejoin="round")
    # arms raised, feet, body (one silhouette)
    parts = [
        ("ellipse", {"cx": 46, "cy": 96, "rx": 12, "ry": 24, "fill": green,
                     "transform": "rotate(-35 46 96)"}),
        ("ellipse", {"cx": 154, "cy": 96, "rx": 12, "ry": 24, "fill": green,
                     "transform": "rotate(35 154 96)"}),
        ("ellipse", {"cx": 74, "cy": 180, "rx": 20, "ry": 10, "fill": green}),
        ("ellipse", {"cx": 126, "cy": 180, "rx": 20, "ry": 10, "fill": green}),
        ("path", {"d": "M 100 48 C 132 48 150 80 156 118 C 162 156 140 180 100 180 "
                       "C 60 180 38 156 44 118 C 50 80 68 48 100 48 Z", "fill": green}),
    ]
    shadow_stack(svg, parts, 7)
    svg.path("M 66 84 C 72 66 86 56 100 56", fill="none", stroke="#ffffff", stroke_width=5,
             stroke_linecap="round", opacity=0.5)
    # belly
    svg.ellipse(100, 146, 34, 26, fill="#e9fbc4", opacity=0.55)
    # eyes
    for x in (80, 120):
        svg.ellipse(x, 96, 15, 17, fill=svg.rad([(0, "#ffffff"), (1, "#dfe9f2")], cx=40, cy=35,
                                                r=70), stroke=INK, stroke_width=3.5)
        svg.circle(x + 3, 99, 8, fill=svg.rad([(0, "#8a5a2a"), (1, "#2a1a0c")], cx=40, cy=35,
                                              r=70))
        svg.circle(x + 3, 99, 4.5, fill=INK)
        svg.circle(x, 95, 3, fill="#ffffff")
        svg.circle(x + 6, 103, 1.4, fill="#ffffff")
    svg.path("M 66 78 Q 78 72 90 78", fill="none", stroke=INK, stroke_width=3,
             stroke_linecap="round")
    svg.path("M 110 78 Q 122 72 134 78", fill="none", stroke=INK, stroke_width=3,
             stroke_linecap="round")
    # open happy mouth with a tongue
    svg.path("M 78 124 Q 100 160 122 124 Q 100 130 78 124 Z", fill="#6b1630", stroke=INK,
             stroke_width=3.5, stroke_linejoin="round")
    svg.path("M 90 140 Q 100 132 110 140 Q 100 150 90 140 Z", fill="#ff7a9a")
    # cheeks and freckles
    for x in (64, 136):
        svg.ellipse(x, 122, 9, 6, fill="#ff8aa0", opacity=0.5)
    for x, y in ((58, 112), (62, 116), (54, 117), (142, 112), (138, 116), (146, 117)):
        svg.circle(x, y, 1.5, fill="#2f6b20", opacity=0.7)
    # tiny fingers
    for x, y in ((30, 72), (38, 66), (170, 72), (162, 66)):
        svg.circle(x, y, 1.8, fill="#2f6b20", opacity=0.6)
    if stars:
        svg.poly(star_points(170, 36, 8, 3, n=4), fill=GOLD_LIGHT, stroke=INK, stroke_width=1.2)
        svg.poly(star_points(32, 46, 6, 2.4, n=4), fill=GOLD_LIGHT, stroke=INK,
                 stroke_width=1.2)


SPRITES = {
    "card_face.svg": card_face,
    "card_scissors.svg": card_scissors,
    "card_back.svg": card_back,
    "candy.svg": candy,
    "rope.svg": rope,
    "paper.svg": paper,
    "monster.svg": monster,
}

__all__ = ["SPRITES", "PALETTE"]
