"""The way to game night's screens: a table of three or two pairs, its score sheet between hands, each duel
through the two-player scenes, and the deal of the day (a part of ``Flow``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.matches.match import Match, MatchSetup
from game.engine.daily import DailyDeal

if TYPE_CHECKING:
    from game.app.matches.tablerun import TableRun, TableSetup
    from game.app.stage.scene import Host


class GameNight:
    """Mixed into ``Flow``."""

    if TYPE_CHECKING:  # the flow's own
        host: Host
        match: Match | None
        recorder: Any
        table_run: TableRun | None
        daily: DailyDeal | None

        def start_deal(self, match: Match) -> None: ...

        def _open(self, setup: MatchSetup, source: Any, by_player: bool, practice: bool = False) -> None: ...

    def show_game_night(self) -> None:
        from game.app.scenes.gamenight import GameNightScene

        self.host.set_scene(GameNightScene(self.host))

    def start_table(self, setup: TableSetup) -> None:
        """A table of three or four: its score sheet first, which hands the screen to the first player."""
        from game.app.matches.tablerun import TableRun

        self.table_run = TableRun(setup, self.host.bots, self.host.services.sound)
        self.show_table_sheet()

    def show_table_sheet(self) -> None:
        if self.table_run is not None:
            from game.app.scenes.tablesheet import TableSheetScene

            self.host.set_scene(TableSheetScene(self.host, self.table_run))

    def play_duel(self) -> None:
        """The table's hand in play, through the two-player scenes (not saved: a table is not resumed)."""
        if self.table_run is None:
            return
        self.match, self.recorder = self.table_run.duel_match(), None
        self.start_deal(self.match)

    def start_daily(self, deal: DailyDeal) -> None:
        """The deal of the day: dealt from its public seed (no cut), against the day's level."""
        self.daily = deal
        self._open(MatchSetup("bot", deal.rules, deal.seed, level=deal.level), None, True)  # type: ignore[arg-type]
