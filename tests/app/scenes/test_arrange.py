"""A knock laid out by hand on the real table: the player's own melds, a layout the engine refuses with
its reason in words, the best layout one key away, and the defender's chosen layoffs, each scored by the
engine's rules."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver, KeepDriver, give, make_app, start_vs_bot

from game.app.config.settings import Settings, settings_from_dict
from game.app.lang.i18n import set_language, tr
from game.app.pictures.arrangeshots import knock_position
from game.app.scenes.arrange import DEADWOOD, NEW, ArrangeScene, KnockLayout
from game.engine import CLASSIC, Discard, DrawStock, Knock, Phase, mask_of, parse_cards, showdown
from game.engine.scoring import settle_knock

KNOCKER = "3H 4H 5H 6H 7S 7C 7D AC 2D 3S KD"  # the run 3H-6H, the sevens, AC 2D 3S loose: 6 after KD


def card(text):
    return parse_cards(text)[0]


def click_card(d, scene, c):
    for key, row in scene.rows():
        for shown, rect in scene.card_spots(key, row):
            if shown == c:
                d.click(rect.center)
                return
    raise AssertionError(f"{c} is not shown")


def click_row(d, scene, wanted):
    for key, row in scene.rows():
        if key == wanted:
            d.click((row.centerx, row.top + 4))
            return
    raise AssertionError(f"no row {wanted}")


def knocking_table(monkeypatch, d=None, **settings):
    d = d or Driver(monkeypatch, seed=31, **settings)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    if d.state.phase is Phase.DRAW:
        d.key(pygame.K_s)
    assert d.state.phase is Phase.DISCARD and d.state.to_act == 0
    st = give(d, 0, KNOCKER)
    d.top.refresh_targets(snap=True)
    d.frame(2)
    return d, st


def test_the_setting_is_off_by_default_and_kept_in_the_settings_file_once_on():
    assert not Settings().arrange_melds and "arrange_melds" not in Settings().to_dict()
    on = Settings(arrange_melds=True)
    assert on.to_dict()["arrange_melds"] is True and settings_from_dict(on.to_dict())[0] == on
    assert settings_from_dict({**on.to_dict(), "arrange_melds": "yes"})[0].arrange_melds is False


def test_with_the_setting_off_knock_plays_the_best_layout(monkeypatch):
    d, st = knocking_table(monkeypatch)
    d.press("#knock")
    assert d.top.name != "arrange" and st.last_result is not None and st.last_result.knocker_deadwood == 6


def test_a_knock_with_the_players_own_melds_is_scored_by_the_engines_rules(monkeypatch):
    d, st = knocking_table(monkeypatch, arrange_melds=True)
    defender = list(st.hands[1])
    d.press("#knock")
    scene = d.top
    assert isinstance(scene, ArrangeScene) and st.phase is Phase.DISCARD  # nothing is played yet
    assert sorted(len(m) for m in scene.layout.melds) == [3, 4]  # the engine's best to start with
    # 6H into the deadwood: 12, over the limit, and the engine's reason in words
    click_card(d, scene, card("6H"))
    click_row(d, scene, DEADWOOD)
    d.press("#arrange_confirm")
    assert d.top is scene and st.phase is Phase.DISCARD and st.last_result is None
    assert scene.message == tr("arrange.why.deadwood", n=12, limit=st.knock_limit)
    d.key(pygame.K_b)  # the best layout again
    assert scene.message == "" and sum(c.value for c in scene.layout.deadwood) == 6
    click_card(d, scene, card("3H"))
    click_row(d, scene, DEADWOOD)
    assert sum(c.value for c in scene.layout.deadwood) == 9
    d.press("#arrange_confirm")
    result = st.last_result
    assert result is not None and result.knocker == 0 and result.knocker_deadwood == 9
    assert {frozenset(m) for m in result.knocker_melds} == {frozenset(parse_cards("4H 5H 6H")),
                                                            frozenset(parse_cards("7S 7C 7D"))}
    melds = [mask_of(parse_cards("4H 5H 6H")), mask_of(parse_cards("7S 7C 7D"))]
    kept = [c for c in parse_cards(KNOCKER) if c != card("KD")]
    expected = showdown(kept, defender, k_melds=melds)
    gain = settle_knock(st.rules, 9, expected.defender_deadwood)
    assert result.defender_deadwood == expected.defender_deadwood
    assert result.points == abs(gain) and result.winner == (0 if gain > 0 else 1)


def test_a_meld_that_is_no_meld_is_refused_and_a_new_meld_row_takes_cards(monkeypatch):
    d, st = knocking_table(monkeypatch, arrange_melds=True)
    d.press("#knock")
    scene = d.top
    for c in ("AC", "2D"):
        click_card(d, scene, card(c))
        click_row(d, scene, NEW if c == "AC" else len(scene.layout.melds) - 1)
    assert any(set(m) == {card("AC"), card("2D")} for m in scene.layout.melds)
    d.press("#arrange_confirm")
    assert scene.message == tr("arrange.why.not_a_meld", meld="A\u2663 2\u2666")
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "play" and st.phase is Phase.DISCARD and st.last_result is None


def test_the_defender_chooses_the_layoffs_and_the_engine_scores_them(monkeypatch):
    app = make_app(monkeypatch)
    set_language("en")
    d = Driver(monkeypatch, app=app)
    state = knock_position()
    throw = card("KD")
    kept = [c for c in state.hands[0] if c != throw]
    melds = tuple(tuple(parse_cards(m)) for m in ("4H 5H 6H", "7S 7C 7D"))
    layout = KnockLayout(Knock(throw, melds), kept, state.knock_limit, defender=list(state.hands[1]))
    played = []
    scene = ArrangeScene(app, layout, lambda k: state.why_illegal(k, 0), lambda k: played.append(state.apply(k, 0)))
    app.push(scene)
    d.frame(2)
    assert set(layout.chosen) == set(parse_cards("7H 8H"))  # the engine's choice to start with
    click_card(d, scene, card("2H"))  # 3H is left loose: 2H fits nothing
    d.press("#arrange_confirm")
    assert scene.message == tr("arrange.why.no_place", card="2\u2665") and not played
    click_card(d, scene, card("2H"))
    click_card(d, scene, card("8H"))  # kept back
    d.press("#arrange_confirm")
    r = state.last_result
    assert played and r.kind == "knock" and [str(c) for c, _ in r.layoffs] == ["7H"]
    assert r.defender_deadwood == 8 + 2 + 10 + 10 + 5 + 9
    assert r.points == settle_knock(CLASSIC, 9, 44) == 35


def test_against_the_computers_knock_the_player_chooses_the_layoffs_first(monkeypatch):
    import game.bots as bots

    ten = set(parse_cards("3H 4H 5H 6H 7S 7C 7D AC 2D 3S"))  # 6 loose: any eleventh card thrown knocks
    real = bots.decide

    def knocks_at_once(bot, obs):
        if ten <= set(obs.hand) and obs.phase is Phase.DRAW:
            return DrawStock()
        if ten <= set(obs.hand) and len(obs.hand) == 11:
            return Knock(next(c for c in obs.hand if c not in ten))
        return real(bot, obs)

    monkeypatch.setattr(bots, "decide", knocks_at_once)
    d = Driver(monkeypatch, seed=31, arrange_melds=True)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    if d.state.phase is Phase.DRAW:
        d.key(pygame.K_s)
    st = give(d, 1, " ".join(str(c) for c in ten))
    d.top.human_action(Discard(st.hands[0][0]))
    d.wait(lambda: d.top.name == "arrange")
    scene = d.top
    assert scene.layout.defending and st.last_result is None and st.to_act == 1  # the knock waits
    assert "#arrange_cancel" not in {i for w in scene.widgets for i in w.object_ids}
    defender = list(st.hands[0])
    fits = scene.layout.can_lay_off()
    d.press("#arrange_best")
    chosen = list(scene.layout.chosen)
    assert set(chosen) == fits
    for c in chosen:  # the player keeps every card back
        click_card(d, scene, c)
    d.press("#arrange_confirm")
    r = st.last_result
    assert r is not None and r.knocker == 1 and r.layoffs == ()
    kept = list(ten)
    gain = settle_knock(st.rules, 6, r.defender_deadwood)
    assert r.defender_deadwood == showdown(kept, defender, allow_layoffs=False).defender_deadwood
    assert r.points == abs(gain)


@pytest.mark.usefixtures("close_apps", "prefs")
def test_the_history_keeps_the_layout_and_its_replay_shows_it(monkeypatch):
    from helpers.apps import start

    from game.app.pictures.staging import plain_move
    from game.engine import best_discard
    from game.engine.record import replay

    d = KeepDriver(monkeypatch, settings=Settings(arrange_melds=True, animation="instant"))
    for seed in range(1, 200):  # a dealt match played forward until the player at the bottom may knock
        d.app.nav.seed = seed
        start(d, "easy")
        match = d.app.nav.match
        st = match.state
        for _ in range(60):
            if st.phase is Phase.DISCARD and st.to_act == 0:
                choice = best_discard(st.hands[0], forbidden=st.forbidden_discard())
                if Knock(choice.card) in st.legal_actions():
                    break
            if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
                break
            match.apply(plain_move(st, want_knock=False), st.to_act)
        if st.phase is Phase.DISCARD and st.to_act == 0 and any(isinstance(a, Knock) for a in st.legal_actions()):
            break
        d.app.nav.to_menu()
        d.frame()
    d.app.nav.begin_play(match)
    d.frame(2)
    d.press("#knock")
    scene = d.top
    assert isinstance(scene, ArrangeScene)
    laid = [set(m) for m in scene.layout.melds]
    d.press("#arrange_confirm")
    result = st.last_result
    assert result is not None and [set(m) for m in result.knocker_melds] == laid
    history = d.app.nav.history()
    history.flush()
    record = history.hands(match.info.match_id)[-1].record
    token = record.moves[-1].token
    assert token.startswith("0k") and token.count(":") == 2  # the layout is in the record
    shown = replay(record).steps[-1].state.last_result
    assert shown == result


def test_at_a_table_of_two_people_the_knocker_lays_out_then_the_defender_lays_off(monkeypatch):
    from game.engine import TakeUpcard

    d = Driver(monkeypatch, seed=21, arrange_melds=True)
    d.press("#opponent_hotseat")
    d.press("#preset_van")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    d.wait(lambda: d.top.name == "curtain")
    d.key(pygame.K_RETURN)
    seat = d.state.to_act
    if d.state.phase is Phase.UPCARD_OFFER:
        d.top.human_action(TakeUpcard())
    else:
        d.key(pygame.K_s)
    assert d.state.phase is Phase.DISCARD and d.state.to_act == seat
    st = give(d, seat, KNOCKER)
    d.top.refresh_targets(snap=True)
    d.frame(2)
    d.press("#knock")
    click_card(d, d.top, card("3H"))
    click_row(d, d.top, DEADWOOD)
    d.press("#arrange_confirm")  # the knocker's own melds: 9 deadwood
    scene = d.top
    assert isinstance(scene, ArrangeScene) and scene.layout.defending and st.last_result is None
    assert set(scene.layout.defender) == set(st.hands[1 - seat])
    fits = set(scene.layout.chosen)
    d.press("#arrange_confirm")
    r = st.last_result
    assert r is not None and r.knocker == seat and r.knocker_deadwood == 9
    assert {c for c, _ in r.layoffs} == fits
    gain = settle_knock(st.rules, 9, r.defender_deadwood)
    assert r.points == abs(gain) and r.winner == (seat if gain > 0 else 1 - seat)
