"""The real app driven in tests: the Driver (synthetic mouse and keys, every card face drawn recorded),
apps made for a language, the one list of open apps and the fixtures that close them and give a data folder."""
from __future__ import annotations

import time

import pygame

from game.app.config.settings import Settings
from game.app.lang import i18n, text
from game.app.looks import cardart
from game.app.pictures.staging import plain_move
from game.app.program.app import App
from game.app.stage.services import Services
from game.app.storage import Store
from game.engine import Card

_apps: list[App] = []


def close_apps() -> None:
    """Every app a test opened is closed, the language put back and pygame shut down (with the fonts made
    before, which a later test must not be handed)."""
    while _apps:
        _apps.pop().close()
    i18n.set_language("en")
    pygame.quit()
    text.reset()


class Driver:
    """Posts events into pygame's queue and runs the app's frames, recording every card face drawn."""

    def __init__(self, monkeypatch, size=(1280, 720), seed=100, app: App | None = None, **settings) -> None:
        if app is None:
            settings.setdefault("animation", "instant")
            app = App(size=size, settings=Settings(**settings))
        self.app = app
        self.app.nav.seed = seed
        _apps.append(self.app)
        self.faces: list[Card] = []
        real = cardart.draw_face

        def spy(surface, card, *args, **kwargs):
            self.faces.append(card)
            return real(surface, card, *args, **kwargs)

        monkeypatch.setattr(cardart, "draw_face", spy)
        self.app.nav.to_menu()
        self.frame(2)

    @property
    def top(self):
        return self.app.top

    @property
    def state(self):
        return self.app.nav.match.state

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.faces.clear()
            self.app.frame(dt, present=False)

    def post(self, etype, **attrs) -> None:
        pygame.event.post(pygame.event.Event(etype, **attrs))

    def click(self, pos, button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frame()
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frame(2)

    def drag(self, start, end) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frame()
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for p in (mid, end):
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frame(2)

    def resize(self, size) -> None:
        """The window resized to ``size``: its event, then frames until the game has laid out for it (it
        waits for a resize to end); the last frame run is the first drawn at the new size."""
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.frame()
        while self.app.resizing is not None:
            self.frame()

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.frame(2)

    def widget(self, object_id: str):
        for w in self.top.widgets:
            if object_id in w.object_ids and w.visible:
                return w
        raise AssertionError(f"no visible widget {object_id} in {self.top.name}")

    def press(self, object_id: str) -> None:
        self.click(self.widget(object_id).rect.center)

    def wait(self, cond, limit: int = 3000) -> None:
        for _ in range(limit):
            if cond():
                return
            self.frame()
            time.sleep(0.0005)
        raise AssertionError("timed out waiting")

    def card_center(self, card: Card):
        r = self.app.table.target_rect(card)
        assert r is not None
        # the visible strip of an overlapped card is its left part
        return (r.left + max(4, r.width // 5), r.centery)


def start_vs_bot(d: Driver, level: str = "hard", preset_name: str = "van") -> None:
    d.press("#opponent_" + level)
    d.press("#preset_" + preset_name)
    d.press("#start")
    assert d.top.name in ("deal", "play")  # with instant animation the deal is over at once
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)
    assert d.top.name == "play"


def give(d: Driver, seat: int, cards: str):
    """The match goes on from a position where ``seat`` holds exactly ``cards``: the dealt position with
    cards swapped between the piles (every card stays somewhere), built through the engine's checked
    ``MatchState.from_position``.  Returns the new state (the match plays on from it)."""
    from game.engine import MatchState, parse_cards

    st = d.state
    wanted = parse_cards(cards)
    hands = [list(st.hands[0]), list(st.hands[1])]
    stock, discard = list(st.stock), list(st.discard)
    hand = hands[seat]
    spare = [c for c in hand if c not in wanted]
    for c in wanted:
        if c in hand:
            continue
        give_back = spare.pop()
        for pile in (hands[1 - seat], stock, discard):
            if c in pile:
                pile[pile.index(c)] = give_back
                break
        hand[hand.index(give_back)] = c
    if len(hand) < len(wanted):  # an eleventh card comes off the stock
        for c in [c for c in wanted if c not in hand]:
            for pile in (hands[1 - seat], stock, discard):
                if c in pile:
                    pile.remove(c)
                    break
            hand.append(c)
    new = MatchState.from_position(st.rules, hands, stock, discard, dealer=st.dealer, phase=st.phase,
                                   to_act=st.to_act, out_of_play=list(st.out_of_play), stock_only=st.stock_only,
                                   offer_stage=st.offer_stage, turns=st.turns, hand_no=st.hand_no, seed=st.seed,
                                   history=list(st.history))
    d.app.nav.match.state = new
    return new


def make_app(monkeypatch, lang: str = "en", size=(1280, 720)) -> App:
    app = App(size=size, settings=Settings(language=lang, animation="instant"))
    _apps.append(app)
    return app


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(1 / 60, present=False)


def store(d: Driver) -> Store:
    """The app's own store (its writer thread holds what is not on disk yet)."""
    s = d.app.services.store
    assert isinstance(s, Store)
    return s


class KeepDriver(Driver):
    """The Driver on an app that keeps its files (settings, saved match, statistics) like the real game."""

    def __init__(self, monkeypatch, size=(1280, 720), seed=100, settings: Settings | None = None,
                 guide: bool = False) -> None:
        app = App(size=size, settings=settings, services=Services.for_player())
        app.first_match_guide = guide
        app.pace = 0.0
        super().__init__(monkeypatch, seed=seed, app=app)


def drop(d: Driver) -> None:
    """The process dies: nothing is closed or flushed by the app; only what reached the disk survives."""
    _apps.remove(d.app)
    d.app.worker.shutdown(wait=True)
    if d.app.services.stats is not None:
        d.app.services.stats.flush()  # the database's own transactions; its writer thread is not the app's
    store(d).flush()  # the save thread finishes the write in progress, as it would within a few ms
    pygame.quit()


def play_actions(d: Driver, n: int) -> None:
    """``n`` moves of the player at the screen (the bot answers on its own), through the real scenes."""
    for _ in range(n):
        d.wait(lambda: d.top.name in ("curtain", "result") or (d.top.name == "play" and d.top.human_turn()))
        if d.top.name == "curtain":
            d.key(pygame.K_RETURN)
            continue
        if d.top.name != "play":
            return
        st = d.state
        action = plain_move(st, want_knock=False)
        assert d.top.human_action(action)
        d.frame(2)


def start(d: Driver, opponent: str) -> None:
    d.press("#opponent_" + opponent)
    d.press("#start")
    if d.top.name == "deal":
        d.key(pygame.K_SPACE)


def attached_match(folder, setup):
    """A match with the player's services on ``folder`` and the program's listeners, as a played match has
    them; every save's text kept in order.  Returns the services, the match and the saves."""
    import game.bots as bots
    from game.app.matches.match import Match
    from game.app.program import listeners as match_listeners
    from game.app.storage import match_text

    services = Services.for_player(folder)
    match = Match(setup, bots)
    saves = []
    real = services.store.save_match

    def keep(state, meta, hand=None, seal=None):
        saves.append(match_text(state, meta, hand, seal))
        real(state, meta, hand, seal)

    services.store.save_match = keep
    match_listeners.attach(match, services)
    return services, match, saves
