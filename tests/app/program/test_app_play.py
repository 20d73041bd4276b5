"""The real app driven by synthetic mouse and key events: a whole hand against a bot, a whole hot-seat hand."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver, give, make_app, start_vs_bot

from game.app.matches.match import BOT_SEAT
from game.app.scenes.tablebase import SUIT_ORDER
from game.engine import Knock, Phase, best_discard

pytestmark = pytest.mark.usefixtures("close_apps")


def test_a_whole_hand_against_the_hard_bot_with_the_mouse(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "hard")
    st = d.state
    assert d.app.nav.match.vs_bot and st.hand_no == 0
    moves = 0
    while st.phase in (Phase.DRAW, Phase.DISCARD, Phase.UPCARD_OFFER):
        d.wait(lambda: d.top.name != "play" or d.top.human_turn() or st.phase not in (Phase.DRAW, Phase.DISCARD))
        if d.top.name != "play" or st.phase not in (Phase.DRAW, Phase.DISCARD):
            break
        assert st.to_act == 0 and not d.app.nav.match.is_bot(st.to_act)
        lay = d.app.layout
        if st.phase is Phase.DRAW:
            stock, discard = len(st.stock), len(st.discard)
            d.click((lay.stock_x, lay.pile_y))
            assert len(st.hands[0]) == 11 and len(st.stock) == stock - 1 and len(st.discard) == discard
            assert st.phase is Phase.DISCARD and st.to_act == 0
            # the counter previews the deadwood after throwing the pointed card
            pointed = d.top.my_hand()[0]
            d.post(pygame.MOUSEMOTION, pos=d.card_center(pointed), rel=(0, 0), buttons=(0, 0, 0))
            d.frame()
            assert d.top.model.hover == pointed
            assert pointed.symbol in d.top.hud.counter_text()[0]
        else:
            choice = best_discard(st.hands[0], forbidden=st.forbidden_discard())
            if Knock(choice.card) in st.legal_actions():
                d.click(d.card_center(choice.card))
                assert d.top.model.selected == choice.card
                label = d.widget("#knock").text
                assert label in ("Knock", "Gin!")
                d.press("#knock")
                assert st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
                assert st.last_result.knocker == 0
                break
            card = choice.card
            d.click(d.card_center(card))
            assert d.top.model.selected == card
            d.click((lay.discard_x, lay.pile_y))
            # the bot thinks in a worker thread and may already have answered: by taking the card, or by
            # drawing from the stock and throwing another card on top of it
            assert card not in st.hands[0] and len(st.hands[0]) == 10
            assert card in st.discard or card in st.picks[BOT_SEAT]
            moves += 1
        # the bot's hand is never drawn face up during play (except the cards it took from the pile)
        public = set(st.discard) | set(st.held_picks(BOT_SEAT))
        assert not (set(d.faces) & (set(st.hands[BOT_SEAT]) - public))
        st.check_invariants()
    d.wait(lambda: d.top.name == "result", limit=400)
    result = st.last_result
    assert result is not None and result.kind in ("knock", "undercut", "gin", "big_gin", "dead")
    assert d.top.result is result
    if result.kind != "dead":  # both hands are shown at the showdown
        d.frame(3)
        assert set(st.hands[BOT_SEAT]) <= set(d.faces)
    scores = tuple(st.scores)
    while d.top.name == "result":  # lay-offs finish, then the next hand
        d.key(pygame.K_RETURN)
    if st.phase is Phase.MATCH_OVER:
        assert d.top.name == "match_over"
    else:
        assert d.top.name in ("deal", "play") and st.hand_no == 1 and tuple(st.scores) == scores


def test_keyboard_only_draw_choose_throw_and_the_taken_card_rule(monkeypatch):
    d = Driver(monkeypatch, seed=7)
    start_vs_bot(d, "easy")
    st = d.state
    for _ in range(30):
        d.wait(lambda: d.top.name != "play" or d.top.human_turn())
        if d.top.name != "play" or st.phase is not Phase.DRAW or not st.discard:
            break
        top = st.discard[-1]
        d.key(pygame.K_d)  # take the top of the discard pile
        assert st.phase is Phase.DISCARD and top in st.hands[0] and st.taken_card == top
        # choose the taken card with the arrows and try to throw it back: refused, with the reason shown
        d.key(pygame.K_RIGHT)
        hand = d.top.my_hand()
        while hand[d.top.model.cursor] != top:
            d.key(pygame.K_RIGHT)
        d.key(pygame.K_UP)
        assert d.top.model.selected == top
        d.key(pygame.K_RETURN)
        assert top in st.hands[0] and st.phase is Phase.DISCARD
        assert top.symbol in d.app.scenes.toast_text
        # another card goes
        d.key(pygame.K_RIGHT)
        other = d.top.my_hand()[d.top.model.cursor]
        d.key(pygame.K_UP)
        d.key(pygame.K_RETURN)
        # the bot thinks in a worker thread and may already have answered (even by taking the card)
        assert other not in st.hands[0] and len(st.hands[0]) == 10
        assert st.discard[-1] == other or other in st.picks[BOT_SEAT]
        break
    else:
        pytest.fail("never had a draw turn")


def test_sort_button_cycles_and_drag_reorders(monkeypatch):
    d = Driver(monkeypatch, seed=11)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    hand = list(d.top.my_hand())
    assert d.widget("#sort").text == "Sort: melds"
    d.press("#sort")
    assert d.top.my_hand() == sorted(hand, key=lambda c: (c.rank, c.suit))
    d.press("#sort")
    assert d.top.my_hand() == sorted(hand, key=lambda c: (SUIT_ORDER[c.suit], c.rank))
    order = list(d.top.my_hand())
    first, last = order[0], order[-1]
    end = d.app.table.target_rect(last).center
    d.drag(d.card_center(first), (end[0] + 30, end[1]))
    assert d.top.my_hand()[-1] == first and d.widget("#sort").text == "Sort: yours"
    assert sorted(d.top.my_hand()) == sorted(hand)


def test_a_whole_hot_seat_hand_with_the_curtain(monkeypatch):
    d = Driver(monkeypatch, seed=21)
    d.press("#opponent_hotseat")
    for i, name in enumerate(("Ava", "Ben")):
        d.click(d.widget(f"#name{i + 1}").rect.center)
        for ch in name:
            d.post(pygame.TEXTINPUT, text=ch)
        d.frame()
    d.press("#preset_classic")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    st = d.state
    match = d.app.nav.match
    assert not match.vs_bot and match.name(0) == "Ava" and match.name(1) == "Ben"
    curtains = 0
    for _ in range(200):
        if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            break
        d.wait(lambda: d.top.name in ("curtain", "result") or d.top.human_turn(), limit=200)
        if d.top.name == "curtain":
            curtains += 1
            seat = d.top.seat
            assert seat == st.to_act
            d.frame()
            assert not d.faces, "a card face was drawn under the curtain"
            d.key(pygame.K_RETURN)
            assert d.top.name == "play" and d.top.viewer == seat
            d.frame()
            hidden = set(st.hands[1 - seat]) - d.top.public_cards()
            assert not (set(d.faces) & hidden)
            assert set(st.hands[seat]) <= set(d.faces)
            continue
        if d.top.name != "play":
            break
        seat = st.to_act
        if st.phase is Phase.UPCARD_OFFER:
            d.key(pygame.K_p)
            continue
        if st.phase is Phase.DRAW:
            d.key(pygame.K_s)
            assert len(st.hands[seat]) == 11
            continue
        choice = best_discard(st.hands[seat], forbidden=st.forbidden_discard())
        d.top.model.cursor = 0
        d.key(pygame.K_RIGHT)  # shows the keyboard cursor
        while d.top.my_hand()[d.top.model.cursor] != choice.card:
            d.key(pygame.K_RIGHT)
        if Knock(choice.card) in st.legal_actions():
            d.key(pygame.K_UP)
            d.key(pygame.K_k)
            assert st.last_result is not None and st.last_result.knocker == seat
            break
        d.key(pygame.K_RETURN)
        assert st.discard[-1] == choice.card and st.to_act == 1 - seat or st.phase is not Phase.DRAW
    assert curtains >= 2
    d.wait(lambda: d.top.name == "result", limit=200)
    assert d.top.result is st.last_result
    while d.top.name == "result":
        d.key(pygame.K_RETURN)
    if st.phase is not Phase.MATCH_OVER:
        if d.top.name == "deal":
            d.key(pygame.K_SPACE)
        d.frame(2)
        assert d.top.name == "curtain"  # a new hand starts behind the curtain


def test_turn_timer_plays_the_engine_move_and_turns_urgent(monkeypatch):
    d = Driver(monkeypatch, seed=3)
    start_vs_bot(d, "easy")
    st = d.state
    d.wait(lambda: d.top.human_turn())
    assert st.rules.turn_timer == 40
    turns = st.turns
    d.frame(1)
    assert d.top.clock.left > 30
    for _ in range(int(36 / 0.25)):
        d.app.frame(0.25, present=False)
    assert d.top.clock.left <= 5 and st.turns == turns  # urgent, not yet played
    for _ in range(40):
        d.app.frame(0.25, present=False)
        if st.turns > turns:
            break
    assert st.turns == turns + 1 and len(st.hands[0]) == 10  # drawn and thrown for the player


def test_pause_rules_and_leave_to_menu(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "medium")
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause" and [s.name for s in d.app.stack] == ["play", "pause"]
    d.press("#pause_rules")
    assert d.top.name == "rules"
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"
    d.press("#resume")
    assert d.top.name == "play"
    d.press("#menu_button")
    d.press("#leave")  # the player is asked first; Cancel keeps the pause open
    assert d.top.name == "confirm"
    d.press("#confirm_no")
    assert d.top.name == "pause"
    d.press("#leave")
    d.press("#confirm_yes")
    assert d.top.name == "menu" and len(d.app.stack) == 1


def test_resize_and_fullscreen_keep_the_game(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "easy")
    for size in ((960, 600), (1920, 1080), (1280, 720)):
        d.resize(size)
        d.frame()
        assert d.app.screen.get_size() == size and d.app.layout.w == size[0]
        knock = d.widget("#knock")
        assert d.app.screen.get_rect().contains(knock.rect)
    d.key(pygame.K_F11)
    assert d.app.fullscreen
    d.key(pygame.K_F11)
    assert not d.app.fullscreen and d.top.name == "play"


def test_hint_shows_the_hard_bots_advice(monkeypatch):
    d = Driver(monkeypatch, seed=5)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    d.press("#hint")
    d.wait(lambda: d.top.model.hint_future is None)
    assert d.top.model.hint_text.startswith("Hint:")
    assert d.top.model.hint_action in d.state.legal_actions()


@pytest.mark.slow
def test_screenshots_of_every_scene(tmp_path):
    from game.app.pictures.screenshots import render_all

    paths = render_all(tmp_path)
    names = {p.stem for p in paths}
    for needed in ("01_menu", "02_deal", "03_play_10_cards", "04_play_11_cards", "05_upcard_offer",
                   "06_hotseat_curtain", "07_pause", "09_result_knock", "10_result_undercut", "11_result_gin",
                   "12_match_over"):
        assert needed in names
    for p in paths:
        assert p.stat().st_size > 5000




@pytest.mark.parametrize("cards,label,kind", [
    ("AS 2S 3S 4H 4D 4C 7S 8S 9S TS KD", "Gin!", "gin"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "Big gin!", "big_gin"),
    ("AS 2S 3S 4H 4D 4C 7S 8S 9S 5D KD", "Knock", "knock"),
])
def test_the_knock_button_reads_gin_and_big_gin_and_throws_the_best_card(monkeypatch, cards, label, kind):
    d = Driver(monkeypatch, seed=31)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    st = d.state
    if st.phase is Phase.DRAW:
        d.key(pygame.K_s)
    assert st.phase is Phase.DISCARD and st.to_act == 0
    st = give(d, 0, cards)
    d.top.refresh_targets(snap=True)
    d.frame(2)
    knock = d.widget("#knock")
    assert knock.is_enabled and knock.text == label
    d.press("#knock")  # nothing chosen: the game picks the card
    result = st.last_result
    assert result is not None and result.knocker == 0
    if kind == "knock":
        assert result.kind in ("knock", "undercut")
    else:
        assert result.kind == kind
    if kind == "knock":
        assert result.discard.symbol == "K\u2666"  # the best throw leaves 5 deadwood


def test_a_thinking_bot_gives_the_interpreter_back_to_the_frames_within_a_millisecond(monkeypatch):
    import sys

    from game.app.program import app as app_module

    sys.setswitchinterval(0.005)  # Python's default
    make_app(monkeypatch)
    assert sys.getswitchinterval() == pytest.approx(app_module.SWITCH_INTERVAL) and app_module.SWITCH_INTERVAL <= 0.001
