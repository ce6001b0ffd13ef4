"""UI sprites: buttons, panel, the title emblem, toolbar icons, seat badges, game thumbnails.

Icons are 64×64 light glyphs with the ink outline, so they read on the dark tables and on
the light panels alike. Line-style glyphs are drawn twice (a wide ink stroke under a
narrower light stroke) which gives a clean outlined stroke without filters.
"""

from __future__ import annotations

import math

from frames import shadow_stack, speckle, vignette
from svgkit import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PALETTE,
    PAPER,
    Svg,
    darken,
    gear_path,
    lighten,
    star_points,
)
from symbols import heart, mark, suit

GLYPH = "#fff8ea"
GLYPH_SHADE = "#e7d8bb"


def _glyph_fill(svg: Svg) -> str:
    return svg.lin([(0, "#ffffff"), (1, GLYPH_SHADE)])


def _stroke2(svg: Svg, d: str, w: float, colour: str = GLYPH, ink_extra: float = 5) -> None:
    svg.path(d, fill="none", stroke=INK, stroke_width=w + ink_extra, stroke_linecap="round",
             stroke_linejoin="round")
    svg.path(d, fill="none", stroke=colour, stroke_width=w, stroke_linecap="round",
             stroke_linejoin="round")


# ---- buttons and panel ------------------------------------------------------------------
def _button(hover: bool) -> Svg:
    svg = Svg(240, 72)
    top, bottom = ("#ffe58a", "#f5a623") if hover else ("#fffaf0", "#eed9ae")
    lip = "#c07a12" if hover else "#b89c6a"
    if hover:
        svg.rect(1.5, 1.5, 237, 67, rx=24, fill="none", stroke=GOLD, stroke_width=3, opacity=0.6)
    svg.rect(6, 10, 228, 56, rx=20, fill=lip, stroke=INK, stroke_width=3.5)
    svg.rect(6, 5, 228, 54, rx=20, fill=svg.lin([(0, top), (1, bottom)]), stroke=INK,
             stroke_width=3.5)
    svg.rect(16, 9, 208, 18, rx=9, fill="#ffffff", opacity=0.55 if hover else 0.7)
    svg.rect(11, 10, 218, 44, rx=16, fill="none", stroke="#ffffff", stroke_width=1.2,
             opacity=0.6)
    return svg


def panel() -> Svg:
    svg = Svg(400, 300)
    svg.rect(8, 12, 386, 282, rx=26, fill="#000000", opacity=0.25)
    svg.rect(4, 4, 386, 282, rx=24, fill=svg.lin([(0, "#fffdf6"), (1, "#f1e3c4")]), stroke=INK,
             stroke_width=4)
    svg.rect(13, 13, 368, 264, rx=17, fill="none", stroke=GOLD_DARK, stroke_width=2,
             opacity=0.7)
    svg.rect(18, 9, 358, 14, rx=7, fill="#ffffff", opacity=0.6)
    speckle(svg, 380, 270, 70, seed=3, colours=["#c9b48a", "#ffffff"], rmin=0.6, rmax=1.6,
            op=(0.15, 0.35))
    return svg


# ---- emblem ------------------------------------------------------------------------------
def pyramid_shape(svg: Svg, cx: float, base_y: float, w: float, h: float, colour: str,
                  lw: float, code: str | None = None) -> None:
    """A three-quarter view pyramid: lit front face, shaded side face, ink outline."""
    base, dark, light = PALETTE[colour]
    apex = (cx, base_y - h)
    left, front, right = (cx - w / 2, base_y), (cx + w * 0.18, base_y), (cx + w / 2,
                                                                         base_y - h * 0.05)
    svg.poly([apex, left, front, right], fill=dark, stroke=INK, stroke_width=lw,
             stroke_linejoin="round")
    svg.poly([apex, left, front], fill=svg.lin([(0, light), (0.5, base), (1, darken(base, 0.1))],
                                               x1=0, y1=0, x2=100, y2=100))
    svg.poly([apex, front, right], fill=svg.lin([(0, base), (1, dark)], x1=0, y1=0, x2=100,
                                                y2=100), opacity=0.9)
    svg.poly([apex, left, front, right], fill="none", stroke=INK, stroke_width=lw,
             stroke_linejoin="round")
    svg.line(apex[0], apex[1], front[0], front[1], stroke=INK, stroke_width=lw * 0.6,
             stroke_linecap="round")
    svg.path(f"M {apex[0] - w * 0.04:.2f} {apex[1] + h * 0.12:.2f} L {left[0] + w * 0.14:.2f} "
             f"{left[1] - h * 0.08:.2f}", stroke="#ffffff", stroke_width=lw * 0.9, opacity=0.55,
             stroke_linecap="round", fill="none")
    if code:
        fx = (apex[0] + left[0] + front[0]) / 3
        fy = base_y - h * 0.3
        mark(svg, code, fx, fy, w * 0.3, lw=lw * 0.6)


