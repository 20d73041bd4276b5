"""What the history screen lists: the matches newest first, or the hands of the match opened; the row
chosen and the page it is on.  The screen, its drawing and its files all read the same rows."""
from __future__ import annotations

from collections.abc import Callable

from game.app.lang import typed
from game.app.lang.i18n import plural, tr
from game.app.records.deal_export import deal_lines
from game.app.records.history import HandEntry, History, MatchEntry
from game.app.records.history_tables import TableLine
from game.engine.table import side_of

Row = MatchEntry | HandEntry


def seat_name(line: TableLine, seat: int) -> str:
    """A table's seat as its sheet names it: the person's name, or the computer and its level."""
    kind = line.seats[seat]
    if kind != "person":
        return tr("night.computer_seat", n=seat + 1, level=tr("level." + kind))
    return typed.normal_name(line.names[seat]) or tr("night.player_name", n=seat + 1)


def side_name(line: TableLine, side: int) -> str:
    """A side of a table in few words: a seat of three, or a pair of four; a computer by its level (and its
    seat only when another computer plays at the same level)."""

    def name(seat: int) -> str:
        kind = line.seats[seat]
        if kind == "person" or line.seats.count(kind) > 1:
            return seat_name(line, seat)
        return tr("seat.computer_level", level=tr("level." + kind))

    seats = [s for s in range(len(line.seats)) if side_of(line.kind, s) == side]
    if len(seats) == 2:
        return tr("sheet.pair", a=name(seats[0]), b=name(seats[1]))
    return name(seats[0])


def people(line: TableLine) -> str:
    """Who sat at a table, in seat order."""
    return tr("rules.v.list_sep").join(seat_name(line, s) for s in range(len(line.seats)))


def people_short(line: TableLine) -> str:
    """Who sat at a table in a few words: the people by name, then how many computers."""
    names = tr("rules.v.list_sep").join(seat_name(line, s) for s, kind in enumerate(line.seats) if kind == "person")
    computers = len(line.seats) - line.people
    return plural("history.table_people", computers, people=names) if computers else names


def duel_entry(entry: MatchEntry, hand_no: int) -> MatchEntry:
    """One duel of a table as a match of two, its seats named as the table's sheet names them."""
    line = entry.table
    seats = line.duels.get(hand_no) if line is not None else None
    if line is None or seats is None:
        return entry
    return entry.duel(hand_no, (seat_name(line, seats[0]), seat_name(line, seats[1])))


class HistoryRows:
    """The rows of ``history``; ``per_page`` says how many fit the window now (it changes with it)."""

    def __init__(self, history: History, per_page: Callable[[], int]) -> None:
        self.history = history
        self.per_page = per_page
        self.entries: list[MatchEntry] = []
        self.entry: MatchEntry | None = None  # the match opened (its hands listed), else None
        self.hands: list[HandEntry] = []
        self.selected = 0
        self.page = 0

    def load(self) -> None:
        self.entries = self.history.matches()
        if self.entry is not None:
            self.entry = next((e for e in self.entries if e.match_id == self.entry.match_id), None)
            self.hands = self.history.hands(self.entry.match_id) if self.entry is not None else []
        self.selected = max(0, min(self.selected, len(self.rows()) - 1))
        self.page = self.selected // self.per_page()

    def rows(self) -> list[Row]:
        return list(self.hands) if self.entry is not None else list(self.entries)

    def pages(self) -> int:
        return max(1, -(-len(self.rows()) // self.per_page()))

    def shown(self) -> list[tuple[int, Row]]:
        n = self.per_page()
        rows = self.rows()
        start = self.page * n
        return list(enumerate(rows))[start:start + n]

    def current(self) -> Row | None:
        rows = self.rows()
        return rows[self.selected] if 0 <= self.selected < len(rows) else None

    # ------------------------------------------------------------------ moving about

    def select(self, index: int) -> bool:
        """Choose the row ``index`` (kept within the rows); False when there is no row to choose."""
        rows = self.rows()
        if not rows:
            return False
        self.selected = max(0, min(len(rows) - 1, index))
        self.page = self.selected // self.per_page()
        return True

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages()
        self.selected = self.page * self.per_page()

    def open_match(self, entry: MatchEntry) -> None:
        self.entry = entry
        self.hands = self.history.hands(entry.match_id)
        self.selected = 0
        self.page = 0

    def close_match(self) -> None:
        """Back to the list of matches, the match that was open chosen."""
        match_id = self.entry.match_id if self.entry is not None else ""
        self.entry = None
        self.hands = []
        self.selected = next((i for i, e in enumerate(self.entries) if e.match_id == match_id), 0)
        self.page = self.selected // self.per_page()

    def show_match(self, match_id: str) -> None:
        """Read the list again and choose the match ``match_id`` in it (one just imported)."""
        self.entry = None
        self.hands = []
        self.load()
        selected = next((i for i, e in enumerate(self.entries) if e.match_id == match_id), 0)
        self.selected = selected
        self.page = selected // self.per_page()

    # ------------------------------------------------------------------ what the files take

    def entry_for(self, hand: HandEntry) -> MatchEntry | None:
        """The match a hand of the match open is named and replayed by (a table's: its duel's)."""
        return None if self.entry is None else duel_entry(self.entry, hand.hand_no)

    def match_chosen(self) -> MatchEntry | None:
        """The match open, or else the match chosen in the list."""
        cur = self.current()
        return self.entry if self.entry is not None else cur if isinstance(cur, MatchEntry) else None

    def hand_chosen(self) -> HandEntry | None:
        """The hand chosen in the match open, when its record is sound."""
        cur = self.current()
        return cur if self.entry is not None and isinstance(cur, HandEntry) and cur.ok else None

    def deals(self) -> tuple[list[str], int | None]:
        """The deal lines of the hand chosen (or of the whole match), and that hand's number."""
        cur = self.current()
        if self.entry is None:  # the list of matches: the whole match chosen
            if not isinstance(cur, MatchEntry) or not cur.hands_open:
                return [], None
            return deal_lines(h.record for h in self.history.hands(cur.match_id)), None
        if not self.entry.hands_open:
            return [], None
        if isinstance(cur, HandEntry):
            return deal_lines([cur.record]), cur.hand_no
        return deal_lines(h.record for h in self.hands), None
