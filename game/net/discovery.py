"""Finding a hosted game on the local network by its code's room, over mDNS (zeroconf).

Only the public room is announced, never the secret. Where multicast does not work (some networks, some
firewalls), every call answers "not available here" (``None`` or ``False``) instead of failing: the player
then types the address the host shows.
"""
from __future__ import annotations

import contextlib
import socket
import threading
import time

from zeroconf import IPVersion, ServiceInfo, Zeroconf

SERVICE = "_gin-rummy._tcp.local."
VERSION = "1"
# what zeroconf raises when the network has no multicast or the name is taken
_UNAVAILABLE: tuple[type[BaseException], ...] = (OSError, RuntimeError, ValueError)
try:
    from zeroconf import Error as _ZeroconfError

    _UNAVAILABLE = (*_UNAVAILABLE, _ZeroconfError)
except ImportError:  # pragma: no cover - every pinned zeroconf has it
    pass


def local_address() -> str:
    """This machine's address on the local network (no packet is sent), or the loopback one."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    return "127.0.0.1"


def service_name(room: str) -> str:
    return f"gin-rummy-{room.lower()}.{SERVICE}"


def _open(interfaces: list[str] | None) -> Zeroconf | None:
    try:
        if interfaces:
            return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        return Zeroconf(ip_version=IPVersion.V4Only)
    except _UNAVAILABLE:
        return None


class Advert:
    """A hosted game announced on the local network until ``close``; announcing runs in the background."""

    def __init__(self, room: str, port: int, address: str, interfaces: list[str] | None = None) -> None:
        self.info = ServiceInfo(SERVICE, service_name(room), addresses=[socket.inet_aton(address)], port=port,
                                properties={"room": room, "v": VERSION}, server=f"gin-rummy-{room.lower()}.local.")
        self.available = True
        self._zeroconf = _open(interfaces)
        self._thread = threading.Thread(target=self._register, daemon=True, name="gin-rummy-advert")
        if self._zeroconf is None:
            self.available = False
        else:
            self._thread.start()

    def _register(self) -> None:
        try:
            if self._zeroconf is not None:
                self._zeroconf.register_service(self.info, allow_name_change=False)
        except _UNAVAILABLE:
            self.available = False

    def close(self) -> None:
        zc, self._zeroconf = self._zeroconf, None
        if zc is None:
            return
        if self._thread.is_alive():
            self._thread.join(3.0)
        try:
            zc.unregister_service(self.info)
        except _UNAVAILABLE:
            pass
        finally:
            zc.close()


def advertise(room: str, port: int, address: str, interfaces: list[str] | None = None) -> Advert | None:
    """Announce a game; ``None`` when multicast is not available here."""
    advert = Advert(room, port, address, interfaces)
    return advert if advert.available else None


def find(room: str, timeout: float = 3.0, interfaces: list[str] | None = None) -> str | None:
    """The "host:port" of the game announced under ``room``, or ``None`` if none answers in ``timeout`` seconds."""
    zc = _open(interfaces)
    if zc is None:
        return None
    try:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            info = zc.get_service_info(SERVICE, service_name(room), timeout=int(min(left, 1.0) * 1000))
            if info is not None and info.properties.get(b"room") == room.encode():
                addresses = info.parsed_addresses()
                if addresses and info.port:
                    return f"{addresses[0]}:{info.port}"
    except _UNAVAILABLE:
        return None
    finally:
        zc.close()
