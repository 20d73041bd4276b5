"""A save binds its deal: on Continue the cards of the hand in play must be the sealed deal's cards after
the recorded moves, with its cut; an edited save resumes with the notice and the hand unverifiable.
And no card of a hand or the stock is readable in the save's text."""
from __future__ import annotations

import base64
import json
import re

import pygame
import pytest
from helpers.apps import _apps, frames

from game.app.config.settings import Settings
from game.app.lang import i18n, text
from game.app.matches.match import MatchSetup
from game.app.pictures.staging import MemoryStore, plain_move, play_to_end_of_hand
from game.app.program.app import App
from game.app.records.stats import Stats
from game.app.scenes.cut import CutScene
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage.resume import match_text, open_envelope, read_saved, seal_envelope
from game.engine import DECK, MatchState, Phase, preset

pytestmark = pytest.mark.usefixtures("close_apps")

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def playing(tmp_path, moves: int = 4, mode: str = "bot") -> tuple[App, MemoryStore]:
    """A fair match (the seal, the player's seed, a cut) a few moves into its first hand, saved."""
    text.reset()
    store = MemoryStore()
    services = Services(store=store, stats=Stats(tmp_path / "stats.sqlite3", background=False),
                        sound=SilentSound(), crash=SilentCrashLog())
    app = App(size=(1280, 720), settings=Settings(language="en", animation="instant"), services=services)
    _apps.append(app)
    app.nav.seed, app.nav.fair = 70, True
    names = ("Ava", "Ben") if mode == "hotseat" else ("", "")
    app.nav.start_match(MatchSetup(mode, preset("van"), 17, "easy", names=names))
    assert isinstance(app.top, CutScene)
    app.top.seed_changed("words only I know")
    app.top.key(pygame.K_RETURN)
    frames(app, 3)
    match = app.nav.match
    for _ in range(moves):
        state = match.state
        match.apply(plain_move(state, want_knock=False), state.to_act)
    assert match.state.phase in (Phase.DRAW, Phase.DISCARD, Phase.UPCARD_OFFER) and store._match is not None
    return app, store


def edit(store: MemoryStore, change) -> None:
    data = open_envelope(json.loads(store._match))
    change(data["match"], data.get("hand"))
    store._match = seal_envelope(data)


def resumed(app: App) -> str | None:
    app.nav.to_menu()
    app.scenes.toast_text = ""
    assert app.nav.continue_match()
    return app.scenes.toast_text or None


def _swap_hand_and_stock(match, hand):
    match["hands"][0][0], match["stock"][0] = match["stock"][0], match["hands"][0][0]


def _swap_and_drop_the_deal(match, hand):
    _swap_hand_and_stock(match, hand)
    match["deal"] = None


def _drop_the_deal(match, hand):
    match["deal"] = None


def _swap_between_hands(match, hand):
    match["hands"][0][0], match["hands"][1][0] = match["hands"][1][0], match["hands"][0][0]


def _flip_who_cut(match, hand):
    match["deal"]["by_player"] = not match["deal"]["by_player"]
    hand["fair"]["by_player"] = match["deal"]["by_player"]


def _flip_the_cut(match, hand):
    match["deal"]["cut"] = 26 if match["deal"]["cut"] != 26 else 25
    match["deal"]["by_player"] = True
    hand["fair"]["cut"], hand["fair"]["by_player"] = match["deal"]["cut"], True


EDITS = {"a hand card swapped with a stock card, the deal deleted": _swap_and_drop_the_deal,
         "a hand card swapped with a stock card": _swap_hand_and_stock,
         "the deal deleted": _drop_the_deal,
         "a card swapped between the hands": _swap_between_hands,
         "who cut flipped": _flip_who_cut,
         "the cut changed": _flip_the_cut}


@pytest.mark.parametrize("kind", sorted(EDITS))
def test_an_edited_save_resumes_with_the_notice_and_the_hand_unverifiable(tmp_path, kind):
    app, store = playing(tmp_path)
    edit(store, EDITS[kind])
    assert resumed(app) == i18n.tr("notice.deal_cards")
    assert app.nav.match.state.deal is None  # the hand cannot be exported


def test_an_untouched_save_resumes_without_a_word_and_keeps_its_deal(tmp_path):
    app, store = playing(tmp_path)
    deal = app.nav.match.state.deal
    edit(store, lambda match, hand: None)  # opened and sealed again, nothing changed
    assert resumed(app) is None
    assert app.nav.match.state.deal == deal


