"""Between two hands with a friend over the network the window goes on: the result screen's frames run while the
next hand is dealt by both, its Next button says what it waits for, the pause still opens, and a friend who
leaves while the result shows is said there."""
from __future__ import annotations

import threading

import pygame
import pytest
import test_app_netmatch
from helpers.netsession import plain_move
from test_app_netmatch import _join, _play

from game.app.lang.i18n import tr
from game.app.matches import netmatch
from game.app.scenes.play import PlayScene
from game.app.scenes.result import ResultScene

pytestmark = pytest.mark.usefixtures("close_apps")
friend_host = test_app_netmatch.friend_host  # the friend hosts as Ann, the app joins as Bob


class SlowFriend(test_app_netmatch.Friend):
    """A friend who comes to the next hand only when told (``ready``)."""

    def __init__(self, session, seed: int) -> None:
        self.ready = threading.Event()
        super().__init__(session, seed)

    def _run(self) -> None:
        while not self.stop.is_set() and not self.session.finished:
            self.session.poll(0.002)
            if self.session.my_turn:
                self.session.play(plain_move(self.session, self.rng))
            if self.session.between_hands and self.ready.is_set():
                self.session.next_hand()


def _next_button(d):
    return next(w for w in d.top.widgets if w.object_ids[-1] == "#next_hand")


def test_the_next_hand_is_awaited_frame_by_frame_and_the_pause_still_opens(monkeypatch, friend_host):
    monkeypatch.setattr(netmatch, "FRIEND_SECONDS", 0.0)
    d, session = _join(monkeypatch, friend_host)
    friend = SlowFriend(session, 21)
    try:
        _play(d, lambda: isinstance(d.top, ResultScene))
        result = d.top
        result.skip()
        result.next()  # the friend is not ready: the screen stays, its frames go on
        for _ in range(20):
            d.frame()
        assert d.top is result and session.hand == 1
        assert _next_button(d).text == tr("net.dealing") and not _next_button(d).is_enabled
        assert tr("net.waiting_for", name="Ann") in d.app.scenes.toast_text
        d.key(pygame.K_ESCAPE)
        assert d.top.name == "pause"  # Esc works while the next hand waits
        d.top.resume()
        d.frame(2)
        assert d.top is result
        friend.ready.set()
        _play(d, lambda: isinstance(d.top, PlayScene) and d.top.state.hand_no == 1)
    finally:
        friend.leave()


def test_a_friend_who_leaves_while_the_result_shows_is_said_there(monkeypatch, friend_host):
    d, session = _join(monkeypatch, friend_host)
    friend = SlowFriend(session, 22)
    _play(d, lambda: isinstance(d.top, ResultScene))
    friend.leave()
    _play(d, lambda: tr("net.reason.left") in d.app.scenes.toast_text, 5)
    assert isinstance(d.top, ResultScene)  # said on the result screen itself
    d.top.skip()
    d.top.next()
    d.frame(2)
    assert d.top.name == "menu"
