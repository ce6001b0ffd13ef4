"""Regenerate every Herna sprite (SVG) from code.

Run ``python sprites/make_sprites.py`` to rewrite the SVGs beside this script, or
``python sprites/make_sprites.py OUT_DIR`` to write them into another folder (the tests use
that to check the committed files are exactly what the code draws). Stdlib only.
Why generated: one palette, one outline weight and one shading recipe across ~80 files,
all inside the SVG subset nanosvg (pygame-ce's renderer) supports.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent

GROUPS = ("ui", "cesta", "royal_road", "cut_the_rope")


def all_sprites() -> dict[str, Callable]:
    """Map 'group/name.svg' to the function drawing it."""
    import importlib

    if str(HERE) not in sys.path:  # the art modules import each other as siblings
        sys.path.insert(0, str(HERE))
    out: dict[str, Callable] = {}
    for group in GROUPS:
        mod = importlib.import_module(f"art_{group}")
        for name, fn in mod.SPRITES.items():
            out[f"{group}/{name}"] = fn
    return out


def main(out_dir: str | Path = HERE) -> list[Path]:
    out = Path(out_dir)
    written = []
    for rel, fn in all_sprites().items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fn().render(), encoding="utf-8", newline="\n")
        written.append(path)
    return written


if __name__ == "__main__":
    files = main(sys.argv[1] if len(sys.argv) > 1 else HERE)
    print(f"wrote {len(files)} sprites")
