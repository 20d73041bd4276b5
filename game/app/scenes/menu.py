"""The menu: choose the opponent (a bot level or a friend), the rules preset and target, then start."""
from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.engine import TARGET_CHOICES, Card, preset

from .. import cardart, text
from ..i18n import tr
from ..looks import GOLD, INK, INK_DIM, felt, panel
from ..match import MatchSetup
from ..scene import Scene
from ..vocab import LEVELS
from .settings import widget_text

OPPONENTS = ("easy", "medium", "hard", "hotseat")


def notice_text(notice) -> str:
    """What the menu says for a notice: its key with the file's name, the whole path and the reason."""
    aside = getattr(notice, "aside", None)
    why = getattr(notice, "why", "")
    return tr(notice.key, file=aside.name if aside else "-", path=str(aside) if aside else "-",
              why=tr(why) if why else "")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.opponent = s.level if s.level in OPPONENTS else "medium"
        self.names = list(s.names)
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.choice_buttons: dict[tuple[str, object], pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, int] = {}
        self.can_continue = app.nav.has_saved_match()
        self.notices = [notice_text(n) for n in app.nav.take_notices()]
        self.notice_rect: pygame.Rect | None = None

    @property
    def preset(self) -> str:
        """van, classic or custom: the rules in the settings, which the next match uses."""
        return self.app.settings.preset

    @property
    def target(self) -> int:
        return self.app.settings.rules.target

    # ------------------------------------------------------------------ widgets

    def build_ui(self) -> None:
        lay = self.app.layout
        s = lay.s
        bw, bh, gap = round(128 * s), lay.button_h, round(10 * s)
        left = lay.w // 2 - round(340 * s)
        label_w = round(140 * s)
        x0 = left + label_w
        y = round(200 * s)
        self.rows = {}
        self.choice_buttons = {}

        self.rows["opponent"] = y
        for i, key in enumerate(OPPONENTS):
            w = bw if key != "hotseat" else round(bw * 2)
            label = tr("menu.hotseat") if key == "hotseat" else tr("menu.level." + key)
            r = lay.rect(x0 + i * (bw + gap), y, w, bh)
            b = self.button(r, "", "#opponent_" + key, partial(self.choose, "opponent", key),
                            class_id="@choice", text=widget_text(label))
            self.choice_buttons[("opponent", key)] = b
        y += bh + gap * 2
        self.entries = []
        if self.opponent == "hotseat":
            self.rows["names"] = y
            for i in range(2):
                r = lay.rect(x0 + i * (round(bw * 1.45) + gap), y, round(bw * 1.45), bh)
                e = pygame_gui.elements.UITextEntryLine(
                    r, self.app.ui, object_id=ObjectID(class_id="@name", object_id=f"#name{i + 1}"),
                    placeholder_text=widget_text(tr("menu.name1_default" if i == 0 else "menu.name2_default")))
                e.set_text_length_limit(16)
                e.set_text(self.names[i])
                self.entries.append(e)
                self.widgets.append(e)
            y += bh + gap * 2
        self.rows["preset"] = y
        presets = ("van", "classic") + (("custom",) if self.preset == "custom" else ())
        for i, key in enumerate(presets):
            b = self.button(lay.rect(x0 + i * (bw + gap), y, bw, bh), "", "#preset_" + key,
                            partial(self.choose, "preset", key), class_id="@choice",
                            text=widget_text(tr("menu.preset." + key) if key != "custom" else tr("preset.custom")))
            self.choice_buttons[("preset", key)] = b
        y += bh + round(40 * s)
        self.rows["target"] = y
        targets = sorted(set(TARGET_CHOICES["classic"]) | {self.target})
        for i, t in enumerate(targets):
            b = self.button(lay.rect(x0 + i * (round(bw * 0.7) + gap), y, round(bw * 0.7), bh), "", f"#target_{t}",
                            partial(self.choose, "target", t), class_id="@choice",
                            text=widget_text(tr("menu.target_value", points=t)))
            self.choice_buttons[("target", t)] = b
        y += bh + round(34 * s)
        sw = round(240 * s)
        big = round(bh * 1.25)
        if self.can_continue:
            self.button(lay.rect(lay.w / 2 - sw - gap, y, sw, big), "menu.continue", "#continue_match",
                        self.continue_match, class_id="@primary")
            self.button(lay.rect(lay.w / 2 + gap, y, sw, big), "menu.start_new", "#start", self.start,
                        class_id="@primary")
        else:
            self.button(lay.rect(lay.w / 2 - sw / 2, y, sw, big), "menu.start", "#start", self.start,
                        class_id="@primary")
        y += big + gap * 2
        tools = (("menu.read_rules", "#rules", self.open_rules), ("menu.settings", "#settings", self.open_settings),
                 ("menu.statistics", "#statistics", self.open_stats), ("menu.quit", "#quit", self.quit))
        tw = round(bw * 1.15)
        x = lay.w / 2 - (len(tools) * tw + (len(tools) - 1) * gap) / 2
        for i, (key, oid, fn) in enumerate(tools):
            self.button(lay.rect(x + i * (tw + gap), y, tw, bh), key, oid, fn, class_id="@tool")
        self.tools_bottom = y + bh
        self.notice_rect = None
        if self.notices:
            nw = min(lay.w - 2 * lay.margin, round(760 * s))
            nh = round(bh * 1.9)
            ny = min(lay.h - nh - round(30 * s), self.tools_bottom + gap * 2)
            self.notice_rect = pygame.Rect(round(lay.w / 2 - nw / 2), ny, nw, nh)
            ow = round(bw * 0.6)
            self.button(lay.rect(lay.w / 2 + nw / 2 - ow - gap, ny + nh / 2 - bh / 2, ow, bh), "button.ok",
                        "#notice_ok", self.dismiss_notice, class_id="@tool")
        self.refresh()

    def dismiss_notice(self) -> None:
        self.notices = self.notices[1:]
        self.rebuild_ui()

    def refresh(self) -> None:
        for (group, key), b in self.choice_buttons.items():
            current = {"opponent": self.opponent, "preset": self.preset, "target": self.target}[group]
            if key == current:
                b.select()
            else:
                b.unselect()
            if group == "target":
                if key in TARGET_CHOICES.get(self.preset, (key,)):
                    b.enable()
                else:
                    b.disable()

    def _keep_names(self) -> None:
        for i, e in enumerate(self.entries):
            self.names[i] = e.get_text().strip()

    def choose(self, group: str, key) -> None:
        self._keep_names()
        if group == "opponent":
            changed = (key == "hotseat") != (self.opponent == "hotseat")
            self.opponent = key
            if changed:
                self.rebuild_ui()
                return
        elif group == "preset" and key in TARGET_CHOICES and key != self.preset:
            target = self.target if self.target in TARGET_CHOICES[key] else TARGET_CHOICES[key][-1]
            self.app.apply_settings(self.app.settings.with_(rules=preset(key, target)))
            self.rebuild_ui()
            return
        elif group == "target" and key in TARGET_CHOICES.get(self.preset, (key,)) and key != self.target:
            self.app.apply_settings(self.app.settings.with_(rules=self.app.settings.rules.with_(target=key)))
        self.refresh()

    # ------------------------------------------------------------------ actions

    def setup(self) -> MatchSetup:
        self._keep_names()
        rules = self.app.settings.rules
        seed = self.app.nav.next_seed()
        if self.opponent == "hotseat":
            return MatchSetup("hotseat", rules, seed, names=(self.names[0][:16], self.names[1][:16]))
        level = next(lv for lv in LEVELS if lv == self.opponent)
        return MatchSetup("bot", rules, seed, level=level)

    def start(self) -> None:
        setup = self.setup()
        s = self.app.settings
        new = s.with_(level=self.opponent if self.opponent != "hotseat" else s.level,
                      names=(self.names[0], self.names[1]))
        if new != s:
            self.app.apply_settings(new)
        self.app.nav.start_match(setup)

    def continue_match(self) -> None:
        if not self.app.nav.continue_match():
            self.can_continue = self.app.nav.has_saved_match()
            self.notices += [notice_text(n) for n in self.app.nav.take_notices()]
            self.rebuild_ui()

    def uncover(self) -> None:
        """Back from an overlay (statistics, settings): what they had to report shows here."""
        self.notices += [notice_text(n) for n in self.app.nav.take_notices()]
        super().uncover()

    def open_rules(self) -> None:
        from .overlays import RulesScene

        self._keep_names()
        self.app.push(RulesScene(self.app, self.app.settings.rules))

    def open_settings(self) -> None:
        self._keep_names()
        self.app.nav.show_settings()

    def open_stats(self) -> None:
        self._keep_names()
        try:
            from .stats import StatsScene
        except ImportError:
            self.app.toast(tr("menu.statistics_missing"))
            return
        self.app.push(StatsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            focused = any(e.is_focused for e in self.entries)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.continue_match() if self.can_continue else self.start()
            elif focused:
                return
            elif event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = OPPONENTS.index(self.opponent) + (1 if event.key == pygame.K_RIGHT else -1)
                self.choose("opponent", OPPONENTS[i % len(OPPONENTS)])
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.choose("preset", "classic" if self.preset == "van" else "van")
            elif event.key == pygame.K_t and self.preset in TARGET_CHOICES:
                choices = TARGET_CHOICES[self.preset]
                i = choices.index(self.target) + 1 if self.target in choices else 0
                self.choose("target", choices[i % len(choices)])
            elif event.key == pygame.K_s:
                self.open_settings()

    # ------------------------------------------------------------------ draw

    def fan(self) -> pygame.Surface:
        """A small fan of cards beside the title (built once per size)."""
        lay = self.app.layout
        cw, ch = round(lay.cw * 0.7), round(lay.ch * 0.7)
        key = (lay.cw, self.app.card_style, cardart.ready((cw, ch), self.app.card_style))
        if getattr(self, "_fan_key", None) != key:
            step = round(26 * lay.s)
            img = pygame.Surface((round(cw * 2.4) + step * 3, round(ch * 1.8)), pygame.SRCALPHA)
            for i, c in enumerate(("AS", "KH", "QD", "JC")):
                face = cardart.face(Card.parse(c), cw, ch, self.app.card_style)
                rot = pygame.transform.rotozoom(face, 18 - i * 12, 1.0)
                img.blit(rot, rot.get_rect(center=(round(cw * 1.2) + i * step, round(ch * 0.9))))
            self._fan, self._fan_key = img.convert_alpha(), key
        return self._fan

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        s = lay.s
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        title = text.draw(surface, tr("app.title"), lay.font(58), INK, (lay.w / 2, round(80 * s)), bold=True,
                          shadow=(0, 0, 0))
        fan = self.fan()
        edge = title.left - lay.px(8) if not lay.mirror else title.right + lay.px(8)
        surface.blit(fan, fan.get_rect(**{lay.anchor("midright"): (edge, round(92 * s))}))
        text.draw(surface, tr("menu.subtitle"), lay.font(19), INK_DIM, (lay.w / 2, round(130 * s)))
        left = lay.w // 2 - round(340 * s)
        bh = lay.button_h
        labels = {"opponent": "menu.opponent", "names": "menu.names", "preset": "menu.rules", "target": "menu.target"}
        for row, y in self.rows.items():
            text.draw(surface, tr(labels[row]), lay.font(19), GOLD, (lay.mx(left), y + bh / 2),
                      lay.anchor("midleft"), bold=True, max_width=round(140 * s))
        y = self.rows.get("preset", 0) + bh + round(8 * s)
        about = tr(f"menu.preset.{self.preset}.about") if self.preset != "custom" else tr("menu.preset.custom.about")
        text.draw_wrapped(surface, about, lay.font(14), INK_DIM,
                          lay.rect(left + round(140 * s), y, round(600 * s), round(40 * s)), line_gap=1.15)
        if self.notice_rect is not None and self.notices:
            r = self.notice_rect
            panel(surface, r, radius=lay.px(12))
            inner = pygame.Rect(r.left + lay.px(16), r.top + lay.px(10), r.width - round(128 * s * 0.6) - lay.px(40),
                                r.height - lay.px(16))
            if lay.mirror:
                inner.right = r.right - lay.px(16)
            text.draw_wrapped(surface, self.notices[0], lay.font(15), INK, inner, line_gap=1.25,
                              align="right" if lay.mirror else "left")
        text.draw(surface, tr("menu.keys"), lay.font(14), INK_DIM, (lay.w / 2, lay.h - round(22 * s)),
                  max_width=lay.w - lay.margin * 2)
