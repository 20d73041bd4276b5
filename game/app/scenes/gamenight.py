"""Game night: a table of three or two pairs with a person or a computer level in each seat, and the deal of the day.

From the menu it takes one click to get here, one to choose the table and one to start (the seats
keep their last choice); the deal of the day starts with one click.  The finished matches counted by
the way they were played are listed at the foot.
"""
from __future__ import annotations

import datetime
from functools import partial

import pygame

from game.app.lang import i18n, jalali, text
from game.app.lang.i18n import tr, widget_text
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.tablerun import SEAT_KINDS, TableSetup
from game.app.records import playways
from game.app.stage.scene import Scene
from game.engine import TABLE_KINDS
from game.engine.daily import daily_deal, utc_day
from game.engine.table import SEATS

from .savedmatch import ask_before_replacing

KINDS = TABLE_KINDS
DEFAULT_SEATS = {kind: ("person",) + ("medium",) * (SEATS[kind] - 1) for kind in KINDS}  # you and computers



def day_words(day: str) -> str:
    """The day in the screen's calendar (Solar Hijri on a Persian screen), its UTC date otherwise."""
    if i18n.language() == "fa":
        try:
            return jalali.long_date(datetime.date.fromisoformat(day))
        except ValueError:
            pass
    return day

class GameNightScene(Scene):
    name = "game_night"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.kind = "three"
        self.seats: dict[str, list[str]] = {k: list(v) for k, v in DEFAULT_SEATS.items()}
        self.day = utc_day(datetime.datetime.now(datetime.timezone.utc))
        self.daily = daily_deal(self.day)
        self.ways = playways.load(playways.folder_of(app.services))
        self.choice_buttons: dict[tuple, object] = {}
        self.rows_top = 0

    def build_ui(self) -> None:
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        width = min(lay.w - 2 * lay.margin, lay.px(900))
        left = round(lay.w / 2 - width / 2)
        label_w = round(width * 0.22)
        self.left, self.label_w = left, label_w
        y = lay.margin + lay.px(56)
        self.choice_buttons = {}
        kw = (width - label_w - gap) // 2
        for i, kind in enumerate(KINDS):
            b = self.button(lay.rect(left + label_w + i * (kw + gap), y, kw, bh), "night." + kind,
                            "#night_" + kind, partial(self.choose_kind, kind), class_id="@choice")
            self.choice_buttons[("kind", kind)] = b
        y += bh + gap * 2
        self.rows_top = y
        cw = (width - label_w - gap * (len(SEAT_KINDS) - 1)) // len(SEAT_KINDS)
        labels = [tr("night.person") if k == "person" else tr("menu.level." + k) for k in SEAT_KINDS]
        for seat in range(SEATS[self.kind]):
            for j, (key, label) in enumerate(zip(SEAT_KINDS, labels, strict=True)):
                b = self.button(lay.rect(left + label_w + j * (cw + gap), y, cw, bh), "",
                                f"#seat{seat}_{key}", partial(self.choose_seat, seat, key), class_id="@choice",
                                text=widget_text(label))
                self.choice_buttons[("seat", seat, key)] = b
            y += bh + gap
        sw = round(lay.col_w * 1.3)
        self.button(lay.rect(lay.w / 2 - sw - gap, y + gap, sw, round(bh * 1.15)), "night.start", "#night_start",
                    self.start, class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap, y + gap, sw, round(bh * 1.15)), "button.back", "#night_back",
                    self.app.nav.to_menu, class_id="@tool")
        y += round(bh * 1.15) + gap * 4
        self.daily_top = y
        dw = round(lay.col_w * 1.8)
        self.button(lay.rect(lay.w / 2 - dw / 2, y + round(lay.font(15) * 1.5) + gap, dw, bh), "night.daily_start",
                    "#night_daily", self.start_daily, class_id="@primary")
        self.ways_top = y + round(lay.font(15) * 1.5) + bh + gap * 3
        self.refresh()

    def day_text(self) -> str:
        return day_words(self.day)

    def refresh(self) -> None:
        for key, b in self.choice_buttons.items():
            chosen = key[1] == self.kind if key[0] == "kind" else self.seats[self.kind][key[1]] == key[2]
            if chosen:
                b.select()  # type: ignore[attr-defined]
            else:
                b.unselect()  # type: ignore[attr-defined]

    def choose_kind(self, kind: str) -> None:
        if kind != self.kind:
            self.kind = kind
            self.rebuild_ui()

    def choose_seat(self, seat: int, key: str) -> None:
        seats = self.seats[self.kind]
        seats[seat] = key
        if "person" not in seats:  # one person at least: the seat given up goes back to a person
            seats[0 if seat else 1] = "person"
        self.refresh()

    def start(self) -> None:
        ask_before_replacing(self.app, self.start_now)

    def start_now(self) -> None:
        rules = self.app.settings.rules.with_(hollywood=False)  # Hollywood is for two players
        setup = TableSetup(self.kind, rules, self.app.nav.next_seed(), tuple(self.seats[self.kind]))
        self.app.nav.tables.start_table(setup)

    def start_daily(self) -> None:
        ask_before_replacing(self.app, partial(self.app.nav.tables.start_daily, self.daily))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.nav.to_menu()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        width = min(lay.w - 2 * lay.margin, lay.px(900))
        r = pygame.Rect(round(lay.w / 2 - width / 2) - lay.px(16), lay.margin // 2, width + lay.px(32),
                        lay.h - lay.margin)
        panel(surface, r, radius=lay.px(16))
        text.draw(surface, tr("night.title"), lay.font(28), GOLD, (lay.w / 2, lay.margin + lay.px(20)), bold=True)
        bh, gap = lay.button_h, lay.px(8)
        label_x = lay.w - self.left if lay.mirror else self.left
        anchor = lay.anchor("midleft")
        text.draw(surface, tr("night.table"), lay.font(16), INK, (label_x, lay.margin + lay.px(56) + bh / 2), anchor,
                  max_width=self.label_w - gap)
        for seat in range(SEATS[self.kind]):
            label = tr("night.seat", n=seat + 1)
            if self.kind == "pairs":
                label += " · " + tr("night.pair_of", pair=seat % 2 + 1)
            text.draw(surface, label, lay.font(15), INK, (label_x, self.rows_top + seat * (bh + gap) + bh / 2),
                      anchor, max_width=self.label_w - gap)
        level = tr("level." + self.daily.level)
        about = tr("night.daily") + " · " + tr("night.daily_about", day=self.day_text(), level=level)
        text.draw(surface, about, lay.font(15), INK, (lay.w / 2, self.daily_top + lay.font(15) * 0.7),
                  max_width=r.width - lay.px(40))
        kept = playways.kept_daily(self.ways)
        y = self.ways_top
        if kept is not None and kept.day == self.day:
            best = tr("night.daily_best", mine=kept.scores[0], theirs=kept.scores[1],
                      result=tr("stats.won" if kept.won else "stats.lost"))
            text.draw(surface, best, lay.font(15), GOLD, (lay.w / 2, y), max_width=r.width - lay.px(40))
            y += round(lay.font(15) * 1.6)
        rows = [tr("stats.mode_row", mode=tr("stats.mode." + w), won=v["won"], played=v["played"])
                for w, v in self.ways["ways"].items() if v["played"]]
        if rows:
            text.draw(surface, tr("stats.modes"), lay.font(15), GOLD, (lay.w / 2, y), bold=True)
            y += round(lay.font(15) * 1.5)
            for row in rows:
                if y > r.bottom - lay.px(12):
                    break
                text.draw(surface, row, lay.font(14), INK_DIM, (lay.w / 2, y), max_width=r.width - lay.px(40))
                y += round(lay.font(14) * 1.45)
