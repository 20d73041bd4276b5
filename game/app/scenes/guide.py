"""The first-match guide: three short tips in the order of play (draw and throw, the deadwood counter,
the Knock button), each beside what it explains and never over it.  Shown once; the settings can bring
it back."""
from __future__ import annotations

import pygame

from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, panel
from game.app.stage.scene import Host, Scene
from game.app.stage.uitheme import label_width

STEPS = ("piles", "counter", "knock")


class GuideScene(Scene):
    name = "guide"
    opaque = False

    def __init__(self, app: Host, play) -> None:
        super().__init__(app)
        self.play = play
        self.step = 0

    # ------------------------------------------------------------------ where each tip points

    def target(self) -> pygame.Rect:
        lay = self.app.layout
        key = STEPS[self.step]
        if key == "counter":
            w = round(lay.hand_max_width * 0.7)
            return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.counter_y - lay.px(14)), w, lay.px(28))
        if key == "knock":
            b = self.play.controls.buttons.get("knock")
            if b is not None:
                return b.get_abs_rect().inflate(lay.px(10), lay.px(10))
            return pygame.Rect(lay.w - lay.margin - lay.col_w, round(lay.hand_y - lay.ch / 2), lay.col_w, lay.button_h)
        stock = lay.card_rect(lay.stock_x, lay.pile_y)
        discard = lay.card_rect(lay.discard_x, lay.pile_y)
        return stock.union(discard).inflate(lay.px(16), lay.px(16))

    def _buttons(self) -> tuple[int, int, int]:
        """Width of each button, their height and the gap between them (wide enough for their words)."""
        lay = self.app.layout
        labels = [tr("guide.next"), tr("guide.done"), tr("guide.skip")]
        bw = max([round(lay.col_w * 0.8)] + [label_width(lay, t, ("@primary", "button")) for t in labels])
        return bw, lay.button_h, lay.px(10)

    def panel_size(self) -> tuple[int, int]:
        lay = self.app.layout
        bw, bh, gap = self._buttons()
        w = min(lay.w - 2 * lay.margin, max(lay.px(440), 2 * bw + gap + lay.px(28)))
        size = lay.font(16)
        lines = len(text.wrap(tr("guide." + STEPS[self.step]), size, w - lay.px(32)))
        return w, lay.px(44) + round(lines * size * 1.25) + lay.px(12) + bh + lay.px(12)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.panel_size()
        return place_tip(self.app, self.target(), w, h, self.play_widgets())

    def play_widgets(self) -> list:
        """The table's widgets that show while the tips do (the Knock button)."""
        return [b for b in self.play.controls.buttons.values() if b.alive() and b.visible]

    # ------------------------------------------------------------------ widgets

    def enter(self) -> None:
        super().enter()
        self._show_knock()

    def _show_knock(self) -> None:
        """The scene below hides its widgets while covered; the Knock button is one of the tips' subjects."""
        b = self.play.controls.buttons.get("knock")
        if b is not None and b.alive() and not b.visible:
            b.show()

    def resize(self) -> None:
        super().resize()
        self._show_knock()

    def build_ui(self) -> None:
        lay = self.app.layout
        self._show_knock()
        r = self.panel_rect()
        bw, bh, gap = self._buttons()
        last = self.step == len(STEPS) - 1
        y = r.bottom - bh - lay.px(12)
        right = pygame.Rect(r.right - bw - lay.px(14), y, bw, bh)
        left = pygame.Rect(right.left - bw - gap, y, bw, bh)
        if lay.mirror:
            right.x, left.x = r.left + lay.px(14), r.left + lay.px(14) + bw + gap
        self.button(right, "guide.done" if last else "guide.next", "#guide_next", self.next, class_id="@primary")
        if not last:
            self.button(left, "guide.skip", "#guide_skip", self.finish, class_id="@tool")

    def next(self) -> None:
        if self.step >= len(STEPS) - 1:
            self.finish()
            return
        self.step += 1
        self.rebuild_ui()
        self._show_knock()

    def finish(self) -> None:
        self.app.pop(self)
        if not self.app.settings.guide_shown:
            self.app.apply_settings(self.app.settings.with_(guide_shown=True))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next()
            elif event.key == pygame.K_ESCAPE:
                self.finish()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        t = self.target()
        r = self.panel_rect()
        shade_and_point(surface, self.app, t, r)
        panel(surface, r, radius=lay.px(14))
        key = STEPS[self.step]
        text.draw(surface, tr("guide.title", n=self.step + 1, total=len(STEPS)), lay.font(15), GOLD,
                  (r.left + lay.px(16) if not lay.mirror else r.right - lay.px(16), r.top + lay.px(18)),
                  lay.anchor("midleft"), bold=True, max_width=r.width - lay.px(32))
        body = pygame.Rect(r.left + lay.px(16), r.top + lay.px(32), r.width - lay.px(32), r.height - lay.px(40))
        text.draw_wrapped(surface, tr("guide." + key), lay.font(16), INK, body, line_gap=1.25)


