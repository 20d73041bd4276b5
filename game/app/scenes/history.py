"""The history screen: past matches newest first (opponent, rules, score, date); a match opens to its
hands; a hand opens to its replay or to the coach; matches and hands are exported to files and
history files are imported (a button, or a file dropped on the window).

The rows are drawn with the game's text module (Persian columns run right to left) and picked with
the mouse or the arrow keys; a hand whose record is damaged is listed as damaged and never opened.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app.lang.i18n import tr
from game.app.records.history import HandEntry, History, MatchEntry
from game.app.stage.scene import Host, Scene
from game.engine.record import RecordError

from .history_draw import HistoryDrawing
from .history_files import HistoryFiles

log = logging.getLogger(__name__)


class HistoryScene(HistoryFiles, HistoryDrawing, Scene):
    name = "history"

    def __init__(self, app: Host, history: History) -> None:
        super().__init__(app)
        self.history = history
        self.entries: list[MatchEntry] = []
        self.entry: MatchEntry | None = None  # the match opened (its hands listed), else None
        self.hands: list[HandEntry] = []
        self.selected = 0
        self.page = 0
        self.dialog: Any = None
        self.dialog_kind = "import"
        self.clicked_at = -1.0

    # ------------------------------------------------------------------ data

    def load(self) -> None:
        self.entries = self.history.matches()
        if self.entry is not None:
            self.entry = next((e for e in self.entries if e.match_id == self.entry.match_id), None)
            self.hands = self.history.hands(self.entry.match_id) if self.entry is not None else []
        self.selected = max(0, min(self.selected, len(self.rows()) - 1))
        self.page = self.selected // self.per_page()

    def rows(self) -> list[Any]:
        return list(self.hands) if self.entry is not None else list(self.entries)

    def per_page(self) -> int:
        body = self.body_rect()
        return max(1, int(body.height // self.row_h()) - 1)

    def pages(self) -> int:
        return max(1, -(-len(self.rows()) // self.per_page()))

    def shown(self) -> list[tuple[int, Any]]:
        n = self.per_page()
        rows = self.rows()
        start = self.page * n
        return list(enumerate(rows))[start:start + n]

    def current(self) -> Any:
        rows = self.rows()
        return rows[self.selected] if 0 <= self.selected < len(rows) else None

    # ------------------------------------------------------------------ geometry

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(1100))
        return pygame.Rect(round(lay.w / 2 - w / 2), lay.margin, w, lay.h - 2 * lay.margin)

    def body_rect(self) -> pygame.Rect:
        lay = self.app.layout
        r = self.panel_rect()
        pad = lay.px(24)
        top = r.top + lay.px(70)
        bottom = r.bottom - lay.button_h - lay.px(30)
        return pygame.Rect(r.left + pad, top, r.width - 2 * pad, bottom - top)

    def row_h(self) -> int:
        return round(self.app.layout.font(15) * 1.9)

    def row_rect(self, slot: int) -> pygame.Rect:
        body = self.body_rect()
        h = self.row_h()
        return pygame.Rect(body.left, body.top + h * (slot + 1), body.width, h)

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        self.load()
        super().enter()

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        bh = lay.button_h
        gap = lay.px(10)
        y = r.bottom - bh - lay.px(14)
        if self.entry is None:
            buttons = [("button.back", "#history_back", self.back, "@primary"),
                       ("history.open", "#history_open", self.open, "@tool"),
                       ("history.export", "#history_export", self.export_match, "@tool"),
                       ("history.export_deals", "#history_export_deals", self.ask_export_deals, "@tool"),
                       ("history.import", "#history_import", self.ask_import, "@tool")]
        else:
            buttons = [("button.back", "#history_back", self.back, "@primary"),
                       ("history.replay", "#history_replay", self.open, "@tool"),
                       ("history.coach", "#history_coach", self.coach, "@tool"),
                       ("history.export_hand", "#history_export_hand", self.export_hand, "@tool"),
                       ("history.export_match", "#history_export", self.export_match, "@tool")]
        width = r.width - 2 * lay.px(20)
        bw = min(round(lay.col_w * 1.2), round((width - gap * (len(buttons) - 1)) / len(buttons)))
        x = r.left + lay.px(20)
        self.tools: dict[str, Any] = {}
        for i, (key, oid, fn, cls) in enumerate(buttons):
            self.tools[oid] = self.button(lay.rect(x + i * (bw + gap), y, bw, bh), key, oid, fn, class_id=cls)
        if self.pages() > 1:
            sw = round(bh * 1.2)
            ty = r.top + lay.px(18)
            self.button(lay.rect(r.right - lay.px(20) - 2 * sw - lay.px(8), ty, sw, bh), "stats.previous",
                        "#history_prev", lambda: self.turn(-1), class_id="@tool")
            self.button(lay.rect(r.right - lay.px(20) - sw, ty, sw, bh), "stats.next", "#history_next",
                        lambda: self.turn(1), class_id="@tool")
        self.refresh()

    def refresh(self) -> None:
        cur = self.current()
        on: dict[str, bool] = {
            "#history_open": cur is not None,
            "#history_export": (self.entry is not None and any(h.ok for h in self.hands))
            or (self.entry is None and cur is not None),
            "#history_import": self.history.available,
            "#history_replay": isinstance(cur, HandEntry) and cur.ok,
            "#history_coach": isinstance(cur, HandEntry) and cur.ok and self.entry is not None and self.entry.vs_bot,
            "#history_export_hand": isinstance(cur, HandEntry) and cur.ok,
            "#history_export_deals": isinstance(cur, MatchEntry) and cur.hands_open,
        }
        for oid, b in getattr(self, "tools", {}).items():
            if oid not in on:
                continue
            if on[oid] and not b.is_enabled:
                b.enable()
            elif not on[oid] and b.is_enabled:
                b.disable()

    def clear_ui(self) -> None:
        super().clear_ui()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    # ------------------------------------------------------------------ actions

    def back(self) -> None:
        if self.entry is not None:
            match_id = self.entry.match_id
            self.entry = None
            self.hands = []
            self.selected = next((i for i, e in enumerate(self.entries) if e.match_id == match_id), 0)
            self.page = self.selected // self.per_page()
            self.rebuild_ui()
            return
        if len(self.app.stack) > 1:
            self.app.pop(self)
        else:
            self.app.nav.to_menu()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages()
        self.selected = self.page * self.per_page()
        self.refresh()

    def select(self, index: int) -> None:
        rows = self.rows()
        if not rows:
            return
        self.selected = max(0, min(len(rows) - 1, index))
        self.page = self.selected // self.per_page()
        self.refresh()

    def open(self) -> None:
        cur = self.current()
        if isinstance(cur, MatchEntry):
            if not cur.hands_open:
                self.app.toast(tr("history.hotseat_hidden"), 3.5)
                return
            self.entry = cur
            self.hands = self.history.hands(cur.match_id)
            self.selected = 0
            self.page = 0
            self.rebuild_ui()
            if not self.hands:
                self.app.toast(tr("history.no_hands"))
        elif isinstance(cur, HandEntry):
            self.replay(cur, coach=False)

    def coach(self) -> None:
        cur = self.current()
        if isinstance(cur, HandEntry):
            if self.entry is None or not self.entry.vs_bot:
                self.app.toast(tr("history.coach_bot_only"))
                return
            self.replay(cur, coach=True)

    def replay(self, hand: HandEntry, coach: bool) -> None:
        if self.entry is None:
            return
        if hand.record is None:
            self.app.toast(tr("history.damaged"), 3.5)
            return
        earlier = [h.record for h in self.hands if h.record is not None and h.hand_no < hand.hand_no]
        try:
            self.app.nav.show_replay(self.entry, hand.record, coach=coach, earlier=earlier)
        except RecordError:
            log.exception("a hand that was checked would not replay")
            self.app.toast(tr("history.damaged"), 3.5)

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_event(event):
            return
        super().handle_event(event)
        if event.type == pygame.DROPFILE:
            self.import_path(event.file)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.dialog is None:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and self.dialog is None:
            self.key(event.key)

    def click(self, pos: tuple[int, int]) -> None:
        for slot, (i, _) in enumerate(self.shown()):
            if self.row_rect(slot).collidepoint(pos):
                again = i == self.selected and self.app.time - self.clicked_at < 0.5
                self.select(i)
                self.clicked_at = self.app.time
                if again:
                    self.open()
                return

    def key(self, k: int) -> None:
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif k == pygame.K_UP:
            self.select(self.selected - 1)
        elif k == pygame.K_DOWN:
            self.select(self.selected + 1)
        elif k == pygame.K_PAGEUP:
            self.select(self.selected - self.per_page())
        elif k == pygame.K_PAGEDOWN:
            self.select(self.selected + self.per_page())
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif k == pygame.K_c and self.entry is not None:
            self.coach()
        elif k == pygame.K_v:  # the deal check: the match chosen, or in a match the hand chosen
            self.ask_export_deals()
        elif k == pygame.K_e:
            self.export_hand() if self.entry is not None else self.export_match()
        elif k == pygame.K_i and self.entry is None:
            self.ask_import()
