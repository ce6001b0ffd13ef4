"""Settings: language, volume, mute, fullscreen / window size, animation speed, colour-blind
symbols, card tracker, AI pace, undo, hints against the computer. Changes apply at once and
are saved on leaving. A row that needs more than its name (``settings.about.<key>``) is
explained under the list while it has the focus or the mouse."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame

from game.client.i18n import (
    N_,
    language,
    language_name,
    languages,
    number,
    percent,
    pt,
    t,
)
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.storage.settings import Settings
from game.client.ui import theme
from game.client.ui.widgets import Button, Choice, Widget

SIZES = [[960, 540], [1280, 720], [1600, 900], [1920, 1080], [2560, 1440]]
# animation speed: a factor on every animation's duration, offered as four named choices
SPEEDS = [0.0, 0.5, 1.0, 2.0]
SPEED_NAMES = {0.0: "off", 0.5: "fast", 1.0: "normal", 2.0: "slow"}
VOLUMES = [round(v / 10, 1) for v in range(11)]
PACES = [0.0, 0.3, 0.6, 1.0, 1.5]


UNDO_MODES = ["off", "turn", "hot_seat"]


def undo_mode(settings: Settings) -> str:
    """``undo`` and ``undo_hot_seat`` shown as one choice."""
    if settings.get("undo") == "off":
        return "off"
    return "hot_seat" if settings.get("undo_hot_seat") else "turn"


def speed_name(value: object) -> str:
    """The player's word for an animation speed; a hand-edited factor between the four
    choices reads as the nearest of them."""
    factor = float(value) if isinstance(value, (int, float)) else 1.0
    nearest = min(SPEEDS, key=lambda choice: abs(choice - factor))
    names = {
        "off": pt("animation speed", "off"),
        "fast": pt("animation speed", "fast"),
        "normal": pt("animation speed", "normal"),
        "slow": pt("animation speed", "slow"),
    }
    return names[SPEED_NAMES[nearest]]


def undo_mode_name(mode: object) -> str:
    names = {
        "off": t("off"),
        "turn": t("against computers"),
        "hot_seat": t("always (also hot seat)"),
    }
    return names.get(str(mode), str(mode))


def _about(key: str) -> str | None:
    """The explanation of a settings row that has one."""
    if key == "hints_vs_ai":
        return t("The Hint button (F2) asks the expert computer player for your move and "
                 "says why. Among people it is always on; against the computer it is on "
                 "unless you turn it off here, and every hint is counted in the statistics.")
    return None


def _on_off(value: object) -> str:
    return t("on") if value else t("off")


class SettingsScene(MenuScene):
    opaque = True

    def build(self) -> None:
        u = theme.unit(self.size)
        s = self.app.settings
        width, height = int(520 * u), int(38 * u)
        x = self.size[0] // 2 - width // 2
        top = int(92 * u)
        gap = int(42 * u)
        rows: list[tuple[str, Sequence[Any], str, Callable[[Any], str]]] = [
            (N_("Language"), list(languages()), "language", language_name),
            (N_("Volume"), VOLUMES, "volume", lambda v: percent(float(v))),
            (N_("Mute"), [False, True], "mute", _on_off),
            (N_("Fullscreen"), [False, True], "fullscreen", _on_off),
            (N_("Window size"), SIZES, "window_size", lambda v: f"{v[0]}×{v[1]}"),
            (N_("Animation speed"), SPEEDS, "animation_speed", speed_name),
            (N_("Colour-blind symbols"), [False, True], "colourblind_symbols", _on_off),
            (N_("Card tracker"), [False, True], "card_tracker", _on_off),
            (N_("AI pace (s)"), PACES, "ai_pace", lambda v: number(float(v))),
        ]
        rows.append((N_("Undo moves"), UNDO_MODES, "undo_mode", undo_mode_name))
        rows.append((N_("Hints against the computer"), [False, True], "hints_vs_ai", _on_off))
        widgets: list[Widget] = []
        for i, (label, options, key, show) in enumerate(rows):
            get: Callable[[], object] = partial(s.get, key)
            if key == "undo_mode":
                get = partial(undo_mode, s)
            elif key == "language":  # the language on screen (--lang may differ from the file)
                get = language
            widgets.append(Choice(self.app, pygame.Rect(x, top + i * gap, width, height),
                                  partial(t, label), options, get,
                                  partial(self.change, key), show, name=key))
        widgets.append(Button(self.app, pygame.Rect(self.size[0] // 2 - int(100 * u),
                                                    top + len(rows) * gap + int(10 * u),
                                                    int(200 * u), int(50 * u)),
                              lambda: t("Back"), self.back, primary=True, name="back"))
        self.focus.set(widgets)
        self.keys = [key for _label, _options, key, _show in rows]

    def change(self, key: str, value: object) -> None:
        if key == "undo_mode":  # one row for the two undo settings
            self.app.settings.set("undo", "off" if value == "off" else "turn")
            self.app.settings.set("undo_hot_seat", value == "hot_seat")
            return
        if key == "language":
            self.app.choose_language(str(value))
        else:
            self.app.settings.set(key, value)
        if key == "fullscreen":
            self.app.set_fullscreen(bool(value))
        if key == "window_size" and isinstance(value, list):
            self.app.resize_window((int(value[0]), int(value[1])))
        self.app.apply_settings()

    def back(self) -> None:
        self.app.settings.save()
        self.app.stack.pop()

    def about(self) -> str | None:
        """The key of the row under the mouse (else the focused one) when it has an
        explanation of its own."""
        index = self.focus.hover if self.focus.hover is not None else self.focus.focus
        if 0 <= index < len(self.keys) and _about(self.keys[index]) is not None:
            return self.keys[index]
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.menu_background(surface.get_size()), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        draw_heading(self.app, surface, t("Settings"), int(30 * u))
        problems = self.app.settings.problems
        if problems:
            text = t("Your settings file has an error ({where}); defaults are used and the "
                     "file is left as it is.", where=problems[0].short())
            image = self.app.assets.text(text, int(15 * u), (255, 200, 170),
                                         wrap=int(surface.get_width() * 0.8), align="center")
            surface.blit(image, image.get_rect(midbottom=(surface.get_width() // 2,
                                                          surface.get_height() - int(40 * u))))
        about = self.about()
        text = (_about(about) if about is not None else None) or t(
            "A new window size applies at once; in fullscreen, when you leave it.")
        note = self.app.assets.text(text, int(14 * u), (200, 210, 204),
                                    wrap=int(900 * u), align="center")
        last = self.focus.widgets[-1].rect
        surface.blit(note, note.get_rect(midtop=(surface.get_width() // 2,
                                                 last.bottom + int(8 * u))))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
