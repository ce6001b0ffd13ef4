"""Hints: the expert's move for the person to move, from that person's view only, on the
hint budget; on against the computer unless the setting turns them off; counted per seat."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from ai.levels import HINT  # noqa: E402
from game.client.match import ai_worker  # noqa: E402
from game.client.match.ai_explain import explain_move  # noqa: E402
from game.client.match.hints import Hints  # noqa: E402
from game.client.match.match import Match, SeatInfo  # noqa: E402
from game.client.options import Options, SeatSpec  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def _people_match(game: str = "cut_the_rope") -> Match:
    return Match.create(game, [SeatInfo("human", name="A"), SeatInfo("human", name="B")],
                        seed=4, inline_ai=True)


def test_hint_asks_the_expert_on_the_players_view_only(monkeypatch):
    seen: list[dict] = []
    real = ai_worker.InlineWorker.request

    def spy(self, game, rules, view, seat, level, seed, explain_lang=None):  # noqa: ANN001
        seen.append({"view": view, "seat": seat, "level": level, "lang": explain_lang})
        return real(self, game, rules, view, seat, level, seed, explain_lang)

    monkeypatch.setattr(ai_worker.InlineWorker, "request", spy)
    match = _people_match()
    match.screen_owner = match.to_move
    hints = Hints(match, inline=True)
    settings = load_settings()
    assert hints.ask(settings)
    hints.update(0.0)
    seat = match.to_move
    assert seen and seen[0]["level"] == HINT and seen[0]["seat"] == seat
    assert seen[0]["view"] == match.game.to_dict(match.game.view(match.state, seat))
    other = 1 - seat
    hidden = match.game.to_dict(match.state)["hands"][other]
    assert seen[0]["view"]["hands"][other] == ["??"] * len(hidden)
    assert hints.shown is not None and hints.shown.move in match.legal_moves()
    assert hints.used == {seat: 1}
    match.play(match.legal_moves()[0])
    hints.update(0.0)
    hints.close()


def test_hints_against_the_computer_are_on_unless_turned_off():
    match = Match.create("cesta", [SeatInfo("human"), SeatInfo("ai", "easy")], seed=3,
                         inline_ai=True)
    hints = Hints(match, inline=True)
    settings = load_settings()
    assert settings["hints_vs_ai"] is True and hints.allowed(settings)
    settings.set("hints_vs_ai", False)
    assert not hints.ask(settings) and hints.line and not hints.used
    settings.set("hints_vs_ai", True)
    assert match.waiting_for_human and hints.ask(settings)
    hints.update(0.0)
    assert hints.shown is not None and hints.used == {0: 1}
    match.close()


def test_hint_key_on_a_real_table_shows_a_line():
    driver = Driver(Options(game="royal_road", lang="en",
                            players=[SeatSpec("human"), SeatSpec("human")]))
    try:
        table = driver.top
        driver.run_until(lambda: type(driver.top).__name__ == "HandoffScene", limit=600)
        driver.key(pygame.K_RETURN, frames=3)
        table = driver.app.stack.scenes[-1]
        assert driver.run_until(lambda: table.match.waiting_for_human, limit=600)
        driver.key(pygame.K_F2, frames=3)
        assert table.hints.shown is not None, table.hints.line
        assert table.hints.line.startswith("Hint: ")
        assert " — " in table.hints.line   # and the expert's reason, in words
    finally:
        driver.app.close()


def test_a_language_the_agent_cannot_speak_gives_no_reason_rather_than_a_canned_one():
    class Monolingual:
        def explain(self, view, move, lang="en"):  # noqa: ANN001, ANN201
            raise ValueError(f"no words in {lang}")

    class Talks:
        def explain(self, view, move, lang="en"):  # noqa: ANN001, ANN201
            return f"because ({lang})"

    assert explain_move(Monolingual(), None, None, "de") is None
    assert explain_move(Talks(), None, None, "cs") == "because (cs)"


def _people_table(game: str):  # noqa: ANN202
    """A real table of two people, the first of them at the screen and to move."""
    driver = Driver(Options(game=game, lang="en", seed=5,
                            players=[SeatSpec("human"), SeatSpec("human")]))
    assert driver.run_until(lambda: type(driver.top).__name__ == "HandoffScene", limit=600)
    driver.key(pygame.K_RETURN, frames=3)
    table = driver.app.stack.scenes[-1]
    assert driver.run_until(lambda: table.match.waiting_for_human, limit=600)
    return driver, table


@pytest.mark.parametrize("game", ["cesta", "royal_road", "cut_the_rope"])
def test_the_hint_button_asks_and_the_move_is_marked_on_its_cards(game):
    driver, table = _people_table(game)
    try:
        if game == "royal_road":  # past the setup's keep screen: a hint on the track
            while table.match.waiting_for_human and \
                    table.view_dict.get("step") in ("keep", "setup"):
                table.match.play(table.match.legal_moves()[0])
                driver.step(3)
                if type(driver.top).__name__ == "HandoffScene":
                    driver.key(pygame.K_RETURN, frames=3)
            assert driver.run_until(lambda: table.match.waiting_for_human, limit=600)
        size = driver.app.screen.get_size()
        driver.step(2)
        rect = table.hint_rect(size)
        assert rect is not None and table.hint_button_shown
        assert table.hint_button is not None and table.hint_button.enabled
        driver.click(rect.center, frames=3)
        shown = table.hints.shown
        assert shown is not None, table.hints.line
        assert shown.move in table.match.legal_moves()
        places = table.hint_places(shown.move)
        marked = table.hint_rects(size)
        assert marked == table.coach_rects(places, size)
        assert places and marked, f"{shown.move}: {places} named, {marked} marked"
        # the mark is drawn there in its own violet, never the gold of a legal target
        from game.client.tables.common.hint_mark import HINT
        surface = driver.app.screen
        table.draw(surface)
        box = marked[0].inflate(12, 12)
        border = [surface.get_at((x, box.top))[:3] for x in range(box.left, box.right)]
        assert HINT in border
        assert table.match.hints_used == {shown.seat: 1}
        # the next move clears it
        table.match.play(shown.move)
        driver.step(2)
        assert table.hints.shown is None and table.hint_rects(size) == []
    finally:
        driver.app.close()


def test_the_hint_places_name_each_move_kind():
    from game.client.tables.cesta.hud import hint_places as cesta_places
    from game.client.tables.cut_the_rope.hud import hint_places as cut_places
    from game.client.tables.royal_road.hud import hint_places as royal_places
    from game.rules.cesta import Draw, Play
    from game.rules.cut_the_rope import Move as CutMove
    from game.rules.royal_road.moves import MovePyramid, Roll, Swap

    assert cesta_places(Play("R7", 3)) == ("hand:R7", "milestone:3")
    assert cesta_places(Draw("action")) == ("deck:action",)
    assert royal_places(Roll()) == ("die",)
    assert royal_places(MovePyramid("rS", 4)) == ("pyramid:rS", "place:4")
    assert royal_places(Swap(2, 5)) == ("place:2", "place:5")
    view = {"rows": [{"cards": ["1"], "dir": "up"}, None, None]}
    assert cut_places(CutMove("build", "hand", "7", 0, 1, ""), view) == ("hand:7", "row:1")
    assert cut_places(CutMove("build", "pile", "", 0, 0, "up"), view) == ("pile", "row:2")
    assert cut_places(CutMove("build", "aux", "", 2, 1, ""), view) == ("aux:2", "row:1")
    assert cut_places(CutMove("end", "hand", "4", 0, 0, ""), view) == ("hand:4", "aux:new")


def test_against_the_computer_with_hints_turned_off_the_button_is_dimmed_and_says_why():
    driver = Driver(Options(game="cesta", lang="en", seed=2,
                            players=[SeatSpec("human"), SeatSpec("ai", "easy")]))
    try:
        driver.app.settings.set("hints_vs_ai", False)
        table = driver.top
        assert driver.run_until(lambda: table.match.waiting_for_human, limit=600)
        driver.step(2)
        rect = table.hint_rect(driver.app.screen.get_size())
        assert table.hint_button is not None and not table.hint_button.enabled
        driver.click(rect.center, frames=2)
        assert table.hints.shown is None and table.match.hints_used == {}
        assert "Settings" in (table.hints.line or "")
    finally:
        driver.app.close()


def test_hints_vs_ai_is_a_settings_row_that_persists_and_explains_itself():
    from game.client.scenes.settings_scene import SettingsScene

    driver = Driver(Options(lang="en"))
    try:
        scene = SettingsScene(driver.app)
        driver.app.stack.push(scene)
        driver.step(2)
        row = driver.widget("hints_vs_ai")
        scene.focus.focus = scene.focus.widgets.index(row)
        assert scene.about() == "hints_vs_ai"
        assert driver.app.settings["hints_vs_ai"] is True   # on by default
        driver.key(pygame.K_LEFT, frames=2)
        assert driver.app.settings["hints_vs_ai"] is False
        driver.key(pygame.K_ESCAPE, frames=2)   # leaving saves
    finally:
        driver.app.close()
    assert load_settings()["hints_vs_ai"] is False


def test_the_hint_budget_is_a_count_and_the_clock_guards_only_the_worker_process(monkeypatch):
    """In-process (tests) a hint is the same on any machine; the worker process adds the
    wall-clock guard (``Agent.deadline``) that keeps a busy machine's hint within time."""
    from ai import hint_agent
    from game.rules import get_game

    made: list[object] = []

    def spy(game, seed=0):  # noqa: ANN001, ANN202
        agent = hint_agent(game, seed)
        made.append(agent)
        return agent

    monkeypatch.setattr(ai_worker, "hint_agent", spy)
    game = get_game("cut_the_rope")
    state = game.new_game(2, 5)
    view = game.to_dict(game.view(state, game.current_player(state)))
    request = ai_worker.Request(1, "cut_the_rope", dict(game.rules), view,
                                game.current_player(state), HINT, 3, "cs")
    first = ai_worker.choose(request)
    again = ai_worker.choose(request)
    assert first.move is not None and first.move == again.move and first.reason
    assert [agent.deadline for agent in made] == [None, None]
    assert ai_worker.choose(request, capped=True).move is not None
    assert made[-1].deadline is not None
