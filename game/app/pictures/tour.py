"""The tour: an app driven through the real scenes into every situation the game can show, one after the other,
each drawn and ready when its name is yielded.  Situations come from seeded matches played forward by a plain
policy through the engine, so the tour shows the same screens on every run.  The pictures (``pictures.py``) and
the text-fit audit (``tests/app/pictures/test_app_fit.py``) both walk it.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

from game.app.lang.i18n import tr
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.arrangeshots import arranging
from game.app.pictures.lessonshots import lesson_steps
from game.app.pictures.netshots import net_tour
from game.app.pictures.nightshots import night_tour
from game.app.pictures.rareshots import rare_tour
from game.app.pictures.staging import LONG_NAMES, find_result, play_hands, play_to_end_of_hand
from game.app.pictures.statshots import stats_tour
from game.app.program.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.cut import CutScene
from game.app.scenes.deal import DealScene
from game.app.scenes.guide import STEPS, GuideScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.overlays import CurtainScene, PauseScene, RulesScene
from game.app.scenes.play import PlayScene
from game.app.scenes.setting_options import PAGES
from game.app.scenes.settings import SettingsScene
from game.app.stage.scene import Scene
from game.engine import IN_PLAY, Card, Discard, DrawDiscard, DrawStock, MatchSeal, Phase, best_discard, preset

T = TypeVar("T", bound=Scene)


def on_top(app: App, kind: type[T]) -> T:
    """The scene on top, which must be a ``kind`` at this point of the tour."""
    top = app.top
    if not isinstance(top, kind):
        raise RuntimeError(f"expected the {kind.__name__} on top, found {type(top).__name__}")
    return top


def frames(app: App, n: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, present=False)


def wait_human(app: App, limit: int = 600) -> None:
    """Run frames until the player may act (the bot answers on its thread)."""
    for _ in range(limit):
        top = app.top
        if isinstance(top, PlayScene) and top.human_turn():
            top.model.clock = 0.0  # the glows start over: the same phase however long the computer took
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
    app.scenes.clear_toast()
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
    app.scenes.clear_toast()
    app.nav.seed = 40
    yield from _menus(app)
    yield from lesson_steps(app)
    play, hand = yield from _table(app)
    yield from _overlays(app, play, hand)
    yield from _other_tables(app)
    yield from _results(app)
    yield from rare_tour(app, wait_human)
    yield from _ends(app)
    yield from night_tour(app)
    yield from net_tour(app)


def settle(app: App) -> None:
    frames(app, 3)


def _menus(app: App) -> Iterator[str]:
    """The menu, its variants, the settings' pages, the statistics and the rules."""
    # the menu, then with a friend's names, then with rules of the player's own
    app.nav.to_menu()
    settle(app)
    yield "menu"
    menu = on_top(app, MenuScene)
    menu.names = list(LONG_NAMES)
    menu.choose("opponent", "hotseat")
    settle(app)
    yield "menu_hotseat"
    menu.choose("opponent", "medium")
    van = app.settings
    app.apply_settings(van.with_(rules=van.rules.with_(gin_bonus=20, turn_timer=60)))
    menu.rebuild_ui()
    settle(app)
    yield "menu_custom"
    app.apply_settings(van)
    menu.rebuild_ui()
    # settings, each page; statistics; the rules
    for page in PAGES:
        app.nav.show_settings()
        on_top(app, SettingsScene).show_page(page)
        settle(app)
        yield "settings_" + page
        app.pop()
    app.apply_settings(van.with_(rules=preset("classic", 100)))
    app.nav.show_settings()
    on_top(app, SettingsScene).show_page("rules")
    settle(app)
    yield "settings_rules_classic"
    app.pop()
    app.apply_settings(van)
    yield from stats_tour(app)
    app.push(RulesScene(app, preset("classic", 100)))
    settle(app)
    yield "rules"
    app.pop()


