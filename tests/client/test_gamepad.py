"""Gamepads: controller events become the keys the scenes already handle, hot-plugging."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options  # noqa: E402
from game.client.app import gamepad  # noqa: E402
from game.client.scenes.message import ConfirmScene  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def driver():
    d = Driver(Options())
    d.step(2)
    yield d
    d.close()


def press(driver: Driver, button: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button,
                                         instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button,
                                         instance_id=0))
    driver.step(frames)


def stick(driver: Driver, axis: int, value: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value,
                                         instance_id=0))
    driver.step(1)


def test_dpad_moves_the_focus_a_chooses_b_goes_back(driver):
    title = driver.top
    assert isinstance(title, TitleScene)
    first = title.focus.focus
    press(driver, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert title.focus.focus != first and title.focus.keyboard_used  # the ring shows
    press(driver, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert title.focus.focus == first
    press(driver, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(driver.top, SetupScene)
    press(driver, pygame.CONTROLLER_BUTTON_B)
    assert driver.top is title
    press(driver, pygame.CONTROLLER_BUTTON_B)  # B on the title asks, like Esc
    assert isinstance(driver.top, ConfirmScene) and driver.app.running


def test_the_stick_fires_one_arrow_per_push(driver):
    title = driver.top
    start = title.focus.focus
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 30000)
    after_one = title.focus.focus
    assert after_one != start
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 31000)  # still held: no second step
    assert title.focus.focus == after_one
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, 0)      # back to the centre
    stick(driver, pygame.CONTROLLER_AXIS_LEFTX, -30000)
    assert title.focus.focus == start


class FakePad:
    def __init__(self, index: int) -> None:
        self.id = 40 + index
        self.closed = False

    def quit(self) -> None:
        self.closed = True


class FakeControllerModule:
    @staticmethod
    def is_controller(index: int) -> bool:
        return index in (0, 1)

    Controller = FakePad


def test_pads_are_opened_when_plugged_in_and_forgotten_when_pulled_out(monkeypatch):
    monkeypatch.setattr(gamepad, "sdl_controller", FakeControllerModule)
    pads = gamepad.Gamepads.__new__(gamepad.Gamepads)
    pads.pads, pads._stick, pads.available = {}, {}, True
    added = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=1)
    assert pads.translate(added) == []
    assert list(pads.pads) == [41]
    pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5))
    assert list(pads.pads) == [41]  # not a game controller: ignored
    pad = pads.pads[41]
    pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=41))
    assert pads.pads == {} and pad.closed
    # other events pass through untouched
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert pads.translate(key) == [key]


def test_a_real_hot_plug_event_without_a_device_does_no_harm(driver):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    driver.step(2)
    assert driver.app.running and isinstance(driver.top, TitleScene)
