"""The curtain shows only the curtain: while it is up between people, no word or card of the player
before is drawn (a toast, a tooltip, a hint), sampled on every frame of the way onto it."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import Driver
from helpers.screenwatch import elements, label_of

from game.app.lang import text
from game.engine import IN_PLAY, Discard, DrawStock, Knock, Phase, best_discard

pytestmark = pytest.mark.usefixtures("close_apps")

SECRET = "Throwing K\u2663 leaves 84 deadwood"
TIP = "Knock with the 7\u2666"


class Sampler:
    """Every line the game draws, frame by frame, with the scene on top when it was drawn."""

    def __init__(self, d: Driver, monkeypatch) -> None:
        self.d = d
        self.lines: list[str] = []
        real = text.draw

        def spy(surface, line, *args, **kwargs):
            self.lines.append(line)
            return real(surface, line, *args, **kwargs)

        monkeypatch.setattr(text, "draw", spy)

    def frames(self, n: int, curtain: str) -> list[tuple[str, list[str]]]:
        """Runs ``n`` frames; for each one drawn while ``curtain`` is on top: what it showed, the game's
        own lines, the pygame-gui elements' words and the card faces."""
        seen = []
        for _ in range(n):
            self.lines.clear()
            self.d.frame()
            if self.d.top.name == curtain:
                words = self.lines + [label_of(e) for e in elements(self.d.app)]
                words += [c.symbol for c in self.d.faces]
                seen.append((self.d.top.name, words))
        return seen


def leaks(seen: list[tuple[str, list[str]]], secrets: list[str]) -> list[str]:
    return [w for _, words in seen for w in words if any(s in w for s in secrets)]


def test_a_toast_and_a_tooltip_of_the_player_before_stay_off_the_hot_seat_curtain(monkeypatch):
    d = Driver(monkeypatch)
    d.press("#opponent_hotseat")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    for _ in range(60):
        d.frame()
        if d.top.name == "curtain":
            d.key(pygame.K_RETURN)
        if d.top.name == "play" and d.state.phase is Phase.DISCARD:
            break
        if d.top.name == "play" and d.state.phase in (Phase.UPCARD_OFFER, Phase.DRAW):
            d.top.human_action(d.state.legal_actions()[0])
    play = d.top
    assert play.name == "play" and d.state.phase is Phase.DISCARD
    hand = list(d.state.hands[d.state.to_act])
    tip = d.app.ui.create_tool_tip(TIP, (200, 200), (0, 10), None, None)  # a hover's tooltip, up as the turn passes
    d.app.toast(SECRET, 30.0)
    sampler = Sampler(d, monkeypatch)
    assert play.human_action(next(a for a in d.state.legal_actions() if isinstance(a, Discard)))
    seen = sampler.frames(120, "curtain")
    assert seen, "the turn passed without the curtain"
    assert not tip.alive()
    assert not leaks(seen, [SECRET, TIP] + [c.symbol for c in hand])


def _play_on(d: Driver) -> None:
    """The person to act draws from the stock and throws the engine's best card, knocking when they may."""
    st = d.state
    legal = st.legal_actions()
    if st.phase is Phase.DISCARD:
        choice = best_discard(st.hands[st.to_act], forbidden=st.forbidden_discard())
        d.top.human_action(Knock(choice.card) if Knock(choice.card) in legal else Discard(choice.card))
    else:
        d.top.human_action(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))
    d.frame()


def test_a_toast_of_the_hand_before_stays_off_the_tables_sheet(monkeypatch, prefs):
    d = Driver(monkeypatch, seed=31)
    d.press("#game_night")
    d.press("#night_three")
    for seat in range(3):
        d.press(f"#seat{seat}_person")
    d.press("#night_start")
    d.key(pygame.K_RETURN)
    for _ in range(3000):
        name = d.top.name
        if name == "result":
            break
        if name == "deal":
            d.key(pygame.K_SPACE)
        elif name == "curtain":
            d.key(pygame.K_RETURN)
        elif name == "play" and d.state.phase in IN_PLAY and d.top.human_turn():
            _play_on(d)
        else:
            d.frame()
    assert d.top.name == "result", (d.state.phase, d.state.turns, d.top.human_turn(), d.state.to_act)
    d.app.toast(SECRET, 30.0)
    sampler = Sampler(d, monkeypatch)
    d.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    for _ in range(20):
        d.frame()
        if d.top.name == "table_sheet":
            break
        d.key(pygame.K_RETURN)
    seen = sampler.frames(30, "table_sheet")
    assert seen, "the hand ended without the sheet"
    assert not leaks(seen, [SECRET])


def test_a_toast_on_the_menu_stays_off_the_curtain_of_a_resumed_hot_seat_match(monkeypatch):
    from game.app.pictures.screenshots import picture_app

    d = Driver(monkeypatch, app=picture_app((1280, 720), "en"))
    d.press("#opponent_hotseat")
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    for _ in range(40):
        d.frame()
        if d.top.name == "curtain":
            d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)
    d.press("#leave")
    d.press("#confirm_yes")
    assert d.top.name == "menu" and d.top.can_continue
    d.app.toast(SECRET, 30.0)
    sampler = Sampler(d, monkeypatch)
    d.press("#continue_match")
    seen = sampler.frames(30, "curtain")
    assert seen, "the hot-seat match resumed without the curtain"
    assert not leaks(seen, [SECRET])
