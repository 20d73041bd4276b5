"""The statistics screen: pages of figures that tell the player's story, and a reset.

The pages: each opponent's record with the last matches; the rule sets; the ways of playing with each
person's wins and points; the win rate and points per hand over time (a chart); the deal of the day's
streak and calendar.  Tabs (or Tab, Shift+Tab, the keys 1 to 5) move between them.  Figures come from
``stats.Stats`` (the app's own when it has one) and ``playways`` (``ways.json``); everything is drawn
with our text module, so a Persian page runs right to left.
"""
from __future__ import annotations

import datetime
import logging
import time
from functools import partial
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.config.vocab import LEVELS
from game.app.lang import bidi, i18n, jalali, text
from game.app.lang.i18n import tr, wtr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK_DIM, felt, panel
from game.app.records import playways, stats_trends
from game.app.records.stats import SilentStats, Stats, Story
from game.app.stage.scene import Host, Scene
from game.engine.daily import utc_day

from . import daycalendar, statchart, stats_pages

ROWS = stats_pages.OPPONENT_ROWS
RECENT = 6
TABS = ("opponents", "rules", "ways", "time", "daily")

log = logging.getLogger(__name__)


def date_text(when: float) -> str:
    """A match's date and time; an unreadable one shows as a dash rather than stopping the screen."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(when)))
    except (TypeError, ValueError, OverflowError, OSError):
        return "-"


def opponent_name(key: str) -> str:
    """A bot level's name (as the table names it), the friend's name in hot-seat (``hotseat:<name>``), or the
    friend's name marked online (``online:<name>``)."""
    key = str(key)
    if key in LEVELS:
        return tr("seat.computer_level", level=tr("level." + key))
    if key.startswith("hotseat:"):
        name = key.split(":", 1)[1].strip()
        return tr("stats.friend_named", name=name) if name and name != "?" else tr("stats.friend")
    if key.startswith("online:"):
        name = key.split(":", 1)[1].strip()
        if name and name != "?":
            return tr("stats.friend_online_named", name=bidi.isolate(name) if i18n.is_rtl() else name)
        return tr("stats.friend_online")
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


def recent_cells(recent: list) -> list[tuple[str, str, str, str, str]]:
    """Date, opponent, rules, score and result of each recent match, as the table shows them."""
    out = []
    for m in recent:
        preset = tr("preset." + m.preset) if i18n.has("preset." + m.preset) else m.preset
        out.append((match_date(m.finished_at), match_people(m.opponent, m.names),
                    tr("stats.preset_target", preset=preset, target=m.target),
                    tr("stats.score", mine=m.my_total, theirs=m.their_total), match_result(m)))
    return out


def panel_rect(lay: Layout) -> pygame.Rect:
    w = min(lay.w - 2 * lay.margin, lay.px(1100))
    return pygame.Rect(round(lay.w / 2 - w / 2), lay.margin, w, lay.h - 2 * lay.margin)


