"""Královská cesta sprites: pyramids, royal cards, the special track cards, dice and wood.

Pyramids share one 100×100 box, base on the bottom edge, drawn at their true relative
heights (L full height, M 78 %, S 58 %) so the client can stand all three on one card by
blitting at the same box size. Each colour carries its mark on the front face (r circle,
y star, g leaf, b drop, k diamond — the same marks as on the die) and the Looney pips
(1, 2, 3 dots for S, M, L) near the base.
"""

from __future__ import annotations

import math
import random

from frames import CH, CW, back_shell, card_shell, fibres, shadow_stack, vignette
from svgkit import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PALETTE,
    Svg,
    clip_segment,
    darken,
    lighten,
    star_points,
)
from symbols import PYRAMID_COLOUR, mark, pinwheel

SIZES = {"S": 0.58, "M": 0.78, "L": 1.0}
CRIMSON = "#b3262e"
CRIMSON_DARK = "#6e1020"


def pyramid(c: str, s: str) -> Svg:
    svg = Svg(100, 100)
    base, dark, light = PALETTE[PYRAMID_COLOUR[c]]
    k = SIZES[s]
    w, h = 72 * k, 94 * k
    cx, by = 50, 97
    lw = 3.2
    apex = (cx - w * 0.02, by - h)
    left, front, right = (cx - w / 2, by), (cx + w * 0.2, by), (cx + w / 2, by - h * 0.06)
    svg.ellipse(cx + w * 0.05, by - 0.5, w * 0.56, 2.8, fill="#000000", opacity=0.3)
    svg.poly([apex, left, front, right], fill=dark, stroke=INK, stroke_width=lw + 1.5,
             stroke_linejoin="round")
    svg.poly([apex, left, front],
             fill=svg.lin([(0, lighten(base, 0.45)), (0.45, base), (1, darken(base, 0.12))],
                          x1=0, y1=0, x2=80, y2=100))
    svg.poly([apex, front, right], fill=svg.lin([(0, darken(base, 0.15)), (1, dark)],
                                                x1=0, y1=0, x2=100, y2=60))
    svg.line(apex[0], apex[1], front[0], front[1], stroke=INK, stroke_width=lw * 0.55,
             stroke_linecap="round")
    svg.poly([apex, left, front, right], fill="none", stroke=INK, stroke_width=lw,
             stroke_linejoin="round")
    # edge highlight on the lit face
    svg.path(f"M {apex[0] - 1:.2f} {apex[1] + h * 0.1:.2f} L {left[0] + w * 0.12:.2f} "
             f"{by - h * 0.1:.2f}", stroke="#ffffff", stroke_width=max(1.5, 3 * k),
             opacity=0.6 if c != "y" else 0.8, stroke_linecap="round", fill="none")
    # Looney pips along the base of the front face
    n = {"S": 1, "M": 2, "L": 3}[s]
    fx0, fx1 = left[0] + w * 0.22, front[0] - w * 0.12
    py = by - 5 * k - 1.5
    for i in range(n):
        px = (fx0 + fx1) / 2 if n == 1 else fx0 + (fx1 - fx0) * i / (n - 1)
        svg.circle(px, py, 2.4 * k + 0.6, fill=darken(base, 0.45) if c != "k" else "#9a98a8")
    fcx = (apex[0] + left[0] + front[0]) / 3 + w * 0.02
    mark(svg, c, fcx, by - h * 0.33, w * 0.44, lw=max(1.6, 2.4 * k))
    return svg


def die(c: str) -> Svg:
    svg = Svg(100, 100)
    if c == "w":
        base, dark, light = PALETTE["white"]
    else:
        base, dark, light = PALETTE[PYRAMID_COLOUR[c]]
    svg.rect(5, 8, 90, 90, rx=20, fill=darken(dark, 0.2), stroke=INK, stroke_width=4)
    svg.rect(5, 4, 90, 88, rx=20, fill=svg.lin([(0, light), (0.5, base), (1, dark)], x1=0, y1=0,
                                               x2=60, y2=100), stroke=INK, stroke_width=4)
    svg.rect(14, 12, 72, 70, rx=14, fill=svg.rad([(0, lighten(base, 0.3)), (1, base)], cx=40,
                                                  cy=35, r=70), opacity=0.9)
    svg.rect(16, 9, 56, 8, rx=4, fill="#ffffff", opacity=0.55)
    if c == "w":
        pinwheel(svg, 50, 48, 60, lw=3)
    else:
        mark(svg, c, 50, 48, 52, lw=3.5)
    return svg


