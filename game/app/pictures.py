"""``--screenshots DIR``: drive the real scenes into each situation and save what the screen shows.

Situations come from seeded matches played forward by a plain policy through the engine, so the
pictures are the same on every run.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from game.engine import (
    BigGin,
    DrawDiscard,
    DrawStock,
    Knock,
    NextHand,
    PassUpcard,
    Phase,
    TimerMove,
    best_discard,
    deadwood,
    preset,
)

from . import cardart
from .app import App
from .fairdeal import SealedDeck, cut_at
from .i18n import tr
from .match import Match, MatchSetup
from .scene import Scene
from .scenes.cut import CutScene
from .scenes.deal import DealScene
from .scenes.matchover import MatchOverScene
from .scenes.menu import MenuScene
from .scenes.overlays import CurtainScene, PauseScene
from .scenes.play import PlayScene
from .scenes.result import ResultScene
from .scenes.settings import PAGES, SettingsScene
from .settings import Settings
from .vocab import Language, Mode

T = TypeVar("T", bound=Scene)


def on_top(app: App, kind: type[T]) -> T:
    """The scene on top, which must be a ``kind`` at this point of the tour."""
    top = app.top
    if not isinstance(top, kind):
        raise RuntimeError(f"expected the {kind.__name__} on top, found {type(top).__name__}")
    return top


def plain_move(state, want_knock: bool = True):
    """Draw the discard when it lowers deadwood, throw the best card, knock when allowed."""
    p = state.to_act
    hand = state.hands[p]
    if state.phase is Phase.UPCARD_OFFER:
        return PassUpcard()
    if state.phase is Phase.DRAW:
        if state.discard and not state.stock_only:
            top = state.discard[-1]
            if best_discard(hand + [top], forbidden=top).deadwood < deadwood(hand):
                return DrawDiscard()
        return DrawStock()
    legal = state.legal_actions()
    if want_knock:
        if BigGin() in legal:
            return BigGin()
        choice = best_discard(hand, forbidden=state.forbidden_discard())
        if Knock(choice.card) in legal:
            return Knock(choice.card)
    return TimerMove()


def play_to_end_of_hand(match: Match, knocker_wanted: int | None = None, max_moves: int = 400) -> None:
    st = match.state
    for _ in range(max_moves):
        if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            return
        p = st.to_act
        match.apply(plain_move(st, knocker_wanted is None or p == knocker_wanted), p)


def find_result(app: App, kind: str, mode: Mode = "bot", start: int = 1, tries: int = 400,
                need_layoffs: bool = False) -> Match | None:
    for seed in range(start, start + tries):
        setup = MatchSetup(mode, preset("van"), seed, level="medium", names=("Ava", "Ben"))
        match = Match(setup, app.bots)
        play_to_end_of_hand(match, knocker_wanted=0)
        r = match.state.last_result
        if r is not None and r.kind == kind and (not need_layoffs or r.layoffs) and (
                kind == "undercut" or r.knocker == 0):
            return match
    return None


def find_hand(app: App, kind: str, knocker: int | None, mode: Mode = "bot", layoffs: bool = False,
              start: int = 1, tries: int = 400) -> Match | None:
    """A seeded first hand that ends in ``kind`` with ``knocker`` knocking (None: anyone; a dead hand has
    no knocker), with layoffs if asked."""
    for seed in range(start, start + tries):
        setup = MatchSetup(mode, preset("van"), seed, level="medium", names=("Ava", "Ben"))
        match = Match(setup, app.bots)
        play_to_end_of_hand(match, knocker_wanted=2 if kind == "dead" else knocker)
        r = match.state.last_result
        if r is None or r.kind != kind or (layoffs and not r.layoffs):
            continue
        if knocker is None or r.knocker == knocker:
            return match
    return None


def find_match(app: App, winner: int, target: int = 50, start: int = 1, tries: int = 60) -> Match | None:
    """A whole seeded match (vs the computer, classic rules to ``target``) that ``winner`` wins."""
    for seed in range(start, start + tries):
        match = Match(MatchSetup("bot", preset("classic", target), seed, level="easy"), app.bots)
        for _ in range(40):
            play_to_end_of_hand(match, knocker_wanted=winner)
            if match.state.phase is Phase.MATCH_OVER:
                break
            match.apply(NextHand(), None)
        if match.state.phase is Phase.MATCH_OVER and match.state.winner == winner:
            return match
    return None


def run_until(app: App, cond: Callable[[], bool], limit: int = 900, dt: float = 1 / 60) -> bool:
    """Run frames until ``cond()`` holds (False if it never did)."""
    for _ in range(limit):
        if cond():
            return True
        app.frame(dt, present=False)
    return cond()


def _later_than(scene: ResultScene, seconds: float) -> bool:
    return scene.clock > seconds


def _frames(app: App, n: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, present=False)


def _wait_human(app: App, limit: int = 600) -> None:
    """Run frames until the player may act (the bot answers on its thread)."""
    import time

    for _ in range(limit):
        top = app.top
        if isinstance(top, PlayScene) and top.human_turn():
            return
        app.frame(1 / 60, present=False)
        time.sleep(0.002)


def render_all(out_dir: str | Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = App(size=size, settings=Settings(animation="instant"))

    def shot(name: str) -> None:
        app.prerender_cards()
        cardart.wait(30)
        app.draw()
        path = out / f"{name}.png"
        app.save_screenshot(path, announce=False)
        saved.append(path)

    app.toast_text = ""
    # menu
    app.nav.to_menu()
    _frames(app)
    shot("01_menu")
    # deal, caught mid-flight
    app.table.speed = 1.0
    app.nav.seed = 40
    app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="medium"))
    app.toast_text = ""
    _frames(app, 60)
    shot("02_deal")
    on_top(app, DealScene).finish()
    app.table.speed = 0.0
    # play with ten cards, then eleven with the throw preview
    _wait_human(app)
    play = on_top(app, PlayScene)
    if play.state.phase is Phase.DRAW:
        _frames(app)
        shot("03_play_10_cards")
        play.human_action(DrawStock())
    _frames(app)
    hand = play.my_hand()
    if hand:
        play.model.hover = hand[len(hand) // 2]
        play.refresh_targets(snap=True)
    _frames(app)
    shot("04_play_11_cards")
    # pause overlay
    app.nav.pause()
    _frames(app)
    shot("07_pause")
    on_top(app, PauseScene).rules()
    _frames(app)
    shot("08_rules")
    # the classic upcard offer
    app.nav.start_match(MatchSetup("bot", preset("classic", 100), 7, level="hard"))
    on_top(app, DealScene).finish()
    _wait_human(app)
    _frames(app)
    shot("05_upcard_offer")
    # hot-seat curtain
    app.nav.start_match(MatchSetup("hotseat", preset("van"), 5, names=("Ava", "Ben")))
    on_top(app, DealScene).finish()
    _frames(app, 4)
    shot("06_hotseat_curtain")
    if isinstance(app.top, CurtainScene):
        app.top.reveal()
    _frames(app, 4)
    shot("06b_hotseat_after_curtain")
    # results
    for kind, name, layoffs in (("knock", "09_result_knock", True), ("undercut", "10_result_undercut", False),
                                ("gin", "11_result_gin", False)):
        match = find_result(app, kind, need_layoffs=layoffs)
        if match is None:
            continue
        app.nav.match = match
        app.nav.begin_play(match)
        app.nav.show_result(match, getattr(app.top, "viewer", 0))
        _frames(app, 4)
        shot(name)
    # a dead hand in hot-seat: no cards shown
    for seed in range(1, 200):
        match = Match(MatchSetup("hotseat", preset("van"), seed, names=("Ava", "Ben")), app.bots)
        play_to_end_of_hand(match, knocker_wanted=2)  # nobody knocks
        if match.state.last_result is not None and match.state.last_result.kind == "dead":
            app.nav.match = match
            app.nav.begin_play(match)
            app.nav.show_result(match, getattr(app.top, "viewer", 0))
            _frames(app, 4)
            shot("11b_result_dead_hotseat")
            break
    # match over: a whole match played forward
    match = Match(MatchSetup("bot", preset("classic", 50), 3, level="easy"), app.bots)
    for _ in range(40):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER:
            break
        match.apply(NextHand(), None)
    app.nav.show_match_over(match)
    _frames(app)
    shot("12_match_over")
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
    app.nav.fair = None
        # other window sizes
    for w, h in ((960, 600), (1920, 1080)):
        app.on_resize((w, h))
        app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="medium"))
        on_top(app, DealScene).finish()
        _wait_human(app)
        play = on_top(app, PlayScene)
        if play.state.phase is Phase.DRAW:
            play.human_action(DrawStock())
        _frames(app)
        shot(f"13_play_{w}x{h}")
    app.close()
    return saved + render_showdown(out, size) + render_history(out)


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
            match = find_hand(app, kind, knocker=0)
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


def render_settings(out_dir: str | Path, sizes=((1280, 720), (960, 600))) -> list[Path]:
    """Pictures of both settings pages and of the menu offering Continue with a notice (``--screenshots``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    for w, h in sizes:
        app = App(size=(w, h), settings=Settings(animation="instant"))
        try:
            app.nav.to_menu()
            menu = on_top(app, MenuScene)
            menu.can_continue = True
            menu.notices = [tr("notice.match_reset", file="match.damaged-20260101-120000.json")]
            menu.rebuild_ui()
            for _ in range(3):
                app.frame(1 / 60, present=False)
            app.prerender_cards()
            cardart.wait(30)
            app.frame(1 / 60, present=False)
            app.draw()
            saved.append(app.save_screenshot(out / f"30_menu_continue_{w}x{h}.png", announce=False))
            for page in PAGES:
                app.nav.show_settings()
                on_top(app, SettingsScene).show_page(page)
                for _ in range(3):
                    app.frame(1 / 60, present=False)
                app.draw()
                saved.append(app.save_screenshot(out / f"31_settings_{page}_{w}x{h}.png", announce=False))
                app.pop()
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
    from .storage import SilentStore

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