def _table(app: App) -> Generator[str, None, tuple[PlayScene, list[Card]]]:
    """The deal caught in flight, then the turns of a match against the computer."""
    app.pace = 1.0
    app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="hard"))
    app.scenes.clear_toast()
    frames(app, 40)
    yield "deal"
    on_top(app, DealScene).finish()
    app.pace = 0.0
    wait_human(app)
    play = on_top(app, PlayScene)
    for _ in range(2):  # a few turns, so the log has lines to show
        if play.state.phase is Phase.DRAW and play.human_turn():
            play.human_action(DrawStock())
        if play.state.phase is Phase.DISCARD and play.human_turn():
            _discard(play)
        wait_human(app)
    settle(app)
    yield "play_draw"
    play.controls.press_hint()
    _wait(app, lambda: play.model.hint_future is None)
    play.model.clock = 0.0  # as in wait_human: the glows' phase does not depend on the hint's thread
    settle(app)
    yield "play_hint"
    if play.state.phase is Phase.DRAW:
        play.human_action(DrawStock())
    hand = play.my_hand()
    if hand:
        play.model.hover = hand[len(hand) // 2]
        play.refresh_targets(snap=True)
    settle(app)
    yield "play_discard"
    return play, hand


def _overlays(app: App, play: PlayScene, hand: list[Card]) -> Iterator[str]:
    """The overlays over the table: the knock question, the guide, the pause and its rules."""
    app.push(ConfirmScene(app, tr("confirm.knock", card=hand[0].symbol if hand else ""), "button.knock",
                          lambda: None))
    settle(app)
    yield "confirm"
    app.pop()
    yield from arranging(app, settle)
    yield from _over_the_table(app, play)


def _over_the_table(app: App, play: PlayScene) -> Iterator[str]:
    """The first-match guide, the pause, the rules, leaving and a toast over the table."""
    for _step in STEPS:
        guide = app.top if isinstance(app.top, GuideScene) else None
        if guide is None:
            guide = GuideScene(app, play)
            app.push(guide)
        settle(app)
        yield f"guide_{guide.step + 1}"
        guide.next()
    while isinstance(app.top, GuideScene):
        app.pop()
    app.nav.pause()
    settle(app)
    yield "pause"
    on_top(app, PauseScene).rules()
    settle(app)
    yield "pause_rules"
    app.pop()
    on_top(app, PauseScene).leave()
    settle(app)
    yield "confirm_leave"
    while not isinstance(app.top, PlayScene):
        app.pop()
    app.toast(tr("why.not_your_turn"))
    settle(app)
    yield "play_toast"
    app.scenes.clear_toast()


def _other_tables(app: App) -> Iterator[str]:
    """The classic upcard offer, a practice match, the hot-seat curtain and table."""
    _play(app, MatchSetup("bot", preset("classic", 100), 7, level="hard"))
    wait_human(app)
    settle(app)
    yield "play_upcard"
    # practice: the Undo button beside the table's tools
    yield from _practice(app)
    # hot-seat: the curtain, then the table after it
    _play(app, MatchSetup("hotseat", preset("van"), 5, names=LONG_NAMES))
    frames(app, 4)
    if isinstance(app.top, CurtainScene):
        yield "curtain"
        app.top.reveal()
    frames(app, 4)
    yield "play_hotseat"
    yield from _match_views(app)


def _endless_hand(app: App) -> Match:
    """A first hand where both players always take the discard and never knock: it ends at the turn
    limit."""
    match = Match(MatchSetup("hotseat", preset("van"), 5, names=LONG_NAMES), app.bots)
    while match.state.phase in IN_PLAY:
        legal = match.state.legal_actions()
        pick = DrawDiscard() if DrawDiscard() in legal else next((a for a in legal if isinstance(a, Discard)),
                                                                  legal[0])
        match.apply(pick, match.state.to_act)
    return match


def _results(app: App) -> Iterator[str]:
    """Each kind of hand result."""
    for kind, layoffs in (("knock", True), ("undercut", False), ("gin", False), ("big_gin", False)):
        match = _found(app, kind, layoffs)
        if match is None:
            continue
        _show(app, match)
        frames(app, 4)
        yield "result_" + kind
    for seed in range(1, 200):
        match = Match(MatchSetup("hotseat", preset("van"), seed, names=LONG_NAMES), app.bots)
        play_to_end_of_hand(match, knocker_wanted=2)  # nobody knocks
        if match.state.last_result is not None and match.state.last_result.kind == "dead":
            _show(app, match)
            frames(app, 4)
            yield "result_dead"
            break
    _show(app, _endless_hand(app))
    frames(app, 4)
    yield "result_dead_turns"
    yield from _fair_result(app)


def _ends(app: App) -> Iterator[str]:
    """The match over, the error screen, the menu offering Continue."""
    # match over: a whole match played forward
    match = Match(MatchSetup("bot", preset("classic", 50), 3, level="easy"), app.bots)
    play_hands(match, 40)
    app.nav.match = match
    app.nav.show_match_over(match)
    settle(app)
    yield "match_over"
    # the error screen
    app.nav.show_error(app.services.store.folder / "gin-rummy" / "error.log")
    settle(app)
    yield "error"
    # the menu offering Continue of a saved match, with a notice
    _play(app, MatchSetup("bot", preset("van"), 41, level="hard"))
    app.nav.to_menu()
    menu = on_top(app, MenuScene)
    menu.notices = [tr("notice.match_reset", file="match.damaged-20260101-120000.json")]
    menu.rebuild_ui()
    settle(app)
    yield "menu_continue"


def _practice(app: App) -> Iterator[str]:
    app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="hard"), practice=True)
    app.scenes.clear_toast()
    if isinstance(app.top, DealScene):
        app.top.finish()
    wait_human(app)
    play = on_top(app, PlayScene)
    play.human_action(DrawStock())
    _discard(play)
    wait_human(app)
    frames(app, 3)
    yield "play_practice"


