"""The deal of the day's page of the statistics: the streak, and a month's calendar of the days played.

The calendar is the screen's own: Jalali months with weeks from Saturday on a Persian screen (the days
run right to left), Gregorian months with weeks from Monday otherwise.  A day played shows won or lost
and its score; today is outlined.  Earlier months are reached one at a time (``back`` months ago).
"""
from __future__ import annotations

import datetime

import pygame

from game.app.lang import i18n, jalali, text
from game.app.lang.i18n import tr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK, INK_DIM, RED
from game.app.records import daybook
from game.app.records.daybook import DayEntry

WON_FILL = (64, 86, 40)
LOST_FILL = (92, 38, 34)
EMPTY_EDGE = (40, 64, 50)


def _persian() -> bool:
    return i18n.language() == "fa"


def _index(day: datetime.date, persian: bool) -> int:
    """A month as one number (year * 12 + month - 1), in the screen's calendar."""
    if persian:
        year, month, _ = jalali.from_gregorian(day)
        return year * 12 + month - 1
    return day.year * 12 + day.month - 1


def month_at(today: datetime.date, back: int, persian: bool | None = None) -> tuple[datetime.date, int, str]:
    """(first day, length, title) of the month ``back`` months before today's, in the screen's calendar."""
    persian = _persian() if persian is None else persian
    year, month0 = divmod(_index(today, persian) - back, 12)
    month = month0 + 1
    if persian:
        return (jalali.to_gregorian(year, month, 1), jalali.month_length(year, month),
                tr("stats.month_year", month=jalali.MONTHS[month - 1], year=year))
    first = datetime.date(year, month, 1)
    length = ((first + datetime.timedelta(days=32)).replace(day=1) - first).days
    return first, length, tr("stats.month_year", month=tr(f"stats.month.{month}"), year=year)


def months_back(today: datetime.date, days: list[DayEntry], persian: bool | None = None) -> int:
    """How far back the earliest month with a day played is (0: this month)."""
    persian = _persian() if persian is None else persian
    if not days:
        return 0
    first = datetime.date.fromisoformat(days[0]["day"])
    return max(0, _index(today, persian) - _index(first, persian))


def parts(rect: pygame.Rect, lay: Layout) -> tuple[pygame.Rect, pygame.Rect]:
    """(the streak's column, the calendar), the streak on the reading side."""
    side = min(round(rect.width * 0.36), lay.px(380))
    gap = lay.px(20)
    summary = pygame.Rect(rect.left, rect.top, side, rect.height)
    cal = pygame.Rect(rect.left + side + gap, rect.top, rect.width - side - gap, rect.height)
    if lay.mirror:
        summary.right, cal.left = rect.right, rect.left
    return summary, cal


def draw_page(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, days: list[DayEntry], today: str,
              back: int) -> None:
    """The streak on the reading side, the month ``back`` months ago beside it."""
    summary, cal = parts(rect, lay)
    draw_streak(surface, summary, lay, days, today)
    draw_month(surface, cal, lay, days, today, back)


def draw_streak(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, days: list[DayEntry], today: str) -> None:
    """The streak in large, the longest, the days played and won, and how today stands."""
    s = daybook.streak(days, today)
    start = "midright" if lay.mirror else "midleft"
    x = rect.right if lay.mirror else rect.left
    y = rect.top + lay.font(15) * 0.7
    text.draw(surface, tr("stats.daily.streak_title"), lay.font(15), GOLD, (x, y), start, bold=True,
              max_width=rect.width)
    y += lay.font(15) * 0.6 + lay.font(26) * 0.9
    text.draw(surface, i18n.plural("stats.daily.streak", s.current), lay.font(26), INK, (x, y), start, bold=True,
              max_width=rect.width)
    y += lay.font(26) * 0.8 + lay.font(15) * 0.9
    for line in (tr("stats.daily.longest", n=s.longest), tr("stats.daily.played", n=s.played),
                 tr("stats.daily.won", n=s.won)):
        text.draw(surface, line, lay.font(15), INK_DIM, (x, y), start, max_width=rect.width)
        y += lay.font(15) * 1.5
    entry = daybook.by_day(days).get(today)
    if entry is not None:
        key = "stats.daily.today_won" if entry["won"] else "stats.daily.today_lost"
        line = tr(key, mine=entry["scores"][0], theirs=entry["scores"][1])
        text.draw(surface, line, lay.font(15), GOLD if entry["won"] else RED, (x, y), start, max_width=rect.width)
        return
    y -= lay.font(15) * 0.6
    hint = tr("stats.daily.keep") if s.current else tr("stats.daily.today_open")
    text.draw_wrapped(surface, hint, lay.font(15), INK, pygame.Rect(rect.left, round(y), rect.width,
                      max(0, rect.bottom - round(y))))


