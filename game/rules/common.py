"""Shared value types of the rules core: errors, results and the in-state random generator.

The generator is a plain integer kept inside each state (splitmix64), so a state can be
copied, serialised and replayed without touching the ``random`` module's globals.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class RulesError(ValueError):
    """A house-rule set is invalid. Names the key, and the file and line when loaded from TOML."""

    def __init__(self, message: str, *, key: str | None = None, file: str | None = None,
                 line: int | None = None) -> None:
        self.key = key
        self.file = file
        self.line = line
        where = ""
        if file is not None:
            where = f"{file}:{line}: " if line is not None else f"{file}: "
        super().__init__(where + message)


class StateError(ValueError):
    """Serialised state data that cannot describe a real position (``from_dict``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def N_(message: str) -> str:
    """Mark ``message`` for the translation catalogues without translating it: the rules
    core speaks English only and the client translates what it shows."""
    return message


GENERIC_REFUSAL = N_("That move is not allowed here.")


class IllegalMove(ValueError):  # noqa: N818 - name fixed by the public contract
    """A move that the rules do not allow in this state, or notation that names no move.

    ``reason`` is the English text for the command line, the server and logs (it quotes
    the move's notation). ``message`` is the same sentence as an English message id for the
    catalogues, with ``{placeholders}`` filled from ``values`` (numbers only, never card
    notation), so a client can say it in its own language. Build one with
    :meth:`because`; a bare ``IllegalMove(reason)`` carries the generic message.
    """

    def __init__(self, reason: str, *, message: str = GENERIC_REFUSAL,
                 values: Mapping[str, int | float] | None = None) -> None:
        self.reason = reason
        self.message = message
        self.values: dict[str, int | float] = dict(values or {})
        for name, value in self.values.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"refusal value {name}={value!r} is not a number")
        super().__init__(reason)

    @classmethod
    def because(cls, message: str, move: str | None = None, /,
                **values: int | float) -> IllegalMove:
        """The refusal saying ``message`` (an ``N_``-marked English sentence) with
        ``values``; ``move`` is the refused move's notation, quoted before it in ``reason``."""
        sentence = message.format(**values)
        reason = sentence if move is None else f"'{move}': {sentence}"
        return cls(reason, message=message, values=values)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winners`` is empty for a draw."""

    winners: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


def seed_to_rng(seed: int) -> int:
    """Hash any integer seed into a 64-bit generator state.

    The seed is run through the splitmix64 finaliser (a bijection on 64-bit values), so
    nearby seeds start at unrelated points of the generator's sequence. Starting at
    ``seed × golden`` instead would make seed ``s + 1`` the stream of seed ``s`` shifted by
    one step: the arena's consecutive deal seeds would all share shifted shuffles and dice.
    Bits beyond 64 and the sign are folded in, so every integer seed has its own game.
    """
    state = rng_next(seed & _MASK64)[0]
    high = seed >> 64
    while high not in (0, -1):
        state = rng_next(state ^ (high & _MASK64))[0]
        high >>= 64
    if seed < 0:
        state = rng_next(state ^ _GOLDEN)[0]
    return state


def rng_next(state: int) -> tuple[int, int]:
    """One splitmix64 step: returns ``(random 64-bit value, next state)``. The value is a
    bijection of the state that spreads every bit, which is also what hashes a seed."""
    state = (state + _GOLDEN) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31), state


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A value in ``range(n)`` and the next state (multiply-shift; bias below 2**-50).

    The ``rng_next`` step written out in place: a die roll is on the hot path of every
    Královská cesta playout, and the saved call is a tenth of a roll's cost. A test checks
    that both always agree."""
    state = (state + _GOLDEN) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return ((z ^ (z >> 31)) * n) >> 64, state


def rng_shuffle(items: MutableSequence[T], state: int) -> int:
    """Shuffle ``items`` in place (Fisher-Yates) and return the next generator state."""
    for i in range(len(items) - 1, 0, -1):
        value, state = rng_next(state)
        j = (value * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


def rules_mismatch(saved: Any, engine_rules: dict[str, Any]) -> str | None:
    """Why a serialised state's ``"rules"`` cannot be loaded by an engine, or None.

    A state belongs to one rule set, so every key it lists must agree with the engine's
    (integer-keyed tables are compared with string keys, as TOML and JSON store them). Keys
    it leaves out are taken to be the engine's: hand-written scenarios need not repeat them.
    """
    if not isinstance(saved, dict):
        return "'rules' must be a table of house-rule keys"
    for key, value in saved.items():
        if key not in engine_rules:
            return f"unknown house rule {key!r} in the state"
        if _canonical(value) != _canonical(engine_rules[key]):
            return (f"the state was made under other house rules ({key} = {value!r}, this "
                    f"engine has {engine_rules[key]!r}); load it with "
                    f"get_game(name, state['rules'])")
    return None


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value
