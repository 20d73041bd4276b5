"""The play scene: draw, discard, knock; the bot's turns, the turn clock, hints and hot-seat passes.

Every move goes to the engine through the match; the cards then move to wherever the new state
puts them.  Input is read against the true state (the cards' resting places), so clicking ahead of
an animation always does what the player meant.
"""
from __future__ import annotations

import logging
import math

import pygame

from game.engine import (
    BigGin,
    Card,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    Drew,
    HandEnded,
    IllegalAction,
    Knock,
    Knocked,
    PassUpcard,
    Phase,
    TakeUpcard,
    TimerMove,
    UpcardDecision,
    UpcardRetired,
    discard_deadwoods,
)
from game.engine.melds import deadwood_of_mask
from game.engine.cards import mask_of

from .. import i18n, text
from ..anim import pulse
from ..i18n import has, tr
from ..match import BOT_SEAT, Match
from .common import GOLD, INK, INK_DIM, RED
from .tablebase import SORT_MODES, TableScene

log = logging.getLogger(__name__)

URGENT_SECONDS = 5.0
BOT_PAUSE = {"upcard": 0.9, "draw": 0.85, "discard": 0.75}
DRAG_START = 8


class Drag:
    def __init__(self, kind: str, card: Card | None, pos) -> None:
        self.kind = kind  # card | stock | discard
        self.card = card
        self.start = pos
        self.pos = pos
        self.active = False


