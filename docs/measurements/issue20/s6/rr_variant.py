"""Královská cesta: ``ai.arena`` with one level's reply search changed from the command line,
for screens: ``--set k=v`` changes a ``LEVEL_SETTINGS`` entry, ``--attr k=v`` an attribute of
that level's agents only (``margin``, ``top_k``: which of the greedy's moves are compared).

    python docs/measurements/issue20/s6/rr_variant.py --level expert --set samples=12 \
        --attr margin=1.0 --attr top_k=5 -- \
        --game royal_road --agents ismcts:expert ismcts:hard ismcts:hard --games 60 --seed 1
"""

from __future__ import annotations

import sys
from typing import Any

from ai import arena
from ai.search import royal_road


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main(argv: list[str]) -> int:
    split = argv.index("--") if "--" in argv else len(argv)
    own, rest = argv[:split], argv[split + 1:]
    level = own[own.index("--level") + 1] if "--level" in own else "hard"
    settings = royal_road.LEVEL_SETTINGS[level]
    attrs: dict[str, Any] = {}
    for i, word in enumerate(own):
        if word in ("--set", "--attr"):
            key, value = own[i + 1].split("=", 1)
            (settings if word == "--set" else attrs)[key] = _value(value)
    original = royal_road.make_search_agent

    def make(game: Any, lvl: str, seed: int, config: Any, belief: Any) -> Any:
        agent = original(game, lvl, seed, config, belief)
        if lvl == level:
            for key, value in attrs.items():
                setattr(agent, key, value)
        return agent

    royal_road.make_search_agent = make  # type: ignore[assignment]
    print(f"{level} settings: {settings}, attributes: {attrs}", file=sys.stderr)
    return arena.main(rest)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
