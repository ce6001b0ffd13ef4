"""The layout check (``tools/layout-check``): its rules on made-up frames, a sample of its
matrix (a few screens, one size, one language) with nothing over each other or cut off,
and the whole matrix with ``HERNA_SLOW=1``."""

from __future__ import annotations

import os

import pytest

pygame = pytest.importorskip("pygame")

from game.client.ui import probe  # noqa: E402
from game.client.ui.assets import Assets  # noqa: E402
from tools.layout import record  # noqa: E402
from tools.layout.check import run  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    pygame.font.init()


class Drawing:
    """A made-up scene: ``draw`` runs the given steps onto the recording screen."""

    def __init__(self, *steps) -> None:
        self.steps = steps

    def draw(self, surface) -> None:
        for step in self.steps:
            step(surface)


def frame_problems(*steps, size=(400, 300)) -> list[record.Problem]:
    with record.recording() as recorder:
        assets = Assets()

        def text(words, at, **kwargs):
            return lambda surface: surface.blit(assets.text(words, 20, **kwargs), at)

        frame = record.draw_frame(recorder, size, [Drawing(*(s(text) for s in steps))])
    return record.problems(frame)


def kinds(found: list[record.Problem]) -> list[str]:
    return sorted(problem.kind for problem in found)


def test_texts_apart_pass_and_texts_over_each_other_overlap():
    assert frame_problems(lambda text: text("Left", (10, 10)),
                          lambda text: text("Right", (200, 10))) == []
    assert kinds(frame_problems(lambda text: text("Left", (10, 10)),
                                lambda text: text("Right", (30, 15)))) == ["overlap"]


def test_a_text_and_its_own_shadow_are_one():
    assert frame_problems(lambda text: text("Title", (12, 12), colour=(0, 0, 0)),
                          lambda text: text("Title", (10, 10))) == []


def test_a_text_out_of_the_window_is_clipped():
    assert kinds(frame_problems(lambda text: text("Far too far right", (350, 10)))) \
        == ["clipped"]


def test_a_control_owns_its_label_and_collides_with_other_texts():
    def button(text):
        def draw(surface):
            with probe.box(surface, pygame.Rect(100, 100, 120, 40), "ok"):
                text("OK", (140, 108))(surface)
        return draw

    assert frame_problems(button) == []
    found = frame_problems(button, lambda text: text("A note", (120, 110)))
    assert kinds(found) == ["overlap", "overlap"]   # the control and its label


def test_a_label_running_out_of_its_control_is_clipped():
    def button(text):
        def draw(surface):
            with probe.box(surface, pygame.Rect(100, 100, 60, 40), "long"):
                text("A far too long label", (104, 108))(surface)
        return draw

    assert kinds(frame_problems(button)) == ["clipped"]


def test_a_frame_drawn_across_a_text_cuts_it_and_a_panel_holding_it_does_not():
    def panel(surface):
        pygame.draw.rect(surface, (240, 240, 230), (50, 50, 200, 60))

    def frame(surface):
        pygame.draw.rect(surface, (200, 160, 40), (40, 40, 80, 60), width=2)

    assert frame_problems(lambda text: panel, lambda text: text("Inside", (60, 60))) == []
    assert kinds(frame_problems(lambda text: text("Across the frame", (60, 60)),
                                lambda text: frame)) == ["clipped"]
    assert kinds(frame_problems(lambda text: panel,
                                lambda text: text("Runs out of its panel at once", (60, 60)))) \
        == ["clipped"]


def test_stacked_texts_may_overlap_and_decoration_is_no_obstacle():
    def fan(text):
        def draw(surface):
            with probe.stacked():
                text("Card one", (10, 10))(surface)
                text("Card two", (30, 14))(surface)
        return draw

    def watermark(text):
        def draw(surface):
            with probe.decoration():
                text("WATERMARK", (10, 10))(surface)
        return draw

    assert frame_problems(fan) == []
    assert frame_problems(watermark, lambda text: text("Over it", (20, 12))) == []


def test_a_panel_over_a_text_hides_it():
    def popup(surface):
        layer = pygame.Surface((200, 100), pygame.SRCALPHA)
        pygame.draw.rect(layer, (20, 30, 40, 240), layer.get_rect())
        surface.blit(layer, (0, 0))

    assert frame_problems(lambda text: text("Under", (10, 10)),
                          lambda text: popup,
                          lambda text: text("On the popup", (20, 20))) == []


def test_nothing_listens_while_no_check_runs():
    assert probe.recorder is None
    assert probe.box(pygame.Surface((4, 4)), pygame.Rect(0, 0, 2, 2)) is \
        probe.stacked() is probe.decoration()
    picture = Assets().text("Plain", 12)
    assert type(picture) is pygame.Surface


def test_a_sample_of_screens_has_nothing_over_each_other_or_cut_off():
    report = run(["cs"], [(960, 540)], ["title", "settings", "setup:cesta",
                                        "table:cesta:first turn", "online:lobby, host"])
    assert len(report.scenes) == 5 and report.rects > 100
    assert report.overlaps == [] and report.clipped == []


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("HERNA_SLOW") != "1", reason="minutes: HERNA_SLOW=1")
def test_every_screen_at_every_size_in_every_language():
    report = run()
    assert report.overlaps == [] and report.clipped == [], \
        "\n".join(report.overlaps + report.clipped)
