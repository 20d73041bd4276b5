"""Sound: every effect is built, card sounds are noise rather than beeps, and no audio device means silence."""
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app.stage import sound

ROOT = Path(__file__).resolve().parents[3]
CARD_SOUNDS = ("shuffle", "deal", "draw", "discard")


def crossing_gaps(samples) -> list[int]:
    gaps, last = [], None
    for i in range(1, len(samples)):
        if (samples[i - 1] < 0) != (samples[i] < 0):
            if last is not None:
                gaps.append(i - last)
            last = i
    return gaps


@pytest.mark.parametrize("name", sound.NAMES)
def test_every_effect_is_synthesised(name):
    pcm = sound.pcm(name)
    assert 0.03 * sound.RATE < len(pcm) < 1.5 * sound.RATE
    peak = max(map(abs, pcm))
    assert 8000 < peak <= 32767
    assert pcm == sound.pcm(name)  # the same every start
    assert abs(pcm[-1]) < 200  # faded out: no click at the end
    wav = sound.wav_bytes(pcm)
    assert wav[:4] == b"RIFF" and len(wav) == 44 + 2 * len(pcm)


@pytest.mark.parametrize("name", CARD_SOUNDS)
def test_card_sounds_are_short_noise_not_tones(name):
    """A tone crosses zero at an even pace; filtered noise does not."""
    gaps = crossing_gaps(sound.pcm(name))
    assert len(gaps) > 20
    assert statistics.pstdev(gaps) / statistics.mean(gaps) > 0.4
    if name != "shuffle":
        assert len(sound.pcm(name)) < 0.2 * sound.RATE


def test_a_tone_is_told_apart_from_noise():
    gaps = crossing_gaps(sound.pcm("tick"))
    assert statistics.pstdev(gaps) / statistics.mean(gaps) < 0.4


def test_switches_apply_at_once():
    bank = sound.SoundBank(enabled=True, volume=0.5)
    try:
        assert bank.available and set(bank.sounds) == set(sound.NAMES)
        assert bank.sounds["knock"].get_volume() == pytest.approx(0.5, abs=0.01)
        bank.set_volume(0.25)
        assert all(s.get_volume() == pytest.approx(0.25, abs=0.01) for s in bank.sounds.values())
        bank.set_volume(7)
        assert bank.volume == 1.0
        bank.set_volume("loud")
        assert 0 <= bank.volume <= 1
        bank.play("shuffle")
        assert pygame.mixer.get_busy()
        bank.set_enabled(False)
        assert not pygame.mixer.get_busy()
        bank.play("shuffle")
        assert not pygame.mixer.get_busy()
        bank.set_enabled(True)
        bank.play("no such sound")
        assert not pygame.mixer.get_busy()
    finally:
        pygame.mixer.stop()


def test_the_sound_service_passes_its_switches_on():
    service = sound.Sound(enabled=True, volume=0.4)
    try:
        assert service.available and service.volume == pytest.approx(0.4) and service.enabled
        service.set_volume(0.2)
        assert all(s.get_volume() == pytest.approx(0.2, abs=0.01) for s in service.bank.sounds.values())
        service.play("deal")
        assert pygame.mixer.get_busy()
        service.set_enabled(False)
        assert not service.enabled and not pygame.mixer.get_busy()
        service.set_enabled(True)
        service.close()
        service.play("deal")
        assert not service.available and not pygame.mixer.get_busy()
    finally:
        pygame.mixer.stop()


def test_the_silent_sound_never_opens_the_mixer(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the silent sound touched the mixer")

    for name in ("init", "Sound", "stop", "get_init"):
        monkeypatch.setattr(pygame.mixer, name, forbidden)
    quiet = sound.SilentSound(enabled=True, volume=0.5)
    for name in sound.NAMES:
        quiet.play(name)
    quiet.set_volume(3)
    quiet.set_enabled(False)
    assert not quiet.available and quiet.volume == 1.0 and not quiet.enabled
    quiet.close()


def test_a_failing_mixer_means_silence(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = sound.SoundBank()
    assert not bank.available and bank.sounds == {}
    bank.play("knock")
    bank.set_volume(0.1)
    bank.set_enabled(False)
    bank.set_enabled(True)


def test_the_game_runs_with_no_audio_driver():
    """A real start with an audio driver that does not exist: no error, no sound."""
    code = ("import pygame; pygame.init(); from game.app.stage import sound; s = sound.Sound(True, 0.5); "
            "[s.play(n) for n in sound.NAMES]; s.set_volume(0.2); s.set_enabled(False); "
            "print('available', s.available); s.close()")
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "available False" in r.stdout
    assert "Traceback" not in r.stderr
