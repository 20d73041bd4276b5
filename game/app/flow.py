"""The way between screens: menu, deal, play, result, match over, and the overlays over them.

``Flow`` is the one place that knows every scene class.  Scenes ask it for the next screen by
intent (``host.nav.show_result(match, viewer)``); the loop in ``app`` only runs whatever scene is on
top.  It also holds what outlives a single scene: the match being played, the seed for tests and
pictures, and how each seat's hand is ordered.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import NextHand, Phase

from . import match_listeners
from .i18n import tr
from .match import Match, MatchSetup
from .scenes.deal import DealScene
from .scenes.error import ErrorScene
from .scenes.matchover import MatchOverScene
from .scenes.menu import MenuScene
from .scenes.overlays import CurtainScene, PauseScene
from .scenes.play import PlayScene
from .scenes.result import ResultScene
from .scenes.settings import SettingsScene

if TYPE_CHECKING:
    from .scene import Host

log = logging.getLogger(__name__)


@dataclass
class HandOrder:
    """The display order and sort mode of each seat's hand; the sort modes carry over to new matches."""

    order: list[list[Any]] = field(default_factory=lambda: [[], []])
    sort: list[str] = field(default_factory=lambda: ["melds", "melds"])

    def fresh(self) -> HandOrder:
        return HandOrder(sort=list(self.sort))


class Flow:
    """The navigator handed to every scene (``host.nav``)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.match: Match | None = None
        self.seed: int | None = None  # when set, matches are dealt from seed+1, seed+2, ... (tests, pictures)
        self.hand_view = HandOrder()
        self.notices: list[Any] = []

    def next_seed(self) -> int:
        if self.seed is not None:
            self.seed += 1
            return self.seed
        return random.SystemRandom().randrange(1, 2**64)  # too many to try one by one

    # ------------------------------------------------------------------ matches

    def _adopt(self, match: Match) -> None:
        self.match = match
        match_listeners.attach(match, self.host.services, tell=lambda text: self.host.toast(text, 6.0))

    def start_match(self, setup: MatchSetup) -> None:
        try:
            match = Match(setup, self.host.bots)
        except Exception as exc:  # the bots could not be loaded or made: say so, stay in the menu
            log.exception("could not start the match")
            self.host.toast(tr("error.bots_missing", error=exc), 6.0)
            return
        self._adopt(match)
        self.start_deal(match)

    def has_saved_match(self) -> bool:
        return self.host.services.store.has_match()

    def continue_match(self) -> bool:
        """Put the player back where the saved match stopped: the same hand, the same turn, behind the
        curtain in hot-seat.  False (with the notice queued) when the save cannot be used."""
        store = self.host.services.store
        loaded = store.load_match()
        if loaded is None:
            return False
        state, meta = loaded
        try:
            match = Match.resumed(state, meta, self.host.bots)
        except Exception as exc:  # kept aside with a notice, like any save that cannot be used
            log.exception("the saved match could not be resumed")
            store.refuse_match(exc)
            return False
        self._adopt(match)
        self.hand_view = self.hand_view.fresh()
        table = self.host.table
        if state.phase is Phase.HAND_OVER and state.last_result is not None:
            table.reset()
            self.show_result(match, 0 if match.vs_bot else None)
        elif state.phase is Phase.HAND_OVER:
            match.apply(NextHand(), None)
            self.start_deal(match)
        else:
            table.reset()
            self.begin_play(match)
            table.settle()
        return True

    def take_notices(self) -> list[Any]:
        """Notices (damaged files set aside) not shown yet; each is returned once."""
        out = self.notices + self.host.services.store.take_notices()
        self.notices = []
        return out

    # ------------------------------------------------------------------ screens

    def to_menu(self) -> None:
        self.match = None
        self.host.set_scene(MenuScene(self.host))

    def start_deal(self, match: Match) -> None:
        self.hand_view = self.hand_view.fresh()
        self.host.set_scene(DealScene(self.host, match))

    def begin_play(self, match: Match) -> None:
        self.host.set_scene(PlayScene(self.host, match))

    def show_curtain(self, play: Any, seat: int) -> None:
        self.host.push(CurtainScene(self.host, play, seat))

    def show_result(self, match: Match, viewer: int | None) -> None:
        self.host.set_scene(ResultScene(self.host, match, viewer))

    def show_match_over(self, match: Match) -> None:
        self.host.set_scene(MatchOverScene(self.host, match))

    def show_settings(self) -> None:
        self.host.push(SettingsScene(self.host))

    def show_error(self, log_path: Path | None) -> None:
        self.match = None
        self.host.set_scene(ErrorScene(self.host, log_path))

    def pause(self) -> None:
        if not isinstance(self.host.top, PauseScene):
            self.host.push(PauseScene(self.host))
