"""The table that fills the screen, the staged showdown, the celebrations.

The layout tests draw the real scenes at many window sizes (normal and large cards, left to right and
mirrored) and catch every rectangle drawn: text lines, card zones, widgets, the scoreboard; no two may
overlap.  The showdown tests play hands to their ends and watch the order of what the table shows.
"""
from __future__ import annotations

import time

import pygame
import pytest
from helpers.apps import _apps

from game.app.config.settings import Settings
from game.app.lang import text
from game.app.matches.match import MatchSetup
from game.app.pictures.staging import plain_move
from game.app.program.app import App
from game.app.scenes import tablebase
from game.engine import BigGin, DrawStock, Knock, Phase, preset

pytestmark = pytest.mark.usefixtures("close_apps")

SIZES = [(800, 600), (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]





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
    """Records the rectangles one draw puts on screen: text lines, panels (the scoreboard, the result panel,
    the match-over plates and sheet), chips, card zones and visible widgets.  What lies inside a panel or a
    chip is part of it."""

    def __init__(self, monkeypatch) -> None:
        from game.app.scenes import matchstory, result_draw

        self.items: list[tuple[str, pygame.Rect]] = []
        self.boxes: list[pygame.Rect] = []
        real_draw, real_panel, real_chip = text.draw, tablebase.panel, tablebase.chip

        def draw(surface, s, *args, **kwargs):
            r = real_draw(surface, s, *args, **kwargs)
            self.items.append(("text " + s, r))
            return r

        def panel(surface, rect, *args, **kwargs):
            self.boxes.append(pygame.Rect(rect))
            self.items.append(("panel", pygame.Rect(rect)))
            return real_panel(surface, rect, *args, **kwargs)

        def chip(surface, label, *args, **kwargs):
            r = real_chip(surface, label, *args, **kwargs)
            self.boxes.append(r)
            self.items.append(("chip " + label, r))
            return r

        monkeypatch.setattr(text, "draw", draw)
        for module in (tablebase, result_draw, matchstory):
            monkeypatch.setattr(module, "panel", panel)
        monkeypatch.setattr(tablebase, "chip", chip)

    def frame(self, app: App, zones: bool | set[str] = True) -> list[tuple[str, pygame.Rect]]:
        """What one draw shows; ``zones``: the card zones drawn (True: every zone with cards)."""
        self.items, self.boxes = [], []
        app.draw()
        top = app.top
        items = list(self.items)
        if zones:
            by_zone: dict[str, pygame.Rect] = {}
            for s in app.table.sprites.values():
                if s.target is None:
                    continue
                zone = {"under": "discard"}.get(s.target.zone, s.target.zone)
                if zones is not True and zone not in zones:
                    continue
                r = app.layout.card_rect(s.target.x, s.target.y, s.target.scale)
                by_zone[zone] = by_zone[zone].union(r) if zone in by_zone else r
            items += [("cards " + z, r) for z, r in by_zone.items()]
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

    def holds(a, ra, rb) -> bool:  # a panel or chip and what lies inside it
        return a.startswith(("panel", "chip")) and ra.contains(rb)

    out = []
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1:]:
            if holds(a, ra, rb) or holds(b, rb, ra):
                continue
            if core(a, ra).colliderect(core(b, rb)):
                out.append((a, b))
    return out


def off_screen(app: App, items) -> list[str]:
    screen = app.screen.get_rect()
    return [n for n, r in items if not screen.contains(r)]


def play_regions(app: App, monkeypatch, sizes=SIZES):
    """The play scene in three situations at every size: a draw turn with the log full, eleven cards with
    one chosen, and the classic first-upcard offer (Take and Pass showing)."""
    from game.app.pictures.tour import on_top, wait_human
    from game.app.scenes.deal import DealScene
    from game.app.scenes.play import PlayScene

    catch = Catch(monkeypatch)
    out = []
    app.nav.seed = 50
    app.nav.start_match(MatchSetup("bot", preset("van"), 12, level="easy"))
    on_top(app, DealScene).finish()
    wait_human(app)
    play = on_top(app, PlayScene)
    for _ in range(3):  # a few turns, so the log has lines and the opponent's pickups may show
        if play.state.phase is Phase.DRAW:
            play.human_action(DrawStock())
        if play.state.phase is not Phase.DISCARD:
            break
        play.human_action(plain_move(play.state, want_knock=False))
        wait_human(app)
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
    wait_human(app)
    on_top(app, PlayScene)
    for size in sizes:
        app.on_resize(size)
        frames(app, 2)
        out.append((size, "upcard offer", catch.frame(app)))
    return out


