"""The game's sound effects as samples, synthesised: card sounds are short filtered noise, not beeps.

Nothing is loaded from disk and numpy is not needed: samples are built with ``math`` and ``array``
and wrapped as an in-memory WAV (``wav_bytes``) for ``pygame.mixer.Sound``.  No pygame here: the
sound service (``sound``) builds its effects from these on a thread of its own.
"""
from __future__ import annotations

import cmath
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache, reduce
from itertools import accumulate, repeat
from operator import add, attrgetter, mul

RATE = 22050
NAMES = ("shuffle", "deal", "draw", "discard", "knock", "gin", "tick",
         "hand_won", "hand_lost", "match_won", "match_lost", "flourish", "fanfare")

Samples = list[float]
_REAL = attrgetter("real")


# --- building blocks ----------------------------------------------------------------------------


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _noise_burst(rng: random.Random, seconds: float, attack: float, decay: float, bright: float,
                 body: float) -> Samples:
    """Band-limited noise with a quick attack and exponential decay: the snap of a card.

    ``bright`` (0..1) is how much high end passes the low-pass; ``body`` (0..1) how much low end the
    high-pass keeps.  Two one-pole filters make a soft band-pass.
    """
    n = int(seconds * RATE)
    a_lp = bright
    a_hp = 0.02 + 0.3 * (1 - body)
    lp = hp_state = 0.0
    attack_n = max(1, int(attack * RATE))
    k = math.exp(-1.0 / max(1.0, decay * RATE))
    env = 1.0
    out = [0.0] * n
    rnd = rng.random
    for i in range(n):
        lp += a_lp * ((rnd() * 2 - 1) - lp)
        hp_state += a_hp * (lp - hp_state)
        if i < attack_n:
            level = i / attack_n
        else:
            env *= k
            level = env
        out[i] = (lp - hp_state) * level
    return out


def _tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...] = ((1, 1),),
          attack: float = 0.004) -> Samples:
    """A damped tone made of ``(multiple, level)`` partials: wood, a bell, a chime.

    Each partial is a rotating, shrinking complex number (one multiplication per sample, done by
    ``itertools.accumulate`` in C), which keeps start-up synthesis fast without numpy.
    """
    n = int(seconds * RATE)
    k = math.exp(-1.0 / max(1.0, decay * RATE))
    waves = []
    for m, lvl in partials:
        w = 2 * math.pi * freq * m / RATE
        if w >= math.pi:  # above the Nyquist frequency: would alias
            continue
        step = cmath.rect(k, w)
        waves.append(map(_REAL, accumulate(repeat(step, n - 1), mul, initial=complex(0, lvl))))
    out = list(reduce(lambda a, b: map(add, a, b), waves)) if waves else [0.0] * n
    attack_n = min(n, max(1, int(attack * RATE)))
    for i in range(attack_n):
        out[i] *= i / attack_n
    return out


