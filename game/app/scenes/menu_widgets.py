"""The menu's widgets: the rows of choices, Start and Continue, the tools and the notice box, laid out
for the window's size.  The menu scene holds one and builds it afresh with what is chosen; it keeps the
rows' places for the scene to draw beside them, and hands every press back through ``MenuActions``."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.config.vocab import OPPONENTS, RULE_NAMES
from game.app.lang import bidi, i18n, typed
from game.app.lang.i18n import tr, widget_text
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import CUSTOM, PRESET_NAMES, TARGET_CHOICES


@dataclass(frozen=True)
class Chosen:
    """What the menu shows as chosen when its widgets are built."""

    opponent: str
    names: tuple[str, str]
    preset: str
    target: int
    can_continue: bool
    notice: bool  # a notice waits to be read


@dataclass(frozen=True)
class MenuActions:
    """What the menu's buttons do (the scene's own methods)."""

    choose: Callable[[str, str | int], None]
    start: Callable[[], None]
    continue_match: Callable[[], None]
    open_rules: Callable[[], None]
    open_settings: Callable[[], None]
    open_stats: Callable[[], None]
    quit: Callable[[], None]
    dismiss_notice: Callable[[], None]


class MenuWidgets:
    """The menu's widgets, made through the scene (so its buttons are its own) and placed from ``x0``."""

    def __init__(self, app: Host, scene: Scene, actions: MenuActions) -> None:
        self.app, self.scene, self.actions = app, scene, actions
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.choice_buttons: dict[tuple[str, str | int], pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, int] = {}
        self.left = self.x0 = self.width = 0
        self.target_note_x = self.tools_bottom = self.notice_ok_w = 0
        self.about_rect = pygame.Rect(0, 0, 0, 0)
        self.level_rect = pygame.Rect(0, 0, 0, 0)
        self.saved_rect: pygame.Rect | None = None
        self.notice_rect: pygame.Rect | None = None

    def _fit(self, labels: list[str], base: int, ids: tuple[str, ...] = ("@choice", "button")) -> list[int]:
        lay = self.app.layout
        return [max(base, label_width(lay, label, ids)) for label in labels]

    def build(self, chosen: Chosen) -> None:
        """The widgets for ``chosen`` (the scene has cleared the old ones)."""
        self.chosen = chosen
        self.rows = {}
        self.choice_buttons = {}
        y = self._opponent_row(round(175 * self.app.layout.s))
        y = self._second_row(y)
        y = self._preset_row(y)
        y = self._target_row(y)
        y = self._start_buttons(y)
        self._tool_row(y)
        self._notice_box()

    def _choices(self, group: str, keys: tuple[str | int, ...], labels: list[str], widths: list[int], y: int,
                 tips: list[str | None] | None = None) -> int:
        """One row of choice buttons from ``x0``; returns the x after its last button."""
        lay = self.app.layout
        gap = round(10 * lay.s)
        x = self.x0
        for i, (key, label, w) in enumerate(zip(keys, labels, widths, strict=True)):
            b = self.scene.button(lay.rect(x, y, w, lay.button_h), "", f"#{group}_{key}",
                                  partial(self.actions.choose, group, key), class_id="@choice",
                                  text=widget_text(label), tip=tips[i] if tips else None)
            self.choice_buttons[(group, key)] = b
            x += w + gap
        return x

    def _opponent_row(self, y: int) -> int:
        """The opponents' row; the rows are as wide as their widest member needs, and centred together
        with their labels."""
        lay = self.app.layout
        s = lay.s
        gap, bw, label_w = round(10 * s), round(128 * s), round(140 * s)
        room = lay.w - 2 * lay.margin - label_w
        opp_labels = [tr("menu.hotseat") if k == "hotseat" else tr("menu.level." + k) for k in OPPONENTS]
        opp_w = self._fit(opp_labels, bw)
        row_w = sum(opp_w) + gap * (len(opp_w) - 1)
        if row_w > room:  # narrow windows: the buttons share the room
            opp_w = [round(w * (room - gap * (len(opp_w) - 1)) / (row_w - gap * (len(opp_w) - 1))) for w in opp_w]
            row_w = room
        width = max(row_w, round(600 * s))
        left = round(lay.w / 2 - (label_w + width) / 2)
        self.left, self.x0, self.width = left, left + label_w, width
        self.rows["opponent"] = y
        self._choices("opponent", OPPONENTS, opp_labels, opp_w, y)
        return y + lay.button_h + gap

    def _second_row(self, y: int) -> int:
        """The friends' names, or what the chosen level plays like (never an extra row)."""
        lay = self.app.layout
        bh, gap, bw = lay.button_h, round(10 * lay.s), round(128 * lay.s)
        self.entries = []
        self.rows["names" if self.chosen.opponent == "hotseat" else "level"] = y
        self.level_rect = lay.rect(self.x0, y, self.width, bh)
        if self.chosen.opponent == "hotseat":
            ew = min(round(bw * 1.6), (self.width - gap) // 2)
            for i in range(2):
                e = self._entry(i, lay.rect(self.x0 + i * (ew + gap), y, ew, bh), self.chosen.names[i])
                self.entries.append(e)
                self.scene.widgets.append(e)
        return y + bh + gap * 2

    def _preset_row(self, y: int) -> int:
        lay = self.app.layout
        s = lay.s
        self.rows["preset"] = y
        presets = RULE_NAMES if self.chosen.preset == CUSTOM else PRESET_NAMES  # custom only while it is so
        pre_labels = [tr("menu.preset." + k) if k != CUSTOM else tr("preset.custom") for k in presets]
        self._choices("preset", presets, pre_labels, self._fit(pre_labels, round(128 * s)), y)
        y += lay.button_h + round(6 * s)
        about_h = round(lay.font(14) * 1.15 * 2) + 2
        self.about_rect = lay.rect(self.x0, y, self.width, about_h)
        return y + about_h + round(10 * s)

    def _target_row(self, y: int) -> int:
        lay = self.app.layout
        self.rows["target"] = y
        targets = tuple(sorted(set(TARGET_CHOICES["classic"]) | {self.chosen.target}))
        labels = [tr("menu.target_value", points=t) for t in targets]
        allowed = TARGET_CHOICES.get(self.chosen.preset, targets)
        tips = [None if t in allowed else widget_text(
            tr("menu.target_locked", preset=tr("preset." + self.chosen.preset), target=allowed[-1])) for t in targets]
        widths = self._fit(labels, round(128 * lay.s * 0.7))
        self.target_note_x = self._choices("target", targets, labels, widths, y, tips)  # a greyed target's note
        return y + lay.button_h + round(30 * lay.s)

    def _start_buttons(self, y: int) -> int:
        """Start (and Continue when there is a match to resume), then the line saying what it resumes."""
        lay = self.app.layout
        gap = round(10 * lay.s)
        big = round(lay.button_h * 1.25)
        sw = max(round(240 * lay.s),
                 *self._fit([tr("menu.continue"), tr("menu.start_new")], 0, ("@primary", "button")))
        sw = min(sw, (lay.w - 2 * lay.margin - gap * 2) // 2)
        if self.chosen.can_continue:
            self.scene.button(lay.rect(lay.w / 2 - sw - gap, y, sw, big), "menu.continue", "#continue_match",
                              self.actions.continue_match, class_id="@primary")
            self.scene.button(lay.rect(lay.w / 2 + gap, y, sw, big), "menu.start_new", "#start",
                              self.actions.start, class_id="@primary")
        else:
            self.scene.button(lay.rect(lay.w / 2 - sw / 2, y, sw, big), "menu.start", "#start",
                              self.actions.start, class_id="@primary")
        y += big + round(4 * lay.s)
        # what Continue resumes, under the buttons (a line kept free when there is nothing to resume)
        self.saved_rect = pygame.Rect(lay.margin, y, lay.w - 2 * lay.margin, round(lay.font(15) * 1.4))
        return y + self.saved_rect.height + gap

    def _tool_row(self, y: int) -> None:
        lay = self.app.layout
        gap, bh = round(10 * lay.s), lay.button_h
        act = self.actions
        tools = (("menu.network", "#network", self.app.nav.show_network),
                 ("menu.more", "#game_night", self.app.nav.tables.show_game_night),
                 ("menu.read_rules", "#rules", act.open_rules), ("menu.settings", "#settings", act.open_settings),
                 ("menu.statistics", "#statistics", act.open_stats),
                 ("menu.history", "#history", self.app.nav.show_history), ("menu.quit", "#quit", act.quit))
        tws = self._fit([tr(k) for k, _, _ in tools], round(128 * lay.s * 1.15), ("@tool", "button"))
        total = sum(tws) + gap * (len(tws) - 1)
        if total > lay.w - 2 * lay.margin:
            scale = (lay.w - 2 * lay.margin - gap * (len(tws) - 1)) / (total - gap * (len(tws) - 1))
            tws = [round(w * scale) for w in tws]
            total = sum(tws) + gap * (len(tws) - 1)
        x = round(lay.w / 2 - total / 2)
        for (key, oid, fn), w in zip(tools, tws, strict=True):
            self.scene.button(lay.rect(x, y, w, bh), key, oid, fn, class_id="@tool")
            x += w + gap
        self.tools_bottom = y + bh

    def _notice_box(self) -> None:
        lay = self.app.layout
        s, gap, bh = lay.s, round(10 * lay.s), lay.button_h
        self.notice_rect = None
        if self.chosen.notice:
            nw = min(lay.w - 2 * lay.margin, round(760 * s))
            nh = round(bh * 1.9)
            ny = min(lay.h - nh - round(40 * s), self.tools_bottom + gap * 2)
            self.notice_rect = pygame.Rect(round(lay.w / 2 - nw / 2), ny, nw, nh)
            ow = max(round(128 * s * 0.6), label_width(lay, tr("button.ok"), ("@tool", "button")))
            self.notice_ok_w = ow
            self.scene.button(lay.rect(lay.w / 2 + nw / 2 - ow - gap, ny + nh / 2 - bh / 2, ow, bh), "button.ok",
                              "#notice_ok", self.actions.dismiss_notice, class_id="@tool")

    @staticmethod
    def _latin(name: str) -> bool:
        """A name typed in Latin letters on a Persian screen: its field draws left to right."""
        return i18n.is_rtl() and bool(name.strip()) and not bidi.has_rtl(name)

    def _entry(self, i: int, rect: pygame.Rect, name: str) -> pygame_gui.elements.UITextEntryLine:
        cls = "@name_ltr" if self._latin(name) else "@name"
        e = pygame_gui.elements.UITextEntryLine(
            rect, self.app.ui, object_id=ObjectID(class_id=cls, object_id=f"#name{i + 1}"),
            placeholder_text=widget_text(tr("menu.name1_default" if i == 0 else "menu.name2_default")))
        typed.guard(e, typed.NAME_LIMIT)
        e.set_text(typed.clean(name, typed.NAME_LIMIT))
        return e

    def follow_direction(self, entry: pygame_gui.elements.UITextEntryLine) -> None:
        """A name field switches between left-to-right and right-to-left letters as the name is typed."""
        name = entry.get_text()
        if ("@name_ltr" in entry.object_ids) == self._latin(name):
            return
        i = self.entries.index(entry)
        fresh = self._entry(i, pygame.Rect(entry.get_abs_rect()), name)
        self.entries[i] = fresh
        self.scene.widgets[self.scene.widgets.index(entry)] = fresh
        entry.kill()
        fresh.focus()
        fresh.edit_position = len(name)
