"""``python -m ai``: points to the two command lines of the AI package."""

from __future__ import annotations

import sys

USAGE = """Herna AI command lines:
  python -m ai.arena --game G --agents A B [C ...] --games N --seed S [--jobs J] [--json F]
      agents play each other with seats rotated; win rates with 95 % intervals
      (an agent is kind[:level]: random, heuristic, ismcts; easy, normal, hard, expert)
  python -m ai.bench [--game G] [--json F]
      random playouts, ISMCTS iterations per second and seconds per move of each level
"""


def main() -> int:
    sys.stdout.write(USAGE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
