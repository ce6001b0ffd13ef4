"""Menus a player can follow: the language from --lang, setup, title, results, gamepad."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client import i18n  # noqa: E402
from game.client.i18n.rule_words import rule_help, rule_line, rule_name, rule_value  # noqa: E402
from game.client.scenes.house_rules import PRESET_NAMES, PRESETS, options_for, preset_name  # noqa: E402
from game.client.scenes.message import ConfirmScene  # noqa: E402
from game.client.scenes.pause import PauseScene  # noqa: E402
from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.scenes.rules_help import RulesScene  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.rules import GAME_NAMES  # noqa: E402
from game.rules.houserule_keys import SCHEMAS  # noqa: E402
from game.rules.houserules import load_rules  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def test_m_keeps_the_language_given_with_lang_until_the_player_picks_one():
    settings = load_settings()
    settings.values.update(language="cs", ai_pace=0.0)
    driver = Driver(Options(lang="en", game="cesta",
                            players=[SeatSpec("human"), SeatSpec("ai", "easy")], seed=3),
                    settings=settings)
    try:
        assert i18n.language() == "en"
        driver.step(3)
        driver.key(pygame.K_m)  # mute: applies the settings again
        assert driver.app.settings["mute"] is True
        assert i18n.language() == "en"
        # choosing a language in Settings is the player's word: it wins from then on
        driver.app.choose_language("cs")
        driver.app.apply_settings()
        assert i18n.language() == "cs" and driver.app.settings["language"] == "cs"
        driver.app.settings.set("mute", False)
        driver.app.apply_settings()
        assert i18n.language() == "cs"
    finally:
        driver.close()
        i18n.set_language("cs")


def _setup(driver: Driver, game: str = "cesta") -> SetupScene:
    driver.step(2)
    driver.click_widget(game)
    scene = driver.top
    assert isinstance(scene, SetupScene)
    return scene


def test_the_left_arrow_of_a_choice_steps_back_and_the_right_one_forward():
    driver = Driver(Options())
    try:
        scene = _setup(driver)
        level = driver.widget("level1")
        assert scene.levels[1] == "normal"
        levels = list(level.options)
        driver.click((level.rect.x + 6, level.rect.centery))  # on "‹"
        assert scene.levels[1] == levels[levels.index("normal") - 1]
        driver.click((level.rect.right - 6, level.rect.centery))  # on "›"
        assert scene.levels[1] == "normal"
        # a settings row: the value sits on the right, its "‹" steps back too
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("settings")
        speed = driver.widget("animation_speed")
        before = driver.app.settings["animation_speed"]
        driver.step(1)  # drawn once: the row knows where its value is
        value_left = speed._value_span[0] + 8
        driver.click((value_left, speed.rect.centery))
        assert driver.app.settings["animation_speed"] < before
    finally:
        driver.close()


def test_setup_opens_the_rules_with_f1_and_h_but_h_types_in_a_name():
    driver = Driver(Options())
    try:
        scene = _setup(driver, "royal_road")
        driver.key(pygame.K_F1)
        assert isinstance(driver.top, RulesScene) and driver.top.game == "royal_road"
        driver.key(pygame.K_ESCAPE)
        assert driver.top is scene
        driver.key(pygame.K_h)
        assert isinstance(driver.top, RulesScene)
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("name0")
        assert scene.editing == 0
        driver.key(pygame.K_h)
        assert driver.top is scene  # typing a name, H is a letter
    finally:
        driver.close()


def test_player_names_are_remembered_for_the_next_game():
    driver = Driver(Options())
    try:
        scene = _setup(driver)
        scene.kinds[1] = "human"
        scene.names[:] = ["Alena", ""]
        scene._fill_names()
        scene.build()
        driver.click_widget("start")
        assert driver.app.settings["player_names"] == ["Alena", ""]
    finally:
        driver.close()
    again = Driver(Options())  # a new session reads the saved settings
    try:
        scene = _setup(again)
        assert scene.names[0] == "Alena"
        assert scene.names[1] != "Alena"  # a computer seat keeps a computer's name
    finally:
        again.close()


def test_esc_on_the_title_asks_before_quitting_and_focus_shows_at_once():
    driver = Driver(Options())
    try:
        driver.step(1)
        title = driver.top
        assert isinstance(title, TitleScene) and title.focus.keyboard_used  # ring visible
        driver.key(pygame.K_ESCAPE)
        assert driver.app.running and isinstance(driver.top, ConfirmScene)
        driver.key(pygame.K_RETURN)  # the default answer is "no"
        assert driver.app.running and driver.top is title
        driver.key(pygame.K_ESCAPE)
        driver.click_widget("yes")
        assert not driver.app.running
    finally:
        driver.close()


def _finish(game: str, players: list[SeatSpec], monkeypatch) -> tuple[Driver, list[str]]:
    settings = load_settings()
    settings.values.update(ai_pace=0.0, language="cs")
    driver = Driver(Options(game=game, players=players, seed=5), settings=settings)
    played: list[str] = []
    monkeypatch.setattr(driver.app.audio, "play", played.append)
    table = driver.top
    match = table.match
    rng = random.Random(1)
    presenter, match.presenter = match.presenter, None  # fast: no animation per move
    while not match.over:
        match.play(rng.choice(match.legal_moves()))
    match.presenter = presenter
    table.refresh_view()
    assert driver.run_until(lambda: isinstance(driver.top, ResultsScene), 3000)
    driver.step(2)
    return driver, played


def test_royal_road_results_reveal_every_secret_card_and_score_each_seat(monkeypatch):
    driver, played = _finish("royal_road", [SeatSpec("human"), SeatSpec("ai", "easy"),
                                            SeatSpec("ai", "easy")], monkeypatch)
    try:
        results = driver.top
        table = results.table
        kept = table.view_dict["kept"]
        assert len(kept) == 3 and all(cards and "??" not in cards for cards in kept)
        names = [s.name for s in table.match.seats]
        # every seat has its own "name: n ze 3", the winner marked, drawn by its secret
        # cards on the panel (so the text line does not say it twice)
        labels = [hand.label for hand in table.result_hands()]
        for seat, name in enumerate(names):
            mark = " ★" if seat in results.winners else ""
            assert labels[seat].startswith(f"{name}{mark}: ")
        assert sum(label.count("ze 3") for label in labels) == 3
        assert results.score == ""
        assert "win" in played  # the fanfare
        assert len(table.particles.items) > 20  # the burst
    finally:
        driver.close()


def test_cesta_results_pair_each_name_with_its_own_milestones(monkeypatch):
    driver, _ = _finish("cesta", [SeatSpec("human"), SeatSpec("ai", "easy")], monkeypatch)
    try:
        results = driver.top
        match = results.table.match
        final = match.game.to_dict(match.state)
        for seat, seat_info in enumerate(match.seats):
            owned = sum(1 for m in final["milestones"] if m["owner"] == seat)
            assert f"{seat_info.name}" in results.score
            assert f": {owned} milník" in results.score
        assert " : " not in results.score  # no "Ann 2 : 3 Bob" to untangle
    finally:
        driver.close()


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_rule_reads_in_player_words_never_toml_keys_or_values(game, lang):
    i18n.set_language(lang)
    try:
        rules = load_rules(game)
        raw = {"true", "false", "any-but-ends", "face-up-only", "random", "third"}
        names = set()
        for key in SCHEMAS[game].keys:
            name = rule_name(game, key.name)
            assert "_" not in name and name != key.name, key.name
            names.add(name)
            line = rule_line(game, key.name, rules[key.name])
            assert f"{key.name} " not in f"{line} " and "=" not in line
            assert line.split(": ", 1)[1] not in raw, line
            for value in options_for(key, rules[key.name]):
                words = rule_value(game, key.name, value)
                assert words not in raw and "_" not in words, (key.name, value, words)
            helps = rule_help(game, key)
            assert "'random'" not in helps and "'third'" not in helps, key.name
            assert helps == i18n.t(key.help) and helps.endswith("."), key.name
            assert not any(f"{other.name}" in helps for other in SCHEMAS[game].keys
                           if "_" in other.name), helps
        assert len(names) == len(SCHEMAS[game].keys)  # one name per rule
    finally:
        i18n.set_language("cs")


def test_the_help_of_every_rule_is_a_sentence_for_players():
    """The schema's help is an English message id: a sentence, no TOML key or value."""
    for game in GAME_NAMES:
        for key in SCHEMAS[game].keys:
            assert key.help[:1].isupper() and key.help.endswith("."), key.help
            assert "'" not in key.help and "_" not in key.help, key.help
            assert ".." not in key.help and "=" not in key.help, key.help


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_count_in_a_rule_value_takes_the_languages_plural(lang):
    i18n.set_language(lang)
    try:
        for n in (0, 1, 2, 5):
            assert rule_value("royal_road", "overstep_penalty_turns", n) == \
                i18n.nt("{n} turn skipped", "{n} turns skipped", n)
        assert rule_value("royal_road", "deck", ["rS-gM-kL"]) == \
            i18n.nt("{n} card", "{n} cards", 1)
    finally:
        i18n.set_language("cs")


