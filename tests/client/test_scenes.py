"""Scene stack and registry, menus (keyboard and mouse), settings scene, rules help."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client import i18n  # noqa: E402
from game.client.stage.scene import Scene, SceneStack  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


class Probe(Scene):
    def __init__(self, app, name, log, opaque=True):
        super().__init__(app)
        self.name, self.log, self.opaque = name, log, opaque

    def on_enter(self):
        self.log.append(("enter", self.name))

    def on_exit(self):
        self.log.append(("exit", self.name))

    def on_pause(self):
        self.log.append(("pause", self.name))

    def on_resume(self):
        self.log.append(("resume", self.name))

    def draw(self, surface):
        self.log.append(("draw", self.name))


def test_scene_stack_push_pop_replace_reset_and_overlay_drawing():
    log: list = []
    stack = SceneStack()
    a, b, c = Probe(None, "a", log), Probe(None, "b", log), Probe(None, "c", log, opaque=False)
    stack.push(a)
    stack.push(b)
    stack.push(c)
    assert log == [("enter", "a"), ("pause", "a"), ("enter", "b"), ("pause", "b"),
                   ("enter", "c")]
    log.clear()
    stack.draw(None)
    assert log == [("draw", "b"), ("draw", "c")]  # the overlay shows b, not a
    log.clear()
    assert stack.pop() is c
    assert log == [("exit", "c"), ("resume", "b")]
    log.clear()
    d = Probe(None, "d", log)
    stack.replace(d)
    assert log == [("exit", "b"), ("enter", "d")] and stack.top is d and len(stack) == 2
    log.clear()
    e = Probe(None, "e", log)
    stack.reset(e)
    assert log == [("exit", "d"), ("exit", "a"), ("enter", "e")] and len(stack) == 1
    assert stack.pop() is e and stack.top is None and stack.pop() is None


def test_title_menus_by_keyboard_and_mouse_and_escape_goes_back():
    driver = Driver()
    try:
        from game.client.scenes.rules_help import RulesScene
        from game.client.scenes.settings_scene import SettingsScene
        from game.client.scenes.setup import SetupScene
        from game.client.scenes.title import TitleScene

        assert isinstance(driver.top, TitleScene)
        driver.click_widget("settings")
        assert isinstance(driver.top, SettingsScene)
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, TitleScene)
        driver.click_widget("rules")
        assert isinstance(driver.top, RulesScene)
        first = driver.top.page
        driver.key(pygame.K_RIGHT)
        assert driver.top.page != first
        driver.step(2)
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, TitleScene)
        # keyboard: the first game tile has the focus; Enter opens its setup
        driver.top.focus.focus = 0
        driver.key(pygame.K_RETURN)
        assert isinstance(driver.top, SetupScene) and driver.top.game == "cesta"
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, TitleScene)
        driver.click_widget("quit")
        assert not driver.app.running
    finally:
        driver.close()


def test_settings_scene_changes_language_and_saves_atomically(tmp_path):
    driver = Driver()
    try:
        driver.click_widget("settings")
        scene = driver.top
        # the first start follows the computer's language (Czech in the tests)
        assert driver.app.settings["language"] == "" and i18n.language() == "cs"
        driver.click_widget("language")
        assert driver.app.settings["language"] == "de" and i18n.language() == "de"
        widget = driver.widget("animation_speed")
        scene.focus.focus = scene.focus.widgets.index(widget)
        driver.key(pygame.K_LEFT)
        assert driver.app.settings["animation_speed"] == 0.5
        driver.click_widget("back")
        saved = (tmp_path / "config" / "settings.toml").read_text(encoding="utf-8")
        assert 'language = "de"' in saved and "animation_speed = 0.5" in saved
        assert not list((tmp_path / "config").glob(".settings-*"))  # no temp file left
    finally:
        i18n.set_language("cs")
        driver.close()


def test_switching_to_german_in_settings_redraws_every_word_at_once():
    """The frame right after the click is German through and through, the title under
    Settings too once it is back on top."""
    from tests.i18n.test_no_literals import wordy

    driver = Driver()
    seen: list[str] = []
    render = driver.app.assets.text

    def recording(text, *args, **kwargs):
        seen.append(text)
        return render(text, *args, **kwargs)

    driver.app.assets.text = recording
    try:
        driver.click_widget("settings")
        czech = set(seen)
        assert {"Nastavení", "Jazyk", "Zpět"} <= czech | {s.split(":")[0] for s in czech}
        driver.click_widget("language", frames=0)
        seen.clear()
        driver.step(1)
        assert i18n.language() == "de"
        shown = {text for text in seen if wordy(text)}
        assert {"Sprache", "Lautstärke", "Zurück", "‹ Deutsch ›"} <= shown, sorted(shown)
        assert not shown & {"Jazyk", "Hlasitost", "Zpět", "Nastavení"}, sorted(shown)
        driver.click_widget("back", frames=0)
        seen.clear()
        driver.step(1)
        shown = {text for text in seen if wordy(text)}
        assert {"Fortsetzen", "Einstellungen", "Beenden"} <= shown, sorted(shown)
        assert not shown & {"Pokračovat", "Nastavení", "Konec"}, sorted(shown)
    finally:
        i18n.set_language("cs")
        driver.close()


def test_setup_scene_seats_levels_names_and_rules_view():
    driver = Driver()
    try:
        driver.click_widget("cesta")
        setup = driver.top
        driver.click_widget("kind1")  # computer -> person
        assert setup.kinds == ["human", "human"]
        driver.click_widget("kind1")
        assert setup.kinds[1] == "ai"
        driver.click_widget("level1")
        assert setup.levels[1] == "hard"
        driver.click_widget("name0")
        assert setup.editing == 0
        for _ in range(len(setup.names[0])):
            driver.key(pygame.K_BACKSPACE, frames=0)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Žofie"))
        driver.step(1)
        driver.key(pygame.K_RETURN)
        assert setup.names[0] == "Žofie" and setup.editing is None
        driver.click_widget("preset")
        assert setup.preset == "quick" and setup.active_rules()["action_cards"] is False
        driver.click_widget("start", frames=2)
        table = driver.top
        assert table.match.seats[0].name == "Žofie"
        assert table.match.seats[1].level == "hard"
        assert table.match.game.rules["action_cards"] is False
    finally:
        driver.close()


def test_the_app_makes_scenes_only_through_its_registry():
    from game.client.scenes.title import TitleScene
    from game.client.stage.scene import SceneRegistry
    from game.client.tables import TABLE_MODULES, table_for
    from game.rules import GAME_NAMES

    driver = Driver()
    try:
        app = driver.app
        assert isinstance(app.scenes, SceneRegistry)
        app.go_to_title()
        assert isinstance(driver.top, TitleScene) and driver.top.is_title
        # a stand-in title registered instead is what "quit to title" shows
        app.scenes.register("title", lambda app: Probe(app, "stand-in", []))
        app.go_to_title()
        assert type(driver.top) is Probe
        with pytest.raises(KeyError, match="nowhere"):
            app.scenes.make("nowhere", app)
    finally:
        driver.close()
    # every game has a real table: no "coming soon" stand-ins any more
    assert set(TABLE_MODULES) == set(GAME_NAMES)
    assert all(callable(table_for(game)) for game in GAME_NAMES)


def test_the_app_module_imports_no_scene():
    import ast
    from pathlib import Path

    import game.client.app.loop as app_module

    tree = ast.parse(Path(app_module.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    concrete = {name for name in imported if name
                and name.startswith(("game.client.scenes", "game.client.tables"))
                and name != "game.client.tables.base"}  # (the table type, for hints only)
    assert not concrete, concrete
    assert "game.cli" not in imported


def test_imports_point_one_way_even_for_type_hints():
    """Nothing below the App imports it (scenes know it as AppContext), nothing in the
    client imports the command line, and no import hides inside a function to dodge a
    circle (pygame's late import in game.cli aside, which keeps --help display-free)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "game"
    # each game's table package has its own structure test (test_client_table_structure);
    # this one covers the rest of the client
    checked = 0
    for path in sorted((root / "client").rglob("*.py")):
        inside = path.relative_to(root / "client").parts
        if inside[0] == "tables" and len(inside) > 2:
            continue
        checked += 1
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert "game.cli" not in imported, path
        if inside[0] not in ("app", "main.py"):
            assert not any(name == "game.client.app" or name.startswith("game.client.app.")
                           for name in imported if name), path
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: import inside {node.name}()"
    assert checked > 30



# What each of the client's lower folders may import of the others (its own modules and
# ``options.py`` aside): the loop (``app``) and every screen stand on ``stage``; everything
# stands on ``match``, ``storage``, ``ui`` and ``i18n``, and those import nothing above them.
LOWER_FOLDERS = {
    "i18n": set(),
    "ui": set(),
    "match": {"i18n"},
    "storage": {"match", "i18n"},
    "stage": {"match", "storage", "ui", "i18n"},
    "app": {"stage", "match", "storage", "ui", "i18n"},
}


def test_the_lower_folders_import_only_what_lies_below_them():
    import ast
    from pathlib import Path

    client = Path(__file__).resolve().parents[2] / "game" / "client"
    folders = {p.name for p in client.iterdir() if (p / "__init__.py").is_file()}
    assert set(LOWER_FOLDERS) <= folders
    for folder, allowed in LOWER_FOLDERS.items():
        for path in sorted((client / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module == "game.client":
                    names = [f"game.client.{alias.name}" for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                for name in names:
                    parts = name.split(".")
                    if parts[:2] != ["game", "client"] or len(parts) < 3:
                        continue
                    other = parts[2]
                    assert other in {folder, "options", *allowed}, \
                        f"{folder}/{path.name} imports {name}"

def test_the_active_language_translates_and_formats():
    i18n.set_language("en")
    try:
        assert i18n.t("{name} wins!", name="Ann") == "Ann wins!"
        assert i18n.t("no such message") == "no such message"
    finally:
        i18n.set_language("cs")
    assert "é" in i18n.t("Colour-blind symbols")  # Czech with its diacritics
    assert i18n.number(1.5) == "1,5"


def test_czech_text_renders_with_the_shipped_font():
    driver = Driver()
    try:
        image = driver.app.assets.text("Příliš žluťoučký kůň", 24)
        assert image.get_width() > 150 and image.get_height() > 20
        font = driver.app.assets.font(24)
        # every glyph is present in DejaVu (no "missing glyph" boxes)
        assert all(font.metrics(ch)[0] is not None for ch in "ěščřžýáíéůúťďň")
    finally:
        driver.close()


def test_a_dead_ai_worker_never_freezes_the_table(caplog):
    import time

    from game.client.match.ai_worker import AIWorker
    from game.client.match.match import Match, SeatInfo

    match = Match.create("cesta", [SeatInfo("ai", "easy", "Robo"), SeatInfo("ai", "easy", "Bot")], seed=5)
    try:
        match.worker.close()          # the process is gone before it answered anything

        class Dead:
            alive = False

            def request(self, *args):
                return 99

            def poll(self):
                return []

            def close(self):
                pass

        match.worker = Dead()
        match.ai_pace = 0.0
        first = match.seats[match.to_move].name   # who the deal lets begin
        deadline = time.monotonic() + 60
        while not match.history and time.monotonic() < deadline:
            match.update(1 / 60)
            time.sleep(0.005)
        assert len(match.history) >= 1 and match.worker_error
        # said on screen and in the log, and the SAME kind of worker was started afresh
        assert match.alert is not None and first in match.alert.text
        assert isinstance(match.worker, AIWorker)
        assert "failed at move 1" in caplog.text
    finally:
        match.close()


def test_instant_animations_and_colour_blind_cards_play_a_whole_ai_game():
    from game.cli import Options, SeatSpec
    from game.client.scenes.results import ResultsScene
    from game.client.storage.settings import load_settings

    settings = load_settings()
    settings.values.update(animation_speed=0.0, ai_pace=0.0, colourblind_symbols=True)
    driver = Driver(Options(game="cesta", players=[SeatSpec("ai", "easy"), SeatSpec("ai", "easy")],
                            seed=21, lang="en"), settings=settings)
    try:
        table = driver.top
        driver.key(pygame.K_t)   # the tracker open while the game runs
        driver.key(pygame.K_l)   # the log collapsed
        assert driver.run_until(lambda: isinstance(driver.top, ResultsScene), 6000)
        assert table.match.over and not table.stage.flying and table.tracker_open
        assert not table.log_open
    finally:
        driver.close()


def test_card_tracker_counts_unseen_cards_and_best_sets():
    from game.client.tables.cesta import info as cesta_info
    from game.rules import get_game

    game = get_game("cesta")
    state = game.new_game(2, 9)
    view = game.to_dict(game.view(state, 0))
    data = cesta_info.tracker(view, 0, 0)
    assert len(data["unseen"]) == 32 - 5  # all event cards but the person's own hand
    assert not set(data["unseen"]) & set(view["hands"][0])
    for _m, owner, mine, theirs in data["rows"]:
        assert owner is None and mine.category == "colour_run" == theirs.category


def test_table_keys_open_rules_and_toggle_sound():
    from game.cli import Options, SeatSpec
    from game.client.scenes.rules_help import RulesScene

    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=2))
    try:
        table = driver.top
        driver.key(pygame.K_h)
        assert isinstance(driver.top, RulesScene) and driver.top.game == "cesta"
        driver.key(pygame.K_ESCAPE)
        assert driver.top is table
        muted = driver.app.settings["mute"]
        driver.key(pygame.K_m)
        assert driver.app.settings["mute"] is (not muted) and driver.app.audio.mute is not muted
    finally:
        driver.close()
