"""Packaging glue that pyproject.toml alone cannot express.

The top-level asset folders (``sprites/``, ``sounds/``, ``config/``) must ship inside the
wheel so that a plain ``pip install .`` gives a working game. They are mapped into an
import package ``herna_assets`` (``herna_assets.sprites`` -> ``sprites/`` ...), found at
run time by ``game.paths``. Code packages are discovered, so new sub-packages need no edit.
"""

from setuptools import find_packages, setup

ASSET_DIRS = {"sprites": "sprites", "sounds": "sounds", "config": "config", "fonts": "fonts"}
ASSET_PATTERNS = ["*.svg", "*.wav", "*.ogg", "*.toml", "*.ttf", "*.txt", "*.json", "*.md",
                  "*.py", "**/*"]

code_packages = find_packages(include=["game", "game.*", "ai", "ai.*"])
asset_packages = [f"herna_assets.{name}" for name in ASSET_DIRS]

setup(
    packages=[*code_packages, "herna_assets", *asset_packages],
    package_dir={"herna_assets": "herna_assets",
                 **{f"herna_assets.{name}": folder for name, folder in ASSET_DIRS.items()}},
    package_data={pkg: ASSET_PATTERNS for pkg in asset_packages},
)
