"""The history screen's drawing: the title, the columns and the rows of matches or hands."""
from __future__ import annotations

import time

import pygame

from game.app.lang import i18n, text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, felt, panel
from game.app.records.history import HandEntry, MatchEntry
from game.app.stage.scene import Host
from game.engine.table import DUELS_PER_HAND

from .history_rows import HistoryRows, people, people_short, side_name
from .recorded import Seats

MATCH_COLUMNS = ((0.0, 0.2, "stats.col.date"), (0.2, 0.26, "stats.col.opponent"), (0.46, 0.16, "stats.col.preset"),
                 (0.62, 0.10, "stats.col.score"), (0.72, 0.28, "stats.col.result"))
HAND_COLUMNS = ((0.0, 0.12, "history.col.hand"), (0.12, 0.22, "history.col.dealer"),
                (0.34, 0.38, "history.col.ending"), (0.72, 0.12, "history.col.points"),
                (0.84, 0.16, "stats.col.score"))


def when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds > 0 else tr("stats.none")


def who(entry: MatchEntry, short: bool = False) -> str:
    """Whom the match was played against, or who sat at the table (``short``: the people, and how many computers)."""
    if entry.table is not None:
        return people_short(entry.table) if short else people(entry.table)
    return Seats(entry).opponent()


def preset_words(entry: MatchEntry) -> str:
    if entry.table is not None:
        return tr("stats.preset_target", preset=tr("history.kind." + entry.table.kind), target=entry.target)
    preset = tr("preset." + entry.preset) if i18n.has("preset." + entry.preset) else entry.preset
    return tr("stats.preset_target", preset=preset, target=entry.target)


def outcome_words(entry: MatchEntry) -> tuple[str, tuple[int, int, int]]:
    words = []
    colour = INK
    line = entry.table
    if line is not None and line.state == "finished" and line.winner is not None:
        words.append(tr("history.table_winner", name=side_name(line, line.winner)))
        colour = GOLD if line.person_won else RED
    elif (line is not None and line.state == "abandoned") or (entry.mode == "online" and not entry.finished):
        words.append(tr("history.abandoned"))  # an online match is never taken up again: unfinished, it was left
        colour = INK_DIM
    elif entry.finished and entry.won is not None and line is None:
        words.append(tr("stats.won") if entry.won else tr("stats.lost"))
        colour = GOLD if entry.won else RED
    else:
        words.append(tr("history.unfinished"))
        colour = INK_DIM
    if entry.practice:
        words.append(tr("history.practice"))
    if entry.imported:
        words.append(tr("history.imported"))
    return " · ".join(words), colour