def candy_shape(svg: Svg, cx: float, cy: float, s: float, lw: float) -> None:
    """Wrapped round candy; s is the body radius."""
    wrap = svg.lin([(0, "#ffd1e6"), (1, "#f06ba8")])
    for sign in (-1, 1):
        x0 = cx + sign * s * 0.8
        x1 = cx + sign * s * 1.9
        svg.poly([(x0, cy), (x1, cy - s * 0.75), (x1 - sign * s * 0.15, cy),
                  (x1, cy + s * 0.75)], fill=wrap, stroke=INK, stroke_width=lw,
                 stroke_linejoin="round")
    svg.circle(cx, cy, s, fill=svg.rad([(0, "#ffffff"), (0.35, "#ff8fc4"), (1, "#d12b74")],
                                        cx=35, cy=30, r=75), stroke=INK, stroke_width=lw)
    # peppermint swirl: curved white wedges
    for i in range(4):
        a0 = math.radians(i * 90 + 10)
        a1 = a0 + math.radians(42)
        r = s * 0.9
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p1 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        q0 = (cx + r * 0.55 * math.cos(a0 - 0.6), cy + r * 0.55 * math.sin(a0 - 0.6))
        q1 = (cx + r * 0.55 * math.cos(a1 - 0.6), cy + r * 0.55 * math.sin(a1 - 0.6))
        svg.path(f"M {cx:.2f} {cy:.2f} Q {q0[0]:.2f} {q0[1]:.2f} {p0[0]:.2f} {p0[1]:.2f} "
                 f"A {r:.2f} {r:.2f} 0 0 1 {p1[0]:.2f} {p1[1]:.2f} "
                 f"Q {q1[0]:.2f} {q1[1]:.2f} {cx:.2f} {cy:.2f} Z", fill="#ffffff",
                 opacity=0.85)
    svg.circle(cx, cy, s, fill="none", stroke=INK, stroke_width=lw)
    svg.ellipse(cx - s * 0.35, cy - s * 0.4, s * 0.25, s * 0.15, fill="#ffffff", opacity=0.8)


def logo_mark() -> Svg:
    svg = Svg(200, 200)
    svg.circle(100, 104, 92, fill="#000000", opacity=0.25)
    svg.circle(100, 100, 92, fill=svg.lin([(0, GOLD_LIGHT), (0.5, GOLD), (1, GOLD_DARK)]),
               stroke=INK, stroke_width=5)
    svg.circle(100, 100, 74, fill=svg.rad([(0, "#3a7fd0"), (1, "#162f66")], cx=40, cy=35, r=75),
               stroke=INK, stroke_width=4)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        x, y = 100 + 83 * math.cos(a), 100 + 83 * math.sin(a)
        svg.circle(x, y, 3.4, fill="#fff6d0", stroke=INK, stroke_width=1.4)
    # card (Cesta), pyramid (Royal Road), candy (Cut the Rope)
    svg.open("rotate(-14 72 104)")
    svg.rect(44, 64, 52, 74, rx=8, fill=PAPER, stroke=INK, stroke_width=3.5)
    svg.rect(49, 69, 42, 64, rx=5, fill="none", stroke=PALETTE["red"][0], stroke_width=2.5)
    heart(svg, 70, 102, 30, lw=2.5)
    svg.close()
    pyramid_shape(svg, 128, 146, 58, 90, "yellow", 3.5, "y")
    candy_shape(svg, 96, 154, 16, 3)
    svg.poly(star_points(100, 38, 13, 5.5), fill=GOLD_LIGHT, stroke=INK, stroke_width=2.5,
             stroke_linejoin="round")
    svg.path("M 44 70 A 66 66 0 0 1 78 40", fill="none", stroke="#ffffff", stroke_width=5,
             stroke_linecap="round", opacity=0.35)
    return svg


