"""A person's attempt to play a move, as every table makes it: only on their turn, and a
move the rules refuse (``IllegalMove``, nothing else) is told to the person, never a
crash. What "told" means — a sound, a toast with the reason — is the table's; the reason
comes in the active language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.client.i18n import t
from game.rules import IllegalMove


class PlaysMoves(Protocol):
    """The part of ``match.match.Match`` a table plays through."""

    @property
    def waiting_for_human(self) -> bool: ...

    def play(self, move: Any) -> Any: ...


def play_move(match: PlaysMoves, move: Any, refused: Callable[[str | None], None]) -> bool:
    """Play ``move`` for the person at the screen; True when it was played. Otherwise
    ``refused`` hears why: None when it is not a person's turn, else the rules' reason in
    the active language (the refusal's message id, never its English notation)."""
    if not match.waiting_for_human:
        refused(None)
        return False
    try:
        match.play(move)
    except IllegalMove as refusal:
        refused(t(refusal.message, **refusal.values))
        return False
    return True
