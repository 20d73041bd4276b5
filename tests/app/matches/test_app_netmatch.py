"""A match with a friend over the network on the real table: the person's own seat at the bottom whichever it
is, the friend's moves arriving as a computer's would, a hand played to its result and the next one dealt by
both, and a friend who leaves said on the table.  The friend is a session in this test, over the loopback."""
from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from helpers.apps import Driver
from helpers.netlink import QUICK
from helpers.netsession import plain_move

from game.app.matches.netlobby import LinkKit, Lobby
from game.app.pictures.staging import plain_move as table_move
from game.app.program.flow import keep_online_hand
from game.app.scenes.menu import MenuScene
from game.app.scenes.play import PlayScene
from game.app.scenes.result import ResultScene
from game.engine import IN_PLAY, preset

pytestmark = pytest.mark.usefixtures("close_apps")
ROOT = Path(__file__).resolve().parents[3]
KIT = LinkKit(find=lambda room, seconds: None, advertise=lambda room, port, address: None, bind="127.0.0.1",
              timing=QUICK)


@pytest.fixture
def friend_host(request):
    """The friend hosts (classic to 100 unless a test says, as Ann); the app joins as Bob."""
    pool = ThreadPoolExecutor(1)
    lobby = Lobby(KIT, pool.submit)
    lobby.open_host("Ann", preset("classic", getattr(request, "param", 100)))
    deadline = time.monotonic() + 5
    while lobby.poll() != "waiting" and time.monotonic() < deadline:
        time.sleep(0.005)
    yield lobby
    lobby.close()
    pool.shutdown()


def _join(monkeypatch, friend: Lobby) -> tuple[Driver, object]:
    d = Driver(monkeypatch, names=("Bob", ""))
    d.app.nav.net_kit = KIT
    d.press("#network")
    d.press("#net_mode_join")
    d.top.typed.update(code=str(friend.code), address="127.0.0.1:" + friend.address.rsplit(":", 1)[1])
    d.top.rebuild_ui()
    d.press("#net_open")
    for _ in range(3000):
        d.frame()
        if friend.poll() == "agreed" and friend.session.state is not None:
            return d, friend.take()
        time.sleep(0.002)
    raise AssertionError(f"not agreed: {friend.state} {friend.reason}")


