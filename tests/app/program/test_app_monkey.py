"""A seeded monkey: thousands of random clicks, drags, keys and resizes across every scene.

After every frame: no exception, the engine's invariants hold, and no hidden card face was drawn
(none at all under the hot-seat curtain; during play only the viewer's hand and public cards).
"""
from __future__ import annotations

import random
from concurrent.futures import Future

import pygame
import pytest
from helpers.apps import Driver

from game.app.program.flow import Flow
from game.app.scenes import menu as menu_scene

pytestmark = pytest.mark.usefixtures("close_apps")

KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_RETURN, pygame.K_s, pygame.K_d, pygame.K_UP, pygame.K_RIGHT,
        pygame.K_ESCAPE, pygame.K_s, pygame.K_d, pygame.K_k, pygame.K_h,
        pygame.K_o, pygame.K_t, pygame.K_p, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_r, pygame.K_n]
PURPOSEFUL = [pygame.K_s, pygame.K_d, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN, pygame.K_k, pygame.K_t,
              pygame.K_p]
SIZES = [(960, 600), (1280, 720), (1100, 700), (1920, 1080)]


class Watch:
    def __init__(self, d: Driver) -> None:
        self.d = d
        self.scenes: set[str] = set()
        self.frames = 0
        self.curtain_frames = 0

    def __call__(self, app) -> None:
        self.frames += 1
        names = [s.name for s in app.stack]
        self.scenes.update(names)
        match = app.nav.match
        if match is None or not names:
            return
        st = match.state
        st.check_invariants()
        faces = set(self.d.faces)
        if "curtain" in names:
            self.curtain_frames += 1
            assert not faces, f"faces drawn under the curtain: {sorted(map(str, faces))}"
            return
        base = next((s for s in app.stack if s.name in ("play", "deal")), None)
        if base is None or base.match is not match:
            return
        allowed = base.visible_cards()
        hidden = set(st.hands[0]) | set(st.hands[1]) | set(st.stock)
        if base.viewer is not None:
            hidden -= set(st.hands[base.viewer])
        leaked = (faces & hidden) - allowed
        assert not leaked, f"hidden cards drawn face up in {names}: {sorted(map(str, leaked))}"
        if not match.vs_bot and base.viewer is None:
            assert not (faces & (set(st.hands[0]) | set(st.hands[1])) - base.public_cards())


def run_now(fn, *args) -> Future:
    """The worker thread's job done on the spot: the answer is ready before the next frame."""
    f: Future = Future()
    try:
        f.set_result(fn(*args))
    except Exception as e:
        f.set_exception(e)
    return f


def click(d: Driver, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    d.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def drag(d: Driver, start, end) -> None:
    d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        d.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    d.post(pygame.MOUSEBUTTONUP, pos=end, button=1)


def monkey(d: Driver, rng: random.Random, steps: int) -> None:
    app = d.app
    for _ in range(steps):
        if not app.running:  # the monkey pressed Quit: start again from the menu
            app.running = True
            app.nav.to_menu()
        r = rng.random()
        top = app.top
        lay = app.layout
        hand = getattr(top, "my_hand", lambda: [])()
        ws = [w for w in top.widgets if w.visible]
        if top.name == "play" and top.human_turn() and rng.random() < 0.35:
            key = rng.choice(PURPOSEFUL)  # keeps hands moving toward their end
            d.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        elif r < 0.3 and ws:
            w = rng.choice(ws)
            if "#quit" not in w.object_ids or rng.random() < 0.2:
                click(d, w.rect.center)
        elif r < 0.45:
            click(d, (rng.randrange(lay.w), rng.randrange(lay.h)), rng.choice((1, 1, 1, 3)))
        elif r < 0.6:
            if hand and rng.random() < 0.7:
                rect = app.table.target_rect(rng.choice(hand))
                if rect is not None:
                    click(d, (rect.left + 6, rect.centery))
            click(d, rng.choice(((lay.stock_x, lay.pile_y), (lay.discard_x, lay.pile_y))))
        elif r < 0.68:
            rect = app.table.target_rect(rng.choice(hand)) if hand else None
            start = (rect.left + 6, rect.centery) if rect else (rng.randrange(lay.w), rng.randrange(lay.h))
            end = rng.choice(((int(lay.discard_x), int(lay.pile_y)), (rng.randrange(lay.w), rng.randrange(lay.h))))
            drag(d, start, end)
        elif r < 0.985:
            key = rng.choice(KEYS)
            if not (key == pygame.K_ESCAPE and top.name == "menu"):
                mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
                d.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
                d.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        else:
            size = rng.choice(SIZES)
            d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        for _ in range(rng.randrange(1, 3)):
            d.faces.clear()
            app.frame(rng.choice((1 / 60, 1 / 30, 0.25)), present=False)


@pytest.mark.slow
@pytest.mark.parametrize("mode,seed", [("bot", 1), ("hotseat", 3)])
def test_monkey_across_every_scene(monkeypatch, mode, seed):
    # short matches, so the monkey also reaches the end of a match
    real = menu_scene.preset
    # (the turn timer is part of the rules, so the presets chosen in the menu keep a short one too)
    monkeypatch.setattr(menu_scene, "preset",
                        lambda name, target=None: real(name, target).with_(target=30, turn_timer=15))
    # the settings screen has its own monkey (test_app_settings); here the monkey plays matches
    monkeypatch.setattr(Flow, "show_settings", lambda self: None)
    # the hot-seat run animates (fast), so the deal and the flights are exercised too
    d = Driver(monkeypatch, size=(960, 600), seed=seed * 1000, rules=real("van").with_(target=30, turn_timer=15),
               animation="fast" if mode == "hotseat" else "instant")
    d.app.think = run_now  # hints and bot moves answer at once, so the seeded monkey takes the same path each run
    watch = Watch(d)
    d.app.on_frame.append(watch)
    d.app.top.opponent = "hotseat" if mode == "hotseat" else "easy"
    d.app.top.rebuild_ui()
    d.app.top.start()  # begin in a match; the monkey finds its own way through the rest
    rng = random.Random(seed)
    monkey(d, rng, 1100)
    assert watch.frames > 1100
    wanted = {"menu", "play", "pause", "result"} | ({"curtain", "deal"} if mode == "hotseat" else set())
    for _ in range(30):  # a random walk can take a while to finish a hand: keep going, within a bound
        if wanted <= watch.scenes:
            break
        monkey(d, rng, 100)
    assert wanted <= watch.scenes
    if mode == "hotseat":
        assert {"curtain", "deal"} <= watch.scenes and watch.curtain_frames > 0
