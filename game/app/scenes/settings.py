"""The settings screen: three pages (game, looks, rules).  Every option shows its choices at once, as a
row of buttons when they fit and as a drop-down list when they do not; the looks page shows a picture of
the chosen cards on the chosen cloth.  Every change is saved and applied at once where it can be; the
rules apply from the next match, and the rules page says so.  "Reset to defaults" puts the page back."""
from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.config.settings import (
    Settings,
)
from game.app.lang import i18n, text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK
from game.app.looks.panels import felt as cloth
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width

from .confirm import ConfirmScene
from .setting_options import PAGES, Option, Value, choices, looks_options, options_of, reset_page, step, value_id
from .settings_draw import draw_preview, draw_rules_notes


def widget_text(label: str) -> str:
    """A label ready for a widget's font (numbers in the screen's digits, Persian in reading order)."""
    return i18n.widget_text(label)


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: Host, page: str = "general") -> None:
        super().__init__(app)
        self.page = page if page in PAGES else "general"
        self.rows: list[tuple[Option, pygame.Rect]] = []
        self.value_buttons: dict[str, dict[Value, pygame_gui.elements.UIButton]] = {}
        self.drops: dict[Value, tuple[Option, dict[str, Value]]] = {}
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.volume_row: pygame.Rect | None = None
        self.tab_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.preview_rect: pygame.Rect | None = None

    def options(self) -> list[Option]:
        return options_of(self.page)

    # ------------------------------------------------------------------ widgets

    def _columns(self, slots: int) -> tuple[int, int, float, int]:
        """(columns, column width, left edge of the first column, gap between columns)."""
        lay = self.app.layout
        width = min(lay.w - 2 * lay.margin - lay.px(20), lay.px(1180))
        gap = lay.px(40)
        if self.page == "rules":
            col_w = (width - gap) // 2
            return 2, col_w, lay.w / 2 - width / 2, gap
        if self.page == "looks":  # the options on the reading side, the picture on the other
            col_w = min(round(width * 0.6), lay.px(700))
            return 1, col_w, lay.w / 2 - width / 2, gap
        col_w = min(width, lay.px(820))
        return 1, col_w, lay.w / 2 - col_w / 2, gap

    def build_ui(self) -> None:
        lay = self.app.layout
        bh = lay.button_h
        gap = lay.px(8)
        y = lay.px(70)
        self._build_tabs(y, bh, gap)
        top = y + bh + lay.px(20)
        bottom = lay.h - round(bh * 1.15) - lay.px(52)
        options = self.options()
        slots: list[Option | None] = list(options)
        if self.page == "general":
            slots.insert(4, None)  # the volume slider, under the sound switch
        columns, col_w, left0, col_gap = self._columns(len(slots))
        per_col = -(-len(slots) // columns)
        row_h = min(bh + lay.px(10), (bottom - top) / max(1, per_col))
        h = round(min(bh, row_h - lay.px(4)))
        label_w = round(col_w * 0.44)
        control_w = col_w - label_w - lay.px(10)
        self.rows = []
        self.value_buttons = {}
        self.drops = {}
        self.slider = None
        self.volume_row = None
        settings = self.app.settings
        for i, option in enumerate(slots):
            col, row = divmod(i, per_col)
            x = left0 + col * (col_w + col_gap)
            ry = top + row * row_h
            label_rect = lay.rect(x, ry, label_w, h)
            cx = x + label_w + lay.px(10)
            if option is None:
                self.volume_row = label_rect
                self.slider = pygame_gui.elements.UIHorizontalSlider(
                    lay.rect(cx, ry, control_w, h), self._slider_value(round(settings.volume * 100)), (0, 100),
                    self.app.ui,
                    object_id=ObjectID(class_id="@slider", object_id="#volume"), click_increment=5)
                if not settings.sound:
                    self.slider.disable()
                self.widgets.append(self.slider)
                continue
            self.rows.append((option, label_rect))
            self._control(option, settings, cx, ry, control_w, h)
        self.preview_rect = None
        if self.page == "looks":
            px = left0 + col_w + col_gap
            pw = min(lay.w / 2 + (lay.w / 2 - left0) - px, lay.px(460))
            self.preview_rect = lay.rect(px, top, pw, min(bottom - top, round(pw * 0.75)))
        bw = max(round(lay.col_w * 1.1), label_width(lay, tr("button.back"), ("@primary", "button")))
        by = lay.h - round(bh * 1.15) - lay.px(16)
        self.button(lay.rect(lay.w / 2 - bw / 2, by, bw, round(bh * 1.15)), "button.back", "#settings_back",
                    self.close, class_id="@primary")
        rw = max(round(lay.col_w * 1.1), label_width(lay, tr("settings.reset"), ("@tool", "button")))
        rw = min(rw, round(lay.w / 2 - bw / 2 - lay.margin - lay.px(12)))
        self.button(lay.rect(lay.margin, by + (round(bh * 1.15) - bh) / 2, rw, bh), "settings.reset",
                    "#settings_reset", self.ask_reset, class_id="@tool")

    def _build_tabs(self, y: float, bh: int, gap: int) -> None:
        """One button a page across the top, the shown page's selected."""
        lay = self.app.layout
        self.tab_buttons = {}
        tabs = [tr("settings.page." + p) for p in PAGES]
        tw = max([lay.px(180)] + [label_width(lay, t, ("@choice", "button")) for t in tabs])
        tw = min(tw, (lay.w - 2 * lay.margin - 2 * gap) // len(PAGES))
        x = lay.w / 2 - (len(PAGES) * tw + (len(PAGES) - 1) * gap) / 2
        for page in PAGES:
            b = self.button(lay.rect(x, y, tw, bh), "settings.page." + page, "#page_" + page,
                            partial(self.show_page, page), class_id="@choice")
            self.tab_buttons[page] = b
            if page == self.page:
                b.select()
            x += tw + gap

    def _control(self, option: Option, settings: Settings, x: float, y: float, width: int, h: int) -> None:
        """The option's choices: a row of buttons when their labels fit, else a drop-down list."""
        lay = self.app.layout
        current = option.get(settings)
        offered = choices(option, settings)
        labels = [option.show(v) for v, _ in offered]
        gap = lay.px(4)
        need = [max(lay.px(44), label_width(lay, label, ("@choice", "button"))) for label in labels]
        if sum(need) + gap * (len(need) - 1) <= width:
            spare = (width - sum(need) - gap * (len(need) - 1)) / len(need)
            buttons = {}
            for (value, allowed), label, w in zip(offered, labels, need, strict=True):
                tip = option.explain(value)
                if not allowed and value != current:
                    tip = tr("settings.not_with_these_rules")
                oid = value_id(option, value)
                shown = i18n.persian_widget_text(label) if oid in i18n.PERSIAN_EVERYWHERE else widget_text(label)
                b = self.button(lay.rect(x, y, w + spare, h), "", oid, partial(self.set_value, option, value),
                                class_id="@choice", text=shown, tip=widget_text(tip) if tip else None)
                if value == current:
                    b.select()
                elif not allowed:
                    b.disable()
                buttons[value] = b
                x += w + spare + gap
            self.value_buttons[option.key] = buttons
            return
        listed: dict[str, Value] = {widget_text(label): value for (value, allowed), label
                                  in zip(offered, labels, strict=True) if allowed or value == current}
        start = next((k for k, v in listed.items() if v == current), next(iter(listed)))
        drop = pygame_gui.elements.UIDropDownMenu(
            list(listed), start, lay.rect(x, y, width, h), self.app.ui,
            object_id=ObjectID(class_id="@choice", object_id="#set_" + option.key.replace(".", "_")))
        self.widgets.append(drop)
        self.drops[drop] = (option, listed)

    def show_page(self, page: str) -> None:
        self.page = page
        self.rebuild_ui()

    def set_value(self, option: Option, value: Value) -> None:
        try:
            new = option.put(self.app.settings, value)
        except ValueError:
            return
        if new != self.app.settings:
            self.app.apply_settings(new)  # rebuilds every scene's widgets when the looks change
        self.rebuild_ui()  # the preset follows the switches: Custom when one differs

    def change(self, option: Option, by: int = 1) -> None:
        """The option's next value (keys and tests step through the values)."""
        new = step(option, self.app.settings, by)
        if new != self.app.settings:
            self.app.apply_settings(new)
        self.rebuild_ui()

    def ask_reset(self) -> None:
        question = tr("settings.reset_question." + self.page)
        self.app.push(ConfirmScene(self.app, question, "settings.reset_yes", self.reset))

    def reset(self) -> None:
        new = reset_page(self.app.settings, self.page)
        if new != self.app.settings:
            self.app.apply_settings(new)
        self.rebuild_ui()

    def close(self) -> None:
        self.app.pop(self)

    def _slider_value(self, v: int) -> int:
        """A mirrored (Persian) screen's slider grows to the left: its value is the volume turned around."""
        return 100 - v if self.app.layout.mirror else v

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            volume = self._slider_value(max(0, min(100, int(event.value)))) / 100
            if volume != self.app.settings.volume:
                self.app.apply_settings(self.app.settings.with_(volume=volume))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.drops:
            option, shown = self.drops[event.ui_element]
            if event.text in shown:
                self.set_value(option, shown[event.text])
        elif event.type == pygame.KEYDOWN and self.app.top is self:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif event.key == pygame.K_TAB:
                self.show_page(PAGES[(PAGES.index(self.page) + 1) % len(PAGES)])

    # ------------------------------------------------------------------ draw

    def previewed_style(self) -> tuple[Settings, Value]:
        """The looks to show: the settings, or a choice the pointer rests on (to see it before choosing)."""
        settings = self.app.settings
        for option in looks_options():
            for value, b in self.value_buttons.get(option.key, {}).items():
                if b.hovered and b.is_enabled:
                    return option.put(settings, value), (option.key, value)
        return settings, None

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_preview(surface, rect, self.app.layout, self.previewed_style()[0])

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(cloth((lay.w, lay.h), dark=True), (0, 0))
        text.draw(surface, tr("settings.title"), lay.font(36), GOLD, (lay.w / 2, lay.px(36)), bold=True,
                  shadow=(0, 0, 0), max_width=lay.w - 2 * lay.margin)
        size = lay.font(16)
        for option, rect in self.rows:
            self._label(surface, tr("settings." + option.key), rect, size)
        if self.volume_row is not None:
            self._label(surface, tr("settings.volume", n=round(self.app.settings.volume * 100)), self.volume_row,
                        size)
        if self.preview_rect is not None:
            self.draw_preview(surface, self.preview_rect)
        if self.page == "rules":
            draw_rules_notes(surface, self.app, [r for _, r in self.rows])

    def _label(self, surface: pygame.Surface, label: str, rect: pygame.Rect, size: int) -> None:
        """An option's name at the reading edge of its row: on two lines rather than smaller."""
        lay = self.app.layout
        lines = text.wrap(label, size, rect.width)
        while len(lines) > 2 and size > 11:
            size -= 1
            lines = text.wrap(label, size, rect.width)
        step = round(size * 1.15)
        y = rect.centery - step * (len(lines) - 1) / 2
        x = lay.mx(rect.left) if not lay.mirror else rect.right
        for line in lines[:2]:
            text.draw(surface, line, size, INK, (x, y), lay.anchor("midleft"), max_width=rect.width)
            y += step
