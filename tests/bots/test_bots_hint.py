"""The hint: a legal move with a reason given as a message key, parameters and English text."""
import pathlib
import re

import pytest
from helpers.observations import table

from game.bots import Advisor, HardBot, decide, deliver, hint, make_bot
from game.bots.hint import TEXTS, Hint
from game.engine import (
    CLASSIC,
    VAN,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    NextHand,
    PassUpcard,
    Phase,
    TakeUpcard,
    new_match,
    observe,
    parse_cards,
)

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def _legal_discard_actions(hand, forbidden=None, limit=10):
    from game.engine import deadwood

    cards = parse_cards(hand)
    acts = []
    for c in cards:
        if c == forbidden:
            continue
        acts.append(Discard(c))
        if deadwood([x for x in cards if x != c]) <= limit:
            acts.append(Knock(c))
    if deadwood(cards) == 0:
        acts.append(BigGin())
    return acts


def test_an_early_knock_is_advised_and_a_very_low_count_plays_on():
    hand = "AS 2S 3S 4H 5H 6H 8C 8D 8H 7S KD"
    obs = table(hand, legal=_legal_discard_actions(hand), stock_size=28)
    h = hint(obs)
    assert h.action == Knock(parse_cards("KD")[0])
    assert h.key == "hint.knock" and h.params == {"card": "KD", "deadwood": 7}
    assert h.text == "Knock with the K\u2666: your 7 deadwood likely beats the opponent's."
    # with 2 deadwood early on, playing on for gin (or to undercut the opponent's knock) pays more
    hand = "AS 2S 3S 4H 5H 6H 7C 7D 7H 2D KD"
    obs = table(hand, legal=_legal_discard_actions(hand))
    h = hint(obs)
    assert h.action == Discard(parse_cards("KD")[0])
    assert h.key == "hint.no_knock" and h.params == {"card": "KD", "deadwood": 2}
    # at the end of the stock, with one draw left before the hand is dead, the same hand knocks
    obs = table(hand, legal=_legal_discard_actions(hand), stock_size=3)
    assert hint(obs).action == Knock(parse_cards("KD")[0])


def test_a_gin_hand_gets_the_gin_key():
    hand = "AS 2S 3S 4S 4H 5H 6H 7C 7D 7H QD"
    obs = table(hand, legal=_legal_discard_actions(hand))
    h = hint(obs)
    assert h.action == Knock(parse_cards("QD")[0])
    assert h.key == "hint.gin" and h.params["card"] == "QD"
    assert "Q\u2666" in h.text and "gin" in h.text


def test_big_gin_is_advised():
    hand = "AS 2S 3S 4S 5S 6S 7S 9H TH JH QH"
    obs = table(hand, legal=_legal_discard_actions(hand))
    h = hint(obs)
    assert h.action == BigGin() and h.key == "hint.big_gin"


def test_taking_a_card_that_completes_a_meld_is_advised():
    hand = "5S 6S 9D 9C KH QD JC 2H 3C 8D"
    obs = table(hand, pile="4D TH 7S", phase=Phase.DRAW, legal=(DrawStock(), DrawDiscard()))
    h = hint(obs)
    assert h.action == DrawDiscard()
    assert h.key == "hint.take_meld" and h.params == {"card": "7S"}
    assert h.text == "Take the 7\u2660: it completes a meld."


def test_a_useless_face_up_card_is_left_and_the_upcard_passed():
    hand = "5S 6S 7S 9D 9C 9H 2C 3C 4C AH"
    obs = table(hand, pile="KD", phase=Phase.DRAW, legal=(DrawStock(), DrawDiscard()))
    h = hint(obs)
    assert h.action == DrawStock() and h.key == "hint.draw_stock" and h.params == {"card": "KD"}
    obs = table(hand, pile="KD", phase=Phase.UPCARD_OFFER, rules=CLASSIC, legal=(TakeUpcard(), PassUpcard()))
    h = hint(obs)
    assert h.action == PassUpcard() and h.key == "hint.pass_upcard"


def test_stock_only_draw_and_other_seats_turn():
    obs = table("5S 6S 7S 9D 9C 9H 2C 3C 4C AH", pile="KD", phase=Phase.DRAW, legal=(DrawStock(),))
    assert hint(obs) == Hint(DrawStock(), "hint.draw_stock_only")
    obs = table("5S 6S 7S 9D 9C 9H 2C 3C 4C AH", phase=Phase.DRAW, legal=())
    h = hint(obs)
    assert h.action is None and h.key == "hint.wait"
    obs = table("5S 6S 7S 9D 9C 9H 2C 3C 4C AH", phase=Phase.HAND_OVER, legal=(NextHand(),))
    assert hint(obs).action == NextHand()