def _mix(into: Samples, part: Sequence[float], at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    end = start + len(part)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    into[start:end] = map(add, into[start:end], map(mul, part, repeat(gain)) if gain != 1.0 else part)


def _notes(freqs: list[float], step: float, length: float, decay: float, bright: bool = True) -> Samples:
    """Mallet-like notes one after another (a tone is cut once it has faded below 2 %)."""
    partials = ((1, 1.0), (2, 0.35)) if bright else ((1, 1.0), (3, 0.08))
    length = min(length, 4 * decay)
    out: Samples = []
    for j, f in enumerate(freqs):
        _mix(out, _tone_cached(f, length, decay, partials), j * step)
    return out


@lru_cache(maxsize=64)
def _tone_cached(freq: float, seconds: float, decay: float,
                 partials: tuple[tuple[float, float], ...]) -> tuple[float, ...]:
    return tuple(_tone(freq, seconds, decay, partials))


# --- the effects --------------------------------------------------------------------------------


_WON = (0.4, 0.12)  # note length and decay, shared so the cached tones are reused
_LOST = (0.5, 0.15)


def _shuffle(rng: random.Random) -> Samples:
    """A riffle: many tiny card snaps, fast in the middle, then the cards squared up."""
    out = _silence(0.75)
    t = 0.02
    while t < 0.6:
        _mix(out, _noise_burst(rng, 0.018, 0.0008, 0.004, 0.55, 0.3), t, 0.35 + 0.3 * rng.random())
        t += 0.012 + 0.012 * abs(math.sin(t * 5.2)) + 0.004 * rng.random()
    _mix(out, _noise_burst(rng, 0.09, 0.002, 0.025, 0.25, 0.8), 0.63, 0.9)
    return out


def _deal(rng: random.Random) -> Samples:
    out = _noise_burst(rng, 0.09, 0.003, 0.02, 0.5, 0.4)
    _mix(out, _noise_burst(rng, 0.03, 0.0005, 0.006, 0.8, 0.2), 0.045, 0.6)
    return out


def _draw(rng: random.Random) -> Samples:
    """A card slid off the pile: a soft swish that swells and fades."""
    swish = _noise_burst(rng, 0.14, 0.05, 0.035, 0.3, 0.5)
    return swish


def _discard(rng: random.Random) -> Samples:
    """A card laid on the table: a snap with a little body."""
    out = _noise_burst(rng, 0.07, 0.0008, 0.012, 0.7, 0.6)
    _mix(out, _tone(140, 0.06, 0.012), 0.0, 0.25)
    return out


def _knock(rng: random.Random) -> Samples:
    """Two knuckle raps on a wooden table."""
    rap = _tone(190, 0.13, 0.03, ((1, 1.0), (2.3, 0.45), (3.9, 0.15)), attack=0.001)
    _mix(rap, _noise_burst(rng, 0.02, 0.0005, 0.004, 0.6, 0.5), 0.0, 0.5)
    out: Samples = []
    _mix(out, rap, 0.0)
    _mix(out, rap, 0.16, 0.85)
    return out


def _gin(rng: random.Random) -> Samples:
    out = _knock(rng)
    _mix(out, _notes([784, 988, 1175, 1568], 0.07, *_WON), 0.2, 0.6)
    return out


def _tick(rng: random.Random) -> Samples:
    """A wood-block tick for the timer's last seconds."""
    out = _tone(1250, 0.05, 0.007, ((1, 1.0), (2.7, 0.3)), attack=0.0008)
    _mix(out, _noise_burst(rng, 0.01, 0.0003, 0.002, 0.9, 0.1), 0.0, 0.4)
    return out


def _hand_won(rng: random.Random) -> Samples:
    return _notes([523, 659, 784], 0.09, *_WON)


def _hand_lost(rng: random.Random) -> Samples:
    return _notes([440, 349], 0.14, *_LOST, bright=False)


def _match_won(rng: random.Random) -> Samples:
    out = _notes([523, 659, 784, 1047], 0.1, *_WON)
    _mix(out, _notes([523, 659, 784], 0.0, *_WON), 0.42, 0.7)
    return out


def _match_lost(rng: random.Random) -> Samples:
    return _notes([392, 349, 311, 262], 0.16, *_LOST, bright=False)


def _flourish(rng: random.Random) -> Samples:
    """Gold sparks: a quick run of chimes up an octave and a half (gin, an undercut).  Built from the
    tones the other effects use, so it costs next to nothing at start-up."""
    return _notes([784, 988, 1175, 1568, 1175, 1568], 0.05, *_WON)


def _fanfare(rng: random.Random) -> Samples:
    """A match won: a rising call, then the full chord struck again and again as it rings out (a roll,
    like a marimba's), from the tones the other effects use."""
    out = _notes([523, 659, 784, 1047], 0.11, *_WON)
    chord = _notes([523, 659, 784, 1047], 0.0, *_WON)
    for k in range(5):
        _mix(out, chord, 0.5 + k * 0.11, 0.75 * 0.8 ** k)
    _mix(out, _notes([1568, 1175, 1568], 0.08, *_WON), 0.52, 0.3)
    return out


_RECIPES: dict[str, Callable[[random.Random], Samples]] = {
    "shuffle": _shuffle, "deal": _deal, "draw": _draw, "discard": _discard, "knock": _knock, "gin": _gin,
    "tick": _tick, "hand_won": _hand_won, "hand_lost": _hand_lost, "match_won": _match_won,
    "match_lost": _match_lost, "flourish": _flourish, "fanfare": _fanfare,
}
_LOUDNESS = {"tick": 0.5, "draw": 0.6, "deal": 0.6, "discard": 0.75, "shuffle": 0.7}


def pcm(name: str, seed: int = 7) -> array:
    """The effect as signed 16-bit mono samples at ``RATE`` (peak-normalised)."""
    samples = _RECIPES[name](random.Random(f"{seed}/{name}"))
    peak = max(1e-9, max(map(abs, samples)))
    scale = 32767 * _LOUDNESS.get(name, 0.85) / peak
    fade = min(len(samples), int(0.004 * RATE))  # no click at the end
    for i in range(fade):
        samples[-1 - i] *= i / fade
    return array("h", map(int, map(mul, samples, repeat(scale))))


def wav_bytes(samples: array) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        data = samples
        if sys.byteorder == "big":  # WAV is little-endian
            data = array("h", data)
            data.byteswap()
        w.writeframes(data.tobytes())
    return buf.getvalue()
