"""Title screen: pick a game, continue, settings, rules, quit."""

from __future__ import annotations

import math
from functools import partial

import pygame

from game.client.i18n import t
from game.client.i18n.words import game_blurb, game_title
from game.client.online.scenes import OnlineScene
from game.client.scenes.common import MenuScene, draw_hint
from game.client.scenes.message import ConfirmScene
from game.client.scenes.replay import SavesScene
from game.client.scenes.resume import resume_latest
from game.client.scenes.rules_help import RulesScene
from game.client.scenes.settings_scene import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.stats_scene import StatsScene
from game.client.storage.save_folder import has_save
from game.client.storage.tutorial_progress import Progress
from game.client.storage.user_rules import problems
from game.client.tutorial.scene import TutorialMenuScene, TutorialOfferScene
from game.client.ui import theme
from game.client.ui.widgets import Button, Widget
from game.rules import GAME_NAMES


class GameTile(Widget):
    """A big card with the game's thumbnail; activating it opens the game setup."""

    def __init__(self, scene: TitleScene, rect: pygame.Rect, game: str) -> None:
        self.scene = scene
        self.app = scene.app
        self.rect = rect
        self.game = game
        self.enabled = True
        self.visible = True
        self.name = game

    def activate(self) -> None:
        self.app.audio.play("button")
        setup = SetupScene(self.app, self.game)
        if self.app.offer_tutorials and not Progress.load().was_offered(self.game):
            self.app.stack.push(TutorialOfferScene(self.app, self.game, setup))
        else:
            self.app.stack.push(setup)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        u = theme.unit(surface)
        lift = int(6 * u) if focused or hovered else 0
        rect = self.rect.move(0, -lift)
        surface.blit(self.app.shadow(rect.size, int(18 * u), 100), self.rect.move(0, int(8 * u)))
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=int(18 * u))
        border = theme.GOLD if focused or hovered else theme.INK
        pygame.draw.rect(surface, border, rect, width=max(3, int(4 * u)),
                         border_radius=int(18 * u))
        pad = int(14 * u)
        thumb_rect = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad,
                                 int(rect.height * 0.55))
        thumb = self.app.assets.sprite(f"ui/thumb_{self.game}.svg", thumb_rect.size,
                                       lambda s: _thumb_fallback(s, self.game),
                                       optional=True)  # a new game may have no picture yet
        surface.blit(thumb, thumb_rect)
        name = self.app.assets.text(game_title(self.game), int(26 * u), theme.INK, bold=True)
        surface.blit(name, name.get_rect(midtop=(rect.centerx, thumb_rect.bottom + int(10 * u))))
        blurb = self.app.assets.text(game_blurb(self.game), int(14 * u), (80, 72, 70),
                                     wrap=rect.width - 2 * pad, align="center")
        surface.blit(blurb, blurb.get_rect(midtop=(rect.centerx,
                                                   thumb_rect.bottom + int(46 * u))))


def _thumb_fallback(size: tuple[int, int], game: str) -> pygame.Surface:
    colours = {"cesta": theme.FELT, "royal_road": (92, 56, 30), "cut_the_rope": (150, 200, 236)}
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, colours.get(game, theme.FELT), surface.get_rect(),
                     border_radius=size[1] // 8)
    w = size[1] // 3
    for i, colour in enumerate(theme.SUIT_COLOURS.values()):
        card = pygame.Rect(0, 0, int(w * 0.72), w)
        card.center = (size[0] // 2 + (i - 1.5) * w * 0.5, size[1] // 2)
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=6)
        pygame.draw.rect(surface, colour, card.inflate(-8, -8), width=3, border_radius=5)
    return surface


