"""Packaging glue that pyproject.toml alone cannot express.

The top-level asset folders (``sprites/``, ``sounds/``, ``config/``, ``fonts/``) must ship
inside the wheel so that a plain ``pip install .`` gives a working game. They are mapped into
an import package ``herna_assets`` (``herna_assets.sprites`` -> ``sprites/`` ...), found at
run time by ``game.paths``. Code packages are discovered, so new sub-packages need no edit.

Only what the game loads at run time ships: the SVG sprites, the sounds, the TOML defaults
and the fonts with their licence. The scripts that *make* the sprites and sounds
(``make_sprites.py``, ``art_*.py``, ``svgkit.py``, ``make_sounds.py`` …) and their notes stay
in the source tree: they are tools for developers, not part of the game.
"""

from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ASSET_DIRS = {"sprites": "sprites", "sounds": "sounds", "config": "config", "fonts": "fonts"}

# What the game reads at run time; generator scripts (*.py) and their notes (*.md) stay out.
ASSET_PATTERNS = ["*.svg", "*.wav", "*.ogg", "*.toml", "*.ttf", "*.txt"]

code_packages = find_packages(include=["game", "game.*", "ai", "ai.*"])
# Every asset folder and sub-folder becomes a data package herna_assets.<folder>[.<sub>...].
asset_dirs: dict[str, str] = {}
for name, folder in ASSET_DIRS.items():
    root = Path(__file__).resolve().parent / folder
    for sub in [root, *sorted(p for p in root.rglob("*") if p.is_dir())]:
        if "__pycache__" in sub.parts:
            continue
        relative = sub.relative_to(root).parts
        asset_dirs[".".join(("herna_assets", name, *relative))] = "/".join((folder, *relative))


class build_py_without_generators(build_py):
    """Asset folders are data packages: their ``.py`` files (the sprite and sound
    generators) are not modules of the game, so none of them goes into the wheel."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules = super().find_package_modules(package, package_dir)
        if package.startswith("herna_assets."):
            return []
        return modules


setup(
    cmdclass={"build_py": build_py_without_generators},
    packages=[*code_packages, "herna_assets", *asset_dirs],
    package_dir={"herna_assets": "herna_assets", **asset_dirs},
    package_data={pkg: ASSET_PATTERNS for pkg in asset_dirs},
    # include-package-data would add the folders' notes (README.md) from the sdist too
    exclude_package_data={pkg: ["*.md", "*.py"] for pkg in asset_dirs},
)
