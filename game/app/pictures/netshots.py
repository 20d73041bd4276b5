"""Play over the network in the picture tour: hosting (the code big, the address, the wait), joining (the code
and the address typed), a wrong code told, then the table of a match with a friend and a dropped line said on
it.  The links are staged or in memory: nothing listens, dials or announces, and every run shows the same."""
from __future__ import annotations

import queue
import random
from collections.abc import Iterator

from game.app.lang import i18n
from game.app.matches.netlobby import LinkKit
from game.app.program.app import App
from game.app.scenes.deal import DealScene
from game.app.scenes.netlobby import NetLobbyScene
from game.engine import IN_PLAY, preset
from game.net.auth import JoinCode
from game.net.session import Session
from game.net.transport import Event

CODE = JoinCode("K7QD", "3MXV9")


class StagedLink:
    """A link that is open and hears nothing, or is refused with ``reason``."""

    is_host = True

    def __init__(self, reason: str = "") -> None:
        self.events = [Event("refused", reason), Event("lost", reason)] if reason else []

    @property
    def address(self) -> str:
        return "192.168.1.23:40123"

    @property
    def port(self) -> int:
        return 40123

    def send(self, payload: bytes) -> bool:
        return True

    def receive(self, timeout: float | None = None) -> Event | None:
        return self.events.pop(0) if self.events else None

    def close(self, reason: str = "left") -> None:
        self.events = []


class MemoryLink:
    """One end of a line in memory: what it sends is the other end's ``frame``."""

    def __init__(self, is_host: bool) -> None:
        self.is_host = is_host
        self.events: queue.Queue[Event] = queue.Queue()
        self.other: MemoryLink | None = None
        self.events.put(Event("connected"))

    def send(self, payload: bytes) -> bool:
        if self.other is not None:
            self.other.events.put(Event("frame", payload=payload))
        return True

    def receive(self, timeout: float | None = None) -> Event | None:
        try:
            return self.events.get_nowait()
        except queue.Empty:
            return None

    def close(self, reason: str = "left") -> None:
        self.other = None


def dealt_pair(names: tuple[str, str], seed: int = 5) -> tuple[Session, Session, MemoryLink]:
    """A host's and a guest's sessions in memory, the first hand dealt by both (the same cards every run)."""
    host_link, guest_link = MemoryLink(True), MemoryLink(False)
    host_link.other, guest_link.other = guest_link, host_link
    draws = random.Random(seed)
    host = Session(host_link, names[0], preset("classic", 100), randbytes=draws.randbytes)
    guest = Session(guest_link, names[1], randbytes=draws.randbytes)
    for _ in range(5000):
        host.poll()
        guest.poll()
        if guest.state is not None and guest.state.phase in IN_PLAY:
            break
    return host, guest, guest_link


def staged_kit(refused: str = "") -> LinkKit:
    return LinkKit(host=lambda *a, **k: StagedLink(), join=lambda *a, **k: StagedLink(refused),
                   find=lambda room, seconds: None, advertise=lambda room, port, address: None,
                   new_code=lambda: CODE)


def _until(app: App, scene: NetLobbyScene, state: str, limit: int = 600) -> None:
    for _ in range(limit):
        app.frame(1 / 60, present=False)
        if scene.lobby.state == state:
            break
    for _ in range(3):
        app.frame(1 / 60, present=False)


def net_tour(app: App) -> Iterator[str]:
    """The lobby to host and to join, each drawn and ready when its name is yielded."""
    app.nav.net_kit = staged_kit()
    app.nav.show_network("host")
    scene = app.top
    if not isinstance(scene, NetLobbyScene):
        raise RuntimeError("expected the network lobby on top")
    _until(app, scene, "idle", 3)
    yield "net_host"
    scene.open()
    _until(app, scene, "waiting")
    yield "net_host_waiting"
    scene.choose_mode("join")
    scene.typed.update(code=str(CODE), address=i18n.numbers("192.168.1.23:40123"))  # as a Persian keyboard types it
    scene.rebuild_ui()
    _until(app, scene, "idle", 3)
    yield "net_join"
    app.nav.net_kit = scene.lobby.kit = staged_kit("wrong-code")
    scene.open()
    _until(app, scene, "failed")
    yield "net_join_wrong_code"
    app.nav.net_kit = None
    _, guest, line = dealt_pair(("Anastasia-Maria", "Bob"))
    app.nav.play_network(guest)  # the guest's table: its own seat at the bottom
    if isinstance(app.top, DealScene):
        app.top.finish()
    for _ in range(3):
        app.frame(1 / 60, present=False)
    yield "net_play"
    line.events.put(Event("paused", "dropped", "the line dropped"))
    for _ in range(3):
        app.frame(1 / 60, present=False)
    yield "net_play_paused"
    app.nav.to_menu()