def reset_dialog(app: Host) -> pygame_gui.windows.UIConfirmationDialog:
    """The question before the statistics are wiped, in the screen's language."""
    lay = app.layout
    w, h = min(lay.w - 2 * lay.margin, lay.px(520)), min(lay.h - 2 * lay.margin, lay.px(260))
    rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
    dialog = pygame_gui.windows.UIConfirmationDialog(
        rect, wtr("stats.reset_question"), app.ui, window_title=wtr("stats.reset_title"),
        action_short_name=wtr("stats.reset_confirm"), blocking=True, object_id=ObjectID(object_id="#reset_dialog"))
    # pygame-gui would write its own (English) word on the cancel button
    dialog.cancel_button.set_text(wtr("button.cancel"))
    return dialog


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: Host, tab: str = "opponents",
                 seeded: tuple[Stats, Path, str] | None = None) -> None:
        """``seeded``: statistics, the folder of ``ways.json`` and today (a UTC day) in place of the app's
        own (the pictures show seeded figures)."""
        super().__init__(app)
        self.db: Stats | SilentStats = app.services.stats if seeded is None else seeded[0]
        self.folder = playways.folder_of(app.services) if seeded is None else seeded[1]
        self.today = utc_day(datetime.datetime.now(datetime.timezone.utc)) if seeded is None else seeded[2]
        self.tab = tab if tab in TABS else "opponents"
        self.page = 0
        self.back_months = 0
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.opponents: list = []
        self.recent: list = []
        self.ways: playways.Ways = playways.load(None)
        self.story: Story | None = None

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
        self.story = None  # read when a page first needs it: the first page opens as fast as before
        self.page = min(self.page, max(0, self.pages() - 1))
        self.ways = playways.load(self.folder)

    def told(self) -> Story:
        """The figures by rule set and by day, read once (an unreadable database tells nothing)."""
        if self.story is None:
            try:
                self.story = self.db.story()
            except Exception:
                log.exception("the statistics' story could not be read")
                self.story = ([], {})
        return self.story

    def trend(self) -> tuple[str, list[stats_trends.Bucket]]:
        return stats_trends.buckets(self.told()[1], persian=i18n.language() == "fa")

    def per_page(self) -> int:
        """How many opponents' columns fit side by side (at most four), each as wide as its name needs."""
        lay = self.app.layout
        inner = self.content_rect().width
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
        return panel_rect(self.app.layout)

    def tabs_top(self) -> int:
        return self.panel_rect().top + self.app.layout.px(58)

    def content_rect(self) -> pygame.Rect:
        """Where a page draws: below the tabs, above the buttons."""
        lay = self.app.layout
        r = self.panel_rect()
        pad = lay.px(24)
        top = self.tabs_top() + lay.button_h + lay.px(14)
        bottom = r.bottom - lay.button_h - lay.px(26)
        return pygame.Rect(r.left + pad, top, r.width - 2 * pad, bottom - top)

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
        self._build_tabs()
        if self.tab == "opponents" and self.pages() > 1:  # at the end of the title row, clear of the table
            sw = round(bh * 1.2)
            ty = r.top + lay.px(8)
            self.button(lay.rect(r.right - lay.px(20) - 2 * sw - lay.px(8), ty, sw, bh), "stats.previous",
                        "#stats_prev", lambda: self.turn(-1), class_id="@tool")
            self.button(lay.rect(r.right - lay.px(20) - sw, ty, sw, bh), "stats.next", "#stats_next",
                        lambda: self.turn(1), class_id="@tool")
            self.page_label_right = r.right - lay.px(28) - 2 * sw - lay.px(8)  # unmirrored
        if self.tab == "daily" and self.ways["days"]:
            self._build_month_buttons()

    def _build_tabs(self) -> None:
        """One button a page across the top, the shown page's selected."""
        lay = self.app.layout
        c = self.content_rect()
        gap = lay.px(6)
        tw = (c.width - gap * (len(TABS) - 1)) / len(TABS)
        for n, tab in enumerate(TABS):
            b = self.button(lay.rect(c.left + n * (tw + gap), self.tabs_top(), tw, lay.button_h), "stats.tab." + tab,
                            "#stats_tab_" + tab, partial(self.show_tab, tab), class_id="@choice")
            if tab == self.tab:
                b.select()

    def _build_month_buttons(self) -> None:
        lay = self.app.layout
        _, cal = daycalendar.parts(self.content_rect(), lay)
        bh = daycalendar.title_height(lay)
        sw = round(bh * 1.2)
        older = self.button(pygame.Rect(cal.right - sw if lay.mirror else cal.left, cal.top, sw, bh),
                            "stats.month_prev", "#stats_month_prev", lambda: self.turn_month(1), class_id="@tool")
        newer = self.button(pygame.Rect(cal.left if lay.mirror else cal.right - sw, cal.top, sw, bh),
                            "stats.month_next", "#stats_month_next", lambda: self.turn_month(-1), class_id="@tool")
        if self.back_months >= self.oldest_month():
            older.disable()
        if self.back_months <= 0:
            newer.disable()

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

    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self.rebuild_ui()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages()

    def oldest_month(self) -> int:
        return daycalendar.months_back(datetime.date.fromisoformat(self.today), self.ways["days"])

    def turn_month(self, back: int) -> None:
        """One month older (1) or newer (-1), within the months that hold days played."""
        self.back_months = min(max(0, self.back_months + back), self.oldest_month())
        self.rebuild_ui()

    def ask_reset(self) -> None:
        self.dialog = self.dialog or reset_dialog(self.app)

    def reset(self) -> None:
        self.db.reset()
        playways.reset(self.folder)
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
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        """Escape leaves; Tab and Shift+Tab or 1 to 5 choose a page; the arrows turn its pages or months."""
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.show_tab(TABS[(TABS.index(self.tab) + step) % len(TABS)])
        elif pygame.K_1 <= event.key < pygame.K_1 + len(TABS):
            self.show_tab(TABS[event.key - pygame.K_1])
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            forward = (event.key == pygame.K_RIGHT) != self.app.layout.mirror
            if self.tab == "opponents" and self.pages() > 1:
                self.turn(1 if forward else -1)
            elif self.tab == "daily":
                self.turn_month(-1 if forward else 1)

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        title = text.draw(surface, tr("stats.title"), lay.font(30), GOLD, (r.centerx, r.top + lay.px(30)), bold=True)
        c = self.content_rect()
        if self.tab == "rules":
            stats_pages.draw_rule_sets(surface, lay, c, self.told()[0])
        elif self.tab == "ways":
            stats_pages.draw_ways(surface, lay, c, self.ways)
        elif self.tab == "time":
            unit, buckets = self.trend()
            if sum(b.tally.played for b in buckets) and len(self.told()[1]) > 1:
                statchart.draw_trend(surface, c, lay, unit, buckets)
            else:
                stats_pages.empty(surface, lay, c, "stats.time.empty")
        elif self.tab == "daily" and self.ways["days"]:
            daycalendar.draw_page(surface, c, lay, self.ways["days"], self.today, self.back_months)
        elif self.tab == "daily":
            stats_pages.empty(surface, lay, c, "stats.daily.empty")
        else:
            self.draw_opponents(surface, c, title)

    def draw_opponents(self, surface: pygame.Surface, c: pygame.Rect, title: pygame.Rect) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        if self.pages() > 1:  # "page 1 of 2" before the arrows, in the title row
            right = getattr(self, "page_label_right", r.right - lay.px(24))
            room = round(right - (r.centerx + title.width / 2 + lay.px(16)))
            text.draw(surface, tr("stats.page", page=self.page + 1, pages=self.pages()), lay.font(13), INK_DIM,
                      (lay.mx(right), r.top + lay.px(8) + lay.button_h / 2), lay.anchor("midright"),
                      max_width=max(room, lay.px(40)))
        if not self.opponents:
            stats_pages.empty(surface, lay, c, "stats.empty")
            return
        cols = self.shown()
        bottom = stats_pages.draw_opponents(surface, lay, c, cols, self.per_page(),
                                            [opponent_name(o.opponent) for o in cols], row_value)
        stats_pages.draw_recent(surface, lay, c.left, bottom + lay.px(12), c.width, c.bottom, self.recent,
                                self.recent_cells())

    def recent_cells(self) -> list[tuple[str, str, str, str, str]]:
        return recent_cells(self.recent)
