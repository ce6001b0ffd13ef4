"""Session 7 screens (Cesta): session 6's ``screen.py`` (same deals, seats, agent seeds and
CPU records as ``ai.arena`` / ``ai.openspiel_match``) with one more kind of participant, the
judged tree of ``ai/search/cesta.py`` at a fixed iteration count:

    python screen.py spiel tree_iterations=800 - 30 1400 out.json   # bot calibrated
    python screen.py spiel ro_rollouts=150_candidates=8_anchor=0.5 - 30 1401 out.json
    python screen.py arena ismcts:expert tree_iterations=800 20 1402 out.json
"""

from __future__ import annotations

import importlib.util
import pathlib
from dataclasses import replace
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("s6_screen", HERE.parent / "s6_cesta" / "screen.py")
assert _spec is not None and _spec.loader is not None
s6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s6)

from ai.levels import search_config  # noqa: E402
from ai.search.cesta import CestaSearch  # noqa: E402

_rollout_variant = s6.variant


def variant(name: str, game: Any, seed: int) -> Any:
    """``tree_iterations=N`` (the judged tree at N iterations), else a rollout variant."""
    if name.startswith("tree"):
        _, *args = name.split("_")
        fields = dict(a.split("=") for a in args)
        config = replace(search_config("cesta", "hard"),
                         iterations=int(fields.get("iterations", 2520)))
        agent = CestaSearch(game, seed, config)
        agent.exact_endgames = True
        return agent
    return _rollout_variant(name, game, seed)


def make_agent(kind: str, game: Any, level: str, seed: int) -> Any:
    if kind.startswith(("ro", "tree")):
        return s6.Timed(variant(kind, game, seed), kind)
    return s6.Timed(s6.real_make(kind, game, level, seed), kind + ":" + level)


def parse_spec(spec: str) -> tuple[str, str]:
    return (spec, "expert") if spec.startswith(("ro", "tree")) else s6.real_parse(spec)


s6.variant = variant
s6.make_agent = make_agent
s6.parse_spec = parse_spec

if __name__ == "__main__":
    s6.main()
