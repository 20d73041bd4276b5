"""``--screenshots DIR``: drive the real scenes into each situation and save what the screen shows.

The situations are the tour's (``tour.py``), at every size and in every language, and beside them
pictures of single features staged here: the deal a player can check, the showdown stage by stage,
the history with the replay and the coach.  Everything comes from seeds, so the pictures are the same
on every run.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from game.app.config.settings import Settings
from game.app.config.vocab import Language
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.fairshots import render_fair_deal
from game.app.pictures.shooting import (
    LANGUAGES,
    SIZES,
    StagedClock,
    painted,
    picture_app,
    run_until,
    save_picture,
)
from game.app.pictures.staging import (
    big_gin_hand,
    find_hand,
    find_match,
    play_to_end_of_hand,
)
from game.app.pictures.tour import frames, on_top, tour
from game.app.program.app import App
from game.app.scenes.matchover import MatchOverScene
from game.app.scenes.result import ResultScene
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage import SilentStore
from game.engine import NextHand, Phase, preset

# ------------------------------------------------------------------ saving pictures

LEGACY = {  # the names the pictures had before the tour (docs and tests refer to them)
    "menu": "01_menu", "deal": "02_deal", "play_draw": "03_play_10_cards", "play_discard": "04_play_11_cards",
    "play_upcard": "05_upcard_offer", "curtain": "06_hotseat_curtain", "play_hotseat": "06b_hotseat_after_curtain",
    "pause": "07_pause", "pause_rules": "08_rules", "result_knock": "09_result_knock",
    "result_undercut": "10_result_undercut", "result_gin": "11_result_gin", "result_dead": "11b_result_dead_hotseat",
    "match_over": "12_match_over",
}


def render_tour(out_dir: str | Path, size: tuple[int, int] = (1280, 720), language: Language = "en",
                names: dict[str, str] | None = None) -> list[Path]:
    """Every situation of the tour at one size and in one language, as ``<name>.png`` in ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = picture_app(size, language)
    try:
        for name in tour(app):
            saved.append(save_picture(app, out / f"{(names or {}).get(name, name)}.png"))
    finally:
        app.close()
    return saved


def render_all(out_dir: str | Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """The whole tour in English at ``size`` (the first pictures keep their numbered names), the fair deal,
    the staged showdown and celebrations, and the history with the coach."""
    out = Path(out_dir)
    return (render_tour(out, size, "en", LEGACY) + render_fair_deal(out, size) + render_showdown(out, size)
            + render_history(out))


def render_settings(out_dir: str | Path, sizes: Iterable[tuple[int, int]] = SIZES,
                    languages: tuple[Language, ...] = LANGUAGES) -> list[Path]:
    """The tour in every language at every size, each in a folder ``<language>-<W>x<H>`` (``--screenshots``)."""
    saved: list[Path] = []
    for language in languages:
        for w, h in sizes:
            saved += render_tour(Path(out_dir) / f"{language}-{w}x{h}", (w, h), language)
    return saved


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
    app.scenes.clear_toast()
    shot = partial(_shot, app, out, suffix, saved)
    try:
        _hand_endings(app, shot)
        _match_endings(app, shot)
    finally:
        app.close()
    return saved


def _shot(app: App, out: Path, suffix: str, saved: list[Path], name: str) -> None:
    painted(app)
    saved.append(app.save_screenshot(out / f"{name}{suffix}.png", announce=False))


def _result_of(app: App, match: Match) -> ResultScene:
    """The result of ``match``'s last hand, from its first moment at the normal speed."""
    app.nav.match = match
    app.pace = 0.0
    app.nav.begin_play(match)
    app.pace = 1.0
    app.nav.show_result(match, getattr(app.top, "viewer", 0))
    return on_top(app, ResultScene)


def _hand_endings(app: App, shot: Callable[[str], None]) -> None:
    # the computer knocks and the player lays off
    match = find_hand(app, "knock", knocker=1, layoffs=True) or find_hand(app, "knock", None, layoffs=True)
    if match is not None:
        scene = _result_of(app, match)
        first = scene.result.layoffs[0][0]
        run_until(app, lambda: scene.showdown.laid >= 1 and 0.35 < app.table.sprites[first].move_t < 0.8)
        shot("14_showdown_layoffs")
        run_until(app, lambda: scene.finished)
        frames(app, 30)
        shot("15_showdown_end")
    for kind, name in (("gin", "16_gin_flourish"), ("big_gin", "16b_big_gin_flourish")):
        match = find_hand(app, kind, knocker=0) if kind == "gin" else big_gin_hand(app)
        if match is None:
            continue
        gin = _result_of(app, match)
        run_until(app, partial(_later_than, gin, 0.5))
        shot(name)
    match = find_hand(app, "dead", knocker=None)
    if match is not None:
        dead = _result_of(app, match)
        run_until(app, lambda: dead.clock > 0.9)
        shot("17_dead_hand")


def _match_endings(app: App, shot: Callable[[str], None]) -> None:
    won = find_match(app, winner=0)
    if won is not None:
        app.nav.show_match_over(won)
        over = on_top(app, MatchOverScene)
        run_until(app, lambda: bool(over.effects.items) and over.effects.items[0].age > 1.6)
        shot("18_match_won")
        run_until(app, lambda: over.sheet >= 1.0, limit=600)
        frames(app, 30)
        shot("19_match_over")
    lost = find_match(app, winner=1)
    if lost is not None:
        app.nav.show_match_over(lost)
        over_lost = on_top(app, MatchOverScene)
        run_until(app, lambda: over_lost.sheet >= 1.0)
        frames(app, 3)
        shot("20_match_lost")


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

    from game.app.scenes.history import HistoryScene
    from game.app.scenes.replay import ReplayScene
    from game.bots.coach import review

    saved: list[Path] = []

    def shot(name: str) -> None:
        frames(app)
        painted(app)
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
        frames(app, 1)
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

    from game.app.records.stats import Stats

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="gin-rummy-pictures-") as folder:
        for lang in languages:
            for w, h in sizes:
                stats = Stats(Path(folder) / f"{lang}-{w}.sqlite3", background=False)
                services = Services(store=SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog(),
                                    clock=StagedClock())
                app = App(size=(w, h), settings=Settings(language=lang, animation="instant"), services=services)
                try:
                    saved += _history_pictures(app, out, f"{lang}_{w}x{h}")
                finally:
                    app.close()
    return saved


__all__ = ["LANGUAGES", "SIZES", "picture_app", "render_all", "render_fair_deal", "render_history",
           "render_settings", "render_showdown", "render_tour", "run_until"]
