"""Sound effects: the service the app is handed, and the bank of effects it plays.

The effects are synthesised (``synth``), which takes a tenth of a second or more, so the real
service opens the mixer at once but makes the effects behind the menu: ``start`` (the app calls it
once the first frame is on screen) has a thread make them; anything that needs them before that
waits for them, so no effect is ever lost.  Without an audio device every call is a silent no-op;
``SilentSound`` never opens the mixer (tests, pictures).
"""
from __future__ import annotations

import contextlib
import io
import logging
import math
import threading
import time

import pygame

log = logging.getLogger(__name__)

SYNTH = ("NAMES", "RATE", "pcm", "wav_bytes")  # the synthesiser's, imported when first asked for


def __getattr__(name: str) -> object:
    if name in SYNTH:
        from game.app.stage import synth

        return getattr(synth, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- playing ------------------------------------------------------------------------------------


class SoundBank:
    """The game's effects.  ``available`` is False when there is no audio device: then nothing plays.

    The mixer is opened at once.  With ``later`` the effects are made only from ``build_later`` on, on a
    thread of their own; ``wait`` returns once they are made (making them now if nobody started it),
    and so ``play`` never loses one."""

    def __init__(self, enabled: bool = True, volume: float = 0.8, later: bool = False) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.synthesis_seconds = 0.0
        self._lock = threading.Lock()
        self._started = False  # the effects are being made (or have been)
        self._done = threading.Event()  # ... and are made, or could not be
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        except (pygame.error, OSError, NotImplementedError) as e:
            log.info("no audio device, the game runs silent: %s", e)
            self._done.set()
            return
        if not later:
            self.wait()

    def build_later(self) -> None:
        """Begin making the effects on their own thread (once)."""
        if self._claim():
            threading.Thread(target=self._build, name="sound-effects", daemon=True).start()

    def wait(self) -> None:
        """Return once the effects are made (or could not be), making them now if nobody has begun."""
        if self._claim():
            self._build()
        self._done.wait()

    def drop(self) -> None:
        """Never make the effects (closing); waits for them if they are being made."""
        with self._lock:
            if not self._started:
                self._started = True
                self._done.set()
        self._done.wait()

    def _claim(self) -> bool:
        with self._lock:
            if self._started or self._done.is_set():
                return False
            self._started = True
            return True

    def _build(self) -> None:
        from game.app.stage.synth import NAMES, pcm, wav_bytes

        try:
            start = time.perf_counter()
            sounds = {}
            for name in NAMES:
                sound = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(pcm(name))))
                sound.set_volume(self.volume)
                sounds[name] = sound
            with self._lock:
                for sound in sounds.values():  # the volume may have changed meanwhile
                    sound.set_volume(self.volume)
                self.sounds = sounds
                self.synthesis_seconds = time.perf_counter() - start
                self.available = True
        except (pygame.error, OSError, ValueError) as e:
            log.warning("sound effects unavailable: %s", e)
        finally:
            self._done.set()

    def play(self, name: str) -> None:
        """Play an effect (unknown names and a missing device are ignored)."""
        if not self.enabled or self.volume <= 0:
            return
        self.wait()
        sound = self.sounds.get(name) if self.available else None
        if sound is None:
            return
        with contextlib.suppress(pygame.error):
            sound.play()

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if not self.enabled and self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        """0..1; sounds already playing change too."""
        with self._lock:
            self.volume = _clamp(volume)
            for sound in self.sounds.values():
                sound.set_volume(self.volume)


def _clamp(volume: float) -> float:
    try:
        v = float(volume)
    except (TypeError, ValueError):
        return 0.8
    if math.isnan(v):
        return 0.8
    return min(1.0, max(0.0, v))


class Sound:
    """The sound service the app is handed: effects by name, switched and turned up or down at once.

    Opens the mixer if nobody did; without an audio device it stays silent (``available`` is False).
    The effects are made from ``start`` on, behind the first frame; whatever needs them first waits.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self._bank = SoundBank(enabled, volume, later=True)

    def start(self) -> None:
        """Begin making the effects on their own thread (the app calls it once its first frame is up)."""
        self._bank.build_later()

    @property
    def bank(self) -> SoundBank:
        """The effects, made (waits for them when they are being made)."""
        self._bank.wait()
        return self._bank

    @property
    def available(self) -> bool:
        return self.bank.available

    @property
    def enabled(self) -> bool:
        return self._bank.enabled

    @property
    def volume(self) -> float:
        return self._bank.volume

    def play(self, name: str) -> None:
        """Play an effect of ``NAMES`` (unknown names are ignored)."""
        if self._bank.enabled:
            self.bank.play(name)

    def set_enabled(self, enabled: bool) -> None:
        """Switch the effects on or off; off stops what is playing."""
        self._bank.set_enabled(enabled)

    def set_volume(self, volume: float) -> None:
        """0..1; sounds already playing change too."""
        self._bank.set_volume(volume)

    def close(self) -> None:
        """Stop and drop the effects; later calls are silent.  The mixer stays open for whoever opened it."""
        bank = self._bank
        bank.drop()
        bank.set_enabled(False)
        bank.sounds.clear()
        bank.available = False


class SilentSound:
    """No sound and no mixer: the same calls as ``Sound``, each doing nothing (tests, pictures)."""

    available = False

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)

    def play(self, name: str) -> None:
        pass

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass
