"""Královská cesta: ``ai.arena`` with the hard level's reply-search settings changed from
the command line, for screens (``--set colour=false``, ``--set samples=24`` ...).

    python docs/measurements/issue20/s6/rr_variant.py --set colour=false -- \
        --game royal_road --agents ismcts:hard heuristic heuristic --games 60 --seed 1
"""

from __future__ import annotations

import sys

from ai import arena
from ai.search import royal_road


def main(argv: list[str]) -> int:
    split = argv.index("--") if "--" in argv else len(argv)
    own, rest = argv[:split], argv[split + 1:]
    settings = royal_road.LEVEL_SETTINGS["hard"]
    for i, word in enumerate(own):
        if word == "--set":
            key, value = own[i + 1].split("=", 1)
            settings[key] = {"true": True, "false": False}.get(value.lower(), value)
            if isinstance(settings[key], str) and settings[key].isdigit():
                settings[key] = int(settings[key])
    print(f"hard settings: {settings}", file=sys.stderr)
    return arena.main(rest)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
