"""The one adapter between the client and the AI's explanations (``agent.explain``).

The contract (architecture.md) gives agents ``explain(view, move, lang) -> str``: one
sentence from the agent's own evaluation (``ai/explain/``). This is the one place that
calls it (in the worker process, beside ``choose``); a language the agent does not speak
(``ValueError``) gives no reason and the hint shows the move alone — never a canned
sentence that could be wrong.
"""

from __future__ import annotations

import logging
from typing import Any

from game.client.match.types import Move, State

log = logging.getLogger("herna.match")


def explain_move(agent: Any, view: State, move: Move, lang: str) -> str | None:
    try:
        reason = agent.explain(view, move, lang=lang)
    except ValueError as error:  # an unknown language: the move stands without a reason
        log.warning("the AI could not explain its hint: %s", error)
        return None
    return str(reason).strip() or None if reason is not None else None