def test_a_swap_in_the_hand_record_alone_is_noticed_too(tmp_path):
    app, store = playing(tmp_path)

    def change(match, hand):
        mine, stock = hand["deal"][0].split(), hand["deal"][3].split()
        mine[0], stock[0] = stock[0], mine[0]
        hand["deal"][0], hand["deal"][3] = " ".join(mine), " ".join(stock)

    edit(store, change)
    assert resumed(app) == i18n.tr("notice.deal_cards")


def _card_words() -> list[str]:
    words = []
    for card in DECK:
        name = str(card)
        words += [name, name[:-1] + SUITS[name[-1]]]
    return words


@pytest.mark.parametrize("mode", ["bot", "hotseat"])
def test_no_card_of_a_hand_or_the_stock_is_readable_in_the_save(tmp_path, mode):
    app, store = playing(tmp_path, moves=5, mode=mode)
    saved = store._match
    data = json.loads(saved)
    assert set(data) <= {"format", "version", "saved_at", "over", "meta", "nonce", "sealed"}
    plain = json.dumps({k: v for k, v in data.items() if k != "sealed"}, ensure_ascii=False)
    words = _card_words()
    assert not [w for w in words if re.search(r"(?<![0-9A-Za-z])" + re.escape(w) + r"(?![0-9A-Za-z])", plain)]
    assert not re.search(r"\[\s*\d+\s*(,\s*\d+\s*){4,}\]", plain)  # no list of card indexes either
    decoded = base64.b64decode(data["sealed"])  # what a player decoding the base64 by hand sees
    assert not [w for w in words if f'"{w}"'.encode() in decoded] and b'"hands"' not in decoded
    state = read_saved(saved).state  # and yet the game reads every card back
    assert state is not None and state.hands == app.nav.match.state.hands


def _plain_v1(state, meta, hand, seal) -> str:
    """A save as version 1 of the file wrote it: the match, the hand record and the seal in plain JSON."""
    head = {"format": "gin-rummy-resume", "version": 1, "saved_at": 0.0, "meta": meta.to_dict()}
    if seal is not None:
        head["seal"] = seal
    if hand is not None:
        head["hand"] = hand
    head["match"] = state
    return json.dumps(head)


def test_a_version_1_save_in_plain_json_still_loads_with_its_deal(tmp_path):
    app, store = playing(tmp_path)
    data = open_envelope(json.loads(store._match))
    meta = app.nav.match.info
    saved = read_saved(_plain_v1(data["match"], meta, data["hand"], data["seal"]))
    assert saved.state == app.nav.match.state and saved.state.deal_notice is None
    assert saved.state.deal == app.nav.match.state.deal and saved.seal == data["seal"]


def test_a_version_1_save_with_a_card_swapped_between_the_hands_is_noticed_too(tmp_path):
    app, store = playing(tmp_path)
    data = open_envelope(json.loads(store._match))
    _swap_between_hands(data["match"], data["hand"])
    saved = read_saved(_plain_v1(data["match"], app.nav.match.info, data["hand"], data["seal"]))
    assert saved.state.deal is None and saved.state.deal_notice == "cards"


def test_a_seeded_match_is_saved_out_of_plain_sight_too(tmp_path):
    app, store = playing(tmp_path)
    data = open_envelope(json.loads(store._match))
    seeded = MatchState.new(preset("van"), 5)[0]
    text = match_text(seeded, app.nav.match.info)
    opened = json.loads(text)
    assert "match" not in opened and not [w for w in _card_words() if f'"{w}"' in text]
    assert read_saved(text).state == seeded and data["match"]["seed"] == 17


def test_between_hands_the_finished_hand_is_bound_to_its_deal_too(tmp_path):
    app, store = playing(tmp_path)
    play_to_end_of_hand(app.nav.match)
    assert app.nav.match.state.phase is Phase.HAND_OVER
    kept = store._match
    assert resumed(app) is None and app.nav.match.state.deal is not None
    for change in (_swap_and_drop_the_deal, _drop_the_deal):
        store._match = kept
        edit(store, change)
        assert resumed(app) == i18n.tr("notice.deal_cards") and app.nav.match.state.deal is None
