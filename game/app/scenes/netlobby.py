"""Play over the network: host a match (the rules and target, a join code shown big, the address, the wait)
or join a friend's (the code typed, the address found on the local network or typed, an optional relay).

The scene only shows and asks; the lobby (``game/app/matches/netlobby.py``) opens the link on the worker
and keeps it once the friend is in (``lobby.take()`` hands it on, with ``player_name()`` and ``rules()``).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import bidi, text, typed
from game.app.lang.i18n import tr, widget_text
from game.app.looks.panels import GOLD, INK, INK_DIM, felt, panel
from game.app.matches.netlobby import LinkKit, Lobby, reason_key
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import PRESET_NAMES, TARGET_CHOICES, Phase, Rules, preset

from .menu_widgets import MenuWidgets

MODES = ("host", "join")
RELAY_LIMIT = 120  # characters of a typed address


class NetLobbyScene(Scene):
    name = "net_lobby"

    def __init__(self, app: Host, mode: str = "host", kit: LinkKit | None = None) -> None:
        super().__init__(app)
        self.mode = mode if mode in MODES else "host"
        self.lobby = Lobby(kit or LinkKit(), app.think)
        self.preset = app.settings.preset if app.settings.preset in PRESET_NAMES else PRESET_NAMES[0]
        self.target = app.settings.rules.target
        self.typed = {"name": app.settings.names[0], "code": "", "address": "", "relay": ""}
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.choice_buttons: dict[tuple[str, str | int], pygame_gui.elements.UIButton] = {}
        self.row_tops: dict[str, int] = {}
        self.left = self.label_w = self.width = self.status_top = 0

    # ------------------------------------------------------------------ widgets

    def build_ui(self) -> None:
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        self.width = width = min(lay.w - 2 * lay.margin, lay.px(900))
        self.left, self.label_w = round(lay.w / 2 - width / 2), round(width * 0.24)
        self.entries, self.choice_buttons, self.row_tops = {}, {}, {}
        y = lay.margin + lay.px(44)
        y = self._choices(y, "mode", [(m, tr("net." + m)) for m in MODES], self.choose_mode)
        y = self._entry(y, "name", typed.NAME_LIMIT, tr("menu.name1_default"))
        if self.mode == "host":
            y = self._choices(y, "preset", [(p, tr("preset." + p)) for p in PRESET_NAMES], self.choose_preset)
            y = self._choices(y, "target", [(t, tr("menu.target_value", points=t)) for t in self.targets()],
                              self.choose_target)
        else:
            y = self._entry(y, "code", 16, tr("net.code_hint"))
            y = self._entry(y, "address", RELAY_LIMIT, tr("net.address_hint"))
        y = self._entry(y, "relay", RELAY_LIMIT, tr("net.relay_hint"))
        sw = round(lay.col_w * 1.3)
        y += gap
        self.button(lay.rect(lay.w / 2 - sw - gap, y, sw, round(bh * 1.15)), "net.open_" + self.mode, "#net_open",
                    self.open, class_id="@primary")
        self.button(lay.rect(lay.w / 2 + gap, y, sw, round(bh * 1.15)), "button.back", "#net_back", self.back,
                    class_id="@tool")
        self.status_top = y + round(bh * 1.15) + gap * 2
        self.refresh()

    def _choices(self, y: int, row: str, options: list[tuple[str | int, str]], choose: Callable[..., None]) -> int:
        """One row of choices right of its label, each as wide as its words ask; the next row's top."""
        lay = self.app.layout
        bh, gap = lay.button_h, lay.px(8)
        self.row_tops[row] = y
        room = self.width - self.label_w - gap * (len(options) - 1)
        need = [label_width(lay, words, ("@choice", "button")) for _, words in options]
        x = self.left + self.label_w
        for (value, words), n in zip(options, need, strict=True):
            w = room * n // sum(need)
            b = self.button(lay.rect(x, y, w, bh), "", f"#net_{row}_{value}", partial(choose, value),
                            class_id="@choice", text=widget_text(words))
            self.choice_buttons[(row, value)] = b
            x += w + gap
        return y + bh + gap

    def _entry(self, y: int, row: str, limit: int, hint: str) -> int:
        """A typed field right of its label."""
        lay = self.app.layout
        self.row_tops[row] = y
        rect = lay.rect(self.left + self.label_w, y, self.width - self.label_w, lay.button_h)
        e = pygame_gui.elements.UITextEntryLine(
            rect, self.app.ui, object_id=ObjectID(class_id=self._field_class(self.typed[row]), object_id=f"#net_{row}"),
            placeholder_text=widget_text(hint))
        typed.guard(e, limit)
        e.set_text(typed.clean(self.typed[row], limit))
        self.entries[row] = e
        self.widgets.append(e)
        return y + lay.button_h + lay.px(8)

    @staticmethod
    def _field_class(typed_text: str) -> str:
        """Latin letters typed on a Persian screen (a code, an address) read left to right; the hint does not."""
        return "@name_ltr" if MenuWidgets._latin(typed_text) else "@name"

    def _follow_direction(self, entry: pygame_gui.elements.UITextEntryLine) -> None:
        """A field whose letters changed direction is made again the other way, the caret where it was."""
        row = next((r for r, e in self.entries.items() if e is entry), None)
        if row is None or self._field_class(entry.get_text()) in entry.object_ids:
            return
        self._keep_typed()
        self.rebuild_ui()
        fresh = self.entries[row]
        fresh.focus()
        fresh.edit_position = len(fresh.get_text())

    def targets(self) -> tuple[int, ...]:
        return TARGET_CHOICES[self.preset]

    def rules(self) -> Rules:
        """The match's rules as for a match against the computer: the preset at the chosen target."""
        return preset(self.preset, self.target if self.target in self.targets() else self.targets()[-1])

    def refresh(self) -> None:
        """What is chosen shows so; while a match is being opened what it was opened with stands still."""
        picked = {"mode": self.mode, "preset": self.preset, "target": self.rules().target}
        busy = self.lobby.state not in ("idle", "failed")
        for (row, value), b in self.choice_buttons.items():
            b.select() if picked[row] == value else b.unselect()
            b.disable() if busy and row != "mode" else b.enable()
        for e in self.entries.values():
            e.disable() if busy else e.enable()

    # ------------------------------------------------------------------ actions

    def _keep_typed(self) -> None:
        for row, e in self.entries.items():
            self.typed[row] = e.get_text().strip()

    def choose_mode(self, mode: str) -> None:
        if mode != self.mode:
            self._keep_typed()
            self.lobby.close()
            self.mode = mode
            self.rebuild_ui()

    def choose_preset(self, name: str) -> None:
        if name != self.preset:
            self.preset = name
            self.rebuild_ui()

    def choose_target(self, target: int) -> None:
        self.target = target
        self.refresh()

    def open(self) -> None:
        """Host under a fresh code, or join by the typed one."""
        self._keep_typed()
        if self.mode == "host":
            self.lobby.open_host(self.player_name(), self.rules(), self.typed["relay"])
        else:
            self.lobby.open_join(self.player_name(), self.typed["code"], self.typed["address"], self.typed["relay"])
        self.refresh()

    def player_name(self) -> str:
        return typed.normal_name(self.typed["name"]) or tr("menu.name1_default")

    def back(self) -> None:
        self.app.nav.to_menu()

    def exit(self) -> None:
        """Whatever way the screen is left, what it opened and did not hand on is closed."""
        self.lobby.close()
        super().exit()

    def update(self, dt: float) -> None:
        before = self.lobby.state
        state = self.lobby.poll()
        if state != before:
            self.refresh()
        session = self.lobby.session
        if state == "agreed" and session is not None and session.state is not None \
                and session.state.phase in (Phase.UPCARD_OFFER, Phase.DRAW):  # dealt: on to the table
            self.app.nav.play_network(self.lobby.take())

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._follow_direction(event.ui_element)
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in self.entries.values()):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()

    # ------------------------------------------------------------------ drawing

    def status_lines(self) -> list[tuple[str, int, tuple[int, int, int], bool, bool]]:
        """What the foot of the panel says: the code big and clear, the address, the wait or the trouble; each
        line with its size, colour, boldness and whether its digits stay as typed (the code, the address)."""
        lobby, lay = self.lobby, self.app.layout
        lines: list[tuple[str, int, tuple[int, int, int], bool, bool]] = []
        if lobby.state in ("idle", "failed"):
            return []  # a paragraph is drawn instead
        if self.mode == "host" and lobby.code is not None:
            lines.append((tr("net.code_is"), lay.font(16), INK, False, False))
            lines.append((str(lobby.code), lay.font(54), GOLD, True, True))
            if lobby.address:
                # the address as the friend must type it: Latin digits, left to right, on every screen
                lines.append((tr("net.address_is", address=bidi.ltr_isolate(lobby.address)), lay.font(16), INK, False,
                              True))
            elif self.typed["relay"]:
                lines.append((tr("net.through_relay", relay=bidi.ltr_isolate(self.typed["relay"])), lay.font(16), INK,
                              False, True))
        if lobby.state == "agreed" and lobby.session is not None and lobby.session.rules is not None:
            rules = lobby.session.rules
            lines.append((tr("net.agreed", friend=lobby.friend, rules=tr("preset." + rules.preset_name),
                             target=rules.target), lay.font(18), INK, False, False))
        else:
            lines.append((tr("net.state." + lobby.state), lay.font(18), INK, False, False))
        return lines

    def _paragraph(self, surface: pygame.Surface, top: int) -> None:
        """What the mode is about, or why it failed (in gold), on as many lines as it needs."""
        lay, failed = self.app.layout, self.lobby.state == "failed"
        words = tr(reason_key(self.lobby.reason)) if failed else tr(f"net.{self.mode}_about")
        size = lay.font(17 if failed else 15)
        box = pygame.Rect(self.left, top, self.width, size * 5)
        text.draw_wrapped(surface, words, size, GOLD if failed else INK_DIM, box, align="center")

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = pygame.Rect(self.left - lay.px(16), lay.margin // 2, self.width + lay.px(32), lay.h - lay.margin)
        panel(surface, r, radius=lay.px(16))
        text.draw(surface, tr("net.title"), lay.font(26), GOLD, (lay.w / 2, lay.margin + lay.px(14)), bold=True,
                  max_width=self.width)
        bh, gap = lay.button_h, lay.px(8)
        label_x = lay.w - self.left if lay.mirror else self.left
        for row, top in self.row_tops.items():
            text.draw(surface, tr("net.row." + row), lay.font(16), INK, (label_x, top + bh / 2),
                      lay.anchor("midleft"), max_width=self.label_w - gap)
        y = self.status_top
        if self.lobby.state in ("idle", "failed"):
            self._paragraph(surface, y)
        for words, size, colour, bold, literal in self.status_lines():
            drawn = text.draw(surface, words, size, colour, (lay.w / 2, y + size * 0.7), bold=bold,
                              max_width=self.width, literal=literal)
            y = drawn.bottom + gap
