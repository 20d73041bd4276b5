"""The statistics' pages that are tables: each opponent's figures with the last matches, the rule sets,
and the ways of playing with each person's wins and points.

Tables are drawn with our text module, the first column on the reading side (the right on a Persian
screen) and the figures centred in theirs; a table longer than its room shows the rows that fit.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app.lang import bidi, i18n, text
from game.app.lang.i18n import tr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK, INK_DIM, RED
from game.app.records.playways import WAYS, PersonCount, Ways
from game.app.records.stats_rows import MatchRecord, OpponentStats
from game.app.records.stats_trends import RuleSetLine, Tally, total

OPPONENT_ROWS = ("matches", "hands", "gins", "big_gins", "undercuts_given", "undercuts_suffered", "avg_deadwood",
                 "best_hand", "streak")
PEOPLE_SHOWN = 6  # a way's most played people


def empty(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, key: str) -> None:
    """A page with nothing to show yet says what will appear there, and how."""
    text.draw_wrapped(surface, tr(key), lay.font(18), INK_DIM,
                      pygame.Rect(rect.left, rect.top + lay.px(30), rect.width, lay.px(140)), align="center")


def _band(surface: pygame.Surface, band: pygame.Rect) -> None:
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((255, 255, 255, 14))
    surface.blit(shade, band)


def percent(part: int, whole: int) -> str:
    return tr("stats.percent", value=round(100 * part / whole)) if whole else tr("stats.none")


def decimal(value: float | None) -> str:
    if value is None:
        return tr("stats.none")
    return tr("stats.decimal", value=f"{value:.1f}".replace(".", tr("stats.decimal_point")))


def draw_table(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, heads: Sequence[str],
               rows: Sequence[tuple[str, Sequence[str]]]) -> None:
    """``heads`` over the columns; each row is (style, cells) with style "row", "group" (a way's line,
    in gold) or "total" (ruled off above)."""
    size = lay.font(15)
    row_h = round(size * 1.75)
    label_w = round(rect.width * 0.4)
    col_w = (rect.width - label_w) / max(1, len(heads) - 1)

    at = lay.mx
    grouped = any(style == "group" for style, _ in rows)
    def centre(k: int) -> float:
        return at(rect.left + label_w + col_w * (k - 0.5))

    y = rect.top + row_h / 2
    text.draw(surface, heads[0], size, INK_DIM, (at(rect.left + lay.px(6)), y), lay.anchor("midleft"),
              max_width=label_w - lay.px(10))
    for k, head in enumerate(heads[1:], start=1):
        text.draw(surface, head, size, INK_DIM, (centre(k), y), max_width=round(col_w - lay.px(8)))
    y += row_h / 2 + lay.px(2)
    pygame.draw.line(surface, GOLD, (at(rect.left), round(y)), (at(rect.right), round(y)), 1)
    y += lay.px(2)
    for n, (style, cells) in enumerate(rows):
        if y + row_h > rect.bottom:
            break
        cy = y + row_h / 2
        if style == "total":
            pygame.draw.line(surface, INK_DIM, (at(rect.left), round(y)), (at(rect.right), round(y)), 1)
        elif n % 2 == 0:
            _band(surface, lay.rect(rect.left, y, rect.width, row_h))
        colour, bold = (GOLD, True) if style in ("group", "total") else (INK, False)
        indent = lay.px(22) if style == "row" and grouped else lay.px(6)
        text.draw(surface, cells[0], size, colour, (at(rect.left + indent), cy), lay.anchor("midleft"), bold=bold,
                  max_width=label_w - indent - lay.px(4))
        for k, cell in enumerate(cells[1:], start=1):
            text.draw(surface, cell, size, colour, (centre(k), cy), bold=bold, max_width=round(col_w - lay.px(8)))
        y += row_h


def _rule_set_name(line: RuleSetLine) -> str:
    name = tr("preset." + line.preset) if i18n.has("preset." + line.preset) else line.preset
    return tr("stats.preset_target", preset=name, target=line.target)


def _tally_cells(t: Tally) -> list[str]:
    return [tr("stats.of", won=t.won, played=t.played), percent(t.won, t.played), decimal(t.per_hand)]


def draw_rule_sets(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, lines: list[RuleSetLine]) -> None:
    """Each rule set played (preset and target), the most played first, and all of them together."""
    if not lines:
        empty(surface, lay, rect, "stats.rules.empty")
        return
    rows: list[tuple[str, Sequence[str]]] = [("row", [_rule_set_name(x), *_tally_cells(x.tally)]) for x in lines]
    if len(lines) > 1:
        rows.append(("total", [tr("stats.total"), *_tally_cells(total(lines))]))
    heads = [tr(k) for k in ("stats.col.rule_set", "stats.col.matches", "stats.col.win_rate", "stats.col.per_hand")]
    draw_table(surface, lay, rect, heads, rows)


def person_name(name: str) -> str:
    """A person as typed (kept in its own direction on a Persian screen), or "unnamed"."""
    if not name:
        return tr("stats.unnamed")
    return bidi.isolate(name) if i18n.is_rtl() else name


def _person_cells(name: str, c: PersonCount) -> list[str]:
    per_match = c["points"] / c["played"] if c["played"] else None
    return [person_name(name), tr("stats.of", won=c["won"], played=c["played"]), percent(c["won"], c["played"]),
            decimal(per_match)]


def way_rows(ways: Ways) -> list[tuple[str, Sequence[str]]]:
    """Each way played, with its people (the most played first)."""
    rows: list[tuple[str, Sequence[str]]] = []
    for w in WAYS:
        count = ways["ways"].get(w, {"played": 0, "won": 0})
        if not count["played"]:
            continue
        rows.append(("group", [tr("stats.mode." + w), tr("stats.of", won=count["won"], played=count["played"]),
                               percent(count["won"], count["played"]), ""]))
        people = ways["people"].get(w, {})
        for name in sorted(people, key=lambda n: (-people[n]["played"], n))[:PEOPLE_SHOWN]:
            rows.append(("row", _person_cells(name, people[name])))
    return rows


def draw_ways(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, ways: Ways) -> None:
    rows = way_rows(ways)
    if not rows:
        empty(surface, lay, rect, "stats.ways.empty")
        return
    heads = [tr(k) for k in ("stats.modes", "stats.col.matches", "stats.col.win_rate", "stats.col.per_match")]
    draw_table(surface, lay, rect, heads, rows)


def draw_opponents(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, cols: list[OpponentStats],
                   per_page: int, names: list[str], values: Callable[[str, OpponentStats], str]) -> float:
    """Each shown opponent's column of figures beside the rows' names; the table's bottom edge."""
    size = lay.font(15)
    row_h = min(round(size * 1.7), round(rect.height * 0.55 / (len(OPPONENT_ROWS) + 1)))
    label_w = round(rect.width * 0.34)
    col_w = (rect.width - label_w) / max(1, per_page)
    x0 = rect.left
    y = rect.top + row_h / 2
    for i, name in enumerate(names):
        cx = x0 + label_w + col_w * (i + 0.5)
        text.draw(surface, name, size, GOLD, (lay.mx(cx), y), bold=True, max_width=round(col_w - lay.px(8)))
    y += row_h / 2 + lay.px(2)
    pygame.draw.line(surface, GOLD, (lay.mx(x0), round(y)), (lay.mx(rect.right), round(y)), 1)
    y += lay.px(2)
    for n, row in enumerate(OPPONENT_ROWS):
        cy = y + row_h * (n + 0.5)
        if n % 2 == 0:
            _band(surface, lay.rect(x0, cy - row_h / 2, rect.width, row_h))
        text.draw(surface, tr("stats.row." + row), size, INK, (lay.mx(x0 + lay.px(6)), cy), lay.anchor("midleft"),
                  max_width=label_w - lay.px(10))
        for i, o in enumerate(cols):
            cx = x0 + label_w + col_w * (i + 0.5)
            text.draw(surface, values(row, o), size, INK, (lay.mx(cx), cy), max_width=round(col_w - lay.px(8)))
    return y + row_h * len(OPPONENT_ROWS)