def test_an_impossible_combination_is_told_in_player_words():
    from game.client.scenes.house_rules import error_words
    from game.rules import RulesError

    cases = {"cesta": {"milestones": 3, "win_any": 5}, "royal_road": {"deal": 3, "keep": 5},
             "cut_the_rope": {"pile_sizes": {"2": 60, "3": 60, "4": 60, "5": 60, "6": 60}}}
    for lang in ("cs", "en"):
        i18n.set_language(lang)
        try:
            for game, overrides in cases.items():
                with pytest.raises(RulesError) as caught:
                    load_rules(game, overrides)
                words = error_words(game, caught.value)
                assert caught.value.key and str(caught.value) not in words, words
                assert "'" not in words and "_" not in words and "(" not in words, words
        finally:
            i18n.set_language("cs")


def test_setup_and_the_editor_call_each_preset_by_one_name():
    driver = Driver(Options(lang="cs"))
    try:
        scene = _setup(driver, "royal_road")
        shown = {preset: scene._preset_name(preset) for preset in scene.presets()}
        assert shown["mine"] == i18n.t("Original rules")  # no file of my own yet
        for preset in PRESET_NAMES[1:]:
            assert shown[preset] == preset_name(preset)
        assert scene.rules_source() is None  # the original rules
        scene._set_preset("quick")
        assert scene.active_rules()["track_cards"] == PRESETS["royal_road"]["quick"]["track_cards"]
    finally:
        driver.close()


