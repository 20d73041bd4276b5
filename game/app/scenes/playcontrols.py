"""The play scene's buttons and what they do: knock (asking first when the player wants), sort, hint,
undo in practice, the upcard's take and pass, and the views of the match (the log, the score sheet and
the discard pile) that open over the table.

A part the play scene holds: it reads the scene's model, makes its buttons among the scene's widgets and
carries its moves out through the scene's ``act``.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

from pygame_gui.elements import UIButton

from game.app.config.vocab import SORT_CYCLE
from game.app.lang import i18n
from game.app.lang.i18n import tr
from game.app.stage.scene import Scene
from game.engine import Action, BigGin, Discard, Knock, PassUpcard, Phase, TakeUpcard, discard_deadwoods

from ..play.driver import TurnClock
from ..play.model import PlayModel
from ..play.wording import hint_phrase, knock_label, knock_question, refusal
from .arrange import ArrangeScene, KnockLayout
from .confirm import ConfirmScene
from .matchviews import open_view

log = logging.getLogger(__name__)

VIEWS = ("log", "scores", "discards")


class PlayControls:
    """The buttons of the play scene: made among ``scene``'s widgets, read from ``model``, their moves made
    through ``act`` and the cards laid out by ``refresh``."""

    def __init__(self, scene: Scene, model: PlayModel, clock: TurnClock, act: Callable[[Action], None],
                 refresh: Callable[[], None]) -> None:
        self.scene = scene
        self.app = scene.app
        self.model = model
        self.clock = clock
        self.act = act
        self.refresh = refresh
        self.buttons: dict[str, UIButton] = {}
        self._labels: dict[str, str] = {}

    def build(self) -> None:
        lay = self.app.layout
        bw, bh = lay.col_w, lay.button_h
        x = lay.w - lay.margin - bw
        top = lay.hand_y - lay.ch / 2
        gap = lay.px(8)
        button = self.scene.button
        self.buttons = {
            "knock": button(lay.rect(x, top, bw, round(bh * 1.25)), "button.knock", "#knock", self.press_knock),
            "sort": button(lay.rect(x, top + round(bh * 1.25) + gap, bw, bh), "button.sort.melds", "#sort",
                                self.press_sort, class_id="@tool"),
            "hint": button(lay.rect(x, top + round(bh * 2.25) + gap * 2, bw, bh), "button.hint", "#hint",
                                self.press_hint, class_id="@tool"),
            "menu": button(lay.rect(lay.w - lay.margin - round(bw * 0.7), lay.px(8), round(bw * 0.7), bh),
                                "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool"),
            # practice mode: back to the player's previous decision
            "undo": button(lay.rect(lay.w - lay.margin - round(bw * 0.7), lay.px(8) + bh + gap, round(bw * 0.7),
                                         bh), "button.undo", "#undo", self.press_undo, class_id="@tool"),
        }
        sx = lay.discard_lx + lay.cw * 0.5 + lay.px(28)
        by = lay.pile_y + lay.ch / 2 - bh
        tw = round(bw * 0.72)
        self.buttons["take"] = self.scene.button(lay.rect(sx, by, tw, bh), "button.take", "#take",
                                           lambda: self.act(TakeUpcard()))
        self.buttons["pass"] = self.scene.button(lay.rect(sx + tw + gap, by, tw, bh), "button.pass", "#pass",
                                           lambda: self.act(PassUpcard()), class_id="@tool")
        self.build_view_buttons()
        self._labels = {}
        self.refresh_buttons()

    def build_view_buttons(self) -> None:
        """The log, the score sheet and the discard pile: a row under the log, left of the stock."""
        lay = self.app.layout
        gap = lay.px(6)
        right = lay.stock_lx - lay.cw * 0.5 - lay.px(24)
        w = (right - lay.margin - 2 * gap) / 3
        y = lay.pile_y + lay.ch / 2 - lay.button_h
        for i, kind in enumerate(VIEWS):
            self.buttons["view_" + kind] = self.scene.button(
                lay.rect(lay.margin + i * (w + gap), y, w, lay.button_h), "view." + kind, "#view_" + kind,
                partial(self.open_view, kind), class_id="@tool")

    def open_view(self, kind: str) -> None:
        """The log, the score sheet or the discard pile over the table (the turn clock waits meanwhile)."""
        if not self.scene.covered:
            open_view(self.app, self.model, kind)

    def refresh_buttons(self) -> None:
        """Each button's label and whether it works; while a tip covers the table (it shows the Knock
        button) the states are still set, but nothing hidden is shown."""
        if not self.buttons:
            return
        m = self.model
        st = m.state
        mine = m.human_turn()
        _, label = m.knock_choice()
        label = knock_label(label, m.match.rules)  # classic: eleven melded cards are a gin
        any_knock = mine and st.phase is Phase.DISCARD and any(
            isinstance(a, (Knock, BigGin)) for a in st.legal_actions())
        self._set("knock", tr(label), any_knock)
        mode = m.sort_mode[m.bottom] if m.viewer is not None else "melds"
        self._set("sort", tr("button.sort." + (mode if mode in SORT_CYCLE else "custom")), m.viewer is not None)
        self._set("hint", tr("button.hint"), mine and m.hint_future is None)
        self._set("undo", tr("button.undo"), mine)
        if self.scene.covered:
            return
        undo = self.buttons["undo"]
        practice = self.app.nav.can_undo(m.match)
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
        if self.app.settings.arrange_melds and isinstance(action, Knock):  # Confirm there is the question
            self.arrange(action)
            return
        if self.app.settings.ask_before_knock:
            card = action.card if isinstance(action, Knock) else None
            self.app.push(ConfirmScene(self.app, *knock_question(label, card, self.model.match.rules),
                                       lambda: self.act(action)))
            return
        self.act(action)

    def arrange(self, action: Knock) -> None:
        """The knock laid out by hand before it is played (the player's setting)."""
        st = self.model.state
        seat = st.to_act
        if seat is None:
            return
        kept = [c for c in st.hands[seat] if c != action.card]
        layout = KnockLayout(action, kept, st.knock_limit)

        def laid_out(knock: Knock) -> None:
            """At a table of two people the defender then chooses the layoffs (against gin there are none)."""
            if self.model.match.vs_bot or not KnockLayout(knock, kept).deadwood:
                self.act(knock)
                return
            defend = KnockLayout(knock, kept, st.knock_limit, defender=list(st.hands[1 - seat]))
            self.app.push(ArrangeScene(self.app, defend, lambda k: st.why_illegal(k, seat), self.act))

        self.app.push(ArrangeScene(self.app, layout, lambda k: st.why_illegal(k, seat), laid_out))

    def why_no_knock(self) -> str:
        """Why the Knock button does nothing now, as precisely as the position allows."""
        st = self.model.state
        if not self.model.human_turn():
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
        if self.model.human_turn() and self.app.nav.undo():
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
        self.refresh()

    def press_sort(self) -> None:
        m = self.model
        if m.viewer is None:
            return
        seat = m.bottom
        mode = m.sort_mode[seat]
        m.sort_mode[seat] = SORT_CYCLE[(SORT_CYCLE.index(mode) + 1) % 3] if mode in SORT_CYCLE else "melds"
        self.refresh()

    def press_hint(self) -> None:
        m = self.model
        if not m.human_turn() or m.hint_future is not None:
            return
        seat = m.state.to_act
        assert seat is not None
        obs = m.match.observe(seat)
        m.hint_text = tr("hint.thinking")
        m.hint_action = None
        m.hint_future = self.app.think(m.match.advise, seat, obs)

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
        m.hint_action = h.action
        seat = m.state.to_act
        m.hint_text = hint_phrase(h, m.match.observe(seat) if seat is not None else None)
        if isinstance(m.hint_action, (Discard, Knock)) and m.hint_action.card in m.my_hand():
            m.selected = m.hint_action.card  # the hinted card is chosen: Enter or a click on the pile throws it
            self.refresh()

