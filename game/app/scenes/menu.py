"""The menu: choose the opponent (a bot level or a friend), the rules preset and target, then start."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.engine import TARGET_CHOICES, Card, preset

from .. import cardart, text
from ..i18n import tr
from ..scene import Scene
from ..match import MatchSetup
from .common import INK, INK_DIM, GOLD, felt

OPPONENTS = ("easy", "medium", "hard", "hotseat")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.opponent = s.level if s.level in OPPONENTS else "medium"
        self.preset = s.preset if s.preset in TARGET_CHOICES else "van"
        self.target = s.target if s.target in TARGET_CHOICES[self.preset] else TARGET_CHOICES[self.preset][-1]
        self.names = list(s.names)
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.choice_buttons: dict[tuple[str, object], pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, int] = {}

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
            w = bw if key != "hotseat" else round(bw * 1.45)
            label = tr("menu.hotseat") if key == "hotseat" else tr("menu.level." + key)
            r = lay.rect(x0 + i * (bw + gap), y, w, bh)
            b = self.button(r, "", "#opponent_" + key, lambda k=key: self.choose("opponent", k),
                            class_id="@choice", text=label)
            self.choice_buttons[("opponent", key)] = b
        y += bh + gap * 2
        self.entries = []
        if self.opponent == "hotseat":
            self.rows["names"] = y
            for i in range(2):
                r = lay.rect(x0 + i * (round(bw * 1.45) + gap), y, round(bw * 1.45), bh)
                e = pygame_gui.elements.UITextEntryLine(
                    r, self.app.ui, object_id=ObjectID(class_id="@name", object_id=f"#name{i + 1}"),
                    placeholder_text=tr("menu.name1_default" if i == 0 else "menu.name2_default"))
                e.set_text_length_limit(16)
                e.set_text(self.names[i])
                self.entries.append(e)
                self.widgets.append(e)
            y += bh + gap * 2
        self.rows["preset"] = y
        for i, key in enumerate(("van", "classic")):
            b = self.button(lay.rect(x0 + i * (bw + gap), y, bw, bh), "menu.preset." + key, "#preset_" + key,
                            lambda k=key: self.choose("preset", k), class_id="@choice")
            self.choice_buttons[("preset", key)] = b
        y += bh + round(40 * s)
        self.rows["target"] = y
        for i, t in enumerate((50, 100)):
            b = self.button(lay.rect(x0 + i * (round(bw * 0.7) + gap), y, round(bw * 0.7), bh), "", f"#target_{t}",
                            lambda t=t: self.choose("target", t), class_id="@choice",
                            text=tr("menu.target_value", points=t))
            self.choice_buttons[("target", t)] = b
        y += bh + round(34 * s)
        sw = round(240 * s)
        self.button(lay.rect(lay.w / 2 - sw / 2, y, sw, round(bh * 1.25)), "menu.start", "#start", self.start,
                    class_id="@primary")
        y += round(bh * 1.25) + gap * 2
        self.button(lay.rect(lay.w / 2 - sw / 2 - gap / 2 - bw, y, bw, bh), "menu.read_rules", "#rules",
                    self.open_rules, class_id="@tool")
        self.button(lay.rect(lay.w / 2 + sw / 2 + gap / 2, y, bw, bh), "menu.quit", "#quit", self.quit,
                    class_id="@tool")
        self.refresh()

    def refresh(self) -> None:
        for (group, key), b in self.choice_buttons.items():
            current = {"opponent": self.opponent, "preset": self.preset, "target": self.target}[group]
            if key == current:
                b.select()
            else:
                b.unselect()
            if group == "target":
                if key in TARGET_CHOICES[self.preset]:
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
        elif group == "preset":
            self.preset = key
            if self.target not in TARGET_CHOICES[key]:
                self.target = TARGET_CHOICES[key][-1]
        elif group == "target" and key in TARGET_CHOICES[self.preset]:
            self.target = key
        self.refresh()

    # ------------------------------------------------------------------ actions

    def setup(self) -> MatchSetup:
        self._keep_names()
        rules = preset(self.preset, self.target)
        timer = self.app.settings.turn_timer
        if timer is not None:
            try:
                rules = rules.with_(turn_timer=timer)
            except ValueError:
                pass
        seed = self.app.next_seed()
        if self.opponent == "hotseat":
            return MatchSetup("hotseat", rules, seed, names=(self.names[0][:16], self.names[1][:16]))
        return MatchSetup("bot", rules, seed, level=self.opponent)

    def start(self) -> None:
        setup = self.setup()
        self.app.settings = self.app.settings.with_(
            level=self.opponent if self.opponent != "hotseat" else self.app.settings.level,
            preset=self.preset, target=self.target, names=(self.names[0], self.names[1]))
        self.app.start_match(setup)

    def open_rules(self) -> None:
        from .overlays import RulesScene

        self._keep_names()
        self.app.push(RulesScene(self.app, preset(self.preset, self.target)))

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            focused = any(e.is_focused for e in self.entries)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif focused:
                return
            elif event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = OPPONENTS.index(self.opponent) + (1 if event.key == pygame.K_RIGHT else -1)
                self.choose("opponent", OPPONENTS[i % len(OPPONENTS)])
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.choose("preset", "classic" if self.preset == "van" else "van")
            elif event.key == pygame.K_t:
                choices = TARGET_CHOICES[self.preset]
                self.choose("target", choices[(choices.index(self.target) + 1) % len(choices)])

    # ------------------------------------------------------------------ draw

    def fan(self) -> pygame.Surface:
        """A small fan of cards beside the title (built once per size)."""
        lay = self.app.layout
        key = (lay.cw, self.app.card_style)
        if getattr(self, "_fan_key", None) != key:
            cw, ch = round(lay.cw * 0.7), round(lay.ch * 0.7)
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
        text.draw(surface, tr(f"menu.preset.{self.preset}.about"), lay.font(15), INK_DIM,
                  (lay.mx(left + round(140 * s)), y), lay.anchor("topleft"), max_width=round(560 * s))
        text.draw(surface, tr("menu.keys"), lay.font(14), INK_DIM, (lay.w / 2, lay.h - round(22 * s)),
                  max_width=lay.w - lay.margin * 2)
