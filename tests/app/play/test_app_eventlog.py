"""The table's words: the event log and the refusals are pure functions (no pygame, no window)."""
import pathlib
import subprocess
import sys

import pytest

from game.app.lang import i18n
from game.app.play.eventlog import describe
from game.app.play.wording import refusal
from game.engine import Card, IllegalAction, Knock, MatchState, Phase, preset
from game.engine.events import Discarded, Drew, Knocked, UpcardDecision, UpcardRetired

ROOT = pathlib.Path(__file__).resolve().parents[3]


def say(key, seat, **params):
    return f"{key}|{seat}|" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_log_needs_no_pygame():
    code = ("import sys; import game.app.play.eventlog, game.app.play.wording; "
            "sys.exit(1 if any(m.split('.')[0] in ('pygame', 'pygame_gui') for m in sys.modules) else 0)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_log_tells_both_seats_moves_and_never_names_a_stock_card():
    c = Card.parse("QH")
    assert describe(Drew(player=0, source="stock", card=c), say) == "log.drew_stock|0|"
    assert describe(Discarded(player=0, card=c), say) == f"log.discarded|0|card={c.symbol}"
    assert describe(Drew(player=1, source="stock", card=None), say) == "log.drew_stock|1|"
    assert describe(Drew(player=1, source="discard", card=c), say) == f"log.drew_discard|1|card={c.symbol}"
    assert describe(Discarded(player=1, card=c), say) == f"log.discarded|1|card={c.symbol}"
    # a move the clock made is told as the clock's
    assert describe(Discarded(player=0, card=c, auto=True), say) == "log.timer|0|"


def test_upcard_and_knock_lines():
    c = Card.parse("7C")
    assert describe(UpcardDecision(player=1, card=c, taken=True), say).startswith("log.took_upcard|1|")
    assert describe(UpcardDecision(player=0, card=c, taken=False), say).startswith("log.passed_upcard|0|")
    assert "7" in describe(UpcardRetired(card=c), say)
    for kind, key in (("knock", "log.knocked"), ("gin", "log.gin"), ("big_gin", "log.big_gin")):
        e = Knocked(player=1, kind=kind, card=None if kind == "big_gin" else c)
        assert describe(e, say) == f"{key}|1|"


def test_refusals_come_from_the_engine_reason():
    hands = ["2S 4H 6D 8C TS QH KD 3C 5S 7H 9D", "AS AH AD 2H 3H 4S 5H 6S 7S 8S"]
    held = {c for h in hands for c in h.split()}
    rest = [c for c in (Card(i) for i in range(52)) if str(c) not in held]
    stock, discard = rest[1:], rest[:1]  # the pile's first card is the upcard
    # seat 0 holds no meld and must throw: a knock is refused for too much deadwood
    st = MatchState.from_position(preset("van"), hands, stock=stock, discard=discard, dealer=1, phase=Phase.DISCARD)
    error = st.why_illegal(Knock(Card.parse("KD")), 0)
    assert isinstance(error, IllegalAction)
    text = refusal(error)
    assert Card.parse("KD").symbol in text and str(error.params["deadwood"]) in text
    assert refusal(st.why_illegal(Knock(Card.parse("KD")), 1)) == i18n.tr("why.not_your_turn")
