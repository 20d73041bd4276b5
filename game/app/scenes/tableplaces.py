"""Where each card of a match's table belongs, seen from one seat (the viewer, at the bottom).

``targets`` turns the engine state into a place for every card.  Only the viewer's own hand and public
cards (the discard pile, cards taken from it, the refused upcard) are ever in the visible set; a
hot-seat table with no viewer shows none.  ``tablebase.TableScene`` adds the table's furniture.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from game.app.animation.table import Target
from game.app.config.vocab import SORT_CYCLE
from game.app.looks.layout import Layout
from game.app.matches.match import Match
from game.app.stage.scene import Host, Scene
from game.engine import IN_PLAY, Card, best_arrangement
from game.engine.cards import cards_of, mask_of
from game.engine.melds import Arrangement

from ..play.model import bottom_seat

SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3}  # clubs, diamonds, spades, hearts: black and red take turns
RETIRED_SCALE = 0.62  # the refused first upcard, small: it is out of play


def retired_spot(lay: Layout) -> tuple[float, float]:
    """Where the refused first upcard lies: beyond the discard pile and above it, clear of the opponent's
    widest hand, away from the log and its buttons (Moves, Scores, Discards) on the stock's side and from
    the turn's words under it, at any window size."""
    xs = lay.row_xs(11, [False] * 11, lay.w / 2, lay.opp_max_width, lay.opp_scale, 0.46)
    beyond_hand = xs[-1] + lay.cw * (lay.opp_scale + RETIRED_SCALE) / 2 + lay.px(14)
    x = max(lay.discard_lx + lay.cw * 1.5, beyond_hand)
    return lay.mx(x), lay.pile_y - lay.ch / 2 - lay.px(16) - lay.ch * RETIRED_SCALE / 2


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

class TablePlaces(Scene):
    """A scene that places a match's cards on the table."""

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
        x, y = retired_spot(lay)
        for c in st.out_of_play:
            out[c] = Target(x, y, True, RETIRED_SCALE, 5, "out", dim=True)
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
    def phase_is_play(self) -> bool:
        return self.state.phase in IN_PLAY