class HistoryFrame:
    """Where the history screen's panel, its list and each row lie in the window (as it is now)."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(1100))
        return pygame.Rect(round(lay.w / 2 - w / 2), lay.margin, w, lay.h - 2 * lay.margin)

    def body_rect(self) -> pygame.Rect:
        lay = self.app.layout
        r = self.panel_rect()
        pad = lay.px(24)
        top = r.top + lay.px(70)
        bottom = r.bottom - lay.button_h - lay.px(30)
        return pygame.Rect(r.left + pad, top, r.width - 2 * pad, bottom - top)

    def row_h(self) -> int:
        return round(self.app.layout.font(15) * 1.9)

    def row_rect(self, slot: int) -> pygame.Rect:
        body = self.body_rect()
        h = self.row_h()
        return pygame.Rect(body.left, body.top + h * (slot + 1), body.width, h)

    def per_page(self) -> int:
        body = self.body_rect()
        return max(1, int(body.height // self.row_h()) - 1)


class HistoryDrawing:
    """What the history screen draws: the ``rows`` in the ``frame``."""

    def __init__(self, app: Host, frame: HistoryFrame, rows: HistoryRows) -> None:
        self.app = app
        self.frame = frame
        self.rows = rows

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = self.frame.panel_rect()
        panel(surface, r, radius=lay.px(16))
        if self.rows.entry is None:
            title = tr("history.title")
        else:
            m = self.rows.entry  # dated as in the statistics: a finished match by its end
            title = tr("history.match_title", date=when(m.updated_at if m.finished else m.started_at),
                       opponent=who(m))
        right_space = round(lay.button_h * 2.4) + lay.px(40) if self.rows.pages() > 1 else lay.px(20)
        text.draw(surface, title, lay.font(28), GOLD, (r.centerx, r.top + lay.px(34)), bold=True,
                  max_width=r.width - 2 * right_space)
        body = self.frame.body_rect()
        size = lay.font(15)
        rows = self.rows
        if rows.pages() > 1:
            text.draw(surface, tr("stats.page", page=rows.page + 1, pages=rows.pages()), lay.font(13), INK_DIM,
                      (lay.mx(body.left), r.top + lay.px(34)), lay.anchor("midleft"))
        if not self.rows.rows():
            key = "history.empty" if self.rows.entry is None else "history.no_hands"
            text.draw_wrapped(surface, tr(key), lay.font(18), INK_DIM,
                              pygame.Rect(body.left, body.top + lay.px(30), body.width, lay.px(120)), align="center")
            return
        columns = MATCH_COLUMNS if self.rows.entry is None else HAND_COLUMNS
        h = self.frame.row_h()
        head_y = body.top + h / 2
        for e, wd, key in columns:
            text.draw(surface, tr(key), size, INK_DIM, (lay.mx(body.left + body.width * e + lay.px(6)), head_y),
                      lay.anchor("midleft"), max_width=round(body.width * wd - lay.px(10)))
        pygame.draw.line(surface, GOLD, (body.left, body.top + h - 1), (body.right, body.top + h - 1), 1)
        for slot, (i, row) in enumerate(self.rows.shown()):
            rect = self.frame.row_rect(slot)
            if i == self.rows.selected:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((226, 195, 92, 48))
                surface.blit(shade, rect)
                pygame.draw.rect(surface, GOLD, rect, 1, border_radius=lay.px(4))
            elif slot % 2 == 0:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 12))
                surface.blit(shade, rect)
            cells = self.match_cells(row) if isinstance(row, MatchEntry) else self.hand_cells(row)
            for (e, wd, _), (cell, colour) in zip(columns, cells, strict=True):
                text.draw(surface, cell, size, colour, (lay.mx(rect.left + rect.width * e + lay.px(6)), rect.centery),
                          lay.anchor("midleft"), max_width=round(rect.width * wd - lay.px(10)))

    def match_cells(self, m: MatchEntry) -> list[tuple[str, tuple[int, int, int]]]:
        outcome, colour = outcome_words(m)
        if m.table is not None:  # every side's score, in seat order as the people are named
            score = tr("rules.v.list_sep").join(str(p) for p in m.table.scores)
        else:
            score = tr("stats.score", mine=m.my_score, theirs=m.their_score)
        return [(when(m.updated_at if m.finished else m.started_at), INK), (who(m, short=True), INK),
                (preset_words(m), INK), (score, INK), (outcome, colour)]

    def hand_cells(self, h: HandEntry) -> list[tuple[str, tuple[int, int, int]]]:
        line = self.rows.entry.table if self.rows.entry is not None else None
        hand_no = h.hand_no // DUELS_PER_HAND[line.kind] if line is not None else h.hand_no  # pairs: two duels a hand
        number = tr("table.hand_no", n=hand_no + 1)
        rec = h.record
        if rec is None or rec.end is None or self.rows.entry is None:
            return [(number, INK), ("", INK), (tr("history.damaged_row"), RED), ("", INK), ("", INK)]
        entry = self.rows.entry_for(h) or self.rows.entry
        seats = Seats(entry)
        end = rec.end
        if end.kind == "dead":
            ending = tr("over.kind.dead")
        else:
            who = end.winner if end.kind == "undercut" else end.knocker
            ending = seats.say("over.kind." + end.kind, who if who is not None else 0)
        scores = list(rec.scores)
        if end.winner is not None:
            scores[end.winner] += end.points
        me = entry.seat
        colour = INK if end.winner is None else GOLD if end.winner == me else RED
        points = str(end.points) if end.winner is not None else tr("stats.none")
        return [(number, INK), (seats.name(rec.dealer), INK), (ending, colour), (points, colour),
                (tr("stats.score", mine=scores[me], theirs=scores[1 - me]), INK)]
