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
from .core import IN_PLAY, Phase
from .dealing import oklahoma_limit
from .errors import IllegalAction, IllegalReason, SaveError
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
from .fairness import (
    DeckSource,
    FairDeal,
    commitment,
    deal_order,
    dealt_hands,
    fingerprint,
    seeded_secret,
)
from .fairness_chain import MatchSeal
from .fairness_check import Verification, verify, verify_deal, verify_record
from .knock import KnockShowdown, knock_arrangement, knock_melds, layoff_spots, layoffs, showdown
from .melds import (
    Arrangement,
    DiscardChoice,
    all_arrangements,
    best_arrangement,
    best_discard,
    deadwood,
    discard_deadwoods,
    is_meld,
    meld_kind,
)
from .observation import Observation, observe
from .rules import CLASSIC, PRESETS, TARGET_CHOICES, TIMER_CHOICES, VAN, Rules, preset
from .save import MAX_SAVE_BYTES, check_save_size
from .scoring import FinalScore, HandResult
from .seeds import bot_label, derive_bytes, derive_seed, secret_label
from .state import MatchState, new_match, why_illegal

__all__ = [
    "IN_PLAY",
    "Action",
    "Arrangement",
    "BigGin",
    "CLASSIC",
    "Card",
    "DECK",
    "DeckSource",
    "Discard",
    "DiscardChoice",
    "Discarded",
    "DrawDiscard",
    "DrawStock",
    "Drew",
    "Event",
    "FairDeal",
    "FinalScore",
    "HandDealt",
    "HandEnded",
    "HandResult",
    "IllegalAction",
    "IllegalReason",
    "Knock",
    "Knocked",
    "MAX_SAVE_BYTES",
    "MatchEnded",
    "MatchSeal",
    "MatchState",
    "NextHand",
    "Observation",
    "PRESETS",
    "PassUpcard",
    "Phase",
    "RANKS",
    "Rules",
    "SUITS",
    "SaveError",
    "KnockShowdown",
    "TARGET_CHOICES",
    "TIMER_CHOICES",
    "TakeUpcard",
    "TimerMove",
    "UpcardDecision",
    "UpcardRetired",
    "VALUES",
    "VAN",
    "Verification",
    "all_arrangements",
    "best_arrangement",
    "best_discard",
    "bot_label",
    "cards_of",
    "check_save_size",
    "commitment",
    "deadwood",
    "deal_order",
    "dealt_hands",
    "derive_bytes",
    "derive_seed",
    "discard_deadwoods",
    "fingerprint",
    "format_cards",
    "is_meld",
    "knock_arrangement",
    "knock_melds",
    "layoff_spots",
    "layoffs",
    "mask_of",
    "meld_kind",
    "new_match",
    "observe",
    "oklahoma_limit",
    "parse_cards",
    "preset",
    "secret_label",
    "seeded_secret",
    "showdown",
    "verify",
    "verify_deal",
    "verify_record",
    "why_illegal",
]
