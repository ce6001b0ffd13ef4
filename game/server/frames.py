"""The frames a room sends: its ``room`` description, ``state`` per seat, and ``history``.

Every frame that carries a position or events is made here, from the functions of
``protocol`` that decide what a seat may see (``serialise_events``, ``public_view``,
``public_events``, ``public_notation``), so a new kind of frame cannot bypass them. A
``history`` frame (a seat that comes back after missing moves) is rebuilt by replaying
the room's moves from its seed: the server keeps no copy of past frames, and the frames it
rebuilds are exactly those the seat would have received live. No asyncio here.
"""

from __future__ import annotations

from typing import Any

from game.server.protocol import (
    public_events,
    public_notation,
    public_view,
    serialise_events,
    state_strings,
)
from game.server.room import OVER, PLAYING, Applied, Room


def room_frame(room: Room, now: float, timeout: float) -> dict[str, Any]:
    return {"type": "room", "room": room.code, "game": room.game_name,
            "rules": room.game.rules, "status": room.status, "host": room.host,
            "seats": room.seat_list(now, timeout), "ply": len(room.moves),
            "game_number": room.game_number, "result": room.result(), "aids": room.aids}


def state_frame(room: Room, seat: int | None, applied: Applied | None,
                full: set[str] | None = None, state: Any = None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) is told about ``state`` (default: the room's
    position now), reached by ``applied`` (None: a snapshot, no move to show)."""
    game = room.game
    players = len(room.seats)
    if state is None:
        state = room.state
    if seat is None:
        view = public_view(game, state, players)
        events = public_events(game, applied.events, players) if applied else []
    else:
        view = game.to_dict(game.view(state, seat))
        events = serialise_events(game, applied.events, seat) if applied else []
    last = None
    if applied is not None:
        if seat == applied.seat:
            notation: str | None = applied.notation
        else:
            if full is None:
                full = state_strings(game.to_dict(state))
            notation = public_notation(applied.notation, full, view)
        last = {"seat": applied.seat, "move": notation}
    over = game.is_over(state)
    ply = applied.ply if applied is not None else len(room.moves)
    to_move = None if over else game.current_player(state)
    result = game.result(state).to_dict() if over else None
    if room.ended is not None and state is room.state:  # ended by its people, not its rules
        over, to_move, result = True, None, dict(room.ended)
    return {"type": "state", "room": room.code, "seat": seat, "ply": ply,
            "status": OVER if over else PLAYING, "to_move": to_move,
            "your_turn": seat is not None and to_move == seat,
            "game_number": room.game_number,
            "last": last, "events": events, "view": view, "result": result}


def history_frame(room: Room, seat: int | None, since: int) -> dict[str, Any] | None:
    """The moves after ply ``since`` as ``seat`` saw (or would have seen) them live: the
    view at ``since`` and one ``state`` frame per later ply. None when nothing was missed.

    A ``since`` beyond the game (a client that still counts the previous game of the
    room) starts from the beginning."""
    game = room.game
    total = len(room.moves)
    if room.state is None or since == total:
        return None
    if not 0 <= since <= total:
        since = 0
    state = game.new_game(len(room.seats), room.seed)
    start = None
    plies = []
    for index, text in enumerate(room.moves):
        if index == since:
            start = _snapshot_view(room, state, seat)
        mover = game.current_player(state)
        move = game.parse_move(state, text)
        state, events = game.apply(state, move)
        if index >= since:
            applied = Applied(mover, move, text, list(events), index + 1)
            plies.append(state_frame(room, seat, applied, state=state))
    return {"type": "history", "room": room.code, "seat": seat,
            "game_number": room.game_number, "since": since, "view": start, "plies": plies}


def _snapshot_view(room: Room, state: Any, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return public_view(room.game, state, len(room.seats))
    view: dict[str, Any] = room.game.to_dict(room.game.view(state, seat))
    return view
