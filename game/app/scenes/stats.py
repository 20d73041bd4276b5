"""The statistics screen: the record against each opponent, the last matches, and a reset.

Figures come from ``stats.Stats`` (the app's own when it has one); the table is drawn with our
text module, so Persian columns run right to left like the rest of the table.
"""
from __future__ import annotations

import datetime
import logging
import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.config.vocab import LEVELS
from game.app.lang import bidi, i18n, jalali, text
from game.app.lang.i18n import tr, wtr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, felt, panel
from game.app.records import playways
from game.app.stage.scene import Host, Scene

ROWS = ("matches", "hands", "gins", "big_gins", "undercuts_given", "undercuts_suffered", "avg_deadwood",
        "best_hand", "streak")
RECENT = 6

log = logging.getLogger(__name__)


def date_text(when: float) -> str:
    """A match's date and time; an unreadable one shows as a dash rather than stopping the screen."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(when)))
    except (TypeError, ValueError, OverflowError, OSError):
        return "-"


def opponent_name(key: str) -> str:
    """A bot level's name (as the table names it), or the friend's name in hot-seat (``hotseat:<name>``)."""
    key = str(key)
    if key in LEVELS:
        return tr("seat.computer_level", level=tr("level." + key))
    if key.startswith("hotseat:"):
        name = key.split(":", 1)[1].strip()
        return tr("stats.friend_named", name=name) if name and name != "?" else tr("stats.friend")
    return key


def match_people(opponent: str, names: tuple[str, str] | list[str]) -> str:
    """Who played a recent match: the computer, or both people of a hot-seat match by name (a name left
    empty is the seat's default name), so a friend never shows as a question mark."""
    if not str(opponent).startswith("hotseat:"):
        return opponent_name(opponent)
    a, b = (*names, "", "")[:2]
    first = str(a).strip() or tr("menu.name1_default")
    second = str(b).strip() or tr("menu.name2_default")
    if i18n.is_rtl():  # a typed name keeps its own direction inside a Persian line
        first, second = bidi.isolate(first), bidi.isolate(second)
    return tr("stats.friends_named", first=first, second=second)


def match_date(when: float) -> str:
    """When a match ended, in the calendar of the screen's language (Solar Hijri on a Persian screen)."""
    try:
        moment = time.localtime(float(when))
    except (TypeError, ValueError, OverflowError, OSError):
        return "-"  # an unreadable date shows as a dash rather than stopping the screen
    clock = time.strftime("%H:%M", moment)
    if i18n.language() == "fa":
        try:
            day = jalali.long_date(datetime.date(moment.tm_year, moment.tm_mon, moment.tm_mday))
            return tr("stats.when", date=day, time=clock)
        except ValueError:  # outside the calendar's known years: the plain date
            pass
    return tr("stats.when", date=time.strftime(tr("stats.date_format"), moment), time=clock)


def match_result(m) -> str:
    """Won, lost, or abandoned (a match left unfinished counts as lost)."""
    if m.abandoned:
        return tr("stats.abandoned")
    return tr("stats.won") if m.won else tr("stats.lost")


def row_value(row: str, o) -> str:
    if row == "matches":
        return tr("stats.of", won=o.matches_won, played=o.matches_played)
    if row == "hands":
        return tr("stats.of", won=o.hands_won, played=o.hands_played)
    if row == "avg_deadwood":
        if o.average_knock_deadwood is None:
            return tr("stats.none")
        return tr("stats.decimal", value=f"{o.average_knock_deadwood:.1f}".replace(".", tr("stats.decimal_point")))
    if row == "best_hand":
        if not o.best_hand_points or not o.best_hand_kind:
            return tr("stats.none")
        return tr("stats.best_hand_value", points=o.best_hand_points, kind=tr("stats.kind." + o.best_hand_kind))
    if row == "streak":
        return str(o.longest_win_streak)
    return str(getattr(o, row))


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.db = app.services.stats
        self.page = 0
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.opponents: list = []
        self.recent: list = []

    # ------------------------------------------------------------------ data

    def load(self) -> None:
        """The figures to show; whatever the database holds, the screen opens (empty at worst)."""
        db = self.db
        try:
            self.opponents = list(db.opponents())
            self.recent = list(db.recent_matches(RECENT))
        except Exception:
            log.exception("the statistics could not be read")
            self.opponents, self.recent = [], []
        self.page = min(self.page, max(0, self.pages() - 1))
        self.ways = playways.load(playways.folder_of(self.app.services))["ways"]

    def ways_line(self) -> str:
        """The matches won of those played, for each way of playing that has any."""
        parts = [tr("stats.mode_short", mode=tr("stats.mode." + w), won=v["won"], played=v["played"])
                 for w, v in getattr(self, "ways", {}).items() if v["played"]]
        return tr("stats.modes") + ": " + tr("rules.v.list_sep").join(parts) if parts else ""

    def per_page(self) -> int:
        """How many opponents' columns fit side by side (at most four), each as wide as its name needs."""
        lay = self.app.layout
        pad = lay.px(24)
        inner = self.panel_rect().width - 2 * pad
        room = inner - round(inner * 0.34)
        names = [text.measure(opponent_name(o.opponent), lay.font(15), True)[0] for o in self.opponents]
        widest = max(names, default=0) + lay.px(14)
        return max(1, min(4, room // max(1, widest)))

    def pages(self) -> int:
        n = self.per_page()
        return max(1, -(-len(self.opponents) // n))

    def shown(self) -> list:
        n = self.per_page()
        return self.opponents[self.page * n:(self.page + 1) * n]

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        self.load()
        super().enter()

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(1100))
        h = lay.h - 2 * lay.margin
        return pygame.Rect(round(lay.w / 2 - w / 2), lay.margin, w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bw, bh = round(lay.col_w * 1.1), lay.button_h
        y = r.bottom - bh - lay.px(14)
        # left edge positions in unmirrored coordinates, mirrored by lay.rect
        self.button(lay.rect(r.left + lay.px(20), y, bw, bh), "button.back", "#stats_back", self.back,
                    class_id="@primary")
        reset = self.button(lay.rect(r.right - lay.px(20) - round(bw * 1.4), y, round(bw * 1.4), bh),
                            "stats.reset", "#stats_reset", self.ask_reset, class_id="@tool")
        if not self.opponents and not self.recent:
            reset.disable()
        if self.pages() > 1:  # at the end of the title row, clear of the table
            sw = round(bh * 1.2)
            ty = r.top + lay.px(12)
            self.button(lay.rect(r.right - lay.px(20) - 2 * sw - lay.px(8), ty, sw, bh), "stats.previous",
                        "#stats_prev", lambda: self.turn(-1), class_id="@tool")
            self.button(lay.rect(r.right - lay.px(20) - sw, ty, sw, bh), "stats.next", "#stats_next",
                        lambda: self.turn(1), class_id="@tool")
            self.page_label_right = r.right - lay.px(28) - 2 * sw - lay.px(8)  # unmirrored

    def clear_ui(self) -> None:
        super().clear_ui()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    # ------------------------------------------------------------------ actions

    def back(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop(self)
        else:
            self.app.nav.to_menu()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages()

    def ask_reset(self) -> None:
        if self.dialog is not None:
            return
        lay = self.app.layout
        w, h = min(lay.w - 2 * lay.margin, lay.px(520)), min(lay.h - 2 * lay.margin, lay.px(260))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
        self.dialog = pygame_gui.windows.UIConfirmationDialog(
            rect, wtr("stats.reset_question"), self.app.ui, window_title=wtr("stats.reset_title"),
            action_short_name=wtr("stats.reset_confirm"), blocking=True,
            object_id=ObjectID(object_id="#reset_dialog"))
        # pygame-gui would write its own (English) word on the cancel button
        self.dialog.cancel_button.set_text(wtr("button.cancel"))

    def reset(self) -> None:
        self.db.reset()
        self.page = 0
        self.load()
        self.rebuild_ui()
        self.app.toast(tr("stats.reset_done"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            self.dialog = None
            self.reset()
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and self.dialog is None:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.pages() > 1:
                forward = (event.key == pygame.K_RIGHT) != self.app.layout.mirror
                self.turn(1 if forward else -1)

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        title = text.draw(surface, tr("stats.title"), lay.font(30), GOLD, (r.centerx, r.top + lay.px(34)), bold=True)
        pad = lay.px(24)
        top = r.top + lay.px(70)
        bottom = r.bottom - lay.button_h - lay.px(30)
        ways = self.ways_line()
        if ways:  # the matches by way of playing, in a line of their own above the buttons
            text.draw(surface, ways, lay.font(13), INK_DIM, (r.centerx, bottom - lay.px(4)),
                      max_width=r.width - pad * 2)
            bottom -= lay.px(22)
        if self.pages() > 1:  # "page 1 of 2" before the arrows, in the title row
            right = getattr(self, "page_label_right", r.right - pad)
            room = round(right - (r.centerx + title.width / 2 + lay.px(16)))
            text.draw(surface, tr("stats.page", page=self.page + 1, pages=self.pages()), lay.font(13), INK_DIM,
                      (lay.mx(right), r.top + lay.px(12) + lay.button_h / 2), lay.anchor("midright"),
                      max_width=max(room, lay.px(40)))
        if not self.opponents:
            text.draw_wrapped(surface, tr("stats.empty"), lay.font(18), INK_DIM,
                              pygame.Rect(r.left + pad, top + lay.px(30), r.width - 2 * pad, lay.px(120)),
                              align="center")
            return
        size = lay.font(15)
        row_h = round(size * 1.7)
        label_w = round((r.width - 2 * pad) * 0.34)
        cols = self.shown()
        col_w = (r.width - 2 * pad - label_w) / max(1, self.per_page())
        x0 = r.left + pad  # unmirrored left edge of the table

        def x(left: float) -> float:
            return lay.mx(left)

        # header: one opponent over each column of figures, both centred on the column
        y = top + row_h / 2
        for i, o in enumerate(cols):
            cx = x0 + label_w + col_w * (i + 0.5)
            text.draw(surface, opponent_name(o.opponent), size, GOLD, (x(cx), y), bold=True,
                      max_width=round(col_w - lay.px(8)))
        y += row_h / 2 + lay.px(2)
        pygame.draw.line(surface, GOLD, (x(x0), round(y)), (x(r.right - pad), round(y)), 1)
        y += lay.px(2)
        for n, row in enumerate(ROWS):
            cy = y + row_h * (n + 0.5)
            if n % 2 == 0:
                band = lay.rect(x0, cy - row_h / 2, r.width - 2 * pad, row_h)
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 14))
                surface.blit(shade, band)
            text.draw(surface, tr("stats.row." + row), size, INK, (x(x0 + lay.px(6)), cy), lay.anchor("midleft"),
                      max_width=label_w - lay.px(10))
            for i, o in enumerate(cols):
                cx = x0 + label_w + col_w * (i + 0.5)
                text.draw(surface, row_value(row, o), size, INK, (x(cx), cy), max_width=round(col_w - lay.px(8)))
        y += row_h * len(ROWS) + lay.px(16)
        self.draw_recent(surface, x0, y, r.width - 2 * pad, bottom)

    def recent_cells(self) -> list[tuple[str, str, str, str, str]]:
        """Date, opponent, rules, score and result of each recent match, as the table shows them."""
        out = []
        for m in self.recent:
            preset = tr("preset." + m.preset) if i18n.has("preset." + m.preset) else m.preset
            out.append((match_date(m.finished_at), match_people(m.opponent, m.names),
                        tr("stats.preset_target", preset=preset, target=m.target),
                        tr("stats.score", mine=m.my_total, theirs=m.their_total), match_result(m)))
        return out

    def draw_recent(self, surface: pygame.Surface, x0: float, y: float, width: float, bottom: float) -> None:
        lay = self.app.layout
        size = lay.font(14)
        row_h = round(size * 1.6)
        text.draw(surface, tr("stats.recent"), lay.font(17), GOLD, (lay.mx(x0), y + row_h / 2),
                  lay.anchor("midleft"), bold=True)
        y += row_h * 1.1
        heads = tuple(tr(k) for k in ("stats.col.date", "stats.col.opponent", "stats.col.preset",
                                      "stats.col.score", "stats.col.result"))
        cells = self.recent_cells()
        if not cells:
            text.draw(surface, tr("stats.no_matches"), size, INK_DIM, (lay.mx(x0), y + row_h / 2),
                      lay.anchor("midleft"))
            return
        # each column as wide as its widest entry, the room left shared out; headers and cells start at
        # the same edge of their column (the right edge on a Persian screen)
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
        for m, row in zip(self.recent, cells, strict=True):
            if y + row_h > bottom:
                break
            for n, (e, wd, cell) in enumerate(zip(edges, widths, row, strict=True)):
                colour = (GOLD if m.won and not m.abandoned else RED) if n == 4 else INK
                text.draw(surface, cell, size, colour, (lay.mx(x0 + e), y + row_h / 2), lay.anchor("midleft"),
                          max_width=round(wd - gap))
            y += row_h
