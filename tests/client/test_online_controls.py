"""Every control of every table, used on an online match: each one works or is not offered.

A table is typed against ``MatchLike``; this walks the controls as a player would (keys,
the pause menu, the results screen) on a ``RemoteMatch`` against a real server on loopback.
Pressing Hint online used to close the window (the local match's AI seed was asked of the
online one): one person among computer seats gets hints as in a local game.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.client.online.link import Link
from game.client.online.play import open_table
from game.client.online.remote import RemoteMatch
from tests.support.driver import Driver
from tests.support.server_support import ServerThread


def _until(match: RemoteMatch, driver: Driver | None, condition, seconds: float = 30.0) -> None:
    """Step until ``condition`` holds: the server answers on its own thread, so this waits
    on what it says, with a generous bound for a stuck server."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the online match never got there"
        if driver is not None:
            driver.step()
        else:
            match.update(1 / 60)
        time.sleep(0.002)


def _hosted(server: ServerThread, game_name: str) -> RemoteMatch:
    match = RemoteMatch.host(Link(server.url), game_name, 2, "Ada")
    _until(match, None, lambda: bool(match.room.get("seats")) and bool(match.tokens))
    match.set_seat(1, "computer", "easy")
    _until(match, None, lambda: match.room["seats"][1]["kind"] == "computer")
    match.start()
    _until(match, None, lambda: match.started)
    return match


def _top(driver: Driver) -> str:
    return type(driver.top).__name__


@pytest.mark.parametrize("game_name", ["cesta", "royal_road", "cut_the_rope"])
def test_every_table_control_on_an_online_match(game_name: str) -> None:
    with ServerThread(messages_per_second=1000.0, burst=1000) as server:
        driver = Driver()
        try:
            driver.app.settings.set("animation_speed", 0.0)
            driver.app.settings.set("hints_vs_ai", True)
            match = _hosted(server, game_name)
            table = open_table(driver.app, match)
            driver.app.stack.reset(table)
            _until(match, driver, lambda: match.waiting_for_human)
            plies = len(match.history)

            # Hint: one person against the computer is offered hints as in a local game
            assert match.hints_offered and table.hint_button_shown
            driver.key(pygame.K_F2)
            _until(match, driver, lambda: table.hints.shown is not None)
            assert table.hints.shown.move in match.legal_moves()
            assert _top(driver) == type(table).__name__

            # Undo: moves are final online; Ctrl+Z takes nothing back
            driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
            assert len(match.history) == plies and driver.top is table

            # Rules help and mute
            driver.key(pygame.K_F1)
            assert _top(driver) == "RulesScene"
            driver.key(pygame.K_ESCAPE)
            assert driver.top is table
            muted = driver.app.settings["mute"]
            driver.key(pygame.K_m)
            assert driver.app.settings["mute"] is not muted

            # The pause menu: no undo (moves are final), resign and ending instead; the
            # others open and come back
            driver.key(pygame.K_ESCAPE)
            assert _top(driver) == "PauseScene"
            names = [getattr(w, "name", "") for w in driver.top.focus.widgets]
            assert "undo" not in names and "resign" in names and "end_game" in names
            for name, opened in (("rules", "RulesScene"), ("settings", "SettingsScene"),
                                 ("house_rules", "HouseRulesScene")):
                driver.click_widget(name)
                assert _top(driver) == opened, name
                if opened == "HouseRulesScene":   # the room's next game is not started here
                    assert "new_game" not in [getattr(w, "name", "")
                                              for w in driver.top.focus.widgets]
                driver.key(pygame.K_ESCAPE)
                assert _top(driver) == "PauseScene", name
            driver.click_widget("resume")
            assert driver.top is table

            # play to the end through the table, as a click would
            rng = random.Random(3)
            end = time.monotonic() + 90
            while not match.finished:
                assert time.monotonic() < end, "the online game did not end"
                if match.waiting_for_human:
                    assert table.try_move(rng.choice(match.legal_moves()))
                driver.step()
                time.sleep(0.001)
            driver.step(5)
            assert _top(driver) == "ResultsScene"

            # the results: review is not offered online; replay shows what this seat saw
            names = [getattr(w, "name", "") for w in driver.top.focus.widgets]
            labels = [w.label() for w in driver.top.focus.widgets]
            assert len(names) == 4 and all(labels)
            driver.top.replay()
            driver.step(2)
            assert _top(driver) == "OnlineReplayScene"
            replay = driver.top
            replay.seek(0)
            for _ in range(replay.total):  # step by step: each step's line is drawn
                replay.forward()
                driver.step()
            assert replay.ply == replay.total == len(match.history)
            match.close()
        finally:
            driver.close()
