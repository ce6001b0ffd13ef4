"""Královská cesta stays legible: pyramids on START and on a full card stand apart, each
inside its card's area, at every window size; the drawn pyramid stays inside the box the
spread reserves for it; secret trios stay off the plates at a hot-seat table unless the
drawer is open."""

from __future__ import annotations

from itertools import combinations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.tables.royal_road.art import RoyalArt  # noqa: E402
from game.client.tables.royal_road.layout import (  # noqa: E402
    COLOURS,
    SIZES,
    RoyalLayout,
    pyramid_spot,
)
from game.client.ui.assets import Assets  # noqa: E402
from game.rules.royal_road.cards import jail_index  # noqa: E402

ALL = [c + s for c in COLOURS for s in SIZES]
SIZES_TO_CHECK = [(960, 540), (1920, 1080), (2560, 1440)]
WIDTH = 0.85    # a standing pyramid is under this share of its box wide, as tall as it


def track(n: int = 15) -> list[str]:
    cards = ["START"] + [f"rS-gM-bL{q}" for q in range(1, n - 2)] + ["TRAPDOOR", "GOAL"]
    cards[jail_index(n, "third")] = "JAIL"
    return cards


def reserved(point: tuple[float, float], box: int) -> pygame.Rect:
    x, y = point
    return pygame.Rect(round(x - box * WIDTH / 2), round(y - box), round(box * WIDTH), box)


@pytest.mark.parametrize("size", SIZES_TO_CHECK)
@pytest.mark.parametrize("count", [1, 3, 6, 15])
def test_pyramids_on_start_spread_apart_inside_its_area(size, count):
    cards = track()
    layout = RoyalLayout(size, len(cards), cards.index("JAIL"))
    on_start = {code: 0 for code in ALL[:count]}
    area = layout.spread_area(0)
    rects = []
    for code in on_start:
        point, box = pyramid_spot(layout, cards, on_start, code, 0)
        rect = reserved(point, box)
        assert area.inflate(2, 2).contains(rect), (size, code, rect, area)
        rects.append(rect)
    for a, b in combinations(rects, 2):
        assert not a.colliderect(b), (size, a, b)
    # the spread stays in START's own column: no neighbour's card is reached
    assert not area.colliderect(layout.card_rects[1])
    if count == 15:   # fifteen are still a third of a card's width tall, or more
        assert min(r.height for r in rects) >= layout.card_size[0] * 0.28


@pytest.mark.parametrize("size", SIZES_TO_CHECK)
def test_three_pyramids_on_a_card_stand_apart_inside_it(size):
    cards = track()
    layout = RoyalLayout(size, len(cards), cards.index("JAIL"))
    pygame.display.init()
    art = RoyalArt(Assets())
    here = {"rS": 2, "gM": 2, "kL": 2}
    rects = []
    for code in here:   # where render draws it: the picture's visible part, as hit-tested
        (x, y), box = pyramid_spot(layout, cards, here, code, 2)
        image = art.pyramid(code, box).get_rect(midbottom=(int(x), int(y + box * 0.03)))
        rects.append(art.pyramid_box_rect(code, box).move(image.topleft))
    for rect in rects:
        assert layout.card_rects[2].contains(rect)
    for a, b in combinations(rects, 2):
        assert not a.colliderect(b)


@pytest.mark.parametrize("box", [12, 21, 43, 57])
def test_the_drawn_pyramid_fits_the_reserved_box(box):
    pygame.display.init()
    art = RoyalArt(Assets())
    for code in ALL:
        visible = art.pyramid_box_rect(code, box)
        assert visible.width <= box * WIDTH + 1 and visible.height <= box, (code, visible)
