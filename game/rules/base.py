"""The interface every game of the rules core implements (see docs in architecture.md).

Engines subclass ``GameRules``. States are each engine's own immutable value objects;
moves are small frozen dataclasses; events are plain dicts (JSON-safe, so the client can
log and animate them without knowing engine types).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from game.rules.common import IllegalMove, Result

State = Any
Move = Any
Event = dict[str, Any]


class GameRules(ABC):
    """One game under one validated house-rule set. Instances are stateless and shareable."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules: dict[str, Any] = dict(rules)

    def player_range(self) -> range:
        """Seat counts this rule set allows (house rules may narrow the game's own range)."""
        low = self.rules.get("players_min", self.min_players)
        high = self.rules.get("players_max", self.max_players)
        return range(low, high + 1)

    @abstractmethod
    def new_game(self, players: int, seed: int) -> State: ...

    @abstractmethod
    def current_player(self, state: State) -> int | None: ...

    @abstractmethod
    def legal_moves(self, state: State) -> list[Move]: ...

    @abstractmethod
    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]: ...

    @abstractmethod
    def is_over(self, state: State) -> bool: ...

    @abstractmethod
    def result(self, state: State) -> Result: ...

    @abstractmethod
    def view(self, state: State, seat: int) -> State: ...

    @abstractmethod
    def determinize(self, view: State, seat: int, rng: random.Random) -> State: ...

    @abstractmethod
    def to_dict(self, state: State) -> dict[str, Any]: ...

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def format_move(self, move: Move) -> str: ...

    def parse_move(self, state: State, text: str) -> Move:
        """Find the legal move whose notation is ``text`` (whitespace-insensitive)."""
        wanted = " ".join(str(text).split())
        for move in self.legal_moves(state):
            if self.format_move(move) == wanted:
                return move
        raise IllegalMove(f"'{wanted}' is not a legal move here")
