"""Run ai.arena with Královská cesta's rollout-search settings overridden (screens).

    python docs/measurements/issue20/s5_rr/variant.py '{"expert": {"rollouts": 240}}' \\
        --game royal_road --agents ismcts:expert heuristic heuristic --games 36 ...

A level given in the JSON gets the rollout search with ROLLOUT_EXPERT's settings
updated by the given keys; ``{"hard": null}`` removes a level from the rollout search
(back to the reply search of LEVEL_SETTINGS).
"""
import json
import sys

from ai.search import royal_road_rollouts

override = json.loads(sys.argv[1])
base = dict(royal_road_rollouts.ROLLOUT_EXPERT)  # the screened shape (no level plays it)
for level, keys in override.items():
    if keys is None:
        royal_road_rollouts.ROLLOUT_SETTINGS.pop(level, None)
    else:
        royal_road_rollouts.ROLLOUT_SETTINGS[level] = {
            **royal_road_rollouts.ROLLOUT_SETTINGS.get(level, base), **keys}
print("rollout settings:", royal_road_rollouts.ROLLOUT_SETTINGS, file=sys.stderr)
from ai import arena  # noqa: E402

sys.exit(arena.main(sys.argv[2:]))
