"""The round a game is in, as a table's header counts it: a round is every seat's turn
once, so a Cesta turn of a play and a draw, or a Královská cesta turn of a roll, a move
and a bonus swap, is one turn, not three moves."""

from __future__ import annotations

from collections.abc import Iterable


def round_number(movers: Iterable[int], to_move: int | None) -> int:
    """The round in progress (from 1) after moves by ``movers`` (in order) with ``to_move``
    deciding next: a seat's consecutive moves are one turn, and a new round begins each
    time the seat that opened the game starts a turn again."""
    opener: int | None = None
    current: int | None = None
    rounds = 0
    for seat in (*movers, *(() if to_move is None else (to_move,))):
        if seat == current:
            continue
        current = seat
        if opener is None:
            opener = seat
        if seat == opener:
            rounds += 1
    return max(1, rounds)
