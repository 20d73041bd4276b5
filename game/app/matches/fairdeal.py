"""The player's side of the provably fair deal (``docs/fairness.md``, version 3).

Before the player's seed is asked the game seals the whole match: a hash chain of per-hand secrets
from the operating system's randomness, whose commitment can be seen whole, copied and saved.  The
player's part is their seed, given once a match after the commitment is on screen (typed, or made by
"New seed"), and each hand's cut, the card where they cut the deck ("Cut for me" gives 0: the game
chooses nothing).  After each hand its secret is shown, so anyone can recompute the deal; a new seed
mid-match comes with a new seal, made before the seed is taken.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from game.engine import FairDeal, MatchState
from game.engine.fairness import SECRET_BYTES, check_player_seed, fingerprint, seeded_secret
from game.engine.fairness_chain import MatchSeal
from game.engine.fairness_check import verify_deal

CARDS = 52  # the screen offers the cut as a card of the deck: 1 .. 52


def fresh_seal(first_hand: int = 1) -> MatchSeal:
    """A new seal for the hands from ``first_hand`` (counted from 1) on, from the system's randomness."""
    return MatchSeal(os.urandom(SECRET_BYTES), first_hand=first_hand)


def new_seed() -> str:
    """A seed made on the player's side ("New seed"): 16 hex digits, too many to guess."""
    return secrets.token_hex(8)


def usable_seed(text: str) -> str:
    """The seed as the deal takes it: the text, cut short to the scheme's 256 bytes when longer."""
    if not isinstance(text, str):
        return ""
    while True:
        try:
            check_player_seed(text)
            return text
        except ValueError:
            text = text[:-1]


def cut_at(fraction: float) -> int:
    """The cut for a point along the deck, 0 at one end and 1 at the other: the card there, 1 .. 52."""
    return round(min(1.0, max(0.0, fraction)) * (CARDS - 1)) + 1


def start_marker() -> float:
    """Where the cut marker starts: a card at random, so that pressing Enter at once is no constant cut."""
    return secrets.randbelow(CARDS) / (CARDS - 1)


def grouped(hex_text: str, group: int = 4) -> str:
    """Hex digits in groups (``630d cd29 ...``) for a person to compare."""
    return " ".join(hex_text[i : i + group] for i in range(0, len(hex_text), group))


@dataclass(frozen=True)
class Seal:
    """What the table showed before a hand: the commitment, and whether a player gave the cut."""

    commitment: str
    by_player: bool

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def check(self, deal: FairDeal | None) -> bool:
        """Whether the revealed deal is the one this seal promised (its secret, the player's part, its
        cards), whatever version dealt it."""
        if deal is None:
            return False
        return bool(verify_deal(self.commitment, deal))


def dealt_from_seed(deal: FairDeal, seed: int) -> bool:
    """Whether a hand's deal is the seeded one (tests, ``--seed``), not a sealed secret and a cut."""
    return deal.secret == seeded_secret(seed, deal.hand_no)


def resumed_seal(saved: object, state: MatchState) -> tuple[MatchSeal | None, bool]:
    """The match's seal a save held, to deal on from when the match is continued, and whether it was
    damaged: unreadable, without the player's seed, or not the seal of the saved hand's deal.  A damaged
    seal (or none, in an older save) is dropped: the next hand is sealed anew and the seed asked again."""
    if saved is None:
        return None, False
    try:
        seal = MatchSeal.from_dict(saved)
    except (ValueError, TypeError):
        return None, True
    deal = state.deal
    if seal.player_seed is None or deal is None or deal.link is None:
        return None, state.deal_notice is None  # a dropped deal already has its notice
    if seal.commitment != deal.commitment or seal.player_seed != deal.player_seed \
            or seal.next_hand != state.hand_no + 2:
        return None, True
    return seal, False
