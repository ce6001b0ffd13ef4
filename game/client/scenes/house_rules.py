"""The house-rules editor: every key of a game's rules, its value and one-line help.

Widgets come from each key's schema (``game.rules.houserule_keys``): toggles for true/false,
steppers for numbers (within the key's range, odd-only where needed), cyclers for choices and
"choice or seat number" keys, and small dedicated pickers for the list and table keys
(``ranking``, ``deck``, ``pile_sizes``). Every change is validated at once with the schema's
own checks and ``load_rules`` on the merged set, so an impossible combination is shown (and
cannot be saved) before it reaches a game. Saving writes the player's TOML file
(``storage.user_rules``); a broken file is reported and never overwritten. Presets per game: the
original rules, a quick game and a long game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import t
from game.client.i18n.rule_words import rule_help, rule_name, rule_value
from game.client.i18n.words import game_title
from game.client.scenes.common import MenuScene, draw_heading, draw_hint
from game.client.storage.user_rules import UserRulesError, load_user_rules, save_user_rules
from game.client.ui import theme
from game.client.ui.widgets import Button, Choice, Widget
from game.rules import RulesError
from game.rules.houserule_keys import CESTA_RANKING, RR_FULL_DECK, SCHEMAS
from game.rules.houserules import RuleKey, load_rules

if TYPE_CHECKING:
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table

PRESET_NAMES = ("original", "quick", "long")

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "cesta": {
        "original": {},
        "quick": {"milestones": 3, "win_any": 2, "action_cards": False},
        "long": {"milestones": 7, "win_any": 4, "hand_size": 6},
    },
    "royal_road": {
        "original": {},
        "quick": {"track_cards": 11, "deal": 4, "keep": 1},
        "long": {"track_cards": 21, "deal": 6, "keep": 3},
    },
    "cut_the_rope": {
        "original": {},
        "quick": {"pile_sizes": {"2": 10, "3": 10, "4": 8, "5": 8, "6": 6}},
        "long": {"pile_sizes": {"2": 30, "3": 26, "4": 20, "5": 16, "6": 12}},
    },
}

_NO_BLACK = [code for code in RR_FULL_DECK if "k" not in code[0] + code[3] + code[6]]
_PILES = [
    {"2": 20, "3": 20, "4": 16, "5": 16, "6": 12},
    {"2": 10, "3": 10, "4": 8, "5": 8, "6": 6},
    {"2": 15, "3": 15, "4": 12, "5": 12, "6": 9},
    {"2": 30, "3": 26, "4": 20, "5": 16, "6": 12},
]


def preset_name(name: object) -> str:
    names = {
        "original": t("Original rules"),
        "quick": t("Quick game"),
        "long": t("Long game"),
        "custom": t("Custom"),
    }
    return names.get(str(name), str(name))


def preset_rules(game: str, name: str) -> dict[str, Any]:
    """The full rule set of a preset."""
    return load_rules(game, PRESETS[game][name])


def _rankings() -> list[list[str]]:
    """The default order, each adjacent swap of it, and the sum-first order."""
    base = list(CESTA_RANKING)
    out = [base]
    for i in range(len(base) - 1):
        swapped = list(base)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        out.append(swapped)
    out.append(list(reversed(base)))
    return out


def options_for(key: RuleKey, current: Any) -> list[Any]:
    """The values a key's widget steps through (the current value always among them)."""
    if key.kind == "bool":
        options: list[Any] = [False, True]
    elif key.kind == "int":
        options = list(range(key.low or 0, (key.high or 0) + 1))
        options = [v for v in options if key.check(v) is None]
    elif key.kind == "choice":
        options = list(key.choices)
    elif key.kind == "int-or-choice":
        options = [*key.choices, *range(key.low or 0, (key.high or 0) + 1)]
    elif key.name == "ranking":
        options = _rankings()
    elif key.name == "deck":
        options = [list(RR_FULL_DECK), list(_NO_BLACK)]
    elif key.name == "pile_sizes":
        options = [dict(p) for p in _PILES]
    else:
        options = [key.default]
    if current not in options:
        options.append(current)
    return options


def show_value(game: str, key: RuleKey, value: Any) -> str:
    """The value in player words (``rule_words``), the same as on the setup panel."""
    return rule_value(game, key.name, value)


def help_text(game: str, key: RuleKey) -> str:
    """The key's one-line help in the active language."""
    return rule_help(game, key)


def error_words(game: str, error: RulesError) -> str:
    """Why the chosen rules cannot be played, in player words. The editor offers only valid
    values, so its errors are the checks across keys; the error's own English (which names
    TOML keys) is kept only for anything else, such as a hand-edited file."""
    words = {
        "win_any": t("It cannot take more milestones to win than there are on the path."),
        "players_min": t("The fewest players cannot be more than the most players."),
        "keep": t("Players cannot keep more cards than they are dealt."),
        "deck": t("There are too few royal cards to deal to everyone and lay the road."),
        "jail_position": t("JAIL must lie between START and the trapdoor."),
        "first_player": t("The player who starts must be one of the players."),
        "pile_sizes": t("Every number of players needs a pile size, and the piles and hands "
                        "together cannot need more cards than the deck holds."),
    }
    reason = words.get(error.key or "") or str(error)
    return t("Not valid: {reason}", reason=reason)


