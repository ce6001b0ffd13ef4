"""A move repaints only the parts of a table's cached board it changed (Cesta's columns and
log; Královská cesta's cards, plates and log are checked in test_client_royal_road): the
picture must be exactly what a board drawn whole from the same view shows."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.match.match import SeatInfo  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.cesta import CestaTable, hud  # noqa: E402
from game.client.tables.cesta.render import draw_milestones  # noqa: E402
from game.client.tables.common import fx  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


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


def test_a_see_through_pyramid_is_blitted_from_the_cached_picture_without_a_copy():
    """The ghost and fading movers are drawn at their alpha from the cached picture, which
    is left as it was (a copy per frame was a new surface on the hot path)."""
    from game.client.tables.royal_road.render import _blit_pyramid

    settings = load_settings()
    settings.values["language"] = "en"
    driver = Driver(settings=settings)
    try:
        match = driver.app.start_match("royal_road", [SeatInfo("human"), SeatInfo("human")],
                                       None, 3)
        assert match is not None
        driver.step(2)
        table = match.presenter
        view = table.shown()
        box = table.layout.box
        image = table.paint.art.pyramid("rL", box, 0, view.big_symbols)
        alpha_before = image.get_alpha()
        faded = pygame.Surface((box * 3, box * 3))
        faded.fill((0, 0, 0))
        solid = faded.copy()
        point = (box * 1.5, box * 2.0)
        _blit_pyramid(table.paint, view, faded, "rL", box, point, 0.0, 1.0, 100)
        rect = _blit_pyramid(table.paint, view, solid, "rL", box, point, 0.0, 1.0, 255)
        assert table.paint.art.pyramid("rL", box, 0, view.big_symbols) is image
        assert image.get_alpha() == alpha_before
        centre = rect.center   # on the pyramid: drawn fainter over black than at full
        assert sum(faded.get_at(centre)[:3]) < sum(solid.get_at(centre)[:3])
    finally:
        driver.close()
