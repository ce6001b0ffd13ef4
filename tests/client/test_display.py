"""Putting frames on screen: the framebuffer hint and the dirty-rectangle region.

No timing here: these check the decisions (which driver gets the hint, when a frame is
pushed whole, how rectangles are merged), which decide correctness on screen.
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from game.client.options import Options
from game.client.stage.scene import Scene
from game.client.ui import display
from game.client.ui.display import FRAMEBUFFER_HINT, FULL_SHARE, MAX_RECTS, DirtyRegion, merge
from tests.support.driver import Driver

SIZE = (1280, 720)


def test_the_plain_framebuffer_is_asked_for_on_x11_only_and_a_players_choice_wins(
        monkeypatch):
    monkeypatch.setenv(FRAMEBUFFER_HINT, "recorded")  # so the test's value is undone after
    monkeypatch.delenv(FRAMEBUFFER_HINT)
    assert display.choose_framebuffer("wayland") is False
    assert FRAMEBUFFER_HINT not in os.environ  # Wayland needs its texture
    assert display.choose_framebuffer("x11") is True
    assert os.environ[FRAMEBUFFER_HINT] == "0"
    monkeypatch.setenv(FRAMEBUFFER_HINT, "1")
    assert display.choose_framebuffer("x11") is False
    assert os.environ[FRAMEBUFFER_HINT] == "1"


def test_a_new_window_and_a_new_size_are_pushed_whole():
    region = DirtyRegion(SIZE)
    region.add((10, 10, 20, 20))
    assert region.rects() is None            # the first frame of a window
    region.clear(SIZE)
    region.add((10, 10, 20, 20))
    assert region.rects() is None            # ... also when it starts with clear()
    region.clear(SIZE)
    region.add((10, 10, 20, 20))
    assert region.rects() == [pygame.Rect(10, 10, 20, 20)]
    region.clear((1920, 1080))               # resized: whole again
    region.add((10, 10, 20, 20))
    assert region.rects() is None


def started(size: tuple[int, int] = SIZE) -> DirtyRegion:
    """A region past its window's first (whole) frame."""
    region = DirtyRegion(size)
    region.clear(size)
    region.clear(size)
    return region


def test_a_scene_that_does_not_know_its_rectangles_makes_the_frame_whole():
    region = started()
    region.add((0, 0, 10, 10))
    region.add_all(None)
    region.add((50, 50, 10, 10))             # cannot shrink what was marked whole
    assert region.rects() is None


def test_rectangles_are_clipped_merged_and_fall_back_to_a_flip_when_large():
    region = started()
    region.add((-20, -20, 40, 40))           # clipped to the window
    region.add((1300, 0, 50, 50))            # off screen: dropped
    region.add((0, 0, 0, 5))                 # empty: dropped
    assert region.rects() == [pygame.Rect(0, 0, 20, 20)]
    region.add((100, 100, 50, 50))
    region.add((120, 120, 50, 50))           # overlaps the last: one box
    rects = region.rects()
    assert rects is not None and pygame.Rect(100, 100, 70, 70) in rects and len(rects) == 2
    width = int(SIZE[0] * FULL_SHARE) + 10
    region.add((0, 0, width, SIZE[1]))       # most of the window: one flip is cheaper
    assert region.rects() is None


def test_many_small_rectangles_become_their_bounding_box():
    region = started()
    for index in range(MAX_RECTS + 5):
        region.add((index * 30, 10, 10, 10))
    rects = region.rects()
    assert rects == [pygame.Rect(0, 10, (MAX_RECTS + 4) * 30 + 10, 10)]


def test_merge_leaves_no_two_rectangles_overlapping():
    rects = [pygame.Rect(x, y, 40, 40) for x, y in
             ((0, 0), (30, 30), (60, 60), (300, 300), (500, 0), (520, 20))]
    merged = merge(rects)
    for index, rect in enumerate(merged):
        assert not any(rect.colliderect(other) for other in merged[index + 1:])
    covered = merged[0].unionall(merged[1:])
    assert covered.contains(rects[0].unionall(rects[1:]))
    assert len(merged) == 3


