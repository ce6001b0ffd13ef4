"""A spectator's position: the public view, held in a state the engine can load.

The server sends a spectator every seat's view merged (``protocol.public_view``), with
every hand and deck unknown. The engines load a view only for a seat (whose own hand is
known), so the client builds a *stand-in*: the public view with each unknown filled with
one of the cards out of sight (any of them: the fill is never shown). ``PublicGame``
answers ``to_dict`` of a stand-in with the public view it was made from, and the tables
draw from ``to_dict`` alone, so a spectator's table shows the public view exactly, as a
local public replay does (``scenes.replay._PublicGame``). No pygame here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules import StateError

UNKNOWN = ("??", "?A")


def _list_strings(value: Any, out: Counter[str]) -> None:
    """Count the strings that are list items (cards sit in lists: hands, decks, rows)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "rules":
                _list_strings(item, out)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                out[item] += 1
            else:
                _list_strings(item, out)


def _fill(value: Any, pools: dict[str, list[str]]) -> Any:
    if isinstance(value, dict):
        return {k: (v if k == "rules" else _fill(v, pools)) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(item, pools) for item in value]
    if isinstance(value, str) and value in UNKNOWN:
        pool = pools[value]
        if not pool:
            raise StateError("more unknown cards than cards out of sight")
        return pool.pop()
    return value


def stand_in(game: Any, public: dict[str, Any]) -> Any:
    """An engine state whose shown face is ``public`` (raises ``StateError``)."""
    try:
        return game.from_dict(public)  # some views load as they are (Královská cesta)
    except StateError:
        pass
    fresh = game.to_dict(game.new_game(int(public["players"]), 0))
    every: Counter[str] = Counter()
    _list_strings(fresh, every)
    seen: Counter[str] = Counter()
    _list_strings(public, seen)
    hidden = sorted((every - seen).elements())
    actions = set(getattr(game, "action_kinds", tuple)())
    pools = {"?A": [c for c in hidden if c in actions],
             "??": [c for c in hidden if c not in actions]}
    filled = _fill(public, pools)
    if "view_of" in filled:
        filled["view_of"] = None
    return game.from_dict(filled)


class PublicGame:
    """The engine, with ``to_dict`` of a stand-in giving the public view it stands for."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self._shown: dict[int, tuple[Any, dict[str, Any]]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def load(self, public: dict[str, Any]) -> Any:
        state = stand_in(self._game, public)
        self._shown[id(state)] = (state, public)  # the state is kept: its id stays its own
        return state

    def to_dict(self, state: Any) -> dict[str, Any]:
        known = self._shown.get(id(state))
        if known is not None and known[0] is state:
            return known[1]
        shown: dict[str, Any] = self._game.to_dict(state)
        return shown
