"""The history screen: past matches newest first (opponent, rules, score, date); a match opens to its
hands; a hand opens to its replay or to the coach; matches and hands are exported to files and
history files are imported (a button, or a file dropped on the window).

The rows are drawn with the game's text module (Persian columns run right to left) and picked with
the mouse or the arrow keys; a hand whose record is damaged is listed as damaged and never opened.
"""
from __future__ import annotations

import logging

import pygame
import pygame_gui

from game.app.lang.i18n import tr
from game.app.records.history import HandEntry, History, MatchEntry
from game.app.stage.scene import Host, Scene
from game.engine.record import RecordError

from .history_draw import HistoryDrawing, HistoryFrame
from .history_files import HistoryFiles
from .history_rows import HistoryRows

log = logging.getLogger(__name__)


class HistoryScene(Scene):
    """The list, a match's hands and the way to a replay; ``rows`` is what it lists, ``drawing`` and
    ``files`` are its parts that draw them and write and read history files."""

    name = "history"

    def __init__(self, app: Host, history: History) -> None:
        super().__init__(app)
        self.history = history
        self.frame = HistoryFrame(app)
        self.rows = HistoryRows(history, self.frame.per_page)
        self.drawing = HistoryDrawing(app, self.frame, self.rows)
        self.files = HistoryFiles(app, self.rows, self.rebuild_ui)
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        self.clicked_at = -1.0

    # ------------------------------------------------------------------ what the tour and the tests read

    @property
    def entries(self) -> list[MatchEntry]:
        return self.rows.entries

    @property
    def entry(self) -> MatchEntry | None:
        return self.rows.entry

    @property
    def hands(self) -> list[HandEntry]:
        return self.rows.hands

    @property
    def selected(self) -> int:
        return self.rows.selected

    @property
    def dialog(self) -> pygame_gui.windows.UIFileDialog | None:
        return self.files.dialog

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        self.rows.load()
        super().enter()

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.frame.panel_rect()
        bh = lay.button_h
        gap = lay.px(10)
        y = r.bottom - bh - lay.px(14)
        files = self.files
        if self.rows.entry is None:
            buttons = [("button.back", "#history_back", self.back, "@primary"),
                       ("history.open", "#history_open", self.open, "@tool"),
                       ("history.export", "#history_export", files.export_match, "@tool"),
                       ("history.export_deals", "#history_export_deals", files.ask_export_deals, "@tool"),
                       ("history.import", "#history_import", files.ask_import, "@tool")]
        else:
            buttons = [("button.back", "#history_back", self.back, "@primary"),
                       ("history.replay", "#history_replay", self.open, "@tool"),
                       ("history.coach", "#history_coach", self.coach, "@tool"),
                       ("history.export_hand", "#history_export_hand", files.export_hand, "@tool"),
                       ("history.export_match", "#history_export", files.export_match, "@tool")]
        width = r.width - 2 * lay.px(20)
        bw = min(round(lay.col_w * 1.2), round((width - gap * (len(buttons) - 1)) / len(buttons)))
        x = r.left + lay.px(20)
        self.tools = {}
        for i, (key, oid, fn, cls) in enumerate(buttons):
            self.tools[oid] = self.button(lay.rect(x + i * (bw + gap), y, bw, bh), key, oid, fn, class_id=cls)
        if self.rows.pages() > 1:
            sw = round(bh * 1.2)
            ty = r.top + lay.px(18)
            self.button(lay.rect(r.right - lay.px(20) - 2 * sw - lay.px(8), ty, sw, bh), "stats.previous",
                        "#history_prev", lambda: self.turn(-1), class_id="@tool")
            self.button(lay.rect(r.right - lay.px(20) - sw, ty, sw, bh), "stats.next", "#history_next",
                        lambda: self.turn(1), class_id="@tool")
        self.refresh()

    def refresh(self) -> None:
        rows = self.rows
        cur = rows.current()
        on: dict[str, bool] = {
            "#history_open": cur is not None,
            "#history_export": ((rows.entry is not None and any(h.ok for h in rows.hands))
                                or (rows.entry is None and cur is not None)) and self._whole(rows.match_chosen()),
            "#history_import": self.history.available,
            "#history_replay": isinstance(cur, HandEntry) and cur.ok,
            "#history_coach": isinstance(cur, HandEntry) and cur.ok and self._vs_bot(cur),
            "#history_export_hand": isinstance(cur, HandEntry) and cur.ok,
            "#history_export_deals": isinstance(cur, MatchEntry) and cur.hands_open,
        }
        for oid, b in self.tools.items():
            if oid not in on:
                continue
            if on[oid] and not b.is_enabled:
                b.enable()
            elif not on[oid] and b.is_enabled:
                b.disable()

    @staticmethod
    def _whole(entry: MatchEntry | None) -> bool:
        """Whether the match may be exported whole: a table's duels go one by one (each a match of two)."""
        return entry is None or entry.table is None

    def _vs_bot(self, hand: HandEntry) -> bool:
        entry = self.rows.entry_for(hand)
        return entry is not None and entry.vs_bot

    def clear_ui(self) -> None:
        super().clear_ui()
        self.files.close_dialog()

    # ------------------------------------------------------------------ actions

    def back(self) -> None:
        if self.rows.entry is not None:
            self.rows.close_match()
            self.rebuild_ui()
            return
        if len(self.app.stack) > 1:
            self.app.pop(self)
        else:
            self.app.nav.to_menu()

    def turn(self, step: int) -> None:
        self.rows.turn(step)
        self.refresh()

    def select(self, index: int) -> None:
        if self.rows.select(index):
            self.refresh()

    def open(self) -> None:
        cur = self.rows.current()
        if isinstance(cur, MatchEntry):
            if not cur.hands_open:
                self.app.toast(tr("history.hotseat_hidden"), 3.5)
                return
            self.rows.open_match(cur)
            self.rebuild_ui()
            if not self.rows.hands:
                self.app.toast(tr("history.no_hands"))
        elif isinstance(cur, HandEntry):
            self.replay(cur, coach=False)

    def coach(self) -> None:
        cur = self.rows.current()
        if isinstance(cur, HandEntry):
            if not self._vs_bot(cur):
                self.app.toast(tr("history.coach_bot_only"))
                return
            self.replay(cur, coach=True)

    def replay(self, hand: HandEntry, coach: bool) -> None:
        entry = self.rows.entry_for(hand)
        if entry is None:
            return
        if hand.record is None:
            self.app.toast(tr("history.damaged"), 3.5)
            return
        earlier = [h.record for h in self.rows.hands if h.record is not None and h.hand_no < hand.hand_no]
        if self.rows.entry is not None and self.rows.entry.table is not None:
            earlier = []  # each duel of a table is a match of its own, from nothing
        try:
            self.app.nav.show_replay(entry, hand.record, coach=coach, earlier=earlier)
        except RecordError:
            log.exception("a hand that was checked would not replay")
            self.app.toast(tr("history.damaged"), 3.5)

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.files.dialog_event(event):
            return
        super().handle_event(event)
        if event.type == pygame.DROPFILE:
            self.files.import_path(event.file)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.files.dialog is None:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and self.files.dialog is None:
            self.key(event.key)

    def click(self, pos: tuple[int, int]) -> None:
        for slot, (i, _) in enumerate(self.rows.shown()):
            if self.frame.row_rect(slot).collidepoint(pos):
                again = i == self.rows.selected and self.app.time - self.clicked_at < 0.5
                self.select(i)
                self.clicked_at = self.app.time
                if again:
                    self.open()
                return

    def key(self, k: int) -> None:
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif k == pygame.K_UP:
            self.select(self.rows.selected - 1)
        elif k == pygame.K_DOWN:
            self.select(self.rows.selected + 1)
        elif k == pygame.K_PAGEUP:
            self.select(self.rows.selected - self.frame.per_page())
        elif k == pygame.K_PAGEDOWN:
            self.select(self.rows.selected + self.frame.per_page())
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif k == pygame.K_c and self.rows.entry is not None:
            self.coach()
        elif k == pygame.K_v:  # the deal check: the match chosen, or in a match the hand chosen
            self.files.ask_export_deals()
        elif k == pygame.K_e:
            self.files.export_hand() if self.rows.entry is not None else self.files.export_match()
        elif k == pygame.K_i and self.rows.entry is None:
            self.files.ask_import()
