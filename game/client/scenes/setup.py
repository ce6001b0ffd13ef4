"""Game setup: seats (person or computer with a level, names), house-rule preset, and a
read-only view of the active rules; then the table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import languages, t
from game.client.i18n.rule_words import house_rule_lines, rule_help, rule_line, rule_name
from game.client.i18n.words import game_title, level_name
from game.client.match.match import SeatInfo, default_names
from game.client.options import AI_LEVELS
from game.client.scenes.common import MenuScene, draw_heading, draw_hint, draw_panel
from game.client.scenes.house_rules import PRESET_NAMES, PRESETS, HouseRulesScene, preset_name
from game.client.scenes.rules_help import RulesScene
from game.client.storage.settings import NAME_LENGTH
from game.client.storage.user_rules import overrides_for
from game.client.ui import theme
from game.client.ui.house_badge import BADGE_EDGE, badge_size, draw_badge, list_image
from game.client.ui.widgets import Button, Choice, Widget
from game.i18n import translator
from game.rules import RulesError, get_game
from game.rules.houserule_keys import SCHEMAS
from game.rules.houserules import load_rules

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext


class NameField(Widget):
    """Click (or Enter) to edit a seat's name; typing uses SDL text input (diacritics)."""

    def __init__(self, scene: SetupScene, rect: pygame.Rect, index: int) -> None:
        self.scene = scene
        self.rect = rect
        self.index = index
        self.enabled = True
        self.visible = True
        self.name = f"name{index}"

    def activate(self) -> None:
        self.scene.editing = self.index
        pygame.key.start_text_input()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        app = self.scene.app
        editing = self.scene.editing == self.index
        pygame.draw.rect(surface, (255, 255, 255) if editing else theme.PAPER, self.rect,
                         border_radius=8)
        border = theme.GOLD if editing or focused or hovered else theme.INK
        pygame.draw.rect(surface, border, self.rect, width=2, border_radius=8)
        text = self.scene.names[self.index] + ("|" if editing else "")
        image = app.assets.text(text, int(self.rect.height * 0.48), theme.INK)
        surface.blit(image, (self.rect.x + 10, self.rect.centery - image.get_height() // 2))


class SetupScene(MenuScene):
    def __init__(self, app: AppContext, game: str) -> None:
        self.game = game
        self.range = self._player_range()
        count = self.range[0]
        self.kinds = ["human"] + ["ai"] * (count - 1)
        self.levels = ["normal"] * count
        self.names = [""] * count
        # the seats of the last game of this kind come back (a count the rules no longer
        # allow starts afresh)
        last = (app.settings.get("last_setup") or {}).get(game)
        if last and self.range[0] <= len(last["kinds"]) <= self.range[1]:
            self.kinds = list(last["kinds"])
            self.levels = list(last["levels"])
            self.names = list(last["names"])
        self.preset = "file" if app.options.rules_file else "mine"
        self.editing: int | None = None
        self.error = ""
        self.user_rules: dict[str, Any] | None = None  # the player's own house-rules file
        # names typed for people last time come back (the hot-seat family keeps its names)
        self.remembered = [str(n) for n in app.settings.get("player_names") or []]
        super().__init__(app)
        self._fill_names()

    def _player_range(self) -> tuple[int, int]:
        players = get_game(self.game).player_range()
        return players.start, players.stop - 1

    def _fill_names(self) -> None:
        seats = default_names([SeatInfo(k, lvl) for k, lvl in zip(self.kinds, self.levels,
                                                                    strict=True)])
        replaceable = _auto_names() | set(self.remembered)
        people = 0
        for i, seat in enumerate(seats):
            name = seat.name
            if not seat.is_ai:
                if people < len(self.remembered) and self.remembered[people]:
                    name = self.remembered[people]
                people += 1
            if not self.names[i] or self.names[i] in replaceable:
                self.names[i] = name

    def _remember_names(self) -> None:
        """Keep the people's names for the next setup of any game (computers keep their own
        names), and this game's seats, levels and names for its next setup."""
        auto = _auto_names()
        names = [n.strip() for n, kind in zip(self.names, self.kinds, strict=True)
                 if kind == "human"]
        if all(not n or n in auto for n in names):
            names = []  # nothing typed: nothing to remember
        names = [n if n not in auto else "" for n in names][:8]
        settings = self.app.settings
        last = dict(settings.get("last_setup") or {})
        last[self.game] = {"kinds": list(self.kinds), "levels": list(self.levels),
                           "names": [n.strip() if n.strip() not in auto
                                     and n.strip().isprintable() else ""
                                     for n in self.names]}
        changed = last != settings.get("last_setup")
        if names != self.remembered:
            settings.set("player_names", names)
            changed = True
        if changed:
            settings.set("last_setup", last)
            settings.save()   # one atomic write of the whole file

    def presets(self) -> list[str]:
        """The house-rules editor's presets under the same names, after the player's own
        file ("mine": the original rules while there is none) and a --rules file."""
        names = ["mine", *PRESET_NAMES[1:]] if not self.user_rules else ["mine", *PRESET_NAMES]
        if self.app.options.rules_file:
            names.insert(1, "file")
        return names

    def rules_source(self) -> Any:
        if self.preset == "file" and self.app.options.rules_file:
            return str(self.app.options.rules_file)
        if self.preset == "mine":
            return self.user_rules
        return PRESETS.get(self.game, {}).get(self.preset) or None

    def active_rules(self) -> dict[str, Any]:
        try:
            return load_rules(self.game, self.rules_source())
        except RulesError as error:
            self.error = str(error)
            return {}

    def build(self) -> None:
        u = theme.unit(self.size)
        w, _ = self.size
        left = int(w * 0.07)
        top = int(150 * u)
        # rows shrink a little for many seats so the preset and Start always fit
        row_h = int(min(48 * u, 300 * u / max(1, len(self.kinds)) - 12 * u))
        widgets: list[Widget] = []
        self.row_rects = []
        for i in range(len(self.kinds)):
            y = top + i * (row_h + int(12 * u))
            self.row_rects.append(pygame.Rect(left, y, int(w * 0.5), row_h))
            widgets.append(NameField(self, pygame.Rect(left + int(56 * u), y, int(200 * u),
                                                       row_h), i))
            widgets.append(Choice(self.app, pygame.Rect(left + int(270 * u), y, int(150 * u),
                                                        row_h), "", ["human", "ai"],
                                  partial(self.kinds.__getitem__, i),
                                  partial(self._set_kind, i),
                                  lambda v: t("Person") if v == "human" else t("Computer"),
                                  name=f"kind{i}"))
            level = Choice(self.app, pygame.Rect(left + int(430 * u), y, int(150 * u), row_h),
                           "", list(AI_LEVELS), partial(self.levels.__getitem__, i),
                           partial(self._set_level, i),
                           lambda v: level_name(v), name=f"level{i}")
            level.visible = self.kinds[i] == "ai"
            widgets.append(level)
        y = top + len(self.kinds) * (row_h + int(12 * u))
        low, high = self.range
        if high > low:
            add = Button(self.app, pygame.Rect(left, y, int(130 * u), int(40 * u)),
                         lambda: t("+ seat"), self.add_seat, name="add")
            add.enabled = len(self.kinds) < high
            rem = Button(self.app, pygame.Rect(left + int(140 * u), y, int(130 * u),
                                               int(40 * u)),
                         lambda: t("− seat"), self.remove_seat, name="remove")
            rem.enabled = len(self.kinds) > low
            widgets += [add, rem]
            y += int(52 * u)
        widgets.append(Choice(self.app, pygame.Rect(left, y + int(20 * u), int(420 * u),
                                                    int(48 * u)),
                              lambda: t("Rules"), self.presets(), lambda: self.preset,
                              self._set_preset, self._preset_name,
                              name="preset"))
        bw, bh = int(250 * u), int(58 * u)
        start = Button(self.app, pygame.Rect(left, self.size[1] - int(130 * u), bw, bh),
                       lambda: t("Start game"), self.start, primary=True, name="start")
        back = Button(self.app, pygame.Rect(left + bw + int(20 * u), self.size[1] - int(130 * u),
                                            int(160 * u), bh),
                      lambda: t("Back"), self.back, name="back")
        house = Button(self.app, pygame.Rect(left + int(430 * u), y + int(20 * u), int(210 * u),
                                             int(48 * u)),
                       lambda: t("Edit rules…"), self.open_house_rules, name="house_rules")
        widgets += [house, start, back]
        self.focus.set(widgets)
        self.focus.focus = len(widgets) - 2
        self.rules_panel = pygame.Rect(int(w * 0.6), int(130 * u), int(w * 0.34),
                                       self.size[1] - int(250 * u))

    def _preset_name(self, preset: object) -> str:
        """One name per preset everywhere: the editor's names; "mine" is the original
        rules until the player saves a file of their own."""
        if preset == "mine" and not self.user_rules:
            return t("Original rules")
        if preset == "mine":
            return t("My house rules")
        if preset == "file":
            return t("From the file given with --rules")
        return preset_name(str(preset))

    def open_house_rules(self) -> None:
        self.app.stack.push(HouseRulesScene(self.app, self.game))

    def on_enter(self) -> None:
        self.on_resume()

    def on_resume(self) -> None:
        """The house-rules editor may have changed the player's file."""
        self.user_rules = overrides_for(self.game)
        self.error = ""
        focus = self.focus.focus
        self.build()  # the preset list names the player's own file only when there is one
        self.focus.focus = focus

    def _set_kind(self, index: int, kind: object) -> None:
        self.kinds[index] = str(kind)
        self._fill_names()
        focus = self.focus.focus
        self.build()
        self.focus.focus = focus

    def _set_level(self, index: int, level: object) -> None:
        self.levels[index] = str(level)

    def _set_preset(self, preset: object) -> None:
        self.preset = str(preset)
        self.error = ""

    def add_seat(self) -> None:
        if len(self.kinds) < self.range[1]:
            self.kinds.append("ai")
            self.levels.append("normal")
            self.names.append("")
            self._fill_names()
            self.build()

    def remove_seat(self) -> None:
        if len(self.kinds) > self.range[0]:
            for items in (self.kinds, self.levels, self.names):
                items.pop()
            self.build()

    def seats(self) -> list[SeatInfo]:
        return [SeatInfo(k, lvl, n.strip()) for k, lvl, n in zip(self.kinds, self.levels,
                                                                 self.names, strict=True)]

    def start(self) -> None:
        self.editing = None
        try:
            load_rules(self.game, self.rules_source())
        except RulesError as error:
            self.error = str(error)
            return
        self._remember_names()
        self.app.start_match(self.game, default_names(self.seats()), self.rules_source())

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            if event.type == pygame.TEXTINPUT:
                if len(self.names[self.editing]) < NAME_LENGTH:
                    self.names[self.editing] += event.text
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.names[self.editing] = self.names[self.editing][:-1]
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                   pygame.K_TAB):
                    self.editing = None
                    pygame.key.stop_text_input()
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.editing = None
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_h):
            rules = self.active_rules() or None   # the rules chosen here, as on the table
            self.app.stack.push(RulesScene(self.app, self.game, rules))
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        app = self.app
        draw_heading(app, surface, t("New game: {game}", game=game_title(self.game)), int(28 * u))
        label = app.assets.text(t("Players"), int(22 * u), theme.WHITE, bold=True)
        surface.blit(label, (self.row_rects[0].x, self.row_rects[0].y - int(36 * u)))
        for i, rect in enumerate(self.row_rects):
            icon = "ui/robot.svg" if self.kinds[i] == "ai" else "ui/person.svg"
            size = int(rect.height * 0.9)
            image = app.assets.sprite(icon, (size, size), partial(_seat_icon, index=i))
            surface.blit(image, (rect.x, rect.centery - size // 2))
        hint = app.assets.text(t("Click a name to rename it, "
                                 "type, Enter to finish."), int(14 * u), (210, 220, 214))
        surface.blit(hint, (self.row_rects[0].x + label.get_width() + int(16 * u),
                            self.row_rects[0].y - int(36 * u) + label.get_height() -
                            hint.get_height()))
        draw_panel(app, surface, self.rules_panel)
        pad = int(16 * u)
        head = app.assets.text(t("Active rules"), int(20 * u), theme.INK, bold=True)
        surface.blit(head, (self.rules_panel.x + pad, self.rules_panel.y + pad))
        y = self.rules_panel.y + pad + head.get_height() + int(8 * u)
        rules = self.active_rules()
        y = self.draw_changes(surface, rules, y, u) + int(8 * u)
        helps = _helps(self.game)
        for key, value in rules.items():
            text = rule_line(self.game, key, value)
            image = app.assets.text(text, int(14 * u), (40, 34, 38), bold=True,
                                    wrap=self.rules_panel.width - 2 * pad)
            help_text = helps.get(key, "")
            if help_text.lower() == rule_name(self.game, key).lower():
                help_text = ""  # "Nejméně hráčů: 2" needs no second "nejméně hráčů"
            note = app.assets.text(help_text, int(12 * u), (110, 100, 96),
                                   wrap=self.rules_panel.width - 2 * pad) if help_text else None
            height = image.get_height() + (note.get_height() if note else 0)
            if y + height > self.rules_panel.bottom - pad:
                break
            surface.blit(image, (self.rules_panel.x + pad, y))
            if note is not None:
                surface.blit(note, (self.rules_panel.x + pad, y + image.get_height()))
            y += height + int(5 * u)
        if self.error:
            err = app.assets.text(self.error, int(15 * u), (255, 190, 170),
                                  wrap=int(surface.get_width() * 0.5))
            surface.blit(err, (self.row_rects[0].x, surface.get_height() - int(60 * u)))
        draw_hint(app, surface, t("Arrows / Tab move · Enter choose · Esc back"))


    def draw_changes(self, surface: pygame.Surface, rules: dict[str, Any], y: int,
                     u: float) -> int:
        """Under the panel's heading: the house-rules badge and what the rules change
        from the original ones, or that they are the original rules; returns the y below."""
        assets, panel = self.app.assets, self.rules_panel
        pad = int(16 * u)
        width = panel.width - 2 * pad
        lines = house_rule_lines(self.game, rules) if rules else []
        if not lines:
            note = assets.text(t("The original rules: nothing is changed."), int(13 * u),
                               (70, 100, 80), bold=True, wrap=width)
            surface.blit(note, (panel.x + pad, y))
            return y + note.get_height()
        size = int(13 * u)
        badge = pygame.Rect((panel.x + pad, y), badge_size(assets, t("House rules"), size))
        draw_badge(assets, surface, badge, t("House rules"), size)
        listed = list_image(assets, lines, int(14 * u), width)
        surface.blit(listed, (panel.x + pad, badge.bottom + int(4 * u)))
        bottom = badge.bottom + int(4 * u) + listed.get_height()
        pygame.draw.line(surface, BADGE_EDGE, (panel.x + pad, bottom + int(5 * u)),
                         (panel.right - pad, bottom + int(5 * u)), 1)
        return bottom + int(6 * u)


def _helps(game: str) -> dict[str, str]:
    """One-line explanations of the house-rule keys in the active language."""
    return {key.name: rule_help(game, key) for key in SCHEMAS[game].keys}


def _auto_names() -> set[str]:
    names = set()
    for code in languages():
        for n in range(1, 9):
            names.add(translator(code).t("Player {n}", n=n))
            names.add(translator(code).t("Robot {n}", n=n))
    return names


def _seat_icon(size: tuple[int, int], index: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    r = size[0] // 2
    pygame.draw.circle(surface, theme.PAPER, (r, r), r)
    pygame.draw.circle(surface, theme.INK, (r, r), r, width=2)
    pygame.draw.circle(surface, theme.INK, (r, int(r * 0.8)), r // 3)
    return surface
