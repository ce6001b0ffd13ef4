"""The one main loop: clock, window, scene stack, settings, audio, assets, i18n.

The App knows scenes only through the ``Scene`` interface and the ``SceneRegistry`` it is
given (``scenes.registry`` fills it; ``game.client.main`` wires the two and runs the loop),
so nothing here imports a concrete scene. In headless mode the clock
advances exactly 1/60 s per frame and frames are not throttled; a frame's measured time is
the work done in it (events, update, draw), which ``--frame-stats`` summarises.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import json
import logging
import os
import random
import sys
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pygame

from game.client import i18n
from game.client.app import pacing
from game.client.app.frametimes import FrameTimes
from game.client.app.gamepad import Gamepads
from game.client.app.notices import Notices
from game.client.i18n import t
from game.client.match.match import Match, SeatInfo, default_names
from game.client.options import Options, SeatSpec
from game.client.stage.scene import Scene, SceneRegistry, SceneStack
from game.client.storage import stats
from game.client.storage.save_folder import attach_autosave
from game.client.storage.settings import Settings, clamp_window_size, desktop_size, load_settings
from game.client.storage.user_rules import overrides_for
from game.client.ui import display, theme, warm
from game.client.ui.assets import Assets, SurfaceCache
from game.client.ui.audio import Audio
from game.paths import asset_dir
from game.rules import RulesError

HEADLESS_DT = 1.0 / 60.0
# Safety net for "headless until the game ends": a Cesta game is a few thousand frames.
HEADLESS_FRAME_CAP = 200_000
HEADLESS_IDLE_FRAMES = 600
ERROR_WINDOW = 10.0        # seconds over which unexpected errors are counted
ERRORS_BEFORE_STOP = 3     # more than this many in the window: the game stops with the error

log = logging.getLogger("herna")
TRANSITION = 0.18  # seconds of fade-in when a full-screen scene appears
MIN_WINDOW = (960, 540)  # the smallest window every screen is laid out for
SHADOW_BUDGET = 8 * 2**20     # bytes of cached shadows
SURFACE_BUDGET = 48 * 2**20   # bytes of cached overlays and glows (a few 1080p veils)


def _preferred_locales() -> list[str]:
    """The computer's languages in order of preference, as "cs_CZ" or "de"."""
    found = []
    for entry in pygame.system.get_pref_locales():
        country = entry.get("country")
        found.append(f"{entry['language']}_{country}" if country else entry["language"])
    return found


