"""A link with no network and a room made by the server's own code: online screens and
matches tested frame by frame (no sockets, no threads, no clocks)."""

from __future__ import annotations

from typing import Any

from game.server.frames import room_frame, state_frame
from game.server.room import Room


class FakeLink:
    """``Link``'s game-thread side: what is sent is kept, what ``push`` queues arrives at
    the next ``poll``."""

    def __init__(self, url: str = "ws://fake:8765") -> None:
        self.url = url
        self.sent: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict[str, Any]]:
        frames, self.inbox = self.inbox, []
        return frames

    def push(self, *frames: dict[str, Any]) -> None:
        self.inbox.extend(frames)

    def close(self, linger: float = 0.0) -> None:
        self.closed = True

    def of(self, kind: str) -> list[dict[str, Any]]:
        """The requests of one ``type`` sent so far."""
        return [m for m in self.sent if m["type"] == kind]


class FakeRoom:
    """A server room with people in every seat (``names``), seen from seat 0."""

    def __init__(self, game: str = "cesta", names: tuple[str, ...] = ("Ada", "Bob"),
                 start: bool = True) -> None:
        self.room = Room.create(game, None, len(names), "127.0.0.1")
        self.tokens = [self.room.take_seat(name)[1] for name in names]
        if start:
            self.room.start(0)

    @property
    def code(self) -> str:
        return self.room.code

    def joined(self, seat: int = 0) -> dict[str, Any]:
        return {"type": "joined", "room": self.code, "seat": seat, "token": self.tokens[seat],
                "host": seat == 0}

    def room_frame(self) -> dict[str, Any]:
        return room_frame(self.room, 0.0, 90.0)

    def state(self, seat: int = 0, applied: Any = None) -> dict[str, Any]:
        return state_frame(self.room, seat, applied)

    def play_first_legal(self, seat: int = 0) -> dict[str, Any]:
        """The mover plays its first legal move; the frame ``seat`` gets."""
        room = self.room
        mover = room.to_move
        assert mover is not None
        move = room.game.legal_moves(room.state)[0]
        applied = room.play(mover, room.game.format_move(move))
        return state_frame(room, seat, applied)

    def chat(self, seat: int, text: str | None = None, quick: str | None = None
             ) -> dict[str, Any]:
        frame: dict[str, Any] = {"type": "chat", "room": self.code, "seat": seat,
                                 "name": self.room.seats[seat].name}
        if quick is not None:
            frame["quick"] = quick
        else:
            frame["text"] = text
        return frame
