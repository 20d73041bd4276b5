"""During a match, without leaving the table: the move log of both seats, the score sheet and the discard
pile, each by key and by mouse; the turn clock waits while any of them (or the rules, or a hint) is read,
and runs longer for a new player; none of the views shows a card a seat may not see."""
from types import SimpleNamespace

import pygame
import pytest
from helpers.apps import Driver, start_vs_bot
from helpers.secrets import _secret_of

from game.app.play.driver import GENTLE, NEW_PLAYER_MATCHES, TurnClock, clock_scale
from game.app.scenes.matchviews import DiscardPileView, MatchView, MoveLogView, ScoreSheetView
from game.engine import Card, Discard, DrawStock, Phase, best_discard

pytestmark = pytest.mark.usefixtures("close_apps")

VIEWS = {"log": MoveLogView, "scores": ScoreSheetView, "discards": DiscardPileView}
KEYS = {"log": pygame.K_l, "scores": pygame.K_TAB, "discards": pygame.K_v}


def _my_turn(d: Driver) -> None:
    d.wait(lambda: d.top.name == "play" and d.top.human_turn() and d.top.clock.key is not None)
    d.frame()


def _play_turns(d: Driver, n: int) -> None:
    """``n`` turns of the player through the scene (the bot answers in between)."""
    for _ in range(n):
        d.wait(lambda: d.top.name != "play" or d.top.human_turn() or d.state.phase not in (Phase.DRAW,
                                                                                           Phase.DISCARD,
                                                                                           Phase.UPCARD_OFFER))
        if d.top.name != "play" or not d.top.human_turn():
            return
        play = d.top
        if d.state.phase is Phase.UPCARD_OFFER:
            d.key(pygame.K_p)
            continue
        if d.state.phase is Phase.DRAW:
            play.human_action(DrawStock())
        seat = d.state.to_act
        card = best_discard(d.state.hands[seat], forbidden=d.state.forbidden_discard()).card
        play.human_action(Discard(card))


def test_each_view_opens_by_its_key_switches_to_the_others_and_closes(monkeypatch):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    for kind, key in KEYS.items():
        d.key(key)
        assert isinstance(d.top, VIEWS[kind]) and d.top.model is play.model
        d.key(pygame.K_ESCAPE)
        assert d.top is play
    d.key(pygame.K_l)
    d.key(pygame.K_TAB)  # from one view straight to another, the table still underneath
    assert isinstance(d.top, ScoreSheetView) and d.app.stack[-2] is play
    d.key(pygame.K_v)
    assert isinstance(d.top, DiscardPileView) and len(d.app.stack) == 2
    d.key(pygame.K_v)  # its own key closes it
    assert d.top is play


def test_each_view_opens_by_mouse_and_its_tabs_and_close_button_work(monkeypatch):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    for kind, view in VIEWS.items():
        d.press("#view_" + kind)
        assert isinstance(d.top, view)
        d.press("#close_view")
        assert d.top is play
    d.press("#view_log")
    d.press("#view_tab_discards")
    assert isinstance(d.top, DiscardPileView)
    d.press("#view_tab_scores")
    assert isinstance(d.top, ScoreSheetView) and len(d.app.stack) == 2


@pytest.mark.parametrize("kind", list(VIEWS))
def test_the_clock_waits_while_a_view_is_open(monkeypatch, kind):
    d = Driver(monkeypatch, seed=3)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    assert d.state.rules.turn_timer == 40
    left = play.clock.left
    d.key(KEYS[kind])
    assert isinstance(d.top, MatchView)
    for _ in range(60 * 3):  # a minute of reading, longer than the whole turn
        d.app.frame(1 / 3, present=False)
    assert play.clock.left == left and play.human_turn()
    d.key(pygame.K_ESCAPE)
    d.frame(30)
    assert play.clock.left < left  # it runs again once the table is back


def test_the_clock_waits_while_the_rules_are_open(monkeypatch):
    d = Driver(monkeypatch, seed=3)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    left = play.clock.left
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_r)
    assert d.top.name == "rules"
    for _ in range(180):
        d.app.frame(1 / 3, present=False)
    assert play.clock.left == left


def test_the_clock_waits_while_a_hint_is_worked_out_and_shown(monkeypatch):
    d = Driver(monkeypatch, seed=3)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    d.key(pygame.K_h)
    d.wait(lambda: play.model.hint_future is None and play.model.hint_text)
    left = play.clock.left
    for _ in range(180):
        d.app.frame(1 / 3, present=False)
    assert play.clock.left == left and play.clock.held
    play.model.clear_hint()  # the hint gone (as after the next move), the clock runs again
    d.frame(30)
    assert play.clock.left < left and not play.clock.held


def test_the_clock_says_a_hint_stopped_it_for_the_turn(monkeypatch):
    from game.app.lang import i18n, text

    d = Driver(monkeypatch, seed=3)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda surface, s, *a, **k: drawn.append(s) or real(surface, s, *a, **k))
    d.frame()
    assert i18n.tr("hint.clock_held") not in drawn  # a running clock needs no word
    d.key(pygame.K_h)
    d.wait(lambda: play.model.hint_future is None and play.model.hint_text)
    drawn.clear()
    d.frame()
    assert play.clock.held and i18n.tr("hint.clock_held") in drawn


