"""A recorded match as the table scenes read it: the seats' names and sentences ("You knock" for the
player against the computer, as at the table), and a ``Match``-like view of one recorded position.

The history screens (``history.py``) name the seats with it; the replay (``replay.py``) shows its
positions on the table through ``ReplayMatch``.
"""
from __future__ import annotations

from game.app.config.vocab import LEVELS
from game.app.lang import bidi, i18n
from game.app.lang.i18n import tr
from game.app.records.history import MatchEntry
from game.engine import MatchState, Rules


class Seats:
    """Names of a recorded match's seats, and sentences about them ("You knock" for the player
    against the computer, as at the table)."""

    def __init__(self, entry: MatchEntry) -> None:
        self.entry = entry

    def name(self, seat: int) -> str:
        e = self.entry
        if e.vs_bot:
            if seat == e.seat:
                return tr("seat.you")
            if e.opponent in LEVELS:
                return tr("seat.computer_level", level=tr("level." + e.opponent))
            return tr("seat.computer")
        given = e.names[seat].strip()
        return given or tr("menu.name1_default" if seat == 0 else "menu.name2_default")

    def say(self, key: str, seat: int, **params: object) -> str:
        if self.entry.vs_bot and seat == self.entry.seat and i18n.has(key + ".you"):
            return tr(key + ".you", **params)
        bot = self.entry.vs_bot and seat != self.entry.seat and i18n.has(key + ".bot")  # as Match.say
        return tr(key + ".bot" if bot else key, name=self.name(seat), **params)

    def opponent(self) -> str:
        """Who the recorded player played against (a friend online marked so, as the statistics mark them)."""
        name = self.name(1 - self.entry.seat)
        if self.entry.mode != "online":
            return name
        return tr("stats.friend_online_named", name=bidi.isolate(name) if i18n.is_rtl() else name)


class ReplayMatch:
    """What the table scenes read of a match, for one position of a recorded hand."""

    def __init__(self, entry: MatchEntry, state: MatchState) -> None:
        self.state = state
        self.seats = Seats(entry)
        self.vs_bot = entry.vs_bot
        self.info = entry

    @property
    def rules(self) -> Rules:
        return self.state.rules

    def name(self, seat: int) -> str:
        return self.seats.name(seat)

    def say(self, key: str, seat: int, **params: object) -> str:
        return self.seats.say(key, seat, **params)

    def seal(self) -> None:
        """A replay shows no seal: the hand is over and every card is on the table."""
        return None

    def is_bot(self, seat: int | None) -> bool:
        return self.vs_bot and seat is not None and seat != self.info.seat

    def hand_line(self) -> str:
        return tr("table.hand_no", n=self.state.hand_no + 1) + " · " + tr("table.to_target", target=self.rules.target)

    def deals(self, seat: int) -> bool:
        return self.state.dealer == seat

    def table_note(self) -> None:
        return None
