"""The one place that knows where shipped assets live.

From a source checkout (or an editable install) the asset folders sit beside the ``game``
package; after a plain ``pip install .`` they live inside the ``herna_assets`` package of the
wheel. Every other module asks here instead of building paths itself.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_ASSET_FOLDERS = ("sprites", "sounds", "config", "fonts")


@cache
def asset_dir(name: str) -> Path:
    """Return the folder of shipped assets called ``name`` (sprites, sounds, config, fonts)."""
    if name not in _ASSET_FOLDERS:
        raise ValueError(f"unknown asset folder {name!r}")
    source_tree = Path(__file__).resolve().parent.parent / name
    if source_tree.is_dir():
        return source_tree
    import herna_assets  # installed wheel: assets were mapped into this package

    return Path(herna_assets.__file__).resolve().parent / name


def rules_defaults_file(game_name: str) -> Path:
    """The shipped TOML with a game's default house rules."""
    return asset_dir("config") / "rules" / f"{game_name}.toml"


def settings_defaults_file() -> Path:
    return asset_dir("config") / "settings.toml"
