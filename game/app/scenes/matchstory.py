"""The story of a finished match on paper: each player's plate (the total, where it came from, the
records), the race to the target as a chart, and the score sheet hand by hand.

``MatchOverScene`` (``matchover.py``) brings it up after the celebration; the plates and the sheet can
be drawn a step at a time (``plates_steps``, ``sheet_steps``) so it can paint them ahead, off screen.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from game.app.lang import text
from game.app.lang.i18n import is_rtl, tr
from game.app.looks.panels import GOLD, INK, INK_DIM, panel
from game.app.matches.match import Match
from game.app.scenes.racechart import SEAT_COLOURS, draw_race
from game.app.stage.scene import Host
from game.engine import HandResult, hollywood


@dataclass
class Record:
    """One player's match in numbers."""

    hand_points: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    best: int = 0


def elide(s: str, size: int, width: int, bold: bool = True) -> str:
    return text.elide(s, size, width, bold)


COLUMNS = (0.08, 0.4, 0.18, 0.17, 0.17)  # hand, result, sum, running totals of seat 0 and seat 1


def sheet_columns(rect: pygame.Rect, pad: int, mirror: bool, air: int) -> tuple[list[float], list[int]]:
    """Where the score sheet's columns start (their reading edge) and how wide their text may be; the
    result's words ("Knock by Computer (easy)") keep three times the air from the sum's numbers, the
    last column none."""
    inner = rect.width - 2 * pad
    xs: list[float] = [rect.left + pad]
    for f in COLUMNS[:-1]:
        xs.append(xs[-1] + inner * f)
    if mirror:
        xs = [rect.left + rect.right - x for x in xs]
    return xs, [round(inner * f) - air * (3 if i == 1 else 0 if i == len(COLUMNS) - 1 else 1)
                for i, f in enumerate(COLUMNS)]


def games_cell(points: list[int]) -> str:
    """Hollywood's three games in one cell, game 1 first in the reading direction: on a Persian screen the
    numbers stand right to left (game 1 at the right), as the legend above the sheet reads."""
    return "/".join(str(p) for p in (reversed(points) if is_rtl() else points))


def records(history: list[HandResult]) -> tuple[Record, Record]:
    out = (Record(), Record())
    for r in history:
        if r.winner is None:
            continue
        rec = out[r.winner]
        rec.hand_points += r.points
        rec.hands_won += 1
        rec.best = max(rec.best, r.points)
        if r.kind in ("gin", "big_gin"):
            rec.gins += 1
        elif r.kind == "undercut":
            rec.undercuts += 1
    return out