# ---- icons -------------------------------------------------------------------------------
def icon_settings() -> Svg:
    svg = Svg(64, 64)
    svg.path(gear_path(32, 32, 27, 20, 8, 0.55), fill=_glyph_fill(svg), stroke=INK,
             stroke_width=3.5, stroke_linejoin="round")
    svg.circle(32, 32, 9, fill=svg.lin([(0, "#8fa3b8"), (1, "#4d5d70")]), stroke=INK,
               stroke_width=3)
    svg.path("M 16 24 A 18 18 0 0 1 28 14", fill="none", stroke="#ffffff", stroke_width=2.5,
             stroke_linecap="round", opacity=0.8)
    return svg


def icon_rules() -> Svg:
    svg = Svg(64, 64)
    svg.path("M 32 16 C 24 10 12 10 5 13 L 5 52 C 12 49 24 49 32 55 C 40 49 52 49 59 52 "
             "L 59 13 C 52 10 40 10 32 16 Z", fill=_glyph_fill(svg), stroke=INK, stroke_width=3.5,
             stroke_linejoin="round")
    svg.path("M 32 16 L 32 55", stroke=INK, stroke_width=2.5, fill="none")
    for y in (22, 29, 36, 43):
        svg.path(f"M 11 {y} C 17 {y - 2} 22 {y - 2} 27 {y}", stroke="#9a8a70", stroke_width=2,
                 fill="none", stroke_linecap="round")
        svg.path(f"M 37 {y} C 42 {y - 2} 47 {y - 2} 53 {y}", stroke="#9a8a70", stroke_width=2,
                 fill="none", stroke_linecap="round")
    svg.path("M 44 11 L 44 26 L 48 22 L 52 26 L 52 10 Z", fill=PALETTE["red"][0], stroke=INK,
             stroke_width=2, stroke_linejoin="round")
    return svg


def _speaker(svg: Svg) -> None:
    svg.path("M 6 24 L 17 24 L 30 12 L 30 52 L 17 40 L 6 40 Z", fill=_glyph_fill(svg),
             stroke=INK, stroke_width=3.5, stroke_linejoin="round")
    svg.rect(9, 27, 5, 10, rx=2, fill="#ffffff", opacity=0.8)


def icon_sound() -> Svg:
    svg = Svg(64, 64)
    _speaker(svg)
    _stroke2(svg, "M 38 24 Q 43 32 38 40", 4)
    _stroke2(svg, "M 45 17 Q 55 32 45 47", 4)
    return svg


def icon_mute() -> Svg:
    svg = Svg(64, 64)
    _speaker(svg)
    red = PALETTE["red"][0]
    _stroke2(svg, "M 40 23 L 56 41", 5, red)
    _stroke2(svg, "M 56 23 L 40 41", 5, red)
    return svg


def icon_undo() -> Svg:
    svg = Svg(64, 64)
    _stroke2(svg, "M 20 24 L 38 24 C 48 24 55 31 55 40 C 55 49 48 55 38 55 L 24 55", 7)
    svg.poly([(6, 24), (24, 10), (24, 38)], fill=_glyph_fill(svg), stroke=INK, stroke_width=3.5,
             stroke_linejoin="round")
    return svg


def icon_hint() -> Svg:
    """The hint's own mark: the violet diamond with "?" that the table draws on the
    hinted move (tables/common/hint_mark.py), so the button and the mark match."""
    svg = Svg(64, 64)
    violet = svg.lin([(0, "#e2c2ff"), (1, "#a45ee8")])
    svg.poly([(32, 4), (60, 32), (32, 60), (4, 32)], fill=violet, stroke=INK,
             stroke_width=3.5, stroke_linejoin="round")
    svg.path("M 24 25 C 24 18 28 15 33 15 C 39 15 42 19 42 24 C 42 31 33 32 33 39",
             fill="none", stroke=INK, stroke_width=6, stroke_linecap="round")
    svg.circle(33, 48, 4, fill=INK)
    return svg


def icon_log() -> Svg:
    svg = Svg(64, 64)
    svg.path("M 14 8 L 50 8 Q 56 8 56 14 L 56 50 Q 56 58 48 58 L 12 58 Q 6 58 6 52 L 6 46 "
             "L 14 46 Z", fill=_glyph_fill(svg), stroke=INK, stroke_width=3.5,
             stroke_linejoin="round")
    svg.path("M 6 46 L 42 46 L 42 52 Q 42 58 48 58", fill="none", stroke=INK, stroke_width=3,
             stroke_linejoin="round")
    for i, y in enumerate((18, 26, 34)):
        svg.circle(21, y, 2.6, fill=PALETTE[("red", "yellow", "blue")[i]][0], stroke=INK,
                   stroke_width=1.2)
        svg.path(f"M 27 {y} L {47 - i * 5} {y}", stroke="#8a7a62", stroke_width=3,
                 stroke_linecap="round", fill="none")
    return svg


