"""The cut: the game has sealed the whole match (its seal is behind Details before any card moves);
the player gives the other half, their seed once a match and the cut each hand.  One plain sentence
says what is proved, one what to do: click anywhere (on the deck to choose the place) or press Enter;
the marker starts at a card chosen at random, so the quickest cut is no constant.  "Details" shows the
whole seal (to copy or save) and the seed, made fresh when the match's seal is new and changeable there:
a change seals the match again at once, before the new seed is taken.  "Cut for me" gives the cut 0,
so the game chooses nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.animation.anim import Tween, out_cubic
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart
from game.app.looks.panels import GOLD, INK, INK_DIM, felt
from game.app.matches.fairdeal import cut_at, new_seed, start_marker, usable_seed
from game.app.stage.scene import Scene

from .cut_details import CutDetails, copy_text, save_seal

if TYPE_CHECKING:
    from game.app.stage.scene import Host
    from game.engine.fairness_chain import MatchSeal

CUT_TIME = 0.45  # seconds (times the animation speed) the two halves take to change places
STEPS = 51  # arrow-key marker positions between the cards


class CutScene(Scene):
    name = "cut"

    def __init__(self, app: Host, chain: MatchSeal, cutter: str | None,
                 on_cut: Callable[[MatchSeal, int | None], None], game_cuts: bool = False) -> None:
        super().__init__(app)
        self.game_cuts = game_cuts  # a duel between two computers: only the seed is asked, the cut is 0
        self.chain = chain  # the match's seal, shown before the seed is taken
        self.cutter = cutter  # the player's name in hot-seat; None against the computer
        self.on_cut = on_cut
        # the match's seed, or one made now, after the seal: the player may type their own in Details
        self.seed_text = chain.player_seed if chain.player_seed is not None else new_seed()
        self.marker = start_marker()  # where the cut would go, 0..1 along the deck
        self.cutting = False
        self.cut: int | None = None  # the card cut, 1..52; None when the game cut
        self.split: Tween | None = None
        self.show_details = False
        self.details: CutDetails | None = None

    # ------------------------------------------------------------------ widgets

    def build_ui(self) -> None:
        lay = self.app.layout
        keys = [("cut.hide_details" if self.show_details else "cut.details", "#cut_details", self.toggle_details),
                ("cut.for_me", "#cut_for_me", self.cut_for_me)]
        size = lay.font(21)
        bw = max(round(lay.col_w * 1.1), *(text.measure(tr(k), size)[0] + lay.px(40) for k, _, _ in keys))
        bw = min(bw, (lay.w - 2 * lay.margin - lay.px(16)) // 2)
        bh, gap = lay.button_h, lay.px(16)
        y = self.buttons_y()
        x = lay.w / 2 - bw - gap / 2
        for i, (key, oid, fn) in enumerate(keys):
            self.button(lay.rect(x + i * (bw + gap), y, bw, bh), key, oid, fn, class_id="@tool")
        self.button(lay.rect(lay.w - lay.margin - round(lay.col_w * 0.7), lay.px(8), round(lay.col_w * 0.7),
                             lay.button_h), "button.menu", "#menu_button", self.app.nav.pause, class_id="@tool")
        self.details = None
        if self.show_details:
            self.details = CutDetails(self, self.details_rect())
            self.details.build(self.seed_text)

    def buttons_y(self) -> int:
        """Below the deck; with the details open, right below them, the deck then below the buttons."""
        return self.details_rect().bottom + self.app.layout.px(16) if self.show_details else self.home_buttons_y()

    def home_buttons_y(self) -> int:
        lay = self.app.layout
        return min(round(self.home_deck().bottom + lay.px(52)), lay.h - lay.margin - lay.button_h)

    def details_rect(self) -> pygame.Rect:
        lay = self.app.layout
        top = round(lay.h * 0.12 + lay.px(30))
        w = min(lay.w - 2 * lay.margin, lay.px(760))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), top, w, self.home_buttons_y() - lay.px(12) - top)
        rect.height = min(rect.height, CutDetails(self, rect).needed_height())
        return rect

    def toggle_details(self) -> None:
        if self.show_details:
            self.keep_seed()
        self.show_details = not self.show_details
        self.rebuild_ui()

    def keep_seed(self) -> None:
        """The seed typed in the details becomes the seed this cut takes."""
        typed = self.details.seed() if self.details is not None else None
        if typed is not None:
            self.seed_changed(typed)

    def seed_changed(self, typed: str) -> None:
        """A seed other than the match's seals the match again at once: the new seal is on screen before
        the new seed is taken (at the cut)."""
        self.seed_text = typed
        if self.chain.player_seed is not None and usable_seed(typed) != self.chain.player_seed:
            self.chain = self.app.nav.new_seal(self.chain.next_hand)

    def make_seed(self) -> None:
        """"New seed": one made on the player's side, put in the field."""
        self.seed_changed(new_seed())
        if self.details is not None:
            self.details.show_seed(self.seed_text)

    def copy_seal(self) -> None:
        done = copy_text(self.chain.commitment)
        self.app.toast(tr("cut.copied" if done else "cut.copy_failed"), 3.0)

    def save_seal(self) -> None:
        path = save_seal(self.app.nav.history().folder, self.chain)
        self.app.toast(tr("cut.saved", file=str(path)) if path else tr("cut.save_failed"), 5.0)

    # ------------------------------------------------------------------ geometry

    def home_deck(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin - lay.cw, lay.px(900))
        rect = pygame.Rect(0, 0, round(w + lay.cw), lay.ch)
        rect.center = (lay.w // 2, round(lay.h * 0.5))
        return rect

    def card_size(self) -> tuple[int, int]:
        """The table's cards; with the details open, as tall as the room left below the buttons."""
        lay = self.app.layout
        if not self.show_details:
            return lay.cw, lay.ch
        ch = max(lay.px(40), min(lay.ch, lay.h - lay.margin - (self.buttons_y() + lay.button_h + lay.px(48))))
        return max(1, round(lay.cw * ch / lay.ch)), ch

    def deck_rect(self) -> pygame.Rect:
        """The deck in the middle; with the details open, below the buttons, so it can still be cut."""
        rect, lay = self.home_deck(), self.app.layout
        if self.show_details:
            (cw, ch), w = self.card_size(), rect.width - lay.cw
            rect = pygame.Rect(lay.w // 2 - (w + cw) // 2, self.buttons_y() + lay.button_h + lay.px(48), w + cw, ch)
        return rect

    def fraction_at(self, x: float) -> float:
        r = self.deck_rect()
        cw = self.card_size()[0]
        span = max(1, r.width - cw)
        f = (x - r.left - cw / 2) / span
        return 1.0 - f if self.app.layout.mirror else f

    # ------------------------------------------------------------------ cutting

    def do_cut(self, cut: int | None) -> None:
        """Cut at card ``cut`` (1..52), or None for "Cut for me"; the seal takes the seed if it has none."""
        if self.cutting:
            return
        self.keep_seed()
        if self.chain.player_seed is None:
            self.chain.take_seed(usable_seed(self.seed_text) or new_seed())  # an empty field: a made seed
        self.cutting, self.cut = True, None if self.game_cuts else cut
        self.app.cue("deal")
        speed = self.app.pace
        self.split = Tween(CUT_TIME * speed, ease=out_cubic)
        if speed <= 0:
            self.finish()

    def cut_for_me(self) -> None:
        self.do_cut(None)

    def finish(self) -> None:
        if not self.cutting:
            return
        self.on_cut(self.chain, self.cut)

    # ------------------------------------------------------------------ loop

    def on_widget(self, pos: tuple[int, int]) -> bool:
        return any(w.visible and w.rect.collidepoint(pos) for w in self.widgets)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if self.cutting:
            if event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN:
                self.finish()  # skip the animation
            return
        details = self.show_details
        if details:
            self.details_event(event)
        on_deck = event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.deck_rect().collidepoint(
            event.pos)
        if on_deck:
            self.marker = min(1.0, max(0.0, self.fraction_at(event.pos[0])))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.on_widget(event.pos) \
                and (on_deck or not details):  # with the details open only the deck cuts
            self.do_cut(cut_at(self.marker))
        elif event.type == pygame.KEYDOWN and not details:
            self.key(event.key)

    def key(self, key: int) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = (1 if key == pygame.K_RIGHT else -1) * (-1 if self.app.layout.mirror else 1)
            self.marker = min(1.0, max(0.0, round(self.marker * STEPS + step) / STEPS))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_DOWN):
            self.do_cut(cut_at(self.marker))
        elif key == pygame.K_c:
            self.cut_for_me()
        elif key == pygame.K_d:
            self.toggle_details()
        elif key == pygame.K_ESCAPE:
            self.app.nav.pause()

    def details_event(self, event: pygame.event.Event) -> None:
        """With the details open: Enter in the seed field keeps the seed and closes them, as does Escape;
        the first change to the match's seed seals the match again."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.details is not None \
                and self.details.is_entry(event.ui_element):
            self.seed_changed(event.text)
        finished = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.details is not None \
            and self.details.is_entry(event.ui_element)
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if finished or escape:
            self.toggle_details()

    def update(self, dt: float) -> None:
        if self.split is not None:
            self.split.update(dt)
            if self.split.done:
                self.split = None
                self.finish()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        width = lay.w - 2 * lay.margin
        title = tr("cut.title_named", name=self.cutter) if self.cutter else tr("cut.title")
        text.draw(surface, title, lay.font(34), GOLD, (lay.w / 2, lay.h * 0.12), bold=True, max_width=width)
        if self.details is not None:
            self.details.draw(surface, self.chain)
            if not self.cutting:
                text.draw(surface, tr("cut.hint_deck"), lay.font(19), INK,
                          (lay.w / 2, self.deck_rect().top - lay.px(28)), max_width=width)
            self.draw_deck(surface)
            return
        hint = tr("cut.hint") if not self.cutting else tr("cut.done", n=self.cut) if self.cut else tr("cut.by_game")
        top = self.deck_rect().top
        text.draw(surface, tr("cut.promise"), lay.font(17), INK_DIM, (lay.w / 2, top - lay.px(76)), max_width=width)
        text.draw(surface, hint, lay.font(19), INK, (lay.w / 2, top - lay.px(40)), max_width=width)
        self.draw_deck(surface)

    def draw_deck(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        r = self.deck_rect()
        cw, ch = self.card_size()
        back = cardart.back(cw, ch, self.app.card_style)
        n = 52
        step = (r.width - cw) / (n - 1)
        at = round(self.marker * (n - 1))
        if lay.mirror:
            at = n - 1 - at
        shift = 0.0
        if self.cutting:
            shift = self.split.value if self.split is not None else 1.0
        for i in range(n):
            x = r.left + i * step
            if self.cutting:
                # the two halves change places: the far part comes to the front
                left_part = i < at
                width_other = (n - at) * step if left_part else at * step
                x += width_other * shift if left_part else -width_other * shift
                y_off = -lay.px(18) * (1 - abs(2 * shift - 1)) * (1 if left_part else -1)
            else:
                y_off = -lay.px(10) if i >= at else 0
            surface.blit(back, (round(x), round(r.top + y_off)))
        if not self.cutting:
            mx = r.left + at * step
            pygame.draw.line(surface, GOLD, (round(mx), r.top - lay.px(14)), (round(mx), r.bottom + lay.px(14)),
                             max(2, lay.px(3)))
