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
from typing import Any, cast

import pygame

from game.app.animation.table import Target
from game.app.lang import i18n, text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, panel
from game.app.matches.match import Match
from game.app.records.history import MatchEntry
from game.app.shell.scene import Host
from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drew,
    HandDealt,
    HandResult,
    Knock,
    Knocked,
    PassUpcard,
    TakeUpcard,
    TimerMove,
)
from game.engine.record import HandRecord, Replay, replay

from ..play.eventlog import describe
from .coaching import coach_words, review_hand
from .recorded import ReplayMatch
from .tablebase import TableScene, sorted_hand

log = logging.getLogger(__name__)

SPEEDS = (2.0, 1.0, 0.5, 0.25)  # seconds a move stays on screen while playing
SPEED_LABELS = ("0.5", "1", "2", "4")
ACTION_KEYS: dict[type[Action], str] = {
    TakeUpcard: "replay.act.take_upcard", PassUpcard: "replay.act.pass_upcard", DrawStock: "replay.act.draw_stock",
    DrawDiscard: "replay.act.draw_discard", Discard: "replay.act.discard", Knock: "replay.act.knock",
    BigGin: "replay.act.big_gin", TimerMove: "replay.act.timer",
}


def action_words(action: Action, top: Card | None = None) -> str:
    """A move in words ("throw the 7♥"); ``top`` names the face-up card a take would take."""
    key = ACTION_KEYS.get(type(action), "replay.act.timer")
    card = getattr(action, "card", None)
    if card is None and isinstance(action, (TakeUpcard, DrawDiscard)):
        card = top
    return tr(key, card=card.symbol if card is not None else "")


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
        self.review: Any = None
        self.future: Future[Any] | None = None
        self.coach_failed = False
        if self.coach:
            self.future = app.think(review_hand, record, entry.seat, list(earlier))
        self.buttons: dict[str, Any] = {}

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

    def note(self) -> Any:
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

    # ------------------------------------------------------------------ words

    def move_line(self) -> str:
        """What happened in the last move, in words (the deal at the start)."""
        step = self.play.steps[self.pos]
        say = self.shim.say
        lines = []
        for e in step.events:
            if isinstance(e, HandDealt):
                lines.append(say("replay.dealt", e.dealer, card=e.upcard.symbol))
            elif isinstance(e, Drew) and e.source == "stock" and e.card is not None:
                lines.append(say("replay.drew_stock", e.player, card=e.card.symbol))
            elif isinstance(e, Knocked) and self.pos == self.last:
                continue  # the result says it
            else:
                line = describe(e, None, say)
                if line:
                    lines.append(line)
        return " · ".join(lines)

    def result_lines(self) -> list[str]:
        r = self.play.result
        if r is None or self.pos != self.last:
            return []
        say = self.shim.say
        if r.kind == "dead":
            return [tr("result.title.dead")]
        who = r.winner if r.kind == "undercut" else r.knocker
        assert who is not None and r.winner is not None
        return [say("result.title." + r.kind, who), say("result.points", r.winner, sum=r.sum_text)]

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_felt(surface)
        self.draw_scoreboard(surface)
        self.app.table.draw(surface, self.visible_cards())
        self.draw_meld_marks(surface, self.order[self.bottom])
        self.draw_seat_labels(surface)
        self.draw_marks(surface)
        self.draw_words(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """The coach's note on the cards: the move played in red, the better one in gold."""
        j = self.note()
        if j is None:
            return
        lay = self.app.layout
        width = max(2, lay.px(3))
        for action, colour in ((j.played, RED), (j.preferred, GOLD)):
            card = getattr(action, "card", None)
            if card is not None and card in self.app.table.sprites:
                s = self.app.table.sprites[card]
                r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(6), lay.px(6))
            elif isinstance(action, (TakeUpcard, DrawDiscard)):
                r = lay.card_rect(lay.discard_x, lay.pile_y).inflate(lay.px(10), lay.px(10))
            elif isinstance(action, (DrawStock, PassUpcard)):
                r = lay.card_rect(lay.stock_x, lay.pile_y).inflate(lay.px(10), lay.px(10))
            else:
                continue
            pygame.draw.rect(surface, colour, r, width, border_radius=lay.cw // 9)

    def draw_words(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        words, _ = self.side_rects()
        panel(surface, words, radius=lay.px(12))
        pad = lay.px(12)
        inner = words.inflate(-2 * pad, -2 * pad)
        size = lay.font(15)
        y = inner.top
        title = tr("replay.title", n=self.record.hand_no + 1)
        text.draw(surface, title, lay.font(19), GOLD, (lay.mx(lay.margin + pad), y + lay.font(19) * 0.6),
                  lay.anchor("midleft"), bold=True, max_width=inner.width)
        y += round(lay.font(19) * 1.5)
        where = tr("replay.position", n=self.pos, total=self.last)
        text.draw(surface, where, size, INK_DIM, (lay.mx(lay.margin + pad), y + size * 0.6), lay.anchor("midleft"),
                  max_width=inner.width)
        y += round(size * 1.6)
        for line in [self.move_line(), *self.result_lines()]:
            if line:
                y += text.draw_wrapped(surface, line, size, INK, pygame.Rect(inner.left, y, inner.width,
                                                                              inner.bottom - y)) + lay.px(4)
        if not self.coach:
            return
        y += lay.px(8)
        if y >= inner.bottom - size:
            return
        pygame.draw.line(surface, GOLD, (inner.left, y), (inner.right, y), 1)
        y += lay.px(8)
        if self.review is None:
            key = "replay.coach_failed" if self.coach_failed else "replay.coach_thinking"
            text.draw_wrapped(surface, tr(key), size, INK_DIM,
                              pygame.Rect(inner.left, y, inner.width, inner.bottom - y))
            return
        summary_key, params = self.review.summary
        y += text.draw_wrapped(surface, tr("bot." + summary_key, **params), size, GOLD,
                               pygame.Rect(inner.left, y, inner.width, inner.bottom - y), bold=True) + lay.px(6)
        j = self.note()
        if j is None:
            hint = "replay.coach_more" if self.notes() else ""
            if hint and y < inner.bottom - size:
                text.draw_wrapped(surface, tr(hint), lay.font(14), INK_DIM,
                                  pygame.Rect(inner.left, y, inner.width, inner.bottom - y))
            return
        top = self.play.steps[self.pos].state.discard
        card_top = top[-1] if top else None
        lines = [(coach_words(j.key, j.params), INK),
                 (tr("replay.coach_played", move=action_words(j.played, card_top)), RED),
                 (tr("replay.coach_better", move=action_words(j.preferred, card_top)), GOLD),
                 (tr("replay.coach_cost", points=j.points), INK_DIM)]
        for line, colour in lines:
            if y >= inner.bottom - size:
                break
            y += text.draw_wrapped(surface, line, size, colour,
                                   pygame.Rect(inner.left, y, inner.width, inner.bottom - y)) + lay.px(4)