def _royal_shell(svg: Svg) -> None:
    card_shell(svg, CRIMSON, CRIMSON_DARK, paper="#fbf0d5", paper2="#e9d2a0")
    for x, y in ((36, 36), (214, 314)):
        svg.poly([(x, y - 9), (x + 7, y), (x, y + 9), (x - 7, y)],
                 fill=svg.lin([(0, GOLD_LIGHT), (1, GOLD_DARK)]), stroke=INK, stroke_width=1.6)


def royal_card() -> Svg:
    """Face-up royal card: an arched portrait of a crowned ruler; trio plaque top-right."""
    svg = Svg(CW, CH)
    _royal_shell(svg)
    # plaque where the client draws the trio of pyramids
    svg.rect(112, 28, 112, 76, rx=10, fill="#fffaf0", stroke=GOLD_DARK, stroke_width=2.5)
    svg.rect(117, 33, 102, 66, rx=7, fill="none", stroke=GOLD_DARK, stroke_width=1, opacity=0.6)
    # arch window
    arch = "M 42 318 L 42 196 A 83 83 0 0 1 208 196 L 208 318 Z"
    svg.path(arch, fill=svg.rad([(0, "#6fa8e8"), (0.6, "#2f5aa8"), (1, "#172e63")], cx=50,
                                cy=60, r=65), stroke=INK, stroke_width=4)
    svg.path("M 50 318 L 50 196 A 75 75 0 0 1 200 196 L 200 318", fill="none", stroke=GOLD,
             stroke_width=2.5)
    rng = random.Random(5)
    for _ in range(14):
        x, y = rng.uniform(60, 190), rng.uniform(130, 200)
        svg.poly(star_points(x, y, 2.6, 1, n=4), fill="#ffffff", opacity=0.7)
    # the ruler: shoulders with ermine collar, head, crown — a dark silhouette
    sil = svg.lin([(0, "#3b2e4a"), (1, "#1a1322")])
    shadow_stack(svg, [
        ("path", {"d": "M 52 318 C 52 268 82 252 125 252 C 168 252 198 268 198 318 Z",
                  "fill": sil}),
        ("rect", {"x": 111, "y": 222, "width": 28, "height": 36, "rx": 8, "fill": sil}),
        ("ellipse", {"cx": 125, "cy": 206, "rx": 27, "ry": 31, "fill": sil}),
    ], 5)
    svg.path("M 70 276 C 90 262 110 262 125 272 C 140 262 160 262 180 276 L 172 290 "
             "C 156 280 140 282 125 292 C 110 282 94 280 78 290 Z", fill="#fbf7ef", stroke=INK,
             stroke_width=2.5, stroke_linejoin="round")
    for x, y in ((92, 276), (110, 280), (140, 280), (158, 276), (125, 284)):
        svg.path(f"M {x} {y - 3} L {x + 2} {y + 2} L {x - 2} {y + 2} Z", fill=INK)
    crown = [(97, 186), (92, 146), (108, 164), (125, 138), (142, 164), (158, 146), (153, 186)]
    svg.poly(crown, fill=svg.lin([(0, GOLD_LIGHT), (0.5, GOLD), (1, GOLD_DARK)]), stroke=INK,
             stroke_width=3, stroke_linejoin="round")
    svg.rect(95, 180, 60, 11, rx=3, fill=GOLD_DARK, stroke=INK, stroke_width=2.5)
    for x, col in ((108, PALETTE["red"][0]), (125, PALETTE["blue"][0]),
                   (142, PALETTE["green"][0])):
        svg.circle(x, 185.5, 3.2, fill=col, stroke=INK, stroke_width=1)
    for x, y in ((92, 146), (125, 138), (158, 146)):
        svg.circle(x, y, 4, fill="#ffffff", stroke=INK, stroke_width=1.5)
    svg.path("M 104 176 L 102 154", stroke="#ffffff", stroke_width=2.5, opacity=0.6,
             stroke_linecap="round")
    # a sceptre at the side
    svg.line(184, 318, 176, 212, stroke=INK, stroke_width=7, stroke_linecap="round")
    svg.line(184, 318, 176, 212, stroke=GOLD, stroke_width=3.5, stroke_linecap="round")
    svg.circle(176, 208, 7, fill=svg.rad([(0, "#ffb0b0"), (1, "#b3262e")], cx=35, cy=30, r=70),
               stroke=INK, stroke_width=2.5)
    return svg


