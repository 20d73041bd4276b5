"""The menu: choose the opponent (a bot level or a friend), the rules preset and target, then start.

Every row keeps its place whatever is chosen (the friend's names take the row where a bot's level is
described), so a button never moves under the pointer.  A saved match is offered under Continue with
what it is (who, the score, the rules); starting a new match over it, or leaving a custom rule set for a
preset, asks first.
"""
from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.config.vocab import LEVELS, OPPONENTS, Opponent
from game.app.lang import text, typed
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.match import MatchSetup
from game.app.stage.scene import Host, Scene
from game.engine import CUSTOM, TARGET_CHOICES, Card, preset

from .confirm import ConfirmScene
from .menu_widgets import Chosen, MenuActions, MenuWidgets
from .savedmatch import ask_before_replacing, saved_summary

if TYPE_CHECKING:
    from game.app.matches.meta import MatchMeta
    from game.app.storage.notices import Notice
    from game.app.storage.silent import SilentStore
    from game.app.storage.store import Store
    from game.engine import MatchState

log = logging.getLogger(__name__)


def paragraph_fit(words: str, width: int, size: int, lines: int) -> tuple[int, int]:
    """The size and width a menu paragraph is drawn at: smaller rather than spill over ``lines`` lines, then
    the narrowest width that keeps its number of lines, so the last line is never one word left alone."""
    while size > 10 and len(text.wrap(words, size, width)) > lines:
        size -= 1
    count = len(text.wrap(words, size, width))
    low, high = width // 2, width
    while count > 1 and low < high:
        middle = (low + high) // 2
        if len(text.wrap(words, size, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    return size, high if count > 1 else width



def notice_text(notice: Notice | str) -> str:
    """What the menu says for a notice: its key with the file's name, the whole path and the reason, in the
    language of the moment (a notice is worded when it is drawn, not when it arrives); text is shown as it is."""
    if isinstance(notice, str):
        return notice
    aside, why = notice.aside, notice.why
    return tr(notice.key, file=aside.name if aside else "-", path=str(aside) if aside else "-",
              why=tr(why) if why else "")


def read_saved(store: Store | SilentStore) -> tuple[MatchState, MatchMeta] | None:
    """The saved match and its meta, or None (a save that cannot be read is set aside by the store)."""
    try:
        return store.load_match() if store.has_match() else None
    except Exception:
        log.exception("the saved match could not be read")
        return None


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        s = app.settings
        self.saved_table = app.nav.tables.saved_line()  # a kept table of three or four comes first
        self.saved = None if self.saved_table is not None else read_saved(app.services.store)
        self.can_continue = self.saved is not None or self.saved_table is not None or app.nav.has_saved_match()
        self.opponent: Opponent = s.level
        self.names = list(s.names)
        if self.saved is not None:  # the row shows whom the saved match is against
            meta = self.saved[1]
            self.opponent = "hotseat" if meta.mode == "hotseat" else (meta.bot_level or self.opponent)
            if meta.mode == "hotseat":
                self.names = list(meta.names)
        elif app.nav.menu_choice is not None:
            self.opponent = app.nav.menu_choice
        self.notices: list[Notice | str] = list(app.nav.take_notices())
        self.controls = MenuWidgets(app, self, MenuActions(
            self.choose, self.start, self.continue_match, self.open_rules, self.open_settings, self.open_stats,
            self.quit, self.dismiss_notice))
        self._fan: tuple[object, pygame.Surface] | None = None  # the fan of cards and the size it was made for

    def build_ui(self) -> None:
        self.controls.build(Chosen(self.opponent, (self.names[0], self.names[1]), self.preset, self.target,
                                   self.can_continue, bool(self.notices)))
        self.refresh()

    @property
    def preset(self) -> str:
        """van, classic or custom: the rules in the settings, which the next match uses."""
        return self.app.settings.preset

    @property
    def target(self) -> int:
        return self.app.settings.rules.target

    def dismiss_notice(self) -> None:
        self.notices = self.notices[1:]
        self.rebuild_ui()

    def refresh(self) -> None:
        for (group, key), b in self.controls.choice_buttons.items():
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
        for i, e in enumerate(self.controls.entries):
            self.names[i] = typed.normal_name(e.get_text())

    def choose(self, group: str, key: str | int) -> None:
        self._keep_names()
        opponent = next((o for o in OPPONENTS if o == key), None)
        if group == "opponent" and opponent is not None:
            changed = (opponent == "hotseat") != (self.opponent == "hotseat")
            self.opponent = opponent
            if changed:
                self.rebuild_ui()
                return
        elif group == "preset" and isinstance(key, str) and key in TARGET_CHOICES and key != self.preset:
            if self.preset == CUSTOM:  # the player's own rules go only when the player says so
                self.app.push(ConfirmScene(self.app, tr("menu.replace_custom", preset=tr("preset." + key)),
                                           "menu.replace_custom_yes", partial(self.use_preset, key),
                                           no_key="menu.keep_custom"))
                return
            self.use_preset(key)
            return
        elif group == "target" and isinstance(key, int) and key in TARGET_CHOICES.get(self.preset, (key,)) \
                and key != self.target:
            self.app.apply_settings(self.app.settings.with_(rules=self.app.settings.rules.with_(target=key)))
        self.refresh()

    def use_preset(self, key: str) -> None:
        target = self.target if self.target in TARGET_CHOICES[key] else TARGET_CHOICES[key][-1]
        self.app.apply_settings(self.app.settings.with_(rules=preset(key, target)))
        self.rebuild_ui()

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
        """A new match; over a kept one only after the player agrees to leave that one (counted as lost)."""
        self._keep_names()
        ask_before_replacing(self.app, self.start_now)

    def start_now(self) -> None:
        setup = self.setup()
        s = self.app.settings
        new = s.with_(level=self.opponent if self.opponent != "hotseat" else s.level,
                      names=(self.names[0], self.names[1]))
        if new != s:
            self.app.apply_settings(new)
        nav = self.app.nav
        nav.menu_choice = self.opponent
        nav.start_match(setup, practice=setup.vs_bot and s.practice)

    def continue_match(self) -> None:
        """The kept table of three or four comes back first, else the saved match of two."""
        if not self.app.nav.tables.continue_kept():
            self.can_continue = self.app.nav.has_saved_match()
            self.saved_table = self.app.nav.tables.saved_line()
            self.saved = read_saved(self.app.services.store) if self.can_continue else None
            self.notices += self.app.nav.take_notices()
            self.rebuild_ui()

    def uncover(self) -> None:
        """Back from an overlay (statistics, settings): what they had to report shows here."""
        self.notices += self.app.nav.take_notices()
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
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.controls.entries:
            self.controls.follow_direction(event.ui_element)
        if event.type == pygame.KEYDOWN and self.app.top is self:
            focused = any(e.is_focused for e in self.controls.entries)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.continue_match() if self.can_continue else self.start()
            elif focused:
                return
            elif event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                forward = (event.key == pygame.K_RIGHT) != self.app.layout.mirror
                i = OPPONENTS.index(self.opponent) + (1 if forward else -1)
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
        if self._fan is None or self._fan[0] != key:
            step = round(26 * lay.s)
            img = pygame.Surface((round(cw * 2.4) + step * 3, round(ch * 1.8)), pygame.SRCALPHA)
            for i, c in enumerate(("AS", "KH", "QD", "JC")):
                face = cardart.face(Card.parse(c), cw, ch, self.app.card_style)
                rot = pygame.transform.rotozoom(face, 18 - i * 12, 1.0)
                img.blit(rot, rot.get_rect(center=(round(cw * 1.2) + i * step, round(ch * 0.9))))
            self._fan = (key, img.convert_alpha())
        return self._fan[1]

    def _paragraph(self, surface: pygame.Surface, words: str, rect: pygame.Rect, size: int, lines: int) -> None:
        """``words`` in ``rect``, at most ``lines`` lines, its lines evened out from the side it starts on."""
        size, width = paragraph_fit(words, rect.width, size, lines)
        box = pygame.Rect(rect.right - width if self.app.layout.mirror else rect.left, rect.top, width, rect.height)
        text.draw_wrapped(surface, words, size, INK_DIM, box, line_gap=1.15)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        s = lay.s
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        title = text.draw(surface, tr("app.title"), lay.font(58), INK, (lay.w / 2, round(72 * s)), bold=True,
                          shadow=(0, 0, 0))
        fan = self.fan()
        edge = title.left - lay.px(8) if not lay.mirror else title.right + lay.px(8)
        surface.blit(fan, fan.get_rect(**{lay.anchor("midright"): (edge, round(84 * s))}))
        text.draw(surface, tr("menu.subtitle"), lay.font(19), INK_DIM, (lay.w / 2, round(122 * s)),
                  max_width=lay.w - 2 * lay.margin)
        bh, w = lay.button_h, self.controls
        labels = {"opponent": "menu.opponent", "names": "menu.names", "preset": "menu.rules", "target": "menu.target"}
        for row, y in w.rows.items():
            if row in labels:
                text.draw(surface, tr(labels[row]), lay.font(19), GOLD, (lay.mx(w.left), y + bh / 2),
                          lay.anchor("midleft"), bold=True, max_width=round(132 * s))
        if "level" in w.rows:  # what the chosen computer plays like
            self._paragraph(surface, tr("menu.level." + self.opponent + ".about"), w.level_rect, lay.font(15), 2)
        about = tr(f"menu.preset.{self.preset}.about")
        self._paragraph(surface, about, w.about_rect, lay.font(14), 2)
        if self.preset in TARGET_CHOICES and len(TARGET_CHOICES[self.preset]) < 2:  # why a target is greyed out
            note = tr("menu.target_locked", preset=tr("preset." + self.preset), target=TARGET_CHOICES[self.preset][-1])
            ty = w.rows["target"] + bh / 2
            room = round(w.x0 + w.width - w.target_note_x)
            text.draw(surface, note, lay.font(14), INK_DIM, (lay.mx(w.target_note_x), ty), lay.anchor("midleft"),
                      max_width=max(room, lay.px(60)))
        line = self.saved_table if self.saved is None else saved_summary(*self.saved)
        if line is not None and w.saved_rect is not None:
            text.draw(surface, line, lay.font(15), INK, w.saved_rect.center, max_width=w.saved_rect.width)
        if w.notice_rect is not None and self.notices:
            r = w.notice_rect
            panel(surface, r, radius=lay.px(12))
            ok_w = w.notice_ok_w
            inner = pygame.Rect(r.left + lay.px(16), r.top + lay.px(10), r.width - ok_w - lay.px(40),
                                r.height - lay.px(16))
            if lay.mirror:
                inner.right = r.right - lay.px(16)
            text.draw_wrapped(surface, notice_text(self.notices[0]), lay.font(15), INK, inner, line_gap=1.25)
        text.draw(surface, tr("menu.keys"), lay.font(14), INK_DIM, (lay.w / 2, lay.h - round(22 * s)),
                  max_width=lay.w - lay.margin * 2)