class App:
    """Owns everything global to the client; scenes reach it as ``scene.app``."""

    def __init__(self, options: Options, scenes: SceneRegistry,
                 settings: Settings | None = None) -> None:
        self.options = options
        self.scenes = scenes
        self.settings = settings if settings is not None else load_settings()
        self.notices = Notices.attach(self)  # failed writes are said on screen
        # --lang wins over the settings until the player picks a language in Settings:
        # applying other settings (M mutes) must not switch the language under them
        self._lang_override = options.lang
        self.headless = options.headless or os.environ.get("SDL_VIDEODRIVER") == "dummy"
        pygame.display.init()
        pygame.font.init()
        self.system_language = i18n.pick_language(_preferred_locales())
        i18n.set_language(self.language_code())
        if not self.headless:  # SDL's plain X11 framebuffer: a flip in 0.5 ms, not 13-36
            display.choose_framebuffer(pygame.display.get_driver())
        size = options.size or clamp_window_size(  # a setting never makes an unseen window
            self.settings["window_size"], None if self.headless else desktop_size())
        self.size: tuple[int, int] = (int(size[0]), int(size[1]))
        self.fullscreen = bool(options.fullscreen or self.settings["fullscreen"])
        self.screen = self._open_window()
        self.assets = Assets()
        self.audio = Audio(self.settings["volume"], self.settings["mute"])
        self.stack = SceneStack()
        self.gamepads = Gamepads()  # pads drive the scenes through key events
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0  # frames drawn
        self.frame_times = FrameTimes()  # bounded: a histogram, not a list per frame
        self.frame_cpu = FrameTimes()
        self._last_top: Scene | None = None
        self._fade = 0.0
        self._settle_until = 0.0
        self._redraw_wanted = True
        self._drawn_animating = False
        self._drawn_look: tuple[Any, ...] = (None,)
        self.region = display.DirtyRegion(self.size)  # what the next push puts on screen
        self.pushes = {"whole": 0, "rects": 0}        # how frames went to the screen
        self.exit_code = 0
        self.log_file: Path | None = None   # where the log is (game.client.app.diagnostics)
        # in a window an unexpected error shows a screen and goes back to the title; a
        # headless run (scripts, CI) stops with it instead
        self.recover_from_errors = not options.headless
        self._errors: list[float] = []
        self.time = 0.0  # seconds of game time since start (sum of dt)
        # bounded in bytes (least recently used out): a key that varies per frame, such
        # as a panel's size, re-renders a picture instead of growing without end
        self._shadows = SurfaceCache(SHADOW_BUDGET)
        # translucent overlays and glows, made once per size and shared by every scene
        self.surface_cache: MutableMapping[tuple[Any, ...], pygame.Surface] = SurfaceCache(
            SURFACE_BUDGET)
        self._backgrounds: dict[tuple[Any, ...], pygame.Surface] = {}
        self.seed_source = random.Random(options.seed)
        self.overlay(self.screen.get_size(), 255, (8, 12, 18))  # the fade veil, made once

    # --- window -------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """The window at its real size: no SCALED flag, so a bigger window gets a bigger
        layout rather than a stretched 1280×720 picture (and a smaller one is not
        clipped); fullscreen takes the desktop's size."""
        pygame.display.set_caption("Herna")
        if self.headless:
            return pygame.display.set_mode(self.size)
        # the window's (and the task bar's) icon: the logo, not pygame's snake
        pygame.display.set_icon(pygame.image.load_sized_svg(
            str(asset_dir("sprites") / "ui" / "logo_mark.svg"), (64, 64)))
        try:
            if self.fullscreen:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        except pygame.error:
            screen = pygame.display.set_mode(self.size)
        # an old SDL without a minimum: the layouts still fit what they get
        with contextlib.suppress(pygame.error, AttributeError):
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        return screen

    def set_fullscreen(self, on: bool) -> None:
        if self.headless or on == self.fullscreen:
            self.fullscreen = on
            return
        self.fullscreen = on
        if not on:
            self.size = self._window_size()
        self.screen = self._open_window()
        self.resized()

    def _window_size(self) -> tuple[int, int]:
        size = clamp_window_size(self.settings["window_size"], desktop_size())
        return max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])

    def resize_window(self, size: tuple[int, int]) -> None:
        """The window-size setting changed: a window takes it at once (fullscreen keeps
        the desktop's size and uses the setting when it is left)."""
        if self.fullscreen:
            return
        self.size = (int(size[0]), int(size[1]))
        if not self.headless:
            self.size = self._window_size()
        self.screen = self._open_window()
        self.resized()

    def resized(self) -> None:
        """The window has a new size: drop the pictures made for the old one and let every
        scene on the stack lay itself out again for the real size."""
        self.screen = pygame.display.get_surface() or self.screen
        self.size = self.screen.get_size()
        self._shadows.clear()
        self.surface_cache.clear()   # cleared in place: the tables' kits share this dict
        self._backgrounds.clear()
        self.assets.forget_sizes()
        for scene in list(self.stack.scenes):
            scene.on_resize(self.size)

    def apply_settings(self) -> None:
        """Push changed settings to the subsystems (language, sound, speed)."""
        i18n.set_language(self.language_code())
        self.audio.configure(self.settings["volume"], self.settings["mute"])

    def language_code(self) -> str:
        """--lang, else the player's choice in Settings, else the computer's language."""
        return self._lang_override or self.settings["language"] or self.system_language

    def choose_language(self, lang: str) -> None:
        """The player picked a language (Settings): it wins over --lang from now on."""
        self._lang_override = None
        self.settings.set("language", lang)

    @property
    def animation_speed(self) -> float:
        return float(self.settings["animation_speed"])

    # --- cached decorations shared by scenes ----------------------------------------------
    def shadow(self, size: tuple[int, int], radius: int = 10, alpha: int = 70) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))  # tiny windows: never negative
        key = (size, radius, alpha)
        surface = self._shadows.get(key)
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surface, (0, 0, 0, alpha), surface.get_rect(),
                             border_radius=radius)
            self._shadows[key] = surface
        return surface

    def overlay(self, size: tuple[int, int], alpha: int = 150,
                colour: tuple[int, int, int] = (6, 12, 16)) -> pygame.Surface:
        """A veil of ``colour`` at ``alpha``, to blit at once: one plain surface per size
        and colour whose surface alpha is set on each call. Keyed by alpha (as it was),
        a fading full-window veil made a new 8 MB surface for every step of its fade —
        the memory that grew by tens of MB per game."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = ("overlay", size, colour)
        surface = self.surface_cache.get(key)
        if surface is None:
            surface = pygame.Surface(size)
            surface.fill(colour)
            if pygame.display.get_surface() is not None:
                surface = surface.convert()
            self.surface_cache[key] = surface
        display.set_surface_alpha(surface, int(alpha))
        return surface

    def menu_background(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft vertical gradient with faint card silhouettes; built once per size."""
        key = ("menu", size)
        surface = self._backgrounds.get(key)
        if surface is None:
            surface = pygame.Surface(size)
            top, bottom = theme.MENU_BG_TOP, theme.MENU_BG_BOTTOM
            h = size[1]
            for y in range(h):
                f = y / max(1, h - 1)
                colour = tuple(int(top[i] + (bottom[i] - top[i]) * f) for i in range(3))
                pygame.draw.line(surface, colour, (0, y), (size[0], y))
            rng = random.Random(3)
            deco = pygame.Surface(size, pygame.SRCALPHA)
            u = theme.unit(size)
            for _ in range(14):
                w = int(rng.uniform(50, 90) * u)
                card = pygame.Surface((w, int(w * 1.4)), pygame.SRCALPHA)
                pygame.draw.rect(card, (255, 255, 255, 16), card.get_rect(),
                                 border_radius=w // 8)
                pygame.draw.rect(card, (255, 255, 255, 28), card.get_rect(), width=2,
                                 border_radius=w // 8)
                card = pygame.transform.rotate(card, rng.uniform(-35, 35))
                deco.blit(card, (rng.uniform(-40, size[0]), rng.uniform(-40, size[1])))
            surface.blit(deco, (0, 0))
            surface = surface.convert() if pygame.display.get_surface() else surface
            self._backgrounds[key] = surface
        return surface

    # --- flow -----------------------------------------------------------------------------
    def new_seed(self) -> int:
        return self.seed_source.randrange(1, 2**31)

    def start_match(self, game_name: str, seats: list[SeatInfo], rules: Any = None,
                    seed: int | None = None, replace: bool = True) -> Match | None:
        """Create a match and put its table scene on the stack.

        Rules that cannot start this game (say, house rules that do not allow this many
        seats) are shown as a message over the title, and nothing starts.
        """
        if any(scene.shown_match is not None for scene in self.stack.scenes):
            self.release_game_pictures()   # a rematch: the last game's pictures go
        if rules is None:  # the player's own house rules (config folder), if any and valid
            rules = overrides_for(game_name)
        try:
            match = Match.create(game_name, seats, rules, seed if seed is not None
                                 else self.new_seed(), inline_ai=self.inline_ai)
        except RulesError as error:
            if not len(self.stack):
                self.go_to_title()
            self.stack.push(self.scenes.make("message", self, t("This game cannot start with "
                                                                "these rules"),
                                             str(error)))
            return None
        attach_autosave(match, background=True)  # written after every move from now on
        stats.attach(match)                       # counted once it ends (people only)
        table = self.scenes.make("table", self, match)
        if replace and len(self.stack):
            self.stack.replace(table)
        else:
            self.stack.push(table)
        # the table's layers (felt, board, panels, fonts at this size) are made now, with
        # the table, rather than in its first shown frame (24-38 ms at 1920x1080); the
        # picture itself is drawn again, whole, by the next frame
        table.draw(self.screen)
        return match

    inline_ai = False  # tests may run AI seats in-process (synchronous); never the product
    offer_tutorials = True  # the one-time "play the tutorial?" (the test driver skips it)

    def go_to_title(self) -> None:
        self.stack.reset(self.scenes.make("title", self))
        self.release_game_pictures()

    def release_game_pictures(self) -> None:
        """A game left the screen: drop the pictures made only for it (its log lines,
        names and banners, shadows sized to its panels) and hand the freed heap back to the
        system. Bounded caches alone let each game add what the last one left, up to their
        budgets; a 30-minute all-AI soak grew ~11 MB a game that way until they were full."""
        self.assets.forget_texts()
        self._shadows.clear()
        gc.collect()
        trim_heap()

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # --- loop -----------------------------------------------------------------------------
    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> float:
        """One frame as headless runs and tests play it: events, update, draw (always).

        Returns the seconds of work it took (the contract's headless frame time)."""
        start = time.perf_counter()
        try:
            self.advance(dt, events if events is not None else pygame.event.get())
            self.warm_scenes(warm.HEADLESS_BUDGET)
            self.render(dt)
        except Exception as error:  # noqa: BLE001 - the one handler at the top of the loop
            self.recover(error)
        return time.perf_counter() - start

    def recover(self, error: Exception) -> None:
        """An unexpected error in a frame: logged with its traceback; in a window the
        player sees what happened and where the log is, back on the title. A run without
        a window, or errors coming faster than a player could read them, stop the game."""
        log.error("unexpected error", exc_info=error)
        now = time.monotonic()
        self._errors = [when for when in self._errors if now - when < ERROR_WINDOW] + [now]
        if not self.recover_from_errors or len(self._errors) > ERRORS_BEFORE_STOP:
            raise error
        self.go_to_title()
        where = str(self.log_file) if self.log_file is not None else t("(no log file)")
        self.stack.push(self.scenes.make(
            "message", self, t("Something went wrong"),
            t("Herna ran into an unexpected error and went back to the title. The details "
              "are in the log file {file}; sending it with a few words about what you did "
              "helps to fix it.", file=where)))

    def advance(self, dt: float, events: list[pygame.event.Event]) -> None:
        """Events to the top scene, then ``update(dt)``: the part of a frame that runs even
        when nothing is drawn (timers, the AI pace, a worker's reply)."""
        for raw in events:
            for event in self.gamepads.translate(raw):  # a pad's buttons become keys
                self._dispatch(event)
        if events:  # hover, a pressed button, an opened menu settle over a few frames
            self._settle_until = self.time + pacing.SETTLE
        self.time += dt
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.notices.tick(self, dt)

    def render(self, dt: float) -> None:
        """Draw the visible scenes, the fade and the notices into the window's surface."""
        self.stack.draw(self.screen)
        self._draw_transition(dt)
        self.notices.draw(self, self.screen)
        look = self.look()
        if look[0] != self._drawn_look[0]:  # a new scene: let its entrance play out
            self._settle_until = self.time + pacing.SETTLE
        self._drawn_look = look
        self._redraw_wanted = False
        top = self.stack.top
        self._drawn_animating = top is not None and top.animating
        self.frame += 1

    def look(self) -> tuple[Any, ...]:
        """Everything that decides the picture apart from input and animation."""
        visible = self.stack.visible()
        return (self.stack.changes, tuple(scene.look() for scene in visible),
                tuple(self.notices.texts), self.screen.get_size())

    def request_redraw(self) -> None:
        """Draw the next frame even if nothing the loop watches has changed."""
        self._redraw_wanted = True

    def wants_frame(self) -> bool:
        """Whether the windowed loop must draw now, or may sleep (see ``pacing``).

        One more frame is drawn after the top scene stops animating, so the picture shows
        where the animation ended, not its second-to-last step."""
        if (self._redraw_wanted or self._fade > 0 or self.time < self._settle_until
                or self._drawn_animating):
            return True
        top = self.stack.top
        if top is not None and top.animating:
            return True
        return self.look() != self._drawn_look

    def windowed_turn(self, pacer: pacing.Pacer) -> bool:
        """One turn of the windowed loop: wait (a frame, or an idle sleep), advance, and draw
        and flip only if something may have changed. Returns whether a frame was drawn;
        a drawn frame's time includes putting it on screen (the flip)."""
        dt, events = pacer.frame() if self.wants_frame() else pacer.idle()
        start, cpu_start = pacer.now(), time.thread_time()
        try:
            self.advance(dt, events)
            if not self.running:
                return False
            if not self.wants_frame():
                self.warm_scenes(warm.IDLE_BUDGET)   # nothing to draw: time to render ahead
                return False
            whole = self.whole_frame(bool(events))
            self.render(dt)
        except Exception as error:  # noqa: BLE001 - the one handler at the top of the loop
            self.recover(error)
            return False
        self.push_frame(whole)
        self.frame_times.add(pacer.now() - start)
        self.frame_cpu.add(time.thread_time() - cpu_start)
        return True

    def warm_scenes(self, budget: float) -> None:
        """Give the top scene spare time to render pictures ahead (``game.client.ui.warm``).
        Only the top one, as only it gets ``update``: a table under the hand-off screen
        must not even render the faces it may not show."""
        top = self.stack.top
        if top is not None:
            top.warm(budget)

    def whole_frame(self, had_input: bool) -> bool:
        """Whether the frame about to be drawn must go to the screen whole: input and its
        settling (hover, presses: no scene reports those), a new look (a move, a scene, a
        resize), a fade, a notice, or a redraw asked for. Only the frames in between, where
        things move by themselves, may be pushed as the scenes' rectangles."""
        return (had_input or self._redraw_wanted or self._fade > 0
                or self.time < self._settle_until or bool(self.notices.texts)
                or self.look() != self._drawn_look)

    def push_frame(self, whole: bool) -> None:
        """Put the drawn frame on screen: whole, or the rectangles every visible scene
        reported (any scene that does not know makes it whole; see ``display``)."""
        region = self.region
        region.clear(self.screen.get_size())
        if whole:
            region.mark_full()
        else:
            for scene in self.stack.visible():
                region.add_all(scene.dirty_rects())
        rects = region.rects()
        self.pushes["whole" if rects is None else "rects"] += 1
        display.push(rects)

    def _dispatch(self, event: pygame.event.Event) -> None:
        """One event to the top scene (quitting and window resizes are the App's)."""
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE,
                          pygame.WINDOWRESIZED):
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self.size:
                self.resized()   # every scene re-lays itself for the window's real size
            return
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    def _draw_transition(self, dt: float) -> None:
        """A short fade-in whenever a new full-screen scene comes on top (not for overlays)."""
        top = self.stack.top
        if top is not self._last_top:
            self._last_top = top
            if top is not None and top.opaque and self.animation_speed > 0:
                self._fade = TRANSITION
        if self._fade <= 0:
            return
        alpha = int(255 * self._fade / TRANSITION)
        self._fade = max(0.0, self._fade - dt)
        veil = self.overlay(self.screen.get_size(), alpha, (8, 12, 18))
        self.screen.blit(veil, (0, 0))
        veil.set_alpha(None)

    def run_loop(self, pacer: pacing.Pacer | None = None) -> int:
        """Headless: every frame drawn, 1/60 s of game time each, unthrottled (the contract).
        In a window: frames only while something changes, an idle sleep otherwise."""
        options = self.options
        frames = options.frames
        every = options.screenshot_every
        if every:
            every[1].mkdir(parents=True, exist_ok=True)
        ai_only = self._ai_only_match()
        headless_until_over = self.headless and frames is None and ai_only
        # a window counts drawn frames, and a finished game at rest draws none: a run of
        # computer players with --frames also ends with its results
        window_until_over = not self.headless and frames is not None and ai_only
        cap = frames
        if cap is None and self.headless:
            # only a game of AI seats has a natural end; anything else shows a few seconds
            cap = HEADLESS_FRAME_CAP if headless_until_over else HEADLESS_IDLE_FRAMES
        if not self.headless and pacer is None:
            pacer = pacing.WindowPacer()
        while self.running:
            if pacer is not None:
                if not self.windowed_turn(pacer):
                    continue
            else:
                cpu_start = time.thread_time()
                work = self.step(HEADLESS_DT)
                self.frame_times.add(work)
                self.frame_cpu.add(time.thread_time() - cpu_start)
                pygame.display.flip()
            if every and self.frame % every[0] == 0:
                pygame.image.save(self.screen, str(every[1] / f"frame_{self.frame:06d}.png"))
            if cap is not None and self.frame >= cap:
                break
            if (headless_until_over or window_until_over) and self._match_finished():
                break
        if options.screenshot:
            Path(options.screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(options.screenshot))
        if options.frame_stats:
            print(json.dumps(self.frame_times.summary()), flush=True)
            # CPU time of the same frames: tells a busy machine (wall time waits for the CPU)
            # from slow code; stderr, so stdout keeps exactly the contract's one JSON line
            cpu = self.frame_cpu.summary()
            print(f"herna: frame cpu time p50 {cpu['p50_ms']} ms, p99 {cpu['p99_ms']} ms, "
                  f"max {cpu['max_ms']} ms", file=sys.stderr, flush=True)
        return self.exit_code

    def _ai_only_match(self) -> bool:
        for scene in reversed(self.stack.scenes):
            match = scene.shown_match
            if match is not None:
                return all(seat.is_ai for seat in match.seats)
        return False

    def _match_finished(self) -> bool:
        """Headless runs without --frames stop once the results screen has shown a while."""
        top = self.stack.top
        return top is not None and top.ends_headless_run

    def close(self) -> None:
        self.stack.reset(Scene(self))
        self.stack.pop()
        pygame.quit()


def trim_heap() -> None:
    """Return freed memory to the system (glibc's ``malloc_trim``): surfaces of every size
    come and go with each game, and glibc keeps the freed pages otherwise, so the resident
    size only ever grows. Elsewhere (no glibc) this does nothing."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def seats_from_specs(specs: list[SeatSpec]) -> list[SeatInfo]:
    seats = [SeatInfo(kind=s.kind, level=s.level) for s in specs]
    return default_names(seats)
