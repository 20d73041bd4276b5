"""Game night's part of the way between screens: the setup screen, a table of three or two pairs, its score
sheet between hands, each duel through the two-player scenes, and the deal of the day.

A table is kept (``table.json``, written atomically by the store) after every move and every deal, so
leaving, Esc and closing the window all leave it for Continue.  Its save never runs ahead of its records:
each duel's records and the table's line in the history are written first (``records.history_tables``).
When the table ends it is counted by its way of playing, then its file is dropped; one left for something
else is marked abandoned in the history, then dropped (``records.ledger`` settles what a kill cut short).  A table
that deals fairly is sealed whole when it starts (one ``MatchSeal``, a link a duel), and each duel goes
through the cut as a hand of two does: the seed once a table, the cut by the duel's person (cut 0 between
two computers); the seal is kept with the table.
"""
from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.matches.match import Match, MatchSetup

if TYPE_CHECKING:
    from game.app.matches.tablerun import TableRun, TableSetup
    from game.app.records.history_tables import TableHistory
    from game.app.stage.scene import Host
    from game.engine.daily import DailyDeal
    from game.engine.fairness_chain import MatchSeal
    from game.engine.table import Table

log = logging.getLogger(__name__)

DAYS_KEPT = 8  # a day's deal left unfinished is known again for a week after its day


def days_deal(match: Match, now: float) -> DailyDeal | None:
    """The day's deal a resumed match is, when it was dealt from a recent day's public seed (else None)."""
    from game.engine.daily import daily_deal, utc_day

    if match.table_kind is not None or match.fair:
        return None
    today = datetime.date.fromisoformat(utc_day(datetime.datetime.fromtimestamp(now, datetime.timezone.utc)))
    for back in range(DAYS_KEPT):
        deal = daily_deal((today - datetime.timedelta(days=back)).isoformat())
        if deal.seed == match.state.seed and deal.rules == match.rules:
            return deal
    return None


