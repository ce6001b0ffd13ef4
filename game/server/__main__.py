"""``python -m game.server`` is ``herna serve``."""

from __future__ import annotations

import sys

from game.server import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
