"""The first lesson: played through with clicks from How to play, each step's words and its refusals of the
wrong move, the end; skipped at every step; offered once at a new player's first start; kept nowhere."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver

from game.app.lang import i18n
from game.app.lang.i18n import equation, tr
from game.app.matches.lesson import STEPS, lesson_state
from game.app.program.flow_lesson import offer_lesson
from game.app.scenes.lesson import LessonScene
from game.engine import Card, Discard, DrawDiscard, DrawStock, Knock, Phase

pytestmark = pytest.mark.usefixtures("close_apps")

KEYS = [s.key for s in STEPS]


def _lesson(d: Driver) -> LessonScene:
    top = d.top
    assert isinstance(top, LessonScene)
    return top


def _pile(d: Driver, stock: bool = False) -> tuple[int, int]:
    lay = d.app.layout
    return (round(lay.stock_x if stock else lay.discard_x), round(lay.pile_y))


def _at(d: Driver, key: str) -> LessonScene:
    d.wait(lambda: isinstance(d.top, LessonScene) and d.top.current.key == key)
    return _lesson(d)


def _refused(d: Driver, do_key: str, before: tuple) -> None:
    """The last click was the wrong move: a gentle word names the right one, and nothing moved."""
    assert d.app.scenes.toast_text == tr("lesson.wrong", do=tr(do_key, card="K♣"))
    st = d.state
    assert (list(st.hands[0]), list(st.discard), st.phase) == before


def _snapshot(d: Driver) -> tuple:
    st = d.state
    return (list(st.hands[0]), list(st.discard), st.phase)


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_the_lesson_played_through_with_clicks(monkeypatch, language):
    d = Driver(monkeypatch, language=language)
    d.press("#rules")
    d.press("#lesson_open")
    lesson = _at(d, "welcome")
    assert d.app.settings.lesson_done
    assert lesson.words() == tr("lesson.welcome")
    assert d.state.rules.turn_timer == 0  # the clock is off
    before = _snapshot(d)
    d.click(_pile(d, stock=True))  # a move while the tip is being read is refused
    assert d.app.scenes.toast_text == tr("lesson.read") and _snapshot(d) == before
    d.press("#lesson_next")

    lesson = _at(d, "draw")
    assert "3♠" in lesson.words() or "3♠" in i18n.numbers(lesson.words())
    before = _snapshot(d)
    d.click(_pile(d, stock=True))
    assert d.app.scenes.toast_text == tr("lesson.wrong", do=tr("lesson.do.draw"))
    assert _snapshot(d) == before
    d.click(_pile(d))
    assert Card.parse("3S") in d.state.hands[0]

    lesson = _at(d, "throw")
    assert lesson.current.expect == Discard(Card.parse("KC"))
    nine = Card.parse("9H")
    before = _snapshot(d)
    d.drag(d.card_center(nine), _pile(d))  # the wrong card
    assert d.app.scenes.toast_text == tr("lesson.wrong", do=tr("lesson.do.throw", card="K♣"))
    assert _snapshot(d) == before
    d.drag(d.card_center(Card.parse("KC")), _pile(d))
    assert Card.parse("KC") in d.state.discard

    lesson = _at(d, "melds")  # the computer's step passes by itself once it has drawn and thrown
    assert d.state.discard[-1] == Card.parse("5H")
    assert lesson.words() == tr("lesson.melds", deadwood=14)
    d.key(pygame.K_RETURN)

    lesson = _at(d, "stock")
    d.click(_pile(d))
    assert _snapshot(d)[2] is Phase.DRAW and d.app.scenes.toast_text == tr("lesson.wrong", do=tr("lesson.do.stock"))
    d.click(_pile(d, stock=True))
    assert Card.parse("AC") in d.state.hands[0]

    lesson = _at(d, "knock")
    assert lesson.words() == tr("lesson.knock", card="9♥", left=6, limit=10)
    d.drag(d.card_center(nine), _pile(d))  # a plain throw is not the knock
    assert d.app.scenes.toast_text == tr("lesson.wrong", do=tr("lesson.do.knock"))
    d.click(lesson.play.controls.buttons["knock"].rect.center)

    lesson = _at(d, "layoffs")
    res = d.state.last_result
    assert res is not None and res.kind == "undercut" and res.points == 28
    assert lesson.words() == tr("lesson.layoffs", cards="2♠ 7♠", before=12, after=3)
    d.press("#lesson_next")
    lesson = _at(d, "undercut")
    assert lesson.words() == tr("lesson.undercut", theirs=3, mine=6, sum=equation("3 + 25 = 28"))
    d.press("#lesson_next")
    lesson = _at(d, "gin")
    assert lesson.words() == tr("lesson.gin", bonus=25)
    d.press("#lesson_next")
    lesson = _at(d, "summary")
    assert lesson.words() == tr("lesson.summary")
    d.press("#lesson_finish")
    assert d.top.name == "menu"
    # practice: no match saved, nothing in the statistics or the history
    assert not d.app.services.store.has_match()
    assert d.app.services.stats.recent_matches(5) == []


@pytest.mark.parametrize("at", KEYS)
def test_the_lesson_can_be_skipped_at_every_step(monkeypatch, at):
    d = Driver(monkeypatch)
    d.app.nav.show_lesson()
    if at == "computer":
        d.app.pace = 1.0  # the computer takes its time, as in a real game, while the player reaches for Skip
    d.frame(2)
    lesson = _lesson(d)
    play = lesson.play
    state = play.match.state
    # play the script to the step, frame by frame (the gate lets each expected move through)
    for _ in range(3000):
        step = lesson.current
        if step.key == at:
            break
        if step.expect is not None and not lesson.moved:
            assert play.human_action(step.expect)
        elif step.expect is None and not step.computer:
            lesson.next()
            continue
        d.frame()
    assert lesson.current.key == at
    assert state is play.match.state
    d.press("#lesson_skip" if at != "summary" else "#lesson_finish")
    assert d.top.name == "menu"
    assert d.app.settings.lesson_done
    assert d.app.nav.match is None


def test_escape_skips_the_lesson(monkeypatch):
    d = Driver(monkeypatch)
    d.app.nav.show_lesson()
    d.frame(2)
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "menu"


def test_a_new_player_is_offered_the_lesson_once(monkeypatch):
    d = Driver(monkeypatch)
    d.app.first_match_guide = True
    offer_lesson(d.app)
    d.frame(2)
    assert d.top.name == "confirm" and d.top.question == tr("lesson.offer")
    d.press("#confirm_no")
    assert d.top.name == "menu" and d.app.settings.lesson_done
    offer_lesson(d.app)
    d.frame(2)
    assert d.top.name == "menu"  # not offered again; How to play keeps it
    d.app.apply_settings(d.app.settings.with_(lesson_done=False))
    offer_lesson(d.app)
    d.press("#confirm_yes")
    assert isinstance(d.top, LessonScene)


def test_the_lesson_is_offered_from_how_to_play_only_outside_a_match(monkeypatch):
    d = Driver(monkeypatch)
    d.press("#rules")
    assert any("#lesson_open" in w.object_ids for w in d.top.widgets)
    d.app.nav.show_lesson()
    d.frame(2)
    d.app.nav.pause()  # a rules page opened over a match in play leaves the lesson out
    from game.app.scenes.overlays import RulesScene

    d.app.push(RulesScene(d.app, None))
    d.frame()
    assert not any("#lesson_open" in w.object_ids for w in d.top.widgets)


def test_the_deal_shows_every_point():
    st = lesson_state()
    for step in STEPS:
        if step.expect is not None:
            assert step.expect in st.legal_actions(), step.key
            st.apply(step.expect, 0)
        if step.computer:
            st.apply(DrawStock(), 1)
            st.apply(Discard(Card.parse("5H")), 1)
    res = st.last_result
    assert res is not None and res.kind == "undercut" and len(res.layoffs) == 2
    assert isinstance(STEPS[1].expect, DrawDiscard) and isinstance(STEPS[6].expect, Knock)