def _lattice(svg: Svg, colour: str, box: tuple[float, float, float, float]) -> None:
    for kk in range(-14, 15):
        off = kk * 22
        for a, b in (((0, off), (350, off + 350)), ((250, off), (-100, off + 350))):
            seg = clip_segment(a, b, box)
            if seg:
                (x0, y0), (x1, y1) = seg
                svg.line(x0, y0, x1, y1, stroke=colour, stroke_width=1.4, opacity=0.4)


def _crown(svg: Svg, cx: float, cy: float, s: float, lw: float = 3) -> None:
    pts = [(-0.5, 0.36), (-0.58, -0.3), (-0.26, 0.0), (0, -0.44), (0.26, 0.0), (0.58, -0.3),
           (0.5, 0.36)]
    svg.poly([(cx + x * s, cy + y * s) for x, y in pts],
             fill=svg.lin([(0, GOLD_LIGHT), (0.5, GOLD), (1, GOLD_DARK)]), stroke=INK,
             stroke_width=lw, stroke_linejoin="round")
    svg.rect(cx - 0.52 * s, cy + 0.3 * s, 1.04 * s, 0.16 * s, rx=0.04 * s, fill=GOLD_DARK,
             stroke=INK, stroke_width=lw * 0.8)
    for x, y in ((-0.58, -0.3), (0, -0.44), (0.58, -0.3)):
        svg.circle(cx + x * s, cy + y * s, 0.07 * s, fill="#ffffff", stroke=INK,
                   stroke_width=lw * 0.5)
    svg.circle(cx, cy + 0.12 * s, 0.08 * s, fill=PALETTE["red"][0], stroke=INK,
               stroke_width=lw * 0.5)


def card_back() -> Svg:
    svg = Svg(CW, CH)
    back_shell(svg, "#c8323c", "#5c0d1a", GOLD, seed=31)
    svg.circle(125, 175, 60, fill=svg.rad([(0, "#fff6dc"), (1, "#e8cf98")], cx=40, cy=35, r=70),
               stroke=INK, stroke_width=4)
    svg.circle(125, 175, 52, fill="none", stroke=GOLD_DARK, stroke_width=2.5)
    _crown(svg, 125, 172, 70)
    return svg


def _special(tint: str, tint_dark: str) -> Svg:
    svg = Svg(CW, CH)
    svg.rect(4, 4, 242, 342, rx=20, fill=svg.rad([(0, tint), (1, tint_dark)], cx=50, cy=45,
                                                r=70), stroke=INK, stroke_width=5)
    _lattice(svg, GOLD_LIGHT, (24, 24, 226, 326))
    svg.rect(16, 16, 218, 318, rx=13, fill="none", stroke=GOLD, stroke_width=4)
    svg.rect(24, 24, 202, 302, rx=8, fill="none", stroke=GOLD, stroke_width=1.5, opacity=0.8)
    svg.circle(125, 175, 82, fill=svg.rad([(0, "#fffaf0"), (1, "#e9dcc0")], cx=40, cy=35, r=70),
               stroke=INK, stroke_width=4)
    svg.circle(125, 175, 74, fill="none", stroke=GOLD_DARK, stroke_width=2.5)
    svg.path("M 26 12 L 224 12 Q 236 12 238 22 L 238 28 Q 125 20 12 28 L 12 22 Q 14 12 26 12 Z",
             fill="#ffffff", opacity=0.18)
    return svg


