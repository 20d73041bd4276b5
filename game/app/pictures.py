"""``--screenshots DIR``: drive the real scenes into each situation and save what the screen shows.

Situations come from seeded matches played forward by a plain policy through the engine, so the
pictures are the same on every run.  ``tour`` brings an app into every situation the game can show,
one after the other; the pictures and the text-fit audit (``tests/test_app_fit.py``) both walk it.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from game.engine import Discard, DrawStock, NextHand, Phase, best_discard, preset

from . import cardart
from .app import App
from .crash import SilentCrashLog
from .fairdeal import SealedDeck, cut_at
from .i18n import tr
from .match import Match, MatchSetup
from .scene import Scene
from .scenes.confirm import ConfirmScene
from .scenes.cut import CutScene
from .scenes.deal import DealScene
from .scenes.guide import STEPS, GuideScene
from .scenes.matchover import MatchOverScene
from .scenes.menu import MenuScene
from .scenes.overlays import CurtainScene, PauseScene, RulesScene
from .scenes.play import PlayScene
from .scenes.result import ResultScene
from .scenes.settings import PAGES, SettingsScene
from .scenes.stats import StatsScene
from .services import Services
from .settings import Settings
from .sound import SilentSound
from .staging import (
    LONG_NAMES,
    MemoryStore,
    SampleStats,
    big_gin_hand,
    find_hand,
    find_match,
    find_result,
    play_to_end_of_hand,
)
from .storage import SilentStore
from .vocab import Language

T = TypeVar("T", bound=Scene)

LANGUAGES: tuple[Language, ...] = ("en", "fa", "ru")
SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1280, 720), (1920, 1080))


def on_top(app: App, kind: type[T]) -> T:
    """The scene on top, which must be a ``kind`` at this point of the tour."""
    top = app.top
    if not isinstance(top, kind):
        raise RuntimeError(f"expected the {kind.__name__} on top, found {type(top).__name__}")
    return top


def picture_app(size: tuple[int, int], language: Language = "en") -> App:
    """An app for pictures and audits: instant animation, a store in memory, sample statistics."""
    services = Services(store=MemoryStore(), stats=SampleStats(), sound=SilentSound(), crash=SilentCrashLog())
    app = App(size=size, settings=Settings(language=language, animation="instant"), services=services)
    app.nav.fair = False  # the tour deals from seeds, so it shows the same cards every time
    return app


# ------------------------------------------------------------------ the tour


def _frames(app: App, n: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, present=False)


def _wait_human(app: App, limit: int = 600) -> None:
    """Run frames until the player may act (the bot answers on its thread)."""
    for _ in range(limit):
        top = app.top
        if isinstance(top, PlayScene) and top.human_turn():
            return
        app.frame(1 / 60, present=False)
        time.sleep(0.002)


def _wait(app: App, done, limit: int = 1500) -> None:
    for _ in range(limit):
        if done():
            return
        app.frame(1 / 60, present=False)
        time.sleep(0.002)


def _play(app: App, setup: MatchSetup) -> PlayScene:
    app.nav.start_match(setup)
    app.toast_text = ""
    if isinstance(app.top, DealScene):
        app.top.finish()
    return on_top(app, PlayScene)


_FOUND: dict[str, int | None] = {}


def _found(app: App, kind: str, layoffs: bool) -> Match | None:
    """A van match whose first hand ends in ``kind`` (the seed found once, then remembered)."""
    if kind not in _FOUND:
        match = find_result(app, kind, need_layoffs=layoffs, tries=400 if kind != "big_gin" else 80)
        _FOUND[kind] = match.setup.seed if match is not None else None
        return match
    seed = _FOUND[kind]
    return None if seed is None else find_result(app, kind, start=seed, tries=1, need_layoffs=layoffs)


def _show(app: App, match: Match) -> None:
    """The result of ``match``'s last hand, as the flow shows it."""
    app.nav.match = match
    app.nav.begin_play(match)
    app.nav.show_result(match, getattr(app.top, "viewer", 0))


