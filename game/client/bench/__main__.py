"""``python -m game.client.bench``: the same as ``herna --bench`` (see ``figures``)."""

from game.client.bench.figures import main

raise SystemExit(main())
