"""The race to the target on the match-over screen: both running totals hand by hand."""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK_DIM, MELD_COLOURS, panel
from game.engine import HandResult, MatchState

SEAT_COLOURS = (MELD_COLOURS[0], MELD_COLOURS[1])  # the two players' colours in the plates and the chart


def running_totals(history: list[HandResult]) -> list[tuple[int, int]]:
    """Each seat's total after each hand, starting from 0 to 0."""
    run = [0, 0]
    out = [(0, 0)]
    for r in history:
        if r.winner is not None:
            run[r.winner] += r.points
        out.append((run[0], run[1]))
    return out


def draw_race(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, st: MatchState, winner: int) -> None:
    """Both running totals hand by hand, with the target as a dashed line."""
    panel(surface, rect, radius=lay.px(14))
    pad = lay.px(16)
    text.draw(surface, tr("over.race", target=st.rules.target), lay.font(15), GOLD,
              (rect.centerx, rect.top + pad + lay.font(15) * 0.5), bold=True, max_width=rect.width - 2 * pad)
    runs = running_totals(st.history)
    plot = pygame.Rect(rect.left + pad + lay.px(26), rect.top + pad + lay.font(15) * 1.6,
                       rect.width - 2 * pad - lay.px(34), 0)
    plot.height = rect.bottom - pad - lay.font(12) * 1.4 - plot.top
    if plot.height < lay.px(30) or plot.width < lay.px(60):
        return
    if lay.mirror:
        plot.x = rect.right - (plot.left - rect.left) - plot.width
    top_value = max(st.rules.target, max(max(a, b) for a, b in runs)) * 1.08
    n = max(1, len(runs) - 1)

    def at(i: int, v: float) -> tuple[int, int]:
        x = plot.left + plot.width * i / n
        if lay.mirror:
            x = plot.right - plot.width * i / n
        return round(x), round(plot.bottom - plot.height * v / top_value)

    # axes and the target
    pygame.draw.line(surface, (70, 96, 80), (plot.left, plot.bottom), (plot.right, plot.bottom), 1)
    ty = at(0, st.rules.target)[1]
    dash = lay.px(8)
    for x in range(plot.left, plot.right, dash * 2):
        pygame.draw.line(surface, INK_DIM, (x, ty), (min(x + dash, plot.right), ty), 1)
    text.draw(surface, str(st.rules.target), lay.font(12), INK_DIM,
              (plot.left - lay.px(6) if not lay.mirror else plot.right + lay.px(6), ty), lay.anchor("midright"))
    width = max(2, lay.px(3))
    for seat in (1 - winner, winner):  # the winner's line on top
        points = [at(i, run[seat]) for i, run in enumerate(runs)]
        if len(points) > 1:
            pygame.draw.lines(surface, SEAT_COLOURS[seat], False, points, width)
        for p in points[1:]:
            pygame.draw.circle(surface, SEAT_COLOURS[seat], p, width + 1)
    # hand numbers along the bottom (as many as fit)
    every = max(1, round(n / max(1, plot.width // lay.px(34))))
    for i in range(1, n + 1, every):
        text.draw(surface, str(i), lay.font(12), INK_DIM, (at(i, 0)[0], plot.bottom + lay.font(12) * 0.8))

