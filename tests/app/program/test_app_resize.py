"""Window resizes: a burst of sizes is laid out and painted once, for the size the window settles on; what
was built for an old size is dropped; the memory helpers never stop the game."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver, start_vs_bot

from game.app.lang import text
from game.app.looks import cardart
from game.app.looks.layout import Layout
from game.app.looks.surfcache import CACHE, MB, SurfaceCache
from game.app.program import app as app_module
from game.app.program import memory
from game.app.scenes.result_layout import SCALE as RESULT_SCALE
from game.app.stage import uitheme

pytestmark = pytest.mark.usefixtures("close_apps")

BURST = [(1000 + 40 * i, 640 + 18 * i) for i in range(15)]  # an edge dragged: a new size every frame
SIZED = ("face", "quick", "back", "shadow", "stack", "blank")  # cache keys that carry a card's size


def _card_sizes(size: tuple[int, int]) -> set[tuple[int, int]]:
    """The card sizes a table of this window size draws and paints ahead."""
    lay = Layout(size)
    scales = (1.0, lay.opp_scale, RESULT_SCALE, 0.62, 0.7)
    return {(round(lay.cw * s), round(lay.ch * s)) for s in scales}


def _cached_card_sizes() -> set[tuple[int, int]]:
    out = set()
    for key in CACHE.held_keys():
        if key[0] in ("face", "quick"):
            out.add((key[2], key[3]))
        elif key[0] in SIZED:
            out.add((key[1], key[2]))
    return out


def _playing(monkeypatch) -> Driver:
    d = Driver(monkeypatch, size=(1280, 720))
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    assert cardart.wait(60)
    d.frame(2)
    return d


def test_a_burst_of_resizes_lays_out_and_paints_cards_only_for_the_settled_size(monkeypatch):
    d = _playing(monkeypatch)
    asked: list[list[tuple[int, int]]] = []
    real_prerender = cardart.prerender

    def prerender(sizes, style=None):
        asked.append([tuple(s) for s in sizes])
        real_prerender(sizes, style or cardart.CardStyle())

    monkeypatch.setattr(cardart, "prerender", prerender)
    laid_out: list[tuple[int, int]] = []
    real_resize = app_module.App.on_resize
    monkeypatch.setattr(app_module.App, "on_resize",
                        lambda self, size, rebuild=False: (laid_out.append(tuple(size)),
                                                           real_resize(self, size, rebuild))[-1])
    for size in BURST:
        d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        d.frame()
        # each frame of the drag is drawn whole, as laid out before it began
        assert d.app.resizing == size and (d.app.layout.w, d.app.layout.h) == (1280, 720)
        assert d.app.screen.get_size() == (1280, 720) and d.faces
    assert not laid_out and not asked
    final = BURST[-1]
    while d.app.resizing is not None:
        d.frame()
    assert laid_out == [final] and (d.app.layout.w, d.app.layout.h) == final
    assert len(asked) == 1 and set(asked[0]) == _card_sizes(final)
    assert cardart.wait(60)
    d.frame(3)
    # nothing was painted for the sizes the window only passed through, nor kept from the old one
    passed = set().union(*(_card_sizes(s) for s in [(1280, 720), *BURST[:-1]])) - _card_sizes(final)
    assert not _cached_card_sizes() & passed
    assert {(key[3], key[4]) for key in CACHE.held_keys() if key[0] == "felt"} <= {final}


def test_a_new_window_size_drops_what_was_drawn_for_the_old_one_but_not_the_art(monkeypatch):
    d = _playing(monkeypatch)
    assert (1280, 720) in {(key[3], key[4]) for key in CACHE.held_keys() if key[0] == "felt"}
    assert _cached_card_sizes() & _card_sizes((1280, 720))
    art = [key for key in CACHE.held_keys() if key[0] == "art"]
    assert art  # the court pictures were read for the faces painted ahead
    d.resize((1500, 860))
    assert not _cached_card_sizes() & (_card_sizes((1280, 720)) - _card_sizes((1500, 860)))
    assert {(key[3], key[4]) for key in CACHE.held_keys() if key[0] == "felt"} <= {(1500, 860)}
    assert all(key in CACHE for key in art)  # read from files once, for every size
    assert cardart.wait(60)
    d.frame(3)
    assert _card_sizes((1500, 860)) & _cached_card_sizes()


def test_a_click_during_a_resize_is_read_on_the_screen_laid_out_for_the_new_size(monkeypatch):
    d = _playing(monkeypatch)
    d.post(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)
    d.frame()
    assert d.app.resizing == (1600, 900)
    seen = []
    real = type(d.top).handle_event
    monkeypatch.setattr(type(d.top), "handle_event",
                        lambda self, event: (seen.append((event.type, d.app.layout.w)), real(self, event))[-1])
    d.post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    d.frame()
    assert d.app.resizing is None and (d.app.layout.w, d.app.layout.h) == (1600, 900)
    assert (pygame.MOUSEBUTTONDOWN, 1600) in seen


def test_while_the_window_is_resized_the_last_layout_is_shown_scaled_to_fit(monkeypatch):
    d = _playing(monkeypatch)
    # a real window's surface takes the new size as the edge moves; the screens keep theirs until it ends
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    assert d.app.screen.get_size() == (1600, 1000)
    d.post(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000)
    d.frame()
    assert (d.app.layout.w, d.app.layout.h) == (1280, 720) and d.faces
    screen = d.app.screen
    bar = tuple(screen.get_at((800, 20)))[:3]  # 1280x720 at 1.25 is 1600x900: 50 pixels above and below
    assert bar == app_module.felt.colour(dark=True)
    assert tuple(screen.get_at((800, 500)))[:3] != bar and tuple(screen.get_at((800, 980)))[:3] == bar
    while d.app.resizing is not None:
        d.frame()
    assert (d.app.layout.w, d.app.layout.h) == (1600, 1000) and d.app._stage is None


def test_a_resize_to_the_size_the_window_has_changes_nothing(monkeypatch):
    d = _playing(monkeypatch)
    held = []
    monkeypatch.setattr(cardart, "hold", lambda: held.append(True))
    d.post(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)
    d.frame()
    assert d.app.resizing is None and not held


def test_the_cache_drops_every_sized_surface_but_the_lasting_ones():
    cache = SurfaceCache(budget=4 * MB)
    cache.put("art", pygame.Surface((64, 64), pygame.SRCALPHA), lasting=True)
    cache.put("face", pygame.Surface((64, 64), pygame.SRCALPHA))
    cache.put("felt", pygame.Surface((128, 64)))
    freed = cache.drop_sized()
    assert cache.held_keys() == ["art"] and freed > 0
    assert cache.nbytes == 64 * 64 * 4
    cache.put("art", pygame.Surface((32, 32), pygame.SRCALPHA))  # put again without the flag: sized now
    cache.drop_sized()
    assert "art" not in cache and cache.nbytes == 0


def test_open_fonts_are_bounded():
    pygame.font.init()
    text.reset()
    for size in range(10, 10 + text._FONTS * 2):
        text.font(size)
    assert len(text._fonts) <= text._FONTS
    assert (10 + text._FONTS * 2 - 1, False) in text._fonts  # the latest is kept
    text.reset()


def test_only_the_ui_manager_of_the_current_scale_is_kept():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    managers = uitheme.Managers()
    for size in ((800, 600), (1280, 720), (1920, 1080), (1280, 720)):
        mgr = managers.for_layout(Layout(size))
        assert len(managers._made) == uitheme.KEPT and mgr in managers._made.values()


def test_the_memory_helpers_never_stop_the_game(monkeypatch):
    memory.tune()
    memory.trim()
    memory.release()

    class Broken:
        def malloc_trim(self, pad):
            raise OSError("no")

        def mallopt(self, param, value):
            raise OSError("no")

    monkeypatch.setattr(memory, "_glibc", lambda: Broken())
    monkeypatch.setattr(memory, "_tuned", False)
    assert memory.trim() is False and memory.tune() is False
    memory.release()
    monkeypatch.setattr(memory, "_glibc", lambda: None)  # another C library: nothing to do
    assert memory.trim() is False and memory.tune() is False


def test_holding_the_painter_stops_it_painting_ahead():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    assert cardart.wait(60)
    CACHE.clear()
    sizes = [(150 + 7 * i, 210 + 10 * i) for i in range(6)]
    cardart.prerender(sizes)
    cardart.hold()
    assert cardart.wait(60) and cardart.idle()
    assert not cardart.ready(sizes[-1])
    cardart.prerender(sizes[-1])  # asked for again: painted
    assert cardart.wait(60) and cardart.ready(sizes[-1])
    CACHE.clear()


def test_a_tip_covering_the_table_keeps_the_knock_button_as_it_was_after_a_resize(monkeypatch):
    d = Driver(monkeypatch, size=(1280, 720))
    d.app.first_match_guide = True
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.name == "guide")
    play = next(s for s in d.app.stack if s.name == "play")
    assert play.covered
    knock = play.controls.buttons["knock"]
    assert knock.visible and not knock.is_enabled  # shown by the tip, and no knock is possible at the deal
    d.resize((1000, 700))
    knock = play.controls.buttons["knock"]  # built again for the new layout
    assert knock.alive() and knock.visible and not knock.is_enabled
    buttons = play.controls.buttons
    assert not buttons["hint"].visible and not buttons["undo"].visible  # the rest stays hidden
