"""Packaging glue that pyproject.toml alone cannot express.

The top-level asset folders (``sprites/``, ``sounds/``, ``config/``) must ship inside the
wheel so that a plain ``pip install .`` gives a working game. They are mapped into an
import package ``herna_assets`` (``herna_assets.sprites`` -> ``sprites/`` ...), found at
run time by ``game.paths``. Code packages are discovered, so new sub-packages need no edit.
"""

from pathlib import Path

from setuptools import find_packages, setup

ASSET_DIRS = {"sprites": "sprites", "sounds": "sounds", "config": "config", "fonts": "fonts"}

ASSET_PATTERNS = ["*.svg", "*.wav", "*.ogg", "*.toml", "*.ttf", "*.txt", "*.json", "*.md",
                  "*.py"]

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

setup(
    packages=[*code_packages, "herna_assets", *asset_dirs],
    package_dir={"herna_assets": "herna_assets", **asset_dirs},
    package_data={pkg: ASSET_PATTERNS for pkg in asset_dirs},
)