def icon_back() -> Svg:
    svg = Svg(64, 64)
    svg.poly([(6, 32), (30, 10), (30, 22), (56, 22), (56, 42), (30, 42), (30, 54)],
             fill=_glyph_fill(svg), stroke=INK, stroke_width=3.5, stroke_linejoin="round")
    svg.path("M 30 25 L 52 25", stroke="#ffffff", stroke_width=2.5, stroke_linecap="round",
             opacity=0.8)
    return svg


def icon_tracker() -> Svg:
    """Card tracker: a fan of seen cards under a watching eye."""
    svg = Svg(64, 64)
    for rot, col in ((-18, "blue"), (0, "yellow"), (18, "red")):
        svg.open(f"rotate({rot} 32 60)")
        svg.rect(20, 18, 24, 36, rx=4, fill=PAPER, stroke=INK, stroke_width=2.5)
        svg.rect(23, 21, 18, 30, rx=2, fill="none", stroke=PALETTE[col][0], stroke_width=2)
        svg.close()
    svg.path("M 8 22 Q 32 0 56 22 Q 32 44 8 22 Z", fill="#ffffff", stroke=INK, stroke_width=3,
             stroke_linejoin="round")
    svg.circle(32, 22, 8, fill=svg.rad([(0, "#8fd0ff"), (1, "#1f5fae")], cx=40, cy=35, r=70),
               stroke=INK, stroke_width=2)
    svg.circle(32, 22, 3.5, fill=INK)
    svg.circle(29.5, 19.5, 1.8, fill="#ffffff")
    return svg


def icon_sort() -> Svg:
    svg = Svg(64, 64)
    for i, h in enumerate((16, 28, 40)):
        x = 6 + i * 14
        svg.rect(x, 56 - h, 11, h, rx=3,
                 fill=svg.lin([(0, "#ffffff"), (1, GLYPH_SHADE)]), stroke=INK, stroke_width=3)
    _stroke2(svg, "M 53 14 L 53 48", 4)
    svg.poly([(45, 44), (61, 44), (53, 57)], fill=GLYPH, stroke=INK, stroke_width=3,
             stroke_linejoin="round")
    return svg


def robot() -> Svg:
    svg = Svg(64, 64)
    steel = svg.lin([(0, "#d8e6f0"), (1, "#7f97ab")])
    svg.line(32, 12, 32, 4, stroke=INK, stroke_width=3.5, stroke_linecap="round")
    svg.circle(32, 5, 4, fill=PALETTE["red"][0], stroke=INK, stroke_width=2)
    svg.rect(3, 26, 8, 16, rx=3, fill=steel, stroke=INK, stroke_width=2.5)
    svg.rect(53, 26, 8, 16, rx=3, fill=steel, stroke=INK, stroke_width=2.5)
    svg.rect(9, 12, 46, 44, rx=12, fill=steel, stroke=INK, stroke_width=3.5)
    svg.rect(14, 17, 36, 24, rx=8, fill="#203040", stroke=INK, stroke_width=2)
    for x in (24, 40):
        svg.circle(x, 29, 6, fill=svg.rad([(0, "#eaffff"), (0.5, "#5ff0e0"), (1, "#1a9e9a")]),
                   stroke=INK, stroke_width=1.5)
        svg.circle(x - 2, 27, 1.8, fill="#ffffff")
    for x in (22, 28, 34, 40):
        svg.rect(x, 45, 4, 6, rx=1, fill="#3b4a58")
    svg.rect(13, 14, 24, 4, rx=2, fill="#ffffff", opacity=0.6)
    return svg