def result_regions(app: App, monkeypatch, sizes=SIZES):
    """The end of a showdown (the computer knocked, the player laid off) and of a gin, at every size."""
    catch = Catch(monkeypatch)
    out = []
    for kind, knocker, layoffs in (("knock", 1, True), ("gin", 0, False)):
        app.on_resize((1280, 720))
        play_until_end(app, kind, knocker, layoffs)
        wait_for(app, lambda: app.top.name == "result" and app.top.finished)
        for size in sizes:
            app.on_resize(size)
            frames(app, 2)
            out.append((size, kind + " result", catch.frame(app, zones={"show0", "show1"})))
    return out


def match_over_regions(app: App, monkeypatch, sizes=SIZES):
    from game.app.pictures.staging import find_match

    catch = Catch(monkeypatch)
    out = []
    for winner in (0, 1):
        match = find_match(app, winner)
        assert match is not None
        app.nav.show_match_over(match)
        frames(app, 2)
        for size in sizes:
            app.on_resize(size)
            frames(app, 2)
            out.append((size, f"match over, seat {winner} won", catch.frame(app, zones=False)))
    return out


# --- the table fills the screen ----------------------------------------------------------------------


def test_cards_grow_with_the_window():
    from game.app.looks.layout import Layout

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
@pytest.mark.slow
def test_the_table_never_overlaps_at_any_size(monkeypatch, lang, card_size):
    app = make_app(language=lang, card_size=card_size)
    assert app.layout.mirror == (lang == "fa")
    check_regions(app, play_regions(app, monkeypatch))


@pytest.mark.slow
@pytest.mark.parametrize("lang,card_size", [("en", "large"), ("fa", "normal"), ("ru", "large")])
def test_the_result_and_the_match_over_screens_never_overlap(monkeypatch, lang, card_size):
    app = make_app(language=lang, card_size=card_size)
    check_regions(app, result_regions(app, monkeypatch) + match_over_regions(app, monkeypatch))


def check_regions(app: App, regions) -> None:
    problems = []
    for size, situation, items in regions:
        assert len(items) > 6
        for a, b in overlaps(items):
            problems.append(f"{size} {situation}: {a!r} overlaps {b!r}")
        for name in off_screen(app, items):
            problems.append(f"{size} {situation}: {name!r} leaves the window")
    assert not problems, "\n".join(problems)


# --- the staged showdown ---------------------------------------------------------------------------------


def big_gin_position(app: App, mode="bot"):
    """Seat 0 holds eleven melded cards and is to throw: a big gin waiting to be played."""
    from game.app.matches.match import Match, MatchSetup
    from game.engine import Card, MatchState, preset

    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "AH 3H 5H 7H 9H JH KD 2C 4C 6C"]
    held = {c for h in hands for c in h.split()}
    rest = [c for c in (Card(i) for i in range(52)) if str(c) not in held]
    state = MatchState.from_position(preset("van"), hands, stock=rest[1:], discard=rest[:1], dealer=1,
                                     phase=Phase.DISCARD, to_act=0, seed=3)
    return Match(MatchSetup(mode, preset("van"), 3, level="medium", names=("Ava", "Ben")), app.bots, resume=state)


def match_before_end(app: App, kind: str, knocker: int | None, layoffs: bool = False, mode="bot"):
    """A seeded first hand played by the plain policy up to the move that ends it: ``(match, seat, move)``."""
    from game.app.matches.match import Match
    from game.app.pictures.staging import find_hand

    if kind == "big_gin" and knocker == 0:  # rare in play: the position is laid out for the test
        return big_gin_position(app, mode), 0, BigGin()
    found = find_hand(app, kind, knocker, mode=mode, layoffs=layoffs)
    assert found is not None, f"no seed gives a {kind}"
    match = Match(found.setup, app.bots)
    st = match.state
    want = 2 if kind == "dead" else knocker
    while True:
        seat = st.to_act
        move = plain_move(st, want is None or seat == want)
        dead = st.phase is Phase.DISCARD and len(st.stock) <= st.rules.dead_hand_stock  # this throw ends it
        if isinstance(move, (Knock, BigGin)) or dead:
            return match, seat, move
        match.apply(move, seat)


