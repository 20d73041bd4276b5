"""The coach: it judges only from what the player could see, marks clear mistakes with a reason and a
cost, says so in every language, and goes through a typical hand in well under two seconds."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.records import play_recorded
from helpers.secrets import _cards_in, _secret_of

from game.bots.coach import MARGIN, SAMPLES, TEXTS, Review, feed_points, judge_move, review
from game.bots.hard import HardBot
from game.bots.knowledge import TableView
from game.engine import (
    CLASSIC,
    VAN,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    MatchState,
    Phase,
    TakeUpcard,
    observe,
    parse_cards,
)
from game.engine.record import HandRecord, RecordedMove, replay

ROOT = Path(__file__).resolve().parents[2]


def hands_against_the_computer(seed=1, rules=VAN, n=None):
    """Finished hands of a beginner (seat 0, the player judged) against the hard bot."""
    return [r for r, *_ in play_recorded(rules, seed, levels=("easy", "hard"), hands=n)]


class AuditBot(HardBot):
    """The coach's judge, checking each thing it is handed against the hand's secrets at that moment."""

    def __init__(self, check):
        super().__init__(seed="audit")
        self.check = check
        self.heard = []

    def on_event(self, event):
        self.heard.append(event)
        super().on_event(event)

    def _audit(self, obs):
        self.check(obs, self.heard)
        self.heard = []

    def view(self, obs):
        self._audit(obs)
        return super().view(obs)

    def compare_draw(self, obs, view):
        self._audit(obs)
        return super().compare_draw(obs, view)

    def plan_discard(self, obs, view):
        self._audit(obs)
        return super().plan_discard(obs, view)

    def opponent_samples(self, obs, view, n):
        self._audit(obs)
        return super().opponent_samples(obs, view, n)


@pytest.mark.parametrize("rules", [VAN, CLASSIC.with_(target=50)], ids=["van", "classic"])
def test_the_coach_never_uses_a_card_the_player_could_not_see(rules):
    checked = []
    for record in hands_against_the_computer(3, rules, n=4):
        play = replay(record)

        def check(obs, events, play=play):
            assert obs.player == 0
            # the position this observation was taken from: the one that looks exactly like it
            matching = [s for s in (step.state for step in play.steps) if observe(s, 0) == obs]
            assert matching, "the coach was handed an observation of no position of the hand"
            secret = _secret_of(matching[0], 0)
            for thing in [obs, *events]:
                found: set[int] = set()
                _cards_in(thing, obs.hand_no, found, set())
                leaked = [str(Card(c)) for c in found if secret >> c & 1]
                assert not leaked, f"the coach saw hidden cards {leaked} in {type(thing).__name__}"
            checked.append(obs)

        bot = AuditBot(check)
        assert isinstance(review(record, 0, bot=bot), Review)
    assert len(checked) > 30


def _swap_hidden(record: HandRecord, at: int) -> HandRecord | None:
    """The same hand with one card the player never saw (still in the opponent's hand at move ``at``,
    dealt there) swapped with a card deep in the stock: every move up to ``at`` stays legal, and the
    player's view up to there is the same."""
    state = replay(record).steps[at].state
    public = set(state.held_picks(1))
    hidden = [c for c in record.hands[1] if c in state.hands[1] and c not in public]
    deep = list(state.stock[:5])  # the bottom of the stock: not drawn for a while
    if not hidden or not deep:
        return None
    x, y = hidden[0], deep[0]
    h1 = tuple(y if c == x else c for c in record.hands[1])
    stock = tuple(x if c == y else c for c in record.stock)
    other = HandRecord(record.rules, record.hand_no, record.dealer, record.scores, record.hands_won,
                       (record.hands[0], h1), record.upcard, stock, record.moves[:at], None)
    last = replay(other).state(at)
    move = record.moves[at]
    last.apply(move.action, move.seat)
    other = other.with_move(move.seat, move.action)
    return other if last.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD) else other.finished(last.last_result)