def place_tip(app: Host, t: pygame.Rect, w: int, h: int, widgets: list) -> pygame.Rect:
    """Beside the target ``t``, where a tip of ``w`` by ``h`` fits on the screen and covers neither what it
    explains, nor the table's ``widgets``, nor (where there is room) the hand, the piles and the opponent's
    cards: above or beside the target first, then in the free band beside the piles."""
    lay = app.layout
    screen = pygame.Rect(lay.margin, lay.margin, lay.w - 2 * lay.margin, lay.h - 2 * lay.margin)
    gap = lay.px(18)
    before = (t.left - gap - w) if not lay.mirror else (t.right + gap)
    after = (t.right + gap) if not lay.mirror else (t.left - gap - w)
    piles = lay.card_rect(lay.stock_x, lay.pile_y).union(lay.card_rect(lay.discard_x, lay.pile_y))
    piles.inflate_ip(lay.px(16), lay.px(16))
    band = lay.pile_y - h / 2
    candidates = [(t.centerx - w / 2, t.top - gap - h), (before, t.centery - h / 2),
                  (after, t.centery - h / 2), (t.centerx - w / 2, t.bottom + gap),
                  (piles.left - gap - w, band), (piles.right + gap, band)]
    if lay.mirror:
        candidates[4], candidates[5] = candidates[5], candidates[4]
    hand = hand_rect(app)
    opponent = opponent_rect(app)
    must = [t] + [b.get_abs_rect() for b in widgets]
    rects = [pygame.Rect(round(x), round(y), w, h).clamp(screen) for x, y in candidates]
    for keep_clear in (must + [hand, piles, opponent], must + [hand, piles], must):
        for r in rects:
            if not any(r.colliderect(c) for c in keep_clear):
                return r
    return rects[0]


def hand_rect(app: Host) -> pygame.Rect:
    lay = app.layout
    return pygame.Rect(round(lay.w / 2 - lay.hand_max_width / 2), round(lay.hand_y - lay.ch / 2 - lay.lift),
                       round(lay.hand_max_width), round(lay.ch + lay.lift))


def opponent_rect(app: Host) -> pygame.Rect:
    lay = app.layout
    ow, oh = lay.opp_max_width, lay.ch * lay.opp_scale
    return pygame.Rect(round(lay.w / 2 - ow / 2), round(lay.opp_y - oh / 2), round(ow), round(oh))


def shade_and_point(surface: pygame.Surface, app: Host, t: pygame.Rect | None, r: pygame.Rect) -> None:
    """The table dimmed but for ``t``, ringed in gold, and a line from the tip ``r`` to it."""
    lay = app.layout
    shade = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    if t is not None:
        pygame.draw.rect(shade, (0, 0, 0, 0), t, border_radius=lay.px(10))
    surface.blit(shade, (0, 0))
    if t is None:
        return
    pygame.draw.rect(surface, GOLD, t, max(2, lay.px(3)), border_radius=lay.px(10))
    a = pygame.Vector2(r.center)
    b = pygame.Vector2(t.center)
    if a != b:
        start = _edge_point(r, b)
        end = _edge_point(t, a)
        pygame.draw.line(surface, GOLD, start, end, max(2, lay.px(3)))
        pygame.draw.circle(surface, GOLD, end, max(3, lay.px(6)))


def _edge_point(rect: pygame.Rect, toward: pygame.Vector2) -> pygame.Vector2:
    """Where the line from ``rect``'s centre toward ``toward`` leaves the rectangle."""
    c = pygame.Vector2(rect.center)
    d = toward - c
    if d.length_squared() == 0:
        return c
    sx = (rect.width / 2) / abs(d.x) if d.x else float("inf")
    sy = (rect.height / 2) / abs(d.y) if d.y else float("inf")
    return c + d * min(sx, sy, 1.0)