def play_until_end(app: App, kind: str, knocker: int | None, layoffs: bool = False, mode="bot"):
    """Put the hand on the table in the play scene and make its last move the way the scene makes it."""
    from game.app.scenes.play import PlayScene

    match, seat, move = match_before_end(app, kind, knocker, layoffs, mode)
    app.nav.match = match
    speed = app.pace
    app.pace = 0.0
    app.nav.begin_play(match)
    app.pace = speed
    play = app.top
    assert isinstance(play, PlayScene)
    if not match.vs_bot:  # the curtain lifted for the seat to play
        play.model.curtain_in = None
        play.reveal_to(seat)
    # at once, before a frame lets the bot think about the position
    if match.is_bot(seat):  # what the bot driver does with the bot's answer
        play.after(match.apply(move, seat), seat)
    else:
        assert play.human_action(move)
    return match, seat


class Watch:
    """Per frame: the scene on top, the showdown's stage, the totals the scoreboard drew, the faces drawn."""

    def __init__(self, monkeypatch, app: App) -> None:
        from game.app.looks import cardart

        self.app = app
        self.faces: list = []
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.rendered: list[str] = []
        real_face, real_draw, real_render = cardart.draw_face, text.draw, text.render

        def face(surface, card, *args, **kwargs):
            self.faces.append(card)
            return real_face(surface, card, *args, **kwargs)

        def draw(surface, s, *args, **kwargs):
            r = real_draw(surface, s, *args, **kwargs)
            self.texts.append((s, r))
            return r

        def render(s, *args, **kwargs):
            self.rendered.append(s)
            return real_render(s, *args, **kwargs)

        monkeypatch.setattr(cardart, "draw_face", face)
        monkeypatch.setattr(text, "draw", draw)
        monkeypatch.setattr(text, "render", render)

    def frame(self, dt: float = 1 / 60) -> None:
        self.faces.clear()
        self.texts.clear()
        self.rendered.clear()
        self.app.frame(dt, present=False)

    def drawn(self, s: str) -> bool:
        return s in self.rendered

    def scoreboard_numbers(self) -> list[str]:
        scene = self.app.top
        rect = scene.scoreboard_places()[0]
        return [t for t, r in self.texts if t.isdigit() and rect.contains(r)]


def snapshot(app: App) -> dict:
    """The end state of a result scene: every card's place and face, what the showdown shows, the widgets."""
    scene = app.top
    sd = scene.showdown
    cards = {int(c): (round(s.x), round(s.y), s.shown_face, round(s.scale, 3), s.z)
             for c, s in app.table.sprites.items()}
    return {"cards": cards, "log": list(sd.log), "laid": sd.laid, "counts": [sd.count(0), sd.count(1)],
            "scores": sd.shown_scores, "points": sd.points_shown, "panel": sd.panel, "banner": sd.banner,
            "rolled": sd.rolled, "finished": sd.finished, "effects": bool(scene.effects),
            "labelled": sorted(scene.labelled),
            "widgets": sorted(("/".join(w.object_ids), w.visible) for w in scene.widgets)}


