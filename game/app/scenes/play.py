"""The play scene: draw, discard, knock; the bot's turns, the turn clock, hints and hot-seat passes.

The scene wires its parts together (``game.app.play``): input turns events into intents, which the
scene carries out through the match (the engine is the only judge); the bot driver and the turn clock
make the moves nobody at the screen makes; the HUD draws what the model says.  After every move the
cards fly to wherever the new state puts them.  The scene holds two parts: its buttons (``playcontrols.py``)
and the carrying out of intents (``playintents.py``); the log, the score sheet and the discard pile open over
the table (``matchviews.py``).
"""
from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.app.lang.i18n import tr
from game.app.matches.match import Match
from game.app.stage.scene import Host
from game.engine import (
    Action,
    Card,
    Drew,
    Event,
    HandEnded,
    IllegalAction,
    Knock,
    UpcardDecision,
    deadwood,
)

from ..play.driver import BotDriver, TurnClock, clock_scale
from ..play.eventlog import describe
from ..play.hud import PlayHud
from ..play.intents import PlayInput
from ..play.model import PlayModel
from ..play.wording import refusal, timer_announcement
from .arrange import ArrangeScene, KnockLayout
from .guide import GuideScene
from .playcontrols import PlayControls
from .playintents import PlayIntents
from .tablebase import TableScene

log = logging.getLogger(__name__)

