"""A table you can follow: the log scrolls through the whole
game in every table, ..."""

from __future__ import annotations

import os

import pytest

pygame = pytest.importorskip("pygame")

from game.client.options import Options, SeatSpec  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.common.log import LogScroll  # noqa: E402
from game.client.ui import theme  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

GAMES = ("cesta", "royal_road", "cut_the_rope")


def fast_settings():
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = 0.0
    return settings


def spectator(game: str, seed: int = 5) -> Driver:
    return Driver(Options(game=game, players=[SeatSpec("ai", "easy"), SeatSpec("ai", "easy")],
                          seed=seed), settings=fast_settings())


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_log_scroll_keeps_the_lines_being_read_still_and_stays_inside_the_log():
    scroll = LogScroll()
    scroll.follow(30)
    scroll.area, scroll.page = pygame.Rect(0, 0, 100, 100), 6
    assert scroll.handle(key(pygame.K_PAGEUP)) and scroll.offset == 5
    scroll.follow(33)                       # three new lines while reading back
    assert scroll.offset == 8
    scroll.scroll(1000)
    assert scroll.offset == 32              # the oldest line at the bottom, no further
    assert scroll.handle(key(pygame.K_END)) and scroll.offset == 0
    scroll.follow(40)                       # at the bottom the log follows the game
    assert scroll.offset == 0
    assert scroll.handle(key(pygame.K_PAGEDOWN)) and scroll.offset == 0


def test_log_scroll_wheel_and_drag_only_over_the_log():
    scroll = LogScroll()
    scroll.follow(50)
    scroll.area, scroll.line = pygame.Rect(10, 10, 100, 200), 20
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 50), rel=(0, 0), buttons=(0, 0, 0))
    assert not scroll.handle(motion)
    assert not scroll.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    scroll.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0),
                                     buttons=(0, 0, 0)))
    assert scroll.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    assert scroll.offset == 6
    assert scroll.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1))
    assert scroll.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 110), rel=(0, 60),
                                            buttons=(1, 0, 0)))
    assert scroll.offset == 9               # dragged three lines down: three older
    assert scroll.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(50, 110), button=1))
    assert not scroll.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 150),
                                                rel=(0, 40), buttons=(0, 0, 0)))
    assert scroll.offset == 9


@pytest.mark.parametrize("game", GAMES)
def test_every_table_keeps_the_whole_game_and_pages_back_through_it(game):
    driver = spectator(game)
    try:
        table = driver.top
        scroll = table.log_scroll
        entries = scroll_entries(table)
        # Computers at full speed play about a move a frame and an easy Cesta game can end
        # 35 frames after its log holds a page: page back as soon as there is a page to
        # page through, and wait only for the next line, so the game is still on for End.
        assert driver.run_until(lambda: len(entries) > scroll.page + 2, 20000)
        assert scroll.area is not None and scroll.offset == 0
        page, count = scroll.page, scroll.count
        driver.key(pygame.K_PAGEUP)   # a page back; lines played meanwhile keep it still
        assert scroll.offset == max(1, page - 1) + len(entries) - count
        before = (len(entries), scroll.offset)
        assert driver.run_until(lambda: len(entries) > before[0], 30)
        assert scroll.offset - before[1] == len(entries) - before[0]
        # End reaches the log only while the table is on top and the game goes on (a
        # finished game's results would take the key): say so if that ever fails
        assert driver.top is table and not table.match.finished
        driver.key(pygame.K_END)
        assert scroll.offset == 0
        driver.run_until(lambda: table.match.finished, 40000)
        assert len(entries) == len(scroll_entries(table))
        assert len(entries) >= len([h for h in table.match.history if h.seat is not None]) // 4
    finally:
        driver.close()


def scroll_entries(table):
    for holder in ("stage", "hud", "model"):
        part = getattr(table, holder, None)
        if part is not None and getattr(part, "scroll", None) is table.log_scroll:
            return part.entries
    raise AssertionError("the table's log has no entries")