@pytest.mark.slow
def test_the_computer_knocks_and_the_showdown_is_staged_in_order(monkeypatch):
    from game.app.animation.showdown import BANNER, COUNTS, DEFENDER, DONE, KNOCKER, LAYOFF, POINTS, ROLL

    app = make_app(animation="normal")
    watch = Watch(monkeypatch, app)
    match, seat = play_until_end(app, "knock", knocker=1, layoffs=True)
    st = match.state
    r = st.last_result
    assert r is not None and r.knocker == 1 and r.layoffs and match.is_bot(1)
    after = tuple(st.scores)
    before = list(after)
    before[r.winner] -= r.points
    hidden = set(st.hands[1]) - set(st.discard) - set(st.held_picks(1))
    # the knock is seen on the table first: the play scene stays while the discard lands
    watch.frame()
    assert app.top.name == "play"
    frames_in_play = 1
    while app.top.name == "play":
        assert not (set(watch.faces) & hidden)
        watch.frame()
        frames_in_play += 1
    assert frames_in_play > 10 and app.top.name == "result"
    scene = app.top
    sd = scene.showdown
    layoff_cards = [c for c, _ in r.layoffs]
    seen_points = False
    flying: list = []
    for _ in range(60 * 30):
        watch.frame()
        numbers = watch.scoreboard_numbers()
        if not sd.points_shown:
            assert sd.shown_scores == tuple(before)
            assert str(before[r.winner]) in numbers and str(after[r.winner]) not in numbers
        else:
            seen_points = True
        if not sd.knocker_out:  # the computer's hand is not shown before its melds are spread
            assert not (set(watch.faces) & hidden)
        onto = f"show{r.knocker}"
        for i, c in enumerate(layoff_cards):  # a layoff goes to the melds only once its own stage has begun
            assert (app.table.sprites[c].target.zone == onto) == (i < sd.laid)
        moving = [c for c in layoff_cards if app.table.sprites[c].moving and app.table.sprites[c].target.zone == onto]
        assert len(moving) <= 1, "layoffs fly one at a time"
        for c in moving:
            if c not in flying:
                flying.append(c)
        if sd.rolled and not sd.finished:
            assert seen_points
        if sd.finished:
            break
    assert sd.finished and seen_points
    assert flying == layoff_cards
    expected = [BANNER, KNOCKER, DEFENDER] + [LAYOFF] * len(r.layoffs) + [COUNTS, POINTS, ROLL, DONE]
    assert sd.log == expected
    assert sd.shown_scores == after and str(after[r.winner]) in watch.scoreboard_numbers()
    assert sd.count(r.knocker) == r.knocker_deadwood and sd.count(r.defender) == r.defender_deadwood
    for _ in range(90):  # the glow on the new total fades
        watch.frame()
    watched = snapshot(app)
    assert ("#next_hand", True) in watched["widgets"] and watched["labelled"] == [0, 1]

    # the same hand again, skipped with a click in the middle of the layoffs: the same end
    app.nav.to_menu()
    frames(app, 2)
    play_until_end(app, "knock", knocker=1, layoffs=True)
    while app.top.name == "play":
        watch.frame()
    sd = app.top.showdown
    while not sd.laid:
        watch.frame()
    assert not sd.finished and sd.shown_scores == tuple(before)
    pos = (app.layout.w // 2, app.layout.h // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    watch.frame()
    watch.frame()
    assert sd.finished
    assert snapshot(app) == watched


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_space_and_enter_skip_then_go_on(monkeypatch, key):
    app = make_app(animation="slow")
    play_until_end(app, "knock", knocker=0, layoffs=False)
    wait_for(app, lambda: app.top.name == "result")
    scene = app.top
    frames(app, 30)
    assert not scene.finished and not scene.showdown.points_shown
    for k in (key, key):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        frames(app, 2)
        if k is key and scene.finished and app.top is scene:
            assert scene.showdown.shown_scores == tuple(scene.state.scores)
    assert app.top.name in ("deal", "play", "match_over")


@pytest.mark.parametrize("kind,word", [("gin", "Gin!"), ("big_gin", "Big gin!")])
def test_gin_and_big_gin_get_their_banner_and_flourish(monkeypatch, kind, word):
    from game.app.animation.celebration import Burst, Glow

    app = make_app(animation="normal")
    heard: list[str] = []
    app.on_cue.append(heard.append)
    watch = Watch(monkeypatch, app)
    play_until_end(app, kind, knocker=0)
    while app.top.name == "play":
        watch.frame()
    scene = app.top
    assert scene.result.kind == kind
    shown_banner = flourish = False
    for _ in range(120):
        watch.frame()
        if watch.drawn(word) and watch.drawn(app.nav.match.name(0)):
            shown_banner = True
        kinds = {type(e) for e in scene.effects.items}
        flourish = flourish or {Burst, Glow} <= kinds
    assert shown_banner and flourish and "flourish" in heard
    while not scene.finished:
        watch.frame()
    assert heard.index("flourish") < heard.index("hand_won")  # the flourish with the banner, the points after


def test_an_undercut_gets_a_flourish_with_its_points(monkeypatch):
    from game.app.animation.celebration import Burst

    app = make_app(animation="fast")
    heard: list[str] = []
    app.on_cue.append(heard.append)
    play_until_end(app, "undercut", knocker=None)
    wait_for(app, lambda: app.top.name == "result")
    scene = app.top
    wait_for(app, lambda: scene.showdown.points_shown)
    frames(app, 2)
    assert scene.showdown.banner_kind == "undercut"
    assert any(isinstance(e, Burst) for e in scene.effects.items) and "flourish" in heard


def test_a_dead_hand_has_its_own_short_moment(monkeypatch):
    app = make_app(animation="normal")
    watch = Watch(monkeypatch, app)
    match, _ = play_until_end(app, "dead", knocker=None)
    st = match.state
    hidden = set(st.hands[1]) - set(st.discard) - set(st.held_picks(1))
    while app.top.name == "play":
        watch.frame()
    scene = app.top
    assert scene.result.kind == "dead"
    saw_banner = False
    seconds = 0.0
    while not scene.finished:
        watch.frame()
        seconds += 1 / 60
        saw_banner = saw_banner or (watch.drawn("Dead hand") and watch.drawn("The stock ran out"))
        assert not (set(watch.faces) & hidden)
        assert scene.showdown.shown_scores == tuple(st.scores)
    assert saw_banner and seconds < 3.5
    assert scene.showdown.log == ["banner", "points", "done"]


def test_instant_speed_shows_the_end_at_once(monkeypatch):
    app = make_app(animation="instant")
    heard: list[str] = []
    app.on_cue.append(heard.append)
    match, _ = play_until_end(app, "knock", knocker=1, layoffs=True)
    frames(app, 1)
    scene = app.top
    assert scene.name == "result" and scene.finished
    assert scene.showdown.shown_scores == tuple(match.state.scores) and not scene.effects
    assert scene.laid and not any(s.moving for s in app.table.sprites.values())
    assert any("#next_hand" in w.object_ids for w in scene.widgets)
    assert heard[-1] in ("hand_won", "hand_lost") and "flourish" not in heard


def test_the_showdown_follows_the_animation_speed():
    from game.app.animation.showdown import Showdown
    from game.engine.scoring import HandResult

    r = HandResult(hand_no=0, dealer=0, kind="knock", knocker=0, winner=0, points=12,
                   knocker_deadwood=3, defender_deadwood=15)
    lengths = {}
    for speed in (1.6, 1.0, 0.55):
        sd = Showdown(r, 3, 20, [2, 3], (12, 0), speed)
        t = 0.0
        while not sd.finished:
            sd.update(1 / 120)
            t += 1 / 120
        lengths[speed] = t
        assert sd.shown_scores == (12, 0) and sd.count(1) == 15
    assert lengths[1.6] > lengths[1.0] * 1.5 and lengths[0.55] < lengths[1.0] * 0.6
    sd = Showdown(r, 3, 20, [2, 3], (12, 0), 0.0)
    sd.update(0.0)
    assert sd.finished


def test_in_hot_seat_neither_hand_shows_before_its_row_turns(monkeypatch):
    app = make_app(animation="normal")
    watch = Watch(monkeypatch, app)
    match, seat = play_until_end(app, "knock", knocker=0, mode="hotseat")
    st = match.state
    other = set(st.hands[1 - seat]) - set(st.discard) - set(st.held_picks(1 - seat))
    while app.top.name == "play":
        watch.frame()
    scene = app.top
    while not scene.finished:
        watch.frame()
        if not scene.out(1 - seat):
            assert not (set(watch.faces) & other)
    watch.frame()
    assert other <= set(watch.faces)


@pytest.mark.slow
def test_a_resize_in_the_middle_of_the_showdown_keeps_it_going(monkeypatch):
    app = make_app(animation="normal")
    play_until_end(app, "knock", knocker=1, layoffs=True)
    wait_for(app, lambda: app.top.name == "result" and app.top.showdown.defender_out)
    scene = app.top
    app.on_resize((1024, 768))
    frames(app, 2)
    assert not any(s.moving for c, s in app.table.sprites.items() if c in scene.state.hands[0])
    wait_for(app, lambda: scene.finished)
    rows = [app.table.sprites[c] for c in scene.state.hands[0] + scene.state.hands[1]]
    assert all(0 < s.x < 1024 and 0 < s.y < 768 for s in rows)


def test_a_click_on_menu_during_the_showdown_pauses_without_skipping(monkeypatch):
    app = make_app(animation="normal")
    play_until_end(app, "knock", knocker=0)
    wait_for(app, lambda: app.top.name == "result")
    scene = app.top
    menu = next(w for w in scene.widgets if "#menu_button" in w.object_ids)
    pos = menu.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)
    assert app.top.name == "pause" and not scene.finished
    log = list(scene.showdown.log)
    frames(app, 60)
    assert scene.showdown.log == log  # the table waits under the pause