def _fixed_seal(root: bytes) -> Callable[[int], MatchSeal]:
    """A match's seal from a known root, the same picture each time."""
    return lambda first: MatchSeal(root, first_hand=first)


def _fair_result(app: App) -> Iterator[str]:
    """The cut and its details, then the result of a fairly dealt hand, cut by the game, the computer
    knocking and the player laying off (the panel's longest deal line)."""
    app.nav.fair = True
    try:
        for i in range(1, 120):
            app.nav.new_seal = _fixed_seal(bytes([i]) * 32)
            app.nav.start_match(MatchSetup("bot", preset("van"), i, level="medium"))
            cut = on_top(app, CutScene)
            cut.seed_text, cut.marker = "tour", 0.5  # made fresh and drawn at random: the same picture each time
            if i == 1:
                frames(app, 2)
                yield "cut"
                cut.toggle_details()
                frames(app, 2)
                yield "cut_details"
                cut.toggle_details()
            cut.do_cut(None)  # "Cut for me"
            if isinstance(app.top, DealScene):
                app.top.finish()
            match = app.nav.match
            assert match is not None
            play_to_end_of_hand(match, knocker_wanted=1)
            r = match.state.last_result
            if r is not None and r.kind == "knock" and r.knocker == 1 and r.layoffs:
                app.nav.show_result(match, 0)
                frames(app, 4)
                yield "result_fair_layoff"
                return
    finally:
        app.nav.fair = False
        app.scenes.clear_toast()


def _match_views(app: App) -> Iterator[str]:
    """The log, the score sheet and the discard pile over the table, two hands into a match."""
    match = Match(MatchSetup("bot", preset("van"), 41, level="hard"), app.bots)
    play_hands(match, 2)
    app.nav.match = match
    app.nav.begin_play(match)
    play = on_top(app, PlayScene)
    for _ in range(5):  # turns through the scene, so the log and the pile fill
        wait_human(app)
        if play.state.phase is Phase.UPCARD_OFFER or not play.human_turn():
            break
        if play.state.phase is Phase.DRAW:
            play.human_action(DrawStock())
        if play.state.phase is Phase.DISCARD and not _discard(play):
            break
    wait_human(app)
    for kind in ("log", "scores", "discards"):
        play.controls.open_view(kind)
        frames(app, 3)
        yield "view_" + kind
        app.pop()


def _discard(play: PlayScene) -> bool:
    hand = play.state.hands[play.bottom]
    card = best_discard(hand, forbidden=play.state.forbidden_discard()).card
    return play.human_action(Discard(card))
