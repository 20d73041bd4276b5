"""A recorded hand played again: both hands face up, step forward and back, play and pause at a chosen
speed, jump to the start or to the showdown; with the coach, the player's costly decisions marked.

The positions come from ``game.engine.record.replay`` (the engine plays the recorded moves again),
so stepping back and forth always lands on the same positions.  The coach's judgement runs on the
worker thread (``host.think``) while the hand can already be watched.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, cast

import pygame
import pygame_gui

from game.app.animation.table import Target
from game.app.lang import i18n
from game.app.lang.i18n import tr
from game.app.matches.match import Match
from game.app.records.history import MatchEntry
from game.app.stage.scene import Host
from game.engine import (
    Card,
    HandResult,
)
from game.engine.record import HandRecord, Replay, replay

from .coaching import review_hand
from .recorded import ReplayMatch
from .replay_panel import draw_marks, draw_words
from .tablebase import TableScene, sorted_hand

if TYPE_CHECKING:
    from game.bots.coach import Judgement, Review

log = logging.getLogger(__name__)

SPEEDS = (2.0, 1.0, 0.5, 0.25)  # seconds a move stays on screen while playing
SPEED_LABELS = ("0.5", "1", "2", "4")
# ---------------------------------------------------------------------------------------------- the scene


class ReplayScene(TableScene):
    name = "replay"

    def __init__(self, app: Host, entry: MatchEntry, record: HandRecord, coach: bool = False,
                 earlier: Sequence[HandResult | HandRecord] = ()) -> None:
        self.entry = entry
        self.record = record
        self.play: Replay = replay(record)
        self.shim = ReplayMatch(entry, self.play.state(0))
        super().__init__(app, cast(Match, self.shim))
        self.order = [[], []]  # the replay sorts its own hands; the match in play keeps its order
        self.sort_mode = ["melds", "melds"]
        self.viewer = entry.seat
        self.pos = 0
        self.playing = False
        self.wait = 0.0
        self.speed = 1
        self.coach = coach and entry.vs_bot
        self.review: Review | None = None
        self.future: Future[Review] | None = None
        self.coach_failed = False
        if self.coach:
            self.future = app.think(review_hand, record, entry.seat, list(earlier))
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # ------------------------------------------------------------------ positions

    @property
    def last(self) -> int:
        return len(self.play) - 1

    def go(self, pos: int, snap: bool = False) -> None:
        pos = max(0, min(self.last, pos))
        if pos != self.pos:
            snap = snap or abs(pos - self.pos) > 1
        self.pos = pos
        self.shim.state = self.play.state(pos)
        if pos == self.last:
            self.playing = False
        self.app.table.set_targets(self.targets(), snap)
        self.refresh_buttons()

    def step(self, n: int) -> None:
        self.go(self.pos + n)

    def toggle_play(self) -> None:
        if self.pos >= self.last:
            self.go(0, snap=True)
        self.playing = not self.playing
        self.wait = SPEEDS[self.speed] * 0.5
        self.refresh_buttons()

    def faster(self, step: int = 1) -> None:
        self.speed = (self.speed + step) % len(SPEEDS)
        self.refresh_buttons()

    def notes(self) -> list[int]:
        """Positions of the costly decisions (each shown before its move)."""
        if self.review is None:
            return []
        return [j.index for j in self.review.costly]

    def next_note(self, step: int = 1) -> None:
        marks = self.notes()
        ahead = [p for p in marks if (p > self.pos if step > 0 else p < self.pos)]
        if ahead:
            self.playing = False
            self.go(ahead[0] if step > 0 else ahead[-1], snap=True)

    def note(self) -> Judgement | None:
        """The coach's judgement of the decision taken from this position, when it was costly."""
        if self.review is None:
            return None
        j = self.review.at(self.pos)
        return j if j is not None and j.costly else None

    # ------------------------------------------------------------------ cards

    def sync_order(self, seat: int) -> list[Card]:
        order = sorted_hand(self.state.hands[seat], "melds")
        self.order[seat] = order
        return order

    def targets(self, lifted: Card | None = None) -> dict[Card, Target]:
        out = super().targets(lifted)
        for seat in (0, 1):
            for c in self.state.hands[seat]:
                out[c].face = True  # a replay shows both hands
        return out

    def visible_cards(self) -> set[Card]:
        seen = self.public_cards()
        seen.update(self.state.hands[0])
        seen.update(self.state.hands[1])
        return seen

    def place_cards(self) -> None:
        self.app.table.set_targets(self.targets(), snap=True)

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        self.go(0, snap=True)

    def side_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The words (left, right on a Persian screen) and the controls, beside the piles."""
        lay = self.app.layout
        top = round(lay.opp_y + lay.ch * lay.opp_scale / 2 + lay.px(14))
        bottom = round(lay.hand_y - lay.ch / 2 - lay.lift - lay.px(10))
        inner = lay.stock_lx - lay.cw / 2 - lay.px(16)
        w = round(inner - lay.margin)
        words = lay.rect(lay.margin, top, w, bottom - top)
        ctrl = lay.rect(lay.w - lay.margin - w, top, w, bottom - top)
        return words, ctrl

    def build_ui(self) -> None:
        lay = self.app.layout
        _, ctrl = self.side_rects()
        gap = lay.px(8)
        bh = lay.button_h
        bw = round((ctrl.width - gap) / 2)
        left = ctrl.left if not lay.mirror else lay.w - ctrl.right
        y = ctrl.top

        def at(col: int, row: int, span: int = 1) -> pygame.Rect:
            return lay.rect(left + col * (bw + gap), y + row * (bh + gap), bw * span + gap * (span - 1), bh)

        self.buttons = {
            "play": self.button(at(0, 0, 2), "replay.play", "#replay_play", self.toggle_play, class_id="@primary"),
            "back": self.button(at(0, 1), "replay.step_back", "#replay_back", lambda: self.step(-1), class_id="@tool"),
            "forward": self.button(at(1, 1), "replay.step_forward", "#replay_forward", lambda: self.step(1),
                                   class_id="@tool"),
            "start": self.button(at(0, 2), "replay.start", "#replay_start", lambda: self.go(0, snap=True),
                                 class_id="@tool"),
            "end": self.button(at(1, 2), "replay.showdown", "#replay_end", lambda: self.go(self.last, snap=True),
                               class_id="@tool"),
            "speed": self.button(at(0, 3, 2), "", "#replay_speed", self.faster, class_id="@tool",
                                 text=i18n.widget_text(tr("replay.speed", x=SPEED_LABELS[self.speed]))),
        }
        if self.coach:
            self.buttons["prev_note"] = self.button(at(0, 4), "replay.prev_note", "#replay_prev_note",
                                                    lambda: self.next_note(-1), class_id="@tool")
            self.buttons["next_note"] = self.button(at(1, 4), "replay.next_note", "#replay_next_note",
                                                    lambda: self.next_note(1), class_id="@tool")
        cw = round(lay.col_w * 0.7)
        self.button(lay.rect(lay.w - lay.margin - cw, lay.px(8), cw, bh), "button.back", "#replay_close", self.close,
                    class_id="@tool")
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        b = self.buttons
        if not b:
            return
        b["play"].set_text(i18n.widget_text(tr("replay.pause" if self.playing else "replay.play")))
        b["speed"].set_text(i18n.widget_text(tr("replay.speed", x=SPEED_LABELS[self.speed])))
        for key, on in (("back", self.pos > 0), ("start", self.pos > 0), ("forward", self.pos < self.last),
                        ("end", self.pos < self.last)):
            if on and not b[key].is_enabled:
                b[key].enable()
            elif not on and b[key].is_enabled:
                b[key].disable()
        if "next_note" in b:
            marks = self.notes()
            for key, on in (("prev_note", any(p < self.pos for p in marks)),
                            ("next_note", any(p > self.pos for p in marks))):
                if on and not b[key].is_enabled:
                    b[key].enable()
                elif not on and b[key].is_enabled:
                    b[key].disable()

    def close(self) -> None:
        self.app.pop(self)
        below = self.app.top
        place = getattr(below, "place_cards", None)
        if place is not None:  # the table below gets its own cards back
            place()

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            forward = (k == pygame.K_RIGHT) != self.app.layout.mirror
            self.playing = False
            self.step(1 if forward else -1)
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k == pygame.K_HOME:
            self.go(0, snap=True)
        elif k == pygame.K_END:
            self.go(self.last, snap=True)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.faster()
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.faster(-1)
        elif k == pygame.K_n:
            self.next_note(1)
        elif k == pygame.K_p:
            self.next_note(-1)
        elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()

    def update(self, dt: float) -> None:
        self.app.table.update(dt)
        f = self.future
        if f is not None and f.done():
            self.future = None
            try:
                self.review = f.result()
            except Exception:
                log.exception("the coach failed")
                self.coach_failed = True
            self.refresh_buttons()
        if self.playing:
            self.wait -= dt
            if self.wait <= 0:
                self.wait = SPEEDS[self.speed]
                self.step(1)

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_felt(surface)
        self.draw_scoreboard(surface)
        self.app.table.draw(surface, self.visible_cards())
        self.draw_meld_marks(surface, self.order[self.bottom])
        self.draw_seat_labels(surface)
        draw_marks(self, surface)
        draw_words(self, surface)
