"""Play over the network on screen: the menu leads to it, a host sees a fresh code big with its address and
waits, a friend joining on another app agrees the match with it, a mistyped code is said in words, and
Back or Escape goes home closing what was open.  Over the loopback address only."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pygame
import pygame_gui
import pytest
from helpers.apps import Driver
from helpers.netlink import QUICK

from game.app.lang import bidi, i18n, text
from game.app.matches.netlobby import LinkKit, Lobby
from game.app.scenes.menu import MenuScene
from game.app.scenes.netlobby import NetLobbyScene

pytestmark = pytest.mark.usefixtures("close_apps")


def _kit() -> LinkKit:
    return LinkKit(find=lambda room, seconds: None, advertise=lambda room, port, address: None, bind="127.0.0.1",
                   timing=QUICK)


def _lobby(monkeypatch) -> Driver:
    d = Driver(monkeypatch)
    d.app.nav.net_kit = _kit()
    d.press("#network")
    assert isinstance(d.top, NetLobbyScene)
    return d


def _type(d: Driver, row: str, words: str) -> None:
    entry = d.top.entries[row]
    entry.set_text(words)
    d.post(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=words)
    d.frame()


def _drawn(d: Driver) -> list[str]:
    """The lines as the screen shows them (its digits), the marks that keep a piece left to right left out."""
    return [text.shown(words, literal).replace(bidi.LRI, "").replace(bidi.PDI, "")
            for words, _, _, _, literal in d.top.status_lines()]


def test_a_host_shows_its_code_and_address_and_a_friend_gets_in(monkeypatch):
    d = _lobby(monkeypatch)
    _type(d, "name", "Ann")
    d.press("#net_preset_classic")
    d.press("#net_target_50")
    d.press("#net_open")
    d.wait(lambda: d.top.lobby.state == "waiting")
    code, address = str(d.top.lobby.code), d.top.lobby.address
    assert not d.widget("#net_preset_van").is_enabled and not d.top.entries["name"].is_enabled  # as opened
    assert code in _drawn(d) and f"This computer's address: {address}" in _drawn(d)
    assert "Waiting for your friend…" in _drawn(d)
    pool = ThreadPoolExecutor(1)
    friend = Lobby(_kit(), pool.submit)
    friend.open_join("Bob", code.lower(), "127.0.0.1:" + address.rsplit(":", 1)[1])
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline and (friend.poll(), d.top.lobby.state) != ("agreed", "agreed"):
        d.frame()
        time.sleep(0.005)
    assert d.top.lobby.friend == "Bob" and friend.friend == "Ann"
    assert friend.session is not None and friend.session.rules == d.top.rules()
    assert d.top.rules().preset_name == "classic" and d.top.rules().target == 50
    assert "Playing with Bob: Classic, to 50." in _drawn(d)
    d.press("#net_back")  # the host leaves: the friend hears it
    assert isinstance(d.top, MenuScene)
    d.wait(lambda: friend.poll() == "failed")
    assert friend.reason == "left"
    pool.shutdown()


def test_a_mistyped_code_is_said_and_escape_goes_home(monkeypatch):
    d = _lobby(monkeypatch)
    d.press("#net_mode_join")
    assert set(d.top.entries) == {"name", "code", "address", "relay"}
    _type(d, "code", "K7QD-3MXV")
    d.press("#net_open")
    assert d.top.lobby.reason == "code"
    d.key(pygame.K_ESCAPE)  # while typing, Escape leaves the field alone
    assert isinstance(d.top, NetLobbyScene)
    d.top.entries["code"].unfocus()
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, MenuScene)


def test_a_persian_screen_shows_the_address_as_the_friend_types_it(monkeypatch):
    d = _lobby(monkeypatch)
    i18n.set_language("fa")
    try:
        d.press("#net_open")
        d.wait(lambda: d.top.lobby.state == "waiting")
        address = d.top.lobby.address
        line = next(words for words in _drawn(d) if address.rsplit(":", 1)[1] in words)
        assert address in line  # Latin digits and dots, not "۱۲۷٫۰٫۰٫۱"
        assert i18n.tr("net.address_is", address="").strip() in line
    finally:
        d.press("#net_back")
        i18n.set_language("en")
