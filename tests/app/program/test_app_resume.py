"""Resume: the running match is saved after every action and Continue puts the player back exactly
there, after an app that was dropped without a clean exit (a crash or a killed process)."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import KeepDriver, drop, play_actions, start, store

from game.app.config import paths
from game.app.config.settings import Settings
from game.app.matches.match import BOT_SEAT, MatchSetup, public_story
from game.app.pictures.staging import plain_move
from game.app.records.stats import Stats
from game.app.scenes.menu import notice_text
from game.engine import VAN, HandDealt, NextHand, Phase

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


@pytest.mark.parametrize("opponent", ["hard", "hotseat"])
def test_continue_after_a_crash_puts_the_player_back_exactly(monkeypatch, opponent):
    d = KeepDriver(monkeypatch, seed=300)
    assert not any("#continue_match" in w.object_ids for w in d.top.widgets)
    start(d, opponent)
    play_actions(d, 3)
    d.wait(lambda: d.top.name in ("curtain", "result") or (d.top.name == "play" and d.top.human_turn()))
    saved = d.state.to_dict()
    info = d.app.nav.match.info
    assert d.state.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD)
    drop(d)

    d2 = KeepDriver(monkeypatch)
    assert d2.top.name == "menu" and d2.top.can_continue
    d2.press("#continue_match")
    match = d2.app.nav.match
    assert match.state.to_dict() == saved
    assert match.info == info  # same players, same match id (statistics count a hand once)
    d2.frame(2)
    if opponent == "hotseat":
        # a hot-seat match resumes behind the curtain: no card face at all until the player says so
        assert d2.top.name == "curtain" and d2.top.seat == match.state.to_act
        d2.frame()
        assert not d2.faces
        d2.key(pygame.K_RETURN)
        assert d2.top.name == "play" and d2.top.viewer == match.state.to_act
    else:
        assert d2.top.name == "play" and d2.top.viewer == 0
        # the fresh bot heard only its own seat's view: its hand, and the public pile as it lies
        mem = match.bot.memory
        assert mem.pile == list(match.state.discard)
        assert mem.hand_no == match.state.hand_no
    # the resumed match goes on and keeps saving
    play_actions(d2, 2)
    store(d2).flush()
    state, meta = store(d2).load_match()
    assert state == d2.state and meta == info


def test_the_story_told_after_a_resume_holds_no_hidden_card():
    import game.bots as bots
    from game.app.matches.match import Match

    for seed in range(1, 30):
        m = Match(MatchSetup("bot", VAN, seed, "medium"), bots)
        st = m.state
        for _ in range(seed % 17):
            if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
                break
            m.apply(plain_move(st, want_knock=False), st.to_act)
        for seat in (0, 1):
            public = set(st.discard) | set(st.out_of_play) | set(st.picks[0]) | set(st.picks[1])
            allowed = public | set(st.hands[seat])
            for e in public_story(st, seat):
                cards = set()
                if isinstance(e, HandDealt):
                    assert e.hands[1 - seat] is None
                    cards |= set(e.hands[seat]) | {e.upcard}
                elif getattr(e, "card", None) is not None:
                    cards.add(e.card)
                assert cards <= allowed, (seed, seat, e)


def test_a_finished_match_clears_the_save_and_the_statistics_count_it(monkeypatch, prefs):
    d = KeepDriver(monkeypatch, seed=500, settings=Settings(rules=VAN.with_(target=1), animation="instant"))
    start(d, "easy")
    match = d.app.nav.match
    st = match.state
    store(d).flush()
    assert store(d).has_match()
    for _ in range(2000):
        if st.phase is Phase.MATCH_OVER:
            break
        if st.phase is Phase.HAND_OVER:
            d.app.nav.match.apply(NextHand(), None)
            continue
        seat = st.to_act
        match.apply(plain_move(st), seat)
    assert st.phase is Phase.MATCH_OVER
    store(d).flush()
    assert not store(d).has_match() and not (prefs / paths.MATCH_FILE).exists()
    d.app.services.stats.flush()
    record = Stats(prefs / "stats.sqlite3").opponent("easy")
    assert record.matches_played == 1
    assert record.hands_played == len(st.history) >= 1
    assert record.hands_won == sum(1 for r in st.history if r.winner == 1 - BOT_SEAT)


def test_a_damaged_save_is_set_aside_with_one_notice(monkeypatch, prefs):
    (prefs / paths.MATCH_FILE).write_text('{"format": "gin-rummy-resume", "version": 1, "meta": {"mode": "bot"}}')
    d = KeepDriver(monkeypatch)
    # the menu reads the save to say what Continue resumes, so an unusable one is found at once
    assert d.top.name == "menu" and not d.top.can_continue
    assert len(d.top.notices) == 1 and "match.damaged-" in notice_text(d.top.notices[0])
    assert list(prefs.glob("match.damaged-*.json"))
    d.press("#notice_ok")
    assert not d.top.notices
    d.app.nav.to_menu()
    d.frame()
    assert not d.top.notices  # shown once
