"""Run ai.arena with Královská cesta's expert settings overridden (lead's screen)."""
import json
import sys

from ai.search import royal_road

override = json.loads(sys.argv[1])
royal_road.LEVEL_SETTINGS["expert"].update(override)
royal_road.SAMPLES.update({k: int(v["samples"]) for k, v in royal_road.LEVEL_SETTINGS.items()})
from ai import arena  # noqa: E402

sys.argv = ["ai.arena"] + sys.argv[2:]
sys.exit(arena.main(sys.argv[1:]))