def test_each_computer_move_stays_in_view_for_the_whole_pace_even_within_its_turn():
    from game.client.match.match import Match, SeatInfo

    match = Match.create("royal_road", [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")],
                         seed=3, inline_ai=True)
    try:
        match.ai_pace, match.speed = 0.5, 0.0   # no animations: the pace still holds
        played = []
        for _ in range(400):
            before = len(match.history)
            match.update(1 / 60)
            if len(match.history) > before:
                played.append(match.history[-1].seat)
            if len(played) >= 4:
                break
        frames_between = []
        match2 = Match.create("royal_road", [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")],
                              seed=3, inline_ai=True)
        match2.ai_pace, match2.speed = 0.5, 2.0    # slow: twice as long
        last, count = None, 0
        for frame in range(400):
            before = len(match2.history)
            match2.update(1 / 60)
            if len(match2.history) > before:
                if last is not None:
                    frames_between.append(frame - last)
                last = frame
                count += 1
            if count >= 4:
                break
        match2.close()
        assert len(played) >= 4
        assert frames_between and min(frames_between) >= 59   # 0.5 s × 2 at 60 frames/s
    finally:
        match.close()


def test_animation_speed_is_four_named_choices():
    from game.client import i18n
    from game.client.scenes.settings_scene import SPEEDS, speed_name

    before = i18n.language()
    try:
        i18n.set_language("en")
        assert [speed_name(v) for v in SPEEDS] == ["off", "fast", "normal", "slow"]
        assert speed_name(1.5) in ("normal", "slow")    # a hand-edited factor: the nearest
        i18n.set_language("cs")
        assert [speed_name(v) for v in SPEEDS] == ["vypnuto", "rychle", "normálně", "pomalu"]
    finally:
        i18n.set_language(before)


def test_the_round_counts_turns_of_every_seat_not_moves():
    from game.client.tables.common.rounds import round_number

    assert round_number([], 0) == 1
    assert round_number([0, 0], 1) == 1            # a play and a draw: one turn
    assert round_number([0, 0, 1, 1], 0) == 2       # both seats had their turn
    assert round_number([1, 1, 1, 0, 0], 1) == 2    # the game opened with seat 1
    assert round_number([0, 1, 2, 0, 1, 2], None) == 2   # over: the last round stays


@pytest.mark.parametrize("game", GAMES)
def test_a_live_resize_lays_the_table_out_for_the_real_size(game):
    driver = Driver(Options(game=game, players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=5, size=(1280, 720)), settings=fast_settings())
    try:
        table = driver.top
        assert driver.run_until(lambda: table.match.waiting_for_human, 3000)
        entries = len(scroll_entries(table))
        for size in ((960, 540), (1920, 1080), (3840, 2160)):
            pygame.display.set_mode(size)           # what the window manager does
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1]))
            driver.step(2)
            assert driver.app.screen.get_size() == size
            assert table.layout.size == size and table.layout.u == pytest.approx(theme.unit(size))
            assert driver.top is table                  # the same table: nothing is lost
            assert len(scroll_entries(table)) == entries
            assert table.log_scroll.area is not None
            assert table.log_scroll.area.right <= size[0]
            assert table.log_scroll.area.bottom <= size[1]
    finally:
        driver.close()


def test_menus_are_built_again_for_the_new_size():
    driver = Driver(Options(size=(1280, 720)), settings=fast_settings())
    try:
        title = driver.top
        driver.app.resize_window((1920, 1080))
        driver.step(2)
        assert title.size == (1920, 1080)
        for widget in title.focus.widgets:
            assert driver.app.screen.get_rect().contains(widget.rect)
        assert max(w.rect.right for w in title.focus.widgets) > 1280   # centred in the new width
    finally:
        driver.close()


@pytest.mark.parametrize("game", ("royal_road", "cut_the_rope"))
def test_since_your_last_turn_summarises_the_others_and_any_input_dismisses_it(game):
    settings = fast_settings()
    driver = Driver(Options(game=game, players=[SeatSpec("human"), SeatSpec("ai", "easy"),
                                                SeatSpec("ai", "easy")], seed=4),
                    settings=settings)
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        assert table.summary is None            # nobody played before the first turn
        while match.waiting_for_human:          # the person plays their whole turn
            table.try_move(match.legal_moves()[0])
            driver.step(2)
        assert driver.run_until(lambda: match.waiting_for_human or match.over, 20000)
        if match.over:
            pytest.skip("the game ended before the person's second turn")
        driver.step(2)
        assert table.summary is not None and table.summary[0] == match.to_move
        since = table.summary[1]
        movers = {entry.seat for entry in table.log_entries()[since:]}
        assert {1, 2} <= movers                 # both computer seats' lines are in it
        if os.environ.get("HERNA_SHOTS"):
            pygame.image.save(driver.app.screen, f"{os.environ['HERNA_SHOTS']}/summary_{game}.png")
        before = len(match.history)
        driver.key(pygame.K_RETURN)             # dismissed, and Enter did nothing else
        assert table.summary is None and len(match.history) == before
        driver.step(5)
        assert table.summary is None            # shown once per turn
    finally:
        driver.close()


