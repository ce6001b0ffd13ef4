"""Render the app icons from the logo (sprites/ui/logo_mark.svg).

    python tools/make_icons.py     # -> packaging/icons/herna-<size>.png and herna.ico

The PNGs are the freedesktop icon sizes (the .desktop file's icon, the window icon of the
standalone build); herna.ico holds the Windows sizes as embedded PNGs, which every Windows
since Vista reads. Rendering uses pygame-ce's own SVG loader, so no extra library is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOGO = ROOT / "sprites" / "ui" / "logo_mark.svg"
OUT = ROOT / "packaging" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(size: int) -> bytes:
    image = pygame.image.load_sized_svg(str(LOGO), (size, size))
    path = OUT / f"herna-{size}.png"
    pygame.image.save(image, str(path))
    return path.read_bytes()


def write_ico(images: dict[int, bytes], path: Path) -> None:
    """An .ico whose entries are PNG images (width/height 0 means 256)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        edge = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)


def main() -> int:

    OUT.mkdir(parents=True, exist_ok=True)
    images = {size: render(size) for size in SIZES}
    write_ico({size: images[size] for size in ICO_SIZES}, OUT / "herna.ico")
    print(f"{len(images)} icons and herna.ico in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