@pytest.mark.parametrize("kind", list(VIEWS))
def test_the_clock_waits_while_a_view_opened_by_mouse_is_open(monkeypatch, kind):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    _my_turn(d)
    play = d.top
    d.press("#view_" + kind)
    assert isinstance(d.top, MatchView)
    left = play.clock.left  # (the click's own frames ran on the table)
    for _ in range(60):
        d.app.frame(1 / 3, present=True)
    d.press("#view_tab_" + ("log" if kind != "log" else "scores"))  # from one view to another
    for _ in range(60):
        d.app.frame(1 / 3, present=True)
    assert play.clock.left == left and play.human_turn()


class _Stats:
    def __init__(self, finished: int, abandoned: int = 0) -> None:
        self.rows = [SimpleNamespace(abandoned=False)] * finished + [SimpleNamespace(abandoned=True)] * abandoned

    def recent_matches(self, limit: int = 10):
        return self.rows[:limit]


class _Broken:
    def recent_matches(self, limit: int = 10):
        raise OSError("the disk is gone")


def _host(stats, greets: bool = True):
    return SimpleNamespace(first_match_guide=greets, services=SimpleNamespace(stats=stats))


def test_a_new_player_gets_a_gentler_clock():
    assert clock_scale(_host(_Stats(0))) == GENTLE
    assert clock_scale(_host(_Stats(NEW_PLAYER_MATCHES - 1, abandoned=5))) == GENTLE  # left matches do not count
    assert clock_scale(_host(_Stats(NEW_PLAYER_MATCHES))) == 1.0
    assert clock_scale(_host(_Stats(0), greets=False)) == 1.0  # tests and pictures keep the rules' seconds
    assert clock_scale(_host(_Broken())) == 1.0


def test_the_gentler_clock_is_what_a_new_players_turn_starts_with(monkeypatch):
    d = Driver(monkeypatch, seed=3, guide_shown=True)
    d.app.first_match_guide = True
    monkeypatch.setattr(d.app.services.stats, "recent_matches", _Stats(0).recent_matches)
    start_vs_bot(d, "easy")
    _my_turn(d)
    assert d.top.clock.scale == GENTLE
    assert d.top.clock.left > 40 * GENTLE - 1  # 60 s of Van's 40
    clock = TurnClock(GENTLE)
    assert clock.full(d.top.model) == 60.0


def test_the_log_holds_both_seats_moves_and_the_table_shows_its_last_three(monkeypatch):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    _play_turns(d, 4)
    _my_turn(d)
    lines = d.top.model.log_lines
    mine = [line for line in lines if line.startswith("You ")]
    theirs = [line for line in lines if line.startswith(d.app.nav.match.name(1))]
    assert any("threw" in line for line in mine) and any("threw" in line for line in theirs)
    assert any("drew from the stock" in line for line in mine)
    assert len(lines) > 3
    d.key(pygame.K_l)
    view = d.top
    assert isinstance(view, MoveLogView) and view.lines() == lines
    shown, above, below = view.shown()
    assert shown[-1] == lines[-1] and below == 0


def test_the_log_scrolls_by_keys_and_wheel(monkeypatch):
    d = Driver(monkeypatch, seed=11, size=(800, 600))
    start_vs_bot(d, "easy")
    _my_turn(d)
    d.top.model.log_lines.extend(f"line {i}" for i in range(60))
    d.key(pygame.K_l)
    view = d.top
    assert view.shown()[0][-1] == "line 59"
    d.key(pygame.K_UP)
    assert view.scroll == 1 and view.shown()[0][-1] == "line 58"
    d.key(pygame.K_HOME)
    assert view.shown()[1] == 0  # the first line shown
    d.key(pygame.K_END)
    assert view.scroll == 0
    d.post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    d.frame()
    assert view.scroll == 6


def test_the_score_sheet_is_the_match_so_far(monkeypatch):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    _my_turn(d)
    d.key(pygame.K_TAB)
    assert isinstance(d.top, ScoreSheetView)
    assert d.top.title().startswith("The match so far: hand 1")
    d.app.draw()  # the sheet draws with no hand finished yet


def _check_views(d: Driver, seats) -> int:
    """Every card the log and the pile view show is public to each of ``seats``; returns the lines read."""
    play = d.top
    st = d.state
    secrets = [_secret_of(st, seat) for seat in seats]
    log = MoveLogView(d.app, play.model)
    pile = DiscardPileView(d.app, play.model)
    for secret in secrets:
        hidden = [c for c in range(52) if secret >> c & 1]
        for line in log.lines():
            for c in hidden:
                assert Card(c).symbol not in line, (line, Card(c))
        shown = set(pile.cards()) | {c for _, cs in pile.taken() for c in cs}
        assert not {int(c) for c in shown} & set(hidden)
    return len(log.lines())


def test_no_view_shows_a_card_the_player_may_not_see(monkeypatch):
    d = Driver(monkeypatch, seed=21)
    start_vs_bot(d, "hard")
    read = 0
    for _ in range(6):
        _play_turns(d, 1)
        if d.top.name != "play" or not d.top.model.in_play():
            break
        read = _check_views(d, (0,))
    assert read >= 4


def test_no_view_shows_either_hot_seat_hand(monkeypatch):
    d = Driver(monkeypatch, seed=5)
    d.press("#opponent_hotseat")
    d.press("#start")
    read = 0
    for _ in range(10):
        d.wait(lambda: d.top.name in ("curtain", "play", "deal", "result"))
        if d.top.name == "deal":
            d.key(pygame.K_SPACE)
        if d.top.name == "curtain":
            d.top.reveal()
            d.frame()
        if d.top.name != "play" or not d.top.model.in_play():
            break
        read = _check_views(d, (0, 1))
        _play_turns(d, 1)
        d.frame(60)
    assert read >= 4
