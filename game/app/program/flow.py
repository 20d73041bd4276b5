"""The way between screens: menu, deal, play, result, match over, and the overlays over them.

``Flow`` is the one place that knows every scene class.  Scenes ask it for the next screen by
intent (``host.nav.show_result(match, viewer)``); the loop in ``app`` only runs whatever scene is on
top.  It also holds what outlives a single scene: the match being played, the seed for tests and
pictures, and how each seat's hand is ordered.
"""
from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.lang.i18n import tr
from game.app.matches.fairdeal import fresh_seal, resumed_seal
from game.app.matches.match import BOT_SEAT, Match, MatchSetup
from game.app.program import flow_lesson
from game.app.program.flow_tables import TableFlow
from game.app.scenes.menu import MenuScene
from game.engine import DeckSource, Phase
from game.engine.dealing import first_dealer
from game.engine.fairness_chain import MatchSeal

if TYPE_CHECKING:
    from game.app.matches.netlobby import LinkKit
    from game.app.records.history import History, MatchEntry
    from game.app.records.history_recorder import HistoryRecorder
    from game.app.stage.scene import Host, Scene
    from game.app.storage.notices import Notice
    from game.engine import Action, Card, Event, HandResult, Opponent
    from game.engine.record import HandRecord
    from game.net.session import Session

# Only the menu is needed for the first frame: every other screen is imported when first shown (and
# ahead of that, behind the menu, by ``warmup``), so the game opens sooner.
LATER = ("game.app.program.listeners", "game.app.records.history", "game.app.scenes.cut",
         "game.app.scenes.deal", "game.app.scenes.error", "game.app.scenes.history", "game.app.scenes.matchover",
         "game.app.scenes.overlays", "game.app.scenes.play", "game.app.scenes.replay", "game.app.scenes.result",
         "game.app.scenes.settings", "game.app.scenes.gamenight", "game.app.scenes.tablesheet",
         "game.app.scenes.matchviews", "game.app.scenes.lesson", "game.app.scenes.netlobby")

log = logging.getLogger(__name__)


@dataclass
class HandOrder:
    """The display order and sort mode of each seat's hand; the sort modes carry over to new matches."""

    order: list[list[Card]] = field(default_factory=lambda: [[], []])
    sort: list[str] = field(default_factory=lambda: ["melds", "melds"])

    def fresh(self) -> HandOrder:
        return HandOrder(sort=list(self.sort))


def _left(match: Match | None) -> Match | None:
    """Going home from ``match``, none is in play: a friend over the network is told (a match here stays saved)."""
    if match is not None:
        match.leave()
    return None


def _show_network(host: Host, flow: Flow, mode: str = "host") -> None:
    """Play over the network: the lobby to host or join, with the flow's network calls (tests set their own)."""
    from game.app.scenes.netlobby import NetLobbyScene

    flow.match = None
    flow.tables.leave()
    host.set_scene(NetLobbyScene(host, mode, flow.net_kit))


def keep_online_hand(folder: Path, started: str, record: dict[str, object]) -> Path:
    """One checked online hand written for ``tools/check_online.py`` (``online/`` in the player's folder)."""
    from game.app.storage.files import atomic_write

    path = folder / "online" / f"{started}-hand{record.get('hand', 0)}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(record, separators=(",", ":")) + "\n")
    return path


def _play_network(host: Host, flow: Flow, session: Session) -> None:
    """A match agreed with a friend over the network, its first hand dealt: on to the table, each hand checked
    by both kept for checking and in the statistics and the history, the moves sounded."""
    from game.app.matches.match import event_sounds
    from game.app.matches.netmatch import NetMatch
    from game.app.program.listeners import attach_online
    from game.app.records.playways import folder_of

    rules = session.rules
    assert rules is not None, "a session is handed on once its match is agreed"
    names = session.names
    match = NetMatch(MatchSetup("hotseat", rules, 0, names=(names[0], names[1])), host.bots, session=session)

    def sounds(m: Match, action: Action | None, events: list[Event]) -> None:
        for name in event_sounds(events):
            host.services.sound.play(name)

    match.listeners.append(sounds)
    attach_online(match, host.services, keep=flow.history_keep())
    flow.recorder = None
    folder, started = folder_of(host.services), time.strftime("%Y%m%d-%H%M%S")
    if folder is not None:
        match.keepers.append(lambda record: host.think(keep_online_hand, folder, started, record))
    flow.match = match
    flow.hand_view = flow.hand_view.fresh()
    flow.start_deal(flow.match)