class ValueWidget(Choice):
    """A stepper/cycler for one rule key; clicking the left half steps back."""

    def __init__(self, scene: HouseRulesScene, rect: pygame.Rect, key: RuleKey) -> None:
        self.scene = scene
        self.key = key
        super().__init__(scene.app, rect, "", options_for(key, scene.values[key.name]),
                         lambda: scene.values[key.name],
                         lambda v: scene.change(key.name, v),
                         lambda v: show_value(scene.game, key, v), name=key.name)

    def adjust(self, step: int) -> bool:
        self.options = options_for(self.key, self.get())
        return super().adjust(step)

    def click(self, pos: tuple[int, int]) -> None:
        self.app.audio.play("button")
        self.adjust(-1 if pos[0] < self.rect.centerx and self.key.kind != "bool" else 1)


class HouseRulesScene(MenuScene):
    """Edit ``game``'s house rules; from a table the running game's rules are the start."""

    def __init__(self, app: AppContext, game: str, table: Table | None = None) -> None:

        self.game = game
        self.table = table
        self.schema = SCHEMAS[game]
        self.user = load_user_rules(game)
        if table is not None:
            self.values = dict(table.match.game.rules)
        else:
            self.values = self.user.rules()
        self.error: RulesError | None = None
        self.defaults = load_rules(game)
        self.presets = {name: preset_rules(game, name) for name in PRESET_NAMES}
        self.message = ""
        self.scroll = 0
        super().__init__(app)
        self.validate()

    # --- model ---------------------------------------------------------------------------
    def change(self, name: str, value: Any) -> None:
        self.values[name] = value
        self.message = ""
        self.validate()

    def validate(self) -> bool:
        """Check the merged set live; the error names the key it is about."""
        try:
            self.values = load_rules(self.game, self.values)
            self.error = None
        except RulesError as error:
            self.error = error
        if hasattr(self, "save_button"):
            self.save_button.enabled = self.error is None and self.user.writable
            if self.new_game_button is not None:
                self.new_game_button.enabled = self.error is None
        return self.error is None

    def preset(self) -> str:
        for name, rules in self.presets.items():
            if rules == self.values:
                return name
        return "custom"

    def set_preset(self, name: object) -> None:
        if name in self.presets:
            self.values = dict(self.presets[str(name)])
            self.message = ""
            self.validate()

    def reset_key(self, name: str) -> None:
        self.change(name, self.defaults[name])

    def save(self) -> None:

        if not self.validate():
            return
        try:
            path = save_user_rules(self.game, self.values)
        except (UserRulesError, RulesError, OSError) as error:
            self.message = t("Not saved: {reason}", reason=str(error))
            return
        self.message = t("Saved to {file}", file=str(path))
        self.app.audio.play("button")

    def new_game(self) -> None:
        if self.table is None or self.table.match.controls is not None or not self.validate():
            return
        match = self.table.match
        self.app.stack.pop_to(type(self.table))
        self.app.start_match(match.game_name, match.rematch_seats(), dict(self.values),
                             self.app.new_seed())

    def reload(self) -> None:

        self.user = load_user_rules(self.game)
        if self.user.problem is None:
            self.values = self.user.rules()
        self.message = ""
        self.validate()

    # --- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        u = theme.unit(self.size)
        w, h = self.size
        self.row_h = max(14, int(30 * u))
        self.gap = max(2, int(4 * u))
        self.left = int(w * 0.04)
        self.name_w = int(w * 0.2)
        self.widget_w = int(w * 0.3)
        self.top = int(108 * u)
        self.bottom = h - int(150 * u)
        widgets: list[Widget] = []
        self.preset_widget = Choice(self.app, pygame.Rect(self.left, int(60 * u),
                                                          int(w * 0.42), max(16, int(38 * u))),
                                    lambda: t("Preset"),
                                    [*PRESET_NAMES, "custom"], self.preset, self.set_preset,
                                    preset_name, name="preset")
        widgets.append(self.preset_widget)
        self.rows: list[ValueWidget] = []
        for key in self.schema.keys:
            widget = ValueWidget(self, pygame.Rect(0, 0, self.widget_w, self.row_h), key)
            self.rows.append(widget)
            widgets.append(widget)
        bw, bh = int(190 * u), max(16, int(44 * u))
        y = h - int(88 * u)
        buttons: list[tuple[Callable[[], str], Callable[[], None], str, bool]] = [
            (lambda: t("Save"), self.save, "save", True),
            (lambda: t("Reset key"), self.reset_focused, "reset", False),
        ]
        # an online table's next game is the room's (its host sets the rules): not from here
        if self.table is not None and self.table.match.controls is None:
            buttons.append((lambda: t("New game with these "
                                      "rules"), self.new_game, "new_game", False))
        if self.user.problem is not None:
            buttons.append((lambda: t("Reload file"), self.reload, "reload", False))
        buttons.append((lambda: t("Back"), self.back, "back", False))
        x = self.left
        self.new_game_button: Button | None = None
        for label, action, name, primary in buttons:
            width = {"new_game": int(bw * 1.7), "reset": int(bw * 1.25),
                     "reload": int(bw * 1.25)}.get(name, bw)
            button = Button(self.app, pygame.Rect(x, y, width, bh), label, action,
                            primary=primary, name=name, size=max(10, int(18 * u)))
            widgets.append(button)
            x += width + int(14 * u)
            if name == "save":
                self.save_button = button
            if name == "new_game":
                self.new_game_button = button
        self.focus.set(widgets)
        self.focus.focus = 1 if len(widgets) > 1 else 0
        self.layout_rows()
        self.validate()

    def layout_rows(self) -> None:
        """Place the rows for the current scroll; rows outside the list area are hidden."""
        x = self.left + self.name_w
        per = self.row_h + self.gap
        visible = max(1, (self.bottom - self.top) // per)
        self.scroll = max(0, min(self.scroll, len(self.rows) - visible))
        for index, widget in enumerate(self.rows):
            slot = index - self.scroll
            widget.rect = pygame.Rect(x, self.top + slot * per, self.widget_w, self.row_h)
            widget.visible = 0 <= slot < visible
        self.visible_rows = visible

    def focused_row(self) -> ValueWidget | None:
        widget = self.focus.widgets[self.focus.focus] if self.focus.widgets else None
        return widget if isinstance(widget, ValueWidget) else None

    def reset_focused(self) -> None:
        row = self.focused_row() or getattr(self, "_last_row", None)
        if row is not None:
            self.reset_key(row.key.name)

    def ensure_visible(self) -> None:
        row = self.focused_row()
        if row is None:
            return
        index = self.rows.index(row)
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self.layout_rows()

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(getattr(event, "y", 0))
            self.layout_rows()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for row in self.rows:
                if row.visible and row.rect.collidepoint(event.pos):
                    self.focus.focus = self.focus.widgets.index(row)
                    self._last_row = row
                    if event.button == 3:
                        row.adjust(-1)
                    else:
                        row.click(event.pos)
                    return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.reset_focused()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s \
                and event.mod & pygame.KMOD_CTRL:
            self.save()
            return
        super().handle_event(event)
        focused = self.focused_row()
        if focused is not None:
            self._last_row = focused
        if event.type == pygame.KEYDOWN:
            self.ensure_visible()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        app = self.app
        w = surface.get_width()
        draw_heading(app, surface, t("House rules: {game}", game=game_title(self.game)), int(8 * u),
                     size=max(12, int(34 * u)))
        name_size = max(9, int(17 * u))
        help_size = max(8, int(14 * u))
        help_x = self.left + self.name_w + self.widget_w + int(14 * u)
        help_w = max(40, w - help_x - int(20 * u))
        bad_key = self.error.key if self.error is not None else None
        for row in self.rows:
            if not row.visible:
                continue
            key = row.key
            colour = (255, 190, 160) if key.name == bad_key else theme.WHITE
            name, size = rule_name(self.game, key.name), name_size
            label = app.assets.text(name, size, colour, bold=True)
            while label.get_width() > self.name_w - int(8 * u) and size > 8:
                size -= 1  # a long translation shrinks rather than running under the value
                label = app.assets.text(name, size, colour, bold=True)
            surface.blit(label, (self.left, row.rect.centery - label.get_height() // 2))
            default = self.defaults[key.name]
            text = help_text(self.game, key)
            # TRANSLATORS: {help} is a house rule's one-line help; the rule has its default
            note = text if self.values.get(key.name) != default else \
                t("{help} (default)", help=text)
            image = app.assets.text(note, help_size, (212, 222, 216), wrap=help_w)
            surface.blit(image, (help_x, row.rect.centery - image.get_height() // 2))
        if len(self.rows) > self.visible_rows:
            total = len(self.rows)
            bar_h = self.bottom - self.top
            knob = pygame.Rect(w - int(12 * u), self.top + bar_h * self.scroll // total,
                               max(3, int(6 * u)), bar_h * self.visible_rows // total)
            pygame.draw.rect(surface, theme.GOLD, knob, border_radius=3)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.user.problem is not None:
            lines.append((t("Your house-rules file has a problem: {where} — {reason}. The game "
                            "uses the original rules and will not overwrite the file; fix or "
                            "delete it.", where=self.user.problem.where(),
                            reason=self.user.problem.message), (255, 190, 160)))
        if self.error is not None:
            lines.append((error_words(self.game, self.error), (255, 190, 160)))
        elif self.message:
            lines.append((self.message, (200, 240, 200)))
        elif self.table is not None:
            lines.append((t("Changes apply to the next game; this one keeps "
                            "its rules."), (220, 226, 222)))
        y = self.bottom + int(4 * u)
        for text, colour in lines:
            image = app.assets.text(text, help_size, colour, wrap=max(40, w - 2 * self.left))
            surface.blit(image, (self.left, y))
            y += image.get_height() + 2
        hint = t("↑/↓ choose · ←/→ change · R reset key · Esc back")
        draw_hint(app, surface, hint)
