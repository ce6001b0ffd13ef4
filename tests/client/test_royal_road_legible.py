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


def _view(hot_seat: bool, viewer: int | None, drawer_open: bool):
    from game.client.tables.royal_road.model import (
        SeatPlate,
        TableModel,
        TableView,
        legal_from,
    )

    model = TableModel(drawer_open=drawer_open)
    kept = [["rS-gM-bL", "yS-rM-kL"], ["??", "??"]] if viewer == 0 else \
        [["rS-gM-bL", "yS-rM-kL"], ["gS-bM-rL", "bS-kM-yL"]]
    return TableView(
        state={"track": track(), "step": "color", "pyramids": {}, "kept": kept},
        legal=legal_from([]), ui=model,
        seats=(SeatPlate("Ada", False, "normal"), SeatPlate("Bea", False, "normal")),
        to_move=0, viewer=viewer, thinking=None, hot_seat=hot_seat, notice=False,
        waiting_for_human=True, overstep_rule=False, reuse_rule=True, report_visible=False,
        keep_count=2, dealt=(), big_symbols=False)


def test_hot_seat_plates_show_trios_only_while_the_drawer_is_open():
    from game.client.tables.royal_road.hud import plate_shows_trio

    closed = _view(hot_seat=True, viewer=0, drawer_open=False)
    assert not plate_shows_trio(closed, 0, "rS-gM-bL")
    opened = _view(hot_seat=True, viewer=0, drawer_open=True)
    assert plate_shows_trio(opened, 0, "rS-gM-bL")
    assert not plate_shows_trio(opened, 1, "??")
    # against the computer the person's own trios stay on the plate; a spectator sees all
    assert plate_shows_trio(_view(hot_seat=False, viewer=0, drawer_open=False), 0, "rS-gM-bL")
    assert plate_shows_trio(_view(hot_seat=False, viewer=None, drawer_open=False), 1,
                            "gS-bM-rL")


WINDOWS = [(960, 540), (1024, 768), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("lang", ["cs", "de", "en"])
def test_the_die_trays_title_fits_beside_the_hint_button(lang):
    """"Barevná kostka" is never under the Hint button nor on the die: it wraps at a space
    and shrinks until it fits the room the button leaves."""
    from game.client import i18n
    from game.client.tables.common.kit import TableKit
    from game.client.tables.royal_road.hud import hint_button_rect, tray_title

    pygame.display.init()
    pygame.font.init()
    assets = Assets()
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        for size in WINDOWS:
            layout = RoyalLayout(size, 15, 5)
            kit = TableKit(assets, RoyalArt(assets), layout, None, None, {})
            u = layout.u
            left = layout.right.x + int(10 * u)
            button = hint_button_rect(layout, assets)
            room = button.x - int(6 * u) - left
            lines = tray_title(kit, i18n.t("Colour die"), room)
            assert max(line.get_width() for line in lines) <= room, (size, room)
            bottom = layout.right.y + int(6 * u) + sum(line.get_height() - int(3 * u)
                                                       for line in lines) + int(3 * u)
            assert bottom <= layout.die_rect.top, size
            assert button.bottom <= layout.die_rect.top + int(6 * u)
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize("size", WINDOWS)
def test_a_cards_tooltip_keeps_clear_of_the_prompt(size):
    from game.client.tables.royal_road.render import tooltip_rect

    cards = track()
    layout = RoyalLayout(size, len(cards), cards.index("JAIL"))
    u = layout.u
    middle = layout.middle
    prompt = pygame.Rect(middle.x + int(40 * u), middle.y, middle.width - int(80 * u),
                         int(70 * u))
    tip = (int(180 * u), int(90 * u))
    for q, card in enumerate(layout.card_rects):
        rect = tooltip_rect(layout, card, tip, prompt)
        assert not rect.colliderect(prompt), (size, q, rect)
        assert layout.area.inflate(int(40 * u), 0).contains(rect), (size, q)


def test_swapped_cards_bow_to_opposite_sides_and_take_their_time():
    from game.client.tables.royal_road.motion import CardMove, card_rect_now
    from game.client.tables.royal_road.present import SWAP_LIFT, SWAP_SLIDE
    from game.client.ui import anim

    assert SWAP_LIFT + SWAP_SLIDE >= 1.5      # slow enough to follow at normal speed
    animator = anim.Animator()
    a, b = pygame.Rect(100, 400, 70, 98), pygame.Rect(500, 400, 70, 98)
    there = CardMove(pygame.FRect(a), animator.add(1.0, anim.linear), 60)
    back = CardMove(pygame.FRect(b), animator.add(1.0, anim.linear), 60)
    assert card_rect_now(there, b).topleft == a.topleft     # not started: where it lay
    animator.update(0.5)
    mid_there, mid_back = card_rect_now(there, b), card_rect_now(back, a)
    assert mid_there.y != mid_back.y and (mid_there.y - 400) * (mid_back.y - 400) < 0
    assert not mid_there.colliderect(mid_back)
    animator.update(0.6)
    assert card_rect_now(there, b).topleft == b.topleft