class Pacer:
    """Frames of 1/60 s and the events a test queues (no clock, no sleeping)."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.pending: list[pygame.event.Event] = []

    def _take(self) -> list[pygame.event.Event]:
        events, self.pending = self.pending, []
        return events

    def frame(self) -> tuple[float, list[pygame.event.Event]]:
        self.clock += 1 / 60
        return 1 / 60, self._take()

    def idle(self) -> tuple[float, list[pygame.event.Event]]:
        self.clock += 0.02
        return 0.02, self._take()

    def now(self) -> float:
        return self.clock


class Moving(Scene):
    """A scene that moves by itself and may say where (``rects``), or not (None)."""

    def __init__(self, app: Any, rects: list[pygame.Rect] | None) -> None:
        super().__init__(app)
        self.rects = rects

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 30, 40))

    def dirty_rects(self) -> list[pygame.Rect] | None:
        return self.rects


def run(driver: Driver, pacer: Pacer, turns: int) -> dict[str, int]:
    before = dict(driver.app.pushes)
    for _ in range(turns):
        driver.app.windowed_turn(pacer)
    return {kind: driver.app.pushes[kind] - before[kind] for kind in before}


def test_the_loop_pushes_a_reporting_scenes_rectangles_and_whole_frames_otherwise():
    driver = Driver(Options(headless=True))
    pacer = Pacer()
    try:
        scene = Moving(driver.app, [pygame.Rect(10, 10, 50, 50)])
        driver.app.stack.push(scene)
        first = run(driver, pacer, 3)
        assert first["whole"] >= 1                  # a new scene (and its fade) is whole
        run(driver, pacer, 120)                     # the entrance settles
        assert run(driver, pacer, 30) == {"whole": 0, "rects": 30}
        pacer.pending.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0),
                                                buttons=(0, 0, 0)))
        after_input = run(driver, pacer, 5)
        assert after_input == {"whole": 5, "rects": 0}   # hover is nobody's rectangle
        run(driver, pacer, 60)
        scene.rects = None                          # a scene that does not know
        assert run(driver, pacer, 10) == {"whole": 10, "rects": 0}
        scene.rects = [pygame.Rect(10, 10, 50, 50)]
        assert run(driver, pacer, 10) == {"whole": 0, "rects": 10}
        driver.app.request_redraw()                 # asked for: whole once
        assert run(driver, pacer, 1) == {"whole": 1, "rects": 0}
    finally:
        driver.close()


def test_a_scene_under_an_overlay_that_does_not_report_makes_the_push_whole():
    driver = Driver(Options(headless=True))
    pacer = Pacer()
    try:
        driver.app.stack.push(Moving(driver.app, None))
        overlay = Moving(driver.app, [pygame.Rect(0, 0, 10, 10)])
        overlay.opaque = False
        driver.app.stack.push(overlay)
        run(driver, pacer, 120)
        assert run(driver, pacer, 10) == {"whole": 10, "rects": 0}
    finally:
        driver.close()


def test_full_strength_alpha_is_no_surface_alpha_on_a_plain_surface_only():
    """A plain surface at alpha 255 takes SDL's slow blit; full strength is set as no
    surface alpha, which draws the same picture. A per-pixel alpha picture keeps 255 (no
    alpha would make its transparent pixels opaque)."""
    pygame.display.init()
    plain = pygame.Surface((4, 4))
    plain.fill((0, 0, 255))
    display.set_surface_alpha(plain, 255)
    assert plain.get_alpha() is None
    display.set_surface_alpha(plain, 120)
    assert plain.get_alpha() == 120
    display.set_surface_alpha(plain, None)
    assert plain.get_alpha() is None
    sprite = pygame.Surface((4, 4), pygame.SRCALPHA)
    sprite.fill((0, 0, 255, 0))
    display.set_surface_alpha(sprite, 255)
    assert sprite.get_alpha() == 255
    target = pygame.Surface((4, 4))
    target.fill((255, 0, 0))
    target.blit(sprite, (0, 0))
    assert tuple(target.get_at((1, 1)))[:3] == (255, 0, 0)   # still see-through


def test_the_fade_veil_starts_opaque_and_blits_the_same_picture():
    driver = Driver(Options(headless=True, size=SIZE))
    app = driver.app
    veil = app.overlay(SIZE, 255, (8, 12, 18))
    assert veil.get_alpha() is None
    screen = pygame.Surface(SIZE)
    screen.fill((200, 200, 200))
    screen.blit(veil, (0, 0))
    assert tuple(screen.get_at((5, 5)))[:3] == (8, 12, 18)
    assert app.overlay(SIZE, 100, (8, 12, 18)).get_alpha() == 100
