"""The Královská cesta table played through synthetic mouse and keyboard events on the real
scenes: a whole game to the results screen, hot-seat secrecy, overstep reports, keys."""

from __future__ import annotations

import pytest

from game.rules.events import Event
from game.rules.royal_road import events as ev
from game.rules.royal_road.moves import ROLL, MovePyramid

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.match.match import SeatInfo  # noqa: E402
from game.client.scenes.handoff import HandoffScene  # noqa: E402
from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.scenes.setup import SetupScene  # noqa: E402
from game.client.scenes.title import TitleScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.royal_road.scene import RoyalRoadTable  # noqa: E402
from game.client.tables.royal_road.screens import keep_button_rect, keep_card_rect  # noqa: E402
from tests.support.driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def fast_settings(speed: float = 0.15):
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = speed
    settings.values["language"] = "en"
    return settings


def pyramid_rect(table: RoyalRoadTable, code: str) -> pygame.Rect:
    for rect, hit in table.model.pyr_hits:
        if hit == code:
            return rect
    raise AssertionError(f"pyramid {code} is not drawn as pickable")


def human_step(driver: Driver, table: RoyalRoadTable, turn: int) -> str:
    """One decision of the person at the screen, made with the mouse as a player would."""
    legal = table.legal()
    layout = table.layout
    if table.shown().keep_open:
        count = len(table.dealt())
        for i in (turn % count, (turn + 2) % count):
            driver.click(keep_card_rect(table.layout, i, count, table.model.keep_pick).center)
        assert len(table.model.keep_pick) == table.shown().keep_count
        driver.click(keep_button_rect(table.layout).center)
        return "keep"
    if legal.roll:
        if legal.reuse and turn % 4 == 1:
            driver.click(layout.reuse_button.center)
            return "reuse"
        driver.click(layout.roll_button.center)
        return "roll"
    if legal.moves:
        # the pyramid that can go furthest, so the game ends in reasonable time
        code = max(legal.moves, key=lambda c: (max(legal.moves[c]), c))
        driver.click(pyramid_rect(table, code).center)
        assert table.model.selected == code
        target = max(legal.moves[code])
        driver.click(layout.card_rects[target].center)
        return "move"
    if legal.swaps:
        if turn % 2:
            driver.click(layout.noswap_button.center)
            return "noswap"
        a, b = sorted(legal.swaps)[turn % len(legal.swaps)]
        driver.click(layout.card_rects[a].center)
        assert a in table.model.swap_pick
        driver.click(layout.card_rects[b].center)
        return "swap"
    raise AssertionError(f"nothing to do although the person is to move: {legal}")


def play_until_results(driver: Driver, limit: int = 60000) -> dict[str, int]:
    done: dict[str, int] = {}
    turn = 0
    for _ in range(limit):
        top = driver.top
        if isinstance(top, ResultsScene):
            return done
        if isinstance(top, HandoffScene):
            driver.click_widget("confirm")
            continue
        if isinstance(top, RoyalRoadTable) and top.match.waiting_for_human:
            before = len(top.match.history)
            seat = top.match.to_move
            kind = human_step(driver, top, turn)
            history = top.match.history
            assert len(history) > before and history[before].seat == seat, \
                f"the {kind} click made no move"
            done[kind] = done.get(kind, 0) + 1
            turn += 1
        else:
            driver.step()
    raise AssertionError("the game did not reach the results screen")


def test_whole_game_from_title_to_results_with_the_mouse():
    driver = Driver(Options(seed=11), settings=fast_settings())
    try:
        assert isinstance(driver.top, TitleScene)
        driver.step(3)
        driver.click_widget("royal_road")
        assert isinstance(driver.top, SetupScene)
        assert driver.top.kinds == ["human", "ai"]
        driver.click_widget("start", frames=3)
        table = driver.top
        assert isinstance(table, RoyalRoadTable)
        match = table.match
        done = play_until_results(driver)
        assert match.over and match.finished
        assert done.get("keep") == 1 and done.get("move", 0) >= 3
        assert done.get("roll", 0) >= 1
        results = driver.top
        assert results.winners == list(match.result().winners)
        winner = results.winners[0]
        # the winner's card was revealed and the reason names the trio in words
        assert table.model.reveal is not None and table.model.reveal.seat == winner
        assert table.model.reveal.card == table.view_dict["win_card"]
        assert match.seats[winner].name in results.reason
        assert {e.seat for e in match.history} == {0, 1}
        words = {e.notation.split()[0] for e in match.history}
        assert words <= {"keep", "roll", "reuse", "move", "pass", "swap", "noswap"}
        assert len(table.model.entries) >= len(match.history) // 2
        # the results screen offers a rematch that starts a fresh table
        driver.click_widget("result0", frames=3)
        assert isinstance(driver.top, RoyalRoadTable) and driver.top is not table
    finally:
        driver.close()


