"""Game night: a table of three or two pairs with a person or a computer level in each seat, and the deal of the day.

From the menu it takes one click to get here, one to choose the table and one to start (the seats
keep their last choice); the deal of the day starts with one click.  The finished matches counted by
the way they were played are listed at the foot.
"""
from __future__ import annotations

import datetime
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import i18n, jalali, text
from game.app.lang.i18n import tr, widget_text
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.tablerun import SEAT_KINDS, TableSetup
from game.app.records import playways
from game.app.stage.scene import Scene
from game.app.stage.uitheme import label_width
from game.engine import TABLE_KINDS, Rules
from game.engine.daily import daily_deal, utc_day
from game.engine.rules import PAIRS_TARGET, PRESETS, TARGET_CHOICES, table_target
from game.engine.table import SEATS

from .menu_widgets import MenuWidgets
from .savedmatch import ask_before_replacing

KINDS = TABLE_KINDS
TABLE_PRESETS = tuple(p for p in PRESETS if not PRESETS[p].hollywood)  # Hollywood is for two players
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
        self.names = list(app.settings.night_names)
        chosen = app.settings.preset
        self.preset = chosen if chosen in TABLE_PRESETS else TABLE_PRESETS[0]
        self.target: int | None = None  # None: the table's own (125 for pairs, as Hoyle has it)
        self.day = utc_day(datetime.datetime.now(datetime.timezone.utc))
        self.daily = daily_deal(self.day)
        self.ways = playways.load(playways.folder_of(app.services))
        self.choice_buttons: dict[tuple, object] = {}
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        self.row_tops: dict[str, int] = {}
        self.rows_top = 0

    def build_ui(self) -> None:
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        width = min(lay.w - 2 * lay.margin, lay.px(900))
        self.left, self.label_w = round(lay.w / 2 - width / 2), round(width * 0.22)
        self.width = width
        self.choice_buttons, self.entries, self.row_tops = {}, {}, {}
        y = lay.margin + lay.px(44)
        y = self._choices(y, "kind", [(k, tr("night." + k)) for k in KINDS], self.choose_kind)
        y = self._choices(y, "preset", [(p, tr("preset." + p)) for p in (*TABLE_PRESETS, "hollywood")],
                          self.choose_preset)
        y = self._choices(y, "target", [(t, tr("sheet.target", target=t)) for t in self.targets()],
                          self.choose_target)
        self.rows_top = y = y + gap
        y = self._seat_rows(y)
        sw = round(lay.col_w * 1.3)
        self.button(lay.rect(lay.w / 2 - sw - gap, y + gap, sw, round(bh * 1.15)), "night.start", "#night_start",
                    self.start, class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap, y + gap, sw, round(bh * 1.15)), "button.back", "#night_back",
                    self.app.nav.to_menu, class_id="@tool")
        y += round(bh * 1.15) + gap * 3
        self.daily_top = y
        dw = round(lay.col_w * 1.8)
        about = round(lay.font(15) * 2.6)  # the day's line, on two lines where one is too narrow
        self.button(lay.rect(lay.w / 2 - dw / 2, y + about + gap, dw, bh), "night.daily_start",
                    "#night_daily", self.start_daily, class_id="@primary")
        self.ways_top = y + about + bh + gap * 3
        self.refresh()

    def _choices(self, y: int, row: str, options: list, choose) -> int:
        """One row of choices right of its label; the next row's top."""
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        self.row_tops[row] = y
        room = self.width - self.label_w - gap * (len(options) - 1)
        need = [label_width(lay, words, ("@choice", "button")) for _, words in options]
        x = self.left + self.label_w
        for (value, words), n in zip(options, need, strict=True):  # each as wide as its words ask, in proportion
            w = room * n // sum(need)
            oid = f"#night_{value}" if row == "kind" else f"#night_{row}_{value}"
            b = self.button(lay.rect(x, y, w, bh), "", oid, partial(choose, value), class_id="@choice",
                            text=widget_text(words))
            self.choice_buttons[(row, value)] = b
            x += w + gap
        return y + bh + gap

    def _seat_rows(self, y: int) -> int:
        """A row per seat: a person's name (typed) or the seat's number, then a person or a level."""
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        cw = (self.width - self.label_w - gap * (len(SEAT_KINDS) - 1)) // len(SEAT_KINDS)
        labels = [tr("night.person") if k == "person" else tr("menu.level." + k) for k in SEAT_KINDS]
        for seat in range(SEATS[self.kind]):
            if self.seats[self.kind][seat] == "person":
                self.entries[seat] = self._entry(seat, lay.rect(self.left, y, self.label_w - gap, bh))
            for j, (key, label) in enumerate(zip(SEAT_KINDS, labels, strict=True)):
                b = self.button(lay.rect(self.left + self.label_w + j * (cw + gap), y, cw, bh), "",
                                f"#seat{seat}_{key}", partial(self.choose_seat, seat, key), class_id="@choice",
                                text=widget_text(label))
                self.choice_buttons[("seat", seat, key)] = b
            y += bh + gap
        return y

    def _entry(self, seat: int, rect: pygame.Rect) -> pygame_gui.elements.UITextEntryLine:
        name = self.names[seat]
        e = pygame_gui.elements.UITextEntryLine(
            rect, self.app.ui, object_id=ObjectID(class_id="@name_ltr" if MenuWidgets._latin(name) else "@name",
                                                  object_id=f"#night_name{seat}"),
            placeholder_text=widget_text(tr("night.player_name", n=seat + 1)))
        e.set_text_length_limit(16)
        e.set_text(name)
        self.widgets.append(e)
        return e

    def targets(self) -> list[int]:
        """The targets the chosen rules allow at this table (pairs may play Hoyle's 125 too)."""
        extra = {PAIRS_TARGET} if self.kind == "pairs" else set()
        return sorted(set(TARGET_CHOICES[self.preset]) | extra)

    def rules(self) -> Rules:
        """The table's rules: the chosen preset and target (the table's own when none was chosen)."""
        target = self.target if self.target in self.targets() else None
        return table_target(self.kind, PRESETS[self.preset], target)

    def day_text(self) -> str:
        return day_words(self.day)

    def refresh(self) -> None:
        picked = {"kind": self.kind, "preset": self.preset, "target": self.rules().target}
        for key, b in self.choice_buttons.items():
            chosen = picked[key[0]] == key[1] if key[0] in picked else self.seats[self.kind][key[1]] == key[2]
            if chosen:
                b.select()  # type: ignore[attr-defined]
            else:
                b.unselect()  # type: ignore[attr-defined]

    def choose_kind(self, kind: str) -> None:
        if kind != self.kind:
            self.kind = kind
            self.rebuild_ui()

    def choose_preset(self, name: str) -> None:
        """A preset a table allows; Hollywood is refused with the engine's reason, in the player's words."""
        if name not in TABLE_PRESETS:
            self.app.toast(tr("night.hollywood_refused"), 6.0)
            return
        if name != self.preset:
            self.preset = name
            self.rebuild_ui()

    def choose_target(self, target: int) -> None:
        self.target = target
        self.refresh()

    def choose_seat(self, seat: int, key: str) -> None:
        seats = self.seats[self.kind]
        seats[seat] = key
        if "person" not in seats:  # one person at least: the seat given up goes back to a person
            seats[0 if seat else 1] = "person"
        self.rebuild_ui()  # a person's seat takes a name

    def start(self) -> None:
        ask_before_replacing(self.app, self.start_now)

    def start_now(self) -> None:
        names = tuple(self.names[:SEATS[self.kind]])
        if tuple(self.names) != self.app.settings.night_names:
            self.app.apply_settings(self.app.settings.with_(night_names=tuple(self.names)))
        setup = TableSetup(self.kind, self.rules(), self.app.nav.next_seed(), tuple(self.seats[self.kind]), names)
        self.app.nav.tables.start_table(setup)

    def start_daily(self) -> None:
        ask_before_replacing(self.app, partial(self.app.nav.tables.start_daily, self.daily))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for seat, entry in self.entries.items():
                if event.ui_element is entry:
                    self.names[seat] = entry.get_text().strip()
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in self.entries.values()):
            return  # typing a name
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
        text.draw(surface, tr("night.title"), lay.font(26), GOLD, (lay.w / 2, lay.margin + lay.px(14)), bold=True)
        bh, gap = lay.button_h, lay.px(8)
        label_x = lay.w - self.left if lay.mirror else self.left
        anchor = lay.anchor("midleft")
        for row, key in (("kind", "night.table"), ("preset", "night.rules"), ("target", "menu.target")):
            text.draw(surface, tr(key), lay.font(16), INK, (label_x, self.row_tops[row] + bh / 2), anchor,
                      max_width=self.label_w - gap)
        for seat in range(SEATS[self.kind]):
            if seat in self.entries:
                continue
            label = tr("night.seat", n=seat + 1)
            if self.kind == "pairs":
                label += " · " + tr("night.pair_of", pair=seat % 2 + 1)
            text.draw(surface, label, lay.font(15), INK, (label_x, self.rows_top + seat * (bh + gap) + bh / 2),
                      anchor, max_width=self.label_w - gap)
        level = tr("level." + self.daily.level)
        about = tr("night.daily") + " · " + tr("night.daily_about", day=self.day_text(), level=level)
        box = pygame.Rect(r.left + lay.px(20), self.daily_top, r.width - lay.px(40), round(lay.font(15) * 2.6))
        text.draw_wrapped(surface, about, lay.font(15), INK, box, align="center")
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