class TableFlow:
    """Held by ``Flow`` as ``nav.tables``: what game night adds to the way between screens.

    ``play`` shows a match from its deal on (and makes it the navigator's match); ``open_match`` starts a
    match of two from a setup, dealt from the seed (the deal of the day is public).
    """

    def __init__(self, host: Host, play: Callable[[Match, bool], None],
                 open_match: Callable[[MatchSetup], None]) -> None:
        self.host = host
        self._play = play
        self._open_match = open_match
        self.run: TableRun | None = None  # a table of three or four being played
        self.daily: DailyDeal | None = None  # the deal of the day being played
        self._mid_hand = False  # a kept table came back in the middle of a duel: no deal to show
        self._notice: str | None = None  # why a kept table's seal was dropped, still to be said

    def leave(self) -> None:
        """Back to the menu: no table and no day's deal in play (a table stays kept for Continue)."""
        self.run = self.daily = None

    def show_game_night(self) -> None:
        from game.app.scenes.gamenight import GameNightScene

        self.host.set_scene(GameNightScene(self.host))

    def start_table(self, setup: TableSetup) -> None:
        """A table of three or four: its score sheet first, which hands the screen to the first player."""
        from game.app.matches.tablerun import TableRun

        nav = self.host.nav
        fair = nav.fair if nav.fair is not None else nav.seed is None
        chain = nav.new_seal(1) if fair else None  # the whole table sealed before any seed is asked
        self.run = TableRun(setup, self.host.bots, self.host.services.sound, changed=self.keep, chain=chain,
                            ledger=self._ledger())
        self.daily, self._mid_hand = None, False
        self.keep(self.run)
        self.run.note()  # listed in the history from its start, as a match of two is
        self.show_sheet()

    def _ledger(self) -> TableHistory:
        from game.app.records.history import History
        from game.app.records.history_tables import TableHistory

        return TableHistory(History(self.host.services.stats), self.host.services.clock)

    def keep(self, run: TableRun) -> None:
        """Save the table as it stands (a sealed one from its seal on), its records in place first; a finished
        table is counted by its way of playing, then no longer offered."""
        from game.app.matches.tablekeep import table_text
        from game.app.program.listeners import SAVE_AHEAD_SECONDS
        from game.app.stage.services import FINISH_SECONDS

        services = self.host.services
        services.stats.flush(FINISH_SECONDS if run.table.duel_over else SAVE_AHEAD_SECONDS)
        if run.table.over:
            from game.app.records import playways
            from game.app.records.history_tables import line_of
            from game.app.records.ledger import count_table

            count_table(playways.folder_of(services), run.record_id, line_of(run.setup.seats, run.setup.names,
                                                                              run.table))
        services.store.save_table(None if run.table.over else table_text(run.setup, run.table, run.chain))

    def show_sheet(self, alone: bool = False) -> None:
        """The table's sheet; ``alone``: with the computers' own duel, just dealt, being played on it."""
        if self.run is not None:
            from game.app.scenes.tablesheet import TableSheetScene

            sheet = TableSheetScene(self.host, self.run)
            sheet.playing_alone = alone
            self.host.set_scene(sheet)

    def deal_sealed(self) -> None:
        """The next duel of a sealed table through the cut: its person cuts (the seed asked once a table);
        between two computers the cut is 0 and the screen is shown only while the seed is still to be given."""
        run = self.run
        if run is None:
            return
        chain = run.next_seal(self.host.nav.new_seal)
        seat = run.cutter()

        def then(seal: MatchSeal, cut: int | None) -> None:
            run.deal_sealed(seal, cut)
            if run.headless:
                self.show_sheet(alone=True)
            else:
                self._play(run.duel_match(), False)

        if chain.player_seed is not None and chain.remaining > 0 and (seat is None or self.host.settings.cut_for_me):
            then(chain, None)
            return
        from game.app.scenes.cut import CutScene

        named = seat is not None and run.setup.people > 1  # one person: "Cut the deck", as against the computer
        self.host.set_scene(CutScene(self.host, chain, run.setup.name(seat) if named and seat is not None else None,
                                     then, game_cuts=seat is None))
        self.tell()

    def play_duel(self) -> None:
        """The table's hand in play, through the two-player scenes (kept after every move by the run)."""
        if self.run is not None:
            match = self.run.duel_match()
            if self._mid_hand:
                self._mid_hand = False
                self._resume_duel(match)
            else:
                self._play(match, False)

    def _resume_duel(self, match: Match) -> None:
        """A kept duel back in the middle of its hand: the cards where they lie, no deal to show."""
        nav, cards = self.host.nav, self.host.table
        self._play(match, True)  # the navigator's match, recorded again from where it stands
        cards.reset()
        nav.begin_play(match)
        cards.settle()

    # ------------------------------------------------------------------ the kept table

    def saved(self) -> tuple[TableSetup, Table] | None:
        """The kept table, or None; one that cannot be used is set aside with a notice."""
        from game.app.matches.tablekeep import read_table

        store = self.host.services.store
        raw = store.load_table()
        if raw is None:
            return None
        try:
            return read_table(raw)
        except Exception as exc:  # an untrusted file: never a crash, kept aside with a notice
            log.warning("the kept table could not be used: %s", exc)
            store.refuse_table(exc)
            return None

    def saved_line(self) -> str | None:
        """What Continue resumes when a table is kept: its kind, the people and the score."""
        from game.app.matches.tablekeep import table_line

        saved = self.saved()
        return None if saved is None else table_line(*saved)

    def drop_saved(self) -> None:
        """Leave the kept table for something else: marked abandoned in the history, then dropped."""
        from game.app.matches.tablerun import record_id
        from game.app.records.history_tables import ABANDONED
        from game.app.stage.services import FINISH_SECONDS

        saved = self.saved()
        services = self.host.services
        if saved is not None:
            setup, table = saved
            self._ledger().note(record_id(table), setup, table, ABANDONED)
            services.stats.flush(FINISH_SECONDS)
        services.store.save_table(None)

    def continue_table(self) -> bool:
        """Back to the kept table: its sheet (the curtain between people), or the duel in play when one
        person plays it; False when there is none to use."""
        from game.app.matches.tablerun import TableRun

        saved = self.saved()
        if saved is None:
            return False
        setup, table = saved
        chain = self._kept_seal(table)
        self.run = TableRun(setup, self.host.bots, self.host.services.sound, table=table, changed=self.keep,
                            chain=chain, ledger=self._ledger())
        self.daily = None
        self._mid_hand = table.state is not None and not table.duel_over
        if self._mid_hand and not self.run.headless and setup.people == 1:
            self.play_duel()
        else:
            self.show_sheet()
        self.tell()
        return True

    def _kept_seal(self, table: Table) -> MatchSeal | None:
        """The kept table's seal; a dropped deal or a damaged seal is to be said (``tell``), and the next duel
        sealed anew."""
        from game.app.matches.tablekeep import read_seal

        raw = self.host.services.store.load_table()
        chain, damaged = read_seal(raw, table) if raw is not None else (None, False)
        notice = table.state.deal_notice if table.state is not None else None
        notice = notice or ("chain" if damaged else None)
        self._notice = None if notice is None else "notice.deal_" + notice
        return chain

    def tell(self) -> None:
        """Say why a kept table's seal was dropped, once, when a screen that shows a toast is up (the sheet is
        a curtain between people, where none is shown: then at the next cut)."""
        top = self.host.top
        if self._notice is not None and top is not None and not top.curtain:
            from game.app.lang.i18n import tr

            self.host.toast(tr(self._notice), 10.0)
            self._notice = None

    def continue_kept(self) -> bool:
        """Continue: the kept table comes back first, else the saved match of two (the day's deal known again)."""
        if self.continue_table():
            return True
        if not self.host.nav.continue_match():
            return False
        match = self.host.nav.match
        if match is not None:
            self.daily = days_deal(match, self.host.services.clock())
        return True

    def start_daily(self, deal: DailyDeal) -> None:
        """The deal of the day: dealt from its public seed (no cut), against the day's level."""
        self.daily = deal
        self._open_match(MatchSetup("bot", deal.rules, deal.seed, level=deal.level))  # type: ignore[arg-type]
