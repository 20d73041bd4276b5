"""The play scene's intents carried out: input (``game.app.play.intents``) says what the player means and
this part of the play scene does it: a move through the engine, a selection, the cursor, a reorder, the
pointer's own state, a button's command.
"""
from __future__ import annotations

from collections.abc import Callable

from game.app.lang.i18n import tr
from game.app.stage.scene import Host
from game.engine import Action, Card

from ..play import intents as it
from ..play.model import Drag, PlayModel
from .playcontrols import PlayControls


class PlayIntents:
    """Held by the play scene: ``act`` makes a move, ``refresh`` lays the cards out again (``snap``: at once)."""

    def __init__(self, host: Host, model: PlayModel, controls: PlayControls, act: Callable[[Action], None],
                 refresh: Callable[[bool], None]) -> None:
        self.app = host
        self.model = model
        self.controls = controls
        self.act = act
        self.refresh = refresh

    def perform(self, intent: it.Intent) -> None:
        m = self.model
        if isinstance(intent, it.Move):
            self.act(intent.action)
        elif isinstance(intent, it.Explain):
            self.app.toast(tr(intent.key))
        elif isinstance(intent, it.Select):
            m.selected = None if m.selected == intent.card else intent.card
            self.refresh(False)
        elif isinstance(intent, it.Deselect):
            m.selected = None
            self.refresh(False)
        elif isinstance(intent, it.MoveCursor):
            m.move_cursor(intent.step, intent.swap)
            self.refresh(False)
        elif isinstance(intent, it.ChooseAtCursor):
            m.keyboard = True
            c = m.cursor_card()
            m.selected = None if m.selected == c else c
            self.refresh(False)
        elif isinstance(intent, it.Dropped):
            self.app.table.fly_back(intent.card, intent.pos)
        elif isinstance(intent, it.Reorder):
            self.reorder(intent.card, intent.x)
        elif isinstance(intent, it.Command):
            self.command(intent.name)
        elif isinstance(intent, it.Refresh):
            self.refresh(False)
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
        c = self.controls
        if name in ("log", "scores", "discards"):
            c.open_view(name)
            return
        {"pause": self.app.nav.pause, "knock": c.press_knock, "hint": c.press_hint,
         "sort": c.press_sort, "undo": c.press_undo}[name]()

    def reorder(self, card: Card, x: float) -> None:
        m = self.model
        others = [c for c in m.my_hand() if c != card]
        xs = [t.x for t in (self.app.table.sprites[c].target for c in others) if t is not None]
        mirror = self.app.layout.mirror
        idx = sum(1 for v in xs if (v < x if not mirror else v > x))
        others.insert(idx, card)
        m.order[m.bottom] = others
        m.sort_mode[m.bottom] = "custom"
        self.refresh(True)
