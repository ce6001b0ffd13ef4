"""Overlaps a tester named, each held by a layout assertion: Cesta's Undo and its game
title, the draw prompt and the Hint button, a deck's count and label and a frame around
the deck; one focus ring at a time; the online buttons fit their words; a Cesta replay's
bar leaves the other hand (shown face up) in view."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import set_language, t  # noqa: E402
from game.client.i18n.words import game_title  # noqa: E402
from game.client.match.match import SeatInfo  # noqa: E402
from game.client.scenes.replay import ReplayScene  # noqa: E402
from game.client.tables.cesta import hud, render  # noqa: E402
from game.client.ui import theme  # noqa: E402
from game.client.ui.widgets import Button  # noqa: E402
from game.rules import get_game  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

SIZES = [(960, 540), (1920, 1080)]
LANGS = ["cs", "de"]


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    yield
    set_language("cs")


def _cesta(size: tuple[int, int], lang: str) -> Driver:
    set_language(lang)
    return Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                          seed=3, size=size, lang=lang))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_cesta_undo_prompt_and_decks_keep_clear(size, lang):
    driver = _cesta(size, lang)
    try:
        table = driver.top
        layout = table.layout
        u = layout.u
        painter = table.renderer.painter
        # Undo stays off the game's name at the top of the right panel and off the other hand
        title = painter.assets.outlined_text(game_title("cesta"), int(30 * u), theme.GOLD,
                                             (20, 16, 24), width=max(2, int(2 * u)))
        title_rect = title.get_rect(midtop=(layout.right.centerx, layout.right.y + int(12 * u)))
        undo = table.undo_rect(size)
        assert not undo.colliderect(title_rect) and not undo.colliderect(layout.right)
        for slot in layout.hand_slots(10, False):
            assert not undo.colliderect(slot)
        # "Draw a card from …" ends above the Hint button
        top = layout.action_deck.bottom + int(14 * u)
        hint = hud.hint_button_rect(layout)
        prompt = render.draw_prompt(painter, layout.right.width - int(12 * u),
                                    hint.top - int(6 * u) - top)
        assert top + prompt.get_height() < hint.top
        # a deck's count and label stay outside a hint's or coach's frame around it
        number = painter.assets.outlined_text("22", int(18 * u), theme.WHITE, (20, 20, 20))
        for deck, name in ((layout.event_deck, "Events"), (layout.action_deck, "Actions")):
            frame = deck.inflate(18, 18)   # the hint's dashed outline, its width included
            words = painter.assets.text(t(name), int(14 * u), theme.WHITE, bold=True)
            count, label = render.deck_words_places(deck, number.get_size(), words.get_size(),
                                                    u)
            assert not count.colliderect(frame) and not label.colliderect(frame)
            assert layout.right.contains(count)
    finally:
        driver.close()


def test_one_gold_ring_means_the_focus():
    driver = Driver(Options())
    try:
        surface = pygame.Surface((400, 200))

        def golden(primary: bool, focused: bool) -> int:
            surface.fill((0, 0, 0))
            button = Button(driver.app, pygame.Rect(100, 60, 200, 60), "Start", lambda: None,
                            primary=primary)
            button.draw(surface, focused, False)
            ring = [surface.get_at((x, 56)) for x in range(130, 270)]
            return sum(1 for c in ring if tuple(c)[:3] == theme.GOLD)

        assert golden(primary=True, focused=False) == 0    # the main action has no ring
        assert golden(primary=False, focused=True) > 0     # the focus has one
    finally:
        driver.close()


@pytest.mark.parametrize("lang", LANGS)
def test_online_buttons_fit_their_words(lang):
    set_language(lang)
    driver = Driver(Options(size=(960, 540), lang=lang))
    try:
        driver.step(2)
        driver.click_widget("online")
        driver.step(3)
        buttons = [w for w in driver.top.focus.widgets if type(w) is Button]
        assert {b.name for b in buttons} >= {"host_here", "host_server", "join", "back"}
        for button in buttons:
            size = max(12, int(button.rect.height * 0.42))
            label = button.label() if callable(button.label) else button.label
            width = driver.app.assets.text(label, size, theme.INK, bold=True).get_width()
            assert width <= button.rect.width - int(button.rect.height * 0.5), button.name
            assert pygame.Rect(0, 0, 960, 540).contains(button.rect)
        for a in buttons:
            for b in buttons:
                assert a is b or not a.rect.colliderect(b.rect)
    finally:
        driver.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_cesta_replay_bar_leaves_the_other_hand_in_view(size):
    driver = Driver(Options(size=size))
    try:
        driver.step(2)
        game = get_game("cesta")
        state, rng, moves = game.new_game(2, 7), random.Random(1), []
        while game.legal_moves(state) and len(moves) < 12:
            move = rng.choice(list(game.legal_moves(state)))
            moves.append(move)
            state = game.apply(state, move)[0]
        seats = [SeatInfo("human", "normal", "Eva"), SeatInfo("ai", "normal", "Robot")]
        replay = ReplayScene(driver.app, "cesta", {}, seats, 7, moves, True)
        driver.app.stack.push(replay)
        driver.step(2)
        layout = replay.table.layout
        for slot in layout.hand_slots(5, False):                 # the other hand, face up
            assert not replay.bar.colliderect(slot)
        for m in range(layout.milestones):                       # the other side's cards
            for i in range(3):
                assert not replay.bar.colliderect(layout.event_slot(m, False, i))
        assert layout.right.left > replay.bar.right and replay.bar.top >= 0
        assert t("Back") in [b.label() for b in replay.focus.widgets if callable(b.label)]
    finally:
        driver.close()