def title_height(lay: Layout) -> int:
    return lay.button_h


def draw_month(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, days: list[DayEntry], today: str,
               back: int) -> None:
    """The month ``back`` months ago: its title between the buttons, the weekdays, a cell a day."""
    persian = _persian()
    now = datetime.date.fromisoformat(today)
    first, length, title = month_at(now, back, persian)
    head = title_height(lay)
    text.draw(surface, title, lay.font(17), GOLD, (rect.centerx, rect.top + head / 2), bold=True,
              max_width=rect.width - 2 * head - lay.px(20))
    weeks = daybook.month_weeks(first, length, 5 if persian else 0)
    order = [(5 + k) % 7 for k in range(7)] if persian else list(range(7))
    cols, small = 7, lay.font(12)
    cw = rect.width / cols
    top = rect.top + head + lay.px(6)
    text_h = round(small * 1.6)
    ch = min((rect.bottom - top - text_h) / max(1, len(weeks)), cw * 0.9)

    def cx(col: int) -> float:
        return rect.right - cw * (col + 0.5) if lay.mirror else rect.left + cw * (col + 0.5)

    for col, wd in enumerate(order):
        text.draw(surface, tr(f"stats.weekday.{wd}"), small, INK_DIM, (cx(col), top + text_h / 2),
                  max_width=round(cw - lay.px(4)))
    kept = daybook.by_day(days)
    for row, week in enumerate(weeks):
        for col, day in enumerate(week):
            if day is not None:
                cell = pygame.Rect(0, 0, round(cw - lay.px(4)), round(ch - lay.px(4)))
                cell.center = (round(cx(col)), round(top + text_h + ch * (row + 0.5)))
                _cell(surface, lay, cell, day, kept.get(day.isoformat()), day == now, day > now, persian)


def _cell(surface: pygame.Surface, lay: Layout, cell: pygame.Rect, day: datetime.date, entry: DayEntry | None,
          is_today: bool, future: bool, persian: bool) -> None:
    small = lay.font(12)
    radius = lay.px(5)
    if entry is None:
        pygame.draw.rect(surface, EMPTY_EDGE, cell, 1, border_radius=radius)
    else:
        pygame.draw.rect(surface, WON_FILL if entry["won"] else LOST_FILL, cell, border_radius=radius)
        pygame.draw.rect(surface, GOLD if entry["won"] else RED, cell, 1, border_radius=radius)
    if is_today:
        pygame.draw.rect(surface, INK, cell, max(1, lay.px(2)), border_radius=radius)
    number = jalali.from_gregorian(day)[2] if persian else day.day
    roomy = cell.height >= small * 2.6
    y = cell.top + small * 0.9 if roomy and entry is not None else cell.centery
    colour = INK_DIM if future else INK
    text.draw(surface, str(number), lay.font(13), colour, (cell.centerx, y), bold=is_today,
              max_width=cell.width - lay.px(4))
    if entry is not None and roomy:
        score = tr("stats.score", mine=entry["scores"][0], theirs=entry["scores"][1])
        text.draw(surface, score, small, GOLD if entry["won"] else RED,
                  (cell.centerx, cell.bottom - small * 0.9), max_width=cell.width - lay.px(4))