# --- the match's end -----------------------------------------------------------------------------------


def test_a_won_match_is_celebrated_then_the_score_sheet_comes(monkeypatch):
    from game.app.animation.celebration import CardCascade, Confetti
    from game.app.pictures.staging import find_match

    app = make_app(animation="normal")
    heard: list[str] = []
    app.on_cue.append(heard.append)
    match = find_match(app, winner=0)
    assert match is not None
    app.nav.show_match_over(match)
    scene = app.top
    assert heard[-1] == "fanfare" and scene.celebrate
    frames(app, 30)
    kinds = {type(e) for e in scene.effects.items}
    assert {Confetti, CardCascade} <= kinds and scene.sheet == 0.0
    assert not any(w.visible for w in scene.widgets)  # the buttons come with the sheet
    wait_for(app, lambda: scene.sheet >= 1.0, limit=400)
    frames(app, 1)
    assert all(w.visible for w in scene.widgets)
    # skipped, it lands on the same sheet
    app.nav.show_match_over(match)
    scene = app.top
    frames(app, 10)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    frames(app, 2)
    assert scene.sheet == 1.0 and not scene.effects and all(w.visible for w in scene.widgets)
    assert app.top is scene  # the first key skips, it does not start a new match


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_a_lost_match_gets_a_quiet_summary(monkeypatch, size):
    from game.app.pictures.staging import find_match

    app = make_app(size, animation="normal")
    heard: list[str] = []
    app.on_cue.append(heard.append)
    match = find_match(app, winner=1)
    assert match is not None
    app.nav.show_match_over(match)
    scene = app.top
    assert heard[-1] == "match_lost" and not scene.celebrate and not scene.effects
    wait_for(app, lambda: scene.sheet >= 1.0, limit=120)
    watch = Watch(monkeypatch, app)
    watch.frame()
    drawn = [t for t, _ in watch.texts]
    assert any("reached 50 first. Another match?" in t for t in drawn)
    assert not any("Well played" in t for t in drawn)  # a loss is not congratulated
    # on the score sheet the result's words keep their distance from the sum's numbers
    labels = [r for t, r in watch.texts if t.startswith(("Knock by", "Gin by", "Undercut by", "Big gin by"))]
    sums = [r for t, r in watch.texts if " = " in t]
    assert labels and sums
    for label in labels:
        (beside,) = [r for r in sums if abs(r.centery - label.centery) <= 2]
        assert beside.left - label.right >= app.layout.px(20)
    history = match.state.history
    for seat in (0, 1):
        lines = dict(scene.story.plate_lines(seat))
        assert lines["Hands won"] == str(sum(1 for r in history if r.winner == seat))
        assert lines["Hand points"] == str(sum(r.points for r in history if r.winner == seat))