def person() -> Svg:
    svg = Svg(64, 64)
    skin = svg.rad([(0, "#ffe2c4"), (1, "#e6a374")], cx=40, cy=35, r=70)
    shirt = svg.lin([(0, "#ffd36a"), (1, "#e59a1c")])
    shadow_stack(svg, [("path", {"d": "M 6 62 C 6 44 18 38 32 38 C 46 38 58 44 58 62 Z",
                                 "fill": shirt}),
                       ("circle", {"cx": 32, "cy": 22, "r": 14, "fill": skin})], 6)
    svg.path("M 18 20 C 18 8 28 5 34 6 C 42 6 47 12 46 20 C 42 14 30 12 18 20 Z",
             fill="#6b3f22", stroke=INK, stroke_width=2, stroke_linejoin="round")
    svg.circle(27, 24, 1.8, fill=INK)
    svg.circle(37, 24, 1.8, fill=INK)
    svg.path("M 27 30 Q 32 34 37 30", fill="none", stroke=INK, stroke_width=2,
             stroke_linecap="round")
    svg.circle(23, 29, 2.5, fill="#ff8a8a", opacity=0.5)
    svg.circle(41, 29, 2.5, fill="#ff8a8a", opacity=0.5)
    svg.path("M 24 42 L 32 50 L 40 42", fill="none", stroke="#b8720c", stroke_width=2,
             stroke_linecap="round", stroke_linejoin="round")
    return svg


# ---- thumbnails (320×200 mini tables) ---------------------------------------------------
def _thumb_frame(svg: Svg, fill: str) -> None:
    svg.rect(3, 3, 314, 194, rx=18, fill=fill, stroke=INK, stroke_width=5)


def _thumb_gloss(svg: Svg) -> None:
    svg.rect(14, 8, 292, 18, rx=9, fill="#ffffff", opacity=0.2)
    svg.rect(3, 3, 314, 194, rx=18, fill="none", stroke=INK, stroke_width=5)


