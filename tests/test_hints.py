"""Hints: the expert's move for the person to move, from that person's view only; off
against the computer unless the setting allows it; counted per seat."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client import ai_worker  # noqa: E402
from game.client.ai_explain import explain_move  # noqa: E402
from game.client.hints import Hints  # noqa: E402
from game.client.options import Options, SeatSpec  # noqa: E402
from game.client.session import Match, SeatInfo  # noqa: E402
from game.client.settings import load_settings  # noqa: E402
from game.client.testing import Driver  # noqa: E402


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
    assert seen and seen[0]["level"] == "expert" and seen[0]["seat"] == seat
    assert seen[0]["view"] == match.game.to_dict(match.game.view(match.state, seat))
    other = 1 - seat
    hidden = match.game.to_dict(match.state)["hands"][other]
    assert seen[0]["view"]["hands"][other] == ["??"] * len(hidden)
    assert hints.shown is not None and hints.shown.move in match.legal_moves()
    assert hints.used == {seat: 1}
    match.play(match.legal_moves()[0])
    hints.update(0.0)
    hints.close()


def test_hints_are_off_against_the_computer_unless_turned_on():
    match = Match.create("cesta", [SeatInfo("human"), SeatInfo("ai", "easy")], seed=3,
                         inline_ai=True)
    hints = Hints(match, inline=True)
    settings = load_settings()
    assert not hints.ask(settings) and hints.line and not hints.used
    settings.set("hints_vs_ai", True)
    if match.waiting_for_human:
        assert hints.ask(settings)
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
