"""The log tells the computer's moves in full sentences in the past tense in every language; in Russian
the verb agrees with the computer, and with a hot-seat name it leaves both endings open."""
import pytest

import game.bots
from game.app.lang import i18n
from game.app.matches.match import BOT_SEAT, Match, MatchSetup
from game.app.play.eventlog import describe
from game.engine import Card, preset
from game.engine.events import Discarded, Drew, Knocked, UpcardDecision


@pytest.fixture(autouse=True)
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_the_computers_moves_read_as_past_sentences_in_russian():
    match = Match(MatchSetup("bot", preset("van"), 5, level="easy"), game.bots)
    c = Card.parse("8S")
    bot = match.name(BOT_SEAT)
    lines = [describe(Discarded(player=BOT_SEAT, card=c), match.say),
             describe(Drew(player=BOT_SEAT, source="stock", card=None), match.say),
             describe(Drew(player=BOT_SEAT, source="discard", card=c), match.say),
             describe(UpcardDecision(player=BOT_SEAT, card=c, taken=False), match.say),
             describe(Knocked(player=BOT_SEAT, card=c, kind="knock"), match.say)]
    assert lines == [f"{bot} сбросил {c.symbol}", f"{bot} взял карту из колоды", f"{bot} взял {c.symbol} из сброса",
                     f"{bot} не взял открытую карту", f"{bot} постучал!"]
    assert not any(":" in line for line in lines)  # no notes ("Компьютер (лёгкий): сброс 8♠")
    you = describe(Discarded(player=1 - BOT_SEAT, card=c), match.say)
    assert you == f"Вы сбросили {c.symbol}"


def test_a_hot_seat_name_gets_both_endings():
    match = Match(MatchSetup("hotseat", preset("van"), 5, names=("Ава", "Бен")), game.bots)
    assert describe(Discarded(player=0, card=Card.parse("8S")), match.say) == "Ава сбросил(а) 8♠"
    assert describe(Knocked(player=1, card=None, kind="gin"), match.say) == "Бен собрал(а) джин!"
