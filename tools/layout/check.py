"""Every screen and table step, drawn at each size in each language, checked for texts and
controls over each other or cut off (``tools/layout-check``; the rules are in ``record``).

Each step arranges the App's scene stack (a real App, headless, its files in a temporary
folder); then, for each window size, the window is resized (the live resize a player
makes) and the visible scenes are drawn onto a recording screen, each scene a layer.
"""

from __future__ import annotations

import itertools
import os
import random
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import i18n as client_i18n
from game.client.i18n import t
from game.client.match import match as match_module
from game.client.match.match import SeatInfo
from game.client.online import scenes as online
from game.client.online.play import RematchScene
from game.client.online.remote import RemoteMatch
from game.client.options import Options
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.house_rules import HouseRulesScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.replay import ReplayScene, SavesScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.review import ReviewScene
from game.client.scenes.rules_help import RulesScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.stats_scene import StatsScene
from game.client.storage.settings import load_settings
from game.client.tutorial import lessons_for
from game.client.tutorial.scene import TutorialMenuScene, TutorialOfferScene, start_lesson
from game.i18n import languages as shipped
from game.rules import GAME_NAMES, get_game
from tests.support.driver import Driver
from tools.layout import record

SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1920, 1080), (2560, 1440))


@dataclass
class Report:
    scenes: set[str] = field(default_factory=set)
    sizes: list[tuple[int, int]] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    rects: int = 0
    overlaps: list[str] = field(default_factory=list)
    clipped: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {"scenes": len(self.scenes), "sizes": len(self.sizes),
                "languages": len(self.languages), "rects": self.rects,
                "overlaps": len(self.overlaps), "clipped": len(self.clipped)}


Step = tuple[str, Callable[[], None]]


def _fast_settings() -> Any:
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.0
    return settings