def start() -> Svg:
    """START: a green banner flag with a forward chevron, the road's first post."""
    svg = _special("#3c9a5a", "#14462a")
    svg.ellipse(112, 236, 40, 7, fill="#000000", opacity=0.2)
    svg.rect(84, 116, 9, 124, rx=4, fill=svg.lin([(0, "#e6c08a"), (1, "#8a5a2a")], x1=0, y1=0,
                                                 x2=100, y2=0), stroke=INK, stroke_width=3)
    svg.circle(88.5, 112, 8, fill=GOLD, stroke=INK, stroke_width=3)
    flag = "M 93 124 C 118 112 140 136 170 122 L 170 184 C 140 198 118 174 93 186 Z"
    svg.path(flag, fill=svg.lin([(0, "#7fe08f"), (1, "#1f8a3c")]), stroke=INK, stroke_width=3.5,
             stroke_linejoin="round")
    svg.poly([(118, 138), (144, 155), (118, 172)], fill="#ffffff", stroke=INK, stroke_width=2.5,
             stroke_linejoin="round")
    svg.path("M 98 130 C 116 122 130 132 146 130", fill="none", stroke="#ffffff",
             stroke_width=3, opacity=0.5, stroke_linecap="round")
    for i in range(5):
        svg.rect(66 + i * 24, 228, 20, 12, rx=2,
                 fill=PALETTE[PYRAMID_COLOUR["rygbk"[i]]][0], stroke=INK, stroke_width=2)
    return svg


def jail() -> Svg:
    """JAIL: a barred window in a stone wall."""
    svg = _special("#7c7f8a", "#2e3038")
    rng = random.Random(41)
    for row in range(6):
        y = 108 + row * 22
        off = 0 if row % 2 else 18
        for col in range(-1, 7):
            x = 40 + off + col * 36
            far = max(abs(y - 175), abs(y + 20 - 175))
            half = math.sqrt(max(0.0, 72 ** 2 - far ** 2))
            x0, x1 = max(x, 125 - half), min(x + 34, 125 + half)
            if x1 - x0 < 6:
                continue
            g = rng.randint(0, 2)
            svg.rect(x0, y, x1 - x0, 20, rx=4, fill=("#b9b4aa", "#a8a398", "#c6c1b7")[g],
                     stroke="#5e5b57", stroke_width=1.5)
    svg.rect(78, 118, 94, 110, rx=12, fill=svg.lin([(0, "#1b1b26"), (1, "#3a3344")]),
             stroke=INK, stroke_width=4)
    for x in (94, 112, 130, 148):
        svg.rect(x - 4, 116, 10, 114, rx=4, fill=svg.lin([(0, "#c9ced8"), (1, "#5a6270")], x1=0,
                                                         y1=0, x2=100, y2=0), stroke=INK,
                 stroke_width=2.5)
    svg.rect(76, 160, 98, 10, rx=4, fill=svg.lin([(0, "#c9ced8"), (1, "#5a6270")]), stroke=INK,
             stroke_width=2.5)
    for x in (94, 112, 130, 148):
        svg.circle(x + 1, 165, 2, fill="#2a2a33")
    return svg


def trapdoor() -> Svg:
    """TRAPDOOR (propadliště dějin): an open hatch over a swirling dark pit."""
    svg = _special("#8a5a32", "#3a2210")
    svg.open("translate(125,175) scale(0.8) translate(-125,-180)")
    svg.path("M 62 168 L 188 168 L 204 238 L 46 238 Z", fill=svg.rad([(0, "#000000"),
                                                                       (1, "#3b2a4a")], cx=50,
                                                                      cy=60, r=60),
             stroke=INK, stroke_width=4, stroke_linejoin="round")
    d = []
    for i in range(60):
        t = i / 59
        a = t * 4.2 * math.pi
        r = 4 + t * 52
        d.append((125 + r * math.cos(a), 204 + r * 0.42 * math.sin(a)))
    svg.path("M " + " L ".join(f"{x:.1f} {y:.1f}" for x, y in d), fill="none", stroke="#8a6bc2",
             stroke_width=3, opacity=0.7, stroke_linecap="round")
    # the lid, hinged at the back edge and swung up
    lid = "M 62 168 L 188 168 L 178 98 L 72 98 Z"
    svg.path(lid, fill=svg.lin([(0, "#d9a066"), (1, "#8a5224")]), stroke=INK, stroke_width=4,
             stroke_linejoin="round")
    for x in (98, 125, 152):
        svg.line(x - 2 * (x - 125) / 27, 100, x, 166, stroke="#6b3c16", stroke_width=2)
    for y in (116, 150):
        svg.rect(70 + (168 - y) * 0.1, y - 5, 110 - (168 - y) * 0.2, 10, rx=3, fill="#5a5f6a",
                 stroke=INK, stroke_width=2)
    svg.circle(125, 110, 6, fill="none", stroke=INK, stroke_width=4)
    svg.circle(125, 110, 6, fill="none", stroke=GOLD, stroke_width=2)
    svg.close()
    return svg


