"""The pieces the three tables share (``game.client.tables.common``), tested without a
scene: the event reader, the cached glows and veils, ..."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

pygame = pytest.importorskip("pygame")

from game.client.tables.common import fx  # noqa: E402
from game.client.tables.common.events import event_field, event_type  # noqa: E402


@dataclass(frozen=True)
class FrozenEvent:
    """The shape events are moving to: attributes, and ``e["x"]`` as well."""

    type: str
    seat: int

    def __getitem__(self, name: str) -> object:
        return getattr(self, name)


def test_event_reader_reads_dicts_and_frozen_objects_alike():
    as_dict = {"type": "draw", "seat": 1}
    as_object = FrozenEvent("draw", 1)
    for event in (as_dict, as_object):
        assert event_type(event) == "draw"
        assert event_field(event, "seat") == 1
        assert event_field(event, "card") is None          # a hidden draw has no card
        assert event_field(event, "card", "??") == "??"


def test_event_type_of_a_value_without_one_is_empty():
    assert event_type({}) == ""
    assert event_type(object()) == ""


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
