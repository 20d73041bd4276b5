"""The play scene's intents carried out: input (``game.app.play.intents``) says what the player means and
this part of ``PlayScene`` does it: a move through the engine, a selection, the cursor, a reorder, the
pointer's own state, a button's command.  Kept in its own module; the scene provides the rest.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.app.lang.i18n import tr
from game.engine import Action, Card

from ..play import intents as it
from ..play.model import Drag


class PlayIntents:
    """The intents of the play scene carried out (a base of ``PlayScene``)."""

    app: Any
    model: Any
    order: Any
    sort_mode: list[str]

    if TYPE_CHECKING:  # what the scene provides
        bottom: Any

        def human_action(self, action: Action) -> bool: ...

        def refresh_targets(self, snap: bool = False) -> None: ...

        def my_hand(self) -> list[Card]: ...

        def open_view(self, kind: str) -> None: ...

        def press_knock(self) -> None: ...

        def press_hint(self) -> None: ...

        def press_sort(self) -> None: ...

        def press_undo(self) -> None: ...

    def perform(self, intent: it.Intent) -> None:
        m = self.model
        if isinstance(intent, it.Move):
            self.human_action(intent.action)
        elif isinstance(intent, it.Explain):
            self.app.toast(tr(intent.key))
        elif isinstance(intent, it.Select):
            m.selected = None if m.selected == intent.card else intent.card
            self.refresh_targets()
        elif isinstance(intent, it.Deselect):
            m.selected = None
            self.refresh_targets()
        elif isinstance(intent, it.MoveCursor):
            m.move_cursor(intent.step, intent.swap)
            self.refresh_targets()
        elif isinstance(intent, it.ChooseAtCursor):
            m.keyboard = True
            c = m.cursor_card()
            m.selected = None if m.selected == c else c
            self.refresh_targets()
        elif isinstance(intent, it.Dropped):
            sprite = self.app.table.sprites[intent.card]
            sprite.x, sprite.y = intent.pos
            sprite.move_t = 1.0
            sprite.target = None  # fly back from where it was dropped
        elif isinstance(intent, it.Reorder):
            self.reorder(intent.card, intent.x)
        elif isinstance(intent, it.Command):
            self.command(intent.name)
        elif isinstance(intent, it.Refresh):
            self.refresh_targets()
        else:
            self.point(intent)

    def point(self, intent: it.Intent) -> None:
        """The pointer's own state: where it is, what it holds, what it hovers."""
        m = self.model
        if isinstance(intent, it.Pointer):
            m.keyboard = False
            if m.drag is not None:
                m.drag.pos = intent.pos
                m.drag.active = intent.drag_active
            m.hover = intent.hover
        elif isinstance(intent, it.Grab):
            m.drag = Drag(intent.kind, intent.card, intent.pos)
        elif isinstance(intent, it.Release):
            m.drag = None

    def command(self, name: str) -> None:
        if name in ("log", "scores", "discards"):
            self.open_view(name)
            return
        {"pause": self.app.nav.pause, "knock": self.press_knock, "hint": self.press_hint,
         "sort": self.press_sort, "undo": self.press_undo}[name]()

    def reorder(self, card: Card, x: float) -> None:
        hand = self.my_hand()
        others = [c for c in hand if c != card]
        xs = [t.x for t in (self.app.table.sprites[c].target for c in others) if t is not None]
        mirror = self.app.layout.mirror
        idx = sum(1 for v in xs if (v < x if not mirror else v > x))
        others.insert(idx, card)
        self.order[self.bottom] = others
        self.sort_mode[self.bottom] = "custom"
