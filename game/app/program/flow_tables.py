"""Game night's part of the way between screens: the setup screen, a table of three or two pairs, its score
sheet between hands, each duel through the two-player scenes, and the deal of the day."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.matches.match import Match, MatchSetup

if TYPE_CHECKING:
    from game.app.matches.tablerun import TableRun, TableSetup
    from game.app.stage.scene import Host
    from game.engine.daily import DailyDeal


class TableFlow:
    """Held by ``Flow`` as ``nav.tables``: what game night adds to the way between screens.

    ``play`` shows a match from its deal on (and makes it the navigator's match); ``open_match`` starts a
    match of two from a setup, dealt from the seed (the deal of the day is public).
    """

    def __init__(self, host: Host, play: Callable[[Match], None],
                 open_match: Callable[[MatchSetup], None]) -> None:
        self.host = host
        self._play = play
        self._open_match = open_match
        self.run: TableRun | None = None  # a table of three or four being played
        self.daily: DailyDeal | None = None  # the deal of the day being played

    def leave(self) -> None:
        """Back to the menu: no table and no day's deal in play."""
        self.run = self.daily = None

    def show_game_night(self) -> None:
        from game.app.scenes.gamenight import GameNightScene

        self.host.set_scene(GameNightScene(self.host))

    def start_table(self, setup: TableSetup) -> None:
        """A table of three or four: its score sheet first, which hands the screen to the first player."""
        from game.app.matches.tablerun import TableRun

        self.run = TableRun(setup, self.host.bots, self.host.services.sound)
        self.show_sheet()

    def show_sheet(self) -> None:
        if self.run is not None:
            from game.app.scenes.tablesheet import TableSheetScene

            self.host.set_scene(TableSheetScene(self.host, self.run))

    def play_duel(self) -> None:
        """The table's hand in play, through the two-player scenes (not saved: a table is not resumed)."""
        if self.run is not None:
            self._play(self.run.duel_match())

    def start_daily(self, deal: DailyDeal) -> None:
        """The deal of the day: dealt from its public seed (no cut), against the day's level."""
        self.daily = deal
        self._open_match(MatchSetup("bot", deal.rules, deal.seed, level=deal.level))  # type: ignore[arg-type]
