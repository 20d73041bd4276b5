"""The play scene: draw, discard, knock; the bot's turns, the turn clock, hints and hot-seat passes.

The scene wires its parts together (``game.app.play``): input turns events into intents, which the
scene carries out through the match (the engine is the only judge); the bot driver and the turn clock
make the moves nobody at the screen makes; the HUD draws what the model says.  After every move the
cards fly to wherever the new state puts them.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app.lang import i18n
from game.app.lang.i18n import tr
from game.app.matches.match import Match
from game.app.shell.scene import Host
from game.app.shell.vocab import SORT_CYCLE
from game.engine import (
    Action,
    BigGin,
    Card,
    Discard,
    Drew,
    Event,
    HandEnded,
    IllegalAction,
    Knock,
    PassUpcard,
    Phase,
    TakeUpcard,
    UpcardDecision,
    discard_deadwoods,
)

from ..play import intents as it
from ..play.driver import BotDriver, TurnClock
from ..play.eventlog import describe
from ..play.hud import PlayHud
from ..play.intents import PlayInput
from ..play.model import PlayModel
from ..play.wording import hint_phrase, knock_label, knock_question, refusal, timer_announcement
from .confirm import ConfirmScene
from .guide import GuideScene
from .tablebase import TableScene

log = logging.getLogger(__name__)

class PlayScene(TableScene):
    name = "play"

    def __init__(self, app: Host, match: Match) -> None:
        self.model = PlayModel(match, app.nav.hand_view.order, app.nav.hand_view.sort)
        super().__init__(app, match)
        self.input = PlayInput(self.model, app.layout, app.table)
        self.bot = BotDriver()
        self.clock = TurnClock()
        self.hud = PlayHud(app, self.model, self.clock)
        self.buttons: dict[str, Any] = {}
        self._labels: dict[str, str] = {}
        self._since_buttons = 0.0
        self.guide_due = app.first_match_guide and not app.settings.guide_shown

    @property  # type: ignore[override]
    def viewer(self) -> int | None:
        return self.model.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.model.viewer = seat

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        if not self.match.vs_bot and self.phase_is_play():
            self.viewer = None
            self.model.curtain_in = 0.0
        self.refresh_targets(snap=False)

    def resize(self) -> None:
        self.input.layout = self.app.layout
        super().resize()

    def place_cards(self) -> None:
        self.refresh_targets(snap=True)

    def build_ui(self) -> None:
        lay = self.app.layout
        self.input.layout = lay
        bw, bh = lay.col_w, lay.button_h
        x = lay.w - lay.margin - bw
        top = lay.hand_y - lay.ch / 2
        gap = lay.px(8)
        self.buttons = {
            "knock": self.button(lay.rect(x, top, bw, round(bh * 1.25)), "button.knock", "#knock", self.press_knock),
            "sort": self.button(lay.rect(x, top + round(bh * 1.25) + gap, bw, bh), "button.sort.melds", "#sort",
                                self.press_sort, class_id="@tool"),
            "hint": self.button(lay.rect(x, top + round(bh * 2.25) + gap * 2, bw, bh), "button.hint", "#hint",
                                self.press_hint, class_id="@tool"),
            "menu": self.button(lay.rect(lay.w - lay.margin - round(bw * 0.7), lay.px(8), round(bw * 0.7), bh),
                                "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool"),
            # practice mode: back to the player's previous decision
            "undo": self.button(lay.rect(lay.w - lay.margin - round(bw * 0.7), lay.px(8) + bh + gap, round(bw * 0.7),
                                         bh), "button.undo", "#undo", self.press_undo, class_id="@tool"),
        }
        sx = lay.discard_lx + lay.cw * 0.5 + lay.px(28)
        by = lay.pile_y + lay.ch / 2 - bh
        tw = round(bw * 0.72)
        self.buttons["take"] = self.button(lay.rect(sx, by, tw, bh), "button.take", "#take",
                                           lambda: self.act(TakeUpcard()))
        self.buttons["pass"] = self.button(lay.rect(sx + tw + gap, by, tw, bh), "button.pass", "#pass",
                                           lambda: self.act(PassUpcard()), class_id="@tool")
        self._labels = {}
        self.refresh_buttons()

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
            line = describe(e, self.viewer if self.match.vs_bot else None, self.match.say, self.match.rules)
            if line:
                m.log_lines = (m.log_lines + [line])[-3:]
            if isinstance(e, Drew) and e.player == self.viewer and e.card is not None:
                m.fresh = {e.card: 1.6}
            if isinstance(e, UpcardDecision) and e.taken and e.player == self.viewer:
                m.fresh = {e.card: 1.6}
            if isinstance(e, HandEnded):
                m.end_in = 0.75 * speed + (0.05 if speed else 0.0)
        n = len(self.state.hands[self.bottom])
        m.cursor = min(m.cursor, max(0, n - 1))
        self.refresh_targets()  # the new order first, so the cursor can follow its card
        hand = m.my_hand()
        if pointed is not None and pointed in hand:
            m.cursor = hand.index(pointed)
        if (not self.match.vs_bot and m.end_in is None and self.phase_is_play()
                and self.state.to_act != self.viewer):
            m.curtain_in = 0.55 * speed
        self.refresh_targets()

    # ------------------------------------------------------------------ intents

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
            {"pause": self.app.nav.pause, "knock": self.press_knock, "hint": self.press_hint,
             "sort": self.press_sort, "undo": self.press_undo}[intent.name]()
        elif isinstance(intent, it.Refresh):
            self.refresh_targets()

    def reorder(self, card: Card, x: float) -> None:
        hand = self.my_hand()
        others = [c for c in hand if c != card]
        xs = [t.x for t in (self.app.table.sprites[c].target for c in others) if t is not None]
        mirror = self.app.layout.mirror
        idx = sum(1 for v in xs if (v < x if not mirror else v > x))
        others.insert(idx, card)
        self.order[self.bottom] = others
        self.sort_mode[self.bottom] = "custom"

    # ------------------------------------------------------------------ buttons

    def refresh_buttons(self) -> None:
        """Each button's label and whether it works; while a tip covers the table (it shows the Knock
        button) the states are still set, but nothing hidden is shown."""
        if not self.buttons:
            return
        st = self.state
        mine = self.human_turn()
        _, label = self.model.knock_choice()
        label = knock_label(label, self.match.rules)  # classic: eleven melded cards are a gin
        any_knock = mine and st.phase is Phase.DISCARD and any(
            isinstance(a, (Knock, BigGin)) for a in st.legal_actions())
        self._set("knock", tr(label), any_knock)
        mode = self.sort_mode[self.bottom] if self.viewer is not None else "melds"
        self._set("sort", tr("button.sort." + (mode if mode in SORT_CYCLE else "custom")), self.viewer is not None)
        self._set("hint", tr("button.hint"), mine and self.model.hint_future is None)
        self._set("undo", tr("button.undo"), mine)
        if self.covered:
            return
        undo = self.buttons["undo"]
        practice = self.app.nav.can_undo(self.match)
        if practice and not undo.visible:
            undo.show()
        elif not practice and undo.visible:
            undo.hide()
        offer = mine and st.phase is Phase.UPCARD_OFFER
        for key in ("take", "pass"):
            b = self.buttons[key]
            if offer and not b.visible:
                b.show()
            elif not offer and b.visible:
                b.hide()

    def _set(self, key: str, label: str, enabled: bool) -> None:
        b = self.buttons[key]
        if self._labels.get(key) != label:
            b.set_text(i18n.widget_text(label))
            self._labels[key] = label
        if enabled and not b.is_enabled:
            b.enable()
        elif not enabled and b.is_enabled:
            b.disable()

    def press_knock(self) -> None:
        action, label = self.model.knock_choice()
        if action is None:
            self.app.toast(self.why_no_knock())
            return
        if self.app.settings.ask_before_knock:
            question, yes = knock_question(label, getattr(action, "card", None), self.match.rules)
            self.app.push(ConfirmScene(self.app, question, yes, lambda: self.act(action)))
            return
        self.human_action(action)

    def why_no_knock(self) -> str:
        """Why the Knock button does nothing now, as precisely as the position allows."""
        st = self.state
        if not self.human_turn():
            return tr("why.not_your_turn")
        if st.phase is not Phase.DISCARD:
            return tr("why.draw_first") if st.phase is Phase.DRAW else tr("why.upcard_first")
        seat = st.to_act
        selected = self.model.selected
        if selected is None:  # the throw that comes closest: the engine says why even that one cannot knock
            forbidden = st.forbidden_discard()
            throws = [c for c in st.hands[seat] if c != forbidden] if seat is not None else []
            deadwood = discard_deadwoods(st.hands[seat]) if seat is not None else {}
            selected = min(throws, key=lambda c: (deadwood[c], -c.value), default=None)
        error = st.why_illegal(Knock(selected), seat) if selected is not None else None
        return refusal(error) if error is not None else tr("why.no_knock", limit=st.knock_limit)

    def press_undo(self) -> None:
        if self.human_turn() and self.app.nav.undo():
            self.rewound()

    def rewound(self) -> None:
        """The match went back a move (practice undo): the turn starts afresh, and so does its clock."""
        model = self.model
        model.selected = model.hover = model.drag = None
        model.keyboard = False
        model.fresh = {}
        model.clear_hint()
        model.log_lines = [tr("practice.undone")]
        model.end_in = model.curtain_in = None
        self.clock.key = None
        self.refresh_targets()

    def press_sort(self) -> None:
        if self.viewer is None:
            return
        seat = self.bottom
        mode = self.sort_mode[seat]
        nxt = SORT_CYCLE[(SORT_CYCLE.index(mode) + 1) % 3] if mode in SORT_CYCLE else "melds"
        self.sort_mode[seat] = nxt
        self.refresh_targets()

    def press_hint(self) -> None:
        m = self.model
        if not self.human_turn() or m.hint_future is not None:
            return
        seat = self.state.to_act
        assert seat is not None
        obs = self.match.observe(seat)
        m.hint_text = tr("hint.thinking")
        m.hint_action = None
        m.hint_future = self.app.think(self.match.advise, seat, obs)

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
            self.perform(intent)

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
        self.update_hint()
        moved = self.bot.step(m, self.app, dt)
        if moved is not None:
            self.after(*moved)
        moved = self.clock.step(m, dt, self.app.cue, waiting=table.busy)
        if moved is not None:
            self.after(*moved)
            self.app.toast(timer_announcement(moved[0], moved[1], self.match.say), 4.0)
        self._since_buttons += dt
        if self._since_buttons >= 1 / 60:  # widgets need no more than one refresh per frame
            self._since_buttons = 0.0
            self.refresh_buttons()

    def update_hint(self) -> None:
        m = self.model
        f = m.hint_future
        if f is None or not f.done():
            return
        m.hint_future = None
        try:
            h = f.result()
        except Exception:
            log.exception("hint failed")
            m.hint_text = tr("hint.none")
            return
        if h is None:
            m.hint_text = tr("hint.none")
            return
        m.hint_action = getattr(h, "action", None)
        seat = self.state.to_act
        m.hint_text = hint_phrase(h, self.match.observe(seat) if seat is not None else None)
        card = getattr(m.hint_action, "card", None)
        if isinstance(m.hint_action, (Discard, Knock)) and card in self.my_hand():
            m.selected = card  # the hinted card is chosen: Enter or a click on the pile throws it
            self.refresh_targets()

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
