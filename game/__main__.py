"""``python -m game`` is the same as the ``herna`` command."""

from game.cli import main

raise SystemExit(main())