def test_a_language_switch_during_a_game_redraws_the_log_in_the_new_language():
    settings = load_settings()
    settings.values.update(ai_pace=0.0, language="cs", animation_speed=0.0)
    driver = Driver(Options(game="cut_the_rope",
                            players=[SeatSpec("human"), SeatSpec("ai", "easy")], seed=4),
                    settings=settings)
    try:
        table = driver.top
        match = table.match
        rng = random.Random(3)
        for _ in range(12):
            match.play(rng.choice(match.legal_moves()))
        driver.step(5)
        played = len(match.history)  # (the computer may have answered meanwhile)
        czech = [e.text for e in table.hud.entries if e.text]
        assert any("dobírá" in text for text in czech)
        driver.key(pygame.K_ESCAPE)
        pause = driver.top
        assert isinstance(pause, PauseScene)
        driver.click_widget("settings")
        driver.app.choose_language("en")
        driver.app.apply_settings()
        driver.key(pygame.K_ESCAPE)  # back to the pause menu: the table is redrawn
        assert driver.top is pause and pause.table is not table
        new = pause.table
        assert new in driver.app.stack.scenes and table not in driver.app.stack.scenes
        english = [e.text for e in new.hud.entries if e.text]
        assert len(english) == len(czech)
        assert any("draws" in text for text in english)
        assert not any("dobírá" in text for text in english)
        assert new.match is match and len(match.history) == played
    finally:
        driver.close()
        i18n.set_language("cs")

