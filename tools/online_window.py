"""A real Herna window that plays online by itself: for checking online play on a display.

    DISPLAY=:34 python tools/online_window.py --role host --address 127.0.0.1:8765 \
        --game cesta --seats 3 --computer 2 --code-file /tmp/code --shots DIR

The window is the ordinary client (``build_app``, a real SDL window): the script walks the
menus by posting mouse clicks on their buttons (Title → Online → host/join/watch/rejoin →
lobby → Start), and whenever the table waits for this window's person it plays a random
legal move through the table (``try_move``, the path a click takes). It saves a screenshot
every few seconds and at the results, prints one line per thing that happened, and after
the results asks for a rematch when told to. Not collected by pytest (no ``test_`` name).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from game.client.main import build_app
from game.client.online.play import RematchScene
from game.client.online.remote import RemoteMatch
from game.client.online.scenes import LobbyScene, OnlineScene
from game.client.options import Options


def say(name: str, text: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} [{name}] {text}", flush=True)


class Window:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        width, height = (int(v) for v in args.size.split("x"))
        self.app = build_app(Options(size=(width, height), lang=args.lang))
        self.app.go_to_title()
        self.rng = random.Random(args.seed)
        self.shots = Path(args.shots)
        self.shots.mkdir(parents=True, exist_ok=True)
        self.last_shot = 0.0
        self.wait = 0.0
        self.notice = ""
        self.results_seen = 0
        self.games_wanted = args.games

    # --- input as a person gives it ----------------------------------------------------
    def click(self, name: str) -> None:
        focus = getattr(self.app.stack.top, "focus", None)
        widget = next(w for w in focus.widgets if getattr(w, "name", "") == name)
        pos = widget.rect.center
        for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
            pygame.event.post(event)
        self.frame()
        self.frame()
        say(self.args.name, f"clicked {name}")

    def frame(self) -> None:
        self.app.step(1 / 30)
        pygame.display.flip()  # on the display, as the window loop does
        time.sleep(1 / 60)

    def until(self, condition: Any, seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > end:
                self.shot("stuck")
                raise SystemExit(f"{self.args.name}: stuck waiting")
            self.frame()

    def shot(self, label: str) -> None:
        path = self.shots / f"{self.args.name}-{time.strftime('%H%M%S')}-{label}.png"
        pygame.image.save(self.app.screen, str(path))
        say(self.args.name, f"screenshot {path}")

    # --- the menus ------------------------------------------------------------------------
    def open_room(self) -> None:
        args = self.args
        self.click("online")
        scene = self.app.stack.top
        assert isinstance(scene, OnlineScene)
        memory = scene.memory
        memory.name, memory.address, memory.game = args.name, args.address, args.game
        if args.role == "host":
            scene._set_game(args.game)
            memory.seats = args.seats
            self.click("host_server")
        else:
            if args.role in ("join", "watch"):
                memory.code = self._code()
            if args.role == "rejoin":
                say(args.name, f"back to room {memory.room} with the remembered token")
            self.click({"join": "join", "watch": "watch", "rejoin": "rejoin"}[args.role])
        lobby = self.app.stack.top
        assert isinstance(lobby, LobbyScene)
        self.until(lambda: self._lobby_match() is None or self._lobby_match().room)
        match = self._lobby_match()
        if match is not None and args.role == "host":
            Path(args.code_file).write_text(match.room_code)
            say(args.name, f"room {match.room_code} created")
            for seat in args.computer:
                match.set_seat(seat, "computer", args.level)
            self.until(lambda: all(s["kind"] != "open" for s in match.room["seats"]), 300)
            self.frame()
            self.shot("lobby")
            self.click("start")

    def _lobby_match(self) -> RemoteMatch | None:
        top = self.app.stack.top
        return top.match if isinstance(top, LobbyScene) else None

    def _code(self) -> str:
        path = Path(self.args.code_file)
        end = time.monotonic() + 60
        while not path.exists() or not path.read_text().strip():
            if time.monotonic() > end:
                raise SystemExit("no room code")
            time.sleep(0.2)
        return path.read_text().strip()

    # --- playing --------------------------------------------------------------------------
    def play(self) -> None:
        args = self.args
        end = time.monotonic() + args.minutes * 60
        while time.monotonic() < end:
            self.frame()
            top = self.app.stack.top
            match = getattr(top, "match", None)
            if match is None and hasattr(top, "table"):  # the results over the table
                match = top.table.match
            if isinstance(match, RemoteMatch):
                text = match.notice.text if match.notice is not None else ""
                if text != self.notice:
                    self.notice = text
                    if text:
                        say(args.name, f"notice: {text} (ply {len(match.history)})")
                        if "—" in text or "…" in text:
                            self.shot("notice")
            name = top.__class__.__name__
            if name == "ResultsScene":
                self.results_seen += 1
                if self.results_seen == 1:
                    self.until(lambda shown=top: not shown.animating, 10)
                    self.shot("results")
                    assert isinstance(match, RemoteMatch)
                    say(args.name, f"game {match.game_number} over after "
                                   f"{len(match.history)} moves: {top.headline}")
                    if match.game_number >= self.games_wanted:
                        return
                    self.click("result0")  # Rematch
                    self.results_seen = 0
                continue
            if isinstance(top, RematchScene):
                continue
            if time.monotonic() - self.last_shot > args.every:
                self.last_shot = time.monotonic()
                self.shot("table")
            if isinstance(match, RemoteMatch) and match.waiting_for_human and \
                    hasattr(top, "try_move"):
                self.wait += 1 / 30
                if self.wait >= args.move_delay:
                    self.wait = 0.0
                    move = self.rng.choice(match.legal_moves())
                    top.try_move(move)
        say(args.name, "time is up")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--role", choices=("host", "join", "watch", "rejoin"), required=True)
    parser.add_argument("--name", default="Ada")
    parser.add_argument("--address", required=True)
    parser.add_argument("--game", default="cesta")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--computer", type=int, action="append", default=[])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--code-file", default="/tmp/herna-room-code")
    parser.add_argument("--shots", default="/tmp/herna-shots")
    parser.add_argument("--size", default="940x620")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=float, default=20.0)
    parser.add_argument("--move-delay", type=float, default=0.4)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    window = Window(args)
    try:
        window.open_room()
        window.play()
    finally:
        window.app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
