"""Synthesise every Herna sound effect (16-bit mono 44.1 kHz WAV), stdlib only.

Run ``python sounds/make_sounds.py`` to rewrite the WAVs beside this script, or
``python sounds/make_sounds.py OUT_DIR`` to write them elsewhere (the tests regenerate into a
temporary folder and compare bytes). Everything is deterministic: noise comes from one
``random.Random`` per sound with a fixed seed, and each sound is normalised to a fixed
peak well below full scale, with short fades so nothing clicks or clips.
Why synthesised: the effects stay small, licence-free and regenerable.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
HERE = Path(__file__).resolve().parent
SEED = 20261129
TWO_PI = 2.0 * math.pi


# ---- building blocks ------------------------------------------------------------------------
def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix_into(buf: list[float], part: list[float], at: float, gain: float = 1.0) -> None:
    """Add ``part`` into ``buf`` starting at ``at`` seconds (growing buf if needed)."""
    start = int(at * RATE)
    end = start + len(part)
    if end > len(buf):
        buf.extend([0.0] * (end - len(buf)))
    for i, v in enumerate(part):
        buf[start + i] += v * gain


def env_exp(n: int, attack: float, decay: float) -> list[float]:
    """Fast linear attack then exponential decay (time constant ``decay`` seconds)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * RATE)))
    return out


def env_hann(n: int) -> list[float]:
    return [0.5 - 0.5 * math.cos(TWO_PI * i / max(1, n - 1)) for i in range(n)]


def tone(freq: float, seconds: float, partials: tuple[tuple[float, float], ...] = ((1, 1),),
         attack: float = 0.005, decay: float = 0.2, glide: float = 0.0) -> list[float]:
    """Additive tone: partials are (frequency ratio, amplitude); optional pitch glide
    (ratio change per second) for blips."""
    n = int(seconds * RATE)
    env = env_exp(n, attack, decay)
    out = []
    phases = [0.0] * len(partials)
    for i in range(n):
        f = freq * (1.0 + glide * i / RATE)
        s = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phases[k] += TWO_PI * f * ratio / RATE
            s += amp * math.sin(phases[k])
        out.append(s * env[i])
    return out


def noise(rng: random.Random, seconds: float) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: list[float], cutoff: float | list[float]) -> list[float]:
    """One-pole low-pass; ``cutoff`` may be a per-sample list for sweeps."""
    out = []
    y = 0.0
    for i, v in enumerate(x):
        c = cutoff[i] if isinstance(cutoff, list) else cutoff
        a = 1.0 - math.exp(-TWO_PI * c / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    lp = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, lp, strict=True)]


def bandpass(x: list[float], lo: float, hi: float) -> list[float]:
    return lowpass(lowpass(highpass(x, lo), hi), hi)


def shaped(x: list[float], env: list[float]) -> list[float]:
    return [a * b for a, b in zip(x, env, strict=False)]


def finish(x: list[float], peak: float = 0.55, fade: float = 0.006) -> list[float]:
    """Remove DC, fade both ends, normalise to ``peak`` (about -5 dBFS): soft and unclipped."""
    if not x:
        return x
    mean = sum(x) / len(x)
    x = [v - mean for v in x]
    f = max(1, int(fade * RATE))
    n = len(x)
    for i in range(min(f, n)):
        g = i / f
        x[i] *= g
        x[n - 1 - i] *= g
    m = max(abs(v) for v in x) or 1.0
    return [v * peak / m for v in x]


def click(rng: random.Random, freq: float, seconds: float = 0.05, decay: float = 0.008,
          noise_amt: float = 0.5) -> list[float]:
    """A short resonant knock: damped sine plus a breath of filtered noise."""
    t = tone(freq, seconds, ((1, 1), (2.7, 0.35)), attack=0.0008, decay=decay)
    nz = shaped(bandpass(noise(rng, seconds), freq * 0.5, freq * 2), env_exp(len(t), 0.0005,
                                                                              decay * 0.6))
    return [a + noise_amt * b for a, b in zip(t, nz, strict=True)]


def swish(rng: random.Random, seconds: float, f0: float, f1: float, attack: float,
          decay: float) -> list[float]:
    """Card-on-felt noise: band-limited noise with a cutoff sweep from f0 to f1."""
    n = int(seconds * RATE)
    sweep = [f0 + (f1 - f0) * i / max(1, n - 1) for i in range(n)]
    x = highpass(noise(rng, seconds), 300)
    x = lowpass(lowpass(x, sweep), sweep)
    return shaped(x, env_exp(n, attack, decay))


NOTE = {"F3": 174.61, "A3": 220.0, "C5": 523.25, "E5": 659.25, "G5": 783.99, "C6": 1046.5,
        "E6": 1318.5, "G6": 1568.0, "B5": 987.77, "D6": 1174.66}
BELL = ((1, 1.0), (2.0, 0.45), (3.01, 0.22), (4.2, 0.1))
SOFT_SQUARE = ((1, 1.0), (3, 0.22), (5, 0.08))


# ---- the effects ----------------------------------------------------------------------------
def s_button(rng: random.Random) -> list[float]:
    b = tone(900, 0.07, ((1, 1), (2, 0.2)), attack=0.002, decay=0.02, glide=-2.5)
    mix_into(b, shaped(bandpass(noise(rng, 0.01), 2000, 6000), env_exp(441, 0.0005, 0.002)), 0,
             0.3)
    return finish(b, 0.45)


