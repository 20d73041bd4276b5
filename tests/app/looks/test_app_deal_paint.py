"""No card is painted on the main thread while a hand is dealt: the faces and backs fly ready-made, also
at 1920x1080 after a showdown and a celebration have built their own surfaces."""
from __future__ import annotations

import threading

import pytest

from game.app.config.settings import Settings
from game.app.looks import cardart, cardbacks, cardfaces
from game.app.looks.panels import ribbon
from game.app.matches.match import MatchSetup
from game.app.pictures.staging import find_match
from game.app.program.app import App
from game.engine import preset

pytestmark = pytest.mark.usefixtures("close_apps")


@pytest.fixture
def painted(monkeypatch):
    """Every face and back painted on the main thread, by card (the back as None)."""
    seen: list = []
    real_face, real_back = cardfaces.paint, cardbacks.paint

    def face(card, *args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            seen.append(card)
        return real_face(card, *args, **kwargs)

    def back(*args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            seen.append(None)
        return real_back(*args, **kwargs)

    monkeypatch.setattr(cardfaces, "paint", face)
    monkeypatch.setattr(cardbacks, "paint", back)
    return seen


def ready_app(size) -> App:
    app = App(size=size, settings=Settings(animation="normal"))
    app.nav.fair = False  # dealt from the setup's seed: no seal to cut
    app.prerender_cards()
    assert cardart.wait(120)
    app.frame(1 / 60, present=False)
    return app


def deal(app: App, seed: int, painted: list) -> int:
    """Start a match and run the deal's frames; returns how many frames it took."""
    app.nav.start_match(MatchSetup("bot", preset("van"), seed, level="easy"))
    assert app.top.name == "deal"
    painted.clear()
    n = 0
    while app.top.name == "deal" and n < 600:
        app.frame(1 / 60, present=False)
        n += 1
    return n


def test_growing_banners_leave_the_faces_of_the_table_in_place(painted):
    app = ready_app((1280, 720))
    for h in range(80, 320):  # a banner growing frame by frame: each height a new surface
        ribbon((1280, h))
    frames = deal(app, 5, painted)
    assert frames > 20 and painted == []


@pytest.mark.slow
def test_a_deal_after_the_celebration_paints_nothing_on_the_main_thread(painted):
    app = ready_app((1920, 1080))
    won = find_match(app, winner=0)
    assert won is not None
    deal(app, 7, painted)  # the table's sizes have been drawn once
    app.nav.show_match_over(won)
    for _ in range(240):
        app.frame(1 / 60, present=False)
    frames = deal(app, 8, painted)
    assert frames > 20 and painted == []


def test_entries_a_reservation_holds_are_evicted_last():
    import pygame

    from game.app.looks.surfcache import MB, SurfaceCache

    cache = SurfaceCache(budget=1 * MB)
    cache.reserve("faces", MB // 2, holds=lambda key: str(key).startswith("face"))
    cache.put("face-a", pygame.Surface((256, 256), pygame.SRCALPHA))  # 256 KB each
    for i in range(8):
        cache.put(f"banner-{i}", pygame.Surface((256, 256), pygame.SRCALPHA))
    assert "face-a" in cache and "banner-0" not in cache and "banner-7" in cache
    assert cache.nbytes <= cache.budget
    cache.reserve("faces", 0)  # no longer held: the least recently used goes first again
    cache.put("banner-8", pygame.Surface((256, 256), pygame.SRCALPHA))
    assert "face-a" not in cache
