"""Shared symbols: the four mariáš suits and the five pyramid colour marks.

Each function draws one symbol centred on (cx, cy) with overall size ``size`` (about the
width of the symbol) into an :class:`Svg`. Symbols are drawn in a unit space (roughly
-0.5..0.5) inside a transformed group, so the same drawing serves a 24 px pip and a
200 px card medallion; ``lw`` is the outline width in output pixels.
"""

from __future__ import annotations

from svgkit import INK, PALETTE, Svg, darken, lighten, star_points

SUIT_COLOUR = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
PYRAMID_COLOUR = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "k": "black"}


def _begin(svg: Svg, cx: float, cy: float, size: float, rot: float = 0.0) -> float:
    svg.open(svg.at(cx, cy, size, rot))
    return 1.0 / size


def _ink(lw: float, unit: float) -> dict:
    return {"stroke": INK, "stroke_width": lw * unit, "stroke_linejoin": "round",
            "stroke_linecap": "round"}


HEART_D = ("M 0 0.47 C -0.12 0.35 -0.5 0.12 -0.5 -0.15 C -0.5 -0.37 -0.35 -0.47 -0.24 -0.47 "
           "C -0.1 -0.47 -0.02 -0.39 0 -0.29 C 0.02 -0.39 0.1 -0.47 0.24 -0.47 "
           "C 0.35 -0.47 0.5 -0.37 0.5 -0.15 C 0.5 0.12 0.12 0.35 0 0.47 Z")


def heart(svg: Svg, cx: float, cy: float, size: float, lw: float = 3.0,
          colour: str = "red", rot: float = 0.0) -> None:
    base, dark, light = PALETTE[colour]
    u = _begin(svg, cx, cy, size, rot)
    fill = svg.rad([(0, light), (0.45, base), (1, dark)], cx=35, cy=30, r=80)
    svg.path(HEART_D, fill=fill, **_ink(lw, u))
    svg.path("M -0.36 -0.2 C -0.38 -0.33 -0.28 -0.39 -0.2 -0.37 C -0.3 -0.32 -0.33 -0.26 "
             "-0.32 -0.16 Z", fill="#ffffff", opacity=0.75)
    svg.close()


def bell(svg: Svg, cx: float, cy: float, size: float, lw: float = 3.0,
         colour: str = "yellow", rot: float = 0.0) -> None:
    """The mariáš 'kule': a round sleigh bell with a band, a slit and a hanging loop."""
    base, dark, light = PALETTE[colour]
    u = _begin(svg, cx, cy, size, rot)
    ink = _ink(lw, u)
    svg.circle(0, -0.39, 0.08, fill="none", **{**ink, "stroke_width": lw * u * 1.9})
    svg.circle(0, -0.39, 0.08, fill="none", stroke=darken(base, 0.1), stroke_width=lw * u * 0.8)
    fill = svg.rad([(0, light), (0.5, base), (1, dark)], cx=35, cy=30, r=75)
    svg.circle(0, 0.06, 0.42, fill=fill, **ink)
    # equator band following the sphere
    svg.path("M -0.41 -0.02 Q 0 0.1 0.41 -0.02 L 0.41 0.08 Q 0 0.2 -0.41 0.08 Z",
             fill=darken(base, 0.18), **{**ink, "stroke_width": lw * u * 0.6})
    # slit with two holes
    svg.path("M -0.2 0.27 Q 0 0.33 0.2 0.27", fill="none", **{**ink, "stroke_width": lw * u * 1.1})
    svg.circle(-0.2, 0.27, 0.045, fill=INK)
    svg.circle(0.2, 0.27, 0.045, fill=INK)
    svg.ellipse(-0.17, -0.16, 0.11, 0.07, fill="#ffffff", opacity=0.7)
    svg.close()


LEAF_D = ("M 0 -0.5 C 0.12 -0.36 0.48 -0.2 0.46 0.06 C 0.44 0.28 0.2 0.34 0 0.24 "
          "C -0.2 0.34 -0.44 0.28 -0.46 0.06 C -0.48 -0.2 -0.12 -0.36 0 -0.5 Z")