def test_a_card_the_opponent_collects_is_not_advised():
    # 9♣ is the highest deadwood, but the opponent took 9♦ and 9♠
    hand = "AS 2S 3S 4D 5D 6D 9C 8H 5C 2H 4C"
    obs = table(hand, opp_picks="9D 9S", legal=_legal_discard_actions(hand))
    h = hint(obs)
    assert h.action in obs.legal_actions and h.action != Discard(parse_cards("9C")[0])
    assert h.key == "hint.discard_safe" and h.params["avoid"] == "9C"
    assert "9\u2663 could help the opponent" in h.text


@pytest.mark.parametrize("rules", [VAN, CLASSIC, VAN.with_(oklahoma=True), VAN.with_(may_discard_taken_card=True)])
def test_hints_through_whole_hands_are_legal_and_render(rules):
    state, events = new_match(rules.with_(target=40), 9)
    bots = (make_bot("medium", seed=1), make_bot("easy", seed=2))
    for seat, bot in enumerate(bots):
        bot.new_match(seat, state.rules)
    advisor = Advisor(0, state.rules)
    keys = set()

    def tell(evs):
        deliver(evs, bots)
        for e in evs:
            advisor.on_event(e.seen_by(0))

    tell(events)
    for _ in range(400):
        if state.phase is Phase.MATCH_OVER:
            break
        if state.phase is Phase.HAND_OVER:
            tell(state.apply(NextHand()))
            continue
        seat = state.to_act
        obs = observe(state, seat)
        for h in (hint(obs), advisor.advise(obs)):
            assert h.action in obs.legal_actions
            assert h.key in TEXTS
            assert h.text and "{" not in h.text
            keys.add(h.key)
        tell(state.apply(decide(bots[seat], obs), seat))
    assert {"hint.discard_deadwood", "hint.draw_stock"} <= keys


def test_the_advisor_gives_the_hard_bots_move():
    state, events = new_match(VAN, 12)
    advisor = Advisor(0, VAN, seed=5)
    twin = HardBot(seed=5)
    twin.new_match(0, VAN)
    other = make_bot("simple", seed=3)
    other.new_match(1, VAN)
    checked = 0
    for _ in range(60):
        for e in events:
            advisor.on_event(e.seen_by(0))
            twin.on_event(e.seen_by(0))
            other.on_event(e.seen_by(1))
        if state.phase is not Phase.DRAW and state.phase is not Phase.DISCARD:
            break
        seat = state.to_act
        obs = observe(state, seat)
        if seat == 0:
            h = advisor.advise(obs)
            action = decide(twin, obs)
            if state.phase is Phase.DRAW:
                assert h.action == action
            else:
                assert getattr(h.action, "card", None) == getattr(action, "card", None)
            checked += 1
        else:
            action = decide(other, obs)
        events = state.apply(action, seat)
    assert checked >= 4


def test_every_hint_key_is_documented_with_its_english_text():
    doc = DOCS.read_text(encoding="utf-8")
    for key, text in TEXTS.items():
        assert f"`{key}`" in doc, f"{key} is missing from docs/bots.md"
        assert text in doc, f"the English text of {key} differs in docs/bots.md"
    for key in re.findall(r"^\| `(hint\.[a-z_]+)`", doc, re.M):
        assert key in TEXTS, f"docs/bots.md lists an unknown key {key}"


def test_a_throw_that_keeps_more_deadwood_says_what_the_lower_one_would_leave():
    from game.bots.hint import _advise_discard
    from game.engine import Card, MatchState

    class Prefers(HardBot):  # the hard bot, set on throwing the nine
        def plan_discard(self, obs, view):
            return Card.parse("9S"), False

    hand = "KH 9S 8D 7C 2S 3D 4H 5C AS AH AD"  # throwing the king would leave 38, the nine 39
    rest = [c for c in (Card(i) for i in range(52)) if c not in set(parse_cards(hand + " 6S 2C"))]
    state = MatchState.from_position(VAN, [hand.split(), ["6S"] + [str(c) for c in rest[:9]]], stock=rest[9:],
                                     discard="2C", dealer=1, phase=Phase.DISCARD, to_act=0, picks=[[], ["6S"]])
    bot = Prefers(seed=1)
    bot.new_match(0, VAN)
    h = _advise_discard(bot, observe(state, 0))
    assert h.action == Discard(Card.parse("9S")) and h.key == "hint.discard_keep"
    assert h.params["avoid"] == "KH" and h.params["least"] == 38 and h.params["deadwood"] == 39
    assert "K♥ would leave 38" in h.text