def _mini_card(svg: Svg, x: float, y: float, rot: float, code: str) -> None:
    base, dark, _ = PALETTE[{"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[code]]
    svg.open(f"rotate({rot} {x + 30} {y + 84})")
    svg.rect(x + 2, y + 4, 60, 84, rx=7, fill="#000000", opacity=0.25)
    svg.rect(x, y, 60, 84, rx=7, fill=PAPER, stroke=INK, stroke_width=3)
    svg.rect(x + 4, y + 4, 52, 76, rx=4, fill="none", stroke=base, stroke_width=3)
    suit(svg, code, x + 30, y + 44, 36, lw=2)
    svg.close()


def thumb_cesta() -> Svg:
    svg = Svg(320, 200)
    _thumb_frame(svg, svg.rad([(0, "#2f8a5a"), (1, "#14482f")], cx=50, cy=45, r=70))
    speckle(svg, 310, 190, 60, seed=21, colours=["#0b2f1d", "#4cbf83"], rmin=0.6, rmax=1.5,
            op=(0.15, 0.3))
    for i, x in enumerate((40, 100, 160, 220, 280)):
        y = 150
        svg.ellipse(x, y + 12, 22, 5, fill="#000000", opacity=0.3)
        svg.path(f"M {x - 20} {y + 10} C {x - 26} {y - 6} {x - 10} {y - 20} {x + 2} {y - 18} "
                 f"C {x + 18} {y - 16} {x + 24} {y} {x + 18} {y + 10} Z",
                 fill=svg.rad([(0, "#d9d6cf"), (1, "#6e6b66")], cx=35, cy=30, r=80), stroke=INK,
                 stroke_width=2.5)
        if i == 2:
            svg.poly(star_points(x, y - 2, 7, 3), fill=GOLD, stroke=INK, stroke_width=1.2)
    _mini_card(svg, 96, 26, -16, "B")
    _mini_card(svg, 130, 20, 0, "R")
    _mini_card(svg, 164, 26, 16, "Y")
    _mini_card(svg, 40, 40, -8, "G")
    _thumb_gloss(svg)
    return svg


def thumb_royal_road() -> Svg:
    svg = Svg(320, 200)
    _thumb_frame(svg, svg.lin([(0, "#7a4a2a"), (1, "#3e2414")]))
    for y in (50, 100, 150):
        svg.line(6, y, 314, y, stroke="#2a170c", stroke_width=2, opacity=0.6)
    for i in range(5):
        x = 22 + i * 58
        svg.rect(x, 104, 48, 66, rx=6, fill="#f6ead0", stroke=INK, stroke_width=2.5)
        svg.rect(x + 4, 108, 40, 58, rx=4, fill="none", stroke=PALETTE["red"][1],
                 stroke_width=2)
    # crown on the goal card
    svg.poly([(262, 150), (258, 126), (268, 136), (274, 122), (280, 136), (290, 126),
              (286, 150)], fill=GOLD, stroke=INK, stroke_width=2.2, stroke_linejoin="round")
    pyramid_shape(svg, 50, 150, 30, 46, "red", 2.5, "r")
    pyramid_shape(svg, 106, 152, 24, 36, "blue", 2.5, "b")
    pyramid_shape(svg, 166, 150, 34, 56, "green", 2.5, "g")
    pyramid_shape(svg, 218, 152, 22, 32, "yellow", 2.5, "y")
    # die
    svg.open("rotate(-12 250 52)")
    svg.rect(224, 26, 52, 52, rx=10, fill=svg.lin([(0, "#ffd86a"), (1, "#d99a10")]), stroke=INK,
             stroke_width=3)
    mark(svg, "y", 250, 52, 30, lw=2)
    svg.close()
    svg.rect(30, 30, 110, 44, rx=10, fill="#000000", opacity=0.2)
    for i, c in enumerate("rygbk"):
        pyramid_shape(svg, 44 + i * 22, 68, 16, 30, {"r": "red", "y": "yellow", "g": "green",
                                                     "b": "blue", "k": "black"}[c], 1.8)
    _thumb_gloss(svg)
    return svg


def thumb_cut_the_rope() -> Svg:
    svg = Svg(320, 200)
    _thumb_frame(svg, svg.lin([(0, "#e8f6ff"), (1, "#a9d8f5")]))
    speckle(svg, 310, 190, 50, seed=22, colours=["#ffffff", "#7fb8dd"], rmin=0.6, rmax=1.6,
            op=(0.3, 0.6))
    from art_cut_the_rope import _scissors, draw_monster

    for x, y, op in ((70, 40, 0.5), (250, 60, 0.4)):
        svg.ellipse(x, y, 50, 18, fill="#ffffff", opacity=op)
    # two ropes from pins meet at the candy; one is being snipped
    for px, d in ((92, "M 92 18 Q 108 52 150 76"), (228, "M 228 18 Q 206 50 170 76")):
        svg.circle(px, 18, 6, fill="#aab6c2", stroke=INK, stroke_width=2.5)
        _stroke2(svg, d, 4, "#c8925a", ink_extra=4)
        svg.path(d, fill="none", stroke="#8a5a2a", stroke_width=4, stroke_dasharray="3 5")
    candy_shape(svg, 160, 82, 15, 2.5)
    svg.open("translate(214,30) scale(0.42) translate(-200,-200)")
    _scissors(svg, 200, 200, 80, angle=36, rot=-60)
    svg.close()
    # the creature waiting below with its mouth open
    svg.open("translate(112,100) scale(0.48)")
    draw_monster(svg, stars=False)
    svg.close()
    # number cards, fanned
    for i in range(3):
        svg.open(f"rotate({-12 + i * 12} {262} {190})")
        svg.rect(242, 104, 40, 56, rx=6, fill="#ffffff", stroke=INK, stroke_width=2.5)
        svg.rect(245, 107, 34, 50, rx=4, fill="none", stroke="#f06ba8", stroke_width=2.5,
                 stroke_dasharray="5 3")
        svg.circle(262, 132, 11, fill="#dff1fb", stroke="#7fb8dd", stroke_width=1.5)
        svg.close()
    svg.open("rotate(-10 40 190)")
    svg.rect(22, 112, 40, 56, rx=6, fill="#2f8fc0", stroke=INK, stroke_width=2.5)
    svg.rect(25, 115, 34, 50, rx=4, fill="none", stroke="#f06ba8", stroke_width=2.5)
    svg.close()
    _thumb_gloss(svg)
    return svg


SPRITES = {
    "button.svg": lambda: _button(False),
    "button_hover.svg": lambda: _button(True),
    "panel.svg": panel,
    "logo_mark.svg": logo_mark,
    "icon_settings.svg": icon_settings,
    "icon_rules.svg": icon_rules,
    "icon_sound.svg": icon_sound,
    "icon_mute.svg": icon_mute,
    "icon_undo.svg": icon_undo,
    "icon_hint.svg": icon_hint,
    "icon_log.svg": icon_log,
    "icon_back.svg": icon_back,
    "icon_tracker.svg": icon_tracker,
    "icon_sort.svg": icon_sort,
    "robot.svg": robot,
    "person.svg": person,
    "thumb_cesta.svg": thumb_cesta,
    "thumb_royal_road.svg": thumb_royal_road,
    "thumb_cut_the_rope.svg": thumb_cut_the_rope,
}

__all__ = ["SPRITES", "pyramid_shape", "candy_shape", "vignette", "lighten"]