def test_instant_speed_goes_straight_to_the_score_sheet(monkeypatch):
    from game.app.pictures.staging import find_match

    app = make_app(animation="instant")
    match = find_match(app, winner=0)
    app.nav.show_match_over(match)
    scene = app.top
    frames(app, 1)
    assert scene.sheet == 1.0 and not scene.effects and all(w.visible for w in scene.widgets)


def test_surfaces_of_many_sizes_stay_in_the_byte_budget():
    """Panels, ribbons and celebration sprites live in the shared byte-bounded cache."""
    from game.app.animation import celebration
    from game.app.looks import panels as looks
    from game.app.looks.surfcache import CACHE

    surface = pygame.Surface((10, 10))
    for i in range(120):
        looks.panel(surface, pygame.Rect(0, 0, 400 + i * 13, 300 + i * 7))
        looks.ribbon((800 + i * 17, 90 + i))
        celebration.glow(20 + i * 3)
        assert CACHE.nbytes <= CACHE.budget


@pytest.mark.slow
def test_pictures_of_the_staged_moments(tmp_path):
    from game.app.pictures.screenshots import render_showdown

    paths = render_showdown(tmp_path, (800, 600))
    names = {p.stem for p in paths}
    assert {"14_showdown_layoffs", "15_showdown_end", "16_gin_flourish", "17_dead_hand", "18_match_won",
            "19_match_over", "20_match_lost"} <= names
    for p in paths:
        picture = pygame.image.load(str(p))
        assert picture.get_size() == (800, 600) and p.stat().st_size > 5000
