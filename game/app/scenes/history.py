"""The history screen: past matches newest first (opponent, rules, score, date); a match opens to its
hands; a hand opens to its replay or to the coach; matches and hands are exported to files and
history files are imported (a button, or a file dropped on the window).

The rows are drawn with the game's text module (Persian columns run right to left) and picked with
the mouse or the arrow keys; a hand whose record is damaged is listed as damaged and never opened.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import i18n, text
from game.app.lang.i18n import tr, wtr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, felt, panel
from game.app.records.history import HandEntry, History, MatchEntry
from game.app.shell.scene import Host, Scene
from game.engine.record import RecordError

from .recorded import Seats

log = logging.getLogger(__name__)

MATCH_COLUMNS = ((0.0, 0.2, "stats.col.date"), (0.2, 0.26, "stats.col.opponent"), (0.46, 0.16, "stats.col.preset"),
                 (0.62, 0.14, "stats.col.score"), (0.76, 0.24, "stats.col.result"))
HAND_COLUMNS = ((0.0, 0.12, "history.col.hand"), (0.12, 0.22, "history.col.dealer"),
                (0.34, 0.38, "history.col.ending"), (0.72, 0.12, "history.col.points"),
                (0.84, 0.16, "stats.col.score"))


def when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds > 0 else tr("stats.none")


def preset_words(entry: MatchEntry) -> str:
    preset = tr("preset." + entry.preset) if i18n.has("preset." + entry.preset) else entry.preset
    return tr("stats.preset_target", preset=preset, target=entry.target)


def outcome_words(entry: MatchEntry) -> tuple[str, tuple[int, int, int]]:
    words = []
    colour = INK
    if entry.finished and entry.won is not None:
        words.append(tr("stats.won") if entry.won else tr("stats.lost"))
        colour = GOLD if entry.won else RED
    else:
        words.append(tr("history.unfinished"))
        colour = INK_DIM
    if entry.practice:
        words.append(tr("history.practice"))
    if entry.imported:
        words.append(tr("history.imported"))
    return " · ".join(words), colour


class HistoryScene(Scene):
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

    def export_match(self) -> None:
        cur = self.current()
        entry = self.entry if self.entry is not None else cur if isinstance(cur, MatchEntry) else None
        if entry is None:
            return
        if not entry.hands_open:
            self.app.toast(tr("history.hotseat_hidden"), 3.5)
            return
        self._exported(self.history.export(entry.match_id))

    def export_hand(self) -> None:
        cur = self.current()
        if self.entry is not None and isinstance(cur, HandEntry) and cur.ok:
            self._exported(self.history.export(self.entry.match_id, cur.hand_no))

    def _exported(self, path: Path | None) -> None:
        if path is None:
            self.app.toast(tr("history.export_failed"))
        else:
            self.app.toast(tr("history.exported", file=str(path)), 5.0)

    def ask_import(self) -> None:
        if self.dialog is not None or not self.history.available:
            return
        lay = self.app.layout
        w, h = min(lay.w - 2 * lay.margin, lay.px(640)), min(lay.h - 2 * lay.margin, lay.px(480))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)
        folder = self.history.folder
        start = str(folder) if folder is not None and folder.is_dir() else None
        self.dialog = pygame_gui.windows.UIFileDialog(
            rect, self.app.ui, window_title=wtr("history.import_title"), initial_file_path=start,
            allow_existing_files_only=True, object_id=ObjectID(object_id="#import_dialog"))
        # pygame-gui would write its own (English) words on these buttons; deleting is not its job here
        self.dialog.ok_button.set_text(wtr("button.ok"))
        self.dialog.cancel_button.set_text(wtr("button.cancel"))
        self.dialog.delete_button.hide()

    def import_path(self, path: str | Path) -> None:
        try:
            entry, loaded = self.history.import_file(path)
        except RecordError as e:
            log.warning("import refused: %s", e)
            self.app.toast(tr("history.import_refused"), 4.0)
            return
        if loaded.problems:
            log.warning("import left out: %s", "; ".join(loaded.problems))
            self.app.toast(tr("history.imported_some", n=len(loaded.hands), bad=len(loaded.problems)), 4.0)
        else:
            self.app.toast(tr("history.imported_done", n=len(loaded.hands)), 3.0)
        self.entry = None
        self.hands = []
        self.load()
        self.selected = next((i for i, e in enumerate(self.entries) if e.match_id == entry.match_id), 0)
        self.page = self.selected // self.per_page()
        self.rebuild_ui()

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
                self.dialog = None
                self.import_path(event.text)
                return
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
                self.dialog = None
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
        elif k == pygame.K_e:
            self.export_hand() if self.entry is not None else self.export_match()
        elif k == pygame.K_i and self.entry is None:
            self.ask_import()

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h), dark=True), (0, 0))
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(16))
        if self.entry is None:
            title = tr("history.title")
        else:
            title = tr("history.match_title", date=when(self.entry.started_at), opponent=Seats(self.entry).opponent())
        right_space = round(lay.button_h * 2.4) + lay.px(40) if self.pages() > 1 else lay.px(20)
        text.draw(surface, title, lay.font(28), GOLD, (r.centerx, r.top + lay.px(34)), bold=True,
                  max_width=r.width - 2 * right_space)
        body = self.body_rect()
        size = lay.font(15)
        if self.pages() > 1:
            text.draw(surface, tr("stats.page", page=self.page + 1, pages=self.pages()), lay.font(13), INK_DIM,
                      (lay.mx(body.left), r.top + lay.px(34)), lay.anchor("midleft"))
        if not self.rows():
            key = "history.empty" if self.entry is None else "history.no_hands"
            text.draw_wrapped(surface, tr(key), lay.font(18), INK_DIM,
                              pygame.Rect(body.left, body.top + lay.px(30), body.width, lay.px(120)), align="center")
            return
        columns = MATCH_COLUMNS if self.entry is None else HAND_COLUMNS
        h = self.row_h()
        head_y = body.top + h / 2
        for e, wd, key in columns:
            text.draw(surface, tr(key), size, INK_DIM, (lay.mx(body.left + body.width * e + lay.px(6)), head_y),
                      lay.anchor("midleft"), max_width=round(body.width * wd - lay.px(10)))
        pygame.draw.line(surface, GOLD, (body.left, body.top + h - 1), (body.right, body.top + h - 1), 1)
        for slot, (i, row) in enumerate(self.shown()):
            rect = self.row_rect(slot)
            if i == self.selected:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((226, 195, 92, 48))
                surface.blit(shade, rect)
                pygame.draw.rect(surface, GOLD, rect, 1, border_radius=lay.px(4))
            elif slot % 2 == 0:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 12))
                surface.blit(shade, rect)
            cells = self.match_cells(row) if isinstance(row, MatchEntry) else self.hand_cells(row)
            for (e, wd, _), (cell, colour) in zip(columns, cells, strict=True):
                text.draw(surface, cell, size, colour, (lay.mx(rect.left + rect.width * e + lay.px(6)), rect.centery),
                          lay.anchor("midleft"), max_width=round(rect.width * wd - lay.px(10)))

    def match_cells(self, m: MatchEntry) -> list[tuple[str, tuple[int, int, int]]]:
        outcome, colour = outcome_words(m)
        return [(when(m.started_at), INK), (Seats(m).opponent(), INK), (preset_words(m), INK),
                (tr("stats.score", mine=m.my_score, theirs=m.their_score), INK), (outcome, colour)]

    def hand_cells(self, h: HandEntry) -> list[tuple[str, tuple[int, int, int]]]:
        number = tr("table.hand_no", n=h.hand_no + 1)
        rec = h.record
        if rec is None or rec.end is None or self.entry is None:
            return [(number, INK), ("", INK), (tr("history.damaged_row"), RED), ("", INK), ("", INK)]
        seats = Seats(self.entry)
        end = rec.end
        if end.kind == "dead":
            ending = tr("over.kind.dead")
        else:
            who = end.winner if end.kind == "undercut" else end.knocker
            ending = seats.say("over.kind." + end.kind, who if who is not None else 0)
        scores = list(rec.scores)
        if end.winner is not None:
            scores[end.winner] += end.points
        me = self.entry.seat
        colour = INK if end.winner is None else GOLD if end.winner == me else RED
        points = str(end.points) if end.winner is not None else tr("stats.none")
        return [(number, INK), (seats.name(rec.dealer), INK), (ending, colour), (points, colour),
                (tr("stats.score", mine=scores[me], theirs=scores[1 - me]), INK)]
