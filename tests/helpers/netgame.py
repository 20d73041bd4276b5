"""One game of two in its own process, headless: it hosts (printing its code and port) or joins (the code and
port given), through the real menu and lobby, over the loopback address only, and plays a hand on the real
table to its result; it prints what its screen says.

``python -m helpers.netgame host NAME`` or ``python -m helpers.netgame join NAME CODE PORT`` (from ``tests/``)."""
from __future__ import annotations

import sys
import time

import pygame

from game.app.config.settings import Settings
from game.app.matches.netlobby import LinkKit
from game.app.pictures.staging import plain_move
from game.app.program.app import App
from game.app.scenes.deal import DealScene
from game.app.scenes.netlobby import NetLobbyScene
from game.app.scenes.play import PlayScene
from game.app.scenes.result import ResultScene
from helpers.netlink import QUICK


def _press(app: App, object_id: str) -> None:
    top = app.top
    assert top is not None
    widget = next(w for w in top.widgets if object_id in w.object_ids)
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60, present=False)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.frame(1 / 60, present=False)
    app.frame(1 / 60, present=False)


def _say(*words: object) -> None:
    print(*words, flush=True)


def _until(app: App, lobby_state: str, seconds: float) -> NetLobbyScene:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frame(1 / 60, present=False)
        top = app.top
        if isinstance(top, NetLobbyScene) and top.lobby.state in (lobby_state, "failed"):
            return top
        time.sleep(0.005)
    raise SystemExit(f"no {lobby_state} in {seconds} s")


def _play_hand(app: App, seconds: float) -> list[object]:
    """Play this seat's moves on the table (a plain policy) until the hand's result shows; what it says."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frame(1 / 60, present=False)
        top = app.top
        if isinstance(top, DealScene):
            top.finish()
        elif isinstance(top, PlayScene) and top.human_turn() and not app.table.busy:
            top.human_action(plain_move(top.state))
        elif isinstance(top, ResultScene):
            r = top.state.last_result
            assert r is not None
            for _ in range(60):  # a moment for the other side to see it too
                app.frame(1 / 60, present=False)
                time.sleep(0.01)
            return ["result", top.viewer, r.kind, r.winner, r.points]
        time.sleep(0.002)
    return ["no result", type(app.top).__name__]


def main(argv: list[str]) -> int:
    role, name = argv[0], argv[1]
    app = App(size=(800, 600), settings=Settings(animation="instant", names=(name, "")))
    app.nav.net_kit = LinkKit(find=lambda room, seconds: None, advertise=lambda room, port, address: None,
                              bind="127.0.0.1", timing=QUICK)
    app.nav.to_menu()
    app.frame(1 / 60, present=False)
    _press(app, "#network")
    if role == "join":
        _press(app, "#net_mode_join")
        scene = app.top
        assert isinstance(scene, NetLobbyScene)
        scene.typed.update(code=argv[2], address=f"127.0.0.1:{argv[3]}")
        scene.rebuild_ui()
    _press(app, "#net_open")
    if role == "host":
        scene = _until(app, "waiting", 10)
        _say("code", scene.lobby.code, scene.lobby.address.rsplit(":", 1)[1])
    scene = _until(app, "agreed", 20)
    _say(scene.lobby.state, scene.lobby.friend or scene.lobby.reason)
    _say(*_play_hand(app, 60))
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
