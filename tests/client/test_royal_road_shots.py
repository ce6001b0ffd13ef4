"""Headless screenshots of 2-, 3- and 5-player Královská cesta games at several points.

The pictures go to a temporary folder (or ``HERNA_SHOTS`` when set, to look at them); the
test checks that each one really shows a table (many colours, the track's cards drawn)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.scenes.handoff import HandoffScene  # noqa: E402
from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.royal_road.scene import RoyalRoadTable  # noqa: E402
from game.rules.royal_road.moves import ROLL, MovePyramid  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("HERNA_SHOTS", tmp_path / "shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(driver: Driver, folder: Path, name: str) -> Path:
    # PNG when someone will look at them; BMP otherwise (PNG compression is slow)
    path = folder / f"{name}.{'png' if os.environ.get('HERNA_SHOTS') else 'bmp'}"
    pygame.image.save(driver.app.screen, str(path))
    image = pygame.image.load(str(path))
    small = pygame.transform.scale(image, (64, 36))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(36)}
    assert len(colours) > 100, f"{name} looks blank"
    return path


def settings(lang: str = "cs", speed: float = 0.3):
    """Quicker than a real game (the suite's time budget), slow enough to catch motion."""
    values = load_settings()
    values.values["language"] = lang
    values.values["animation_speed"] = speed
    values.values["ai_pace"] = 0.1
    return values


def ai_game(players: int, seed: int, folder: Path, lang: str, points: tuple[int, ...]) -> None:
    specs = [SeatSpec("ai", "easy") for _ in range(players)]
    driver = Driver(Options(game="royal_road", players=specs, seed=seed),
                    settings=settings(lang))
    try:
        table = driver.top
        assert isinstance(table, RoyalRoadTable)
        table.match.on_change.clear()  # no autosave: these tests are about pictures
        for frame in points:
            driver.step(frame - driver.frames)
            save(driver, folder, f"rr{players}_f{frame:05d}")
        revealed = driver.run_until(lambda: table.model.reveal is not None
                                    and table.model.reveal.tween.raw > 0.6, 60000)
        assert revealed
        save(driver, folder, f"rr{players}_reveal")
        assert driver.run_until(lambda: isinstance(driver.top, ResultsScene), 3000)
        driver.step(40)
        save(driver, folder, f"rr{players}_results")
    finally:
        driver.close()


def test_three_ai_players(shots):
    ai_game(3, 5, shots, "cs", (60, 400, 900))


def test_five_ai_players(shots):
    ai_game(5, 8, shots, "en", (200, 700))


def test_two_players_person_vs_ai(shots):
    driver = Driver(Options(game="royal_road", players=[SeatSpec("human"),
                                                       SeatSpec("ai", "easy")], seed=21),
                    settings=settings("en"))
    try:
        table = driver.top
        match = table.match
        match.on_change.clear()
        assert driver.run_until(lambda: match.waiting_for_human, 2000)
        table.input.toggle_keep(0)
        table.input.toggle_keep(3)
        driver.step(20)
        save(driver, shots, "rr2_keep")
        table.input.confirm_keep()
        taken: set[str] = set()
        wanted = {"color", "move", "hop", "late", "bonus"}
        for _ in range(400):
            if wanted <= taken:
                break
            assert driver.run_until(lambda: match.waiting_for_human or match.over, 6000)
            if match.over:
                break
            legal = table.legal()
            if legal.roll:
                if "color" not in taken:
                    driver.step(10)
                    save(driver, shots, "rr2_color")
                    taken.add("color")
                table.try_move(ROLL)
            elif legal.moves:
                code = max(legal.moves, key=lambda c: max(legal.moves[c]))
                table.input.select(code)
                table.model.drawer_open = True
                driver.step(12)
                if "move" not in taken or len(match.history) > 40 and "late" not in taken:
                    save(driver, shots, "rr2_move" if "move" not in taken else "rr2_late")
                    taken.add("move" if "move" not in taken else "late")
                table.try_move(MovePyramid(code, max(legal.moves[code])))
                driver.step(4)
                if "hop" not in taken and table.model.movers:
                    save(driver, shots, "rr2_hop")
                    taken.add("hop")
            elif legal.swaps:
                a, b = sorted(legal.swaps)[0]
                table.input.pick_swap(a)
                driver.step(10)
                save(driver, shots, "rr2_bonus")
                table.input.pick_swap(b)
                driver.step(12)
                save(driver, shots, "rr2_swapping")
                taken.add("bonus")
            if isinstance(driver.top, HandoffScene):
                driver.click_widget("confirm")
        assert {"color", "move"} <= taken
    finally:
        driver.close()
