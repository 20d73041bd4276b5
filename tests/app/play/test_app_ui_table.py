"""At the table: classic rules call eleven melded cards a gin, nothing typed or clicked during the deal is
lost, the hint weighs what it hands the opponent and chooses its card, and the first-match tips come in
play order beside what they explain."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver, start_vs_bot

import game.bots as bots
from game.app.lang import i18n, text
from game.app.matches.match import Match
from game.app.matches.meta import MatchMeta
from game.app.play.eventlog import describe
from game.app.play.wording import hint_phrase
from game.app.scenes.guide import STEPS, GuideScene
from game.engine import CLASSIC, VAN, BigGin, Discard, Knock, Knocked, MatchState, Phase, parse_cards

pytestmark = pytest.mark.usefixtures("close_apps")

DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def position(rules, mine: str, theirs: str, pile: str, picks: str = "") -> MatchState:
    """Seat 0 to throw, holding ``mine`` (eleven cards); everything else in the stock."""
    used = (mine + " " + theirs + " " + pile).split()
    stock = [c for c in DECK if c not in used]
    return MatchState.from_position(rules, [mine, theirs], " ".join(stock), pile, dealer=1, phase=Phase.DISCARD,
                                    to_act=0, picks=["", picks], turns=6)


def table_for(d: Driver, state: MatchState, level: str = "hard"):
    match = Match.resumed(state, MatchMeta("bot", bot_level=level, bot_seat=1), bots)
    d.app.nav.match = match
    d.app.nav.begin_play(match)
    d.frame(2)
    return d.top


ELEVEN = "AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S"
OTHER = "KC QC JD 2C 4D 6C 8D TH TD KH"


@pytest.mark.parametrize("rules, label, log_key", [(CLASSIC, "button.gin", "log.gin.you"),
                                                    (VAN, "button.big_gin", "log.big_gin.you")])
def test_eleven_melded_cards_are_a_gin_under_classic_rules(monkeypatch, rules, label, log_key):
    d = Driver(monkeypatch, ask_before_knock=True)
    play = table_for(d, position(rules, ELEVEN, OTHER, "KD"))
    assert play.model.knock_choice()[0] == BigGin()
    assert play.controls.buttons["knock"].text == i18n.widget_text(i18n.tr(label))
    d.key(pygame.K_k)
    assert d.top.name == "confirm"
    expected = "confirm.gin_eleven" if rules is CLASSIC else "confirm.big_gin"
    assert d.top.question == i18n.tr(expected) and d.top.yes_key == label
    d.press("#confirm_yes")
    assert play.model.log_lines[-1] == i18n.tr(log_key)


def test_the_words_for_an_ending_follow_the_rules():
    from game.app.play.wording import ending_kind, knock_label, knock_question

    assert ending_kind("big_gin", CLASSIC) == "gin" and ending_kind("big_gin", VAN) == "big_gin"
    assert ending_kind("knock", CLASSIC) == "knock"
    assert knock_label("button.big_gin", CLASSIC) == "button.gin"
    assert knock_question("button.big_gin", None, VAN)[1] == "button.big_gin"

    def say(key, seat, **params):
        return key

    assert describe(Knocked(player=1, card=None, kind="big_gin"), say, CLASSIC) == "log.gin"
    assert describe(Knocked(player=1, card=None, kind="big_gin"), say, VAN) == "log.big_gin"


def test_a_click_on_menu_during_the_deal_opens_the_pause(monkeypatch):
    d = Driver(monkeypatch, animation="slow")
    d.press("#opponent_easy")
    d.press("#start")
    assert d.top.name == "deal"
    d.frame(20)
    lay = d.app.layout
    spot = (lay.w - lay.margin - round(lay.col_w * 0.35), lay.px(8) + lay.button_h // 2)  # the table's Menu
    d.click(spot)
    assert d.top.name == "pause"
    d.press("#resume")
    d.wait(lambda: d.top.name == "play")


def test_a_key_that_cuts_the_deal_short_does_its_work_at_the_table(monkeypatch):
    d = Driver(monkeypatch, animation="slow")
    d.press("#opponent_easy")
    d.press("#start")
    assert d.top.name == "deal"
    d.frame(10)
    d.key(pygame.K_o)  # sort: by rank
    assert d.top.name == "play" and d.top.sort_mode[0] == "rank"


def test_the_hint_weighs_the_opponents_pickups_says_so_and_chooses_its_card(monkeypatch):
    d = Driver(monkeypatch)
    mine = "AS 2S 3S 4H 5H 6H 7C 8C 2D 9D TS"
    play = table_for(d, position(VAN, mine, "KC QC JC 9H 9S 4C 4D 5C TH TD", "3C KH", picks="TH TD"))
    assert play.human_turn() and play.model.selected is None
    d.key(pygame.K_h)
    d.wait(lambda: play.model.hint_future is None and play.model.hint_action is not None)
    action = play.model.hint_action
    assert isinstance(action, Discard) and action.card != parse_cards("TS")[0]  # the ten would feed their set
    assert play.model.selected == action.card  # chosen: Enter throws it
    assert "10\u2660" in play.model.hint_text  # the reason names the card it keeps from the opponent
    d.key(pygame.K_RETURN)
    assert action.card not in d.state.hands[0]  # thrown (the computer may already have picked it up)
    assert action.card in d.state.discard or action.card in d.state.hands[1]


def test_a_throw_hint_says_what_it_hands_the_opponent():
    obs = type("Obs", (), {"opponent_picks": tuple(parse_cards("TH TD")), "rules": VAN})()
    hint = bots.Hint(Discard(parse_cards("TS")[0]), "hint.discard_deadwood", {"card": "TS", "deadwood": 26})
    assert i18n.tr("hint.opponent_may_want", picks="10\u2665, 10\u2666") in hint_phrase(hint, obs)
    hint = bots.Hint(Discard(parse_cards("4C")[0]), "hint.discard_deadwood", {"card": "4C", "deadwood": 26})
    assert i18n.tr("hint.opponent_not_collecting", picks="10\u2665, 10\u2666") in hint_phrase(hint, obs)
    knock = bots.Hint(Knock(parse_cards("4C")[0]), "hint.knock", {"card": "4C", "deadwood": 4})
    assert hint_phrase(knock, obs) == i18n.tr("hint.prefix", text=i18n.tr("bot.hint.knock", card="4\u2663",
                                                                            deadwood=4))


def test_the_tips_come_in_play_order():
    assert STEPS[0] == "piles" and STEPS.index("counter") < STEPS.index("knock")


@pytest.mark.parametrize("language", ["en", "fa", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_tips_never_cover_what_they_explain(monkeypatch, language, size):
    d = Driver(monkeypatch, size=size, language=language)
    d.app.first_match_guide = True
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.name == "guide")
    guide = d.top
    assert isinstance(guide, GuideScene)
    screen = d.app.screen.get_rect()
    lay = d.app.layout
    table = d.app.table
    hand = [lay.card_rect(table.sprites[c].x, table.sprites[c].y) for c in guide.play.my_hand()]
    piles = [lay.card_rect(x, lay.pile_y) for x in (lay.stock_x, lay.discard_x)]
    for _ in STEPS:
        r = guide.panel_rect()
        assert screen.contains(r)
        assert not r.colliderect(guide.target()), guide.step
        knock = guide.play.controls.buttons["knock"].get_abs_rect()
        assert not r.colliderect(knock), guide.step
        # the tips speak of the cards in hand and the piles: those stay in sight
        assert not any(r.colliderect(c) for c in hand + piles), guide.step
        for w in guide.widgets:
            assert r.contains(w.get_abs_rect())
        guide.next()
        d.frame()


def test_a_persian_tip_starts_at_the_right_edge(monkeypatch):
    d = Driver(monkeypatch, language="fa")
    d.app.first_match_guide = True
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.name == "guide")
    rects = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda s, line, *a, **k: rects.append((line, real(s, line, *a, **k))))
    d.frame()
    r = d.top.panel_rect()
    body = [rect for line, rect in rects if r.colliderect(rect) and rect.top > r.top + d.app.layout.px(30)]
    assert body and all(abs(rect.right - (r.right - d.app.layout.px(16))) <= 1 for rect in body)
