"""The one adapter between the client and the AI's explanations (``agent.explain``).

The contract (architecture.md) gives agents ``explain(view, move, lang) -> str``: one
sentence from the agent's own evaluation. Until the ``ai`` package has it, an agent
without ``explain`` gives no reason (None) and the hint shows the move alone — never a
canned sentence that could be wrong. Once every agent explains, this stays the one place
that calls it (in the worker process, beside ``choose``).
"""

from __future__ import annotations

import sys
from typing import Any

from game.client.rules_types import Move, State


def explain_move(agent: Any, view: State, move: Move, lang: str) -> str | None:
    explain = getattr(agent, "explain", None)
    if not callable(explain):
        return None
    try:
        reason = explain(view, move, lang=lang)
    except Exception as error:  # noqa: BLE001 - a reason is optional; the move still stands
        print(f"herna: the AI could not explain its hint: {error}", file=sys.stderr)
        return None
    return str(reason).strip() or None if reason is not None else None