class Friend:
    """The friend's machine: its session polled and played in a thread of its own."""

    def __init__(self, session, seed: int) -> None:
        self.session, self.rng, self.stop = session, random.Random(seed), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set() and not self.session.finished:
            self.session.poll(0.002)
            if self.session.my_turn:
                self.session.play(plain_move(self.session, self.rng))
            if self.session.between_hands:  # the friend is ready for the next deal at once
                self.session.next_hand()

    def leave(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.session.close()


def _play(d: Driver, until, seconds: float = 20.0) -> None:
    """The app's seat plays through its table until ``until()``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        d.frame()
        top = d.top
        if isinstance(top, PlayScene) and top.human_turn() and not d.app.table.busy:
            top.human_action(table_move(top.state))
        time.sleep(0.001)
    assert until(), f"stopped on {d.top.name}"


def test_a_guest_plays_its_own_seat_to_the_result_and_the_next_hand_is_dealt_by_both(monkeypatch, friend_host,
                                                                                     tmp_path):
    d, session = _join(monkeypatch, friend_host)
    friend = Friend(session, 7)
    kept: list[dict] = []
    try:
        _play(d, lambda: isinstance(d.top, PlayScene), 5)
        play = d.top
        play.match.keepers.append(kept.append)
        assert play.viewer == play.bottom == 1  # the guest sits in seat 1, at the bottom, its hand face up
        assert play.match.name(0) == "Ann" and play.match.name(1) == "Bob"
        _play(d, lambda: isinstance(d.top, ResultScene))
        mine = d.top.state.last_result
        d.top.match.after_hand(d.app.nav)
        _play(d, lambda: isinstance(d.top, PlayScene) and d.top.state.hand_no == 1)
    finally:
        friend.leave()
    assert mine is not None and mine == session.history[0]  # one hand, its true cards, one result on both
    assert session.hand >= 1  # the next hand was dealt by both
    assert [record["hand"] for record in kept] == [1]  # the first hand, checked by both, kept for checking
    path = keep_online_hand(tmp_path, "20261204-2200", kept[0])
    checked = subprocess.run([sys.executable, str(ROOT / "tools" / "check_online.py"), str(path)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_friend_who_leaves_is_said_on_the_table_and_the_next_hand_goes_home(monkeypatch, friend_host):
    d, session = _join(monkeypatch, friend_host)
    friend = Friend(session, 8)
    _play(d, lambda: isinstance(d.top, PlayScene), 5)
    friend.leave()
    _play(d, lambda: "Your friend left." in d.app.scenes.toast_text, 5)
    d.top.match.after_hand(d.app.nav)
    assert isinstance(d.top, MenuScene)


def test_leaving_the_table_tells_the_friend(monkeypatch, friend_host):
    d, session = _join(monkeypatch, friend_host)
    friend = Friend(session, 9)
    _play(d, lambda: isinstance(d.top, PlayScene), 5)
    d.app.nav.to_menu()  # what the pause menu's Leave does
    deadline = time.monotonic() + 5
    while not session.finished and time.monotonic() < deadline:
        time.sleep(0.01)
    friend.leave()
    assert session.ended is not None and session.ended.word == "left"


def test_a_dropped_line_and_its_return_are_said_on_the_table(monkeypatch):
    from helpers.netsession import memory_pair

    from game.app.matches.match import MatchSetup
    from game.app.matches.netmatch import NetMatch
    from game.net.session import Session
    from game.net.transport import Event

    host_link, guest_link = memory_pair()
    host, guest = Session(host_link, "Ann", preset("classic", 100)), Session(guest_link, "Bob")
    for _ in range(2000):
        host.poll()
        guest.poll()
        if guest.state is not None and guest.state.phase in IN_PLAY:
            break
    d = Driver(monkeypatch)
    match = NetMatch(MatchSetup("hotseat", preset("classic", 100), 0, names=("Ann", "Bob")), d.app.bots,
                     session=guest)
    guest_link.events.put(Event("paused", "dropped", "the line dropped"))
    guest_link.events.put(Event("resumed", "back", "the line is back"))
    match.arrived()
    assert match.take_notices() == [
        "The line to your friend dropped: the match waits for it to come back (two minutes at most).",
        "Your friend is back: the match goes on."]
    assert match.take_notices() == []  # each said once


@pytest.mark.slow  # a whole match, hand after hand
@pytest.mark.parametrize("friend_host", [50], indirect=True)
def test_a_whole_match_with_a_friend_ends_on_the_match_over_screen(monkeypatch, friend_host):
    from game.app.scenes.matchover import MatchOverScene

    d, session = _join(monkeypatch, friend_host)
    friend = Friend(session, 10)
    try:
        for _ in range(40):
            _play(d, lambda: isinstance(d.top, ResultScene))
            shown = d.top
            shown.next()  # the next hand comes in the frames that follow, dealt by both
            _play(d, lambda shown=shown: d.top is not shown)
            if isinstance(d.top, MatchOverScene):
                break
    finally:
        friend.leave()
    assert isinstance(d.top, MatchOverScene) and session.match_over


def test_while_the_line_is_down_the_table_says_so_and_its_clock_stands_still(monkeypatch):
    from helpers.netsession import memory_pair

    from game.app.lang.i18n import tr
    from game.net.session import Session
    from game.net.transport import Event

    rules = preset("van", 100)  # a turn clock
    host_link, guest_link = memory_pair()
    host, guest = Session(host_link, "Ann", rules), Session(guest_link, "Bob")
    for _ in range(2000):
        host.poll()
        guest.poll()
        if guest.state is not None and guest.state.phase in IN_PLAY:
            break
    d = Driver(monkeypatch)
    d.app.nav.play_network(guest)
    for _ in range(600):  # the deal flies in; then the guest's own turn, or the host's move first
        d.frame()
        host.poll()
        if host.my_turn:
            host.play(plain_move(host, random.Random(2)))
        if isinstance(d.top, PlayScene) and d.top.model.human_turn() and not d.app.table.busy:
            break
    play = d.top
    assert isinstance(play, PlayScene) and play.model.human_turn()
    guest_link.events.put(Event("paused", "dropped", "the line dropped"))
    d.frame()
    assert play.hud.status_text() == tr("status.line_down", name="Ann")
    left = play.clock.left
    for _ in range(30):
        d.frame()
    assert play.clock.left == left  # the turn clock waits for the line too (the session holds the turn)
    guest_link.events.put(Event("resumed", "back", "the line is back"))
    for _ in range(30):
        d.frame()
    assert play.hud.status_text() != tr("status.line_down", name="Ann") and play.clock.left < left
