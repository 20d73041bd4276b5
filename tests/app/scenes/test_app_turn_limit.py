"""A hand where both players keep taking the discard ends at the turn limit, and the app says why."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver

from game.app.lang import i18n, text
from game.app.lang.i18n import tr
from game.app.play.eventlog import describe
from game.engine import Discard, DrawDiscard, HandEnded, HandResult, Phase
from game.engine.rules import BOT_TURN_LIMIT

pytestmark = pytest.mark.usefixtures("close_apps")


def test_a_hand_past_the_turn_limit_is_dead_and_the_result_and_log_say_why(monkeypatch):
    d = Driver(monkeypatch)
    d.app.pace = 0.0
    d.press("#opponent_hotseat")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    assert d.app.nav.match.rules.turn_limit == BOT_TURN_LIMIT  # the preset's limit is the simulator's
    logs: list[str] = []
    for _ in range(5000):
        name = d.top.name
        if name == "curtain":
            d.key(pygame.K_RETURN)
            continue
        if name != "play":
            break
        st = d.state
        if st.phase is Phase.HAND_OVER or not d.top.human_turn():
            d.frame()
            continue
        legal = st.legal_actions()
        if st.phase is Phase.DRAW and DrawDiscard() in legal:
            d.top.human_action(DrawDiscard())  # nobody ever draws from the stock
        elif st.phase is Phase.DISCARD:
            d.top.human_action(next(a for a in legal if isinstance(a, Discard)))  # nobody ever knocks
        else:
            d.top.human_action(legal[0])
        logs = list(d.top.model.log_lines)
        d.frame()
    assert d.top.name == "result"
    result = d.app.nav.match.state.last_result
    assert result.kind == "dead" and result.turn_limit and result.turns == BOT_TURN_LIMIT
    assert tr("log.dead_turns", n=BOT_TURN_LIMIT) in logs
    drawn: list[str] = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda s, line, *a, **k: drawn.append(line) or real(s, line, *a, **k))
    for _ in range(200):
        d.frame()
    words = " ".join(drawn)
    assert "200" in words and "reached" in words and "stock ran out" not in words


@pytest.mark.parametrize("language", ["en", "fa", "ru"])
def test_the_two_ways_a_hand_dies_read_differently_in_every_language(language):
    i18n.set_language(language)
    try:
        stock = HandResult(1, 0, "dead", turns=40)
        limit = HandResult(1, 0, "dead", turns=BOT_TURN_LIMIT, turn_limit=True)
        said = [describe(HandEnded(r, (0, 0)), lambda key, seat, **p: tr(key, **p)) for r in (stock, limit)]
        assert said == [tr("log.dead_stock"), tr("log.dead_turns", n=BOT_TURN_LIMIT)]
        assert said[0] != said[1] and str(BOT_TURN_LIMIT) in text.shown(said[1], literal=True)
    finally:
        i18n.set_language("en")
