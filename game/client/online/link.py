"""The client's connection to a Herna server, on background threads.

The pygame loop must never wait for the network, so a ``Link`` owns two threads: one
connects (and reconnects, with growing pauses) and reads frames into an inbox queue, the
other writes the outbox. The game thread only calls ``send`` (a queue put) and ``poll``
(drains the inbox without blocking). Connection changes arrive in the inbox too, as
``{"type": "link", "state": "up" | "down", "reason": ..., "error": ...}`` frames, in order
with the server's frames, so the match sees "connection lost" and "back" exactly where they
happened; ``reason`` names the kind of failure (``errors.LINK_ERRORS`` says it in words),
``error`` is the system's own text. Every connection first says ``hello`` with this
client's protocol and version, so a server of another version answers which side to update
(``error`` ``version``) instead of failing later on a message it does not know. No pygame
here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import queue
import socket
import threading
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game import __version__
from game.server.protocol import PROTOCOL_VERSION

RETRY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds between reconnection attempts
UNREACHABLE = {errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ENETDOWN, errno.EHOSTDOWN}
POLICY_CLOSE = 1008  # the server closes a flooding connection with this code
HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION, "version": __version__, "id": "hello"}


def failure_kind(error: BaseException) -> str:
    """Which of ``errors.LINK_ERRORS`` a failed connection is (the words live there)."""
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    if isinstance(error, TimeoutError):
        return "timeout"
    if isinstance(error, socket.gaierror):
        return "no_host"
    if isinstance(error, (InvalidURI, ValueError)):
        return "bad_address"
    if isinstance(error, InvalidHandshake):
        return "not_server"
    if isinstance(error, ConnectionClosed):
        received = error.rcvd
        return "flooded" if received is not None and received.code == POLICY_CLOSE \
            else "closed"
    if isinstance(error, OSError) and error.errno in UNREACHABLE:
        return "unreachable"
    return "network"


def normalise_url(address: str, default_port: int = 8765) -> str:
    """``host``, ``host:port`` or a full ``ws://`` / ``wss://`` URL as people type them."""
    text = address.strip()
    if not text:
        raise ValueError("empty address")
    if text.startswith(("ws://", "wss://")):
        return text
    if "://" in text:
        raise ValueError(f"not a WebSocket address: {text}")
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        host, port = text, str(default_port)
    if not host:
        raise ValueError(f"no host in {text}")
    return f"ws://{host}:{port}"


class Link:
    def __init__(self, url: str, reconnect: bool = True) -> None:
        self.url = url
        self.reconnect = reconnect
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        # messages, None (stop) or an Event set once everything before it was sent
        self._outbox: queue.Queue[dict[str, Any] | threading.Event | None] = queue.Queue()
        self._ws: ClientConnection | None = None
        self._stop = threading.Event()
        self._up = threading.Event()
        self.connected = False
        self._reader = threading.Thread(target=self._run, name="herna-net", daemon=True)
        self._writer = threading.Thread(target=self._write, name="herna-net-out", daemon=True)
        self._reader.start()
        self._writer.start()

    # --- the game thread's side -------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; it goes out as soon as the link is up (a move queued while the
        link was down may then be refused as ``stale``, which changes nothing)."""
        self._outbox.put(message)

    def poll(self) -> list[dict[str, Any]]:
        frames = []
        while True:
            try:
                frames.append(self.inbox.get_nowait())
            except queue.Empty:
                return frames

    def close(self, linger: float = 0.0) -> None:
        """Stop; with ``linger``, first wait that long at most for the messages queued so
        far to go out (a last ``quit`` must reach the server), only while connected."""
        if linger > 0 and self.connected and not self._stop.is_set():
            sent = threading.Event()
            self._outbox.put(sent)
            sent.wait(linger)
        self._stop.set()
        self._up.set()
        self._outbox.put(None)
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()

    # --- the threads ----------------------------------------------------------------------
    def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            try:
                ws = connect(self.url, open_timeout=5, close_timeout=2, max_size=2**22)
            except (OSError, TimeoutError, InvalidURI, InvalidHandshake, ValueError) as error:
                self.inbox.put({"type": "link", "state": "down", "reason": failure_kind(error),
                                "error": str(error)})
                if not self.reconnect:
                    return
                self._stop.wait(RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)])
                attempt += 1
                continue
            attempt = 0
            error_text, kind = "", "closed"
            with ws:
                self._ws = ws
                self.connected = True
                self.inbox.put({"type": "link", "state": "up"})
                try:
                    ws.send(json.dumps(HELLO))  # before anything queued: the versions first
                    self._up.set()
                    for text in ws:
                        self._take(text)
                except (ConnectionClosed, OSError) as error:
                    error_text, kind = str(error), failure_kind(error)
            self._up.clear()
            self.connected = False
            self._ws = None
            if self._stop.is_set():
                return
            self.inbox.put({"type": "link", "state": "down", "reason": kind,
                            "error": error_text})
            if not self.reconnect:
                return
            self._stop.wait(RETRY_PAUSES[0])

    def _take(self, text: str | bytes) -> None:
        if isinstance(text, str):
            try:
                frame = json.loads(text)
            except ValueError:
                return
            if isinstance(frame, dict):
                self.inbox.put(frame)

    def _write(self) -> None:
        while True:
            message = self._outbox.get()
            if message is None or self._stop.is_set():
                return
            if isinstance(message, threading.Event):
                message.set()
                continue
            while not self._stop.is_set():
                self._up.wait()
                ws = self._ws
                if ws is None:
                    continue
                try:
                    ws.send(json.dumps(message))
                    break
                except (ConnectionClosed, OSError):
                    self._stop.wait(0.1)  # the reader notices and reconnects
                    break
