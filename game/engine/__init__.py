"""The rules engine: pure Python, no pygame.  Cards, melds, rules, the match state machine, saves.

The stable surface that tests, bots and tools use is re-exported here.
"""
from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    TimerMove,
)
from .cards import DECK, RANKS, SUITS, VALUES, Card, cards_of, format_cards, mask_of, parse_cards
from .events import (
    Discarded,
    Drew,
    Event,
    HandDealt,
    HandEnded,
    Knocked,
    MatchEnded,
    UpcardDecision,
    UpcardRetired,
)
from .melds import (
    Arrangement,
    DiscardChoice,
    Showdown,
    all_arrangements,
    best_arrangement,
    best_discard,
    deadwood,
    discard_deadwoods,
    is_meld,
    layoffs,
    meld_kind,
    showdown,
)
from .observation import Observation, observe
from .rules import CLASSIC, PRESETS, TARGET_CHOICES, TIMER_CHOICES, VAN, Rules, preset
from .save import SaveError
from .scoring import FinalScore, HandResult
from .state import IllegalAction, IllegalReason, MatchState, Phase, new_match, oklahoma_limit, why_illegal

__all__ = [name for name in dir() if not name.startswith("_")]
