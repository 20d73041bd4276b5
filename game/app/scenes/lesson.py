"""The first lesson: one guided hand on the real table.  Over the play scene, a tip says one short thing at
a time beside what it is about, waits for the move it asks for (any other move gets a gentle word and is
refused through the play scene's gate), and ends with a summary.  Skippable at every step.

The play scene below is driven from here (an overlay covers the scene below, which then stands still):
the cards fly, the scripted computer moves.  Once the hand is over the play scene is no longer driven,
so the table stays in view for the last steps, which read the engine's result of the knock.
"""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import equation, tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, panel, veil
from game.app.matches.lesson import STEPS, Step
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width
from game.engine import Action, Phase
from game.engine.cards import mask_of
from game.engine.melds import deadwood_of_mask

from .guide import hand_rect, opponent_rect, place_tip, shade_and_point
from .play import PlayScene

_READ_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class LessonScene(Scene):
    name = "lesson"
    opaque = False

    def __init__(self, app: Host, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.step = 0
        self.moved = False  # the move the step waits for was made
        play.guide_due = False
        play.gate = self.gate

    @property
    def current(self) -> Step:
        return STEPS[self.step]

    # ------------------------------------------------------------------ the words

    def words(self, step: Step | None = None) -> str:
        """What the step says, its figures read from the table and the engine's result."""
        step = step or self.current
        st = self.play.match.state
        card = step.card.symbol if step.card is not None else ""
        if step.key == "draw":
            card = st.discard[-1].symbol if st.discard else ""
        res = st.last_result
        left = deadwood_of_mask(mask_of(c for c in st.hands[0] if c != step.card))
        params: dict[str, object] = {"card": card, "limit": st.knock_limit, "left": left,
                                     "deadwood": deadwood_of_mask(mask_of(st.hands[0])),
                                     "bonus": st.rules.gin_bonus}
        if res is not None:
            params.update(cards=" ".join(c.symbol for c, _ in res.layoffs), before=res.defender_deadwood_before_layoffs,
                          after=res.defender_deadwood, mine=res.knocker_deadwood, theirs=res.defender_deadwood,
                          sum=equation(res.sum_text))
        return tr("lesson." + step.key, **params)

    def gate(self, action: Action) -> str | None:
        """The play scene asks before each of the player's moves: None lets it through, else the gentle word."""
        step = self.current
        if step.expect is not None and action == step.expect and not self.moved:
            self.moved = True
            return None
        if step.expect is None or self.moved:
            return tr("lesson.read")
        return tr("lesson.wrong", do=tr("lesson.do." + step.key, card=step.card.symbol if step.card else ""))

    # ------------------------------------------------------------------ where the tip points

    def target(self) -> pygame.Rect | None:
        lay = self.app.layout
        step = self.current
        point = step.point
        if point == "card" and step.card is not None:
            sprite = self.app.table.sprites[step.card]
            t = sprite.target
            if t is not None and t.zone.startswith("hand"):
                return lay.card_rect(t.x, t.y).inflate(lay.px(10), lay.px(10))
            point = "hand"
        if point == "hand":
            return hand_rect(self.app).inflate(lay.px(12), lay.px(12))
        if point == "opponent":
            return opponent_rect(self.app).inflate(lay.px(12), lay.px(12))
        if point == "counter":
            w = round(lay.hand_max_width * 0.7)
            return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.counter_y - lay.px(14)), w, lay.px(28))
        if point == "knock":
            b = self.play.controls.buttons.get("knock")
            if b is not None:
                return pygame.Rect(b.get_abs_rect()).inflate(lay.px(10), lay.px(10))
        if point in ("pile", "stock"):
            x = lay.discard_x if point == "pile" else lay.stock_x
            return lay.card_rect(x, lay.pile_y).inflate(lay.px(16), lay.px(16))
        return None

    def _buttons(self) -> tuple[int, int, int]:
        """Width of each button, their height and the gap between them (wide enough for their words)."""
        lay = self.app.layout
        labels = [tr("guide.next"), tr("lesson.finish"), tr("lesson.skip")]
        bw = max([round(lay.col_w * 0.8)] + [label_width(lay, t, ("@primary", "button")) for t in labels])
        return bw, lay.button_h, lay.px(10)

    def panel_size(self) -> tuple[int, int]:
        lay = self.app.layout
        bw, bh, gap = self._buttons()
        w = min(lay.w - 2 * lay.margin, max(lay.px(460), 2 * bw + gap + lay.px(28)))
        size = lay.font(16)
        lines = len(text.wrap(self.words(), size, w - lay.px(32)))
        return w, lay.px(44) + round(lines * size * 1.25) + lay.px(12) + bh + lay.px(12)

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w, h = self.panel_size()
        t = self.target()
        if t is None:
            return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.pile_y - h / 2), w, h)
        return place_tip(self.app, t, w, h, self.play_widgets())

    def play_widgets(self) -> list:
        return [b for b in self.play.controls.buttons.values() if b.alive() and b.visible]

    # ------------------------------------------------------------------ widgets

    def enter(self) -> None:
        super().enter()
        self._show_knock()

    def resize(self) -> None:
        super().resize()
        self._show_knock()

    def _show_knock(self) -> None:
        """The scene below hides its widgets while covered; the Knock button is one of the lesson's steps (and,
        the hand over, nothing to press)."""
        b = self.play.controls.buttons.get("knock")
        if b is None or not b.alive():
            return
        if self.hand_over():
            if b.visible:
                b.hide()
        elif not b.visible:
            b.show()

    def build_ui(self) -> None:
        lay = self.app.layout
        self._show_knock()
        r = self.panel_rect()
        bw, bh, gap = self._buttons()
        step = self.current
        y = r.bottom - bh - lay.px(12)
        right = pygame.Rect(r.right - bw - lay.px(14), y, bw, bh)
        left = pygame.Rect(right.left - bw - gap, y, bw, bh)
        if lay.mirror:
            right.x, left.x = r.left + lay.px(14), r.left + lay.px(14) + bw + gap
        last = self.step == len(STEPS) - 1
        if last:
            self.button(right, "lesson.finish", "#lesson_finish", self.finish, class_id="@primary")
            return
        if step.expect is None and not step.computer:
            self.button(right, "guide.next", "#lesson_next", self.next, class_id="@primary")
            self.button(left, "lesson.skip", "#lesson_skip", self.finish, class_id="@tool")
        else:
            self.button(right, "lesson.skip", "#lesson_skip", self.finish, class_id="@tool")

    # ------------------------------------------------------------------ the steps

    def next(self) -> None:
        """On to the next step (the last one finishes the lesson)."""
        if self.step >= len(STEPS) - 1:
            self.finish()
            return
        self.step += 1
        self.moved = False
        self.rebuild_ui()

    def finish(self) -> None:
        """The lesson ends (done or skipped): marked as done, back to the menu."""
        self.play.gate = None
        if not self.app.settings.lesson_done:
            self.app.apply_settings(self.app.settings.with_(lesson_done=True))
        self.app.nav.to_menu()

    def ready(self) -> bool:
        """The step's move is made and the table has caught up with it (the computer's, for its step)."""
        step = self.current
        if self.app.table.busy:
            return False
        if step.computer:
            st = self.play.match.state
            return self.play.human_turn() and st.phase is Phase.DRAW
        return step.expect is not None and self.moved  # the gate let it through, the engine took it

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish()
            return
        if event.type == pygame.KEYDOWN and event.key in _READ_KEYS and self.current.expect is None \
                and not self.current.computer:
            self.next()
            return
        pos = getattr(event, "pos", None)
        if pos is not None and event.type == pygame.MOUSEBUTTONDOWN and self.panel_rect().collidepoint(pos):
            return  # a click on the tip is not a click on the table
        if not self.hand_over():
            self.play.handle_event(event)

    def hand_over(self) -> bool:
        return self.play.match.state.phase not in (Phase.DRAW, Phase.DISCARD)

    def update(self, dt: float) -> None:
        if self.hand_over():
            self.app.table.update(dt)  # the cards settle; the result screen is not shown in the lesson
            self._show_knock()
        else:
            self.play.update(dt)
            self._show_knock()
        if self.ready():
            self.next()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        t = self.target()
        if t is None:
            veil(surface, 170)  # the last word stands alone, the table's own lines behind it
        else:
            shade_and_point(surface, self.app, t, r)
        self.draw_shown(surface)
        panel(surface, r, radius=lay.px(14))
        text.draw(surface, tr("lesson.title", n=self.step + 1, total=len(STEPS)), lay.font(15), GOLD,
                  (r.left + lay.px(16) if not lay.mirror else r.right - lay.px(16), r.top + lay.px(18)),
                  lay.anchor("midleft"), bold=True, max_width=r.width - lay.px(32))
        body = pygame.Rect(r.left + lay.px(16), r.top + lay.px(32), r.width - lay.px(32), r.height - lay.px(40))
        text.draw_wrapped(surface, self.words(), lay.font(16), INK, body, line_gap=1.25)

    def draw_shown(self, surface: pygame.Surface) -> None:
        """After the knock, the computer's hand face up where it lies: its melds, its deadwood, then the cards
        it laid off, ringed in gold (the hand is over, so both hands are public)."""
        res = self.play.match.state.last_result
        if res is None or self.current.point != "opponent" or not self.hand_over():
            return
        lay = self.app.layout
        laid = [c for c, _ in res.layoffs]
        cards = [c for m in res.defender_melds for c in m] + list(res.defender_deadwood_cards) + laid
        cw, ch = round(lay.cw * lay.opp_scale), round(lay.ch * lay.opp_scale)
        # where its cards lay face down, left to right in every language
        for c, x in zip(cards, sorted(self.play.top_row(len(cards))), strict=True):
            r = cardart.draw_face(surface, c, (round(x), round(lay.opp_y)), cw, ch, self.app.card_style)
            if c in laid:
                pygame.draw.rect(surface, GOLD, r, max(2, lay.px(3)), border_radius=max(3, cw // 10))
