"""Mouse and keys turned into intents: what the player means (draw from a pile, throw a card, select,
reorder, knock, ...), read against where the cards rest, not where an animation has them now.

``PlayInput`` only reads: it returns intents, the pointer's own (hover, drag, keyboard mode) among
them, and the scene carries them all out, so the model changes in one place and every move still goes
through the engine there.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    PassUpcard,
    Phase,
    TakeUpcard,
)

from .model import PlayModel

if TYPE_CHECKING:
    from game.app.animation.table import CardTable
    from game.app.looks.layout import Layout

DRAG_START = 8


@dataclass(frozen=True)
class Move:
    """Play this action for the player in front of the screen."""

    action: Action


@dataclass(frozen=True)
class Explain:
    """Tell the player why nothing happens (a translation key)."""

    key: str


@dataclass(frozen=True)
class Select:
    """Choose the card, or un-choose it when it was chosen."""

    card: Card


@dataclass(frozen=True)
class Deselect:
    pass


@dataclass(frozen=True)
class MoveCursor:
    step: int
    swap: bool  # carry the card under the cursor along (reorder by keys)


@dataclass(frozen=True)
class ChooseAtCursor:
    pass


@dataclass(frozen=True)
class Reorder:
    card: Card
    x: float  # where the card was dropped


@dataclass(frozen=True)
class Dropped:
    """A dragged card was let go at ``pos``: it flies back from there unless it is thrown."""

    card: Card
    pos: tuple[int, int]


@dataclass(frozen=True)
class Pointer:
    """The mouse moved: keyboard mode ends, a held card or pile follows, ``hover`` is under the pointer."""

    pos: tuple[int, int]
    drag_active: bool
    hover: Card | None


@dataclass(frozen=True)
class Grab:
    """The button went down on a card of the hand or on a pile: a drag may start from here."""

    kind: str  # card | stock | discard
    card: Card | None
    pos: tuple[int, int]


@dataclass(frozen=True)
class Release:
    """The button came up: whatever was held is let go."""


@dataclass(frozen=True)
class Command:
    """A button's job: pause, knock, hint, sort, undo (practice mode), or a view of the match (log, scores,
    discards)."""

    name: str


@dataclass(frozen=True)
class Refresh:
    """Only the pointer changed: lay the cards out again (hover lift, cursor)."""


Intent = (Move | Explain | Select | Deselect | MoveCursor | ChooseAtCursor | Reorder | Dropped | Pointer | Grab
          | Release | Command | Refresh)

COMMAND_KEYS = {pygame.K_ESCAPE: "pause", pygame.K_k: "knock", pygame.K_h: "hint", pygame.K_o: "sort",
                pygame.K_u: "undo", pygame.K_l: "log", pygame.K_TAB: "scores", pygame.K_v: "discards"}


class PlayInput:
    def __init__(self, model: PlayModel, layout: Layout, table: CardTable) -> None:
        self.model = model
        self.layout = layout
        self.table = table

    # ------------------------------------------------------------------ hit testing

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        if self.model.viewer is None:
            return None
        table = self.table
        for c in sorted(self.model.my_hand(), key=lambda c: -table.sprites[c].z):  # the top card first
            r = table.target_rect(c)
            if r is not None and r.collidepoint(pos):
                return c
        return None

    def pile_at(self, pos: tuple[int, int]) -> str | None:
        lay = self.layout
        if lay.card_rect(lay.stock_x, lay.pile_y).inflate(lay.px(10), lay.px(10)).collidepoint(pos):
            return "stock"
        if lay.card_rect(lay.discard_x, lay.pile_y).inflate(lay.px(10), lay.px(10)).collidepoint(pos):
            return "discard"
        return None

    def in_hand_area(self, pos: tuple[int, int]) -> bool:
        lay = self.layout
        return pos[1] > lay.hand_y - lay.ch / 2 - lay.lift - lay.px(20)

    # ------------------------------------------------------------------ events

    def read(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            return self.on_key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        if event.type == pygame.MOUSEMOTION:
            return self.on_motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.on_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.on_up(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return [Deselect()]
        return []

    def on_key(self, k: int, shift: bool) -> list[Intent]:
        m = self.model
        st = m.state
        hand = m.my_hand()
        if k in COMMAND_KEYS:
            return [Command(COMMAND_KEYS[k])]
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if k == pygame.K_RIGHT else -1
            return [MoveCursor(-step if self.layout.mirror else step, shift)]
        if k in (pygame.K_UP, pygame.K_SPACE) and hand:
            return [ChooseAtCursor()]
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DOWN):
            if st.phase is Phase.DISCARD and hand:
                c = m.selected
                if c is None and m.keyboard:
                    c = m.cursor_card()
                return [Explain("why.choose_card")] if c is None else [Move(Discard(c))]
            if st.phase is Phase.DRAW:
                return [Explain("why.draw_first")]
            return []
        if k == pygame.K_s:
            return [Move(DrawStock())]
        if k == pygame.K_d:
            return [Move(TakeUpcard() if st.phase is Phase.UPCARD_OFFER else DrawDiscard())]
        if k in (pygame.K_t, pygame.K_y):
            return [Move(TakeUpcard())]
        if k in (pygame.K_p, pygame.K_n):
            return [Move(PassUpcard())]
        return []

    def on_motion(self, pos: tuple[int, int]) -> list[Intent]:
        m = self.model
        d = m.drag
        active = False
        if d is not None:
            far = math.hypot(pos[0] - d.start[0], pos[1] - d.start[1]) > DRAG_START
            active = d.active or (far and (d.kind == "card" or m.human_turn()))
        hover = self.card_at(pos) if d is None or not active else None
        out: list[Intent] = [Pointer(pos, active, hover)]
        return [*out, Refresh()] if hover != m.hover else out

    def on_down(self, pos: tuple[int, int]) -> list[Intent]:
        c = self.card_at(pos)
        if c is not None:
            return [Grab("card", c, pos)]
        pile = self.pile_at(pos)
        return [Grab(pile, None, pos)] if pile is not None else []

    def on_up(self, pos: tuple[int, int]) -> list[Intent]:
        m = self.model
        d = m.drag
        if d is None:
            return []
        if not d.active:
            return [Release(), *self.click(d.kind, d.card)]
        st = m.state
        out: list[Intent] = [Release()]
        if d.kind == "card":
            assert d.card is not None
            out.append(Dropped(d.card, pos))
            if self.pile_at(pos) == "discard":
                out.append(Move(Discard(d.card)))
            elif self.in_hand_area(pos) and d.card in m.my_hand():
                out.append(Reorder(d.card, pos[0]))
        elif self.in_hand_area(pos):
            if st.phase is Phase.UPCARD_OFFER:
                out.append(Move(TakeUpcard() if d.kind == "discard" else DrawStock()))
            else:
                out.append(Move(DrawStock() if d.kind == "stock" else DrawDiscard()))
        return [*out, Refresh()]

    def click(self, kind: str, card: Card | None) -> list[Intent]:
        m = self.model
        st = m.state
        if kind == "card":
            assert card is not None
            if st.phase is Phase.DISCARD and m.human_turn() and m.selected == card:
                return [Move(Discard(card))]
            return [Select(card)]
        if st.phase is Phase.UPCARD_OFFER:
            if kind == "discard":
                return [Move(TakeUpcard())]
            return [Explain("why.upcard_first" if m.human_turn() else "why.not_your_turn")]
        if st.phase is Phase.DRAW:
            return [Move(DrawStock() if kind == "stock" else DrawDiscard())]
        if st.phase is Phase.DISCARD and m.human_turn():
            if kind == "discard" and m.selected is not None:
                return [Move(Discard(m.selected))]
            return [Explain("why.choose_card")]
        return []
