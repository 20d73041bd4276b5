"""The game sounds its moments (deal, draw, discard, knock, results) and plays on silently without an
audio device."""
from __future__ import annotations

import pygame
import pytest
from helpers.apps import KeepDriver, start

from game.app.matches.match import event_sounds
from game.app.pictures.staging import plain_move
from game.app.stage import sound
from game.engine import Phase

pytestmark = pytest.mark.usefixtures("close_apps", "prefs")


@pytest.fixture
def heard(monkeypatch):
    names: list[str] = []
    real = sound.SoundBank.play

    def spy(self, name):
        names.append(name)
        return real(self, name)

    monkeypatch.setattr(sound.SoundBank, "play", spy)
    return names


def test_moves_and_results_make_their_sounds(monkeypatch, heard):
    d = KeepDriver(monkeypatch, seed=12)
    start(d, "easy")
    assert "shuffle" in heard  # the deal
    match = d.app.nav.match
    st = match.state
    for _ in range(400):
        if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            break
        match.apply(plain_move(st), st.to_act)
    assert {"draw", "discard"} <= set(heard)
    assert {"knock", "gin"} & set(heard) or st.last_result.kind == "dead"
    d.app.nav.show_result(match, 0)
    assert not {"hand_won", "hand_lost"} & set(heard)  # the showdown is staged: the result sounds with its points
    d.key(pygame.K_SPACE)  # skipped to the end, it still sounds
    assert heard[-1] in ("hand_won", "hand_lost")
    won = st.last_result.winner == 0
    assert heard[-1] == ("hand_won" if won else "hand_lost")


def test_event_sounds_follow_the_events():
    from game.engine import Card, Discarded, Drew, Knocked

    c = Card.parse("AS")
    events = [Drew(0, "stock", None), Discarded(1, c), Knocked(0, c, "knock"), Knocked(1, None, "big_gin")]
    assert event_sounds(events) == ["draw", "discard", "knock", "gin"]


def test_the_game_runs_silent_without_an_audio_device(monkeypatch, heard):
    pygame.mixer.quit()
    made: list[sound.SoundBank] = []
    real_init = sound.SoundBank.__init__

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    def watched(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(sound.SoundBank, "__init__", watched)
    d = KeepDriver(monkeypatch, seed=3)
    assert made and not any(bank.available for bank in made) and pygame.mixer.get_init() is None
    start(d, "easy")
    match = d.app.nav.match
    st = match.state
    for _ in range(30):
        if st.phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            break
        match.apply(plain_move(st), st.to_act)
    d.frame(5)
    d.press("#menu_button") if d.top.name == "play" else None
    d.app.nav.to_menu()
    d.press("#settings")
    d.press("#set_sound_false")
    d.press("#set_sound_true")
    assert d.app.settings.sound and heard  # asked to play, silently
