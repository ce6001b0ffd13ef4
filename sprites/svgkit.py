"""A tiny SVG builder for the Herna sprites (stdlib only).

Why a builder instead of hand-typed files: every sprite shares the same ink outline, the
same shading recipe and the same colour table, and pygame-ce renders SVG through nanosvg,
which understands only a subset of SVG. Keeping that subset in one place (paths, rects,
circles, ellipses, polygons, linear/radial gradients with percentage or user-space
coordinates, opacity, transforms — no text, filters, CSS, clipping or <use>) means every
file the generator writes is guaranteed to render the same in the game.

Numbers are formatted with a fixed precision so regeneration is byte-identical.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

INK = "#2a1f2e"          # the one outline colour of the whole project
PAPER = "#fff8ea"        # warm off-white of card faces and panels
PAPER_DARK = "#efe0c2"
GOLD = "#f6c343"
GOLD_DARK = "#b9831b"
GOLD_LIGHT = "#ffe9a3"

# Card suits / pyramid colours: base, dark, light
PALETTE: dict[str, tuple[str, str, str]] = {
    "red": ("#e0323c", "#9e1b2b", "#ff8a8a"),
    "yellow": ("#f4b722", "#b87a0c", "#ffe58a"),
    "green": ("#3aa655", "#1d6b34", "#9be8a6"),
    "blue": ("#2f6fd6", "#1a3d8f", "#8fbaff"),
    "black": ("#3b3a44", "#17161c", "#8c8a99"),
    "purple": ("#8a4fc7", "#4f2a85", "#d1aaf5"),
    "white": ("#f7f4ee", "#b9b2a6", "#ffffff"),
}


def fmt(v: float) -> str:
    """Fixed, short number format so output never depends on float repr quirks."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def mix(a: str, b: str, t: float) -> str:
    """Blend two #rrggbb colours; t=0 gives a, t=1 gives b."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def lighten(c: str, t: float) -> str:
    return mix(c, "#ffffff", t)


def darken(c: str, t: float) -> str:
    return mix(c, "#000000", t)


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5,
                rot: float = -90.0) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def gear_path(cx: float, cy: float, r_out: float, r_in: float, teeth: int,
              tooth_frac: float = 0.5) -> str:
    """A gear outline: flat-topped teeth around a circle, as one closed path."""
    d = []
    step = 2 * math.pi / teeth
    for i in range(teeth):
        a0 = i * step
        half = step * tooth_frac / 2
        for a, r in ((a0 - half * 1.25, r_in), (a0 - half * 0.8, r_out),
                     (a0 + half * 0.8, r_out), (a0 + half * 1.25, r_in)):
            d.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return "M " + " L ".join(f"{fmt(x)} {fmt(y)}" for x, y in d) + " Z"


def clip_segment(p0: tuple[float, float], p1: tuple[float, float],
                 box: tuple[float, float, float, float]) -> tuple | None:
    """Clip a line segment to an axis-aligned box (Liang–Barsky); nanosvg has no clipPath."""
    x0, y0 = p0
    dx, dy = p1[0] - x0, p1[1] - y0
    bx0, by0, bx1, by1 = box
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


class Svg:
    """Accumulates defs and body elements; gradient ids are numbered per document."""

    def __init__(self, width: float, height: float) -> None:
        self.w = width
        self.h = height
        self.defs: list[str] = []
        self.body: list[str] = []
        self._n = 0
        self._grad_cache: dict[str, str] = {}

    # ---- gradients -------------------------------------------------------------------
    def _stops(self, stops: Sequence[tuple]) -> str:
        out = []
        for st in stops:
            off, col = st[0], st[1]
            op = f' stop-opacity="{fmt(st[2])}"' if len(st) > 2 else ""
            out.append(f'<stop offset="{fmt(off)}" stop-color="{col}"{op}/>')
        return "".join(out)

    def _grad(self, key: str, make: str) -> str:
        if key in self._grad_cache:
            return self._grad_cache[key]
        self._n += 1
        gid = f"g{self._n}"
        self.defs.append(make.replace("@ID@", gid))
        url = f"url(#{gid})"
        self._grad_cache[key] = url
        return url

    def lin(self, stops: Sequence[tuple], x1: float = 0, y1: float = 0, x2: float = 0,
            y2: float = 100, user: bool = False) -> str:
        """Linear gradient; coordinates in percent of the shape's box unless user=True."""
        if user:
            c = (f'x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                 'gradientUnits="userSpaceOnUse"')
        else:
            c = f'x1="{fmt(x1)}%" y1="{fmt(y1)}%" x2="{fmt(x2)}%" y2="{fmt(y2)}%"'
        make = f'<linearGradient id="@ID@" {c}>{self._stops(stops)}</linearGradient>'
        return self._grad(make, make)

    def rad(self, stops: Sequence[tuple], cx: float = 50, cy: float = 50, r: float = 50,
            fx: float | None = None, fy: float | None = None, user: bool = False,
            transform: str | None = None) -> str:
        """Radial gradient; percent of the shape's box unless user=True."""
        fx = cx if fx is None else fx
        fy = cy if fy is None else fy
        u = "" if user else "%"
        c = (f'cx="{fmt(cx)}{u}" cy="{fmt(cy)}{u}" r="{fmt(r)}{u}" '
             f'fx="{fmt(fx)}{u}" fy="{fmt(fy)}{u}"')
        if user:
            c += ' gradientUnits="userSpaceOnUse"'
        if transform:
            c += f' gradientTransform="{transform}"'
        make = f'<radialGradient id="@ID@" {c}>{self._stops(stops)}</radialGradient>'
        return self._grad(make, make)

    # ---- elements --------------------------------------------------------------------
    @staticmethod
    def _attrs(kw: dict) -> str:
        parts = []
        for k, v in kw.items():
            if v is None:
                continue
            name = k.rstrip("_").replace("_", "-")
            parts.append(f'{name}="{fmt(v) if isinstance(v, (int, float)) else v}"')
        return " ".join(parts)

    def el(self, tag: str, **kw: object) -> None:
        self.body.append(f"<{tag} {self._attrs(kw)}/>")

    def rect(self, x: float, y: float, w: float, h: float, rx: float = 0, **kw: object) -> None:
        self.el("rect", x=x, y=y, width=w, height=h, rx=rx or None, **kw)

    def circle(self, cx: float, cy: float, r: float, **kw: object) -> None:
        self.el("circle", cx=cx, cy=cy, r=r, **kw)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, **kw: object) -> None:
        self.el("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **kw)

    def path(self, d: str, **kw: object) -> None:
        self.el("path", d=d, **kw)

    def poly(self, points: Iterable[tuple[float, float]], **kw: object) -> None:
        self.el("polygon", points=pts(points), **kw)

    def line(self, x1: float, y1: float, x2: float, y2: float, **kw: object) -> None:
        self.el("line", x1=x1, y1=y1, x2=x2, y2=y2, **kw)

    def open(self, transform: str | None = None, **kw: object) -> None:
        kw["transform"] = transform
        a = self._attrs(kw)
        self.body.append(f"<g {a}>" if a else "<g>")

    def close(self) -> None:
        self.body.append("</g>")

    def at(self, x: float, y: float, s: float = 1.0, rot: float = 0.0) -> str:
        """Transform string placing a unit-space drawing at (x, y) with scale s."""
        t = f"translate({fmt(x)},{fmt(y)})"
        if rot:
            t += f" rotate({fmt(rot)})"
        if s != 1.0:
            t += f" scale({fmt(s)})"
        return t

    def render(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(self.w)}" '
                f'height="{fmt(self.h)}" viewBox="0 0 {fmt(self.w)} {fmt(self.h)}">\n')
        defs = "<defs>\n" + "\n".join(self.defs) + "\n</defs>\n" if self.defs else ""
        return head + defs + "\n".join(self.body) + "\n</svg>\n"


def outline(w: float) -> dict:
    """Keyword set for the project's ink outline of width w."""
    return {"stroke": INK, "stroke_width": w, "stroke_linejoin": "round",
            "stroke_linecap": "round"}