class TitleScene(MenuScene):
    is_title = True

    def build(self) -> None:
        self.greet = self._new_player()
        w, h = self.size
        u = theme.unit(self.size)
        tile_w, tile_h = int(300 * u), int(262 * u)
        gap = int(34 * u)
        total = len(GAME_NAMES) * tile_w + (len(GAME_NAMES) - 1) * gap
        x0 = w // 2 - total // 2
        y = int(190 * u)
        widgets: list[Widget] = [GameTile(self, pygame.Rect(x0 + i * (tile_w + gap), y, tile_w,
                                                            tile_h), game)
                                 for i, game in enumerate(GAME_NAMES)]
        # under each game: its lessons, for whoever does not know it yet
        learn_h = int(36 * u)
        for i, game in enumerate(GAME_NAMES):
            learn = Button(self.app, pygame.Rect(x0 + i * (tile_w + gap) + int(30 * u),
                                                 y + tile_h + int(10 * u), tile_w - int(60 * u),
                                                 learn_h),
                           lambda: t("Learn to play"), partial(self.learn, game),
                           icon="ui/icon_rules.svg", name=f"learn.{game}")
            widgets.append(learn)
        bw, bh = int(200 * u), int(46 * u)
        items = [(lambda: t("Continue"), self.continue_game, "ui/icon_undo.svg",
                  "continue"),
                 (lambda: t("Replays"), self.open_replays, "ui/icon_log.svg",
                  "replays"),
                 (lambda: t("Online"), self.open_online, "ui/person.svg", "online"),
                 (lambda: t("Settings"), self.open_settings, "ui/icon_settings.svg",
                  "settings"),
                 (lambda: t("Rules"), self.open_rules, "ui/icon_rules.svg", "rules"),
                 (lambda: t("Tutorial"), self.open_tutorial, "ui/icon_rules.svg",
                  "tutorial"),
                 (lambda: t("Statistics"), self.open_stats, "ui/icon_log.svg", "stats"),
                 (lambda: t("Quit"), self.quit, "ui/icon_back.svg", "quit")]
        bgap = int(10 * u)
        per_row = (len(items) + 1) // 2      # two rows of buttons under the tiles
        total = per_row * bw + (per_row - 1) * bgap
        bx = w // 2 - total // 2
        by = y + tile_h + learn_h + int(32 * u)
        for i, (label, action, icon, name) in enumerate(items):
            row, col = divmod(i, per_row)
            button = Button(self.app, pygame.Rect(bx + col * (bw + bgap),
                                                  by + row * (bh + bgap), bw, bh), label,
                            action, icon=icon, name=name)
            widgets.append(button)
        self.continue_button = widgets[2 * len(GAME_NAMES)]
        self.continue_button.enabled = self._can_continue()
        self.problems = self._problems()
        self.focus.set(widgets)
        self.focus.columns = 1
        self.age = 0.0

    def _can_continue(self) -> bool:
        return has_save()

    def on_resume(self) -> None:
        self.continue_button.enabled = self._can_continue()
        self.problems = self._problems()
        self.greet = self._new_player()

    @staticmethod
    def _new_player() -> bool:
        """Nobody here has been offered or finished a lesson yet: greet them."""
        progress = Progress.load()
        return not progress.offered and not any(progress.done.values())

    def _problems(self) -> str:
        found = [f"{p.short()}: {p.message}" for p in self.app.settings.problems]
        found += [f"{p.where()}: {p.message}" for p in problems()]
        return " · ".join(found)

    def continue_game(self) -> None:
        resume_latest(self.app)

    def open_replays(self) -> None:
        self.app.stack.push(SavesScene(self.app))

    def open_online(self) -> None:
        self.app.stack.push(OnlineScene(self.app))

    def open_settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        self.app.stack.push(RulesScene(self.app))

    def open_stats(self) -> None:
        self.app.stack.push(StatsScene(self.app))

    def learn(self, game: str) -> None:
        """The lessons of one game (it is offered no more on its first start)."""
        Progress.load().mark_offered(game)
        self.app.stack.push(TutorialMenuScene(self.app, game))

    def open_tutorial(self) -> None:
        self.app.stack.push(TutorialMenuScene(self.app))

    def quit(self) -> None:
        self.app.quit(0)

    def back(self) -> None:
        """Esc on the title asks first: a reflex Esc from a submenu must not end the app."""
        self.app.stack.push(ConfirmScene(self.app, t("Quit Herna?"), t("Unfinished games are "
                                                                       "saved: "
                                                                      "Continue brings them back."),
                                         self.quit))

    def update(self, dt: float) -> None:
        self.age += dt

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus.keyboard_used = True
            self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = theme.unit(surface)
        w = surface.get_width()
        bob = math.sin(self.age * 2.0) * 4 * u
        logo_size = int(96 * u)
        logo = self.app.assets.sprite("ui/logo_mark.svg", (logo_size, logo_size),
                                      lambda s: pygame.Surface(s, pygame.SRCALPHA))
        title = self.app.assets.outlined_text(t("Herna"), int(72 * u), theme.GOLD,
                                              (24, 18, 28), width=max(3, int(4 * u)))
        total = logo_size + int(16 * u) + title.get_width()
        x = w // 2 - total // 2
        y = int(40 * u + bob)
        surface.blit(logo, (x, y))
        surface.blit(title, (x + logo_size + int(16 * u), y + logo_size // 2 -
                             title.get_height() // 2))
        if self.greet:   # a new player: where learning starts, instead of the tagline
            sub = self.app.assets.text(t("Welcome! “Learn to play” under a game teaches it "
                                         "from the start."), int(18 * u), theme.GOLD,
                                       bold=True, wrap=int(w * 0.92), align="center")
        else:
            sub = self.app.assets.text(t("a little game room"), int(20 * u), (226, 236, 230))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(146 * u))))
        if self.problems:  # broken settings / house-rules files: say where, once per visit
            note = self.app.assets.text(self.problems, max(9, int(14 * u)), (255, 200, 170),
                                        wrap=int(w * 0.9), align="center")
            surface.blit(note, note.get_rect(midbottom=(w // 2, surface.get_height()
                                                        - int(36 * u))))
        draw_hint(self.app, surface, t("Arrows / Tab move · Enter choose · Esc back"))
