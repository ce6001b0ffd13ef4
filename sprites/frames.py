"""Card and table building blocks shared by the three games' sprites.

All cards are 250×350 (5:7). A face leaves the top-left and bottom-right corners clean
for the index the client prints with a font; backs are symmetric so they read the same
either way up.
"""

from __future__ import annotations

import random

from svgkit import INK, PAPER, PAPER_DARK, Svg, clip_segment, darken, lighten, mix

CW, CH = 250, 350


def card_shell(svg: Svg, band: str, band_dark: str, paper: str = PAPER,
               paper2: str = PAPER_DARK) -> None:
    """Rounded card with ink edge, warm paper and a coloured frame band."""
    svg.rect(4, 4, 242, 342, rx=20, fill=svg.lin([(0, lighten(paper, 0.3)), (1, paper2)]),
             stroke=INK, stroke_width=5)
    svg.rect(15, 15, 220, 320, rx=13, fill="none",
             stroke=svg.lin([(0, lighten(band, 0.25)), (0.5, band), (1, band_dark)],
                            x1=0, y1=0, x2=100, y2=100), stroke_width=9)
    svg.rect(21.5, 21.5, 207, 307, rx=8, fill="none", stroke=INK, stroke_width=1.6,
             opacity=0.55)
    svg.rect(10.5, 10.5, 229, 329, rx=16, fill="none", stroke=INK, stroke_width=1.2,
             opacity=0.35)
    # glossy sheen along the top edge
    svg.path("M 26 12 L 224 12 Q 236 12 238 22 L 238 28 Q 125 20 12 28 L 12 22 Q 14 12 26 12 Z",
             fill="#ffffff", opacity=0.35)


def corner_gems(svg: Svg, colour: str, dark: str) -> None:
    """Small diamonds at the two corners the index does not use (top-right, bottom-left)."""
    for x, y in ((214, 36), (36, 314)):
        svg.poly([(x, y - 9), (x + 7, y), (x, y + 9), (x - 7, y)],
                 fill=svg.lin([(0, lighten(colour, 0.4)), (1, dark)]), stroke=INK,
                 stroke_width=1.6, stroke_linejoin="round")


def medallion(svg: Svg, tint: str, edge: str, cx: float = 125, cy: float = 182,
              rx: float = 84, ry: float = 110) -> None:
    svg.ellipse(cx, cy, rx, ry,
                fill=svg.rad([(0, "#ffffff"), (0.65, lighten(tint, 0.55)), (1, tint)],
                             cx=45, cy=38, r=70),
                stroke=edge, stroke_width=3)
    svg.ellipse(cx, cy, rx - 7, ry - 7, fill="none", stroke=edge, stroke_width=1.2,
                opacity=0.55, stroke_dasharray=None)


def back_shell(svg: Svg, c1: str, c2: str, line: str, seed: int, lattice: str = "diamond",
               ) -> None:
    """A card back: dark rich field, a gold lattice and double border; symmetric."""
    svg.rect(4, 4, 242, 342, rx=20, fill=svg.rad([(0, c1), (1, c2)], cx=50, cy=45, r=70),
             stroke=INK, stroke_width=5)
    box = (24, 24, 226, 326)
    if lattice == "diamond":
        for k in range(-12, 13):
            off = k * 26
            for a, b in (((0, off), (350, off + 350)), ((250, off), (-100, off + 350))):
                seg = clip_segment(a, b, box)
                if seg:
                    (x0, y0), (x1, y1) = seg
                    svg.line(x0, y0, x1, y1, stroke=line, stroke_width=1.6, opacity=0.45)
        for ix in range(9):
            for iy in range(13):
                x = 24 + ix * 26 + (13 if iy % 2 else 0)
                y = 24 + iy * 26
                if 26 < x < 224 and 26 < y < 324:
                    svg.circle(x, y, 2.2, fill=line, opacity=0.55)
    else:  # sunburst rays from the centre
        rng = random.Random(seed)
        import math
        n = 36
        for i in range(n):
            a0 = 2 * math.pi * i / n
            a1 = a0 + math.pi / n
            far = 260
            p0 = (125 + far * math.cos(a0), 175 + far * math.sin(a0))
            p1 = (125 + far * math.cos(a1), 175 + far * math.sin(a1))
            tri = [(125, 175), p0, p1]
            # clip the wedge by clamping to the inner box (good enough for thin wedges)
            tri = [(min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])) for x, y in tri]
            svg.poly(tri, fill=line, opacity=round(0.12 + 0.08 * rng.random(), 2))
    svg.rect(16, 16, 218, 318, rx=13, fill="none", stroke=line, stroke_width=4)
    svg.rect(24, 24, 202, 302, rx=8, fill="none", stroke=line, stroke_width=1.5, opacity=0.8)
    svg.rect(10.5, 10.5, 229, 329, rx=16, fill="none", stroke=INK, stroke_width=1.2,
             opacity=0.5)
    svg.path("M 26 12 L 224 12 Q 236 12 238 22 L 238 28 Q 125 20 12 28 L 12 22 Q 14 12 26 12 Z",
             fill="#ffffff", opacity=0.18)


def shadow_stack(svg: Svg, parts: list[tuple[str, dict]], lw: float) -> None:
    """Draw compound shapes as one silhouette: all pieces stroked in ink first, then all
    pieces filled on top, so inner seams disappear and only the outer outline remains."""
    for tag, kw in parts:
        k = {key: v for key, v in kw.items() if key != "fill"}
        svg.el(tag, fill=INK, stroke=INK, stroke_width=lw, stroke_linejoin="round", **k)
    for tag, kw in parts:
        svg.el(tag, **kw)


def speckle(svg: Svg, w: float, h: float, n: int, seed: int, colours: list[str],
            rmin: float, rmax: float, op: tuple[float, float]) -> None:
    """Scatter soft dots for paper/felt texture (deterministic)."""
    rng = random.Random(seed)
    for _ in range(n):
        svg.circle(round(rng.uniform(0, w), 1), round(rng.uniform(0, h), 1),
                   round(rng.uniform(rmin, rmax), 2), fill=rng.choice(colours),
                   opacity=round(rng.uniform(*op), 2))


def fibres(svg: Svg, w: float, h: float, n: int, seed: int, colours: list[str],
           length: float, op: tuple[float, float], width: float = 1.0) -> None:
    import math
    rng = random.Random(seed)
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(length * 0.4, length)
        cx, cy = x + math.cos(a + 0.6) * ln * 0.4, y + math.sin(a + 0.6) * ln * 0.4
        x2, y2 = x + math.cos(a) * ln, y + math.sin(a) * ln
        svg.path(f"M {x:.1f} {y:.1f} Q {cx:.1f} {cy:.1f} {x2:.1f} {y2:.1f}", fill="none",
                 stroke=rng.choice(colours), stroke_width=width,
                 opacity=round(rng.uniform(*op), 2), stroke_linecap="round")


def vignette(svg: Svg, w: float, h: float, strength: float = 0.55) -> None:
    stops = [(0, "#000000", 0), (0.5, "#000000", 0), (1, "#000000", strength)]
    # a circle in user space stretched into the window's ellipse via gradientTransform
    k = h / w
    svg.rect(0, 0, w, h, fill=svg.rad(stops, cx=w / 2, cy=h / 2 / k, r=w * 0.72, user=True,
                                      transform=f"scale(1,{k:.4f})"))


__all__ = ["CW", "CH", "card_shell", "corner_gems", "medallion", "back_shell",
           "shadow_stack", "speckle", "fibres", "vignette", "darken", "mix"]