def s_deal(rng: random.Random) -> list[float]:
    return finish(swish(rng, 0.14, 5200, 1800, 0.004, 0.035), 0.5)


def s_play(rng: random.Random) -> list[float]:
    x = swish(rng, 0.26, 1200, 4200, 0.04, 0.09)
    mix_into(x, click(rng, 180, 0.08, 0.02, 0.8), 0.2, 0.5)
    return finish(x, 0.5)


def s_flip(rng: random.Random) -> list[float]:
    x = silence(0.16)
    mix_into(x, swish(rng, 0.06, 6000, 2500, 0.002, 0.012), 0.0)
    mix_into(x, swish(rng, 0.08, 3500, 1500, 0.002, 0.018), 0.06, 0.8)
    return finish(x, 0.5)


def s_draw(rng: random.Random) -> list[float]:
    return finish(swish(rng, 0.2, 1500, 5000, 0.03, 0.05), 0.45)


def s_shuffle(rng: random.Random) -> list[float]:
    x = silence(0.8)
    t = 0.02
    gap = 0.075
    while t < 0.68:
        mix_into(x, swish(rng, 0.05, rng.uniform(3500, 6500), 2000, 0.001, 0.01), t,
                 rng.uniform(0.6, 1.0))
        t += gap * rng.uniform(0.7, 1.2)
        gap = max(0.028, gap * 0.93)
    mix_into(x, click(rng, 220, 0.1, 0.03, 0.6), 0.7, 0.6)
    return finish(x, 0.5)


def s_claim(rng: random.Random) -> list[float]:
    x = silence(0.9)
    mix_into(x, tone(NOTE["E6"], 0.7, BELL, attack=0.002, decay=0.22), 0.0)
    mix_into(x, tone(NOTE["B5"] * 2 / 1.5, 0.8, BELL, attack=0.002, decay=0.3), 0.09, 0.9)
    mix_into(x, tone(NOTE["E6"] * 2, 0.5, BELL, attack=0.002, decay=0.12), 0.18, 0.35)
    return finish(x, 0.5)


def s_win(rng: random.Random) -> list[float]:
    x = silence(1.45)
    for i, n in enumerate(("C5", "E5", "G5")):
        mix_into(x, tone(NOTE[n], 0.22, SOFT_SQUARE, attack=0.01, decay=0.12), i * 0.12, 0.8)
    for n, g in (("C5", 0.5), ("E5", 0.45), ("G5", 0.45), ("C6", 0.6)):
        mix_into(x, tone(NOTE[n], 1.05, SOFT_SQUARE, attack=0.02, decay=0.45), 0.36, g)
    mix_into(x, tone(NOTE["G6"], 0.6, BELL, attack=0.002, decay=0.2), 0.36, 0.25)
    x = lowpass(x, 5000)
    return finish(x, 0.55)


def s_die(rng: random.Random) -> list[float]:
    x = silence(0.75)
    t = 0.0
    gap = 0.11
    for k in range(8):
        f = rng.uniform(1400, 2600)
        mix_into(x, click(rng, f, 0.05, 0.007, 0.7), t, 1.0 - k * 0.09)
        t += gap * rng.uniform(0.75, 1.2)
        gap *= 0.84
    mix_into(x, swish(rng, 0.6, 900, 500, 0.05, 0.2), 0.0, 0.25)
    return finish(x, 0.5)


def s_tap(rng: random.Random) -> list[float]:
    x = click(rng, 1250, 0.09, 0.018, 0.35)
    mix_into(x, tone(2480, 0.06, ((1, 1),), attack=0.0008, decay=0.01), 0, 0.3)
    return finish(x, 0.45)


def s_row(rng: random.Random) -> list[float]:
    x = silence(0.7)
    for i, n in enumerate(("C6", "E6", "G6")):
        mix_into(x, tone(NOTE[n], 0.4, BELL, attack=0.002, decay=0.12), i * 0.07, 0.8)
    for k in range(6):  # sparkle
        mix_into(x, tone(rng.uniform(3000, 5000), 0.08, ((1, 1),), attack=0.001, decay=0.02),
                 0.2 + k * 0.05, 0.2)
    return finish(x, 0.5)


def s_error(rng: random.Random) -> list[float]:
    x = silence(0.38)
    mix_into(x, tone(NOTE["A3"], 0.16, SOFT_SQUARE, attack=0.01, decay=0.07), 0.0)
    mix_into(x, tone(NOTE["F3"], 0.22, SOFT_SQUARE, attack=0.01, decay=0.09), 0.13)
    return finish(lowpass(x, 1800), 0.42)


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "button.wav": s_button,
    "deal.wav": s_deal,
    "play.wav": s_play,
    "flip.wav": s_flip,
    "draw.wav": s_draw,
    "shuffle.wav": s_shuffle,
    "claim.wav": s_claim,
    "win.wav": s_win,
    "die.wav": s_die,
    "tap.wav": s_tap,
    "row.wav": s_row,
    "error.wav": s_error,
}


def write_wav(path: Path, samples: list[float]) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767))))
                      for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(out_dir: str | Path = HERE) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, (name, fn) in enumerate(SOUNDS.items()):
        samples = fn(random.Random(SEED + i))
        path = out / name
        write_wav(path, samples)
        written.append(path)
    return written


if __name__ == "__main__":
    files = main(sys.argv[1] if len(sys.argv) > 1 else HERE)
    print(f"wrote {len(files)} sounds")
