#!/usr/bin/env python3
"""Synthesises the sounds of the board: a seed dropped into a carved hole (three
variants), a capture, the referee's count ("emu", "bbiri") and the end of a game.

Made for this project; everything here is computed from the code below (Python's standard
library only: `math`, `random` with a fixed seed, `struct`, `wave`; no recording, no
third-party sound). Deterministic: the same script writes the same WAV files. Run from
anywhere:

    python3 assets/make_sounds.py

It writes `assets/sounds/*.wav`: mono, 16-bit, 22,050 Hz, each well under a second. The
window embeds them (`include_bytes!`, src/app/ui/sound.rs), so the program never needs Python.

The voices:
- a seed: a hard, round nut (empiki) landing in a wooden bowl: a very short knock of
  filtered noise exciting a few damped modes of the wood, and a smaller second bounce;
- a capture: a handful of seeds scooped up together, over a low knock of the board;
- the count: two struck wooden keys (a marimba-like bar, partials 1 : 3.9 : 9.2), a higher
  one for "emu" (one) and a lower, doubled one for "bbiri" (two). They are synthesised
  tones that stand for the referee's voice, not speech;
- the end of a game: three notes of the same wooden key, rising, the last left to ring.
"""

import math
import os
import random
import struct
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "sounds")
RATE = 22050


def write_wav(name, samples):
    """samples: floats in -1..1; written as 16-bit mono PCM."""
    os.makedirs(OUT, exist_ok=True)
    frames = b"".join(struct.pack("<h", int(round(max(-1.0, min(1.0, s)) * 32767))) for s in samples)
    with wave.open(os.path.join(OUT, name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix_into(buf, samples, at, gain=1.0):
    """Adds `samples` into `buf` from `at` seconds on (growing it if needed)."""
    start = int(at * RATE)
    end = start + len(samples)
    if end > len(buf):
        buf.extend([0.0] * (end - len(buf)))
    for i, s in enumerate(samples):
        buf[start + i] += s * gain


def normalise(buf, peak):
    top = max(abs(s) for s in buf) or 1.0
    return [s * peak / top for s in buf]


def fade_out(buf, seconds):
    n = min(len(buf), int(seconds * RATE))
    for i in range(n):
        buf[len(buf) - n + i] *= 0.5 * (1.0 + math.cos(math.pi * (i + 1) / n))
    return buf


def knock(rng, modes, length, noise_ms=1.6, brightness=0.55):
    """A short knock: a burst of low-passed noise plus damped sine modes of the wood.

    modes: (frequency Hz, amplitude, decay time constant s)."""
    n = int(length * RATE)
    out = [0.0] * n
    # The contact: a few milliseconds of noise, low-passed (one pole) so it is soft.
    burst = int(noise_ms / 1000.0 * RATE)
    # Everything rises from silence over 0.4 ms (no step at the first sample).
    attack = max(1, int(0.0004 * RATE))
    lp = 0.0
    for i in range(min(n, burst * 4)):
        env = math.exp(-i / max(1, burst)) * min(1.0, i / attack)
        lp += brightness * (rng.uniform(-1.0, 1.0) - lp)
        out[i] += 0.6 * env * lp
    # The wood ringing: each mode a damped sine.
    for f, a, tau in modes:
        w = 2.0 * math.pi * f / RATE
        for i in range(n):
            env = math.exp(-i / (tau * RATE)) * min(1.0, i / attack)
            out[i] += a * env * math.sin(w * i)
    return out


def seed(variant):
    """A seed dropped into a hole: variant 0, 1, 2 differ in the wood's modes, the seed's
    contact and where the small second bounce falls."""
    rng = random.Random(1000 + variant)
    base = (780.0, 860.0, 720.0)[variant]
    modes = [
        (base, 0.55, 0.018),
        (base * 2.37 + rng.uniform(-40, 40), 0.35, 0.010),
        (base * 4.1 + rng.uniform(-80, 80), 0.18, 0.006),
        (base * 0.41, 0.25, 0.030),  # the bowl's body, low and soft
    ]
    buf = knock(rng, modes, 0.09, noise_ms=1.2 + 0.3 * variant, brightness=0.45 + 0.08 * variant)
    bounce_at = (0.028, 0.022, 0.034)[variant]
    rng2 = random.Random(2000 + variant)
    small = knock(rng2, [(f * 1.03, a, t * 0.7) for f, a, t in modes], 0.06, noise_ms=0.8, brightness=0.4)
    mix_into(buf, small, bounce_at, gain=0.28)
    buf.extend(silence(0.01))
    return fade_out(normalise(buf, 0.55), 0.02)


def capture():
    """Seeds gathered from the opponent's holes: a low knock of the board under a quick
    run of seeds falling against each other."""
    rng = random.Random(3000)
    buf = knock(rng, [(190.0, 0.7, 0.06), (430.0, 0.35, 0.035), (1150.0, 0.15, 0.012)], 0.30,
                noise_ms=3.0, brightness=0.3)
    t = 0.012
    for k in range(9):
        base = rng.uniform(900.0, 1500.0)
        modes = [(base, 0.5, 0.012), (base * 2.6, 0.3, 0.007), (base * 4.3, 0.12, 0.004)]
        click = knock(rng, modes, 0.05, noise_ms=0.9, brightness=rng.uniform(0.4, 0.6))
        mix_into(buf, click, t, gain=0.55 * (1.0 - k / 12.0) * rng.uniform(0.7, 1.0))
        t += rng.uniform(0.014, 0.032)
    buf.extend(silence(0.02))
    return fade_out(normalise(buf, 0.7), 0.05)


def bar(freq, length, gain=1.0):
    """A struck wooden key (marimba-like): partials 1, 3.9 and 9.2 times the fundamental,
    the higher ones dying first, and a soft mallet knock at the start."""
    rng = random.Random(int(freq))
    modes = [(freq, 0.8, 0.16), (freq * 3.9, 0.22, 0.05), (freq * 9.2, 0.07, 0.015)]
    out = knock(rng, modes, length, noise_ms=1.5, brightness=0.25)
    return [s * gain for s in out]


def count_emu():
    """'emu' (one): a single higher key."""
    buf = bar(880.0, 0.32)
    return fade_out(normalise(buf, 0.6), 0.06)


def count_bbiri():
    """'bbiri' (two): a lower key struck twice, close together, so it cannot be taken for
    'emu'."""
    buf = bar(587.33, 0.22)
    mix_into(buf, bar(587.33, 0.26), 0.11, gain=0.85)
    return fade_out(normalise(buf, 0.6), 0.06)


def game_over():
    """The end of a game: three keys rising (G4, C5, E5), the last left to ring."""
    buf = []
    for i, (f, at) in enumerate([(392.0, 0.0), (523.25, 0.13), (659.26, 0.26)]):
        mix_into(buf, bar(f, 0.48 if i == 2 else 0.3), at, gain=0.8 + 0.1 * i)
    return fade_out(normalise(buf, 0.6), 0.15)


SOUNDS = {
    "seed-1.wav": lambda: seed(0),
    "seed-2.wav": lambda: seed(1),
    "seed-3.wav": lambda: seed(2),
    "capture.wav": capture,
    "count-emu.wav": count_emu,
    "count-bbiri.wav": count_bbiri,
    "game-over.wav": game_over,
}


def main():
    for name, make in SOUNDS.items():
        samples = make()
        write_wav(name, samples)
        print(f"{name}: {len(samples) / RATE * 1000:.0f} ms")


if __name__ == "__main__":
    main()