def tour(app: App) -> Iterator[str]:
    """Bring ``app`` into each situation the game can show and yield its name there (drawn and ready)."""

    def settle() -> None:
        _frames(app, 3)

    app.toast_text = ""
    app.nav.seed = 40
    # the menu, then with a friend's names, then with rules of the player's own
    app.nav.to_menu()
    settle()
    yield "menu"
    menu = on_top(app, MenuScene)
    menu.names = list(LONG_NAMES)
    menu.choose("opponent", "hotseat")
    settle()
    yield "menu_hotseat"
    menu.choose("opponent", "medium")
    van = app.settings
    app.apply_settings(van.with_(rules=van.rules.with_(gin_bonus=20, turn_timer=60)))
    menu.rebuild_ui()
    settle()
    yield "menu_custom"
    app.apply_settings(van)
    menu.rebuild_ui()
    # settings, each page; statistics; the rules
    for page in PAGES:
        app.nav.show_settings()
        on_top(app, SettingsScene).show_page(page)
        settle()
        yield "settings_" + page
        app.pop()
    app.apply_settings(van.with_(rules=preset("classic", 100)))
    app.nav.show_settings()
    on_top(app, SettingsScene).show_page("rules")
    settle()
    yield "settings_rules_classic"
    app.pop()
    app.apply_settings(van)
    app.push(StatsScene(app))
    settle()
    yield "stats"
    app.pop()
    app.push(RulesScene(app, preset("classic", 100)))
    settle()
    yield "rules"
    app.pop()
    # a match against the computer: the deal caught in flight, the turns, the overlays over the table
    app.table.speed = 1.0
    app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="hard"))
    app.toast_text = ""
    _frames(app, 40)
    yield "deal"
    on_top(app, DealScene).finish()
    app.table.speed = 0.0
    _wait_human(app)
    play = on_top(app, PlayScene)
    for _ in range(2):  # a few turns, so the log has lines to show
        if play.state.phase is Phase.DRAW and play.human_turn():
            play.human_action(DrawStock())
        if play.state.phase is Phase.DISCARD and play.human_turn():
            _discard(play)
        _wait_human(app)
    settle()
    yield "play_draw"
    play.press_hint()
    _wait(app, lambda: play.model.hint_future is None)
    settle()
    yield "play_hint"
    if play.state.phase is Phase.DRAW:
        play.human_action(DrawStock())
    hand = play.my_hand()
    if hand:
        play.model.hover = hand[len(hand) // 2]
        play.refresh_targets(snap=True)
    settle()
    yield "play_discard"
    app.push(ConfirmScene(app, tr("confirm.knock", card=hand[0].symbol if hand else ""), "button.knock",
                          lambda: None))
    settle()
    yield "confirm"
    app.pop()
    for _step in STEPS:
        guide = app.top if isinstance(app.top, GuideScene) else None
        if guide is None:
            guide = GuideScene(app, play)
            app.push(guide)
        settle()
        yield f"guide_{guide.step + 1}"
        guide.next()
    while isinstance(app.top, GuideScene):
        app.pop()
    app.nav.pause()
    settle()
    yield "pause"
    on_top(app, PauseScene).rules()
    settle()
    yield "pause_rules"
    while not isinstance(app.top, PlayScene):
        app.pop()
    # the classic first upcard offer
    _play(app, MatchSetup("bot", preset("classic", 100), 7, level="hard"))
    _wait_human(app)
    settle()
    yield "play_upcard"
    # hot-seat: the curtain, then the table after it
    _play(app, MatchSetup("hotseat", preset("van"), 5, names=LONG_NAMES))
    _frames(app, 4)
    if isinstance(app.top, CurtainScene):
        yield "curtain"
        app.top.reveal()
    _frames(app, 4)
    yield "play_hotseat"
    # hand results
    for kind, layoffs in (("knock", True), ("undercut", False), ("gin", False), ("big_gin", False)):
        match = _found(app, kind, layoffs)
        if match is None:
            continue
        _show(app, match)
        _frames(app, 4)
        yield "result_" + kind
    for seed in range(1, 200):
        match = Match(MatchSetup("hotseat", preset("van"), seed, names=LONG_NAMES), app.bots)
        play_to_end_of_hand(match, knocker_wanted=2)  # nobody knocks
        if match.state.last_result is not None and match.state.last_result.kind == "dead":
            _show(app, match)
            _frames(app, 4)
            yield "result_dead"
            break
    # match over: a whole match played forward
    match = Match(MatchSetup("bot", preset("classic", 50), 3, level="easy"), app.bots)
    for _ in range(40):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER:
            break
        match.apply(NextHand(), None)
    app.nav.match = match
    app.nav.show_match_over(match)
    settle()
    yield "match_over"
    # the error screen
    app.nav.show_error(app.services.store.folder / "gin-rummy" / "error.log")
    settle()
    yield "error"
    # the menu offering Continue of a saved match, with a notice
    _play(app, MatchSetup("bot", preset("van"), 41, level="hard"))
    app.nav.to_menu()
    menu = on_top(app, MenuScene)
    menu.notices = [tr("notice.match_reset", file="match.damaged-20260101-120000.json")]
    menu.rebuild_ui()
    settle()
    yield "menu_continue"


def _discard(play: PlayScene) -> bool:
    hand = play.state.hands[play.bottom]
    card = best_discard(hand, forbidden=play.state.forbidden_discard()).card
    return play.human_action(Discard(card))


# ------------------------------------------------------------------ saving pictures

LEGACY = {  # the names the pictures had before the tour (docs and tests refer to them)
    "menu": "01_menu", "deal": "02_deal", "play_draw": "03_play_10_cards", "play_discard": "04_play_11_cards",
    "play_upcard": "05_upcard_offer", "curtain": "06_hotseat_curtain", "play_hotseat": "06b_hotseat_after_curtain",
    "pause": "07_pause", "pause_rules": "08_rules", "result_knock": "09_result_knock",
    "result_undercut": "10_result_undercut", "result_gin": "11_result_gin", "result_dead": "11b_result_dead_hotseat",
    "match_over": "12_match_over",
}


def _save(app: App, path: Path) -> Path:
    app.prerender_cards()
    cardart.wait(30)
    app.toast_text = ""
    app.draw()
    return app.save_screenshot(path, announce=False)


def render_tour(out_dir: str | Path, size: tuple[int, int] = (1280, 720), language: Language = "en",
                names: dict[str, str] | None = None) -> list[Path]:
    """Every situation of the tour at one size and in one language, as ``<name>.png`` in ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = picture_app(size, language)
    try:
        for name in tour(app):
            saved.append(_save(app, out / f"{(names or {}).get(name, name)}.png"))
    finally:
        app.close()
    return saved


def render_all(out_dir: str | Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """The whole tour in English at ``size`` (the first pictures keep their numbered names), the fair deal,
    the staged showdown and celebrations, and the history with the coach."""
    out = Path(out_dir)
    return (render_tour(out, size, "en", LEGACY) + render_fair_deal(out, size) + render_showdown(out, size)
            + render_history(out))


def render_settings(out_dir: str | Path, sizes: Any = SIZES, languages: tuple[Language, ...] = LANGUAGES) -> list[Path]:
    """The tour in every language at every size, each in a folder ``<language>-<W>x<H>`` (``--screenshots``)."""
    saved: list[Path] = []
    for language in languages:
        for w, h in sizes:
            saved += render_tour(Path(out_dir) / f"{language}-{w}x{h}", (w, h), language)
    return saved


def render_fair_deal(out_dir: str | Path, size: tuple[int, int] = (1280, 720), language: Language = "en",
                     suffix: str = "") -> list[Path]:
    """The deal a player can check: the seal and the cut, the seal on the table, the tick after the hand."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = picture_app(size, language)

    def shot(name: str) -> None:
        saved.append(_save(app, out / f"{name}{suffix}.png"))

    try:
        # the deal a player can check: the seal and the cut, the seal on the table, the tick after the hand
        app.nav.fair = True
        app.nav.new_seal = lambda: SealedDeck(bytes(range(32)))
        app.nav.start_match(MatchSetup("bot", preset("van"), 9, level="medium"))
        _frames(app)
        shot("21_cut")
        on_top(app, CutScene).do_cut(cut_at(0.3), True)
        _frames(app, 4)
        if isinstance(app.top, DealScene):
            app.top.finish()
        _wait_human(app)
        shot("22_seal_on_table")
        match = app.nav.match
        if match is not None:
            play_to_end_of_hand(match, knocker_wanted=0)
            app.nav.show_result(match, 0)
            _frames(app, 4)
            shot("23_deal_checked")
    finally:
        app.close()
    return saved


def run_until(app: App, cond: Callable[[], bool], limit: int = 900, dt: float = 1 / 60) -> bool:
    """Run frames until ``cond()`` holds (False if it never did)."""
    for _ in range(limit):
        if cond():
            return True
        app.frame(dt, present=False)
    return cond()


def _later_than(scene: ResultScene, seconds: float) -> bool:
    return scene.clock > seconds


def render_showdown(out_dir: str | Path, size: tuple[int, int] = (1280, 720), language: Language = "en",
                    suffix: str = "") -> list[Path]:
    """The staged moments, caught mid-way at the normal animation speed: a showdown in the middle of its
    layoffs and at its end, a gin's flourish, a dead hand, a match won (the celebration, then the score
    sheet) and a match lost."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = App(size=size, settings=Settings(animation="normal", language=language))
    app.toast_text = ""

    def shot(name: str) -> None:
        app.prerender_cards()
        cardart.wait(30)
        app.draw()
        saved.append(app.save_screenshot(out / f"{name}{suffix}.png", announce=False))

    def result_of(match: Match) -> ResultScene:
        app.nav.match = match
        app.table.speed = 0.0
        app.nav.begin_play(match)
        app.table.speed = 1.0
        app.nav.show_result(match, getattr(app.top, "viewer", 0))
        return on_top(app, ResultScene)

    try:
        # the computer knocks and the player lays off
        match = find_hand(app, "knock", knocker=1, layoffs=True) or find_hand(app, "knock", None, layoffs=True)
        if match is not None:
            scene = result_of(match)
            first = scene.result.layoffs[0][0]
            run_until(app, lambda: scene.showdown.laid >= 1 and 0.35 < app.table.sprites[first].move_t < 0.8)
            shot("14_showdown_layoffs")
            run_until(app, lambda: scene.finished)
            _frames(app, 30)
            shot("15_showdown_end")
        for kind, name in (("gin", "16_gin_flourish"), ("big_gin", "16b_big_gin_flourish")):
            match = find_hand(app, kind, knocker=0) if kind == "gin" else big_gin_hand(app)
            if match is None:
                continue
            gin = result_of(match)
            run_until(app, partial(_later_than, gin, 0.5))
            shot(name)
        match = find_hand(app, "dead", knocker=None)
        if match is not None:
            scene = result_of(match)
            run_until(app, lambda: scene.clock > 0.9)
            shot("17_dead_hand")
        won = find_match(app, winner=0)
        if won is not None:
            app.nav.show_match_over(won)
            over = on_top(app, MatchOverScene)
            run_until(app, lambda: bool(over.effects.items) and over.effects.items[0].age > 1.6)
            shot("18_match_won")
            run_until(app, lambda: over.sheet >= 1.0, limit=600)
            _frames(app, 30)
            shot("19_match_over")
        lost = find_match(app, winner=1)
        if lost is not None:
            app.nav.show_match_over(lost)
            over = on_top(app, MatchOverScene)
            run_until(app, lambda: over.sheet >= 1.0)
            _frames(app, 3)
            shot("20_match_lost")
    finally:
        app.close()
    return saved


def _record_for_pictures(app: App) -> Match:
    """A finished hot-seat match, then three hands of a beginner against the hard computer (the player's
    moves are the easy bot's, so the coach has something to say), all recorded in the app's history."""
    app.nav.seed = 60
    app.nav.start_match(MatchSetup("hotseat", preset("classic", 50), 4, names=("Ava", "Ben")))
    seated = app.nav.match
    assert seated is not None
    for _ in range(40):
        play_to_end_of_hand(seated)
        if seated.state.phase is Phase.MATCH_OVER:
            break
        seated.apply(NextHand(), None)
    app.nav.start_match(MatchSetup("bot", preset("van"), 21, level="hard"))
    match = app.nav.match
    assert match is not None
    bots = app.bots
    human = bots.make_bot("easy", seed=3)
    human.new_match(0, match.rules)
    for e in match.last_events:
        human.on_event(e.seen_by(0))

    def hear(m: Match, action: object, events: list) -> None:
        for e in events:
            human.on_event(e.seen_by(0))

    match.listeners.insert(0, hear)
    while len(match.state.history) < 3:
        st = match.state
        if st.phase is Phase.HAND_OVER:
            match.apply(NextHand(), None)
        elif match.is_bot(st.to_act):
            match.apply(match.bot_decide(), st.to_act)
        else:
            match.apply(bots.decide(human, match.observe(0)), 0)
    return match


def _history_pictures(app: App, out: Path, tag: str) -> list[Path]:
    import time

    from game.bots.coach import review

    from .scenes.history import HistoryScene
    from .scenes.replay import ReplayScene

    saved: list[Path] = []

    def shot(name: str) -> None:
        _frames(app)
        app.prerender_cards()
        cardart.wait(30)
        app.draw()
        saved.append(app.save_screenshot(out / f"40_{name}_{tag}.png", announce=False))

    match = _record_for_pictures(app)
    app.table.reset()
    app.nav.show_result(match, 0)  # the result screen offers the coach
    shot("result_coach")
    app.nav.to_menu()
    app.nav.show_history()
    history = on_top(app, HistoryScene)
    shot("history")
    history.open()
    shot("history_hands")
    entry = history.entry
    assert entry is not None

    def notes(i: int) -> int:
        record = history.hands[i].record
        return -1 if record is None else len(review(record, entry.seat).costly)

    history.select(max(range(len(history.hands)), key=notes))
    history.open()
    replay = on_top(app, ReplayScene)
    replay.go(min(5, replay.last), snap=True)
    shot("replay")
    replay.close()
    history.coach()
    replay = on_top(app, ReplayScene)
    for _ in range(600):
        _frames(app, 1)
        if replay.review is not None or replay.coach_failed:
            break
        time.sleep(0.005)
    replay.next_note()
    shot("coach")
    replay.go(replay.last, snap=True)
    shot("showdown")
    return saved


def render_history(out_dir: str | Path, sizes=((800, 600), (1920, 1080)), languages=("en", "fa", "ru")) -> list[Path]:
    """The history list, a match's hands, a replay, the coach's note and the showdown, in each language
    at a small and a large window (``--screenshots``)."""
    import tempfile

    from .crash import SilentCrashLog
    from .services import Services
    from .sound import SilentSound
    from .stats import Stats

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="gin-rummy-pictures-") as folder:
        for lang in languages:
            for w, h in sizes:
                stats = Stats(Path(folder) / f"{lang}-{w}.sqlite3", background=False)
                services = Services(store=SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog())
                app = App(size=(w, h), settings=Settings(language=lang, animation="instant"), services=services)
                try:
                    saved += _history_pictures(app, out, f"{lang}_{w}x{h}")
                finally:
                    app.close()
    return saved