def test_the_log_names_the_die_colour_only_once_the_die_has_landed():
    settings = fast_settings()
    settings.values["animation_speed"] = 1.0
    driver = Driver(Options(game="royal_road", players=[SeatSpec("ai", "easy"),
                                                        SeatSpec("ai", "easy")], seed=8),
                    settings=settings)
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: any(h.notation == "roll" for h in match.history), 5000)
        ui = table.model
        assert ui.die_tween is not None and not ui.die_tween.done      # still tumbling

        def names_a_die(entry) -> bool:
            return any(isinstance(p, tuple) and p[0] == "die" for p in entry.parts)

        assert not any(names_a_die(entry) for entry in ui.entries)
        assert driver.run_until(lambda: ui.die_tween is None or ui.die_tween.done, 600)
        driver.step(1)
        assert names_a_die(ui.entries[-1]) or any(names_a_die(e) for e in ui.entries[-3:])
    finally:
        driver.close()


@pytest.mark.parametrize("count", [1, 2, 5, 9, 15])
def test_pyramids_on_a_special_card_stay_inside_it_at_any_count(count):
    from game.client.tables.royal_road.layout import COLOURS, SIZES, special_spot

    card = pygame.Rect(100, 100, 80, 112)
    codes = [c + s for s in SIZES for c in COLOURS][:count]
    boxes, spots = [], []
    for code in codes:
        (x, y), box = special_spot(card, codes, code, largest=40)
        assert card.left <= x - box / 2 and x + box / 2 <= card.right      # no edge crossed
        assert card.top <= y - box and y <= card.bottom
        boxes.append(box)
        spots.append((round(x), round(y)))
    assert len(set(spots)) == count                  # none stands on another
    one = special_spot(card, codes[:1], codes[0], largest=40)[1]
    assert max(boxes) <= one                         # the grid shrinks as more come


def test_action_cards_in_hand_are_named_and_explained_on_hover():
    from game.client import i18n
    from game.client.tables.cesta.cards import is_action
    from game.client.tables.cesta.hud import action_tip_lines

    before = i18n.language()
    try:
        i18n.set_language("en")
        assert action_tip_lines("TIME")[0] == "Time" and "sum" in action_tip_lines("TIME")[1]
        i18n.set_language("cs")
        assert action_tip_lines("DEED")[0] == "Dobrý skutek"
        assert all("cesta.tip" not in action_tip_lines(c)[1] for c in ("TIME", "RUST", "DEED"))
    finally:
        i18n.set_language(before)
    driver = Driver(Options(game="cesta", players=[SeatSpec("human"), SeatSpec("ai", "easy")],
                            seed=3), settings=fast_settings())
    try:
        table = driver.top
        match = table.match
        for _ in range(60):
            assert driver.run_until(lambda: match.waiting_for_human or match.over, 5000)
            if match.over or any(is_action(c) for c in table.hand(table.bottom)):
                break
            legal = match.legal_moves()
            draws = [m for m in legal if "action" in match.game.format_move(m)]
            table.try_move(draws[0] if draws else legal[0])
            driver.step(2)
        hand = table.hand(table.bottom)
        index = next((i for i, c in enumerate(hand) if is_action(c)), None)
        if index is None:
            pytest.skip("no action card came to the hand")
        slot = table.layout.hand_slots(len(hand), True)[index]
        point = (slot.centerx, slot.bottom - 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        plain = driver.app.screen.copy()
        driver.step(3)
        assert table.input.hover_index(len(hand)) == index
        shot = driver.app.screen
        above = pygame.Rect(slot.x, slot.y - 60, slot.width, 40).clip(shot.get_rect())
        changed = sum(1 for x in range(above.left, above.right, 4)
                      for y in range(above.top, above.bottom, 4)
                      if shot.get_at((x, y)) != plain.get_at((x, y)))
        assert changed > 10                   # a panel is drawn above the card
    finally:
        driver.close()


@pytest.mark.parametrize("game", GAMES)
def test_scrolling_redraws_the_log_on_screen_and_every_seat_keeps_its_last_mark(game):
    driver = spectator(game)
    try:
        table = driver.top
        scroll = table.log_scroll
        entries = scroll_entries(table)
        assert driver.run_until(lambda: len(entries) > scroll.page + 4, 20000)
        table.match.ai_pace = 99.0                 # the table rests: only the scroll changes
        assert driver.run_until(lambda: not table.busy, 2000)
        driver.step(3)
        area = scroll.area.copy()
        before = driver.app.screen.subsurface(area).copy()
        driver.key(pygame.K_PAGEUP)
        after = driver.app.screen.subsurface(area)
        assert any(before.get_at((x, y)) != after.get_at((x, y))
                   for x in range(0, area.width, 3) for y in range(0, area.height, 3))
        if game == "cesta":
            assert set(table.stage.last_plays) == {0, 1}   # both seats' last cards marked
    finally:
        driver.close()
