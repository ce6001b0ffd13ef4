"""A move repaints only the parts of a table's cached board it changed (Cesta's columns and
log; Královská cesta's cards, plates and log are checked in test_client_royal_road): the
picture must be exactly what a board drawn whole from the same view shows."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.session import SeatInfo  # noqa: E402
from game.client.settings import load_settings  # noqa: E402
from game.client.tables.cesta import CestaTable, hud  # noqa: E402
from game.client.tables.cesta.render import draw_milestones  # noqa: E402
from game.client.tables.common import fx  # noqa: E402
from game.client.testing import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def test_cesta_repaints_the_changed_columns_and_shows_the_same_board():
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.2
    settings.values["language"] = "en"
    driver = Driver(settings=settings)
    try:
        match = driver.app.start_match("cesta", [SeatInfo("ai", "easy"),
                                                 SeatInfo("ai", "easy")], None, 4)
        assert match is not None
        driver.step(2)
        table = match.presenter
        assert isinstance(table, CestaTable)
        renderer = table.renderer
        compared = 0
        for _ in range(60):
            before = renderer.repaints["parts"]
            driver.step(6)
            if renderer.repaints["parts"] == before or match.over or table.concealed:
                continue
            shows = table.shows()
            hidden = shows.stage.hidden()
            size = driver.app.screen.get_size()
            board = renderer.board(size, shows, hidden)
            whole = fx.refill(None, renderer.background_for(size))
            draw_milestones(renderer.painter, whole, shows, hidden)
            hud.draw_log(renderer.painter, whole, shows)
            assert pygame.image.tobytes(board, "RGB") == pygame.image.tobytes(whole, "RGB")
            compared += 1
        assert compared >= 3
        assert renderer.repaints["parts"] > renderer.repaints["whole"]
    finally:
        driver.close()
