"""What every part of the play scene reads: the match, whose view the table shows, and the player's
pointer state (selection, keyboard cursor, hover, drag), the hint, the log and the pending hand-offs.

The model holds data and answers questions about it; it draws nothing and applies no move.
"""
from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.app.matches.match import Match
from game.engine import IN_PLAY, Action, BigGin, Card, Knock, MatchState, Phase
from game.engine.cards import mask_of
from game.engine.melds import deadwood_of_mask

if TYPE_CHECKING:
    from game.bots import Hint


def bottom_seat(match: Match, viewer: int | None) -> int:
    """The seat shown at the bottom of the table: the viewer, else whoever is to act."""
    if viewer is not None:
        return viewer
    if match.home is not None:
        return match.home
    to_act = match.state.to_act
    return to_act if to_act is not None else match.state.non_dealer


@dataclass
class Drag:
    kind: str  # card | stock | discard
    card: Card | None
    start: tuple[int, int]
    pos: tuple[int, int] = (0, 0)
    active: bool = False

    def __post_init__(self) -> None:
        self.pos = self.start


@dataclass
class PlayModel:
    match: Match
    order: list[list[Card]]  # display order per seat (shared with the other table scenes)
    sort_mode: list[str]
    viewer: int | None = None
    selected: Card | None = None
    cursor: int = 0
    keyboard: bool = False
    hover: Card | None = None
    drag: Drag | None = None
    hint_future: Future[Hint] | None = None
    hint_text: str = ""
    hint_action: Action | None = None
    log_lines: list[str] = field(default_factory=list)
    fresh: dict[Card, float] = field(default_factory=dict)  # cards just drawn, and how long they glow
    curtain_in: float | None = None  # seconds until the hot-seat curtain falls
    end_in: float | None = None  # seconds until the hand's result shows
    clock: float = 0.0

    @property
    def state(self) -> MatchState:
        return self.match.state

    @property
    def bottom(self) -> int:
        return bottom_seat(self.match, self.viewer)

    def in_play(self) -> bool:
        return self.state.phase in IN_PLAY

    def human_turn(self) -> bool:
        """The player in front of the screen may act now."""
        st = self.state
        if not self.in_play() or st.to_act is None or self.end_in is not None:
            return False
        if self.match.is_bot(st.to_act):
            return False
        return self.match.home is not None or (self.viewer == st.to_act and self.curtain_in is None)

    def my_hand(self) -> list[Card]:
        return self.order[self.bottom] if self.viewer is not None else []

    def cursor_card(self) -> Card | None:
        hand = self.my_hand()
        return hand[min(self.cursor, len(hand) - 1)] if hand else None

    def clear_hint(self) -> None:
        self.hint_text, self.hint_action, self.hint_future = "", None, None

    def move_cursor(self, step: int, swap: bool) -> None:
        """Arrow keys: the first press shows the cursor; then it moves, carrying its card along with Shift."""
        hand = self.my_hand()
        if not self.keyboard:
            self.keyboard = True
            self.cursor = min(self.cursor, len(hand) - 1)
        elif swap:
            j = (self.cursor + step) % len(hand)
            hand[self.cursor], hand[j] = hand[j], hand[self.cursor]
            self.sort_mode[self.bottom] = "custom"
            self.cursor = j
        else:
            self.cursor = (self.cursor + step) % len(hand)

    def knock_choice(self) -> tuple[Action | None, str]:
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
        assert st.to_act is not None
        hand = st.hands[st.to_act]
        mask = mask_of(hand)
        if self.selected is not None and self.selected in hand:
            left = deadwood_of_mask(mask ^ (1 << self.selected))
            ok = Knock(self.selected) in knocks
            return (Knock(self.selected) if ok else None), ("button.gin" if ok and left == 0 else "button.knock")
        best = min(knocks, key=lambda a: (deadwood_of_mask(mask ^ (1 << a.card)), -a.card.value))
        left = deadwood_of_mask(mask ^ (1 << best.card))
        return best, "button.gin" if left == 0 else "button.knock"
