"""Where the hand result puts things: the two rows of the showdown, their labels, the free band of table
between them, the result panel (what it says, and so how tall it is) and the banner.

Every place follows the app's layout, so a resized window moves them all.  ``ResultScene`` (``result.py``)
stages the showdown on these places.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.animation.table import Target
from game.app.lang import text
from game.app.lang.i18n import equation, tr
from game.app.looks.layout import Layout
from game.app.looks.panels import GOLD, INK, INK_DIM, RED
from game.app.matches.match import Match
from game.app.play.eventlog import dead_hand
from game.app.stage.scene import Host
from game.app.stage.uitheme import label_width, ui_step
from game.engine import Card, HandResult, Phase

from .tablebase import TableScene

SCALE = 0.8  # the rows of the showdown, as a share of the card size
ROOMY = 1.0  # the rows' size where the window has room for full-size cards (4:3 windows)
Colour = tuple[int, int, int]


def panel_band(lay: Layout, scale: float) -> tuple[float, float]:
    """The band the result panel is centred in, the same for every hand at this window: the narrowest the
    free band gets (rows of ``scale`` cards, the top row under the scoreboard), so the panel lies inside the
    free band whatever the hand's rows."""
    top = lay.scoreboard_bottom + lay.px(8) + lay.ch * scale + lay.px(18)
    label = lay.hand_y - lay.px(6) - lay.ch * scale / 2 - lay.px(8) - lay.font(16) * 0.7
    return top, label - lay.font(16) * 0.7 - lay.px(10)


def most_lines_height(lay: Layout, sealed: bool, k: float = 1.0) -> int:
    """The tallest the result panel's lines get in a match, whatever its hands: a knock with layoffs or a
    dead hand's three lines of words, with the deal check's two lines when the match is sealed.  The panel
    is this tall every hand, so it keeps its size and its buttons their place."""

    def size(base: float) -> int:
        return max(text.MIN_SIZE, round(lay.font(base) * k))

    check = [(size(13), 0.6), (size(13), 0.1)] if sealed else []
    won = [(size(30), 0.0), (size(26), 0.45), (size(15), 0.3), (size(16), 0.5)]
    dead = [(size(30), 0.0), (size(17), 0.5), (size(17), 0.15), (size(17), 0.15)]
    return max(sum(round(high * (1.2 + gap)) for high, gap in rows + check) for rows in (won, dead))


@dataclass
class PanelPlan:
    """Where the result panel, its lines and its button go; ``k`` scales the lines' sizes."""

    rect: pygame.Rect
    text: pygame.Rect
    button: pygame.Rect
    k: float
    coach: pygame.Rect  # the Coach button's place (no width when the hand has no coach)


