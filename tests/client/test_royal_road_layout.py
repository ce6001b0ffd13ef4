"""Královská cesta table layout: every legal track length and JAIL position fits the window
(no card off the table or over another), from 960×540 to 4K."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.tables.royal_road.layout import RoyalLayout, base_point, track_cells  # noqa: E402
from game.rules.royal_road.cards import jail_index  # noqa: E402


def test_default_track_is_a_u_with_jail_at_the_first_corner():
    cells = track_cells(15, jail_index(15, "third"))
    assert cells[0] == (0, 0)                      # START bottom left
    assert cells[5] == (5, 0)                      # JAIL at the first corner
    assert cells[-1] == (0, cells[-1][1])          # GOAL back on the left, on top
    layout = RoyalLayout((1280, 720), 15, 5)
    assert layout.is_u
    assert layout.middle.width > 300 and layout.middle.height > 200


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)])
def test_every_track_fits(size):
    for n in range(7, 41):
        for jail in {jail_index(n, "third"), 1, n - 3, n // 2}:
            layout = RoyalLayout(size, n, jail)
            cells = layout.cells
            assert len(cells) == n and len(set(cells)) == n
            # neighbours on the track are neighbours on the grid (the road never jumps)
            for a, b in zip(cells, cells[1:], strict=False):
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, (n, jail, a, b)
            rects = layout.card_rects
            for i, rect in enumerate(rects):
                assert layout.area.contains(rect), (n, jail, i)
                for other in rects[i + 1:]:
                    assert not rect.colliderect(other)
            assert not layout.area.colliderect(layout.left)
            assert not layout.area.colliderect(layout.right)


def test_pyramid_slots_on_a_card_do_not_coincide():
    card = pygame.Rect(0, 0, 100, 140)
    codes = [c + s for c in "rygbk" for s in "SML"]
    special = {base_point(card, True, code) for code in codes}
    assert len(special) == 15
    ordinary = {base_point(card, False, "r" + s) for s in "SML"}
    assert len(ordinary) == 3


def test_rules_help_pages_in_every_language_with_pictures(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))
    from game.cli import Options
    from game.client.i18n import language, languages, set_language
    from game.client.tables.royal_road.help import pages
    from tests.support.driver import Driver

    driver = Driver(Options())
    before = language()
    try:
        surface = pygame.Surface((1280, 720))
        found = pages()
        assert len(found) >= 5
        set_language("en")
        english = [(page.heading(), page.text()) for page in found]
        for lang in languages():
            set_language(lang)
            for page, (title, text) in zip(found, english, strict=True):
                assert page.heading() and len(page.text()) > 80
                if lang != "en":
                    assert page.heading() != title and page.text() != text
                assert page.picture is not None
                area = pygame.Rect(700, 150, 480, 400)
                surface.fill((0, 0, 0))
                page.picture(driver.app, surface, area)   # its words too: the stop's label
                assert surface.get_bounding_rect().width > 50   # something was drawn
    finally:
        set_language(before)
        driver.close()
