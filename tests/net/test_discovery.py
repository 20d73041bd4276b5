"""Finding a hosted game on the local network, and a calm answer where multicast does not work."""
import time

import pytest

from game.net import discovery
from game.net.auth import new_code


class _NoMulticast:
    def __init__(self, *args, **kwargs):
        raise OSError(19, "No such device")


def test_without_multicast_both_ends_answer_not_available(monkeypatch):
    monkeypatch.setattr(discovery, "Zeroconf", _NoMulticast)
    assert discovery.advertise("K7QD", 4321, "127.0.0.1") is None
    started = time.monotonic()
    assert discovery.find("K7QD", timeout=5.0) is None
    assert time.monotonic() - started < 1.0  # no waiting for an answer that cannot come


def test_a_failed_announcement_is_noted_not_raised(monkeypatch):
    class Refusing:
        def __init__(self, *args, **kwargs):
            pass

        def register_service(self, info, **kwargs):
            raise OSError(101, "Network is unreachable")

        def unregister_service(self, info):
            raise OSError(101, "Network is unreachable")

        def close(self):
            self.closed = True

    monkeypatch.setattr(discovery, "Zeroconf", Refusing)
    advert = discovery.Advert("K7QD", 4321, "127.0.0.1")
    advert._thread.join(2)
    assert advert.available is False
    advert.close()  # and closing it is calm too


def test_only_the_public_room_is_announced(monkeypatch):
    registered = []

    class Recording:
        def __init__(self, *args, **kwargs):
            pass

        def register_service(self, info, **kwargs):
            registered.append(info)

        def unregister_service(self, info):
            pass

        def close(self):
            pass

    monkeypatch.setattr(discovery, "Zeroconf", Recording)
    code = new_code()
    advert = discovery.advertise(code.room, 4321, "192.168.1.20")
    assert advert is not None
    advert.close()
    (info,) = registered
    assert info.name == f"gin-rummy-{code.room.lower()}._gin-rummy._tcp.local."
    assert info.properties == {b"room": code.room.encode(), b"v": b"1"}
    assert (info.parsed_addresses(), info.port) == (["192.168.1.20"], 4321)


@pytest.mark.slow
def test_a_game_announced_on_loopback_is_found_by_its_room():
    room = new_code().room
    advert = discovery.advertise(room, 4321, "127.0.0.1", interfaces=["127.0.0.1"])
    if advert is None:
        pytest.fail("multicast on loopback is not available on this machine")
    try:
        assert discovery.find(room, timeout=5.0, interfaces=["127.0.0.1"]) == "127.0.0.1:4321"
        other = new_code().room
        assert discovery.find(other, timeout=0.3, interfaces=["127.0.0.1"]) is None
    finally:
        advert.close()