class MatchStory:
    """The plates, the chart and the score sheet of one finished match, placed by the app's layout."""

    def __init__(self, app: Host, match: Match, winner: int, totals: tuple[int, int]) -> None:
        self.app = app
        self.match = match
        self.winner = winner
        self.totals = totals

    # ------------------------------------------------------------------ words and numbers

    def rows(self) -> list[tuple[str, str, str, str, str]]:
        """Hand, result, the sum, then each seat's running total (with +points where it scored)."""
        say = self.match.say
        out: list[tuple[str, str, str, str, str]] = []
        run = [0, 0]
        for r in self.match.state.history:
            cells = ["", ""]
            if r.kind == "dead":
                label, total = tr("over.kind.dead"), ""
            else:
                who = r.winner if r.kind == "undercut" else r.knocker
                assert who is not None and r.winner is not None  # only a dead hand has neither
                label, total = say("over.kind." + r.kind, who), r.sum_text
                run[r.winner] += r.points
            games = self._hollywood(len(out) + 1)
            for seat in (0, 1):
                gained = r.kind != "dead" and r.winner == seat
                shown = games_cell([g.points[seat] for g in games]) if games else str(run[seat])
                cells[seat] = f"{shown}  (+{r.points})" if gained and not games else shown
            out.append((str(r.hand_no + 1), label, total, cells[0], cells[1]))
        return out

    def _hollywood(self, hands: int) -> tuple[hollywood.Game, ...]:
        """Hollywood's three games after the first ``hands`` hands (none for one-game scoring)."""
        st = self.match.state
        if not st.rules.hollywood:
            return ()
        return hollywood.sheet(st.rules, st.history[:hands]).games

    def plate_lines(self, seat: int) -> list[tuple[str, str]]:
        """``(label, value)`` lines of a player's plate: where the total came from, then the records."""
        st = self.match.state
        rules = st.rules
        final = st.final
        rec = records(st.history)[seat]
        lines = [(tr("over.hand_points"), str(rec.hand_points))]
        if final is not None and rules.line_bonus:
            lines.append((tr("over.line_bonus"), str(final.line_bonus[seat])))
        if final is not None and rules.game_bonus:
            lines.append((tr("over.game_bonus"), str(final.game_bonus[seat])))
        if final is not None and final.shutout and seat == final.winner:
            lines.append((tr("over.shutout"), "\u00d72"))
        for n, game in enumerate(final.games if final is not None else (), start=1):
            lines.append((tr("sheet.game", n=n), str(game.totals[seat])))
        lines += [(tr("over.hands_won"), str(rec.hands_won)), (tr("over.gins"), str(rec.gins)),
                  (tr("over.undercuts"), str(rec.undercuts)), (tr("over.best_hand"), str(rec.best))]
        return lines

    # ------------------------------------------------------------------ places

    def areas(self, top: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The players' plates, the race chart and the score sheet (in place, below ``top``).  The sheet takes the wide
        column; with few hands it is only as tall as they need and the chart goes under it, the plates then
        filling their column; with many, the sheet fills its column and the chart goes under the plates."""
        lay = self.app.layout
        bottom = lay.h - round(lay.button_h * 1.15) - lay.px(34)
        gap = lay.px(16)
        inner = lay.w - 4 * lay.margin
        left_w = round((inner - gap) * 0.38)
        left = lay.rect(lay.margin * 2, top, left_w, bottom - top)
        right = lay.rect(lay.margin * 2 + left_w + gap, top, inner - left_w - gap, bottom - top)
        sheet_h = self.sheet_height()
        if right.height - sheet_h - gap >= lay.px(150):
            sheet = pygame.Rect(right.left, right.top, right.width, sheet_h)
            chart = pygame.Rect(right.left, sheet.bottom + gap, right.width, right.bottom - sheet.bottom - gap)
            return left, chart, sheet
        plates_h = min(left.height, 2 * self.plate_height() + gap)
        if left.height - plates_h - gap < lay.px(110):
            return left, pygame.Rect(left.left, left.bottom, left.width, 0), right
        chart = pygame.Rect(left.left, left.top + plates_h + gap, left.width, left.height - plates_h - gap)
        return pygame.Rect(left.left, left.top, left.width, plates_h), chart, right

    def sheet_height(self) -> int:
        """The score sheet's height with every hand on a comfortable row."""
        lay = self.app.layout
        pad = lay.px(16)
        return round(pad * 2 + lay.font(18) * 1.3 + (len(self.match.state.history) + 2) * lay.font(15) * 2.0)

    def plate_height(self) -> int:
        lay = self.app.layout
        n = max(len(self.plate_lines(0)), len(self.plate_lines(1)))
        return round(lay.px(16) * 2 + lay.font(34) * 1.35 + lay.px(6) + n * lay.font(15) * 1.55)

    # ------------------------------------------------------------------ draw

    def draw_plates(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        for _ in self.plates_steps(surface, area):
            pass

    def plates_steps(self, surface: pygame.Surface, area: pygame.Rect) -> Iterator[None]:
        lay = self.app.layout
        gap = lay.px(16)
        h = (area.height - gap) // 2
        order = (self.winner, 1 - self.winner)
        for i, seat in enumerate(order):
            rect = pygame.Rect(area.left, area.top + i * (h + gap), area.width, h)
            yield from self.plate_steps(surface, rect, seat)

    def plate_steps(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> Iterator[None]:
        """Draws a player's plate, pausing (``yield``) after its heading and after each line."""
        lay = self.app.layout
        won = seat == self.winner
        panel(surface, rect, border=GOLD if won else (90, 110, 96), radius=lay.px(14), width=max(2, lay.px(3)) if won
              else 2)
        pad = lay.px(16)
        near = rect.left + pad if not lay.mirror else rect.right - pad  # where lines start
        far = rect.right - pad if not lay.mirror else rect.left + pad
        big = lay.font(34)
        y = rect.top + pad + big * 0.62
        # the player's colour, as in the chart
        bar = pygame.Rect(0, 0, lay.px(6), round(big * 0.9))
        bar.center = (round(near + (lay.px(3) if not lay.mirror else -lay.px(3))), round(y))
        pygame.draw.rect(surface, SEAT_COLOURS[seat], bar, border_radius=lay.px(3))
        name_x = near + (lay.px(14) if not lay.mirror else -lay.px(14))
        total = str(self.totals[seat])
        tw = text.measure(total, big, True)[0]
        low = text.draw(surface, total, big, GOLD if won else INK, (far, y), lay.anchor("midright"), bold=True).bottom
        room = rect.width - 2 * pad - lay.px(14) - tw - lay.px(12)
        text.draw(surface, self.match.name(seat), lay.font(20), INK, (name_x, y - lay.font(20) * 0.45 if won else y),
                  lay.anchor("midleft"), bold=True, max_width=room)
        if won:
            low = max(low, text.draw(surface, tr("over.winner"), lay.font(13), GOLD, (name_x, y + lay.font(13) * 0.95),
                                     lay.anchor("midleft"), bold=True, max_width=room).bottom)
        yield
        y = max(rect.top + pad + big * 1.35, low + lay.px(4))  # the rule under the heading, clear of "Winner"
        pygame.draw.line(surface, (60, 80, 66), (rect.left + pad, round(y)), (rect.right - pad, round(y)), 1)
        size = lay.font(15)
        lines = self.plate_lines(seat)
        step = max(size * 1.45, min(size * 2.5, (rect.bottom - pad - y - lay.px(6)) / max(1, len(lines))))
        y += lay.px(6) + step / 2
        for label, value in lines:
            if y > rect.bottom - pad / 2:
                break
            text.draw(surface, value, size, INK, (far, y), lay.anchor("midright"), bold=True)
            text.draw(surface, label, size, INK_DIM, (near, y), lay.anchor("midleft"),
                      max_width=rect.width - 2 * pad - lay.px(60))
            y += step
            yield

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Both running totals hand by hand, with the target as a dashed line."""
        draw_race(surface, rect, self.app.layout, self.match.state, self.winner)

    def head(self, seat: int) -> str:
        """A seat's column head: the computer without its level (the title and the plate say it)."""
        if self.match.vs_bot and self.match.is_bot(seat):
            return tr("seat.computer")
        return self.match.name(seat)

    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        for _ in self.sheet_steps(surface, rect):
            pass

    def sheet_steps(self, surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
        """Draws the score sheet, pausing (``yield``) after its heads and after each row."""
        lay = self.app.layout
        panel(surface, rect, radius=lay.px(14))
        rows = self.rows()
        pad = lay.px(16)
        head = lay.font(18)
        ty = rect.top + pad + head * 0.5
        title = tr("over.sheet") + (" · " + tr("sheet.hollywood") if self.match.rules.hollywood else "")
        text.draw(surface, title, head, GOLD, (rect.centerx, ty), bold=True, max_width=rect.width - 2 * pad)
        # rows fill the sheet: taller (and a little larger) when there are few hands
        body_top = ty + head * 0.8
        if self.match.rules.hollywood:  # which game each number of a cell is, in the order they are read
            legend = lay.font(13)
            text.draw(surface, tr("sheet.hollywood_order"), legend, INK_DIM, (rect.centerx, body_top + legend * 0.6),
                      max_width=rect.width - 2 * pad)
            body_top += legend * 1.3
        body_h = rect.bottom - pad - body_top
        base = lay.font(15)
        slots = len(rows) + 2  # the column heads and the total
        row_h = max(base * 1.45, min(base * 2.3, body_h / max(1, slots)))
        size = max(lay.font(13), min(lay.font(19), round(row_h / 1.75)))
        room = max(1, int(body_h / row_h + 0.05) - 2)
        hidden = max(0, len(rows) - room)
        if hidden:
            room -= 1
            hidden = len(rows) - room
        xs, widths = sheet_columns(rect, pad, lay.mirror, lay.px(6))
        anchor = lay.anchor("midleft")
        y = body_top + row_h / 2
        heads = (tr("over.col.hand"), tr("over.col.result"), tr("over.col.sum"), self.head(0), self.head(1))
        for i, h in enumerate(heads):
            # one line each: a little smaller, then cut short if even so too long (the plates give it whole)
            fit = size if text.measure(h, size, True)[0] <= widths[i] else max(11, round(size * 0.8))
            text.draw(surface, elide(h, fit, widths[i]), fit, GOLD, (xs[i], y), anchor, bold=True)
        line_y = round(y + row_h / 2)
        pygame.draw.line(surface, (60, 80, 66), (rect.left + pad, line_y), (rect.right - pad, line_y), 1)
        yield
        if hidden:
            y += row_h
            text.draw(surface, tr("over.earlier", n=hidden), lay.font(13), INK_DIM, (xs[1], y), anchor,
                      max_width=widths[1] + widths[2])
        history = self.match.state.history
        for k, row in enumerate(rows[-room:] if hidden else rows):
            y += row_h
            r = history[len(rows) - (room if hidden else len(rows)) + k]
            if k % 2:
                stripe = pygame.Rect(rect.left + pad // 2, round(y - row_h / 2), rect.width - pad, round(row_h))
                pygame.draw.rect(surface, (18, 44, 30), stripe, border_radius=lay.px(4))
            for i, cell in enumerate(row):
                scored = i >= 3 and r.winner == i - 3
                text.draw(surface, cell, size, GOLD if scored else INK, (xs[i], y), anchor, bold=scored,
                          max_width=widths[i])
            yield
        y = rect.bottom - pad - row_h / 2
        line_y = round(y - row_h / 2)
        pygame.draw.line(surface, GOLD, (rect.left + pad, line_y), (rect.right - pad, line_y), 1)
        text.draw(surface, tr("over.total"), size, GOLD, (xs[1], y), anchor, bold=True, max_width=widths[1])
        for i in (0, 1):
            text.draw(surface, str(self.totals[i]), round(size * 1.15), GOLD, (xs[3 + i], y), anchor, bold=True)