class Steps:
    """The steps of the matrix for one App; each arranges the stack and is named."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.app = driver.app

    # --- helpers ------------------------------------------------------------------------
    def _seats(self, game: str, *kinds: str) -> list[Any]:
        out = []
        for index, kind in enumerate(kinds):
            if kind == "human":
                out.append(SeatInfo("human", "normal", t("Player {n}", n=index + 1)))
            else:
                out.append(SeatInfo("ai", kind, t("Robot {n}", n=index + 1)))
        return out

    def _table(self, game: str, kinds: Sequence[str], seed: int = 5) -> Any:
        app = self.app
        app.go_to_title()
        app.start_match(game, self._seats(game, *kinds), {}, seed, replace=False)
        table = app.stack.top
        table.match.on_change.clear()
        self._settle(table)
        return table

    def _settle(self, table: Any) -> None:
        if not self.driver.run_until(lambda: table.match.waiting_for_human
                                     or table.match.over, 4000):
            raise RuntimeError(f"{table.match.game_name}: no person's turn came")
        self.driver.step(2)
        table.animator.clear()

    def _play_on(self, table: Any, moves: int, seed: int) -> None:
        """Some moves of every seat (random, legal), then on to a person's turn."""
        rng = random.Random(seed)
        match = table.match
        for _ in range(moves):
            if match.over:
                break
            if match.waiting_for_human:
                table.try_move(rng.choice(match.legal_moves()))
            self.driver.step(3)
        self._settle(table)

    def _finish(self, table: Any) -> None:
        rng = random.Random(3)
        match = table.match
        while not match.over:
            match.play(rng.choice(match.legal_moves()))
        table.animator.clear()
        match.finished = True

    # --- the steps ----------------------------------------------------------------------
    def all(self, games: Sequence[str]) -> Iterator[Step]:
        yield from self.menus(games)
        for game in games:
            yield from self.game_steps(game)
        yield from self.tutorials(games)
        yield from self.online()

    def menus(self, games: Sequence[str]) -> Iterator[Step]:
        app = self.app

        def over_title(make: Callable[[], Any]) -> Callable[[], None]:
            def arrange() -> None:
                app.go_to_title()
                app.stack.push(make())
            return arrange

        yield "title", app.go_to_title
        yield "settings", over_title(lambda: SettingsScene(app))
        yield "statistics", over_title(lambda: StatsScene(app))
        yield "replays", over_title(lambda: SavesScene(app))
        def quit_asked() -> None:
            app.go_to_title()
            app.stack.top.back()   # Esc on the title asks first

        yield "quit", quit_asked
        yield "lessons", over_title(lambda: TutorialMenuScene(app))
        for game in games:
            yield f"setup:{game}", over_title(lambda g=game: SetupScene(app, g))
            yield f"house rules:{game}", over_title(lambda g=game: HouseRulesScene(app, g))
            yield f"lessons:{game}", over_title(lambda g=game: TutorialMenuScene(app, g))
            yield f"tutorial offer:{game}", over_title(
                lambda g=game: TutorialOfferScene(app, g, app.stack.top))
            pages = len(RulesScene(app, game).pages)
            for page in range(pages):
                def rules(g: str = game, p: int = page) -> None:
                    app.go_to_title()
                    scene = RulesScene(app, g)
                    scene.page = p
                    scene.build()
                    app.stack.push(scene)
                yield f"rules:{game}:{page + 1}", rules

    def game_steps(self, game: str) -> Iterator[Step]:
        app = self.app
        most = min(4, max(get_game(game).player_range()))
        kinds = ["human"] + ["normal"] * (most - 1)
        state: dict[str, Any] = {}

        def first() -> None:
            state["table"] = self._table(game, kinds)

        def mid_turn() -> None:
            """Part of a turn made (the Undo button shows; Cesta asks to draw)."""
            table = state["table"]
            rng = random.Random(4)
            for _ in range(20):
                match = table.match
                seat = match.to_move
                table.try_move(rng.choice(match.legal_moves()))
                self._settle(table)
                if match.to_move == seat and match.waiting_for_human:
                    return
            raise RuntimeError(f"{game}: no turn of two steps came")

        def later() -> None:
            self._play_on(state["table"], 12, seed=1)

        def late() -> None:
            self._play_on(state["table"], 30, seed=2)

        def pause() -> None:
            app.stack.push(PauseScene(app, state["table"]))

        def handoff() -> None:
            app.go_to_title()
            app.start_match(game, self._seats(game, "human", "human"), {}, 9, replace=False)
            table = app.stack.top
            self.driver.step(3)
            if not isinstance(app.stack.top, HandoffScene):
                app.stack.push(HandoffScene(app, table))

        def results() -> None:
            table = state["table"]
            while app.stack.top is not table:
                app.stack.pop()
            self._finish(table)
            app.stack.push(ResultsScene(app, table))
            self.driver.step(40)

        def review() -> None:
            scene = ReviewScene(app, state["table"].match)
            scene.job.playouts = 4   # the figures' accuracy does not matter to the layout
            app.stack.push(scene)
            self.driver.run_until(lambda: scene.job.done, 2000)
            self.driver.step(2)

        def moment() -> None:
            scene = app.stack.top
            plies = [d.ply for d in scene.moments] or \
                [i for i, e in enumerate(scene.match.history) if e.seat == scene.seat][:1]
            scene.open(plies[0])
            self.driver.step(5)

        def replay() -> None:
            while not isinstance(app.stack.top, ResultsScene):
                app.stack.pop()
            scene = ReplayScene.from_match(app, state["table"].match)
            app.stack.push(scene)
            self.driver.step(2)

        def replay_later() -> None:
            scene = app.stack.top
            scene._rebuild(len(scene.moves) // 2)
            self.driver.step(2)

        yield f"table:{game}:first turn", first
        yield f"table:{game}:mid turn", mid_turn
        yield f"table:{game}:later", later
        yield f"table:{game}:late", late
        yield f"pause:{game}", pause
        yield f"results:{game}", results
        yield f"review:{game}", review
        yield f"review moment:{game}", moment
        yield f"replay:{game}", replay
        yield f"replay:{game}:middle", replay_later
        yield f"hand-off:{game}", handoff

    def tutorials(self, games: Sequence[str]) -> Iterator[Step]:
        app = self.app
        for game in games:
            for index in range(len(lessons_for(game))):
                def lesson(g: str = game, i: int = index) -> None:
                    app.go_to_title()
                    start_lesson(app, g, i)
                    self.driver.step(3)
                yield f"tutorial:{game}:{index + 1}", lesson

    def online(self) -> Iterator[Step]:
        app = self.app

        def form() -> None:
            app.go_to_title()
            app.stack.push(online.OnlineScene(app))

        def form_remembered() -> None:
            form()
            scene = app.stack.top
            memory = scene.memory
            memory.name, memory.address, memory.code = "Ada", "herna.example.org", "K7QX"
            memory.room, memory.room_url, memory.tokens = "K7QX", "ws://herna.example.org", \
                {"0": "token"}
            scene.build()

        def room(host: bool, status: str = "lobby", game: str = "royal_road",
                 watching: bool = False) -> Callable[[], None]:
            def arrange() -> None:
                app.go_to_title()
                match = RemoteMatch(_NoLink(), spectating=watching)  # type: ignore[arg-type]
                if not watching:
                    match.tokens = {0: "token"}
                match._receive(_room_frame(game, status))
                if not host:
                    match.room["host"] = 1
                    match.tokens = {1: "token"}
                scene = online.LobbyScene(app, "ws://herna.example.org", None,
                                          lambda url: match, addresses=["192.168.1.20"])
                scene.match = match
                scene._rebuild()
                app.stack.push(scene)
            return arrange

        def connecting() -> None:
            app.go_to_title()
            app.stack.push(online.LobbyScene(app, "ws://herna.example.org", None,
                                             lambda url: RemoteMatch(_NoLink())))  # type: ignore[arg-type]

        def rematch() -> None:
            app.go_to_title()
            match = RemoteMatch(_NoLink(), tokens={0: "token"})  # type: ignore[arg-type]
            match._receive(_room_frame("cesta", "over"))
            app.stack.push(RematchScene(app, match))

        yield "online:host or join", form
        yield "online:host or join, remembered", form_remembered
        yield "online:connecting", connecting
        yield "online:lobby, host", room(True)
        yield "online:lobby, guest", room(False, game="cut_the_rope")
        yield "online:lobby, watching", room(False, game="cesta", watching=True)
        yield "online:rematch", rematch


class _NoLink:
    """A link that sends nowhere: the lobby screens are fed made-up room frames."""

    def send(self, frame: dict[str, Any]) -> None:
        pass

    def poll(self) -> list[dict[str, Any]]:
        return []

    def close(self) -> None:
        pass


def _room_frame(game: str, status: str) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [
        {"seat": 0, "kind": "person", "name": "Ada", "connected": True},
        {"seat": 1, "kind": "person", "name": "Bohumil", "connected": False},
        {"seat": 2, "kind": "computer", "level": "expert", "name": "Robot 3",
         "connected": True},
        {"seat": 3, "kind": "open", "name": "", "connected": False}]
    count = min(len(seats), max(get_game(game).player_range()))
    return {"type": "room", "room": "K7QX", "status": status, "game": game,
            "rules": dict(get_game(game).rules), "seats": seats[:count], "host": 0,
            "game_number": 1}


def run(languages: Sequence[str] | None = None,
        sizes: Sequence[tuple[int, int]] = SIZES, only: Sequence[str] = (),
        games: Sequence[str] | None = None,
        on_problem: Callable[[str], None] | None = None, shots: str = "") -> Report:
    """Check every step whose name starts with one of ``only`` (all when empty)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folders = ("HERNA_CONFIG_DIR", "HERNA_DATA_DIR", "HERNA_LOG_DIR")
    saved = {name: os.environ.get(name) for name in folders}
    with tempfile.TemporaryDirectory(prefix="herna-layout-") as home:
        for name in folders:   # the player's own settings and saves stay untouched
            os.environ[name] = os.path.join(home, name.rsplit("_", 2)[1].lower())
        try:
            return _run(languages, sizes, only, games, on_problem, shots)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _run(languages: Sequence[str] | None, sizes: Sequence[tuple[int, int]],
         only: Sequence[str], games: Sequence[str] | None,
         on_problem: Callable[[str], None] | None, shots: str) -> Report:

    report = Report(sizes=list(sizes), languages=list(languages or shipped()))
    games = list(games or GAME_NAMES)
    with record.recording() as recorder, _fixed_ai_seeds() as restart:
        for code in report.languages:
            driver = Driver(Options(size=sizes[0], lang=code), settings=_fast_settings())
            try:
                client_i18n.set_language(code)
                driver.app.assets.forget_sizes()   # texts named from here on
                for name, arrange in Steps(driver).all(games):
                    wanted = not only or any(name.startswith(prefix) for prefix in only)
                    if not wanted and not _needed_by(name, only):
                        continue
                    restart()   # a step plays the same moves, whichever steps ran before
                    arrange()
                    if wanted:
                        report.scenes.add(name)
                    for size in sizes:
                        driver.app.resize_window(size)
                        driver.step(1)   # as a player's window: a frame runs after a resize
                        if not wanted:   # (the frames pass alike: --only shows the same)
                            continue
                        frame = record.draw_frame(recorder, size, _layers(driver.app))
                        if shots:
                            _save(recorder, shots, f"{code}-{size[0]}x{size[1]}-{name}")
                        report.rects += sum(1 for i in frame.items if i.kind != "shape")
                        for problem in record.problems(frame):
                            line = f"{code} {size[0]}x{size[1]} {name}: {problem.text}"
                            (report.overlaps if problem.kind == "overlap"
                             else report.clipped).append(line)
                            if on_problem is not None:
                                on_problem(f"{problem.kind}: {line}")
            finally:
                driver.close()
    return report


def _save(recorder: Any, folder: str, name: str) -> None:
    os.makedirs(folder, exist_ok=True)
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)
    pygame.image.save(recorder.last, os.path.join(folder, f"{safe}.png"))


@contextmanager
def _fixed_ai_seeds() -> Iterator[Callable[[], None]]:
    """The computer players' seeds counted from 1 (the game draws them from the OS), so
    every run plays the same moves; yields a restart."""
    counter = [itertools.count(1)]

    def seed() -> int:
        return next(counter[0])

    def restart() -> None:
        counter[0] = itertools.count(1)

    modules = (match_module,)   # every match draws its computers' seed here
    saved = [module.new_ai_seed for module in modules]
    for module in modules:
        module.new_ai_seed = seed  # type: ignore[assignment]
    try:
        yield restart
    finally:
        for module, original in zip(modules, saved, strict=True):
            module.new_ai_seed = original  # type: ignore[assignment]


def _needed_by(name: str, only: Sequence[str]) -> bool:
    """A step arranges what the next steps of its game build on (the table of a game, its
    finished match): run it unseen when a wanted step of the same game follows."""
    game = name.split(":")[1] if name.count(":") >= 1 else ""
    chained = ("table:", "pause:", "results:", "review", "replay:")
    return bool(game) and name.startswith(chained) and any(
        prefix.startswith(chained) and game in prefix for prefix in only)


def _layers(app: Any) -> list[Any]:
    class Notices:
        def draw(self, surface: Any) -> None:
            app.notices.draw(app, surface)
    return [*app.stack.visible(), Notices()]
