"""The client's picture caches stay bounded, whatever keys the frames ask for.

A full-window veil cached per alpha grew by one window-sized surface per step of a fade
(tens of MB a game); these check that the caches are bounded in bytes, drop the least
recently used first, and that a fading veil is one surface.
"""

from __future__ import annotations

import pygame

from game.client.match.match import SeatInfo, default_names
from game.client.options import Options
from game.client.ui.assets import Assets, SurfaceCache, surface_bytes
from tests.support.driver import Driver


def picture(width: int, height: int = 10) -> pygame.Surface:
    return pygame.Surface((width, height))


def test_a_surface_cache_drops_the_least_recently_used_past_its_budget():
    one = surface_bytes(picture(100))
    cache = SurfaceCache(budget=3 * one)
    for key in "abc":
        cache[key] = picture(100)
    assert cache.get("a") is not None          # "a" used: "b" is now the oldest
    cache["d"] = picture(100)
    assert set(cache) == {"a", "c", "d"}
    assert cache.bytes == 3 * one
    del cache["c"]
    assert cache.bytes == 2 * one and "c" not in cache
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_a_replaced_picture_is_counted_once_and_a_limit_on_entries_holds():
    cache = SurfaceCache(budget=10**9, limit=2)
    cache["a"] = picture(100)
    cache["a"] = picture(50)
    assert cache.bytes == surface_bytes(picture(50))
    cache["b"] = picture(10)
    cache["c"] = picture(10)
    assert list(cache) == ["b", "c"]


def test_a_picture_larger_than_the_budget_is_still_kept_until_the_next_one():
    cache = SurfaceCache(budget=10)
    big = picture(500)
    cache["big"] = big
    assert cache.get("big") is big              # the frame that asked for it can use it
    cache["next"] = picture(500)
    assert list(cache) == ["next"]


def test_looking_through_a_cache_does_not_reorder_it():
    cache = SurfaceCache(budget=10**9)
    for key in "abc":
        cache[key] = picture(10)
    assert [key for key, _ in cache.items()] == ["a", "b", "c"]
    assert len(list(cache.values())) == 3
    assert list(cache) == ["a", "b", "c"]


def test_text_that_changes_every_frame_does_not_grow_the_text_cache_past_its_budget():
    pygame.font.init()
    assets = Assets()
    assets._text.budget = 2 * 2**20            # a small budget, so the test is quick
    for frame in range(4000):
        assets.text(f"thinking… {frame}", 18)
    assert assets._text.bytes <= 2 * 2**20
    assert 0 < len(assets._text) < 4000
    assert assets.text("thinking… 3999", 18) is assets.text("thinking… 3999", 18)


def test_a_fading_full_window_veil_is_one_surface_not_one_per_alpha():
    driver = Driver(Options(headless=True, size=(1280, 720)))
    app = driver.app
    try:
        before = len(app.surface_cache)
        for alpha in range(256):
            veil = app.overlay((1280, 720), alpha, (10, 6, 4))
            # full strength is no surface alpha (the same picture, SDL's fast blit)
            assert veil.get_alpha() == (alpha if alpha < 255 else None)
        assert len(app.surface_cache) == before + 1
        assert app.surface_cache.bytes <= 2 * surface_bytes(veil) + 8 * 2**20
        # the veil darkens what is under it by its alpha, as a per-pixel one did
        target = pygame.Surface((4, 4))
        target.fill((200, 200, 200))
        target.blit(app.overlay((4, 4), 128, (0, 0, 0)), (0, 0))
        assert 95 <= target.get_at((1, 1))[0] <= 105
    finally:
        driver.close()


def test_a_resize_empties_the_size_bound_caches():
    driver = Driver(Options(headless=True, size=(1280, 720)))
    app = driver.app
    try:
        app.overlay((1280, 720), 100)
        app.shadow((300, 40))
        app.assets.text("hello", 20)
        app.resized()
        assert app.surface_cache.bytes == 0 and len(app.surface_cache) == 0
        assert len(app.assets._text) == 0
    finally:
        driver.close()


def test_leaving_a_game_drops_its_texts_and_shadows():
    driver = Driver(Options(headless=True, size=(1280, 720)))
    app = driver.app
    try:
        seats = default_names([SeatInfo("ai", "easy"), SeatInfo("ai", "easy")])
        app.start_match("cesta", seats, None, 5)
        driver.step(30)
        assert len(app.assets._text) > 0 and len(app._shadows) > 0
        app.go_to_title()
        assert len(app.assets._text) == 0 and len(app._shadows) == 0
        driver.step(2)                          # the title draws its own again
        assert len(app.assets._text) > 0
    finally:
        driver.close()
