"""The table's score sheet drawn as a sheet: a column per side (a seat of three, or a pair), a row per hand
(a pairs hand is both its duels, with the pair's net), the hands won and the totals at the foot.  Held by
``TableSheetScene``; it reads the engine's ``Table.sheet()`` and draws, nothing else."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM
from game.app.matches.tablerun import TableRun
from game.engine.table import ScoredHand, TableHand, side_of


@dataclass(frozen=True)
class SheetRow:
    """One hand on the sheet: its number, a line per duel, each side's points ("" for none), the box."""

    number: str
    duels: tuple[str, ...]
    points: tuple[str, ...]
    box: int | None


def duel_line(run: TableRun, hand: TableHand) -> str:
    """Who played whom and how it ended (a dead hand says why)."""
    name = run.setup.name
    a, b = hand.duel.seats
    who = tr("sheet.duel", a=name(a), b=name(b))
    if run.table.kind == "three":
        who += " · " + tr("sheet.sat_out", names=name(hand.duel.sitting_out[0]))
    if hand.winner is None:
        ended = tr("sheet.dead_" + (hand.result.dead_reason or "stock"))
    else:
        ended = tr("sheet.won", name=name(hand.winner), points=hand.result.points)
    return who + " · " + ended


class SheetGrid:
    """The sheet of ``run``'s table, as rows and as a drawing."""

    def __init__(self, run: TableRun) -> None:
        self.run = run

    def heads(self) -> list[tuple[str, ...]]:
        """Each side's heading: a seat's name, or both partners' names (one a line)."""
        name, table = self.run.setup.name, self.run.table
        if table.kind == "pairs":
            return [(name(0), name(2)), (name(1), name(3))]
        return [(name(s),) for s in range(3)]

    def rows(self) -> list[SheetRow]:
        return [self._row(h) for h in self.run.table.sheet()]

    def _row(self, hand: ScoredHand) -> SheetRow:
        points = tuple(str(p) if p else "" for p in hand.points)
        return SheetRow(str(hand.number + 1), tuple(duel_line(self.run, d) for d in hand.duels), points, hand.box)

    def foot(self) -> tuple[list[str], list[str]]:
        """Each side's hands won and total so far."""
        table = self.run.table
        won = [0] * len(self.heads())
        for hand in table.sheet():
            if hand.box is not None:
                won[hand.box] += 1
        return [str(w) for w in won], [str(p) for p in table.scores()]

    @staticmethod
    def fitted(row: SheetRow, size: int, width: int) -> SheetRow:
        """The row with a duel's line too wide for ``width`` broken before how it ended."""
        lines: list[str] = []
        for duel in row.duels:
            who, _, ended = duel.rpartition(" · ")
            lines += [duel] if text.measure(duel, size)[0] <= width or not who else [who, ended]
        return SheetRow(row.number, tuple(lines), row.points, row.box)

    def mine(self, side: int) -> bool:
        """Whether a person plays for ``side`` (its column is the gold one)."""
        kind, seats = self.run.table.kind, self.run.setup.seats
        return any(s == "person" and side_of(kind, i) == side for i, s in enumerate(seats))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, px, mirror: bool, size: int) -> None:
        """The grid in ``rect``: heads, as many of the latest hands as fit, then the foot."""
        heads = self.heads()
        sides = len(heads)
        widest = max(text.measure(words, size, True)[0] for head in heads for words in head) + px(16)
        side_w = min(max(round(rect.width * (0.17 if sides == 3 else 0.24)), widest), round(rect.width * 0.3),
                     max(px(260), widest))
        num_w = max(px(36), text.measure(tr("sheet.hand_head"), size)[0] + px(12))
        desc_w = rect.width - num_w - side_w * sides
        lines = max(len(h) for h in heads)
        head_h = round(size * 1.35) * lines + px(8)
        line_h = round(size * 1.45)

        def x_of(left: float, width: float) -> float:  # a column's centre, mirrored on a right-to-left screen
            c = rect.left + left + width / 2
            return rect.right - (c - rect.left) if mirror else c

        side_left = [num_w + desc_w + i * side_w for i in range(sides)]
        for i, head in enumerate(heads):
            for n, words in enumerate(head):
                y = rect.top + round(size * 1.35) * (n + 0.5) + px(4)
                text.draw(surface, words, size, GOLD if self.mine(i) else INK, (x_of(side_left[i], side_w), y),
                          bold=True, max_width=side_w - px(12))
        text.draw(surface, tr("sheet.hand_head"), size, INK_DIM, (x_of(0, num_w), rect.top + head_h / 2),
                  max_width=num_w - px(6))
        top = rect.top + head_h
        pygame.draw.line(surface, INK_DIM, (rect.left, top), (rect.right, top), max(1, px(1)))
        foot_h = line_h * 2 + px(10)
        room = rect.bottom - foot_h - top - px(6)
        shown: list[SheetRow] = []
        used = 0
        for row in reversed([self.fitted(r, size, desc_w - px(16)) for r in self.rows()]):
            need = line_h * len(row.duels) + px(6)
            if used + need > room:
                break
            shown.insert(0, row)
            used += need
        y = top + px(6)
        desc_x = rect.left + num_w + px(8) if not mirror else rect.right - num_w - px(8)
        for row in shown:
            h = line_h * len(row.duels)
            mid = y + h / 2
            text.draw(surface, row.number, size, INK_DIM, (x_of(0, num_w), mid), max_width=num_w - px(6))
            for n, duel in enumerate(row.duels):
                text.draw(surface, duel, size, INK, (desc_x, y + line_h * (n + 0.5)),
                          "midright" if mirror else "midleft", max_width=desc_w - px(16))
            for i, points in enumerate(row.points):
                text.draw(surface, points + (" ●" if row.box == i else ""), size, GOLD if row.box == i else INK,
                          (x_of(side_left[i], side_w), mid), bold=row.box == i, max_width=side_w - px(12))
            y += h + px(6)
        won, totals = self.foot()
        base = rect.bottom - foot_h
        pygame.draw.line(surface, INK_DIM, (rect.left, base), (rect.right, base), max(1, px(1)))
        for n, (label, values) in enumerate(((tr("sheet.hands_won"), won), (tr("sheet.total"), totals))):
            y = base + px(6) + line_h * (n + 0.5)
            text.draw(surface, label, size, INK_DIM if n == 0 else GOLD, (desc_x, y),
                      "midright" if mirror else "midleft", bold=n == 1, max_width=desc_w - px(16))
            for i, v in enumerate(values):
                text.draw(surface, v, size if n == 0 else round(size * 1.15), INK_DIM if n == 0 else GOLD,
                          (x_of(side_left[i], side_w), y), bold=n == 1, max_width=side_w - px(12))