class Flow:
    """The navigator handed to every scene (``host.nav``)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.match: Match | None = None
        self.seed: int | None = None  # when set, matches are dealt from seed+1, seed+2, ... (tests, pictures)
        self.fair: bool | None = None  # sealed deals with the player's cut; None: whenever not seeded
        self.new_seal: Callable[[int], MatchSeal] = fresh_seal  # a match's seal from its first hand; pictures fix it
        self.hand_view = HandOrder()
        self.notices: list[Notice] = []
        self.recorder: HistoryRecorder | None = None  # records the match in play (and takes moves back)
        self.menu_choice: Opponent | None = None  # the opponent last chosen in the menu (a level or hotseat)
        self.net_kit: LinkKit | None = None  # the network calls of the lobby (None: the real ones)
        self.tables = TableFlow(host, self._play_duel, lambda setup: self._open(setup, None, True))
        self.show_lesson = partial(flow_lesson.show_lesson, host, self)  # the first lesson, kept nowhere
        self.show_network, self.play_network = partial(_show_network, host, self), partial(_play_network, host, self)

    def next_seed(self) -> int:
        if self.seed is not None:
            self.seed += 1
            return self.seed
        return random.SystemRandom().randrange(1, 2**64)  # too many to try one by one

    # ------------------------------------------------------------------ matches

    def _adopt(self, match: Match, practice: bool = False, resumed: bool = False) -> None:
        from game.app.program import listeners as match_listeners
        self.match = match
        self.recorder = match_listeners.attach(match, self.host.services, practice=practice,
                                               keep=self.history_keep(), resumed=resumed,
                                               tell=lambda text: self.host.toast(text, 6.0))

    def deals_fairly(self) -> bool:
        return self.fair if self.fair is not None else self.seed is None

    def start_match(self, setup: MatchSetup, practice: bool = False) -> None:
        """A new match; ``practice`` (against the computer) lets the player take moves back."""
        if not self.deals_fairly():
            self._open(setup, None, True, practice)
            return
        # the whole match sealed before the seed is asked; the non-dealer cuts (against the computer, the player)
        dealer = first_dealer(setup.rules, setup.seed, BOT_SEAT if setup.vs_bot else None)
        self._cut(self.new_seal(1), None if setup.vs_bot else setup.player_name(1 - dealer),
                  lambda seal, cut: self._open(setup, seal.deal(cut), cut is not None, practice, seal))

    def _open(self, setup: MatchSetup, source: DeckSource | None, by_player: bool, practice: bool = False,
              chain: MatchSeal | None = None) -> None:
        try:
            match = Match(setup, self.host.bots, source=source, cut_by_player=by_player, chain=chain)
        except Exception as exc:  # the bots could not be loaded or made: say so, stay in the menu
            log.exception("could not start the match")
            self.host.toast(tr("error.bots_missing", error=exc), 6.0)
            self.to_menu()
            return
        self._adopt(match, practice=practice)
        self.start_deal(match)

    def _cut(self, chain: MatchSeal, cutter: str | None, then: Callable[[MatchSeal, int | None], None]) -> None:
        """Take the seed and the cut (``then`` gets the seal, None for "Cut for me"); quick play skips it."""
        if self.host.settings.cut_for_me and chain.player_seed is not None and chain.remaining > 0:
            then(chain, None)
            return
        from game.app.scenes.cut import CutScene

        self.host.set_scene(CutScene(self.host, chain, cutter, then))

    def next_hand(self, match: Match) -> None:
        """On from a finished hand: the match says where (a table's hand goes back to its sheet)."""
        match.after_hand(self)

    def show_table_sheet(self) -> None:
        self.tables.show_sheet()

    def _play_duel(self, match: Match, resumed: bool = False) -> None:
        """A table's duel on screen, recorded when a person plays it; ``resumed``: its cards where they lie."""
        from game.app.program import listeners as match_listeners
        self.match = match
        self.recorder = match_listeners.attach_duel(match, self.host.services, keep=self.history_keep())
        if not resumed:
            self.start_deal(match)

    def deal_next_hand(self, match: Match) -> None:
        """Deal the next hand of a match: sealed and cut by the non-dealer when the match deals fairly."""
        if not match.fair:
            match.next_hand()
            self.start_deal(match)
            return
        def deal(seal: MatchSeal, cut: int | None) -> None:
            match.deal_sealed(seal, cut)
            self.start_deal(match)

        self._cut(match.next_seal(self.new_seal), None if match.vs_bot else match.name(1 - match.state.dealer), deal)

    def has_saved_match(self) -> bool:
        return self.host.services.store.has_match() or self.host.services.store.load_table() is not None

    def continue_match(self) -> bool:
        """The saved match back at its hand and turn (behind the curtain in hot-seat); False if it cannot be."""
        store = self.host.services.store
        loaded = store.load_match()
        if loaded is None:
            return False
        state, meta = loaded
        chain, damaged = resumed_seal(store.saved_seal, state)
        try:
            match = Match.resumed(state, meta, self.host.bots, chain)
        except Exception as exc:  # kept aside with a notice, like any save that cannot be used
            log.exception("the saved match could not be resumed")
            store.refuse_match(exc)
            return False
        self._adopt(match, resumed=True)
        notice = state.deal_notice or ("chain" if damaged else None)  # the saved deal or seal was dropped
        if notice is not None:  # say why, in the player's language
            self.host.toast(tr("notice.deal_" + notice), 10.0)
        self.hand_view = self.hand_view.fresh()
        table = self.host.table
        if state.phase is Phase.HAND_OVER and state.last_result is not None:
            table.reset()
            self.show_result(match, 0 if match.vs_bot else None)
        elif state.phase is Phase.HAND_OVER:
            self.next_hand(match)
        else:
            table.reset()
            self.begin_play(match)
            table.settle()
        return True

    def take_notices(self) -> list[Notice]:
        """Notices (damaged files set aside) not shown yet; each is returned once."""
        out = self.notices + self.host.services.store.take_notices()
        self.notices = []
        return out

    # ------------------------------------------------------------------ screens

    def to_menu(self) -> None:
        self.match = _left(self.match)
        self.tables.leave()
        self.host.set_scene(MenuScene(self.host))

    def start_deal(self, match: Match) -> None:
        from game.app.scenes.deal import DealScene

        self.hand_view = self.hand_view.fresh()
        self.host.set_scene(DealScene(self.host, match))

    def begin_play(self, match: Match) -> None:
        from game.app.scenes.play import PlayScene

        self.host.set_scene(PlayScene(self.host, match))

    def show_curtain(self, play: Scene, seat: int) -> None:
        from game.app.scenes.overlays import CurtainScene

        self.host.push(CurtainScene(self.host, play, seat))

    def show_result(self, match: Match, viewer: int | None) -> None:
        from game.app.scenes.result import ResultScene

        self.host.set_scene(ResultScene(self.host, match, viewer))

    def show_match_over(self, match: Match) -> None:
        from game.app.records.playways import count_way

        count_way(self.host, match, self.tables.daily)
        from game.app.scenes.matchover import MatchOverScene

        self.host.set_scene(MatchOverScene(self.host, match))

    def show_settings(self) -> None:
        from game.app.scenes.settings import SettingsScene

        self.host.push(SettingsScene(self.host))

    def show_error(self, log_path: Path | None) -> None:
        from game.app.scenes.error import ErrorScene

        self.match = None
        self.host.set_scene(ErrorScene(self.host, log_path))

    def pause(self) -> None:
        from game.app.scenes.overlays import PauseScene

        if not isinstance(self.host.top, PauseScene):
            self.host.push(PauseScene(self.host))

    # ------------------------------------------------------------------ history, replay, coach, practice

    def history(self) -> History:
        from game.app.records.history import History

        return History(self.host.services.stats)

    def history_keep(self) -> int:
        """How many matches the history keeps (the settings' choice when they have one)."""
        from game.app.records.history import HISTORY_KEEP

        keep = getattr(self.host.settings, "history_keep", HISTORY_KEEP)
        return keep if isinstance(keep, int) and not isinstance(keep, bool) and keep > 0 else HISTORY_KEEP

    def show_history(self) -> None:
        from game.app.scenes.history import HistoryScene

        self.host.push(HistoryScene(self.host, self.history()))

    def show_replay(self, entry: MatchEntry, record: HandRecord, coach: bool = False,
                    earlier: Sequence[HandResult | HandRecord] = ()) -> None:
        """Replay a recorded hand over the current screen (with the coach's notes when ``coach``)."""
        from game.app.scenes.replay import ReplayScene

        self.host.push(ReplayScene(self.host, entry, record, coach=coach, earlier=earlier))

    def can_coach(self, match: Match) -> bool:
        rec = self.recorder
        return match.vs_bot and rec is not None and rec.last is not None and rec.last.hand_no == match.state.hand_no

    def show_coach(self, match: Match) -> None:
        """The coach for the hand just played against the computer (from the result screen)."""
        rec = self.recorder
        if not self.can_coach(match) or rec is None or rec.last is None:
            self.host.toast(tr("coach.unavailable"))
            return
        from game.app.records.history import MatchEntry

        meta = match.info
        st = match.state
        entry = MatchEntry(match_id=meta.match_id, started_at=0.0, updated_at=0.0, mode=meta.mode,
                           opponent=meta.bot_level or "", names=meta.names, seat=meta.human_seat,
                           preset=st.rules.preset_name, target=st.rules.target, scores=(st.scores[0], st.scores[1]),
                           hands=len(st.history), finished=st.phase is Phase.MATCH_OVER, winner=st.winner)
        self.show_replay(entry, rec.last, coach=True, earlier=list(st.history[:-1]))

    def can_undo(self, match: Match) -> bool:
        rec = self.recorder
        return rec is not None and match is self.match and rec.can_undo(match)

    def undo(self) -> bool:
        """Practice: back to the player's previous decision (the match rewinds, the turn starts afresh)."""
        match = self.match
        rec = self.recorder
        if match is None or rec is None or not rec.can_undo(match):
            self.host.toast(tr("practice.no_undo") if rec is not None and rec.practice_mode
                            else tr("practice.off"))
            return False
        if not rec.undo(match):
            return False
        self.host.services.store.save_match(match.state, match.info, seal=match.chain)
        return True