class PlayScene(TableScene):
    name = "play"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.selected: Card | None = None
        self.cursor = 0
        self.keyboard = False
        self.hover: Card | None = None
        self.drag: Drag | None = None
        self.future = None
        self.bot_wait = 0.0
        self.hint_future = None
        self.hint_text = ""
        self.hint_action = None
        self.log_lines: list[str] = []
        self.turn_key = None
        self.turn_left = 0.0
        self.curtain_in: float | None = None
        self.end_in: float | None = None
        self.fresh: dict[Card, float] = {}
        self.clock = 0.0
        self.buttons = {}
        self._labels: dict[str, str] = {}
        self._since_buttons = 0.0
        self.guide_due = app.first_match_guide and not app.settings.guide_shown

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        super().enter()
        if not self.match.vs_bot and self.phase_is_play():
            self.viewer = None
            self.curtain_in = 0.0
        self.refresh_targets(snap=False)

    def build_ui(self) -> None:
        lay = self.app.layout
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
        }
        sx = lay.discard_lx + lay.cw * 0.5 + lay.px(28)
        by = lay.pile_y + lay.ch / 2 - bh
        tw = round(bw * 0.72)
        self.buttons["take"] = self.button(lay.rect(sx, by, tw, bh), "button.take", "#take",
                                           lambda: self.human_action(TakeUpcard()))
        self.buttons["pass"] = self.button(lay.rect(sx + tw + gap, by, tw, bh), "button.pass", "#pass",
                                           lambda: self.human_action(PassUpcard()), class_id="@tool")
        self._labels = {}
        self.refresh_buttons()

    def reveal_to(self, seat: int) -> None:
        """The curtain lifts for ``seat``: their hand turns face up, the other one is at the top, face down."""
        self.viewer = seat
        self.selected = None
        self.hover = None
        self.keyboard = False
        self.hint_text, self.hint_action, self.hint_future = "", None, None
        targets = self.targets()
        for t in targets.values():
            if t.zone == f"hand{seat}":
                t.face = False
        self.app.table.set_targets(targets, snap=True)
        self.refresh_targets()

    # ------------------------------------------------------------------ whose turn

    @property
    def actor(self) -> int | None:
        return self.state.to_act

    def human_turn(self) -> bool:
        """The player in front of the screen may act now."""
        st = self.state
        if not self.phase_is_play() or st.to_act is None or self.end_in is not None:
            return False
        if self.match.is_bot(st.to_act):
            return False
        if not self.match.vs_bot and (self.viewer != st.to_act or self.curtain_in is not None):
            return False
        return True

    def my_hand(self) -> list[Card]:
        return self.order[self.bottom] if self.viewer is not None else []

    # ------------------------------------------------------------------ applying moves

    def human_action(self, action) -> bool:
        if not self.human_turn():
            if self.phase_is_play() and self.end_in is None:
                self.app.toast(tr("why.not_your_turn"))
            return False
        seat = self.state.to_act
        try:
            events = self.match.apply(action, seat)
        except IllegalAction:
            self.explain(action)
            return False
        self.after(events, seat)
        return True

    def explain(self, action) -> None:
        st = self.state
        if isinstance(action, (Discard, Knock)) and action.card == st.forbidden_discard():
            self.app.toast(tr("why.taken_card", card=action.card.symbol))
        elif isinstance(action, Knock):
            left = deadwood_of_mask(mask_of(st.hands[st.to_act]) ^ (1 << action.card))
            self.app.toast(tr("why.cannot_knock", card=action.card.symbol, n=left, limit=st.knock_limit))
        elif isinstance(action, (DrawStock, DrawDiscard)) and st.phase is Phase.DISCARD:
            self.app.toast(tr("why.choose_card"))
        elif isinstance(action, (Discard, Knock)) and st.phase is Phase.DRAW:
            self.app.toast(tr("why.draw_first"))
        elif st.phase is Phase.UPCARD_OFFER:
            self.app.toast(tr("why.upcard_first"))
        elif isinstance(action, DrawDiscard) and st.stock_only:
            self.app.toast(tr("why.stock_only"))
        else:
            self.app.toast(tr("why.not_your_turn"))

    def after(self, events, seat: int) -> None:
        """Bookkeeping after any move: the log, the selection, the end of the hand, the hot-seat pass."""
        self.hint_text, self.hint_action, self.hint_future = "", None, None
        if self.selected is not None and self.selected not in set(self.state.hands[self.bottom]):
            self.selected = None
        for e in events:
            line = self.describe(e)
            if line:
                self.log_lines = (self.log_lines + [line])[-3:]
            if isinstance(e, Drew) and e.player == self.viewer and e.card is not None:
                self.fresh = {e.card: 1.6}
            if isinstance(e, UpcardDecision) and e.taken and e.player == self.viewer:
                self.fresh = {e.card: 1.6}
            if isinstance(e, HandEnded):
                self.end_in = 0.75 * self.app.table.speed + (0.05 if self.app.table.speed else 0.0)
        n = len(self.state.hands[self.bottom])
        self.cursor = min(self.cursor, max(0, n - 1))
        if (not self.match.vs_bot and self.end_in is None and self.phase_is_play()
                and self.state.to_act != self.viewer):
            self.curtain_in = 0.55 * self.app.table.speed
        self.refresh_targets()

    def describe(self, e) -> str:
        say = self.match.say
        auto = getattr(e, "auto", False)
        if isinstance(e, Drew):
            if e.player == self.viewer:
                return ""
            if e.source == "stock":
                return say("log.drew_stock", e.player)
            return say("log.drew_discard", e.player, card=e.card.symbol)
        if isinstance(e, Discarded):
            if auto:
                return say("log.timer", e.player)
            return say("log.discarded", e.player, card=e.card.symbol) if e.player != self.viewer else ""
        if isinstance(e, UpcardDecision):
            key = "log.took_upcard" if e.taken else "log.passed_upcard"
            return say(key, e.player, card=e.card.symbol)
        if isinstance(e, UpcardRetired):
            return tr("log.upcard_retired", card=e.card.symbol)
        if isinstance(e, Knocked):
            return say({"knock": "log.knocked", "gin": "log.gin", "big_gin": "log.big_gin"}[e.kind], e.player)
        return ""

    # ------------------------------------------------------------------ buttons

    def knock_choice(self):
        """What the Knock button would play now: (action, label key) or (None, label key)."""
        st = self.state
        if not self.human_turn() or st.phase is not Phase.DISCARD:
            return None, "button.knock"
        legal = st.legal_actions()
        if BigGin() in legal:
            return BigGin(), "button.big_gin"
        knocks = [a for a in legal if isinstance(a, Knock)]
        if not knocks:
            return None, "button.knock"
        hand = st.hands[st.to_act]
        mask = mask_of(hand)
        if self.selected is not None and self.selected in hand:
            left = deadwood_of_mask(mask ^ (1 << self.selected))
            ok = Knock(self.selected) in knocks
            return (Knock(self.selected) if ok else None), ("button.gin" if ok and left == 0 else "button.knock")
        best = min(knocks, key=lambda a: (deadwood_of_mask(mask ^ (1 << a.card)), -a.card.value))
        left = deadwood_of_mask(mask ^ (1 << best.card))
        return best, "button.gin" if left == 0 else "button.knock"

    def refresh_buttons(self) -> None:
        if not self.buttons or self.covered:
            return
        st = self.state
        mine = self.human_turn()
        action, label = self.knock_choice()
        any_knock = mine and st.phase is Phase.DISCARD and any(
            isinstance(a, (Knock, BigGin)) for a in st.legal_actions())
        self._set("knock", tr(label), any_knock)
        mode = self.sort_mode[self.bottom] if self.viewer is not None else "melds"
        self._set("sort", tr("button.sort." + (mode if mode in SORT_MODES else "custom")), self.viewer is not None)
        self._set("hint", tr("button.hint"), mine and self.hint_future is None)
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
        action, _ = self.knock_choice()
        if action is None:
            st = self.state
            if self.selected is not None and st.phase is Phase.DISCARD and self.human_turn():
                self.explain(Knock(self.selected))
            else:
                self.app.toast(tr("why.no_knock", limit=st.knock_limit))
            return
        if self.app.settings.ask_before_knock:
            from .confirm import ConfirmScene

            key = {"button.gin": "confirm.gin", "button.big_gin": "confirm.big_gin"}.get(self.knock_choice()[1],
                                                                                          "confirm.knock")
            card = getattr(action, "card", None)
            question = tr(key, card=card.symbol if card is not None else "")
            yes = "button.big_gin" if key == "confirm.big_gin" else "button.gin" if key == "confirm.gin" else "button.knock"
            self.app.push(ConfirmScene(self.app, question, yes, lambda: self.human_action(action)))
            return
        self.human_action(action)

    def press_sort(self) -> None:
        if self.viewer is None:
            return
        seat = self.bottom
        mode = self.sort_mode[seat]
        nxt = SORT_MODES[(SORT_MODES.index(mode) + 1) % 3] if mode in SORT_MODES else "melds"
        self.sort_mode[seat] = nxt
        self.refresh_targets()

    def press_hint(self) -> None:
        if not self.human_turn() or self.hint_future is not None:
            return
        obs = self.match.observe(self.state.to_act)
        self.hint_text = tr("hint.thinking")
        self.hint_action = None
        self.hint_future = self.app.think(self.match.advise, self.state.to_act, obs)

    def hint_phrase(self, hint) -> str:
        """The advice in the player's language: the bot's reason key, else its English text."""
        key = str(getattr(hint, "key", "") or "")
        params = dict(getattr(hint, "params", {}) or {})
        for k, v in params.items():
            if k in ("card", "avoid"):
                try:
                    params[k] = Card.parse(str(v)).symbol
                except ValueError:
                    pass
        if key and has("bot." + key):
            body = tr("bot." + key, **params)
        else:
            body = str(getattr(hint, "text", "") or "")
        return tr("hint.prefix", text=body) if body else tr("hint.none")

    # ------------------------------------------------------------------ targets

    def refresh_targets(self, snap: bool = False) -> None:
        lifted = self.selected if self.viewer is not None else None
        targets = self.targets(lifted)
        if self.keyboard and self.viewer is not None:
            order = self.my_hand()
            if order and 0 <= self.cursor < len(order) and order[self.cursor] != lifted:
                t = targets.get(order[self.cursor])
                if t is not None:
                    t.y -= self.app.layout.lift * 0.35
        elif self.hover is not None and self.hover != lifted and self.hover in targets and self.drag is None:
            t = targets[self.hover]
            if t.zone == f"hand{self.bottom}" and self.viewer == self.bottom:
                t.y -= self.app.layout.lift * 0.3
        self.app.table.set_targets(targets, snap)

    # ------------------------------------------------------------------ hit testing

    def card_at(self, pos) -> Card | None:
        if self.viewer is None:
            return None
        table = self.app.table
        for c in sorted(self.my_hand(), key=lambda c: -table.sprites[c].z):  # the top card first
            r = table.target_rect(c)
            if r is not None and r.collidepoint(pos):
                return c
        return None

    def pile_at(self, pos) -> str | None:
        lay = self.app.layout
        if lay.card_rect(lay.stock_x, lay.pile_y).inflate(lay.px(10), lay.px(10)).collidepoint(pos):
            return "stock"
        if lay.card_rect(lay.discard_x, lay.pile_y).inflate(lay.px(10), lay.px(10)).collidepoint(pos):
            return "discard"
        return None

    def in_hand_area(self, pos) -> bool:
        lay = self.app.layout
        return pos[1] > lay.hand_y - lay.ch / 2 - lay.lift - lay.px(20)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            self.refresh_targets()

    def on_key(self, event) -> None:
        k = event.key
        st = self.state
        hand = self.my_hand()
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE:
            self.app.nav.pause()
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if k == pygame.K_RIGHT else -1
            if self.app.layout.mirror:
                step = -step
            if not self.keyboard:
                self.keyboard = True
                self.cursor = min(self.cursor, len(hand) - 1)
            elif shift:
                j = (self.cursor + step) % len(hand)
                hand[self.cursor], hand[j] = hand[j], hand[self.cursor]
                self.sort_mode[self.bottom] = "custom"
                self.cursor = j
            else:
                self.cursor = (self.cursor + step) % len(hand)
            self.refresh_targets()
        elif k in (pygame.K_UP, pygame.K_SPACE) and hand:
            self.keyboard = True
            c = hand[min(self.cursor, len(hand) - 1)]
            self.selected = None if self.selected == c else c
            self.refresh_targets()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DOWN):
            if st.phase is Phase.DISCARD and hand:
                c = self.selected
                if c is None and self.keyboard:
                    c = hand[min(self.cursor, len(hand) - 1)]
                if c is None:
                    self.app.toast(tr("why.choose_card"))
                else:
                    self.human_action(Discard(c))
            elif st.phase is Phase.DRAW:
                self.app.toast(tr("why.draw_first"))
        elif k == pygame.K_s:
            self.human_action(DrawStock())
        elif k == pygame.K_d:
            self.human_action(TakeUpcard() if st.phase is Phase.UPCARD_OFFER else DrawDiscard())
        elif k in (pygame.K_t, pygame.K_y):
            self.human_action(TakeUpcard())
        elif k in (pygame.K_p, pygame.K_n):
            self.human_action(PassUpcard())
        elif k == pygame.K_k:
            self.press_knock()
        elif k == pygame.K_h:
            self.press_hint()
        elif k == pygame.K_o:
            self.press_sort()

    def on_motion(self, pos) -> None:
        if self.keyboard:
            self.keyboard = False
        d = self.drag
        if d is not None:
            d.pos = pos
            if not d.active and math.hypot(pos[0] - d.start[0], pos[1] - d.start[1]) > DRAG_START:
                if d.kind == "card" or self.human_turn():
                    d.active = True
        hover = self.card_at(pos) if d is None or not d.active else None
        if hover != self.hover:
            self.hover = hover
            self.refresh_targets()

    def on_down(self, pos) -> None:
        c = self.card_at(pos)
        if c is not None:
            self.drag = Drag("card", c, pos)
            return
        pile = self.pile_at(pos)
        if pile is not None:
            self.drag = Drag(pile, None, pos)

    def on_up(self, pos) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        if not d.active:
            self.click(d.kind, d.card)
            return
        st = self.state
        if d.kind == "card":
            sprite = self.app.table.sprites[d.card]
            sprite.x, sprite.y = pos
            sprite.move_t = 1.0
            sprite.target = None  # fly back from where it was dropped
            if self.pile_at(pos) == "discard":
                self.human_action(Discard(d.card))
            elif self.in_hand_area(pos) and d.card in self.my_hand():
                self.reorder(d.card, pos[0])
            self.refresh_targets()
        else:
            if self.in_hand_area(pos):
                if st.phase is Phase.UPCARD_OFFER:
                    self.human_action(TakeUpcard() if d.kind == "discard" else DrawStock())
                else:
                    self.human_action(DrawStock() if d.kind == "stock" else DrawDiscard())
            self.refresh_targets()

    def reorder(self, card: Card, x: float) -> None:
        hand = self.my_hand()
        others = [c for c in hand if c != card]
        xs = [self.app.table.sprites[c].target.x for c in others]
        mirror = self.app.layout.mirror
        idx = sum(1 for v in xs if (v < x if not mirror else v > x))
        others.insert(idx, card)
        self.order[self.bottom] = others
        self.sort_mode[self.bottom] = "custom"

    def click(self, kind: str, card: Card | None) -> None:
        st = self.state
        if kind == "card":
            if st.phase is Phase.DISCARD and self.human_turn() and self.selected == card:
                self.human_action(Discard(card))
                return
            self.selected = None if self.selected == card else card
            self.refresh_targets()
            return
        if st.phase is Phase.UPCARD_OFFER:
            if kind == "discard":
                self.human_action(TakeUpcard())
            else:
                self.app.toast(tr("why.upcard_first")) if self.human_turn() else self.app.toast(tr("why.not_your_turn"))
            return
        if st.phase is Phase.DRAW:
            self.human_action(DrawStock() if kind == "stock" else DrawDiscard())
            return
        if st.phase is Phase.DISCARD and self.human_turn():
            if kind == "discard":
                if self.selected is None:
                    self.app.toast(tr("why.choose_card"))
                else:
                    self.human_action(Discard(self.selected))
            else:
                self.app.toast(tr("why.choose_card"))

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.clock += dt
        table = self.app.table
        table.update(dt)
        for c in list(self.fresh):
            self.fresh[c] -= dt
            if self.fresh[c] <= 0:
                del self.fresh[c]
        if self.end_in is not None:
            self.end_in -= dt
            if self.end_in <= 0 and not (table.busy and table.speed > 0 and self.end_in > -1.5):
                self.end_in = None
                self.app.nav.show_result(self.match, self.viewer)
            return
        if self.curtain_in is not None:
            self.curtain_in -= dt
            if self.curtain_in <= 0 and not (table.busy and self.curtain_in > -1.0):
                self.curtain_in = None
                self.app.nav.show_curtain(self, self.state.to_act)
            return
        if self.guide_due and self.human_turn() and self.app.top is self and not table.busy:
            from .guide import GuideScene

            self.guide_due = False
            self.app.push(GuideScene(self.app, self))
            return
        self.update_hint()
        self.update_bot(dt)
        self.update_timer(dt)
        self._since_buttons += dt
        if self._since_buttons >= 1 / 60:  # widgets need no more than one refresh per frame
            self._since_buttons = 0.0
            self.refresh_buttons()

    def update_hint(self) -> None:
        f = self.hint_future
        if f is None or not f.done():
            return
        self.hint_future = None
        try:
            h = f.result()
        except Exception:
            log.exception("hint failed")
            self.hint_text = tr("hint.none")
            return
        if h is None:
            self.hint_text = tr("hint.none")
            return
        self.hint_action = getattr(h, "action", None)
        self.hint_text = self.hint_phrase(h)

    def update_bot(self, dt: float) -> None:
        st = self.state
        if not self.phase_is_play() or not self.match.is_bot(st.to_act):
            return
        if self.future is None:
            stage = {Phase.UPCARD_OFFER: "upcard", Phase.DRAW: "draw"}.get(st.phase, "discard")
            self.bot_wait = BOT_PAUSE[stage] * self.app.table.speed
            obs = self.match.observe(BOT_SEAT)
            self.future = self.app.think(self.app.bots.decide, self.match.bot, obs)
            return
        self.bot_wait -= dt
        if self.bot_wait > 0 or not self.future.done():
            return
        f, self.future = self.future, None
        try:
            action = f.result()
            events = self.match.apply(action, BOT_SEAT)
        except Exception:
            log.exception("the bot's move failed; the engine's timer move is played instead")
            events = self.match.apply(TimerMove(), BOT_SEAT)
        self.after(events, BOT_SEAT)

    def update_timer(self, dt: float) -> None:
        st = self.state
        limit = st.rules.turn_timer
        if not limit or not self.human_turn():
            self.turn_key = None
            return
        key = (st.hand_no, st.turns, st.to_act, st.offer_stage)
        if key != self.turn_key:
            self.turn_key = key
            self.turn_left = float(limit)
        before = self.turn_left
        self.turn_left -= dt
        if 0 < self.turn_left <= URGENT_SECONDS and math.ceil(self.turn_left) != math.ceil(before):
            self.app.cue("timer_urgent")
        if self.turn_left <= 0:
            seat = st.to_act
            self.turn_key = None
            self.selected = None
            events = self.match.apply(TimerMove(), seat)
            self.after(events, seat)

    # ------------------------------------------------------------------ draw

    def status_text(self) -> str:
        st = self.state
        if not self.phase_is_play() or st.to_act is None:
            return tr("status.hand_over")
        name = self.match.name(st.to_act)
        if self.match.is_bot(st.to_act):
            return tr("status.bot_thinking", name=name)
        if not self.human_turn():
            return tr("status.waiting", name=name)
        stage = {Phase.UPCARD_OFFER: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard"}[st.phase]
        if self.match.vs_bot:
            return tr("status.your_" + stage)
        return tr("status.named_" + stage, name=name)

    def counter_text(self) -> tuple[str, tuple]:
        st = self.state
        hand = st.hands[self.bottom]
        if self.viewer is None or not hand:
            return "", INK
        pointed = None
        if self.keyboard and self.my_hand():
            pointed = self.my_hand()[min(self.cursor, len(self.my_hand()) - 1)]
        elif self.hover is not None:
            pointed = self.hover
        elif self.selected is not None:
            pointed = self.selected
        limit = st.knock_limit
        if len(hand) == 11 and pointed is not None and pointed in hand:
            left = discard_deadwoods(hand)[pointed]
            if left == 0:
                return tr("table.throw_preview_gin", card=pointed.symbol), GOLD
            if left <= limit:
                return tr("table.throw_preview_knock", card=pointed.symbol, n=left), GOLD
            return tr("table.throw_preview", card=pointed.symbol, n=left), INK
        dw = deadwood_of_mask(mask_of(hand))
        note = tr("table.knock_limit", n=limit) if limit > 0 else tr("table.knock_limit_gin")
        return tr("table.deadwood", n=dw) + " · " + note, INK

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        table = self.app.table
        self.draw_felt(surface)
        self.draw_scoreboard(surface)
        skip = None
        if self.drag is not None and self.drag.active:
            if self.drag.card is not None:
                skip = {self.drag.card}
            elif self.drag.kind == "discard" and self.state.discard:
                skip = {self.state.discard[-1]}
        visible = self.visible_cards()
        self.draw_highlights(surface)
        table.draw(surface, visible, skip=skip)
        if self.viewer is not None:
            self.draw_meld_marks(surface, self.my_hand())
            self.draw_card_marks(surface)
        self.draw_seat_labels(surface)
        self.draw_status(surface)
        self.draw_log(surface)
        msg, colour = self.counter_text()
        if msg:
            text.draw(surface, msg, lay.font(17), colour, (lay.w / 2, lay.counter_y), bold=True,
                      max_width=round(lay.hand_max_width))
        if self.drag is not None and self.drag.active:
            self.draw_drag(surface, visible)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        """Glows behind the card just drawn and around the piles a player can use now."""
        lay = self.app.layout
        st = self.state
        hand = set(self.my_hand())
        for c, left in self.fresh.items():
            s = self.app.table.sprites.get(c)
            if s is None or c not in hand or s.target is None:
                continue
            r = lay.card_rect(s.target.x, s.target.y, s.target.scale).inflate(lay.px(14), lay.px(14))
            halo = pygame.Surface(r.size, pygame.SRCALPHA)
            alpha = round(200 * min(1.0, left / 0.6))
            pygame.draw.rect(halo, (255, 236, 150, alpha), halo.get_rect(), border_radius=lay.cw // 7)
            surface.blit(halo, r)
        if not self.human_turn():
            return
        glow = 0.5 + 0.5 * pulse(self.clock * 0.8)
        width = max(2, lay.px(4))
        places = []
        if st.phase is Phase.DRAW:
            places.append(lay.stock_x)
            if st.discard and not st.stock_only:
                places.append(lay.discard_x)
        elif st.phase is Phase.DISCARD and (self.selected is not None or (self.drag and self.drag.active)):
            places.append(lay.discard_x)
        elif st.phase is Phase.UPCARD_OFFER:
            places.append(lay.discard_x)
        for x in places:
            r = lay.card_rect(x, lay.pile_y).inflate(lay.px(12), lay.px(12))
            c = tuple(round(v * (0.6 + 0.4 * glow)) for v in GOLD)
            pygame.draw.rect(surface, c, r, width, border_radius=lay.cw // 8)

    def draw_card_marks(self, surface: pygame.Surface) -> None:
        """Outlines: the keyboard cursor, the hinted card, the card that may not be thrown back, a new card."""
        lay = self.app.layout
        table = self.app.table
        hand = self.my_hand()
        st = self.state
        marks = []
        if self.keyboard and hand:
            marks.append((hand[min(self.cursor, len(hand) - 1)], (120, 200, 255)))
        if isinstance(self.hint_action, (Discard, Knock)):
            marks.append((self.hint_action.card, GOLD))
        forbidden = st.forbidden_discard() if self.human_turn() else None
        for c, colour in marks:
            if c not in table.sprites or c not in set(hand):
                continue
            s = table.sprites[c]
            r = lay.card_rect(s.x, s.y, s.scale).inflate(lay.px(4), lay.px(4))
            pygame.draw.rect(surface, colour, r, max(2, lay.px(3)), border_radius=lay.cw // 9)
        if forbidden is not None and forbidden in hand:
            # a red mark in the card's visible strip: it may not go back to the pile this turn
            s = table.sprites[forbidden]
            r = lay.card_rect(s.x, s.y, s.scale)
            x = r.left + r.width * 0.45
            text.draw(surface, "\u2715", lay.font(18), RED, (x, r.top + lay.px(14)), bold=True)

    def draw_status(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        st = self.state
        x = lay.mx(lay.discard_lx + lay.cw * 0.5 + lay.px(28))
        y = lay.pile_y - lay.ch / 2 + lay.px(12)
        maxw = round(lay.w - (lay.discard_lx + lay.cw * 0.5 + lay.px(28)) - lay.margin)
        mine = self.human_turn()
        text.draw(surface, self.status_text(), lay.font(21), GOLD if mine else INK, (x, y), lay.anchor("midleft"),
                  bold=True, max_width=maxw)
        limit = st.rules.turn_timer
        if limit and mine and self.turn_key is not None:
            self.draw_timer(surface, x, y + lay.px(44), limit)
        if self.hint_text:
            size = lay.font(15)
            hy = y + lay.px(84)
            lines = text.wrap(self.hint_text, size, maxw)[:3]
            for i, line in enumerate(lines):
                text.draw(surface, line, size, INK, (x, hy + i * size * 1.3), lay.anchor("midleft"))

    def draw_timer(self, surface: pygame.Surface, x: float, y: float, limit: int) -> None:
        lay = self.app.layout
        left = max(0.0, self.turn_left)
        urgent = left <= URGENT_SECONDS
        r = lay.px(20)
        cx = x + (r if not lay.mirror else -r)
        colour = RED if urgent else GOLD
        if urgent:
            grow = 1 + 0.12 * pulse(left)
            r = round(r * grow)
        pygame.draw.circle(surface, (10, 40, 26), (round(cx), round(y)), r)
        frac = left / limit
        rect = pygame.Rect(0, 0, r * 2, r * 2)
        rect.center = (round(cx), round(y))
        if frac > 0:
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, max(3, lay.px(4)))
        text.draw(surface, str(math.ceil(left)), lay.font(15), colour, (cx, y), bold=True)

    def draw_log(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        if not self.log_lines:
            return
        size = lay.font(14)
        right = lay.stock_lx - lay.cw * 0.5 - lay.px(24)
        maxw = round(right - lay.margin)
        y = lay.pile_y - lay.ch / 2 + lay.px(10)
        n = len(self.log_lines)
        for i, line in enumerate(self.log_lines):
            colour = INK if i == n - 1 else INK_DIM
            text.draw(surface, line, size, colour, (lay.mx(right), y + i * size * 1.45), lay.anchor("midright"),
                      max_width=maxw)

    def draw_drag(self, surface: pygame.Surface, visible: set) -> None:
        d = self.drag
        table = self.app.table
        x, y = d.pos
        if d.kind == "card":
            table.draw_card(surface, d.card, x, y, 1.0, True, visible, lift=1.0)
        elif d.kind == "discard" and self.state.discard:
            table.draw_card(surface, self.state.discard[-1], x, y, 1.0, True, visible, lift=1.0)
        else:
            table.draw_card(surface, Card(0), x, y, 1.0, False, set(), lift=1.0)
