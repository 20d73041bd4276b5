"""Fit and finish of the table: each test here failed on the table before its fix."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver, give, start_vs_bot

from game.engine import Discard, Phase

pytestmark = pytest.mark.usefixtures("close_apps")


def test_the_table_lays_itself_out_again_on_the_resize_frame(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    for size in ((800, 600), (1920, 1080), (1100, 700)):
        d.resize(size)  # its last frame is the first laid out at the new size
        lay = d.app.layout
        table = d.app.table
        screen = d.app.screen.get_rect()
        stock = lay.card_rect(lay.stock_x, lay.pile_y)
        for card in d.top.my_hand():
            sprite = table.sprites[card]
            rect = lay.card_rect(sprite.x, sprite.y, sprite.scale)
            assert screen.contains(rect), (size, card, rect)
            assert not rect.colliderect(stock), (size, card)
            target = table.target_rect(card)
            assert target is not None and abs(rect.centerx - target.centerx) <= 1, (size, card)


def _my_turn_to_throw(d: Driver) -> None:
    d.wait(lambda: d.top.human_turn())
    if d.state.phase is Phase.UPCARD_OFFER:
        d.key(pygame.K_p)
        d.wait(lambda: d.top.human_turn())
    if d.state.phase is Phase.DRAW:
        d.key(pygame.K_s)
    assert d.state.phase is Phase.DISCARD and d.top.human_turn()


def test_the_turn_clock_waits_for_the_cards_to_land(monkeypatch):
    d = Driver(monkeypatch, seed=100, animation="normal")
    d.press("#opponent_easy")
    d.press("#preset_van")
    d.press("#start")
    d.wait(lambda: d.top.name == "play" and d.top.human_turn() and d.top.clock.key is not None)
    while d.app.table.busy:
        d.frame()
    d.frame()
    limit = d.state.rules.turn_timer
    assert d.top.clock.left > limit - 0.1  # the full time from the moment the cards rest


def test_selection_resets_when_a_turn_begins_and_the_cursor_keeps_its_card(monkeypatch):
    d = Driver(monkeypatch, seed=7)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    if d.state.phase is Phase.UPCARD_OFFER:
        d.key(pygame.K_p)
        d.wait(lambda: d.top.human_turn())
    assert d.state.phase is Phase.DRAW
    d.key(pygame.K_RIGHT)  # the cursor appears
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    pointed = d.top.model.cursor_card()
    d.key(pygame.K_s)  # a card comes in, maybe before the pointed one
    assert d.top.model.cursor_card() == pointed
    d.key(pygame.K_UP)  # choose it ...
    assert d.top.model.selected == pointed
    d.key(pygame.K_RETURN)  # ... and throw it
    assert pointed in d.state.discard
    d.wait(lambda: d.top.human_turn() or d.state.phase not in (Phase.DRAW, Phase.DISCARD))
    if d.top.human_turn():
        assert d.top.model.selected is None and not d.top.model.keyboard


def test_the_last_ten_seconds_tick_and_the_clock_move_is_announced(monkeypatch):
    d = Driver(monkeypatch, seed=3)
    cues: list[str] = []
    d.app.on_cue.append(cues.append)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    turns = d.state.turns
    d.frame(1)
    while d.top.clock.left > 10.5:
        d.app.frame(0.25, present=False)
    assert cues.count("timer_urgent") == 0
    for _ in range(60):
        d.app.frame(0.25, present=False)
        if d.state.turns > turns or d.state.to_act != 0:
            break
    assert 9 <= cues.count("timer_urgent") <= 10
    assert d.app.scenes.toast_text.startswith("Time's up") and d.app.time < d.app.scenes.toast_until


def test_the_preview_follows_a_drag_and_never_previews_the_card_just_taken(monkeypatch):
    d = Driver(monkeypatch, seed=5)
    start_vs_bot(d, "easy")
    _my_turn_to_throw(d)
    hand = d.top.my_hand()
    card = hand[0]
    start = d.card_center(card)
    d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    d.frame()
    d.post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 120), rel=(0, 0), buttons=(1, 0, 0))
    d.frame()
    assert d.top.model.drag is not None and d.top.model.drag.active
    assert card.symbol in d.top.hud.counter_text()[0]
    d.post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    d.frame(2)
    assert len(d.state.hands[0]) == 11  # dropped where it was taken: nothing thrown
    # the next turn takes the computer's throw from the pile, which may not go back: pointing at it
    # previews nothing, while pointing at another card previews throwing that one
    d.top.human_action(Discard(card))
    d.wait(lambda: d.top.human_turn() or d.state.phase not in (Phase.DRAW, Phase.DISCARD))
    assert d.state.phase is Phase.DRAW and d.top.human_turn()
    d.key(pygame.K_d)
    taken = d.state.forbidden_discard()
    assert d.state.phase is Phase.DISCARD and taken is not None and taken in d.top.my_hand()
    other = next(c for c in d.top.my_hand() if c != taken)
    for pointed, previewed in ((taken, False), (other, True)):
        d.post(pygame.MOUSEMOTION, pos=d.card_center(pointed), rel=(0, 0), buttons=(0, 0, 0))
        d.frame()
        assert d.top.model.hover == pointed
        assert (pointed.symbol in d.top.hud.counter_text()[0]) is previewed, (pointed, d.top.hud.counter_text())


def test_k_on_a_hand_that_cannot_knock_says_why(monkeypatch):
    d = Driver(monkeypatch, seed=5)
    start_vs_bot(d, "easy")
    _my_turn_to_throw(d)
    # the deal of this seed cannot knock here, so there is something to explain
    assert not any(a.__class__.__name__ in ("Knock", "BigGin") for a in d.state.legal_actions())
    d.key(pygame.K_k)
    said = d.app.scenes.toast_text
    # it names the throw that comes closest and the deadwood that throw would leave
    hand = d.state.hands[0]
    assert any(c.symbol in said for c in hand), said
    assert str(d.state.knock_limit) in said and "deadwood" in said


def test_after_the_curtain_the_log_tells_what_the_other_player_did(monkeypatch):
    d = Driver(monkeypatch, seed=21)
    d.press("#opponent_hotseat")
    d.press("#preset_van")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    d.wait(lambda: d.top.name == "curtain")
    d.key(pygame.K_RETURN)
    first = d.state.to_act
    _my_turn_to_throw(d)
    thrown = d.top.my_hand()[0]
    d.top.human_action(Discard(thrown))
    d.wait(lambda: d.top.name == "curtain")
    d.key(pygame.K_RETURN)
    assert d.state.to_act != first
    log = " ".join(d.top.model.log_lines)
    assert thrown.symbol in log and ("stock" in log or "discard pile" in log)


def test_suit_sort_marks_meld_members_card_by_card_and_alternates_colours(monkeypatch):

    from game.app.scenes.tablebase import meld_ids

    d = Driver(monkeypatch, seed=5)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    give(d, 0, "7C 7D 7H 2C 3C 9D KD 4S 9S QH")
    while d.top.sort_mode[0] != "suit":
        d.key(pygame.K_o)
    d.top.refresh_targets(snap=True)
    d.frame(2)
    order = d.top.my_hand()
    suits = [c.suit for c in order]
    runs = [s for k, s in enumerate(suits) if k == 0 or suits[k - 1] != s]
    red = [s in (1, 2) for s in runs]
    assert all(a != b for a, b in zip(red, red[1:], strict=False)), runs  # red and black take turns
    ids = meld_ids(order)
    sevens = {ids[c] for c in order if c.symbol.startswith("7")}
    assert len(sevens) == 1
    bars = d.top.meld_bars(order)
    lay = d.app.layout
    sprites = d.app.table.sprites
    for meld, x0, x1 in bars:
        for k, c in enumerate(order):
            s = sprites[c]
            left, right = s.x - lay.cw / 2, s.x + lay.cw / 2
            for j in (k - 1, k + 1):  # what a neighbour lying on it hides
                if 0 <= j < len(order) and sprites[order[j]].z > s.z:
                    nx = sprites[order[j]].x
                    if nx > s.x:
                        right = min(right, nx - lay.cw / 2)
                    else:
                        left = max(left, nx + lay.cw / 2)
            under = left + lay.px(6) < x1 and right - lay.px(6) > x0
            assert not (under and ids.get(c) != meld), f"the bar of meld {meld} runs under {c}"


def _box_hides_what_is_below(app, scene) -> bool:
    """Inside the overlay's box, the picture is the same whatever lies below it."""
    from game.app.looks import cardart

    app.prerender_cards()
    cardart.wait(30)  # the card pictures in the box are painted, so both drawings show the same faces
    for _ in range(2):
        app.frame(1 / 60, present=False)
    size = app.screen.get_size()
    full = pygame.Surface(size)
    for s in app.stack:
        s.draw(full)
    alone = pygame.Surface(size)
    alone.fill((255, 0, 255))
    scene.draw(alone)
    box = scene.panel_rect().inflate(-12, -12)
    for x in range(box.left, box.right, 7):
        for y in range(box.top, box.bottom, 7):
            if full.get_at((x, y)) != alone.get_at((x, y)):
                return False
    return True


def test_overlays_are_opaque(monkeypatch):
    d = Driver(monkeypatch, seed=21)
    d.press("#opponent_hotseat")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    d.wait(lambda: d.top.name == "curtain")
    d.key(pygame.K_ESCAPE)  # pause over "Pass to ..."
    assert d.top.name == "pause"
    assert _box_hides_what_is_below(d.app, d.top)
    d.key(pygame.K_r)  # the rules over the pause
    assert d.top.name == "rules"
    assert _box_hides_what_is_below(d.app, d.top)
