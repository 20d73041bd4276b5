"""Game night in the app: every mode within three clicks, whole tables played, and no hidden card drawn to the
wrong person (the score sheet between hands is the curtain; hot-seat duels keep their own)."""
import pygame
import pytest
from helpers.apps import Driver

from game.engine import IN_PLAY, Knock, Phase, best_discard
from game.engine.daily import daily_deal, utc_day

pytestmark = pytest.mark.usefixtures("close_apps")


def _table(d):
    return d.app.nav.tables.run.table


def _play_my_turn(d):
    """The person to act plays the engine's best throw with the keyboard (knocking when it may)."""
    st = d.state
    if st.phase is Phase.UPCARD_OFFER:
        d.key(pygame.K_p)
        return
    if st.phase is Phase.DRAW:
        d.key(pygame.K_s)
        return
    choice = best_discard(st.hands[st.to_act], forbidden=st.forbidden_discard())
    d.top.model.cursor = 0
    d.key(pygame.K_RIGHT)
    for _ in range(12):
        if d.top.my_hand()[d.top.model.cursor] == choice.card:
            break
        d.key(pygame.K_RIGHT)
    if Knock(choice.card) in st.legal_actions():
        d.key(pygame.K_UP)
        d.key(pygame.K_k)
    else:
        d.key(pygame.K_RETURN)


def _drive(d, hands, audit):
    """Play ``hands`` hands of the table (or to its end), calling ``audit(d)`` on every screen."""
    start = len(_table(d).history)
    for _ in range(4000):
        table = _table(d)
        if table.over or len(table.history) - start >= hands and d.top.name == "table_sheet":
            return
        audit(d)
        name = d.top.name
        if name == "table_sheet":
            if d.top.playing_alone:
                d.frame()
            else:
                d.key(pygame.K_RETURN)
        elif name == "deal":
            d.key(pygame.K_SPACE)
        elif name in ("curtain", "result"):
            d.key(pygame.K_RETURN)
        elif name == "play" and d.state.phase in IN_PLAY and d.top.human_turn():
            _play_my_turn(d)
        else:
            d.frame()
    pytest.fail(f"the table did not move on from {d.top.name}")


def _no_wrong_face(d):
    """No card face of a hand is drawn unless the person at the screen holds it or it is public."""
    d.frame()
    name = d.top.name
    if name in ("table_sheet", "curtain", "game_night"):
        assert not d.faces, f"a card face was drawn on the {name} screen"
    elif name == "play":
        st, viewer = d.state, d.top.viewer
        hidden = set().union(*(st.hands[s] for s in (0, 1) if s != viewer)) - d.top.public_cards()
        assert not set(d.faces) & hidden, "a card of the other hand was drawn face up"


@pytest.mark.slow
def test_three_people_at_one_table_see_only_their_own_cards(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=31)
    d.press("#game_night")
    d.press("#night_three")
    for seat in range(3):
        d.press(f"#seat{seat}_person")
    d.press("#night_start")
    assert d.top.name == "table_sheet" and not d.faces
    _drive(d, 3, _no_wrong_face)
    table = _table(d)
    assert len(table.history) >= 3
    # the dealer of each hand sat it out and the deal went round
    assert [h.duel.sitting_out for h in table.history[:3]] == [((table.first + n) % 3,) for n in range(3)]


@pytest.mark.slow
def test_two_friends_against_two_computers_pass_the_screen_through_the_sheet(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=32)
    d.press("#game_night")
    d.press("#night_pairs")
    for seat, kind in enumerate(("person", "easy", "person", "easy")):
        d.press(f"#seat{seat}_{kind}")
    d.press("#night_start")
    seen = []

    def audit(d):
        _no_wrong_face(d)
        if d.top.name == "play":
            m = d.app.nav.match
            seen.append(m.run.table.duel.seats[d.top.viewer])
            assert m.vs_bot and d.top.viewer == 0  # the person faces the computer from the bottom seat

    _drive(d, 4, audit)
    assert {0, 2} <= set(seen)


@pytest.mark.slow
def test_a_person_with_three_computers_finishes_a_table(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=33)
    d.app.apply_settings(d.app.settings.with_(rules=d.app.settings.rules.with_(target=30)))
    d.press("#game_night")
    d.press("#night_pairs")
    for seat, kind in enumerate(("person", "easy", "easy", "easy")):
        d.press(f"#seat{seat}_{kind}")
    d.press("#night_start")
    _drive(d, 10_000, lambda d: None)
    table = _table(d)
    assert table.over and d.top.name == "table_sheet"
    assert any(all(s != 0 for s in h.duel.seats) for h in table.history)  # the computers' own duels
    d.frame(5)
    assert "win the match" in d.top.headline()


def test_every_way_of_playing_is_three_clicks_or_fewer_from_the_menu(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=34)
    d.press("#preset_hollywood")
    d.press("#start")
    assert d.app.nav.match.rules.hollywood
    d.app.nav.to_menu()
    d.frame(2)
    d.press("#preset_straight")
    d.press("#start")
    assert d.app.nav.match.rules.straight_gin
    d.app.nav.to_menu()
    d.frame(2)
    d.press("#game_night")
    d.press("#night_daily")
    deal = daily_deal(utc_day(__import__("datetime").datetime.now(__import__("datetime").timezone.utc)))
    match = d.app.nav.match
    assert match.state.seed == deal.seed and match.setup.level == deal.level and not match.fair
    d.app.nav.to_menu()
    d.frame(2)
    for kind in ("three", "pairs"):
        d.press("#game_night")
        d.press(f"#night_{kind}")
        d.press("#night_start")
        assert d.top.name == "table_sheet" and _table(d).kind == kind
        d.app.nav.to_menu()
        d.frame(2)
