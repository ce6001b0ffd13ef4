"""The pieces the three tables share (``game.client.tables.common``), tested without a
scene: the event reader, the cached glows and veils, ..."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from game.client.tables.common import fx  # noqa: E402


def test_glow_and_veil_are_made_once_per_look():
    cache: dict = {}
    a = fx.glow(cache, (40, 60), (255, 200, 0), pad=8, peak=120, floor=20, radius=5)
    assert fx.glow(cache, (40, 60), (255, 200, 0), pad=8, peak=120, floor=20, radius=5) is a
    assert a.get_size() == (56, 76)          # the halo reaches ``pad`` beyond the card
    other = fx.glow(cache, (40, 60), (255, 200, 0), pad=8, peak=150, floor=20, radius=5)
    assert other is not a                    # another table's numbers: another surface
    veil = fx.veil(cache, (40, 60), (10, 14, 18, 120))
    assert veil.get_size() == (40, 60)
    assert tuple(veil.get_at((20, 30))) == (10, 14, 18, 120)
    assert veil.get_at((0, 0)).a == 0        # rounded corners stay clear
    assert fx.veil(cache, (40, 60), (10, 14, 18, 120)) is veil
    assert len(cache) == 3


def test_outline_frames_the_card_two_pixels_outside():
    surface = pygame.Surface((100, 100))
    rect = pygame.Rect(30, 30, 40, 40)
    fx.outline(surface, rect, (255, 0, 0), width=2)
    assert tuple(surface.get_at((50, 28)))[:3] == (255, 0, 0)   # 2 px above the top edge
    assert tuple(surface.get_at((50, 50)))[:3] == (0, 0, 0)     # the card itself untouched


def test_pulse_breathes_between_its_bounds():
    values = [fx.pulse(t / 10) for t in range(200)]
    assert min(values) == pytest.approx(0.1, abs=0.01)
    assert max(values) == pytest.approx(1.0, abs=0.01)


def test_legal_index_answers_membership_and_hands_back_the_engines_instance():
    from game.client.tables.common.legal import LegalIndex
    from game.rules.cesta import Draw, Play

    engine_move = Play("R7", 3)
    legal = LegalIndex([engine_move, Draw("event")])
    assert Play("R7", 3) in legal and Play("R7", 4) not in legal
    assert legal.get(Play("R7", 3)) is engine_move      # equal value → the engine's object
    assert legal.get(Play("R7", 4)) is None and legal.get(None) is None
    assert list(legal) == [engine_move, Draw("event")] and len(legal) == 2 and legal.any
    assert not LegalIndex().any


def test_a_flying_card_goes_from_its_start_to_its_target():
    from game.client.tables.common.flying import FlyingCard, still_flying
    from game.client.ui import anim

    animator = anim.Animator()
    start, end = pygame.Rect(0, 0, 50, 70), pygame.Rect(300, 200, 100, 140)
    card = FlyingCard("R7", start, end, animator.add(0.25, anim.ease_out_cubic, delay=0.1),
                      ("hand", 0))
    late = FlyingCard("Y8", start, end, animator.add(0.25, anim.ease_out_cubic, delay=1.0),
                      None)
    cards = [card, late]
    assert not card.started and card.rect_now() == (0, 0, 50, 70)
    animator.update(0.2)
    x, y, w, h = card.rect_now()
    assert card.started and 0 < x < 300 and 0 < y < 200 and 50 < w < 100
    assert 0 < card.lift() <= 1
    assert still_flying(cards) is cards               # nothing landed: the same list
    animator.update(0.2)
    assert card.landed and card.rect_now() == (300, 200, 100, 140)
    assert card.lift() == pytest.approx(0, abs=1e-9)
    assert still_flying(cards) == [late]


def test_a_banner_counts_down_fades_and_rises_then_vanishes():
    from game.client.tables.common.banner import Banner, tick

    banner = Banner("Your turn", 1.0)
    assert banner.fade == 1.0 and banner.rise(10, 1.0) == 0
    later = tick(banner, 0.8)
    assert later is not None and later.text == "Your turn"
    assert later.left == pytest.approx(0.2)
    assert later.fade == pytest.approx(0.5) and later.rise(10, 2.0) == 10
    assert tick(later, 0.25) is None and tick(None, 0.1) is None
    assert banner.left == 1.0                     # a value: counting down makes a new one


def test_a_toast_stays_where_it_was_put_until_its_time_is_up():
    from game.client.tables.common.banner import Toast

    toast = Toast("not like that", (120, 300), 0.5)
    later = toast.after(0.3)
    assert later is not None and later.pos == (120, 300) and later.text == toast.text
    assert later.after(0.2) is None


def test_a_banner_pill_is_drawn_centred_and_rises_while_fading():
    from game.client.tables.common.banner import Banner, PillStyle, draw_banner

    style = PillStyle((250, 250, 250), (200, 0, 0), radius=10, shadow_alpha=60, pad=(20, 10))

    def shadow(size, radius=10, alpha=70):
        return pygame.Surface(size, pygame.SRCALPHA)

    def topmost_edge(banner: Banner) -> int:
        surface = pygame.Surface((200, 100))
        image = pygame.Surface((60, 20))
        image.fill((0, 0, 255))
        draw_banner(surface, shadow, banner, image, (100, 50), style, 1.0)
        assert tuple(surface.get_at((100, 50)))[:3] in ((0, 0, 255), (250, 250, 250))
        return next(y for y in range(100) if tuple(surface.get_at((100, y)))[:3] == (200, 0, 0))

    steady = topmost_edge(Banner("x", 2.0))
    assert steady == 50 - 10 - 5                 # text half-height + half the padding
    assert topmost_edge(Banner("x", 0.2)) == steady - 5   # half faded: risen 5 of 10 px


def _line(height: int, shade: int) -> pygame.Surface:
    image = pygame.Surface((30, height))
    image.fill((shade, shade, shade))
    return image


def test_a_log_entry_draws_its_line_once_per_key():
    from game.client.tables.common.log import LogEntry

    entry = LogEntry(0)
    calls: list[int] = []

    def draw() -> pygame.Surface:
        calls.append(1)
        return _line(10, 200)

    first = entry.drawn((100, "cs"), draw)
    assert entry.drawn((100, "cs"), draw) is first and len(calls) == 1
    assert entry.drawn((100, "en"), draw) is not first and len(calls) == 2
    assert list(entry.image) == [(100, "en")]      # only the latest picture is kept


def test_the_log_panel_stacks_newest_at_the_bottom_and_drops_the_oldest_off_the_top():
    from game.client.tables.common.log import LogEntry, draw_entries

    entries = [LogEntry(seat % 2) for seat in range(6)]
    drawn: list[tuple[int, bool]] = []

    def line(entry: LogEntry, latest: bool) -> pygame.Surface:
        position = next(i for i, e in enumerate(entries) if e is entry)
        drawn.append((position, latest))
        return _line(10, 250 if latest else 40 + 30 * position)

    surface = pygame.Surface((60, 100))
    # room for three lines of 10 px with 2 px gaps between y=60 and y=100
    draw_entries(surface, entries, line, 50, 5, 60, 100, 2)
    assert tuple(surface.get_at((10, 95)))[:3] == (250, 250, 250)        # newest, lowest
    assert tuple(surface.get_at((10, 83)))[:3] == (160, 160, 160)        # entry 4 above it
    assert tuple(surface.get_at((10, 71)))[:3] == (130, 130, 130)        # entry 3
    assert tuple(surface.get_at((10, 55)))[:3] == (0, 0, 0)              # the rest scrolled off
    assert drawn[0] == (5, True) and all(not latest for _, latest in drawn[1:])
    assert 0 not in {position for position, _ in drawn}                  # never even drawn
    before = len(drawn)
    draw_entries(surface, entries, line, 50, 5, 60, 100, 2)
    assert len(drawn) == before                  # the same look: cached pictures only
    entries.append(LogEntry(1))                  # a new move: all move up
    surface.fill((0, 0, 0))
    draw_entries(surface, entries, line, 50, 5, 60, 100, 2)
    assert tuple(surface.get_at((10, 83)))[:3] == (190, 190, 190)        # entry 5, no longer latest
    assert (5, False) in drawn[before:] and (4, False) not in drawn[before:]
    draw_entries(surface, entries, line, 40, 5, 60, 100, 2)             # another width
    assert (4, False) in drawn[before:]


def test_the_latest_line_sits_on_a_padded_or_full_width_backdrop():
    from game.client.tables.common.log import on_backdrop

    line = _line(10, 200)
    padded = on_backdrop(line, (255, 255, 255, 40), 6, pad=(4, 2))
    assert padded.get_size() == (38, 14)
    assert tuple(padded.get_at((4, 2)))[:3] == (200, 200, 200)
    wide = on_backdrop(line, (255, 236, 170, 150), 6, pad=(0, 2), width=80)
    assert wide.get_size() == (80, 14) and tuple(wide.get_at((50, 7))) == (255, 236, 170, 150)


def test_a_table_kit_carries_the_apps_shared_caches_and_the_layouts_unit():
    from game.client.tables.common.kit import TableKit

    class Layout:
        u = 1.5

    class FakeApp:
        assets = object()

        def __init__(self) -> None:
            self.surface_cache: dict = {}

        def shadow(self, size, radius=10, alpha=70):
            return pygame.Surface(size, pygame.SRCALPHA)

        def overlay(self, size, alpha=150, colour=(6, 12, 16)):
            return pygame.Surface(size, pygame.SRCALPHA)

    app = FakeApp()
    art = object()
    kit = TableKit.of(app, art, Layout())
    assert kit.u == 1.5 and kit.art is art and kit.assets is app.assets
    assert kit.cache is app.surface_cache                 # glows made once for every scene
    fx.veil(kit.cache, (10, 10), (0, 0, 0, 50))
    assert len(app.surface_cache) == 1
    assert kit.shadow((8, 6)).get_size() == (8, 6)


def test_number_keys_name_the_nth_thing():
    from game.client.tables.common.keys import digit_index

    assert digit_index(pygame.K_1) == 0 and digit_index(pygame.K_9) == 8
    assert digit_index(pygame.K_0) is None and digit_index(pygame.K_a) is None


def test_arrows_and_tab_step_back_or_forward():
    from game.client.tables.common.keys import key_step

    assert key_step(pygame.K_LEFT) == key_step(pygame.K_UP) == -1
    assert key_step(pygame.K_RIGHT) == key_step(pygame.K_DOWN) == key_step(pygame.K_TAB) == 1
    assert key_step(pygame.K_TAB, pygame.KMOD_LSHIFT) == -1
    assert key_step(pygame.K_RIGHT, pygame.KMOD_LSHIFT) == 1     # Shift only turns Tab


def test_cycle_walks_a_ring_of_options_from_the_current_one():
    from game.client.tables.common.keys import cycle

    ring = ["a", "b", "c"]
    assert cycle(ring, "a", 1) == "b" and cycle(ring, "c", 1) == "a"
    assert cycle(ring, "a", -1) == "c"
    assert cycle(ring, None, 1) == "a"                 # nothing picked: forward → first
    assert cycle(ring, None, -1) == "b"                # (-1 - 1) % 3: as Cesta always did
    assert cycle(ring, "x", -1, missing=1) == "a"      # -step: any first step → first
    assert cycle(ring, None, -1, missing=0) == "c"     # from the first: back wraps to last


def test_play_move_plays_on_the_persons_turn_and_reports_refusals():
    from game.client.i18n import t
    from game.client.tables.common.moves import play_move
    from game.rules import IllegalMove

    class Match:
        def __init__(self, waiting: bool, refuse: bool = False) -> None:
            self.waiting_for_human = waiting
            self.refuse = refuse
            self.played: list[object] = []

        def play(self, move: object) -> list:
            if self.refuse:
                raise IllegalMove.because("There is no main row {row}.", "build pile row:4",
                                          row=4)
            self.played.append(move)
            return []

    heard: list[str | None] = []
    match = Match(True)
    assert play_move(match, "m1", heard.append) and match.played == ["m1"] and heard == []
    assert not play_move(Match(False), "m1", heard.append) and heard == [None]
    refusing = Match(True, refuse=True)
    assert not play_move(refusing, "m1", heard.append)
    assert heard == [None, t("There is no main row {row}.", row=4)]  # words, not notation
    assert "build" not in str(heard[-1]) and "4" in str(heard[-1])

    class Broken(Match):
        def play(self, move: object) -> list:
            raise KeyError("a bug")                 # not a refusal: it must not be hidden

    with pytest.raises(KeyError):
        play_move(Broken(True), "m1", heard.append)


def test_plate_pieces_read_the_same_on_every_table():
    from game.client.i18n import language, set_language, t
    from game.client.tables.common import plates

    before = language()
    try:
        for lang in ("cs", "en"):
            set_language(lang)
            word = t("thinking")
            assert plates.thinking_text(0.0) == word + "."
            assert plates.thinking_text(0.4) == word + ".."
            assert plates.thinking_text(0.7) == word + "..."
            assert plates.thinking_text(1.0) == word + "."     # and round again
    finally:
        set_language(before)
    empty = plates.blank((6, 4))
    assert empty.get_size() == (6, 4) and empty.get_at((3, 2)).a == 0


def test_common_imports_no_table_package_nor_the_scenes_above_it():
    """``tables/common`` sits below every table: a table imports it, never the reverse,
    and it knows nothing of scenes or the app (so a fourth table can use it as it is)."""
    import ast
    from pathlib import Path

    import game.client.tables.common as common

    folder = Path(common.__file__).parent
    tables = Path(folder).parent
    packages = {p.name for p in tables.iterdir() if (p / "__init__.py").is_file()} - {"common"}
    assert packages >= {"cesta", "royal_road", "cut_the_rope"}
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert not node.level, f"{path.name}: relative import"
                names = [node.module or ""]
            for name in names:
                for package in packages:
                    assert not name.startswith(f"game.client.tables.{package}"), \
                        f"{path.name} imports the {package} table"
                assert name != "game.client.tables.base", f"{path.name} imports TableScene"
                assert not name.startswith(("game.client.scenes", "game.client.app")), \
                    f"{path.name} imports {name}"


def test_topmost_finds_the_overlapping_card_drawn_last():
    from game.client.tables.common.pointer import topmost

    fan = [pygame.Rect(x, 0, 40, 60) for x in (0, 25, 50)]      # each overlaps the next
    assert topmost(fan, (30, 10)) == 1           # under cards 0 and 1: 1 is on top
    assert topmost(fan, (10, 10)) == 0
    assert topmost(fan, (80, 10)) == 2
    assert topmost(fan, (200, 10)) is None and topmost([], (0, 0)) is None


def test_the_last_move_look_is_blue_white_with_a_marker_never_gold():
    surface = pygame.Surface((100, 100))
    rect = pygame.Rect(30, 30, 40, 50)
    tag = pygame.Surface((12, 12))
    tag.fill(fx.seat_colour(2))
    fx.last_move(surface, rect, 1.0, [tag])
    assert tuple(surface.get_at((rect.centerx, rect.top - 2)))[:3] == fx.LAST_MOVE
    # the marker: the seat's tag over the top-left corner
    assert tuple(surface.get_at((rect.left + 4, rect.top + 4)))[:3] == fx.seat_colour(2)
    assert tuple(surface.get_at(rect.center))[:3] == (0, 0, 0)      # the card stays clear
