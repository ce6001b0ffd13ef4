"""The Cut the Rope table on the real client: whole games through synthetic mouse and
keyboard input, refusals with reasons, hot-seat concealment and headless screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.cli import Options, SeatSpec  # noqa: E402
from game.client.i18n import t  # noqa: E402
from game.client.scenes.handoff import HandoffScene  # noqa: E402
from game.client.scenes.results import ResultsScene  # noqa: E402
from game.client.storage.settings import load_settings  # noqa: E402
from game.client.tables.cut_the_rope.art import CutArt  # noqa: E402
from game.client.tables.cut_the_rope.model import SourceRef  # noqa: E402
from game.client.tables.cut_the_rope.scene import CutTheRopeTable  # noqa: E402
from tests.support.driver import Driver  # noqa: E402

SMALL_PILES = """pile_sizes = {2 = 5, 3 = 5, 4 = 4, 5 = 4, 6 = 3}
first_player = 0
"""


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "data"))


def make(tmp_path: Path, players: list[SeatSpec], seed: int = 5, rules: str | None = None,
         speed: float = 0.3) -> Driver:
    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    settings.values["animation_speed"] = speed
    rules_file = None
    if rules is not None:
        rules_file = tmp_path / "ctr.toml"
        rules_file.write_text(rules, encoding="utf-8")
    options = Options(game="cut_the_rope", players=players, seed=seed, rules_file=rules_file)
    return Driver(options, settings=settings)


def source_point(table: CutTheRopeTable, src: str) -> tuple[int, int]:
    """Where a person clicks to pick up the source of a move (notation ``pile`` etc.)."""
    seat = table.bottom
    if src == "pile":
        return table.layout.own_pile.center
    if src.startswith("hand:"):
        hand = table.hand(seat)
        index = hand.index(src[5:])
        rect, _angle = table.layout.hand_slots(len(hand))[index]
        return rect.center
    k = int(src[4:])
    rects = table.geometry.aux_rects(seat, table.view_dict["aux"][seat])
    return rects[k - 1][-1].center


def target_point(table: CutTheRopeTable, dst: str) -> tuple[int, int]:
    key = "new" if dst.startswith("new:") else dst
    rect = table.board().target_rect(key)
    assert rect is not None, dst
    return rect.center


def choose(table: CutTheRopeTable) -> str:
    """A sensible move for the person: the pile first, then other builds, else end."""
    moves = [table.match.game.format_move(m) for m in table.match.legal_moves()]
    for prefix in ("build pile", "build aux", "build hand"):
        for text in moves:
            if text.startswith(prefix):
                return text
    return moves[0]


def play_by_mouse(driver: Driver, table: CutTheRopeTable, text: str, drag: bool) -> None:
    words = text.split()
    if words == ["end"]:
        driver.click(table.layout.end_button.center)
        return
    src, dst = words[1], words[2]
    if words[0] == "end":
        src = words[1]
    start = source_point(table, src)
    end = target_point(table, dst)
    if drag:
        driver.drag(start, end)
    else:
        driver.click(start)
        assert table.focus.selected is not None
        driver.click(end)
    if dst.startswith("new:") and table.focus.chooser is not None:
        driver.click(table.focus.chooser.rect(dst[4:]).center)


def test_whole_game_human_vs_ai_by_mouse_to_the_results(tmp_path):
    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy")], seed=3,
                  rules=SMALL_PILES)
    try:
        table = driver.top
        assert isinstance(table, CutTheRopeTable)
        match = table.match
        kinds: set[str] = set()
        moves_by_mouse = 0
        for _ in range(60000):
            top = driver.top
            if isinstance(top, ResultsScene):
                break
            if top is table and match.waiting_for_human:
                text = choose(table)
                before = len(match.history)
                play_by_mouse(driver, table, text, drag=moves_by_mouse % 3 == 2)
                assert len(match.history) == before + 1, f"the mouse did not play {text}"
                assert match.history[-1].notation == text
                kinds.add(text.split()[0])
                moves_by_mouse += 1
            else:
                driver.step()
        else:
            raise AssertionError("the game did not reach the results screen")
        assert match.over
        assert moves_by_mouse >= 4
        assert {"build", "end"} <= kinds
        results = driver.top
        assert results.winners == list(match.result().winners)
        piles = match.game.to_dict(match.state)["piles"]
        assert table.pile_counts() == [len(p) for p in piles]
        assert min(table.pile_counts()) == 0 or "stalemate" in match.result().reason
        # the results panel shows each remaining pile (drawn by the table)
        texts: list[str] = []
        original = driver.app.assets.text

        def spy(text, *args, **kwargs):
            texts.append(text)
            return original(text, *args, **kwargs)

        driver.app.assets.text = spy
        driver.step(2)
        driver.app.assets.text = original
        for seat in range(len(piles)):
            assert match.seats[seat].name in texts
        # the log tells the story with names
        assert table.hud.entries and any(e.kind == "build" for e in table.hud.entries)
    finally:
        driver.close()


def test_keyboard_only_turn(tmp_path):
    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy")], seed=8,
                  rules="first_player = 0\n")
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        # build everything that fits using keys only: a key picks a source, Enter its place
        for _ in range(30):
            legal = table.legal()
            if not legal.builds:
                break
            move = legal.builds[0]
            if move.source == "pile":
                driver.key(pygame.K_q)
            elif move.source == "hand":
                driver.key(pygame.K_1 + table.hand(table.bottom).index(move.card))
            else:
                driver.key((pygame.K_z, pygame.K_x, pygame.K_c)[move.index - 1])
            assert table.board().source_ref(table.focus.selected) == \
                SourceRef(move.source, move.card, move.index)
            before = len(match.history)
            target = table.focus.kb_target
            assert target is not None
            driver.key(pygame.K_RETURN)
            if table.focus.chooser is not None:
                driver.key(pygame.K_u)
            assert len(match.history) == before + 1
            assert driver.run_until(lambda: match.waiting_for_human or match.over, 2000)
            if match.over:
                return
        # the last step: N, a hand card (it goes at once when it has one place), else
        # → to a target and Enter
        before = len(match.history)
        driver.key(pygame.K_n)
        assert table.focus.end_mode
        driver.key(pygame.K_1)
        if len(match.history) == before:
            assert table.focus.kb_target is not None
            assert table.focus.kb_target.startswith("aux")
            driver.key(pygame.K_RETURN)
        assert len(match.history) == before + 1
        assert match.history[-1].notation.startswith("end hand:")
        assert match.to_move == 1
        # Esc with nothing selected pauses
        driver.key(pygame.K_ESCAPE)
        from game.client.scenes.pause import PauseScene

        assert isinstance(driver.top, PauseScene)
    finally:
        driver.close()


def test_illegal_target_is_refused_with_a_reason(tmp_path):
    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy")], seed=4,
                  rules="first_player = 0\n")
    try:
        table = driver.top
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        hand = table.hand(table.bottom)
        # a 2..9 cannot start a row: clicking the free row refuses it
        index = next((i for i, c in enumerate(hand) if c not in ("1", "10", "S")), None)
        assert index is not None, hand
        rect, _angle = table.layout.hand_slots(len(hand))[index]
        driver.click(rect.center)
        assert table.focus.selected == ("hand", index)
        before = len(match.history)
        driver.click(table.layout.row_card(0, 0).center)
        assert len(match.history) == before
        assert table.hud.toast is not None
        assert table.hud.toast.text == t("A new row starts with 1, {n} or scissors", n=10)
        # the pile card onto an aux row: only hand cards go there
        driver.click(table.layout.own_pile.center)
        driver.click(table.geometry.aux_column(0).center)
        assert len(match.history) == before
        assert table.hud.toast is not None
        assert table.hud.toast.text == t("Only a hand card goes onto an aux row (it ends the "
                                         "turn)")
    finally:
        driver.close()


def test_scissors_starting_a_row_asks_the_direction(tmp_path):
    # find a seed whose person holds scissors at the start
    for seed in range(1, 60):
        driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy")], seed=seed,
                      rules="first_player = 0\n")
        table = driver.top
        if "S" in table.hand(table.bottom):
            break
        driver.close()
    else:
        pytest.skip("no seed with scissors in hand")
    try:
        match = table.match
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        hand = table.hand(table.bottom)
        rect, _angle = table.layout.hand_slots(len(hand))[hand.index("S")]
        driver.click(rect.center)
        driver.click(table.layout.row_card(0, 0).center)
        assert table.focus.chooser is not None
        before = len(match.history)
        driver.click(table.focus.chooser.rect("down").center)
        assert len(match.history) == before + 1
        assert match.history[-1].notation == "build hand:S new:down"
        row = table.view_dict["rows"][0]
        assert row == {"cards": ["S"], "dir": "down"}
    finally:
        driver.close()


def test_hot_seat_hides_hands_until_the_handoff(tmp_path, monkeypatch):
    drawn: list[str] = []
    original = CutArt.card

    def spy(self, code, size):
        drawn.append(code)
        return original(self, code, size)

    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("human"), SeatSpec("ai", "easy")],
                  rules="first_player = 0\n")
    try:
        monkeypatch.setattr(CutArt, "card", spy)
        driver.step(3)
        assert isinstance(driver.top, HandoffScene)
        table = driver.app.stack.scenes[0]
        assert table.concealed
        assert drawn == []       # nothing of the table was drawn under the hand-off
        driver.click_widget("confirm", frames=3)
        assert driver.top is table and table.viewer == 0 and table.bottom == 0
        hand0 = table.hand(0)
        assert "??" not in hand0 and all(c == "??" for c in table.hand(1))
        # play seat 0's turn to its end: the next person gets the hand-off screen
        match = table.match
        driver.run_until(lambda: match.waiting_for_human, 2000)
        ends = [m for m in match.legal_moves()
                if match.game.format_move(m).startswith("end")]
        match.play(ends[0])
        assert driver.run_until(lambda: isinstance(driver.top, HandoffScene), 3000)
        drawn.clear()
        driver.step(5)
        assert drawn == []
        driver.click_widget("confirm", frames=3)
        assert table.viewer == 1 and table.bottom == 1
        assert "??" not in table.hand(1) and all(c == "??" for c in table.hand(0))
    finally:
        driver.close()


@pytest.mark.parametrize("players", [2, 6])
def test_headless_screenshots_of_ai_games(tmp_path, players):
    driver = make(tmp_path, [SeatSpec("ai", "easy")] * players, seed=2, speed=0.5)
    try:
        table = driver.top
        shots = []
        for index in range(3):
            driver.step(400)
            path = tmp_path / f"ctr_{players}_{index}.png"
            pygame.image.save(driver.app.screen, str(path))
            shots.append(path)
        assert all(p.stat().st_size > 20000 for p in shots)
        assert len(table.geometry.panels) == players - 1
        # every panel lies inside the window and they do not overlap
        rects = [p.rect for p in table.geometry.panels.values()]
        screen = driver.app.screen.get_rect()
        assert all(screen.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert table.match.history, "the AI seats played on"
    finally:
        driver.close()


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_fits_every_seat_count(size, players):
    from game.client.tables.cut_the_rope.layout import CutLayout

    layout = CutLayout(size, players, 3, 3, 10, 6)
    screen = pygame.Rect(0, 0, *size)
    panels = layout.seat_panels(players - 1)
    assert len(panels) == players - 1
    for i, panel in enumerate(panels):
        assert layout.top_band.contains(panel.rect)
        assert panel.rect.contains(panel.pile)
        last = pygame.Rect(panel.aux_x[-1], panel.aux_y, *panel.card)
        assert panel.rect.contains(last), (i, panel.rect, last)
        for other in panels[i + 1:]:
            assert not panel.rect.colliderect(other.rect)
    for slot in range(3):
        first, last = layout.row_card(slot, 0), layout.row_card(slot, 9)
        assert layout.rows_area.contains(first.union(last))
    for rect, _angle in layout.hand_slots(6):
        assert layout.bottom_panel.contains(rect)
        assert not rect.colliderect(layout.controls)
    assert screen.contains(layout.bottom_panel) and screen.contains(layout.side)
    assert not layout.end_button.colliderect(layout.undo_button)


def test_rules_pages_and_strings_in_every_language():
    from game.client.i18n import language, languages, set_language
    from game.client.tables.cut_the_rope.help import pages

    book = pages()
    assert len(book) >= 5
    before = language()
    try:
        set_language("en")
        english = [(page.heading(), page.paragraphs()) for page in book]
        for lang in languages():
            set_language(lang)
            for page, (title, paragraphs) in zip(book, english, strict=True):
                assert page.heading() and page.text()
                if lang != "en":   # every paragraph translated, not left in English
                    assert page.heading() != title
                    assert all(a != b for a, b in zip(page.paragraphs(), paragraphs,
                                                      strict=True))
    finally:
        set_language(before)
    driver = Driver(Options(headless=True))
    try:
        surface = pygame.Surface((1280, 720))
        for page in book:
            if page.picture is not None:
                page.picture(driver.app, surface, pygame.Rect(760, 180, 440, 380))
    finally:
        driver.close()


def test_six_seats_from_the_title_screen(tmp_path):
    from game.client.scenes.setup import SetupScene
    from game.client.scenes.title import TitleScene

    settings = load_settings()
    settings.values["ai_pace"] = 0.0
    driver = Driver(settings=settings)
    try:
        assert isinstance(driver.top, TitleScene)
        driver.step(3)
        driver.click_widget("cut_the_rope", frames=3)
        assert isinstance(driver.top, SetupScene)
        for _ in range(4):
            driver.click_widget("add", frames=2)
        assert len(driver.top.kinds) == 6
        driver.click_widget("start", frames=5)
        table = driver.top
        assert isinstance(table, CutTheRopeTable)
        assert len(table.match.seats) == 6 and len(table.geometry.panels) == 5
        assert table.bottom == table.match.humans[0]
        # the opening deal: every hand card flies from the draw pile
        dealt = [f for f in table.motion.flying if f.hide and f.hide[0] == "hand"]
        assert len(dealt) == 6 * 6
        assert driver.run_until(lambda: not any(f in table.motion.flying for f in dealt), 600)
    finally:
        driver.close()


def test_undo_rebuilds_the_table_before_the_last_build(tmp_path):
    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy")], seed=3,
                  rules="first_player = 0\n")
    try:
        table = driver.top
        match = table.match
        for _ in range(40):
            assert driver.run_until(lambda: match.waiting_for_human, 5000)
            builds = [match.game.format_move(m) for m in match.legal_moves()
                      if match.game.format_move(m).startswith("build")]
            if builds:
                break
            ends = [m for m in match.legal_moves()
                    if match.game.format_move(m).startswith("end")]
            match.play(ends[0])
        else:
            pytest.skip("no build came up")
        before = match.game.to_dict(match.state)
        match.play(match.game.parse_move(match.state, builds[0]))
        assert driver.run_until(lambda: match.waiting_for_human, 3000)
        driver.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=5)
        rebuilt = driver.top
        assert isinstance(rebuilt, CutTheRopeTable) and rebuilt is not table
        assert rebuilt.match.game.to_dict(rebuilt.match.state) == before
        assert rebuilt.view_dict["rows"] == before["rows"]
        assert not rebuilt.motion.flying
    finally:
        driver.close()


def test_moves_made_behind_the_handoff_screen_are_logged(tmp_path):
    driver = make(tmp_path, [SeatSpec("ai", "easy"), SeatSpec("human"), SeatSpec("human")],
                  rules="first_player = 0\n")
    try:
        table = driver.app.stack.scenes[0]
        match = table.match
        assert driver.run_until(lambda: isinstance(driver.top, HandoffScene), 5000)
        assert match.history and all(e.seat == 0 for e in match.history)
        assert table.concealed
        driver.click_widget("confirm", frames=3)
        assert table.viewer == 1
        logged = [e for e in table.hud.entries if e.seat == 0]
        assert any(e.kind == "end" for e in logged)
        ends = sum(1 for e in match.history if e.notation.startswith("end"))
        assert sum(1 for e in logged if e.kind == "end") == ends
    finally:
        driver.close()


def test_unusual_house_rules_still_lay_out_and_play(tmp_path):
    rules = ("main_rows = 5\naux_rows = 5\nrow_length = 12\nhand_size = 9\ncopies = 12\n"
             "refill_when_empty = true\nfirst_player = 0\n")
    driver = make(tmp_path, [SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("ai", "easy"),
                             SeatSpec("ai", "easy")], seed=6, rules=rules, speed=0.2)
    try:
        table = driver.top
        match = table.match
        assert len(table.view_dict["rows"]) == 5
        for _ in range(3):   # three of the person's turns by mouse, the robots in between
            assert driver.run_until(lambda: match.waiting_for_human or match.over, 20000)
            if match.over:
                break
            before = len(match.history)
            text = choose(table)
            play_by_mouse(driver, table, text, drag=False)
            assert len(match.history) == before + 1
            while match.waiting_for_human and match.to_move == 0 and \
                    not match.history[-1].notation.startswith("end"):
                text = choose(table)
                play_by_mouse(driver, table, text, drag=True)
                driver.run_until(lambda: match.waiting_for_human or match.over, 2000)
        screen = driver.app.screen.get_rect()
        for slot in range(5):
            assert screen.contains(table.layout.row_card(slot, 11))
    finally:
        driver.close()
