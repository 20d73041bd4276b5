"""The statistics' chart: the win rate and the points per hand, week by week or month by month.

Two plots one above the other share the time axis, each with its own labelled scale; lines are drawn
anti-aliased at the window's size, so they stay crisp at every size.  On a Persian screen time runs right
to left (the newest week on the left) and the dates are Jalali, in Persian digits (``text`` shows them).
"""
from __future__ import annotations

import datetime

import pygame

from game.app.lang import i18n, jalali, text
from game.app.lang.i18n import tr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS
from game.app.records.stats_trends import Bucket

GRID = (70, 96, 80)
LINES = (MELD_COLOURS[0], MELD_COLOURS[1])  # the win rate's colour, the points' colour


def bucket_label(start: datetime.date, unit: str) -> str:
    """A week by its first day ("1 Dec"), a month by name and year, in the calendar of the screen."""
    if i18n.language() == "fa":
        try:
            year, month, day = jalali.from_gregorian(start)
            name = jalali.MONTHS[month - 1]
            return tr("stats.day_month", day=day, month=name) if unit == "week" else \
                tr("stats.month_year", month=name, year=year)
        except ValueError:  # outside the calendar's known years: the Gregorian date
            pass
    if unit == "week":
        return tr("stats.day_month", day=start.day, month=tr(f"stats.month_short.{start.month}"))
    return tr("stats.month_year", month=tr(f"stats.month.{start.month}"), year=start.year)


def chart_points(values: list[float | None], plot: pygame.Rect, top: float,
                 mirror: bool) -> list[tuple[float, float] | None]:
    """Where each value sits in ``plot`` (None where there is no value), the first bucket at the reading
    start: the left edge, or the right edge on a mirrored screen."""
    n = max(1, len(values) - 1)
    out: list[tuple[float, float] | None] = []
    for i, v in enumerate(values):
        if v is None:
            out.append(None)
            continue
        step = plot.width * (i / n if len(values) > 1 else 0.5)
        x = plot.right - step if mirror else plot.left + step
        out.append((x, plot.bottom - plot.height * min(max(v, 0.0), top) / top))
    return out


def nice_top(most: float) -> float:
    """A round top for a scale that holds ``most``: 5, 10, 20, 25, 50 ... ."""
    for top in (5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 500, 1000):
        if most <= top:
            return float(top)
    return float(most)


def _runs(points: list[tuple[float, float] | None]) -> list[list[tuple[float, float]]]:
    """The unbroken stretches of points (a bucket without matches breaks the line)."""
    runs: list[list[tuple[float, float]]] = [[]]
    for p in points:
        if p is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(p)
    return [r for r in runs if r]


def _plot(surface: pygame.Surface, lay: Layout, plot: pygame.Rect, values: list[float | None], top: float,
          colour: tuple[int, int, int], scale: list[tuple[float, str]]) -> None:
    """One plot: its grid with the scale's labels on the reading side, the line and its dots."""
    small = lay.font(12)
    for value, label in scale:
        y = round(plot.bottom - plot.height * value / top)
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
        x = plot.right + lay.px(6) if lay.mirror else plot.left - lay.px(6)
        text.draw(surface, label, small, INK_DIM, (x, y), "midleft" if lay.mirror else "midright",
                  max_width=text.measure(label, small)[0] + 2)
    points = chart_points(values, plot, top, lay.mirror)
    width = max(2, lay.px(3))
    for run in _runs(points):
        for a, b in zip(run, run[1:], strict=False):
            pygame.draw.aaline(surface, colour, a, b, width)
    for p in points:
        if p is not None:
            pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), width + 1)


def draw_trend(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, unit: str, buckets: list[Bucket]) -> None:
    """Both plots of the buckets inside ``rect``: the win rate above, the points per hand below."""
    size = lay.font(15)
    text.draw(surface, tr("stats.time.by_week" if unit == "week" else "stats.time.by_month"), size, GOLD,
              (rect.centerx, rect.top + size * 0.6), bold=True, max_width=rect.width)
    rates = [b.tally.win_rate for b in buckets]
    per_hand = [b.tally.per_hand for b in buckets]
    most = nice_top(max((v for v in per_hand if v is not None), default=1.0))
    scales: tuple[list[tuple[float, str]], ...] = ([(v, tr("stats.percent", value=v)) for v in (0, 50, 100)],
                                                   [(v, _number(v)) for v in (0.0, most / 2, most)])
    gutter = max(text.measure(label, lay.font(12))[0] for scale in scales for _, label in scale) + lay.px(16)
    left = rect.left + (lay.px(12) if lay.mirror else gutter)
    axis_h = round(lay.font(12) * 1.8)
    top = rect.top + round(size * 1.6)
    gap = lay.px(24)
    each = (rect.bottom - axis_h - top - gap) // 2
    if each < lay.px(40):
        return
    width = rect.width - gutter - lay.px(12)
    for n, (name, values, top_value, colour, scale) in enumerate((
            ("stats.time.win_rate", [None if v is None else v * 100 for v in rates], 100.0, LINES[0], scales[0]),
            ("stats.time.per_hand", per_hand, most, LINES[1], scales[1]))):
        plot = pygame.Rect(left, top + n * (each + gap) + round(lay.font(13) * 1.5), width,
                           each - round(lay.font(13) * 1.5))
        text.draw(surface, tr(name), lay.font(13), colour, (plot.right if lay.mirror else plot.left,
                  plot.top - lay.font(13) * 0.8), "midright" if lay.mirror else "midleft", bold=True,
                  max_width=plot.width)
        _plot(surface, lay, plot, values, top_value, colour, scale)
    _time_axis(surface, lay, pygame.Rect(left, top, width, 2 * each + gap), unit, buckets)


def _number(v: float) -> str:
    shown = f"{v:.0f}" if v == int(v) else f"{v:.1f}"
    return shown.replace(".", tr("stats.decimal_point"))


def _time_axis(surface: pygame.Surface, lay: Layout, plot: pygame.Rect, unit: str, buckets: list[Bucket]) -> None:
    """The dates under the lower plot, the newest first, each kept only where it touches none kept before."""
    small = lay.font(12)
    xs = chart_points([0.0] * len(buckets), plot, 1.0, lay.mirror)
    kept: list[pygame.Rect] = []
    for i in range(len(buckets) - 1, -1, -1):
        p = xs[i]
        if p is None:
            continue
        label = bucket_label(buckets[i].start, unit)
        w = text.measure(label, small)[0]
        x = min(max(p[0], plot.left + w / 2), plot.right - w / 2)  # the edges' dates stay under the plot
        box = pygame.Rect(round(x - w / 2 - lay.px(6)), plot.bottom, w + lay.px(12), small * 2)
        if any(box.colliderect(k) for k in kept):
            continue
        kept.append(box)
        pygame.draw.line(surface, GRID, (round(p[0]), plot.bottom), (round(p[0]), plot.bottom + lay.px(4)), 1)
        text.draw(surface, label, small, INK, (x, plot.bottom + small), max_width=plot.width)
