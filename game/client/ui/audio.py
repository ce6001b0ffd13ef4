"""Sound effects: short WAVs from ``sounds/``, master volume and mute.

Silent (never failing) when there is no audio device or a file is missing.
"""

from __future__ import annotations

import contextlib

import pygame

from game.paths import asset_dir


class Audio:
    def __init__(self, volume: float = 0.7, mute: bool = False) -> None:
        self.volume = volume
        self.mute = mute
        self.enabled = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.played: list[str] = []  # names of effects asked for (tests and debugging)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self.enabled = pygame.mixer.get_init() is not None
        except pygame.error:
            self.enabled = False

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        if self.enabled:
            path = asset_dir("sounds") / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path)) if path.is_file() else None
            except pygame.error:
                sound = None
        self._sounds[name] = sound
        return sound

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play effect ``name`` (file stem, e.g. ``"claim"``)."""
        self.played.append(name)
        if len(self.played) > 200:
            del self.played[:100]
        if self.mute or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is None:
            return
        sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
        with contextlib.suppress(pygame.error):
            sound.play()

    def configure(self, volume: float, mute: bool) -> None:
        self.volume = volume
        self.mute = mute
