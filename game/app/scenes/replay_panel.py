"""The replay's side panel and marks: the hand and the move in words, and the coach's notes on the cards."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.lang import text
from game.app.lang.i18n import equation, tr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, panel
from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drew,
    HandDealt,
    Knock,
    Knocked,
    PassUpcard,
    TakeUpcard,
    TimerMove,
)
from game.engine.record import HandRecord, Replay

from ..play.eventlog import describe
from .coaching import coach_words
from .recorded import ReplayMatch

if TYPE_CHECKING:
    from game.app.stage.scene import Host
    from game.bots.coach import Judgement, Review


class ReplayScene(Protocol):
    """The replay scene as its panel reads it (``replay.ReplayScene`` imports this module)."""

    @property
    def app(self) -> Host: ...

    @property
    def play(self) -> Replay: ...

    @property
    def pos(self) -> int: ...

    @property
    def last(self) -> int: ...

    @property
    def shim(self) -> ReplayMatch: ...

    @property
    def record(self) -> HandRecord: ...

    @property
    def coach(self) -> bool: ...

    @property
    def review(self) -> Review | None: ...

    @property
    def coach_failed(self) -> bool: ...

    def note(self) -> Judgement | None: ...

    def notes(self) -> list[int]: ...

    def side_rects(self) -> tuple[pygame.Rect, pygame.Rect]: ...


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


def move_line(scene: ReplayScene) -> str:
    """What happened in the last move, in words (the deal at the start)."""
    step = scene.play.steps[scene.pos]
    say = scene.shim.say
    lines = []
    for e in step.events:
        if isinstance(e, HandDealt):
            lines.append(say("replay.dealt", e.dealer, card=e.upcard.symbol))
        elif isinstance(e, Drew) and e.source == "stock" and e.card is not None:
            lines.append(say("replay.drew_stock", e.player, card=e.card.symbol))
        elif isinstance(e, Knocked) and scene.pos == scene.last:
            continue  # the result says it
        else:
            line = describe(e, say)
            if line:
                lines.append(line)
    return " · ".join(lines)

def result_lines(scene: ReplayScene) -> list[str]:
    r = scene.play.result
    if r is None or scene.pos != scene.last:
        return []
    say = scene.shim.say
    if r.kind == "dead":
        return [tr("result.title.dead")]
    who = r.winner if r.kind == "undercut" else r.knocker
    assert who is not None and r.winner is not None
    return [say("result.title." + r.kind, who), say("result.points", r.winner, sum=equation(r.sum_text))]


def draw_marks(scene: ReplayScene, surface: pygame.Surface) -> None:
    """The coach's note on the cards: the move played in red, the better one in gold."""
    j = scene.note()
    if j is None:
        return
    lay = scene.app.layout
    width = max(2, lay.px(3))
    for action, colour in ((j.played, RED), (j.preferred, GOLD)):
        card = getattr(action, "card", None)
        if card is not None and card in scene.app.table.sprites:
            s = scene.app.table.sprites[card]
            r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(6), lay.px(6))
        elif isinstance(action, (TakeUpcard, DrawDiscard)):
            r = lay.card_rect(lay.discard_x, lay.pile_y).inflate(lay.px(10), lay.px(10))
        elif isinstance(action, (DrawStock, PassUpcard)):
            r = lay.card_rect(lay.stock_x, lay.pile_y).inflate(lay.px(10), lay.px(10))
        else:
            continue
        pygame.draw.rect(surface, colour, r, width, border_radius=lay.cw // 9)

def draw_words(scene: ReplayScene, surface: pygame.Surface) -> None:
    lay = scene.app.layout
    words, _ = scene.side_rects()
    panel(surface, words, radius=lay.px(12))
    pad = lay.px(12)
    inner = words.inflate(-2 * pad, -2 * pad)
    size = lay.font(15)
    y = inner.top
    title = tr("replay.title", n=scene.record.hand_no + 1)
    text.draw(surface, title, lay.font(19), GOLD, (lay.mx(lay.margin + pad), y + lay.font(19) * 0.6),
              lay.anchor("midleft"), bold=True, max_width=inner.width)
    y += round(lay.font(19) * 1.5)
    where = tr("replay.position", n=scene.pos, total=scene.last)
    text.draw(surface, where, size, INK_DIM, (lay.mx(lay.margin + pad), y + size * 0.6), lay.anchor("midleft"),
              max_width=inner.width)
    y += round(size * 1.6)
    for line in [move_line(scene), *result_lines(scene)]:
        if line:
            y += text.draw_wrapped(surface, line, size, INK, pygame.Rect(inner.left, y, inner.width,
                                                                          inner.bottom - y)) + lay.px(4)
    if not scene.coach:
        return
    y += lay.px(8)
    if y >= inner.bottom - size:
        return
    pygame.draw.line(surface, GOLD, (inner.left, y), (inner.right, y), 1)
    y += lay.px(8)
    if scene.review is None:
        key = "replay.coach_failed" if scene.coach_failed else "replay.coach_thinking"
        text.draw_wrapped(surface, tr(key), size, INK_DIM,
                          pygame.Rect(inner.left, y, inner.width, inner.bottom - y))
        return
    summary_key, params = scene.review.summary
    y += text.draw_wrapped(surface, tr("bot." + summary_key, **params), size, GOLD,
                           pygame.Rect(inner.left, y, inner.width, inner.bottom - y), bold=True) + lay.px(6)
    j = scene.note()
    if j is None:
        hint = "replay.coach_more" if scene.notes() else ""
        if hint and y < inner.bottom - size:
            text.draw_wrapped(surface, tr(hint), lay.font(14), INK_DIM,
                              pygame.Rect(inner.left, y, inner.width, inner.bottom - y))
        return
    top = scene.play.steps[scene.pos].state.discard
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
