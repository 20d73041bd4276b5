"""The player's side of the provably fair deal (``docs/fairness.md``).

Before a hand the game seals its half of the shuffle: a fresh secret from the operating system,
whose commitment (SHA-256) is on screen before any card moves.  The player's cut is the other half.
The deal is a documented function of both, and after the hand the secret is shown, so anyone can
recompute the deal and see that the game could not have chosen it after seeing the cut.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field

from game.engine import FairDeal
from game.engine.fairness import CUT_MAX, SECRET_BYTES, DeckSource, commitment, fingerprint, seeded_secret, verify


@dataclass(frozen=True)
class SealedDeck:
    """A fresh secret whose seal (commitment) may be shown; the secret stays here until the hand ends."""

    secret: bytes = field(repr=False)

    @classmethod
    def fresh(cls) -> SealedDeck:
        return cls(os.urandom(SECRET_BYTES))

    @property
    def commitment(self) -> str:
        return commitment(self.secret)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def cut(self, cut: int) -> DeckSource:
        return DeckSource(self.secret, cut)


def cut_at(fraction: float) -> int:
    """The cut for a point along the deck, 0 at one end and 1 at the other."""
    return round(min(1.0, max(0.0, fraction)) * CUT_MAX)


def random_cut() -> int:
    """A cut the game chooses for the player ("cut for me"): such a hand is not player-verified."""
    return secrets.randbelow(CUT_MAX + 1)


@dataclass(frozen=True)
class Seal:
    """What the table showed before a hand: the commitment, and whether the player gave the cut."""

    commitment: str
    by_player: bool

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def check(self, deal: FairDeal | None) -> bool:
        """Whether the revealed deal is the one this seal promised (its secret, its cut, its cards)."""
        if deal is None:
            return False
        return bool(verify(self.commitment, deal.secret, deal.cut, deal.hand_no, deal.order))


def dealt_from_seed(deal: FairDeal, seed: int) -> bool:
    """Whether a hand's deal is the seeded one (tests, ``--seed``), not a sealed secret and a cut."""
    return deal.secret == seeded_secret(seed, deal.hand_no)
