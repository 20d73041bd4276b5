"""The menu comes first: what it does not need (the other screens, the bots, the sound effects, the card
painter's work) waits until its first frame is on screen, and then loads behind it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app.program import warmup
from game.app.program.flow import LATER
from game.app.stage import sound

ROOT = Path(__file__).resolve().parents[3]

FIRST_FRAME = """
import json, sys, tempfile, threading
from pathlib import Path
from game.app.launch import main
from game.app.program.app import App
from game.app.looks import cardfaces
painted = []
real = cardfaces.paint
def paint(*args, **kwargs):
    painted.append(threading.current_thread().name)
    return real(*args, **kwargs)
cardfaces.paint = paint
services = main.open_services(Path(tempfile.mkdtemp()))
app = App(size=(1280, 720), services=services)
app.nav.to_menu()
app.draw()
late = [m for m in sys.argv[1:] if m in sys.modules]
before = {"late": late, "sounds": len(services.sound._bank.sounds), "painted_elsewhere":
          [n for n in painted if n != threading.main_thread().name]}
app.frame(1 / 60, present=False)
services.sound.bank
for _ in range(200):
    if all(m in sys.modules for m in sys.argv[1:]):
        break
    app.frame(1 / 60, present=False)
    threading.Event().wait(0.01)
after = {"late": [m for m in sys.argv[1:] if m not in sys.modules], "sounds": len(services.sound.bank.sounds)}
app.close()
print(json.dumps({"before": before, "after": after}))
"""


@pytest.mark.slow
def test_the_menu_is_drawn_before_the_rest_is_loaded_and_the_rest_loads_behind_it():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(ROOT))
    deferred = [*LATER, "game.bots"]
    r = subprocess.run([sys.executable, "-c", FIRST_FRAME, *deferred], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    before, after = seen["before"], seen["after"]
    assert before == {"late": [], "sounds": 0, "painted_elsewhere": []}
    # a sound device may be missing (then there are no effects at all); with one, all are made
    assert after["late"] == [] and after["sounds"] in (0, len(sound.NAMES))


def test_every_module_loaded_behind_the_menu_imports():
    assert warmup.load(warmup.MODULES) == []
    assert set(LATER) <= set(warmup.MODULES)


def test_the_effects_are_made_when_started_and_nothing_is_lost_before():
    service = sound.Sound(enabled=True, volume=0.5)
    try:
        if not pygame.mixer.get_init():
            pytest.skip("no audio driver here")
        assert service._bank.sounds == {}  # nothing made at the start
        service.play("deal")  # needed before the start: made now, and it plays
        assert set(service.bank.sounds) == set(sound.NAMES) and pygame.mixer.get_busy()
    finally:
        service.close()
        pygame.mixer.stop()
    later = sound.Sound(enabled=True, volume=0.3)
    try:
        later.start()
        assert later.available and set(later.bank.sounds) == set(sound.NAMES)
        assert all(s.get_volume() == pytest.approx(0.3, abs=0.01) for s in later.bank.sounds.values())
    finally:
        later.close()
        pygame.mixer.stop()
    closed = sound.Sound(enabled=True, volume=0.3)
    closed.close()  # closed before it was started: it never makes its effects
    closed.play("deal")
    assert not closed.available and closed._bank.sounds == {}


def test_faces_asked_for_before_the_first_frame_are_painted_once_the_painter_starts():
    from game.app.looks import cardart
    from game.engine import Card

    king = Card.parse("KH")
    cardart.later()  # a window about to draw its first frame
    cardart.face(king, 77, 108)  # a screen's first frame asks for a size of its own (quick form meanwhile)
    cardart.prerender([(81, 113)])  # then the table's sizes are asked for
    assert cardart.wait(60)
    assert cardart.is_ready(king, 77, 108) and cardart.is_ready(king, 81, 113)
