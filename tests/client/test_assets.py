"""Shipped art and sound: every file of the asset contract exists, renders/loads, and the
generator scripts reproduce the committed files exactly."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path

import pygame
import pytest

from game.paths import asset_dir

SPRITES = asset_dir("sprites")
SOUNDS = asset_dir("sounds")

UI = ["button", "button_hover", "panel", "logo_mark", "icon_settings", "icon_rules",
      "icon_sound", "icon_mute", "icon_undo", "icon_hint", "icon_log", "icon_back",
      "icon_tracker", "icon_sort", "robot", "person", "thumb_cesta", "thumb_royal_road", "thumb_cut_the_rope"]
CESTA = ([f"suit_{c}" for c in "RYGB"] + [f"card_{c}" for c in "RYGB"]
         + ["action_TIME", "action_RUST", "action_DEED", "back_event", "back_action",
            "milestone", "felt"])
ROYAL = ([f"pyramid_{c}_{s}" for c in "rygbk" for s in "SML"]
         + ["royal_card", "card_back", "start", "jail", "trapdoor", "goal"]
         + [f"die_{c}" for c in "rygbkw"] + ["wood"])
ROPE = ["card_face", "card_scissors", "card_back", "candy", "rope", "paper", "monster"]
ALL_SPRITES = ([f"ui/{n}.svg" for n in UI] + [f"cesta/{n}.svg" for n in CESTA]
               + [f"royal_road/{n}.svg" for n in ROYAL]
               + [f"cut_the_rope/{n}.svg" for n in ROPE])
CARDS = [p for p in ALL_SPRITES if "card" in p or "back_" in p or "action_" in p
         or p.split("/")[1] in ("start.svg", "jail.svg", "trapdoor.svg", "goal.svg")]
SOUND_NAMES = ["button", "deal", "play", "flip", "draw", "shuffle", "claim", "win", "die",
               "tap", "row", "error"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _opaque_fraction(surf: pygame.Surface) -> float:
    """Share of sampled pixels that are not fully transparent."""
    w, h = surf.get_size()
    hits = total = 0
    for y in range(0, h, max(1, h // 16)):
        for x in range(0, w, max(1, w // 16)):
            total += 1
            hits += surf.get_at((x, y)).a > 0
    return hits / total


@pytest.mark.parametrize("rel", ALL_SPRITES)
def test_sprite_loads_at_two_sizes(rel: str) -> None:
    path = SPRITES / rel
    assert path.is_file(), f"missing sprite {rel}"
    text = path.read_text(encoding="utf-8")
    for banned in ("<text", "<filter", "<style", "<use", "<image", "href"):
        assert banned not in text, f"{rel} uses {banned}, which nanosvg cannot render"
    for size in ((48, 48), (220, 160)):
        surf = pygame.image.load_sized_svg(str(path), size)
        w, h = surf.get_size()
        assert 0 < w <= size[0] + 1 and 0 < h <= size[1] + 1  # nanosvg rounds up
        assert max(w, h) >= min(size) * 0.9, "rendered far smaller than asked"
        assert _opaque_fraction(surf) > 0.05, f"{rel} renders (almost) blank at {size}"
        colours = {tuple(surf.get_at((x, y)))
                   for y in range(0, h, max(1, h // 8)) for x in range(0, w, max(1, w // 8))}
        assert len(colours) > 3, f"{rel} renders as a flat colour"


@pytest.mark.parametrize("rel", CARDS)
def test_cards_are_five_by_seven(rel: str) -> None:
    surf = pygame.image.load_sized_svg(str(SPRITES / rel), (250, 350))
    assert surf.get_size() == (250, 350)


def test_table_backgrounds_fill_a_wide_window() -> None:
    for rel in ("cesta/felt.svg", "royal_road/wood.svg", "cut_the_rope/paper.svg"):
        surf = pygame.image.load_sized_svg(str(SPRITES / rel), (320, 180))
        assert surf.get_size() == (320, 180)
        assert _opaque_fraction(surf) == 1.0


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_loads(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    assert path.is_file(), f"missing sound {name}.wav"
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
        seconds = w.getnframes() / 44100
        frames = w.readframes(w.getnframes())
    assert 0.05 <= seconds <= 1.5
    samples = memoryview(frames).cast("h")
    peak = max(abs(v) for v in samples)
    assert 3000 < peak < 32000, "silent or clipping"
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, "starts or ends with a click"
    if not pygame.mixer.get_init():
        pygame.mixer.init(44100, -16, 1)
    snd = pygame.mixer.Sound(str(path))
    assert snd.get_length() > 0.04


def _load_script(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_make_sounds_is_reproducible(tmp_path: Path) -> None:
    mod = _load_script(SOUNDS / "make_sounds.py", "herna_make_sounds")
    written = mod.main(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    for p in written:
        assert p.read_bytes() == (SOUNDS / p.name).read_bytes(), f"{p.name} differs"


def test_make_sprites_is_reproducible(tmp_path: Path) -> None:
    mod = _load_script(SPRITES / "make_sprites.py", "herna_make_sprites")
    written = mod.main(tmp_path)
    rels = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    assert rels == sorted(ALL_SPRITES)
    for rel in rels:
        assert (tmp_path / rel).read_bytes() == (SPRITES / rel).read_bytes(), f"{rel} differs"


def test_a_missing_picture_or_font_is_an_error_with_its_name(tmp_path):
    import pygame

    from game.client.ui.assets import AssetMissing, Assets

    pygame.init()
    assets = Assets()
    with pytest.raises(AssetMissing, match="cesta/no_such_card.svg"):
        assets.sprite("cesta/no_such_card.svg", (40, 60))
    drawn = assets.sprite("cesta/no_such_card.svg", (40, 60),
                          lambda size: pygame.Surface(size), optional=True)
    assert drawn.get_size() == (40, 60)  # optional art only: the caller's own drawing
    assets.font_root = tmp_path
    with pytest.raises(AssetMissing, match="DejaVuSans.ttf"):
        assets.font(20)