class PlayScene(TableScene):
    name = "play"

    def __init__(self, app: Host, match: Match) -> None:
        self.model = PlayModel(match, app.nav.hand_view.order, app.nav.hand_view.sort)
        super().__init__(app, match)
        self.input = PlayInput(self.model, app.layout, app.table)
        self.bot = BotDriver()
        self.clock = TurnClock(clock_scale(app))
        self.hud = PlayHud(app, self.model, self.clock)
        self.controls = PlayControls(self, self.model, self.clock, self.act, self.refresh_targets)
        self.intents = PlayIntents(app, self.model, self.controls, self.act, self.refresh_targets)
        self._since_buttons = 0.0
        self.guide_due = app.first_match_guide and not app.settings.guide_shown
        self.gate: Callable[[Action], str | None] | None = None  # a lesson's say on each move: why not, or None

    @property  # type: ignore[override]
    def viewer(self) -> int | None:
        return self.model.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.model.viewer = seat

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        if self.match.home is None and self.phase_is_play():
            self.viewer = None
            self.model.curtain_in = 0.0
        elif self.match.home is not None:
            self.viewer = self.match.home
        self.refresh_targets(snap=False)

    def resize(self) -> None:
        self.input.layout = self.app.layout
        super().resize()

    def build_ui(self) -> None:
        self.input.layout = self.app.layout
        self.controls.build()

    def place_cards(self) -> None:
        self.refresh_targets(snap=True)

    def reveal_to(self, seat: int) -> None:
        """The curtain lifts for ``seat``: their hand turns face up, the other one is at the top, face down."""
        m = self.model
        self.viewer = seat
        m.selected = None
        m.hover = None
        m.keyboard = False
        m.clear_hint()
        targets = self.targets()
        for t in targets.values():
            if t.zone == f"hand{seat}":
                t.face = False
        self.app.table.set_targets(targets, snap=True)
        self.refresh_targets()

    # ------------------------------------------------------------------ whose turn

    def human_turn(self) -> bool:
        return self.model.human_turn()

    def my_hand(self) -> list[Card]:
        return self.model.my_hand()

    # ------------------------------------------------------------------ applying moves

    def human_action(self, action: Action) -> bool:
        if not self.human_turn():
            if self.phase_is_play() and self.model.end_in is None:
                self.app.toast(tr("why.not_your_turn"))
            return False
        seat = self.state.to_act
        assert seat is not None
        refused = self.gate(action) if self.gate is not None else None
        if refused is not None:
            self.app.toast(refused)
            return False
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as error:
            self.app.toast(refusal(error))
            return False
        self.after(events, seat)
        return True

    def act(self, action: Action) -> None:
        """A button's move (its answer is on the table)."""
        self.human_action(action)

    def after(self, events: list[Event], seat: int) -> None:
        """Bookkeeping after any move: the log, the selection, the end of the hand, the hot-seat pass."""
        m = self.model
        m.clear_hint()
        pointed = m.cursor_card() if m.keyboard else None
        if self.state.to_act != seat or m.selected not in set(self.state.hands[self.bottom]):
            m.selected = None  # a new turn starts with nothing chosen
        if self.state.to_act != seat:
            m.keyboard = False
        speed = self.app.pace
        for e in events:
            # in hot-seat the log is read by the next player after the curtain: it tells both seats' moves
            line = describe(e, self.match.say, self.match.rules)  # the same words for both seats
            if line:
                m.log_lines.append(line)
            if isinstance(e, Drew) and e.player == self.viewer and e.card is not None:
                m.fresh = {e.card: 1.6}
            if isinstance(e, UpcardDecision) and e.taken and e.player == self.viewer:
                m.fresh = {e.card: 1.6}
            if isinstance(e, HandEnded):
                m.end_in = 0.75 * speed + (0.05 if speed else 0.0)
        n = len(self.state.hands[self.bottom])
        m.cursor = min(m.cursor, max(0, n - 1))
        if self.viewer is not None:  # the new order first, so the cursor can follow its card
            self.sync_order(self.bottom)
        hand = m.my_hand()
        if pointed is not None and pointed in hand:
            m.cursor = hand.index(pointed)
        if (self.match.home is None and m.end_in is None and self.phase_is_play()
                and self.state.to_act != self.viewer):
            m.curtain_in = 0.55 * speed
        self.refresh_targets()

    # ------------------------------------------------------------------ targets

    def refresh_targets(self, snap: bool = False) -> None:
        m = self.model
        lifted = m.selected if self.viewer is not None else None
        targets = self.targets(lifted)
        if m.keyboard and self.viewer is not None:
            order = self.my_hand()
            if order and 0 <= m.cursor < len(order) and order[m.cursor] != lifted:
                t = targets.get(order[m.cursor])
                if t is not None:
                    t.y -= self.app.layout.lift * 0.35
        elif m.hover is not None and m.hover != lifted and m.hover in targets and m.drag is None:
            t = targets[m.hover]
            if t.zone == f"hand{self.bottom}" and self.viewer == self.bottom:
                t.y -= self.app.layout.lift * 0.3
        self.app.table.set_targets(targets, snap)

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        self.input.layout = self.app.layout
        for intent in self.input.read(event):
            self.intents.perform(intent)

    def update(self, dt: float) -> None:
        m = self.model
        m.clock += dt
        table = self.app.table
        table.update(dt)
        for c in list(m.fresh):
            m.fresh[c] -= dt
            if m.fresh[c] <= 0:
                del m.fresh[c]
        if m.end_in is not None:
            m.end_in -= dt
            if m.end_in <= 0 and not (table.busy and self.app.pace > 0 and m.end_in > -1.5):
                m.end_in = None
                self.app.nav.show_result(self.match, self.viewer)
            return
        if m.curtain_in is not None:
            m.curtain_in -= dt
            if m.curtain_in <= 0 and not (table.busy and m.curtain_in > -1.0):
                m.curtain_in = None
                to_act = self.state.to_act
                assert to_act is not None
                self.app.nav.show_curtain(self, to_act)
            return
        if self.guide_due and self.human_turn() and self.app.top is self and not table.busy:
            self.guide_due = False
            self.app.push(GuideScene(self.app, self))
            return
        self.controls.update_hint()
        if self.defend_knock(dt):
            return
        moved = self.bot.step(m, self.app, dt)
        if moved is not None:
            self.after(*moved)
        held = bool(m.hint_text) or m.hint_future is not None  # the player is reading the hint
        moved = self.clock.step(m, dt, self.app.cue, waiting=table.busy, held=held)
        if moved is not None:
            self.after(*moved)
            self.app.toast(timer_announcement(moved[0], moved[1], self.match.say), 4.0)
        self._since_buttons += dt
        if self._since_buttons >= 1 / 60:  # widgets need no more than one refresh per frame
            self._since_buttons = 0.0
            self.controls.refresh_buttons()

    def defend_knock(self, dt: float) -> bool:
        """The computer knocks: a player who lays out by hand first chooses the layoffs (the knock waits)."""
        f, st = self.bot.future, self.state
        if not self.app.settings.arrange_melds or f is None or not f.done() or self.bot.wait > dt or f.exception():
            return False
        action, seat = f.result(), st.to_act
        if not isinstance(action, Knock) or seat is None or st.why_illegal(action, seat) is not None:
            return False
        kept = [c for c in st.hands[seat] if c != action.card]
        if deadwood(kept) == 0:  # nothing is laid off against gin
            return False
        self.bot.future = None
        layout = KnockLayout(action, kept, st.knock_limit, defender=list(st.hands[1 - seat]))
        self.app.push(ArrangeScene(self.app, layout, lambda k: st.why_illegal(k, seat),
                                   lambda k: self.after(self.match.apply(k, seat), seat)))
        return True

    # ------------------------------------------------------------------ draw

    def draw(self, surface: pygame.Surface) -> None:
        table = self.app.table
        hud = self.hud
        drag = self.model.drag
        self.draw_felt(surface)
        self.draw_scoreboard(surface)
        skip = None
        if drag is not None and drag.active:
            if drag.card is not None:
                skip = {drag.card}
            elif drag.kind == "discard" and self.state.discard:
                skip = {self.state.discard[-1]}
        visible = self.visible_cards()
        hud.draw_highlights(surface)
        table.draw(surface, visible, skip=skip)
        if self.viewer is not None:
            self.draw_meld_marks(surface, self.my_hand())
            hud.draw_card_marks(surface)
        self.draw_seat_labels(surface)
        hud.draw_status(surface)
        hud.draw_log(surface)
        hud.draw_counter(surface)
        if drag is not None and drag.active:
            hud.draw_drag(surface, visible)