def leaf(svg: Svg, cx: float, cy: float, size: float, lw: float = 3.0,
         colour: str = "green", rot: float = 0.0) -> None:
    """The mariáš 'zelené' leaf: a pointed heart-like leaf on a curled stem."""
    base, dark, light = PALETTE[colour]
    u = _begin(svg, cx, cy, size, rot)
    ink = _ink(lw, u)
    svg.path("M 0 0.2 Q 0.01 0.38 0.12 0.49", fill="none", **{**ink, "stroke_width": lw * u * 2.6})
    svg.path("M 0 0.2 Q 0.01 0.38 0.12 0.49", fill="none", stroke=dark, stroke_width=lw * u * 1.1,
             stroke_linecap="round")
    fill = svg.rad([(0, light), (0.5, base), (1, dark)], cx=35, cy=30, r=80)
    svg.path(LEAF_D, fill=fill, **ink)
    vein = {"stroke": dark, "stroke_width": lw * u * 0.8, "stroke_linecap": "round",
            "fill": "none"}
    svg.path("M 0 -0.4 L 0 0.22", **vein)
    for y, dx in ((-0.2, 0.18), (-0.04, 0.28), (0.1, 0.3)):
        svg.path(f"M 0 {y + 0.06} Q {dx * 0.5} {y} {dx} {y - 0.08}", **vein)
        svg.path(f"M 0 {y + 0.06} Q {-dx * 0.5} {y} {-dx} {y - 0.08}", **vein)
    svg.path("M -0.3 -0.05 C -0.3 -0.18 -0.2 -0.28 -0.1 -0.34", fill="none", stroke="#ffffff",
             stroke_width=lw * u * 1.0, stroke_linecap="round", opacity=0.6)
    svg.close()


def acorn(svg: Svg, cx: float, cy: float, size: float, lw: float = 3.0,
          colour: str = "blue", rot: float = 0.0) -> None:
    """The mariáš 'žaludy' acorn: a scaled cap on a pointed nut, with a stalk."""
    base, dark, light = PALETTE[colour]
    u = _begin(svg, cx, cy, size, rot)
    ink = _ink(lw, u)
    svg.path("M 0.02 -0.3 Q 0.04 -0.44 0.14 -0.5", fill="none",
             **{**ink, "stroke_width": lw * u * 2.6})
    svg.path("M 0.02 -0.3 Q 0.04 -0.44 0.14 -0.5", fill="none", stroke=darken(base, 0.45),
             stroke_width=lw * u * 1.1, stroke_linecap="round")
    nut = svg.rad([(0, light), (0.5, base), (1, dark)], cx=35, cy=25, r=85)
    svg.path("M -0.3 -0.08 C -0.33 0.22 -0.14 0.42 0 0.5 C 0.14 0.42 0.33 0.22 0.3 -0.08 Z",
             fill=nut, **ink)
    svg.ellipse(-0.13, 0.1, 0.06, 0.14, fill="#ffffff", opacity=0.6)
    capc = darken(base, 0.35)
    cap = svg.lin([(0, lighten(capc, 0.25)), (1, darken(capc, 0.3))])
    svg.path("M -0.38 -0.06 C -0.4 -0.3 -0.2 -0.36 0 -0.36 C 0.2 -0.36 0.4 -0.3 0.38 -0.06 "
             "Q 0 0.04 -0.38 -0.06 Z", fill=cap, **ink)
    # cross-hatched cup, each line clipped to the dome (nanosvg has no clipPath)
    hatch = {"stroke": lighten(capc, 0.4), "stroke_width": lw * u * 0.55,
             "stroke_linecap": "round", "opacity": 0.8}
    ecy, erx, ery = -0.1, 0.33, 0.2  # dome ellipse centred on x = 0
    for k in range(-6, 7):
        for sign in (1, -1):
            # line x = sign * (y - ecy) + k * 0.09, intersected with the ellipse
            c0 = k * 0.09
            a_ = 1 / erx ** 2 + 1 / ery ** 2
            b_ = 2 * sign * c0 / erx ** 2
            c_ = c0 ** 2 / erx ** 2 - 1
            disc = b_ * b_ - 4 * a_ * c_
            if disc <= 0:
                continue
            t0 = (-b_ - disc ** 0.5) / (2 * a_)
            t1 = (-b_ + disc ** 0.5) / (2 * a_)
            y0, y1 = max(ecy + t0, -0.31), min(ecy + t1, -0.06)
            if y1 - y0 < 0.03:
                continue
            x0 = sign * (y0 - ecy) + c0
            x1 = sign * (y1 - ecy) + c0
            svg.line(round(x0, 3), round(y0, 3), round(x1, 3), round(y1, 3), **hatch)
    svg.path("M -0.28 -0.22 C -0.2 -0.3 -0.08 -0.32 0.02 -0.32", fill="none", stroke="#ffffff",
             stroke_width=lw * u * 0.9, stroke_linecap="round", opacity=0.45)
    svg.close()


