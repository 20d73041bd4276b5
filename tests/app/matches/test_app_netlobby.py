"""The lobby before a match over the network: a host shows a fresh code and its address and waits, a guest
joins by the typed code (at the address, or where the local network finds it), and every trouble ends in one
word the screen can say.  Everything runs over the loopback address; nothing is announced on the network."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers.netlink import QUICK, RelayThread

from game.app.matches.netlobby import REASONS, LinkKit, Lobby, reason_key, relay_address
from game.engine import preset

RULES = preset("classic", 50)


class Announced:
    """Stands for the local network: what was announced, and found again by its room."""

    def __init__(self) -> None:
        self.adverts: dict[str, str] = {}
        self.closed: list[str] = []

    def advertise(self, room: str, port: int, address: str):
        self.adverts[room] = f"127.0.0.1:{port}"
        outer = self

        class Advert:
            def close(self) -> None:
                outer.closed.append(room)

        return Advert()

    def find(self, room: str, timeout: float) -> str | None:
        return self.adverts.get(room)


@pytest.fixture
def worker():
    pool = ThreadPoolExecutor(2)
    yield pool.submit
    pool.shutdown(wait=True)


def _kit(net: Announced) -> LinkKit:
    return LinkKit(find=net.find, advertise=net.advertise, bind="127.0.0.1", find_seconds=0.2, timing=QUICK)


def _until(lobbies, state: str, seconds: float = 8.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if [lobby.poll() for lobby in lobbies] == [state] * len(lobbies):
            return
        time.sleep(0.01)
    raise AssertionError(f"not {state}: {[(lobby.state, lobby.reason) for lobby in lobbies]}")


def test_a_guest_finds_the_host_on_the_local_network_by_the_code_alone_and_both_agree_the_match(worker):
    net = Announced()
    host, guest = Lobby(_kit(net), worker), Lobby(_kit(net), worker)
    host.open_host("Ann", RULES)
    _until([host], "waiting")
    assert host.code is not None and host.address.endswith(net.adverts[host.code.room].rsplit(":", 1)[1])
    guest.open_join("Bob", str(host.code).lower().replace("-", " "))  # typed any old way
    assert guest.state == "finding"
    _until([host, guest], "agreed")
    assert (host.friend, guest.friend) == ("Bob", "Ann")
    sessions = host.take(), guest.take()
    assert net.closed == [host.code.room]  # found: no longer announced
    assert [s.seat for s in sessions] == [0, 1] and sessions[1].rules == RULES  # the host's rules
    with pytest.raises(RuntimeError):
        host.take()
    for session in sessions:
        session.close()


def test_a_guest_joins_at_a_typed_address(worker):
    host, guest = Lobby(_kit(Announced()), worker), Lobby(_kit(Announced()), worker)
    host.open_host("Ann", RULES)
    _until([host], "waiting")
    port = host.address.rsplit(":", 1)[1]
    guest.open_join("Bob", str(host.code), f"127.0.0.1:{port}")
    assert guest.state == "connecting"
    _until([host, guest], "agreed")
    host.close()
    guest.close()
    assert host.state == guest.state == "idle" and host.link is None


def test_a_wrong_code_is_told_as_wrong_and_a_bad_one_before_anything_is_sent(worker):
    host, guest = Lobby(_kit(Announced()), worker), Lobby(_kit(Announced()), worker)
    guest.open_join("Bob", "K7QD-3MX")
    assert (guest.state, guest.reason) == ("failed", "code") and "9 symbols" in guest.detail
    host.open_host("Ann", RULES)
    _until([host], "waiting")
    wrong = str(host.code)[:-1] + ("0" if str(host.code)[-1] != "0" else "1")
    guest.open_join("Bob", wrong, host.address.replace(host.address.rsplit(":", 1)[0], "127.0.0.1"))
    _until([guest], "failed")
    assert guest.reason == "wrong-code" and guest.link is None
    host.close()


def test_a_game_not_found_asks_for_the_address_and_nobody_there_is_unreachable(worker):
    guest = Lobby(_kit(Announced()), worker)
    guest.open_join("Bob", "K7QD-3MXV9")
    _until([guest], "failed")
    assert guest.reason == "not_found"
    guest.open_join("Bob", "K7QD-3MXV9", "127.0.0.1:9")  # the discard port: nothing listens
    _until([guest], "failed")
    assert guest.reason in REASONS and guest.reason != "not_found"


def test_every_failure_has_its_words():
    assert reason_key("wrong-code") == "net.reason.wrong-code" and reason_key("net.bad_key") == "net.bad_key"


def test_the_lobby_hands_over_only_an_agreed_match():
    lobby = Lobby(LinkKit(), ThreadPoolExecutor(1).submit)
    with pytest.raises(RuntimeError):
        lobby.take()


@pytest.mark.parametrize(("typed", "dialled"), [("", ""), (" relay.example:8765 ", "ws://relay.example:8765"),
                                                ("wss://r.example", "wss://r.example")])
def test_a_typed_relay_becomes_the_address_dialled(typed, dialled):
    assert relay_address(typed) == dialled


def test_a_code_and_an_address_typed_in_persian_digits_are_read(worker):
    host, guest = Lobby(_kit(Announced()), worker), Lobby(_kit(Announced()), worker)
    host.open_host("Ann", RULES)
    _until([host], "waiting")
    port = host.address.rsplit(":", 1)[1]
    persian = str.maketrans("0123456789.", "۰۱۲۳۴۵۶۷۸۹٫")
    guest.open_join("Bob", str(host.code).translate(persian), f"127.0.0.1:{port}".translate(persian))
    assert guest.address == f"127.0.0.1:{port}"
    _until([host, guest], "agreed")
    host.close()
    guest.close()


def test_both_sides_meet_through_a_relay_typed_without_its_scheme(worker):
    relay = RelayThread()
    try:
        net = Announced()
        host, guest = Lobby(_kit(net), worker), Lobby(_kit(net), worker)
        host.open_host("Ann", RULES, f"127.0.0.1:{relay.port}")
        _until([host], "waiting")
        assert host.address == "" and net.adverts == {}  # a relay's game is not announced
        guest.open_join("Bob", str(host.code), relay=f"127.0.0.1:{relay.port}")
        assert guest.state == "connecting"
        _until([host, guest], "agreed")
        assert (host.friend, guest.friend) == ("Bob", "Ann") and relay.seen
        host.close()
        guest.close()
    finally:
        relay.stop()