def test_hot_seat_shows_only_the_own_secret_cards():
    driver = Driver(Options(game="royal_road", players=[SeatSpec("human")] * 3, seed=4),
                    settings=fast_settings(0.0))
    try:
        seen_views = 0
        for _ in range(400):
            top = driver.top
            if isinstance(top, HandoffScene):
                table = top.table
                # nothing of the table (nor a secret card) is drawn under the hand-off
                assert top.opaque
                driver.click_widget("confirm")
                table = driver.top
                assert isinstance(table, RoyalRoadTable)
                viewer = table.viewer
                assert viewer == table.match.to_move
                for seat, row in enumerate(table.view_dict["kept"]):
                    if seat != viewer:
                        assert all(c == "??" for c in row)
                for seat, row in enumerate(table.view_dict["dealt"]):
                    if seat != viewer:
                        assert all(c == "??" for c in row)
                assert not table.model.drawer_open   # the drawer starts closed for each person
                seen_views += 1
                if seen_views >= 6:
                    break
                continue
            if isinstance(top, RoyalRoadTable) and top.match.waiting_for_human:
                human_step(driver, top, seen_views)
            else:
                driver.step()
        assert seen_views >= 6
        table = driver.top
        table.input.toggle_drawer()
        driver.step(2)
        kept = table.view_dict["kept"][table.viewer]
        assert len(kept) == 2 and "??" not in kept
    finally:
        driver.close()


def start(driver: Driver, seats: list[SeatInfo], rules=None, seed: int = 3) -> RoyalRoadTable:
    match = driver.app.start_match("royal_road", seats, rules, seed)
    driver.step(2)
    table = match.presenter
    assert isinstance(table, RoyalRoadTable)
    return table


def test_overstep_and_report_buttons():
    driver = Driver(settings=fast_settings(0.0))
    try:
        seats = [SeatInfo("human", name="Ada"), SeatInfo("human", name="Bea")]
        table = start(driver, seats, {"overstep": True}, seed=1)
        match = table.match
        reported = no_violation = False
        for turn in range(3000):
            top = driver.top
            if isinstance(top, ResultsScene) or (reported and no_violation):
                break
            if isinstance(top, HandoffScene):
                driver.click_widget("confirm")
                continue
            if not (top is table and match.waiting_for_human):
                driver.step()
                continue
            legal = table.legal()
            if table.report_visible() and not legal.report and not no_violation:
                before = len(match.history)
                driver.click(table.layout.report_button.center)
                assert len(match.history) == before, "a fair move cannot be reported"
                assert table.model.banner is not None
                no_violation = True
                continue
            if legal.report:
                mover = match.history[-1].seat
                driver.click(table.layout.report_button.center)
                assert match.history[-1].notation == "report"
                assert match.state is not None and table.view_dict["skips"][mover] == 1
                reported = True
                continue
            if legal.moves:
                over = {c: table.shown().overstep_targets(c) for c in legal.moves}
                code = next((c for c in over if over[c]), None)
                if code is not None and not reported:
                    driver.click(pyramid_rect(table, code).center)
                    target = max(over[code])
                    driver.click(table.layout.card_rects[target].center)
                    assert match.history[-1].notation == f"move {code} {target}"
                    continue
            human_step(driver, table, turn)
        assert reported and no_violation
    finally:
        driver.close()


