"""The table that fills the screen, the staged showdown, the celebrations.

The layout tests draw the real scenes at many window sizes (normal and large cards, left to right and
mirrored) and catch every rectangle drawn: text lines, card zones, widgets, the scoreboard; no two may
overlap.  The showdown tests play hands to their ends and watch the order of what the table shows.
"""
from __future__ import annotations

import time

import pygame
import pytest

from game.app import text
from game.app.app import App
from game.app.match import MatchSetup
from game.app.pictures import plain_move
from game.app.scenes import tablebase
from game.app.settings import Settings
from game.engine import DrawStock, Phase, preset

SIZES = [(800, 600), (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]

_apps: list[App] = []


@pytest.fixture(autouse=True)
def _close_apps():
    yield
    while _apps:
        _apps.pop().close()
    from game.app import i18n

    i18n.set_language("en")
    pygame.quit()


def make_app(size=(1280, 720), **settings) -> App:
    settings.setdefault("animation", "instant")
    app = App(size=size, settings=Settings(**settings))
    _apps.append(app)
    return app


def frames(app: App, n: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, present=False)


def wait_for(app: App, cond, limit: int = 2000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.frame(1 / 60, present=False)
        time.sleep(0.001)
    raise AssertionError("timed out waiting")


# --- catching what a frame draws -------------------------------------------------------------------


class Catch:
    """Records the rectangles one draw puts on screen: text lines, the scoreboard, chips, card zones and
    visible widgets."""

    def __init__(self, monkeypatch) -> None:
        self.items: list[tuple[str, pygame.Rect]] = []
        self.boxes: list[pygame.Rect] = []  # things whose own text lies inside them
        real_draw, real_panel, real_chip = text.draw, tablebase.panel, tablebase.chip

        def draw(surface, s, *args, **kwargs):
            r = real_draw(surface, s, *args, **kwargs)
            self.items.append(("text " + s, r))
            return r

        def panel(surface, rect, *args, **kwargs):
            self.boxes.append(pygame.Rect(rect))
            self.items.append(("scoreboard", pygame.Rect(rect)))
            return real_panel(surface, rect, *args, **kwargs)

        def chip(surface, label, *args, **kwargs):
            r = real_chip(surface, label, *args, **kwargs)
            self.boxes.append(r)
            self.items.append(("chip " + label, r))
            return r

        monkeypatch.setattr(text, "draw", draw)
        monkeypatch.setattr(tablebase, "panel", panel)
        monkeypatch.setattr(tablebase, "chip", chip)

    def frame(self, app: App) -> list[tuple[str, pygame.Rect]]:
        self.items, self.boxes = [], []
        app.draw()
        items = [(n, r) for n, r in self.items
                 if not (n.startswith("text") and any(b.contains(r) for b in self.boxes))]
        zones: dict[str, pygame.Rect] = {}
        for s in app.table.sprites.values():
            if s.target is None:
                continue
            zone = {"under": "discard"}.get(s.target.zone, s.target.zone)
            r = app.layout.card_rect(s.target.x, s.target.y, s.target.scale)
            zones[zone] = zones[zone].union(r) if zone in zones else r
        items += [("cards " + z, r) for z, r in zones.items()]
        top = app.top
        items += [("widget " + "/".join(w.object_ids), pygame.Rect(w.rect)) for w in top.widgets if w.visible]
        return items


def overlaps(items) -> list[tuple[str, str]]:
    """Pairs of items whose rectangles overlap (a text line counts by its middle 70%: its box carries the
    font's empty ascent and descent)."""
    def core(name, r):
        if name.startswith("text"):
            cut = round(r.height * 0.15)
            return pygame.Rect(r.left, r.top + cut, r.width, max(1, r.height - 2 * cut))
        return r

    out = []
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1:]:
            if core(a, ra).colliderect(core(b, rb)):
                out.append((a, b))
    return out


def off_screen(app: App, items) -> list[str]:
    screen = app.screen.get_rect()
    return [n for n, r in items if not screen.contains(r)]


def play_regions(app: App, monkeypatch, sizes=SIZES):
    """The play scene in three situations at every size: a draw turn with the log full, eleven cards with
    one chosen, and the classic first-upcard offer (Take and Pass showing)."""
    from game.app.pictures import _wait_human, on_top
    from game.app.scenes.deal import DealScene
    from game.app.scenes.play import PlayScene

    catch = Catch(monkeypatch)
    out = []
    app.nav.seed = 50
    app.nav.start_match(MatchSetup("bot", preset("van"), 12, level="easy"))
    on_top(app, DealScene).finish()
    _wait_human(app)
    play = on_top(app, PlayScene)
    for _ in range(3):  # a few turns, so the log has lines and the opponent's pickups may show
        if play.state.phase is Phase.DRAW:
            play.human_action(DrawStock())
        if play.state.phase is not Phase.DISCARD:
            break
        play.human_action(plain_move(play.state, want_knock=False))
        _wait_human(app)
    for size in sizes:
        app.on_resize(size)
        frames(app, 2)
        out.append((size, "draw turn", catch.frame(app)))
    if play.state.phase is Phase.DRAW:
        play.human_action(DrawStock())
    play.model.selected = play.my_hand()[3]
    play.refresh_targets(snap=True)
    for size in sizes:
        app.on_resize(size)
        frames(app, 2)
        out.append((size, "eleven cards", catch.frame(app)))
    app.nav.start_match(MatchSetup("bot", preset("classic", 100), 7, level="easy"))
    on_top(app, DealScene).finish()
    _wait_human(app)
    on_top(app, PlayScene)
    for size in sizes:
        app.on_resize(size)
        frames(app, 2)
        out.append((size, "upcard offer", catch.frame(app)))
    return out


# --- the table fills the screen ----------------------------------------------------------------------


def test_cards_grow_with_the_window():
    from game.app.layout import Layout

    widths = [Layout(size).cw for size in SIZES]
    assert widths[SIZES.index((1920, 1080))] >= 1.45 * widths[SIZES.index((1280, 720))]
    assert widths[SIZES.index((2560, 1440))] > widths[SIZES.index((1920, 1080))]
    for size in SIZES:
        plain, large = Layout(size), Layout(size, large_cards=True)
        assert large.cw > plain.cw
        # the player's hand of eleven fits between the name column and the buttons without a squeeze
        for lay in (plain, large):
            xs = lay.row_xs(11, [False, False, False, True, False, False, True, False, False, True, False],
                            lay.w / 2, lay.hand_max_width)
            step = abs(xs[1] - xs[0])
            assert step >= lay.cw * 0.45
    # at full HD the cards take a good share of the height (the table does not look empty)
    lay = Layout((1920, 1080))
    assert lay.ch * (1 + lay.opp_scale) + lay.ch > 1080 * 0.55


@pytest.mark.parametrize("lang,card_size", [("en", "normal"), ("en", "large"), ("fa", "normal"),
                                            ("fa", "large"), ("ru", "normal")])
def test_the_table_never_overlaps_at_any_size(monkeypatch, lang, card_size):
    app = make_app(language=lang, card_size=card_size)
    assert app.layout.mirror == (lang == "fa")
    problems = []
    for size, situation, items in play_regions(app, monkeypatch):
        assert len(items) > 12
        for a, b in overlaps(items):
            problems.append(f"{size} {situation}: {a!r} overlaps {b!r}")
        for name in off_screen(app, items):
            problems.append(f"{size} {situation}: {name!r} leaves the window")
    assert not problems, "\n".join(problems)