def draw_recent(surface: pygame.Surface, lay: Layout, x0: float, y: float, width: float, bottom: float,
                recent: list[MatchRecord], cells: list[tuple[str, str, str, str, str]]) -> None:
    """The last matches, each column as wide as its widest entry; headers and cells start at the same
    edge of their column (the right edge on a Persian screen)."""
    size = lay.font(14)
    row_h = round(size * 1.6)
    if y + row_h * 2 > bottom:
        return
    text.draw(surface, tr("stats.recent"), lay.font(17), GOLD, (lay.mx(x0), y + row_h / 2),
              lay.anchor("midleft"), bold=True)
    y += row_h * 1.1
    heads = tuple(tr(k) for k in ("stats.col.date", "stats.col.opponent", "stats.col.preset",
                                  "stats.col.score", "stats.col.result"))
    if not cells:
        text.draw(surface, tr("stats.no_matches"), size, INK_DIM, (lay.mx(x0), y + row_h / 2),
                  lay.anchor("midleft"))
        return
    gap = lay.px(14)
    need = [max(text.measure(c, size)[0] for c in [heads[k]] + [row[k] for row in cells]) + gap
            for k in range(len(heads))]
    spare = width - sum(need)
    widths = [w + spare / len(need) for w in need] if spare >= 0 else [w * width / sum(need) for w in need]
    edges = [sum(widths[:k]) for k in range(len(widths))]
    for e, wd, head in zip(edges, widths, heads, strict=True):
        text.draw(surface, head, size, INK_DIM, (lay.mx(x0 + e), y + row_h / 2), lay.anchor("midleft"),
                  max_width=round(wd - gap))
    y += row_h
    for m, row in zip(recent, cells, strict=True):
        if y + row_h > bottom:
            break
        for n, (e, wd, cell) in enumerate(zip(edges, widths, row, strict=True)):
            colour = (GOLD if m.won and not m.abandoned else RED) if n == 4 else INK
            text.draw(surface, cell, size, colour, (lay.mx(x0 + e), y + row_h / 2), lay.anchor("midleft"),
                      max_width=round(wd - gap))
        y += row_h