def goal() -> Svg:
    """GOAL: the crown on a cushion under a chequered pennant."""
    svg = _special("#7a45b8", "#2e1652")
    svg.line(125, 102, 125, 134, stroke=INK, stroke_width=5, stroke_linecap="round")
    for i in range(4):
        for j in range(2):
            col = "#ffffff" if (i + j) % 2 == 0 else INK
            svg.rect(127 + i * 10, 100 + j * 10, 10, 10, fill=col)
    svg.rect(127, 100, 40, 20, fill="none", stroke=INK, stroke_width=2.5)
    svg.path("M 70 222 C 70 200 96 196 125 196 C 154 196 180 200 180 222 C 180 238 154 242 125 "
             "242 C 96 242 70 238 70 222 Z", fill=svg.lin([(0, "#e35a6a"), (1, "#8e1630")]),
             stroke=INK, stroke_width=3.5)
    for x in (70, 180):
        svg.circle(x, 232, 6, fill=GOLD, stroke=INK, stroke_width=2)
    _crown(svg, 125, 170, 84, lw=3.5)
    for x, y, s in ((70, 130, 9), (182, 150, 7), (78, 190, 6)):
        svg.poly(star_points(x, y, s, s * 0.4, n=4), fill=GOLD_LIGHT, stroke=INK,
                 stroke_width=1.2)
    return svg


def wood() -> Svg:
    """Dark walnut planks with grain, knots and a soft vignette."""
    w, h = 1600, 900
    svg = Svg(w, h)
    rng = random.Random(77)
    plank_h = 150
    tones = ["#4e2e1b", "#432716", "#54321d", "#472a16", "#3f2413", "#50301b"]
    for i in range(6):
        y = i * plank_h
        t = tones[i]
        svg.rect(0, y, w, plank_h, fill=svg.lin([(0, lighten(t, 0.08)), (0.5, t),
                                                 (1, darken(t, 0.18))]))
        for _ in range(14):
            gy = y + rng.uniform(12, plank_h - 12)
            amp = rng.uniform(3, 10)
            ph = rng.uniform(0, 6.28)
            pts = []
            for k in range(17):
                x = k * 100
                pts.append((x, gy + amp * math.sin(ph + k * 0.7)))
            d = "M " + " L ".join(f"{x:.0f} {yy:.1f}" for x, yy in pts)
            svg.path(d, fill="none", stroke=rng.choice(["#2a160a", "#7a4e30"]),
                     stroke_width=round(rng.uniform(1, 2.5), 1), opacity=round(rng.uniform(0.25,
                                                                                  0.5), 2))
        for _ in range(rng.randint(0, 2)):
            kx, ky = rng.uniform(100, w - 100), y + rng.uniform(40, plank_h - 40)
            for r, op in ((30, 0.25), (20, 0.3), (11, 0.4)):
                svg.ellipse(round(kx), round(ky), r, r * 0.38, fill="none", stroke="#2a160a",
                            stroke_width=2, opacity=op)
            svg.ellipse(round(kx), round(ky), 6, 2.6, fill="#2a160a", opacity=0.55)
        svg.rect(0, y, w, 3, fill="#1a0d05", opacity=0.8)
        svg.rect(0, y + 3, w, 2, fill="#8a5a38", opacity=0.35)
        # plank butt joints
        jx = rng.uniform(200, w - 200)
        svg.rect(round(jx), y, 3, plank_h, fill="#1a0d05", opacity=0.7)
    fibres(svg, w, h, 120, seed=78, colours=["#2a160a", "#8a5a38"], length=60, op=(0.08, 0.2),
           width=1.5)
    vignette(svg, w, h, 0.6)
    return svg


SPRITES: dict = {}
for _c in "rygbk":
    for _s in "SML":
        SPRITES[f"pyramid_{_c}_{_s}.svg"] = (lambda c=_c, s=_s: pyramid(c, s))
for _c in "rygbkw":
    SPRITES[f"die_{_c}.svg"] = (lambda c=_c: die(c))
SPRITES.update({
    "royal_card.svg": royal_card,
    "card_back.svg": card_back,
    "start.svg": start,
    "jail.svg": jail,
    "trapdoor.svg": trapdoor,
    "goal.svg": goal,
    "wood.svg": wood,
})