def test_keyboard_only_turns():
    driver = Driver(settings=fast_settings(0.0))
    try:
        table = start(driver, [SeatInfo("human", name="Ada"), SeatInfo("ai", "easy")], seed=5)
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        assert table.shown().keep_open
        driver.key(pygame.K_1)
        driver.key(pygame.K_3)
        driver.key(pygame.K_RETURN)
        assert match.history[-1].notation.startswith("keep ")
        kinds = set()
        for _ in range(40):
            assert driver.run_until(lambda: match.waiting_for_human or match.over, 5000)
            if match.over:
                break
            legal = table.legal()
            before = len(match.history)
            if legal.roll:
                driver.key(pygame.K_u if legal.reuse and len(kinds) % 2 else pygame.K_r)
            elif legal.moves:
                driver.key(pygame.K_TAB)
                assert table.model.selected in legal.moves
                driver.key(pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
                if len(match.history) == before:
                    assert table.model.armed is not None   # a single landing: Enter again
                    driver.key(pygame.K_RETURN)
            elif legal.swaps:
                driver.key(pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
                driver.key(pygame.K_RIGHT)
                driver.key(pygame.K_RETURN)
                if len(match.history) == before:
                    driver.key(pygame.K_n)
            assert len(match.history) > before and match.history[before].seat == 0
            kinds.add(match.history[before].notation.split()[0])
        assert {"roll", "move"} <= kinds
        driver.key(pygame.K_c)
        assert table.model.drawer_open
    finally:
        driver.close()


def test_hot_seat_with_a_computer_moving_before_anyone_owns_the_screen():
    driver = Driver(settings=fast_settings(0.2))
    try:
        seats = [SeatInfo("ai", "easy", name="Robo"), SeatInfo("human", name="Ada"),
                 SeatInfo("human", name="Bea")]
        table = start(driver, seats, {"first_player": 0}, seed=2)
        match = table.match
        assert table.concealed   # nobody has taken the screen yet: only the wood is drawn
        turns = 0
        for _ in range(6000):
            top = driver.top
            if isinstance(top, HandoffScene):
                driver.click_widget("confirm")
                continue
            if top is table and match.waiting_for_human:
                human_step(driver, table, turns)
                turns += 1
                if turns >= 8:
                    break
            else:
                driver.step()
        assert turns >= 8
        assert any(e.seat == 0 and e.notation.startswith("move") for e in match.history)
    finally:
        driver.close()


def test_events_become_motion_card_by_card():
    """A move hops once per card (HOP each), a trapdoor fall sinks and drops into JAIL, an
    amnesty stands the prisoners up, a swap slides both cards; the table is busy meanwhile."""
    from game.client.ui import anim

    driver = Driver(settings=fast_settings(1.0))
    try:
        table = start(driver, [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")], seed=6)
        table.match.ai_pace = 99.0   # keep the computers still while we present by hand
        driver.run_until(lambda: not table.busy, 600)
        track = table.view_dict["track"]
        trap, jail = track.index("TRAPDOOR"), track.index("JAIL")
        events: list[Event] = [
            ev.PyramidMoved(seat=0, pyramid="rS", from_=0, to=trap,
                            path=tuple(range(1, trap + 1))),
            ev.FellThroughTrapdoor(pyramid="rS", from_=trap, to=jail),
            ev.Jailed(pyramid="rS", position=jail),
            ev.Amnesty(cause="all_jailed", pyramids=("rS", "bM")),
            ev.Swapped(seat=0, positions=(2, 7))]
        table.present(0, MovePyramid("rS", trap), events)
        mover = table.model.movers["rS"]
        kinds = [s.kind for s in mover.segments]
        assert kinds == ["hop"] * trap + ["fall", "drop"]
        assert abs(mover.total - (trap * anim.HOP + 0.35 + 0.4)) < 1e-9
        assert set(table.model.standing_up) == {"rS", "bM"}
        assert table.model.standing_up["rS"].delay >= mover.total - 1e-9  # after the fall
        assert set(table.model.card_moves) == {2, 7}
        assert table.busy and table.model.banner is not None
        assert "2" in table.model.banner.text and "7" in table.model.banner.text
        words = table.model.entries[-1].parts[0]()
        assert "2" in words and "7" in words and "pyramids" in words
        from game.client.tables.royal_road.present import SWAP_LIFT, SWAP_SLIDE
        driver.step(int((mover.total + 0.45 + SWAP_LIFT + SWAP_SLIDE + 0.5) * 60))
        assert not table.model.movers and not table.model.standing_up and not table.model.card_moves
        table.present(1, ROLL, [ev.Rolled(seat=1, face="g")])
        assert table.model.die_tween is not None and table.model.die_face == "g"
        driver.step(50)
        assert table.model.die_tween is None
    finally:
        driver.close()


def test_resting_table_is_one_cached_picture():
    """Between moves the board, plates and log are not redrawn: the cached layer stays."""
    driver = Driver(settings=fast_settings(1.0))
    try:
        table = start(driver, [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")], seed=8)
        table.match.ai_pace = 99.0
        assert driver.run_until(lambda: not table.busy and table.renderer.layer is not None, 600)
        driver.step(2)   # a move already due lands here: its die tumbles, then it is logged
        assert driver.run_until(lambda: not table.busy, 600)
        driver.step(2)
        layer = table.renderer.layer[1]
        driver.step(90)
        assert table.renderer.layer[1] is layer
    finally:
        driver.close()


def test_a_move_repaints_only_its_parts_of_the_layer_and_the_picture_is_the_same():
    """After a move the cached layer is repainted region by region (the pyramid's old and
    new cards, the plates, the log); what it shows is exactly what a layer drawn whole
    from the same view shows."""
    from game.client.tables.common import fx
    from game.client.tables.royal_road.render import (
        current_card_rects,
        draw_static,
        dynamic_pyramids,
    )

    driver = Driver(settings=fast_settings(0.15))
    try:
        table = start(driver, [SeatInfo("ai", "easy"), SeatInfo("ai", "easy")], seed=8)
        renderer = table.renderer
        compared = 0
        for _ in range(40):
            before = renderer.repaints["parts"]
            driver.step(10)
            if renderer.repaints["parts"] == before or table.match.over:
                continue
            view = table.shown()
            if view.keep_open or view.ui.card_moves or view.concealed:
                continue
            size = driver.app.screen.get_size()
            rects, dynamic = current_card_rects(table.paint, view), dynamic_pyramids(view)
            layer = renderer.static_layer(view, size, rects, dynamic)
            whole = fx.refill(None, renderer.background(size))
            draw_static(table.paint, view, whole, rects, dynamic)
            assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(whole, "RGB")
            compared += 1
        assert compared >= 3
        assert renderer.repaints["parts"] > renderer.repaints["whole"]
    finally:
        driver.close()