SUIT_DRAW = {"R": heart, "Y": bell, "G": leaf, "B": acorn}


def suit(svg: Svg, code: str, cx: float, cy: float, size: float, lw: float = 3.0,
         rot: float = 0.0) -> None:
    SUIT_DRAW[code](svg, cx, cy, size, lw, SUIT_COLOUR[code], rot)


# ---- pyramid colour marks: r circle, y star, g leaf, b drop, k diamond ---------------------
def mark(svg: Svg, code: str, cx: float, cy: float, size: float, lw: float = 2.0,
         fill: str = "#fffaf0") -> None:
    """The colour-blind mark of a pyramid colour, drawn light with an ink outline."""
    u = _begin(svg, cx, cy, size)
    ink = _ink(lw, u)
    if code == "r":
        svg.circle(0, 0, 0.4, fill=fill, **ink)
    elif code == "y":
        svg.poly(star_points(0, 0.03, 0.52, 0.22), fill=fill, **ink)
    elif code == "g":
        svg.path("M 0 -0.48 C 0.3 -0.3 0.38 0.1 0 0.48 C -0.38 0.1 -0.3 -0.3 0 -0.48 Z",
                 fill=fill, **ink)
        svg.path("M 0 -0.3 L 0 0.36", stroke=INK, stroke_width=lw * u * 0.6, fill="none",
                 stroke_linecap="round")
    elif code == "b":
        svg.path("M 0 -0.5 C 0.14 -0.24 0.36 -0.02 0.36 0.2 C 0.36 0.4 0.2 0.5 0 0.5 "
                 "C -0.2 0.5 -0.36 0.4 -0.36 0.2 C -0.36 -0.02 -0.14 -0.24 0 -0.5 Z",
                 fill=fill, **ink)
    elif code == "k":
        svg.poly([(0, -0.5), (0.36, 0), (0, 0.5), (-0.36, 0)], fill=fill, **ink)
    else:
        raise ValueError(code)
    svg.close()


def pinwheel(svg: Svg, cx: float, cy: float, size: float, lw: float = 2.0) -> None:
    """The white joker's mark: a wheel of the five colours, each wedge with its own hue."""
    import math

    u = _begin(svg, cx, cy, size)
    r = 0.46
    for i, code in enumerate("rygbk"):
        a0 = math.radians(-90 + i * 72)
        a1 = math.radians(-90 + (i + 1) * 72)
        x0, y0 = r * math.cos(a0), r * math.sin(a0)
        x1, y1 = r * math.cos(a1), r * math.sin(a1)
        col = PALETTE[PYRAMID_COLOUR[code]][0]
        svg.path(f"M 0 0 L {x0:.3f} {y0:.3f} A {r} {r} 0 0 1 {x1:.3f} {y1:.3f} Z", fill=col,
                 **_ink(lw * 0.6, u))
    svg.circle(0, 0, r, fill="none", **_ink(lw, u))
    svg.circle(0, 0, 0.14, fill="#ffffff", **_ink(lw * 0.8, u))
    svg.close()