class ResultLayout(TableScene):
    """A table showing one hand's result: the places of its rows, labels, panel and banner."""

    def __init__(self, app: Host, match: Match, result: HandResult) -> None:
        super().__init__(app, match)
        self.result = result
        self._scale_for: tuple[object, float] = (None, SCALE)

    @property
    def dead(self) -> bool:
        return self.result.kind == "dead"


    @property
    def scale(self) -> float:
        """The rows' card size: full size where both rows spread unsqueezed and the panel still fits
        between them with its button below its lines, else ``SCALE``."""
        lay = self.app.layout
        if self._scale_for[0] is not lay:
            self._scale_for = (lay, ROOMY)
            if not self._roomy_fits():
                self._scale_for = (lay, SCALE)
        return self._scale_for[1]

    def _roomy_fits(self) -> bool:
        lay = self.app.layout
        cw = lay.cw * ROOMY
        for seat in (0, 1):
            for laid in (0, True):
                groups = self.groups(seat, laid)
                n = sum(len(g) for g, _ in groups)
                if cw * (1 + 0.7 * (n - 1)) + cw * 0.5 * (len(groups) - 1) > self.row_width(seat):
                    return False
        return self.roomy_window()

    def roomy_window(self) -> bool:
        """Whether the panel, as tall as it gets, fits stacked between rows of full-size cards."""
        top, bottom = panel_band(self.app.layout, ROOMY)
        return self.stacked_height() <= bottom - top

    def stacked_height(self) -> int:
        lay = self.app.layout
        return lay.px(32) + self.most_lines_height() + lay.px(14) + round(lay.button_h * 1.15)

    def panel_band(self) -> tuple[float, float]:
        return panel_band(self.app.layout, ROOMY if self.roomy_window() else SCALE)

    def most_lines_height(self, k: float = 1.0) -> int:
        return most_lines_height(self.app.layout, self.match.seal() is not None, k)

    def row_y(self, seat: int) -> float:
        lay = self.app.layout
        if seat == self.bottom:
            return lay.hand_y - lay.px(6)
        if self.top_row_beside():
            return lay.top_bar + lay.ch * self.scale / 2 + lay.px(16)
        return lay.scoreboard_bottom + lay.px(8) + lay.ch * self.scale / 2

    def row_width(self, seat: int) -> float:
        """The widest a row may spread: the window's width, or for the top row beside the scoreboard the
        room between it and the Menu button."""
        lay = self.app.layout
        if seat == self.top and self.top_row_beside():
            return lay.w - 2 * (lay.margin + lay.px(258))
        return lay.w - 2 * lay.margin - lay.px(20)

    def top_row_beside(self) -> bool:
        """Whether the top row fits, unsqueezed, between the scoreboard and the Menu button (up high, leaving
        the middle of the table roomy); a longer one goes below the scoreboard and uses the whole width."""
        lay = self.app.layout
        cw = lay.cw * self.scale
        widest = 0.0
        for laid in (0, True):
            groups = self.groups(self.top, laid)
            n = sum(len(g) for g, _ in groups)
            widest = max(widest, cw * (1 + 0.7 * (n - 1)) + cw * 0.5 * (len(groups) - 1))
        return widest <= lay.w - 2 * (lay.margin + lay.px(258))

    def label_y(self, seat: int) -> float:
        """Each row's label sits above it (the top row's between the scoreboard and the Menu button), so
        the middle of the table stays free for the piles, the banner and the panel."""
        lay = self.app.layout
        return self.row_y(seat) - lay.ch * self.scale / 2 - lay.px(8) - lay.font(16) * 0.7

    def label_width(self, seat: int) -> int:
        lay = self.app.layout
        if seat == self.top:
            return round(lay.w - 2 * (lay.margin + lay.px(258)))
        return lay.w - 2 * lay.margin

    def band(self) -> tuple[float, float]:
        """The free middle of the table: below the top row's meld bars, above the bottom row's label."""
        lay = self.app.layout
        top = self.row_y(self.top) + lay.ch * self.scale / 2 + lay.px(18)
        return top, self.label_y(self.bottom) - lay.font(16) * 0.7 - lay.px(10)

    def groups(self, seat: int, laid: int | bool) -> list[tuple[list[Card], str]]:
        """``seat``'s row as groups (melds, then deadwood) with the first ``laid`` layoffs on the knocker's
        melds (``True``: all of them)."""
        r = self.result
        n = len(r.layoffs) if laid is True else int(laid)
        if seat == r.knocker:
            melds = [list(m) for m in r.knocker_melds]
            for c, i in r.layoffs[:n]:
                if 0 <= i < len(melds):
                    melds[i].append(c)
            melds = [sorted(m, key=lambda c: (c.rank, c.suit)) if len({c.rank for c in m}) > 1
                     else sorted(m, key=lambda c: c.suit) for m in melds]
            out = [(m, "meld") for m in melds]
            if r.knocker_deadwood_cards:
                out.append((list(r.knocker_deadwood_cards), "dead"))
            return out
        out = [(list(m), "meld") for m in r.defender_melds]
        dead = list(r.defender_deadwood_cards) + [c for c, _ in r.layoffs[n:]]
        if dead:
            out.append((sorted(dead, key=lambda c: (c.value, c.rank, c.suit)), "dead"))
        return out

    def row_targets(self, seat: int, laid: int | bool) -> dict[Card, Target]:
        lay = self.app.layout
        cards, gaps = [], []
        for g, _kind in self.groups(seat, laid):
            for j, c in enumerate(g):
                cards.append(c)
                gaps.append(j == 0 and bool(cards[:-1]))
        xs = lay.row_xs(len(cards), gaps, lay.w / 2, self.row_width(seat), self.scale, 0.7, 0.5)
        y = self.row_y(seat)
        n = len(cards)
        return {c: Target(x, y, True, self.scale, 300 + (i if not lay.mirror else n - i), f"show{seat}")
                for i, (c, x) in enumerate(zip(cards, xs, strict=True))}

    def dead_words(self) -> str:
        """Why the hand is dead: the stock ran out, or the hand reached the rules' turn limit."""
        return dead_hand(self.result, "result.dead_text", "result.dead_text_turns")

    def panel_lines(self, k: float = 1.0, width: int | None = None) -> list[tuple[str, int, Colour, bool, float]]:
        """The result panel's lines: ``(text, size, colour, bold, space above in font heights)``, their sizes
        times ``k``; ``width`` is where the dead hand's words wrap."""
        lay = self.app.layout
        r = self.result

        def size(base: float) -> int:
            return max(text.MIN_SIZE, round(lay.font(base) * k))

        maxw = width or self.panel_width() - lay.px(40)
        if self.dead:
            lines = [(tr("result.title.dead"), size(30), GOLD, True, 0.0)]
            for i, line in enumerate(text.wrap(self.dead_words(), size(17), maxw)[:3]):
                lines.append((line, size(17), INK, False, 0.5 if i == 0 else 0.15))
            return lines + self.check_lines(size(13), maxw)
        say = self.match.say
        who = r.winner if r.kind == "undercut" else r.knocker
        assert who is not None and r.winner is not None  # only a dead hand has neither
        lines = [(say("result.title." + r.kind, who), size(30), GOLD, True, 0.0),
                 (say("result.points", r.winner, sum=equation(r.sum_text)), size(26), INK, True, 0.45),
                 (tr("result.sum_" + r.kind), size(15), INK_DIM, False, 0.3)]
        if r.layoffs:
            cards = " ".join(c.symbol for c, _ in r.layoffs)
            lines.append((tr("result.laid_off_list", cards=cards), size(16), GOLD, False, 0.5))
        return lines + self.check_lines(size(13), maxw)

    def check_lines(self, size: int, width: int) -> list[tuple[str, int, Colour, bool, float]]:
        """The deal check under a sealed hand: a tick when the revealed secret matches the seal, on two
        lines at most, cut short rather than wider than the panel."""
        check = self.deal_check()
        if check is None:
            return []
        words, ok = check
        parts = text.wrap_short(("\u2714 " if ok else "\u2716 ") + words, size, width, 2)
        colour = GOLD if ok else RED
        return [(part, size, colour, False, 0.6 if i == 0 else 0.1) for i, part in enumerate(parts)]

    @staticmethod
    def lines_height(lines) -> int:
        return sum(round(size * (1.2 + gap)) for _, size, _, _, gap in lines)

    def panel_width(self) -> int:
        lay = self.app.layout
        return round(min(lay.w - 2 * lay.margin, lay.px(760)))

    def panel_plan(self) -> PanelPlan:
        """The panel as tall as its lines get in this match, in the middle of the band every hand leaves
        free: the buttons under the lines when there is room, else beside them (at the end of the reading
        direction, Coach under Next), the lines a little smaller if even that is too tall.  Nothing of one
        hand moves it: at a given window it keeps its size and its buttons their places, whatever it says."""
        lay = self.app.layout
        pad, gap = lay.px(16), lay.px(12)
        bw, bh = self.button_width(), round(lay.button_h * 1.15)
        cw = self.coach_width() if self.app.nav.can_coach(self.match) else 0
        top, bottom = self.panel_band()
        room = bottom - top
        cy = (top + bottom) / 2
        w = self.panel_width()
        body = self.most_lines_height()
        stacked = pad + body + lay.px(14) + bh + pad
        if stacked <= room:
            rect = pygame.Rect(round(lay.w / 2 - w / 2), round(cy - stacked / 2), w, round(stacked))
            text_rect = pygame.Rect(rect.left + pad, rect.top + pad, w - 2 * pad, body)
            row = bw + (gap + cw if cw else 0)
            first = lay.mx(rect.centerx - row / 2 + bw / 2)
            button = pygame.Rect(round(first - bw / 2), rect.bottom - pad - bh, bw, bh)
            coach = pygame.Rect(0, button.top, cw, bh)
            coach.centerx = round(lay.mx(rect.centerx + row / 2 - cw / 2))
            return PanelPlan(rect, text_rect, button, 1.0, coach)
        w = round(min(lay.w - 2 * lay.margin, lay.px(900)))
        column = max(bw, cw)
        text_w = w - column - 3 * pad
        buttons_h = bh + (gap + bh if cw else 0)
        k = 1.0
        if pad * 2 + max(body, buttons_h) > room:
            k = max(0.6, (room - 2 * pad) / max(1, body))
            body = self.most_lines_height(k)
        h = round(pad * 2 + max(body, buttons_h))
        rect = pygame.Rect(round(lay.w / 2 - w / 2), round(cy - h / 2), w, h)
        text_rect = lay.rect(rect.left + pad, rect.top + round((h - body) / 2), text_w, body)
        y = round(rect.centery - buttons_h / 2)
        button = lay.rect(rect.right - pad - column, y, bw, bh)
        coach = lay.rect(rect.right - pad - column, y + bh + gap, cw, bh)
        return PanelPlan(rect, text_rect, button, k, coach)

    def coach_width(self) -> int:
        lay = self.app.layout
        return max(round(self.button_width() * 0.7), label_width(lay, tr("button.coach"), ("@tool", "button")))

    def button_key(self) -> str:
        return "button.continue" if self.state.phase is Phase.MATCH_OVER else "button.next_hand"

    def button_width(self) -> int:
        """Wide enough for the button's words, Next hand's, the last hand's Continue or an online deal's
        Dealing, so it is one width every hand (its font is the theme's 19 at this scale)."""
        lay = self.app.layout
        words = max(text.measure(tr(key), round(19 * ui_step(lay.s)), True)[0]
                    for key in ("button.next_hand", "button.continue", "net.dealing"))
        return max(round(lay.col_w * 1.1), words + lay.px(40))

    def panel_rect(self) -> pygame.Rect:
        return self.panel_plan().rect

    def banner_rect(self) -> pygame.Rect:
        lay = self.app.layout
        top, bottom = self.band()
        h = min(round(lay.font(54) * 1.25 + lay.font(20) * 1.6 + lay.px(24)), round(bottom - top))
        return pygame.Rect(0, round((top + bottom) / 2 - h / 2), lay.w, h)