def _upto(record: HandRecord, n: int) -> HandRecord:
    return record if n == len(record.moves) else record.cut(n)


def test_cards_the_player_could_not_see_do_not_change_the_judgement():
    compared = 0
    knocks = 0
    for seed in (5, 6, 7, 8):  # more seeded matches until enough moves (and a knock) were compared
        for record in hands_against_the_computer(seed, n=6):
            mine = replay(record).decisions(0)
            for at in {mine[len(mine) // 2], mine[-1]}:
                other = _swap_hidden(record, at)
                if other is None:
                    continue
                a = review(_upto(record, at + 1), 0)
                b = review(other, 0)
                assert a.judgements == b.judgements
                compared += 1
                knocks += isinstance(record.moves[at].action, Knock)
        if compared >= 6 and knocks >= 1:
            break
    assert compared >= 6 and knocks >= 1


def _record(h0: str, h1: str, upcard: str, moves: str, dealer: int = 1, rules=VAN) -> HandRecord:
    hands = (tuple(parse_cards(h0)), tuple(parse_cards(h1)))
    used = set(hands[0]) | set(hands[1]) | {Card.parse(upcard)}
    stock = tuple(Card(i) for i in range(52) if Card(i) not in used)
    return HandRecord(rules, 0, dealer, (0, 0), (0, 0), hands, Card.parse(upcard), stock,
                      tuple(RecordedMove.parse(t) for t in moves.split()))


def test_a_missed_meld_is_marked_with_the_better_move_and_a_cost():
    record = _record("7H 8H KS QD JC 9C 4S 2D 3C TD", "AS 2S 3S 4D 5D 6D 7C 8C 5H 6C", "9H", "0s")
    got = review(record, 0)
    j = got.at(0)
    assert j is not None and j.costly and j.key == "coach.missed_meld"
    assert j.preferred == DrawDiscard() and j.played == DrawStock() and j.cost >= MARGIN
    assert "9♥" in j.text and got.costly == (j,)
    key, params = got.summary
    assert key == "coach.summary_one" and params["points"] == j.points
    assert got.text == f"1 costly move, about {j.points} points."


def test_throwing_a_melded_card_is_marked():
    record = _record("5C 5D 5S KS QD JC 9C 4S 2D 3C", "AS 2S 3S 4D AD 6D 7C 8C 5H 6C", "KH", "0s 0x5S")
    state = replay(record).steps[1].state
    drawn = state.hands[0][-1]
    assert drawn not in (Card.parse("5C"), Card.parse("5D"))
    j = review(record, 0).at(1)
    assert j is not None and j.costly and j.played == Discard(Card.parse("5S"))
    assert j.key in ("coach.deadwood", "coach.keep") and j.preferred != j.played and j.params["card"] == "5S"


def test_a_throw_that_completes_the_opponents_meld_is_seen_as_feeding():
    hands = ["5H KS QD JC 9C 4S 2D 3C TD 7S 8D", "5C 5D AS 2S 3S 4D 6D 7C 8C 6C"]
    used = set(parse_cards(" ".join(hands) + " KD"))
    stock = [Card(i) for i in range(52) if Card(i) not in used]
    state = MatchState.from_position(VAN, hands, stock=stock, discard="KD", dealer=0, phase=Phase.DISCARD, to_act=0,
                                     picks=[[], ["5C", "5D"]])
    obs = observe(state, 0)
    view = TableView(obs)
    points, cards = feed_points(view, Card.parse("5H"))
    assert points == 10 and set(cards.split()) == {"5C", "5D"}
    assert feed_points(view, Card.parse("KS")) == (0.0, "")
    bot = HardBot(seed=1)
    bot.new_match(0, VAN)
    j = judge_move(bot, obs, Discard(Card.parse("5H")))
    assert j is not None and j.key == "coach.feed" and j.costly and "5♣" in j.text


def test_moves_the_coach_does_not_judge():
    record = _record("7H 8H KS QD JC 9C 4S 2D 3C TD", "AS 2S 3S 4D 5D 6D 7C 8C 5H 6C", "9H", "0z")
    assert review(record, 0).judgements == ()  # the turn clock's move is nobody's decision
    got = review(_record("7H 8H KS QD JC 9C 4S 2D 3C TD", "AS 2S 3S 4D 5D 6D 7C 8C 5H 6C", "9H", "0d 0xKS"), 0)
    assert got.at(0) is not None and not got.at(0).costly and got.text == "No costly moves: well played."
    classic = _record("7H 8H KS QD JC 9C 4S 2D 3C TD", "AS 2S 3S 4D 5D 6D 7C 8C 5H 6C", "9H", "0t", rules=CLASSIC)
    assert review(classic, 0).at(0).preferred == TakeUpcard()


def test_reviews_add_up():
    for record in hands_against_the_computer(2, n=5):
        got = review(record, 0)
        assert all(j.index in replay(record).decisions(0) for j in got.judgements)
        assert got.points == sum(j.points for j in got.costly)
        assert all(j.cost >= j.margin and j.points >= 1 for j in got.costly)
        key, params = got.summary
        assert TEXTS[key].format(**params) == got.text


def test_the_work_of_a_review_is_bounded_by_the_decisions(monkeypatch):
    """Each decision plays out at most one sampled set of hands per option (the time: bench/bench_coach.py)."""
    import game.bots.coach_knocks as coach_knocks

    calls = []
    real = coach_knocks.rollout

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(coach_knocks, "rollout", counted)
    record = max(hands_against_the_computer(4, n=6), key=lambda r: len(r.moves))
    got = review(record, 0)
    decisions = len(replay(record).decisions(0))
    assert got.judgements and decisions
    assert len(calls) <= decisions * 12 * SAMPLES  # at most eleven throws and playing on


def test_the_coachs_words_are_in_every_language():
    for lang in ("en", "fa", "ru"):
        table = json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [k for k in TEXTS if "bot." + k not in table]
        assert not missing, (lang, missing)
        for k, english in TEXTS.items():
            fields = {f for f in ("card", "better", "with", "deadwood", "yours", "chance", "n", "points")
                      if "{" + f + "}" in english}
            assert all("{" + f + "}" in table["bot." + k] for f in fields), (lang, k)
    en = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert all(en["bot." + k] == v for k, v in TEXTS.items())


class Prefers(HardBot):
    """The judge, set to prefer throwing ``card`` (so a test chooses the preferred move)."""

    def __init__(self, card: str) -> None:
        super().__init__(seed=1)
        self.card = Card.parse(card)

    def plan_discard(self, obs, view):
        return self.card, False


def _throwing(hand: str, picks: str):
    """Seat 0 to throw from ``hand``, the opponent holding ``picks`` taken from the pile."""
    taken = picks.split()
    rest = [c for c in (Card(i) for i in range(52)) if c not in set(parse_cards(hand + " " + picks + " 2C"))]
    opponent = taken + [str(c) for c in rest[: 10 - len(taken)]]
    stock = rest[10 - len(taken):]
    state = MatchState.from_position(VAN, [hand.split(), opponent], stock=stock, discard="2C", dealer=1,
                                     phase=Phase.DISCARD, to_act=0, picks=[[], taken])
    return observe(state, 0)


# three aces melded; the king is the throw that leaves the least deadwood (38 against 39 for the nine)
HAND = "KH 9S 8D 7C 2S 3D 4H 5C AS AH AD"


def test_agreeing_with_a_throw_that_is_not_the_least_deadwood_says_why():
    obs = _throwing(HAND, "KC KD")  # the king would complete the opponent's set
    bot = Prefers("9S")
    bot.new_match(0, VAN)
    j = judge_move(bot, obs, Discard(Card.parse("9S")))
    assert j is not None and not j.costly and j.key == "coach.agree_feed"
    assert j.params["lowest"] == "KH" and j.params["least"] == 38 and j.params["yours"] == 39
    assert set(j.params["with"].split()) == {"KC", "KD"} and "K♥" in j.text and "K♣" in j.text
    obs = _throwing(HAND, "KC QH")  # it goes with what they took, completing nothing yet
    j = judge_move(bot, obs, Discard(Card.parse("9S")))
    assert j.key == "coach.agree_picks" and set(j.params["with"].split()) == {"KC", "QH"}
    # nothing the opponent took goes with the king: a plain agreement, no reason invented
    assert judge_move(bot, _throwing(HAND, "6S"), Discard(Card.parse("9S"))).key == "coach.agree"
    # the least deadwood thrown and agreed with: nothing to explain
    king = Prefers("KH")
    king.new_match(0, VAN)
    assert judge_move(king, _throwing(HAND, "KC KD"), Discard(Card.parse("KH"))).key == "coach.agree"


def test_preferring_a_throw_with_more_deadwood_says_why():
    bot = Prefers("9S")
    bot.new_match(0, VAN)
    j = judge_move(bot, _throwing(HAND, "KC QH"), Discard(Card.parse("KH")))
    assert j is not None and j.key == "coach.safer" and j.params["deadwood"] == 39 and j.params["yours"] == 38
    assert "though it leaves 39 deadwood instead of 38" in j.text and "K♣" in j.text
    assert judge_move(bot, _throwing(HAND, "KC KD"), Discard(Card.parse("KH"))).key == "coach.feed"
    # the king pairs toward a run with the queen in hand, which can still come: the reason is the pair
    pair = "KH QH 8D 7C 2S 3D 4H 5C AS AH AD"
    bot = Prefers("8D")
    bot.new_match(0, VAN)
    j = judge_move(bot, _throwing(pair, "6S"), Discard(Card.parse("KH")))
    assert j.key == "coach.pair" and j.params["with"] == "QH"


def test_after_any_loss_with_no_costly_move_the_summary_says_what_cost():
    from game.engine import HandResult

    gin = HandResult(hand_no=0, dealer=1, kind="gin", knocker=1, winner=1, points=46, defender_deadwood=21)
    got = Review(0, 0, (), gin)
    key, params = got.summary
    assert key == "coach.summary_none_gin" and params == {"points": 46, "deadwood": 21}
    assert "46" in got.text and "gin" in got.text and "well played" not in got.text
    knock = HandResult(hand_no=0, dealer=1, kind="knock", knocker=1, winner=1, points=30, defender_deadwood=33)
    assert Review(0, 0, (), knock).summary[0] == "coach.summary_none_knock"
    undercut = HandResult(hand_no=0, dealer=1, kind="undercut", knocker=0, winner=1, points=27, defender_deadwood=2)
    assert Review(0, 0, (), undercut).summary[0] == "coach.summary_none_undercut"
    for points in (1, 8, 17):  # a loss of a few points is a loss too
        small = HandResult(hand_no=0, dealer=1, kind="knock", knocker=1, winner=1, points=points, defender_deadwood=19)
        assert Review(0, 0, (), small).summary == ("coach.summary_none_knock", {"points": points, "deadwood": 19})
        assert "well played" not in Review(0, 0, (), small).text and str(points) in Review(0, 0, (), small).text
    dead = HandResult(hand_no=0, dealer=1, kind="dead", knocker=None, winner=None, points=0, defender_deadwood=0)
    assert Review(0, 0, (), dead).text == "No costly moves: well played."
    assert Review(1, 0, (), gin).text == "No costly moves: well played."  # the winner's own review


def test_a_review_knows_how_its_hand_ended():
    for record in hands_against_the_computer(2, n=3):
        assert review(record, 0).result == replay(record).result
