"""The deal a player can check, at the table: the seal before any card, the player's cut, the tick after."""
from __future__ import annotations

import dataclasses

import pygame
import pytest
from helpers.apps import Driver

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.matches import fairdeal
from game.app.matches.match import Match
from game.app.pictures.staging import play_to_end_of_hand
from game.app.program import flow
from game.engine import FairDeal, MatchSeal

pytestmark = pytest.mark.usefixtures("close_apps")

SECRET = bytes(range(32))


@pytest.fixture
def sealed(monkeypatch):
    """A match's seal that tests know (the game draws its root from the operating system)."""
    monkeypatch.setattr(flow, "fresh_seal", lambda first=1: MatchSeal(SECRET, first_hand=first))
    return MatchSeal(SECRET)


def fair_driver(monkeypatch, **settings) -> Driver:
    d = Driver(monkeypatch, seed=5, **settings)
    d.app.nav.fair = True
    return d


def said(monkeypatch) -> list[str]:
    words: list[str] = []
    real = text.draw

    def spy(surface, s, *args, **kwargs):
        words.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    return words


def test_the_seal_is_on_screen_before_the_seed_is_taken_and_any_card_is_dealt(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    words = said(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    assert d.top.name == "cut" and d.app.nav.match is None  # nothing dealt yet
    d.faces.clear()
    d.frame(2)
    assert not d.faces, "a card face was drawn before the cut"
    assert tr("cut.promise") in words and not any(sealed.fingerprint in w for w in words)  # terms: Details
    d.key(pygame.K_d)
    d.frame(2)
    assert any(sealed.fingerprint in w for w in words) and any(sealed.commitment[:8] in w for w in words)
    assert d.top.chain.player_seed is None  # shown, and the seed not taken yet


def test_a_click_on_the_deck_cuts_it_and_the_deal_follows_the_seal_and_the_cut(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    r = d.top.deck_rect()
    d.click((r.left + r.width * 0.25, r.centery))
    d.wait(lambda: d.top.name in ("deal", "play"))
    match = d.app.nav.match
    seal = match.seal()
    assert seal is not None and seal.by_player and seal.commitment == sealed.commitment
    deal = match.state.deal
    assert deal is not None and deal.version == 3 and deal.link == 1 and 1 < deal.cut < fairdeal.CARDS


def test_keys_cut_too_and_the_next_hand_is_sealed_and_cut_again(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RETURN)
    d.wait(lambda: d.top.name in ("deal", "play"))
    match = d.app.nav.match
    first = match.state.deal
    play_to_end_of_hand(match, knocker_wanted=0)
    d.app.nav.show_result(match, 0)
    d.frame(2)
    check = d.top.deal_check()
    assert check is not None and check[1]  # the tick: the revealed secret matches the seal
    d.key(pygame.K_RETURN)
    if match.state.phase.value != "match_over":
        assert d.top.name == "cut"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_RETURN)
        d.wait(lambda: d.top.name in ("deal", "play"))
        deal = match.state.deal
        assert match.state.hand_no == 1 and match.seal().commitment == sealed.commitment  # one seal, one seed
        assert deal.link == 2 and deal.player_seed == first.player_seed and 1 <= deal.cut <= fairdeal.CARDS


def test_in_hot_seat_the_non_dealer_cuts(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    d.press("#opponent_hotseat")
    d.press("#start")
    assert d.top.name == "cut" and d.top.cutter
    cutter = d.top.cutter
    d.key(pygame.K_RETURN)
    d.wait(lambda: d.app.nav.match is not None)
    match = d.app.nav.match
    assert cutter == match.name(1 - match.state.dealer)


def test_cut_for_me_gives_the_cut_0_and_says_so(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    d.key(pygame.K_c)
    d.wait(lambda: d.top.name in ("deal", "play"))
    match = d.app.nav.match
    assert match.seal() is not None and not match.seal().by_player and match.state.deal.cut == 0
    play_to_end_of_hand(match, knocker_wanted=0)
    d.app.nav.show_result(match, 0)
    d.frame(2)
    words, ok = d.top.deal_check()
    assert ok and "game" in words


def test_quick_play_asks_the_seed_once_then_skips_the_cut(monkeypatch, sealed):
    d = fair_driver(monkeypatch)
    d.app.settings = d.app.settings.with_(cut_for_me=True)
    d.press("#opponent_easy")
    d.press("#start")
    assert d.top.name == "cut"  # the match's seed is asked once, even in quick play
    d.key(pygame.K_RETURN)
    d.wait(lambda: d.top.name in ("deal", "play"))
    match = d.app.nav.match
    play_to_end_of_hand(match, knocker_wanted=0)
    if match.state.phase.value != "match_over":
        d.app.nav.next_hand(match)
        assert d.top.name in ("deal", "play") and match.state.deal.cut == 0 and match.state.deal.link == 2


def test_a_deal_that_is_not_the_sealed_one_gets_no_tick(sealed):
    seal = fairdeal.Seal(sealed.commitment, True)
    sealed.take_seed("mine")
    link = sealed.deal(12).secret
    good = FairDeal(link, 12, 0, "mine", 0, True, 1)
    assert seal.check(good)
    assert not seal.check(FairDeal(bytes(32), 12, 0, "mine", 0, True, 1))  # another secret
    tampered = FairDeal(link, 12, 0, "mine", 0, True, 1)
    order = list(tampered.order)
    order[0], order[1] = order[1], order[0]
    object.__setattr__(tampered, "order", tuple(order))
    assert not seal.check(tampered)
    assert not seal.check(None)


def test_the_bot_hears_nothing_of_the_secret_before_the_hand_is_over(monkeypatch, sealed):
    import game.bots as bots

    heard: list[object] = []
    real = bots.make_bot

    def make_bot(level, seed=None):
        bot = real(level, seed=seed)
        on_event = bot.on_event

        def spy_event(e):
            heard.append(e)
            return on_event(e)

        bot.on_event = spy_event
        return bot

    real_decide = bots.decide

    def spy_decide(bot, obs):
        heard.append(obs)
        return real_decide(bot, obs)

    monkeypatch.setattr(bots, "make_bot", make_bot)
    monkeypatch.setattr(bots, "decide", spy_decide)
    d = fair_driver(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    d.key(pygame.K_RETURN)
    d.wait(lambda: d.top.name == "play" and d.top.human_turn())
    playing = ("upcard_offer", "draw", "discard")
    for _ in range(6):  # a few turns each: the bot hears the draws and throws and decides its own
        d.wait(lambda: d.state.phase.value not in playing or (d.top.name == "play" and d.top.human_turn()))
        if d.state.phase.value not in playing:
            break
        if d.state.phase.value == "upcard_offer":
            d.key(pygame.K_p)
            continue
        d.key(pygame.K_s)
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RETURN)
    secret_hex = d.state.deal.secret.hex()
    assert heard and SECRET.hex() not in repr(heard)
    for item in heard:
        for value in _values(item):
            assert not isinstance(value, (bytes, FairDeal)), item
            assert not (isinstance(value, str) and secret_hex in value), item


def _values(obj, depth: int = 0):
    yield obj
    if depth > 3:
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _values(getattr(obj, f.name), depth + 1)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from _values(v, depth + 1)
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _values(v, depth + 1)


def test_the_first_keystroke_in_a_later_hands_seed_seals_the_match_again(monkeypatch, sealed):
    import pygame_gui

    d = fair_driver(monkeypatch)
    d.press("#opponent_easy")
    d.press("#start")
    d.key(pygame.K_RETURN)
    d.wait(lambda: d.top.name in ("deal", "play"))
    match = d.app.nav.match
    kept = match.chain.player_seed
    play_to_end_of_hand(match, knocker_wanted=0)
    if match.state.phase.value == "match_over":
        return
    d.app.nav.next_hand(match)
    scene = d.top
    assert scene.name == "cut" and scene.chain is match.chain
    scene.toggle_details()
    entry = scene.details.entry
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=kept + "x"))
    assert scene.chain is not match.chain and scene.chain.player_seed is None and scene.chain.first_hand == 2
    shown = scene.chain.commitment
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=kept + "xy"))
    assert scene.chain.commitment == shown  # one new seal for the new seed, however long it is typed
    entry.set_text(kept + "xyz")
    scene.toggle_details()
    scene.key(pygame.K_RETURN)
    d.wait(lambda: d.top.name in ("deal", "play"))
    assert match.chain.commitment == shown and match.state.deal.player_seed == kept + "xyz"


def test_a_used_up_seal_gives_way_to_a_new_one_for_the_next_hand():
    used = MatchSeal(SECRET, links=1, used=1, player_seed="s")
    made: list[int] = []

    class Played:
        chain = used
        state = type("S", (), {"hand_no": 4})()

    def new_seal(first: int) -> MatchSeal:
        made.append(first)
        return MatchSeal(bytes(32), first_hand=first)

    fresh = Match.next_seal(Played(), new_seal)
    assert made == [6] and fresh.player_seed is None and fresh.first_hand == 6
    Played.chain = MatchSeal(SECRET, links=2, used=1, player_seed="s")
    assert Match.next_seal(Played(), new_seal) is Played.chain and made == [6]


def test_a_seed_made_on_the_players_side_has_16_hex_digits_and_differs_each_time():
    seeds = {fairdeal.new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(len(s) == 16 and not s.strip("0123456789abcdef") for s in seeds)
