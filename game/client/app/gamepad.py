"""Gamepads drive the same focus and actions as the keyboard, translated in one place.

Every scene already understands the keyboard (arrows move the focus or the selection,
Enter chooses, Esc goes back or pauses), so a controller event becomes the key event a
player would have pressed and reaches the top scene like any other: no scene knows a
gamepad exists. SDL's game-controller layer (``pygame._sdl2.controller``) gives every pad
the same button names; pads are opened when they are plugged in
(``CONTROLLERDEVICEADDED``, also sent at start for pads already there) and forgotten when
they are pulled out.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

sdl_controller: Any
try:  # pygame-ce ships it; a build without it simply has no gamepad support
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - depends on the pygame build
    sdl_controller = None

BUTTON_KEYS: dict[int, int] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,   # choose
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,   # back (on a table: the pause menu)
    pygame.CONTROLLER_BUTTON_X: pygame.K_SPACE,    # the second action (replays: play/pause)
    pygame.CONTROLLER_BUTTON_Y: pygame.K_h,        # the rules
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_BACK: pygame.K_TAB,   # next widget
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_PAGEUP,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_PAGEDOWN,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: pygame.K_F3,  # an online room's chat
}
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
              pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
PRESS = 0.6    # share of the stick's travel that counts as pressing an arrow
RELEASE = 0.3  # the stick must come back this far before the same arrow fires again
AXIS_MAX = 32767
CONTROLLER_EVENTS = frozenset((pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                               pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                               pygame.CONTROLLERAXISMOTION))


def _key_event(kind: int, key: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0, gamepad=True)


class Gamepads:
    """The connected pads and the state of their sticks (an arrow fires once per push)."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}            # instance id -> open Controller
        self._stick: dict[tuple[int, int], int] = {}  # (pad, axis) -> -1, 0 or +1
        self.available = False
        if sdl_controller is not None:
            try:
                sdl_controller.init()
                self.available = True
            except pygame.error:
                self.available = False

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The events the scenes get for ``event``: itself, or the keys a pad means."""
        if event.type not in CONTROLLER_EVENTS:
            return [event]
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open(getattr(event, "device_index", -1))
            return []
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._close(getattr(event, "instance_id", -1))
            return []
        if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key = BUTTON_KEYS.get(getattr(event, "button", -1))
            if key is None:
                return []
            down = event.type == pygame.CONTROLLERBUTTONDOWN
            return [_key_event(pygame.KEYDOWN if down else pygame.KEYUP, key)]
        return self._axis(event)

    def _axis(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        axis = getattr(event, "axis", -1)
        keys = STICK_AXES.get(axis)
        if keys is None:
            return []
        share = getattr(event, "value", 0) / AXIS_MAX
        slot = (getattr(event, "instance_id", 0), axis)
        held = self._stick.get(slot, 0)
        if held == 0 and abs(share) >= PRESS:
            direction = 1 if share > 0 else -1
            self._stick[slot] = direction
            key = keys[1] if direction > 0 else keys[0]
            return [_key_event(pygame.KEYDOWN, key), _key_event(pygame.KEYUP, key)]
        if held != 0 and abs(share) <= RELEASE:
            self._stick[slot] = 0
        return []

    def _open(self, device_index: int) -> None:
        if not self.available or sdl_controller is None or device_index < 0:
            return
        try:
            if not sdl_controller.is_controller(device_index):
                return
            pad = sdl_controller.Controller(device_index)
        except (pygame.error, IndexError, ValueError):
            return  # unplugged again before it opened, or not a game controller
        self.pads[pad.id] = pad

    def _close(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        self._stick = {k: v for k, v in self._stick.items() if k[0] != instance_id}
        if pad is not None:
            with contextlib.suppress(pygame.error):
                pad.quit()
