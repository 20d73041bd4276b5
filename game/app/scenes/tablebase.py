"""What the deal, play and result scenes share: where each card belongs, and the table's furniture.

``targets`` turns the engine state into a place for every card, seen from one seat (the viewer,
at the bottom).  Only the viewer's own hand and public cards (the discard pile, cards taken from
it, the refused upcard) are ever in the visible set; a hot-seat table with no viewer shows none.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from game.app.animation.table import Target
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks.panels import GOLD, INK, INK_DIM, MELD_COLOURS, PANEL, chip, felt, panel
from game.app.matches.match import Match
from game.app.shell.scene import Host, Scene
from game.app.shell.vocab import SORT_CYCLE
from game.engine import IN_PLAY, Card, best_arrangement
from game.engine.cards import cards_of, mask_of
from game.engine.melds import Arrangement

from ..play.model import bottom_seat

SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3}  # clubs, diamonds, spades, hearts: black and red take turns


@lru_cache(maxsize=256)
def _arrangement(mask: int) -> Arrangement:
    return best_arrangement(cards_of(mask))


def arrangement(cards: Iterable[Card]) -> Arrangement:
    return _arrangement(mask_of(cards))


def meld_ids(cards) -> dict[Card, int]:
    """Which meld of the best arrangement each card belongs to (deadwood absent)."""
    arr = arrangement(cards)
    return {c: i for i, m in enumerate(arr.melds) for c in m}


def sorted_hand(cards, mode: str) -> list[Card]:
    cards = list(cards)
    if mode == "rank":
        return sorted(cards, key=lambda c: (c.rank, c.suit))
    if mode == "suit":
        return sorted(cards, key=lambda c: (SUIT_ORDER[c.suit], c.rank))
    arr = arrangement(cards)
    out = [c for m in arr.melds for c in m]
    return out + sorted(arr.deadwood_cards, key=lambda c: (c.rank, c.suit))


class TableScene(Scene):
    """A scene that shows the card table for a match."""

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.viewer: int | None = 0 if match.vs_bot else None
        ui = app.nav.hand_view  # display order and sort mode per seat, kept across scenes of a match
        self.order: list[list[Card]] = ui.order
        self.sort_mode: list[str] = ui.sort

    @property
    def state(self):
        return self.match.state

    @property
    def bottom(self) -> int:
        """The seat shown at the bottom of the table."""
        return bottom_seat(self.match, self.viewer)

    @property
    def top(self) -> int:
        return 1 - self.bottom

    def resize(self) -> None:
        super().resize()
        self.place_cards()

    def place_cards(self) -> None:
        """Put every card at once where the current layout wants it (a new window size)."""
        self.app.table.set_targets(self.targets(), snap=True)

    # ------------------------------------------------------------------ what may be seen

    def public_cards(self) -> set[Card]:
        st = self.state
        seen = set(st.discard) | set(st.out_of_play)
        seen.update(st.held_picks(0))
        seen.update(st.held_picks(1))
        return seen

    def visible_cards(self) -> set[Card]:
        seen = self.public_cards()
        if self.viewer is not None:
            seen.update(self.state.hands[self.viewer])
        return seen

    # ------------------------------------------------------------------ hand order

    def sync_order(self, seat: int) -> list[Card]:
        hand = self.state.hands[seat]
        held = set(hand)
        order = [c for c in self.order[seat] if c in held]
        known = set(order)
        new = [c for c in hand if c not in known]
        mode = self.sort_mode[seat]
        if seat == self.viewer and mode in SORT_CYCLE:
            order = sorted_hand(hand, mode)
        else:
            order += new
        self.order[seat] = order
        return order

    # ------------------------------------------------------------------ targets

    def hand_gaps(self, order: list[Card]) -> tuple[list[bool], dict[Card, int]]:
        ids = meld_ids(order)
        gaps = [False]
        for a, b in zip(order, order[1:], strict=False):
            ia, ib = ids.get(a), ids.get(b)
            gaps.append(ia != ib and (ia is not None or ib is not None))
        return gaps, ids

    def bottom_row(self, order: list[Card]) -> list[float]:
        lay = self.app.layout
        gaps, _ = self.hand_gaps(order) if self.viewer == self.bottom else ([False] * len(order), {})
        return lay.row_xs(len(order), gaps, lay.w / 2, lay.hand_max_width)

    def top_row(self, n: int) -> list[float]:
        lay = self.app.layout
        return lay.row_xs(n, [False] * n, lay.w / 2, lay.opp_max_width, lay.opp_scale, 0.46)

    def targets(self, lifted: Card | None = None) -> dict[Card, Target]:
        lay = self.app.layout
        st = self.state
        out: dict[Card, Target] = {}
        public = self.public_cards()
        for c in st.stock:
            out[c] = Target(lay.stock_x, lay.pile_y, False, 1.0, 0, "stock")
        n = len(st.discard)
        for i, c in enumerate(st.discard):
            zone = "discard" if i >= n - 2 else "under"
            out[c] = Target(lay.discard_x, lay.pile_y, True, 1.0, 10 + i, zone)
        for c in st.out_of_play:
            out[c] = Target(lay.mx(lay.stock_lx - lay.cw * 1.5), lay.pile_y + lay.ch * 0.22, True, 0.62, 5, "out",
                            dim=True)
        b = self.bottom
        order = self.sync_order(b)
        xs = self.bottom_row(order)
        face = self.viewer == b
        # each card lies on the one to its right, so every corner index stays in view (also mirrored)
        n = len(order)
        for i, (c, x) in enumerate(zip(order, xs, strict=True)):
            y = lay.hand_y - (lay.lift if c == lifted else 0)
            z = 200 + (i if not lay.mirror else n - i)
            out[c] = Target(x, y, face or c in public, 1.0, z, f"hand{b}")
        t = 1 - b
        order_t = self.sync_order(t)
        n = len(order_t)
        for i, (c, x) in enumerate(zip(order_t, self.top_row(n), strict=True)):
            z = 100 + (i if not lay.mirror else n - i)
            out[c] = Target(x, lay.opp_y, c in public, lay.opp_scale, z, f"hand{t}")
        return out

    # ------------------------------------------------------------------ furniture

    def draw_felt(self, surface: pygame.Surface, piles: bool = True) -> None:
        lay = self.app.layout
        surface.blit(felt((lay.w, lay.h)), (0, 0))
        for x in (lay.stock_x, lay.discard_x) if piles else ():
            r = lay.card_rect(x, lay.pile_y).inflate(lay.px(8), lay.px(8))
            pygame.draw.rect(surface, (16, 70, 44), r, max(1, lay.px(2)), border_radius=lay.cw // 10)

    def draw_scoreboard(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        st = self.state
        size = lay.font(16)
        w = self.scoreboard_width(size)
        row = round(size * 1.55)
        rect = lay.rect(lay.margin, lay.px(8), w, row * 3 + lay.px(10))
        panel(surface, rect, colour=PANEL, border=None, radius=lay.px(10))
        x_name = rect.left + lay.px(28) if not lay.mirror else rect.right - lay.px(28)
        x_score = rect.right - lay.px(12) if not lay.mirror else rect.left + lay.px(12)
        for i, seat in enumerate((self.top, self.bottom)):
            y = rect.top + lay.px(6) + row * i + row / 2
            if st.to_act == seat:
                pygame.draw.circle(surface, GOLD, (round(lay.mx(rect.left + lay.px(14)) if not lay.mirror
                                                          else rect.right - lay.px(14)), round(y)), lay.px(5))
            text.draw(surface, self.match.name(seat), size, INK, (x_name, y), lay.anchor("midleft"),
                      max_width=w - lay.px(62))
            text.draw(surface, str(st.scores[seat]), size, GOLD, (x_score, y), lay.anchor("midright"), bold=True)
        y = rect.top + lay.px(6) + row * 2 + row / 2
        info = tr("table.hand_no", n=st.hand_no + 1) + " · " + tr("table.to_target", target=st.rules.target)
        text.draw(surface, info, lay.font(14), INK_DIM, (x_name, y), lay.anchor("midleft"), max_width=w - lay.px(36))

    def scoreboard_width(self, size: int) -> int:
        """Wide enough for both names at a readable size (long Russian names on a small window)."""
        lay = self.app.layout
        names = max(text.measure(self.match.name(seat), size)[0] for seat in (0, 1))
        return min(max(lay.px(250), names + lay.px(70)), round(lay.w * 0.4))

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        """Names by the hands, the dealer chip, the opponent's pickups and the stock count."""
        lay = self.app.layout
        st = self.state
        size = lay.font(15)
        # top seat
        t = self.top
        xs = self.top_row(max(1, len(st.hands[t])))
        left = min(xs) - lay.cw * lay.opp_scale / 2
        right = max(xs) + lay.cw * lay.opp_scale / 2
        if lay.mirror:
            left, right = right, left
        gap = lay.px(14)
        room = (left - gap - lay.margin) if not lay.mirror else (lay.w - left - gap - lay.margin)
        text.draw(surface, self.match.name(t), size, INK, (left - gap if not lay.mirror else left + gap,
                  lay.opp_y - size * 0.8), lay.anchor("midright"), bold=True, max_width=max(lay.px(60), round(room)))
        if st.dealer == t:
            chip(surface, tr("table.dealer"), (left - gap - lay.px(40) if not lay.mirror else left + gap + lay.px(40),
                 lay.opp_y + size * 0.9), lay.font(12))
        count = len(st.picks[t])
        if count:
            text.draw(surface, tr("table.took", n=count), size, GOLD,
                      (right + gap if not lay.mirror else right - gap, lay.opp_y), lay.anchor("midleft"), bold=True)
        # bottom seat
        b = self.bottom
        x = lay.mx(lay.margin + lay.px(8))
        text.draw(surface, self.match.name(b), size, INK, (x, lay.hand_y - size), lay.anchor("midleft"),
                  bold=True, max_width=lay.col_w)
        if st.dealer == b:
            half = (text.measure(tr("table.dealer"), lay.font(12), True)[0] + lay.font(12)) / 2
            chip(surface, tr("table.dealer"), (x + half if not lay.mirror else x - half,
                 lay.hand_y + size * 0.6), lay.font(12))
        own = len(st.picks[b])
        if own:
            text.draw(surface, tr("table.took", n=own), lay.font(13), INK_DIM,
                      (x, lay.hand_y + size * 2.1), lay.anchor("midleft"))
        # stock count, the deck's seal and the refused upcard
        below = lay.pile_y + lay.ch / 2 + round(lay.cw * 0.06)  # under the stack's paper edges
        if st.stock:
            text.draw(surface, tr("table.stock_count", n=len(st.stock)), lay.font(14), INK_DIM,
                      (lay.stock_x, below + lay.px(14)))
        seal = self.match.seal()
        if seal is not None:
            text.draw(surface, tr("table.seal", seal=seal.fingerprint), lay.font(12), INK_DIM,
                      (lay.stock_x, below + lay.px(32)), max_width=round(lay.cw * 2.2))
        if st.out_of_play:
            text.draw(surface, tr("table.out_of_play"), lay.font(12), INK_DIM,
                      (lay.mx(lay.stock_lx - lay.cw * 1.5),
                       lay.pile_y + lay.ch * 0.22 + lay.ch * 0.62 / 2 + lay.px(10)))

    def meld_bars(self, order: list[Card]) -> list[tuple[int, float, float]]:
        """``(meld, left, right)`` of each bar under the viewer's hand: one under each run of neighbouring
        cards of one meld, spanning only what shows of those cards, so a set spread out by a suit sort
        is marked card by card and no bar runs under a card of another meld."""
        lay = self.app.layout
        sprites = self.app.table.sprites
        ids = meld_ids(order)
        half = lay.cw / 2
        shown: list[tuple[float, float]] = []  # what shows of each card, left to right on screen
        for k, c in enumerate(order):
            s = sprites[c]
            left, right = s.x - half, s.x + half
            for j in (k - 1, k + 1):
                if 0 <= j < len(order) and sprites[order[j]].z > s.z:  # a neighbour lying on this card
                    nx = sprites[order[j]].x
                    if nx > s.x:
                        right = min(right, nx - half)
                    else:
                        left = max(left, nx + half)
            shown.append((left, right))
        bars: list[tuple[int, float, float]] = []
        for k, c in enumerate(order):
            i = ids.get(c)
            if i is None:
                continue
            left, right = shown[k]
            if bars and bars[-1][0] == i and k > 0 and ids.get(order[k - 1]) == i:
                _, l0, r0 = bars[-1]
                bars[-1] = (i, min(l0, left), max(r0, right))
            else:
                bars.append((i, left, right))
        inset = lay.px(4)
        return [(i, x0 + inset, x1 - inset) for i, x0, x1 in bars if x1 - x0 > 2 * inset]

    def deal_check(self) -> tuple[str, bool] | None:
        """After a sealed hand: the revealed secret in words, and whether it matches the seal shown before."""
        seal = self.match.seal()
        deal = self.state.revealed_deal()
        if seal is None or deal is None:
            return None
        ok = seal.check(deal)
        key = "result.seal_ok" if ok else "result.seal_bad"
        if ok and not seal.by_player:
            key = "result.seal_ok_game_cut"
        return tr(key, seal=seal.fingerprint, secret=deal.secret.hex()[:16] + "…", cut=f"{deal.cut:,}"), ok

    def draw_meld_marks(self, surface: pygame.Surface, order: list[Card]) -> None:
        """A coloured bar under each meld of the viewer's hand (see ``meld_bars``)."""
        lay = self.app.layout
        y = round(lay.hand_y + lay.ch / 2 + lay.px(7))
        for i, x0, x1 in self.meld_bars(order):
            pygame.draw.rect(surface, MELD_COLOURS[i % len(MELD_COLOURS)],
                             pygame.Rect(round(x0), y, round(x1 - x0), max(3, lay.px(5))), border_radius=lay.px(3))

    def phase_is_play(self) -> bool:
        return self.state.phase in IN_PLAY
